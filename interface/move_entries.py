"""The `/move` suggestions of a seat: only the truth.

Every entry is a legal, complete move (a rules `choices` move, a pick's suggested selection, or
a selection of a pick's items the rules accept), each listed once (moves a player cannot tell
apart, such as taking one or the other of two equal cards, are one entry: the first stands for
all), the most useful first (the rules' moves in their order, then the picks' suggestions best
first). Text typed narrows the entries; naming a pick's items by their labels (as a chosen
entry reads, e.g. "blue 3 + blue 5") builds a selection of them, offered with each item that
can be added, so every legal move can be reached by typing.

Discord holds at most 25 entries and values of at most 100 characters: a longer action is
sent as a short token (`@<version>:m<index>` for the seat's n-th move, `@<version>:p<pick>.
<items>` for a pick's selection) that `resolve` turns back into the action while the game is
still at that version; later it is refused as out of date.
"""

from __future__ import annotations

import re
from collections import Counter
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from itertools import combinations
from typing import Any

from games import presentation, rules_of
from render.presentation import Presentation
from rules.contract import Choices, Game, Pick, State
from rules.errors import RuleError

MAX_ENTRIES = 25
MAX_VALUE = 100
MAX_TRIED = 80  # selections of a pick tried against the rules for one answer
_TOKEN = re.compile(r"@(\d+):(?:m(\d+)|p(\d+)\.([0-9a-z]+))")


@dataclass(frozen=True)
class Entry:
    """One suggestion: what the player reads, and the action it plays."""

    label: str
    action: str


class StaleEntry(Exception):
    """A token made at another version of the game (or naming nothing there)."""


def _legal(game: Game, state: State, seat: int, action: str) -> bool:
    try:
        game.apply(state, seat, action)
    except RuleError:
        return False
    return True


def typed_items(pick: Pick, label_of: Callable[[int], str], typed: str) -> list[int]:
    """The pick's items named in `typed` by their labels, as many copies of an equal label as
    it is named (the longest labels are matched first, so `€40 (serial 1)` is not `€4`)."""
    text = typed.lower()
    chosen: list[int] = []
    by_label: dict[str, list[int]] = {}
    for item in pick.items:
        by_label.setdefault(label_of(item).lower(), []).append(item)
    for label in sorted(by_label, key=len, reverse=True):
        pattern = re.compile(r"(?<![\w])" + re.escape(label) + r"(?![\w])")
        count = len(pattern.findall(text))
        if count:
            chosen += by_label[label][:count]
            text = pattern.sub(" ", text)
    return chosen


def entries(
    game: Game,
    ui: Presentation,
    state: State,
    seat: int,
    names: list[str],
    typed: str,
    locale: str | None,
) -> list[Entry]:
    """The seat's suggestions for what was typed (every one when nothing is), at most 25."""
    own = game.view(state, seat)
    choices = game.choices(state, seat)
    needle = typed.strip().lower()

    def entry(action: str) -> Entry:
        return Entry(ui.move_label(action, own, names, locale) or action, action)

    def matching(entry: Entry) -> bool:
        return needle in entry.label.lower() or needle == entry.action.lower()

    moves = [e for e in map(entry, choices.moves) if matching(e)]
    suggested: list[Entry] = []
    built: list[Entry] = []
    named_any = False
    for pick in choices.picks:
        chosen = typed_items(pick, lambda i: ui.item_label(i, locale), typed)
        named = Counter(ui.item_label(i, locale) for i in chosen)
        named_any = named_any or bool(chosen)
        for items in pick.suggestions:  # complete legal selections, best first
            if not named - Counter(ui.item_label(i, locale) for i in items):
                suggested.append(entry(pick.action(items)))
        built += [
            Entry(label, action)
            for label, action in _built(
                game, ui, state, seat, pick, chosen, own, names, locale
            ).items()
        ]
    if named_any:  # cards named: the selection typed, what holds it, then the moves that match
        ordered = built[:1] + suggested + moves + built[1:]
    else:
        ordered = moves + [e for e in suggested + built if matching(e)]
    return _once(ordered)[:MAX_ENTRIES]


def _once(found: list[Entry]) -> list[Entry]:
    """The entries without those whose label was listed before (the first stands for all)."""
    seen: set[str] = set()
    kept = []
    for item in found:
        if item.label not in seen:
            seen.add(item.label)
            kept.append(item)
    return kept


def _built(
    game: Game,
    ui: Presentation,
    state: State,
    seat: int,
    pick: Pick,
    chosen: list[int],
    own: dict[str, Any],
    names: list[str],
    locale: str | None,
) -> dict[str, str]:
    """The typed selection itself (when something was named), then it with one more item (or
    as many as the pick's minimum needs; equal items once), each if the rules accept it, by
    label."""
    out: dict[str, str] = {}
    tries = [chosen] if chosen else []
    rest = [item for item in pick.items if item not in chosen]
    more = min(max(1, pick.min - len(chosen)), pick.max - len(chosen))  # up to the minimum
    seen: set[tuple[str, ...]] = set()
    for added in combinations(rest, max(0, more)) if more > 0 else ():
        alike = tuple(sorted(ui.item_label(i, locale) for i in added))
        if alike not in seen:  # equal items make the same selection: once
            seen.add(alike)
            tries.append([*chosen, *added])
        if len(tries) >= MAX_TRIED:
            break
    for items in tries:
        if not pick.min <= len(items) <= pick.max:
            continue
        action = pick.action(sorted(items))
        if _legal(game, state, seat, action):
            out.setdefault(ui.move_label(action, own, names, locale) or action, action)
    return out


def value_of(action: str, version: int, choices: Choices) -> str:
    """What an entry sends: the action, or a short token when it is longer than Discord
    allows."""
    if len(action) <= MAX_VALUE:
        return action
    if action in choices.moves:
        return f"@{version}:m{choices.moves.index(action)}"
    kind, _, rest = action.partition(" ")
    for index, pick in enumerate(choices.picks):
        if pick.kind == kind:
            items = {int(p) for p in rest.rsplit(" ", 1)[-1].split(",")}
            mask = sum(1 << pos for pos, item in enumerate(pick.items) if item in items)
            return f"@{version}:p{index}.{_base36(mask)}"
    raise ValueError(f"{action[:40]}… is not one of the choices")


def resolve(value: str, version: int, choices: Choices) -> str:
    """The action a submitted value plays: a token turned back into its action (StaleEntry if
    it was made at another version or names nothing now); any other text as it is."""
    match = _TOKEN.fullmatch(value.strip())
    if match is None:
        return value
    made, move, pick, mask = match.groups()
    if int(made) != version:
        raise StaleEntry
    if move is not None:
        if int(move) >= len(choices.moves):
            raise StaleEntry
        return choices.moves[int(move)]
    if int(pick) >= len(choices.picks):
        raise StaleEntry
    chosen = choices.picks[int(pick)]
    bits = int(mask, 36)
    return chosen.action([item for pos, item in enumerate(chosen.items) if bits >> pos & 1])


def _base36(number: int) -> str:
    digits = "0123456789abcdefghijklmnopqrstuvwxyz"
    out = ""
    while True:
        number, rest = divmod(number, 36)
        out = digits[rest] + out
        if not number:
            return out


def suggestions(record: Any, seat: int, typed: str, locale: str | None) -> list[tuple[str, str]]:
    """(label, value) of a seated member's `/move` suggestions in a running game's record:
    labels cut to Discord's 100 characters, values within them (`value_of`)."""
    game, ui = rules_of(record.game), presentation(record.game)
    state = record.state
    found = entries(game, ui, state, seat, record.names(), typed, locale)
    choices = game.choices(state, seat)
    return [(e.label[:MAX_VALUE], value_of(e.action, record.version, choices)) for e in found]


def chosen_action(record: Any, seat: int, text: str, locale: str | None) -> str:
    """The action a submitted `/move` plays: a token resolved (StaleEntry when out of date),
    an entry's label turned into its action, or the text as typed."""
    game = rules_of(record.game)
    text = text.strip()
    action = resolve(text, record.version, game.choices(record.state, seat))
    if action != text:
        return action
    for label, value in suggestions(record, seat, text, locale):
        if text in (label, value):
            return resolve(value, record.version, game.choices(record.state, seat))
    return text


__all__: Sequence[str] = ("Entry", "StaleEntry", "chosen_action", "entries", "resolve")
