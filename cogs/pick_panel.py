"""The pick in a seat's private panel, and the board's buttons opening the panel on a pick.

A pick is shown as its suggested complete selections (buttons, best first), its items in
select menus, and a confirm button. A UI that splits a pick into parts (`cogs.ui.parts`, e.g.
the yard slots one can buy from) shows a button per part first; a part then shows only its
items and suggestions, with a button back to the parts.

A `GameUI` may offer (both optional):
- `step_buttons(view, locale) -> [(kind, label)]`: board buttons opening the acting seat's
  panel on its pick of that kind, decided from the public `view` only (a board is public:
  whether the seat's cards can pay must not show; if they cannot, the panel says so);
- `pick_bundles(kind, items, locale) -> (placeholder, [(label, items)]) | None`: items chosen
  together as one option of one more menu (e.g. Palazzo's groups of 15), beside the single
  items; choosing a bundle chooses its items, dropping one of them drops the bundle.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from typing import Any

import discord

from cogs import ids
from cogs.items import MoveButton, PickConfirm, PickSelect, StepButton
from cogs.ui import pick_summary
from cogs.ui.parts import PickParts
from i18n import t
from rules.contract import Pick

MAX_SELECTS = 4
MAX_OPTIONS = 25
MAX_SUGGESTIONS = 10
WIDTH = 25  # 5 rows of 5 buttons; a select menu fills a row

Who = tuple[int, int, int]  # (game id, seat, since)


def room_left(view: discord.ui.View) -> int:
    """How many more buttons fit (menus were added before buttons, each filling a row)."""
    return WIDTH - sum(item.width for item in view.children)


def item_menus(ui: Any, items: Sequence[int]) -> list[list[int]]:
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


def add_pick(
    view: discord.ui.View,
    lines: list[str],
    ui: Any,
    who: Who,
    pick: Pick,
    own: dict,
    names: list[str],
    locale: str | None,
    selected: Iterable[int] = (),
    step: int | None = None,
) -> None:
    """Add `pick` to a panel's `view` and `lines`. `step` is the panel's step when it shows
    this pick only (0: its first step, N: its part N); None in the whole panel."""
    parts_of = getattr(ui, "pick_parts", None)
    parts = parts_of(pick, own, locale) if parts_of is not None else None
    items, suggestions, back = pick.items, pick.suggestions, False
    if parts is None:
        prompt = ui.pick_prompt(pick.kind, locale)
    elif (part := parts.part(step)) is None:
        add_part_buttons(view, lines, who, pick.kind, parts)
        return
    else:
        items, suggestions, prompt = part.items, part.suggestions, part.prompt
        step = None if step is None else part.number
        back = step is not None and len(parts.parts) > 1
    game, seat, since = who
    chosen = sorted(i for i in set(selected) if i in items)
    lines.append(prompt)
    lines.append(pick_summary(ui, pick.kind, chosen, own, locale))
    bundles_of = getattr(ui, "pick_bundles", None)
    bundles = bundles_of(pick.kind, items, locale) if bundles_of is not None else None
    rows = min(MAX_SELECTS, max(0, (room_left(view) - 1 - back) // 5))  # rows for menus
    menus = item_menus(ui, items)[:rows]
    if len(menus) >= rows:  # the single items come first; bundles only in a row left over
        bundles = None
    room = room_left(view) - 5 * (len(menus) + bool(bundles)) - 1 - back
    for items_of in suggestions[: max(0, min(room, MAX_SUGGESTIONS))]:
        action = pick.action(items_of)
        label = ui.move_label(action, own, names, locale)
        view.add_item(MoveButton(game, seat, since, action, label, ui.move_style(action)))
    for index, menu in enumerate(menus):
        options = [
            discord.SelectOption(
                label=ui.item_label(i, locale)[:100], value=str(i), default=i in chosen
            )
            for i in menu
        ]
        select = discord.ui.Select(
            custom_id=ids.pick_id(game, seat, since, pick.kind, index, step),
            placeholder=t("hand.pick_placeholder", locale, first=options[0].label)[:150],
            min_values=0,
            max_values=len(options),
            options=options,
        )
        view.add_item(PickSelect(game, seat, since, pick.kind, index, select, step))
    if bundles:
        add_bundles(view, who, pick.kind, bundles, set(chosen), len(menus), step)
    label = ui.pick_confirm_label(pick.kind, locale)
    view.add_item(PickConfirm(game, seat, since, pick.kind, label))
    if back:
        back_label = t("hand.back", locale)
        view.add_item(StepButton(game, seat, since, pick.kind, 0, True, back_label, "secondary"))


def add_bundles(
    view: discord.ui.View,
    who: Who,
    kind: str,
    bundles: tuple[str, list[tuple[str, tuple[int, ...]]]],
    chosen: set[int],
    index: int,
    step: int | None,
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
    select = discord.ui.Select(
        custom_id=ids.pick_id(game, seat, since, kind, index, step),
        placeholder=placeholder[:150],
        min_values=0,
        max_values=len(options),
        options=options,
    )
    view.add_item(PickSelect(game, seat, since, kind, index, select, step))


def add_part_buttons(
    view: discord.ui.View, lines: list[str], who: Who, kind: str, parts: PickParts
) -> None:
    """The first step of a pick in parts: a button per part, shown in place of the panel."""
    game, seat, since = who
    lines.append(parts.prompt)
    for part in parts.parts[: max(0, room_left(view))]:
        view.add_item(
            StepButton(game, seat, since, kind, part.number, True, part.label[:80], "success")
        )


def add_step_buttons(
    view: discord.ui.View, ui: Any, who: Who, public: dict, locale: str | None
) -> None:
    """The board's buttons opening the acting seat's panel (ephemeral) on one of its picks, as
    its UI offers them from the public view; room is kept for one more button (My hand)."""
    offers = getattr(ui, "step_buttons", None)
    if offers is None:
        return
    game, seat, since = who
    for kind, label in offers(public, locale):
        if room_left(view) > 1:
            style = ui.move_style(kind)
            view.add_item(StepButton(game, seat, since, kind, 0, False, label[:80], style))
