"""The pick in a seat's private panel, and the board's buttons opening the panel on a pick.

A pick is shown as its suggested complete selections (buttons, best first), its items in
select menus, and a confirm button. A presentation that splits a pick into parts
(`Presentation.pick_parts`, e.g. the yard slots one can buy from) shows a button per part
first; a part then shows only its items and suggestions, with a button back to the parts.
Its `pick_bundles` (items chosen together as one option of one more menu) are offered beside
the single items, and its `pick_openers` are the board's buttons opening the acting seat's
panel on a pick (decided from the public view only).
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from typing import Any

import discord

from i18n import t
from interface import custom_ids as ids
from interface.components import MoveButton, OpenPickButton, PickConfirm, PickSelect
from render.pick_parts import PickParts
from render.presentation import Bundles, Presentation
from rules.contract import Pick

MAX_SELECTS = 4
MAX_OPTIONS = 25
MAX_SUGGESTIONS = 10
WIDTH = 25  # 5 rows of 5 buttons; a select menu fills a row

Who = tuple[int, int, int]  # (game id, seat, since)


def room_left(view: discord.ui.View) -> int:
    """How many more buttons fit (menus were added before buttons, each filling a row)."""
    return WIDTH - sum(item.width for item in view.children)


def item_menus(ui: Presentation, items: Sequence[int]) -> list[list[int]]:
    """Split items into select menus of at most 25 options, keeping the UI's groups (e.g. a
    currency) together where they fit."""
    groups: dict[str, list[int]] = {}
    for item in items:
        groups.setdefault(ui.item_group(item), []).append(item)
    menus: list[list[int]] = []
    for grouped in groups.values():
        for start in range(0, len(grouped), MAX_OPTIONS):
            chunk = grouped[start : start + MAX_OPTIONS]
            if menus and len(menus[-1]) + len(chunk) <= MAX_OPTIONS:
                menus[-1].extend(chunk)
            else:
                menus.append(list(chunk))
    return menus


def distinct_suggestions(
    ui: Presentation,
    pick: Pick,
    suggestions: Sequence[Sequence[int]],
    own: dict[str, Any],
    names: list[str],
    locale: str | None,
) -> list[tuple[str, str]]:
    """The suggested selections as (action, label), best first, each label once: two payments
    told apart only by which copy of an equal card they use are one choice."""
    found: dict[str, str] = {}
    for items_of in suggestions:
        action = pick.action(tuple(items_of))
        found.setdefault(ui.move_label(action, own, names, locale)[:80], action)
    return [(action, label) for label, action in found.items()]


def item_options(
    ui: Presentation, items: Sequence[int], chosen: set[int], locale: str | None
) -> list[discord.SelectOption]:
    """A menu's options for its items, equal items (the same label) as one choice: `blue 3`,
    then `2 × blue 3`, ... as many as there are copies; an option's value holds that many of
    the copies (ids joined by dots), so choosing it takes any of them. The option of the number
    of copies chosen is marked chosen, holding exactly the chosen copies."""
    alike: dict[str, list[int]] = {}
    for item in items:
        alike.setdefault(ui.item_label(item, locale), []).append(item)
    options = []
    for label, copies in alike.items():
        taken = [i for i in copies if i in chosen]
        for count in range(1, len(copies) + 1):
            held = taken if count == len(taken) else copies[:count]
            words = label if count == 1 else t("hand.copies", locale, count=count, label=label)
            options.append(
                discord.SelectOption(
                    label=words[:100],
                    value=".".join(map(str, held)),
                    default=count == len(taken),
                )
            )
    return options


def add_pick(
    view: discord.ui.View,
    lines: list[str],
    ui: Presentation,
    who: Who,
    pick: Pick,
    own: dict[str, Any],
    names: list[str],
    locale: str | None,
    selected: Iterable[int] = (),
    opened_part: int | None = None,
) -> None:
    """Add `pick` to a panel's `view` and `lines`. `opened_part` is the part of the opened pick
    when the panel shows this pick only (0: its opening, N: its part N); None in the whole
    panel."""
    parts = ui.pick_parts(pick, own, locale)
    items, suggestions, back = pick.items, pick.suggestions, False
    if parts is None:
        prompt = ui.pick_prompt(pick.kind, locale)
    elif (part := parts.part(opened_part)) is None:
        add_part_buttons(view, lines, who, pick.kind, parts)
        return
    else:
        items, suggestions, prompt = part.items, part.suggestions, part.prompt
        opened_part = None if opened_part is None else part.number
        back = opened_part is not None and len(parts.parts) > 1
    game, seat, since = who
    chosen = sorted(i for i in set(selected) if i in items)
    lines.append(prompt)
    lines.append(ui.view_pick_summary(pick.kind, chosen, own, locale))
    bundles = ui.pick_bundles(pick.kind, items, locale)
    rows = min(MAX_SELECTS, max(0, (room_left(view) - 1 - back) // 5))  # rows for menus
    menus = item_menus(ui, items)[:rows]
    if len(menus) >= rows:  # the single items come first; bundles only in a row left over
        bundles = None
    room = room_left(view) - 5 * (len(menus) + bool(bundles)) - 1 - back
    for action, label in distinct_suggestions(ui, pick, suggestions, own, names, locale)[
        : max(0, min(room, MAX_SUGGESTIONS))
    ]:
        view.add_item(MoveButton(game, seat, since, action, label, ui.move_style(action)))
    for index, menu in enumerate(menus):
        options = item_options(ui, menu, set(chosen), locale)
        select: discord.ui.Select[Any] = discord.ui.Select(
            custom_id=ids.pick_id(game, seat, since, pick.kind, index, opened_part),
            placeholder=t("hand.pick_placeholder", locale, first=options[0].label)[:150],
            min_values=0,
            max_values=len(options),
            options=options,
        )
        view.add_item(PickSelect(game, seat, since, pick.kind, index, select, opened_part))
    if bundles:
        add_bundles(view, who, pick.kind, bundles, set(chosen), len(menus), opened_part)
    label = ui.pick_confirm_label(pick.kind, locale)
    view.add_item(PickConfirm(game, seat, since, pick.kind, label))
    if back:
        label = t("hand.back", locale)
        view.add_item(OpenPickButton(game, seat, since, pick.kind, 0, True, label, "secondary"))


def add_bundles(
    view: discord.ui.View,
    who: Who,
    kind: str,
    bundles: Bundles,
    chosen: set[int],
    index: int,
    opened_part: int | None,
) -> None:
    """One more menu whose options each choose several items (values: ids joined by dots);
    an option is marked chosen when all its items are."""
    game, seat, since = who
    placeholder, offered = bundles
    options = [
        discord.SelectOption(
            label=label[:100], value=".".join(map(str, items)), default=set(items) <= chosen
        )
        for label, items in offered[:MAX_OPTIONS]
    ]
    select: discord.ui.Select[Any] = discord.ui.Select(
        custom_id=ids.pick_id(game, seat, since, kind, index, opened_part),
        placeholder=placeholder[:150],
        min_values=0,
        max_values=len(options),
        options=options,
    )
    view.add_item(PickSelect(game, seat, since, kind, index, select, opened_part))


def add_part_buttons(
    view: discord.ui.View, lines: list[str], who: Who, kind: str, parts: PickParts
) -> None:
    """The opening of a pick in parts: a button per part, shown in place of the panel."""
    game, seat, since = who
    lines.append(parts.prompt)
    for part in parts.parts[: max(0, room_left(view))]:
        view.add_item(
            OpenPickButton(game, seat, since, kind, part.number, True, part.label[:80], "success")
        )


def add_pick_openers(
    view: discord.ui.View, ui: Presentation, who: Who, public: dict[str, Any], locale: str | None
) -> None:
    """The board's buttons opening the acting seat's panel (ephemeral) on one of its picks, as
    its presentation offers them from the public view; room is kept for one more button (My
    hand)."""
    game, seat, since = who
    for kind, label in ui.pick_openers(public, locale):
        if room_left(view) > 1:
            style = ui.move_style(kind)
            view.add_item(OpenPickButton(game, seat, since, kind, 0, False, label[:80], style))
