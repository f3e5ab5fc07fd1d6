"""What must never appear in a text a player reads: internal ids, seat indices, action
syntax and abbreviations (issue 15). `internals_in(text)` names each one found."""

from __future__ import annotations

import re

from i18n import catalog


def _table_words() -> str:
    """The word each catalog puts before a table's number (`table #12`, `tavolo #12`)."""
    words = {"table"}
    for locale in ("en", "it", "nl"):
        template = catalog(locale).get("board.title")
        found = re.search(r"(\w+) #\{number\}", template) if isinstance(template, str) else None
        if found:
            words.add(found.group(1).lower())
    return "".join(f"(?<!{re.escape(word)} )" for word in sorted(words))


PATTERNS: dict[str, re.Pattern[str]] = {
    # A table's number ("table #12", in any of our languages) is its public name, as on game
    # sites, and how a finished game is found again; a number after # elsewhere is an id.
    "card or tile id": re.compile(
        _table_words() + r"(?<!<)#\d+|\((?:card|tile|id) \d+\)", re.IGNORECASE
    ),
    "seat index": re.compile(r"\bseat\s*\d+\b|\bs\d+\b|\bp\d\b", re.IGNORECASE),
    "action syntax": re.compile(
        r"`?/move [a-z]+ [\w ]*\d|\b(?:take|buy|place|bid|pay) \d+ [a-z]\d"
    ),
    "abbreviated count": re.compile(r"\(\d+[wfhm]\)|\b[hwm] \d+ [hwm] \d+"),
    "abbreviated word": re.compile(r"\b\d+ ?(?:pts?|bldgs?)\b|\b(?:pts|bldgs?)\b", re.IGNORECASE),
    "custom id": re.compile(r"\btv:[a-z]+:"),
    "placeholder": re.compile(r"\{[a-z_]+\}"),
}


def internals_in(text: str) -> list[str]:
    """The internals found in `text`, as `kind: match` strings (empty: the text is clean)."""
    return [
        f"{kind}: {match.group(0)}"
        for kind, pattern in PATTERNS.items()
        for match in pattern.finditer(text)
    ]
