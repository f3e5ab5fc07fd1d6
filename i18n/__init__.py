"""The one translation function for player-facing text: `t(key, locale, **params)`.

Catalogs are JSON files mapping a key to a `str.format` template: `i18n/locales/<locale>.json`
(the shared texts) merged with every `i18n/locales/<locale>/*.json` (one file per game, so a game's
texts live beside each other) and with the `<locale>.json` of every folder added at run time by
`add_catalog` (e.g. a game registered by a test brings its own texts). A key defined twice is
an error.
A key missing from a locale falls back to English; a key missing from English is a bug, and the
key itself is returned so the gap is visible (a test checks every key used in code exists).

A template is a string, or for words that change with a number an object of CLDR plural forms
(`{"one": "{count} card", "other": "{count} cards"}`; Italian and Dutch use the same two), chosen
by the `count` parameter with the locale's plural rule (Babel); "other" when `count` is not given
or the form is missing.
"""

from __future__ import annotations

import json
from functools import cache
from pathlib import Path

from babel import Locale
from babel.numbers import format_decimal

LOCALES_DIR = Path(__file__).parent / "locales"
DEFAULT_LOCALE = "en"

Template = str | dict[str, str]  # a plain template, or its plural forms by CLDR category

_added: list[Path] = []  # folders of `<locale>.json` files added by `add_catalog`


def add_catalog(folder: Path) -> None:
    """Merge the `<locale>.json` files of `folder` into the catalogs; ValueError (and nothing
    added) if one of its keys is already defined, or the folder was added already."""
    folder = Path(folder).resolve()
    if folder in _added:
        raise ValueError(f"{folder}: catalog already added")
    _added.append(folder)
    catalog.cache_clear()
    _said.clear()
    try:
        for path in sorted(folder.glob("*.json")):
            catalog(path.stem)
    except ValueError:
        remove_catalog(folder)
        raise


def remove_catalog(folder: Path) -> None:
    """Forget a folder added by `add_catalog`; ValueError if it was not added."""
    _added.remove(Path(folder).resolve())
    catalog.cache_clear()
    _said.clear()


@cache
def catalog(locale: str) -> dict[str, Template]:
    """The messages of one locale ({} when there is no such catalog)."""
    paths = [
        LOCALES_DIR / f"{locale}.json",
        *sorted((LOCALES_DIR / locale).glob("*.json")),
        *(folder / f"{locale}.json" for folder in _added),
    ]
    merged: dict[str, Template] = {}
    for path in paths:
        if not path.is_file():
            continue
        messages = json.loads(path.read_text(encoding="utf-8"))
        twice = sorted(set(messages) & set(merged))
        if twice:
            raise ValueError(f"{path}: keys already defined in another catalog: {twice}")
        merged.update(messages)
    return merged


def base_locale(locale: str | None) -> str:
    """Map a Discord locale such as `en-US` or `it` to a catalog name we have."""
    if not locale:
        return DEFAULT_LOCALE
    for name in (locale, locale.split("-")[0]):
        if catalog(name):
            return name
    return DEFAULT_LOCALE


@cache
def _plural_rule(locale: str) -> Locale:
    return Locale.parse(locale)


def plural_form(locale: str, count: object) -> str:
    """The CLDR plural category (`one`, `other`, …) of `count` in `locale`; `other` for
    anything that is not a number."""
    if isinstance(count, bool) or not isinstance(count, int | float):
        return "other"
    return str(_plural_rule(locale).plural_form(abs(count)))


def chosen(template: Template, locale: str, params: dict[str, object]) -> str:
    """The template itself, or its plural form for the `count` parameter."""
    if isinstance(template, str):
        return template
    return template.get(plural_form(locale, params.get("count"))) or template["other"]


NOT_QUANTITIES = frozenset({"number"})  # numbers that name something (table #1234), not amounts


def number_words(name: str, value: object, locale: str) -> object:
    """A whole number of 1,000 or more, or a fractional one, as the locale writes it
    (`1,250` / `1.250`, `25.3` / `25,3`); anything else (and a parameter in NOT_QUANTITIES)
    as it is."""
    if isinstance(value, bool) or name in NOT_QUANTITIES:
        return value
    if isinstance(value, float):
        return format_decimal(value, format="#,##0.##", locale=locale)
    if not isinstance(value, int):
        return value
    return format_decimal(value, locale=locale) if abs(value) >= 1000 else value


def forms(template: Template) -> list[str]:
    """Every text a template can give: itself, or each of its plural forms."""
    return [template] if isinstance(template, str) else list(template.values())


def all_texts(locale: str) -> set[str]:
    """Every template text of a locale's catalog (each plural form on its own)."""
    return {text for template in catalog(locale).values() for text in forms(template)}


SAID_LIMIT = 20_000  # texts remembered by `t` (all forgotten at once beyond it)
_PLAIN = frozenset({str, int, float, bool, type(None)})
_said: dict[tuple[object, ...], str] = {}
_said_by: list[object] = [None]  # the `catalog` function the remembered texts came from


def t(key: str, locale: str | None = None, /, **params: object) -> str:
    """Translate `key` into `locale`, filling `{name}` fields from `params` (a plural template:
    the form for `params["count"]`; whole numbers of 1,000 or more grouped as the locale
    writes them). A text asked again with the same plain parameters (str, int, float, bool,
    None: each named with its type, as `1` and `1.0` read differently) is remembered, not
    formatted again."""
    if _said_by[0] is not catalog:  # the catalogs were replaced (a test records their use)
        _said.clear()
        _said_by[0] = catalog
    types = tuple(map(type, params.values()))
    if not _PLAIN.issuperset(types):
        return _translate(key, locale, params)
    memo = (key, locale, tuple(params.items()), types)
    text = _said.get(memo)
    if text is None:
        if len(_said) >= SAID_LIMIT:
            _said.clear()
        text = _said[memo] = _translate(key, locale, params)
    return text


def _translate(key: str, locale: str | None, params: dict[str, object]) -> str:
    name = base_locale(locale)
    found = catalog(name).get(key)
    if not found:
        name, found = DEFAULT_LOCALE, catalog(DEFAULT_LOCALE).get(key)
    template = chosen(found, name, params) if found else key
    try:
        return template.format(**{k: number_words(k, v, name) for k, v in params.items()})
    except (KeyError, IndexError, ValueError):
        return template


class TranslatedError(Exception):
    """An error whose reason is a translation key and its parameters, shown to a player. A
    parameter named `<name>_key` holds a key whose words fill `{<name>}` (e.g. a currency
    named in the reader's language)."""

    def __init__(self, key: str, **params: object) -> None:
        super().__init__(key)
        self.key = key
        self.params = params

    def message(self, locale: str | None = None) -> str:
        """The reason, in words fit to show the player."""
        words = {
            name.removesuffix("_key"): t(str(value), locale) if name.endswith("_key") else value
            for name, value in self.params.items()
        }
        return t(self.key, locale, **words)

    def __str__(self) -> str:
        return self.message()
