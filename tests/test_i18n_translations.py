"""The Italian and Dutch catalogs mirror the English one: the same keys in the same files, the
same placeholders, plural forms where English has them, the same Markdown, mentions, emoji and
game-option syntax; command words within Discord's limits."""

from __future__ import annotations

import json
import re
import string

import pytest

from i18n import LOCALES_DIR, forms

TRANSLATIONS = ("it", "nl")
NAME = re.compile(r"^[-_\w]{1,32}$")  # Discord's command and option names (lower-case)
OPTION_SYNTAX = re.compile(r"\b[a-z_]+=[a-z0-9_]+\b")  # game options, e.g. hands=1, as typed
EMOJI = re.compile(r"[\U0001F300-\U0001FAFF\u2600-\u27BF\u23F0-\u23FF]")


def files(locale: str) -> dict[str, dict[str, object]]:
    """A locale's catalog files by name (`shared` for `<locale>.json`)."""
    found = {"shared": LOCALES_DIR / f"{locale}.json"}
    found |= {p.stem: p for p in sorted((LOCALES_DIR / locale).glob("*.json"))}
    return {
        name: json.loads(path.read_text(encoding="utf-8"))
        for name, path in found.items()
        if path.is_file()
    }


ENGLISH = files("en")


def fields(text: str) -> set[str]:
    return {f for _, f, _, _ in string.Formatter().parse(text) if f is not None}


def shape(text: str) -> dict[str, object]:
    """What a translation must keep of a text: Markdown bold and code marks, mentions and
    timestamps, emoji, and game options as typed."""
    return {
        "bold": text.count("**"),
        "code": len(re.findall(r"`[^`]*`", text)),
        "mentions": sorted(re.findall(r"<[@#t][^>]*>", text)),
        "emoji": sorted(EMOJI.findall(text)),
        "options": sorted(OPTION_SYNTAX.findall(text)),
    }


@pytest.mark.parametrize("locale", TRANSLATIONS)
def test_every_english_file_and_key_is_translated_and_nothing_else(locale: str) -> None:
    translated = files(locale)
    assert set(translated) == set(ENGLISH), "one file per English file"
    for name, english in ENGLISH.items():
        missing = sorted(set(english) - set(translated[name]))
        extra = sorted(set(translated[name]) - set(english))
        assert not missing and not extra, (name, missing[:20], extra[:20])


@pytest.mark.parametrize("locale", TRANSLATIONS)
def test_translations_keep_placeholders_plurals_markdown_and_mentions(locale: str) -> None:
    problems = []
    for name, english in ENGLISH.items():
        for key, source in english.items():
            target = files(locale)[name].get(key)
            if target is None:
                continue
            if isinstance(source, dict) != isinstance(target, dict):
                problems.append((key, "plural forms where English has them, and only there"))
                continue
            if isinstance(target, dict) and "other" not in target:
                problems.append((key, "a plural template needs its other form"))
            wanted = {f for text in forms(source) for f in fields(text)}  # type: ignore[arg-type]
            for text in forms(target):  # type: ignore[arg-type]
                if not text.strip():
                    problems.append((key, "empty"))
                if fields(text) - wanted or (
                    not isinstance(target, dict) and fields(text) != wanted
                ):
                    problems.append(
                        (key, f"placeholders {sorted(fields(text))} ≠ {sorted(wanted)}")
                    )
                english_shape = shape(forms(source)[-1])  # type: ignore[arg-type]
                if shape(text) != english_shape and not key.startswith("command."):
                    problems.append((key, f"{shape(text)} ≠ {english_shape}"))
    assert not problems, problems[:30]


@pytest.mark.parametrize("locale", TRANSLATIONS)
def test_command_words_keep_within_discords_limits(locale: str) -> None:
    commands = files(locale).get("commands", {})
    names_by_level: dict[str, set[str]] = {}
    for key, text in commands.items():
        assert isinstance(text, str), key
        if key.endswith(".name"):
            assert NAME.match(text) and text == text.lower(), (key, text)
            level = key.rsplit(".", 2)[0]  # siblings must differ
            assert text not in names_by_level.setdefault(level, set()), (key, text)
            names_by_level[level].add(text)
        else:
            assert 1 <= len(text) <= 100, (key, len(text))
