"""Every translation key named in the code has an English template, and templates are sound."""

from __future__ import annotations

import re
import string
from pathlib import Path

from i18n import catalog, forms, plural_form, t

ROOT = Path(__file__).resolve().parent.parent
SOURCES = ("bot.py", "games.py", "cogs", "interface", "rules", "service", "render", "db")
KEY_CALL = re.compile(
    r"""\b(?:t|TableError|RuleError|IllegalAction|MalformedAction|NotYourTurn|GameOver)\(\s*(f?)"([a-z_][a-z0-9_.{}\[\]'"]*)\""""
)


def keys_in_code() -> set[tuple[bool, str]]:
    found: set[tuple[bool, str]] = set()
    for name in SOURCES:
        path = ROOT / name
        files = [path] if path.is_file() else sorted(path.rglob("*.py"))
        for file in files:
            for fmt, key in KEY_CALL.findall(file.read_text(encoding="utf-8")):
                if "." in key:
                    found.add((bool(fmt), key))
    return found


def test_every_key_used_in_code_has_an_english_template() -> None:
    english = catalog("en")
    missing = []
    for is_fstring, key in sorted(keys_in_code()):
        if is_fstring:
            pattern = re.compile(re.sub(r"\\\{[^}]*\\\}", "[a-z0-9_]+", re.escape(key)) + "$")
            if not any(pattern.match(k) for k in english):
                missing.append(key)
        elif key not in english:
            missing.append(key)
    assert not missing, f"keys without an English template: {missing}"


def test_templates_only_use_named_fields() -> None:
    bad = []
    for key, template in catalog("en").items():
        for text in forms(template):
            for _, field, _, _ in string.Formatter().parse(text):
                if field is not None and (field == "" or field.isdigit()):
                    bad.append(key)
    assert not bad, f"templates with positional fields: {bad}"


def test_unknown_locale_falls_back_to_english() -> None:
    assert t("error.not_your_turn", "xx-YY") == t("error.not_your_turn", "en")
    assert t("error.lobby_full", "fr", max=5) == "The game is full (5 players)."
    assert t("error.lobby_full", "it", max=5) != t("error.lobby_full", "en", max=5)


def test_missing_key_shows_the_key_itself() -> None:
    assert t("no.such.key") == "no.such.key"


def test_a_plural_template_takes_the_form_its_count_needs_in_each_language() -> None:
    assert t("board.length_days", "en", count=1) == "1 day"
    assert t("board.length_days", "en", count=3) == "3 days"
    assert t("board.length_days", "en", count=0) == "0 days"
    assert [plural_form(locale, 1) for locale in ("en", "it", "nl")] == ["one"] * 3
    assert [plural_form(locale, 2) for locale in ("en", "it", "nl")] == ["other"] * 3
    assert plural_form("en", "1") == "other", "only numbers choose a form"


def test_every_plural_template_has_the_other_form_and_only_cldr_categories() -> None:
    categories = {"zero", "one", "two", "few", "many", "other"}
    for key, template in catalog("en").items():
        if isinstance(template, dict):
            assert "other" in template and set(template) <= categories, key


def test_large_amounts_are_grouped_as_each_language_writes_them() -> None:
    from i18n import number_words

    assert number_words("points", 1250, "en") == "1,250"
    assert number_words("points", 1250, "it") == "1.250"
    assert number_words("points", 1250, "nl") == "1.250"
    assert number_words("points", 950, "it") == 950
    assert number_words("number", 1250, "it") == 1250, "a table's number is a name"
    assert number_words("rating", 25.3, "en") == "25.3"
    assert number_words("rating", 25.3, "it") == "25,3"
    assert number_words("rating", 25.0, "nl") == "25"
    assert t("result.points", "en", points=1250, count=1250) == "1,250 points"
