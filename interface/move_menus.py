"""A seat's complete moves as buttons and select menus, none ever left out.

A presentation's `move_menu(action, view, locale) -> str | None` is the title of the select menu
a move is listed in (moves with the same title share a menu, in the order the rules list them),
or None for a button. Titles must not depend on whose view it is: the board
(public view), the panel and the later pages (the seat's view) lay the moves out alike.

Discord allows 5 rows a message: a select menu takes a whole row and holds at most 25 options,
buttons go 5 to a row; one button slot is always left free (the board's My hand). When the
moves do not fit as they are, in this order:
1. menus of different titles share menus (as few as their options need);
2. the buttons that find no row are listed in a "More moves" menu;
3. when 5 rows cannot hold them all, the last option of the last menu opens page 2 of the moves
   (an ephemeral message built the same way, without buttons), and so on.
So every move is a button or a menu option on some page. Moves a player cannot tell apart (the
same label, e.g. taking one or the other of two equal cards) are listed once (`distinct_moves`).
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

import discord

from i18n import t
from interface import custom_ids as ids
from interface.components import MoveButton, MoveSelect
from render.presentation import Presentation

MAX_OPTIONS = 25
ROWS = 5
PER_ROW = 5
KEPT_FREE = 1  # one button slot for the caller (the board's My hand)
PAGE_BUTTON_ROWS = 2  # buttons kept on page 1 when the moves need pages

Segment = tuple[str, list[str]]  # (menu title, moves) listed together in one menu


@dataclass(frozen=True)
class Menu:
    """One select menu: its placeholder, its moves, and the page its last option opens (0:
    none)."""

    title: str
    actions: tuple[str, ...]
    more: int = 0


@dataclass(frozen=True)
class Page:
    """The buttons and menus of one message of moves."""

    buttons: tuple[str, ...]
    menus: tuple[Menu, ...]


def _button_ok(action: str) -> bool:
    """Whether a move can be a button (its custom_id must match `ids.MOVE`)."""
    return re.fullmatch(r"[a-z0-9 ,]{1,60}", action) is not None


def distinct_moves(
    ui: Presentation,
    moves: Sequence[str],
    view: dict[str, Any],
    names: list[str],
    locale: str | None,
    labels: dict[str, str] | None = None,
) -> list[str]:
    """The moves without those a player cannot tell apart: of moves with the same label (e.g.
    taking one or the other of two equal cards), only the first is listed; it stands for all.
    `labels`, when given, is filled with each move's label (`Presentation.move_label`, as it
    answered), so the caller does not word the moves again."""
    seen: set[str] = set()
    kept = []
    for action in dict.fromkeys(moves):
        said = ui.move_label(action, view, names, locale)
        if labels is not None:
            labels[action] = said
        label = said or action
        if label not in seen:
            seen.add(label)
            kept.append(action)
    return kept


def split(
    ui: Presentation, moves: Sequence[str], view: dict[str, Any], locale: str | None
) -> tuple[list[str], list[Segment]]:
    """The moves as buttons and (title, moves) groups, in the order the rules list them."""
    buttons: list[str] = []
    grouped: dict[str, list[str]] = {}
    for action in dict.fromkeys(moves):  # a duplicate option would make Discord refuse a menu
        title = ui.move_menu(action, view, locale)
        if title is None and not _button_ok(action):
            title = t("board.menu_more", locale)
        if title is None:
            buttons.append(action)
        else:
            grouped.setdefault(title, []).append(action)
    return buttons, list(grouped.items())


def _chunks(actions: list[str]) -> list[list[str]]:
    return [actions[start : start + MAX_OPTIONS] for start in range(0, len(actions), MAX_OPTIONS)]


def _pack(groups: list[Segment], rows: int) -> list[list[Segment]] | None:
    """The groups in at most `rows` menus, or None: one menu per title if that fits, else small
    groups sharing menus, else every menu filled up in order."""
    total = sum(len(actions) for _title, actions in groups)
    if total > rows * MAX_OPTIONS:
        return None
    separate = [[(title, chunk)] for title, actions in groups for chunk in _chunks(actions)]
    if len(separate) <= rows:
        return separate
    shared: list[list[Segment]] = []
    for title, actions in groups:
        for chunk in _chunks(actions):
            if shared and sum(len(a) for _t, a in shared[-1]) + len(chunk) <= MAX_OPTIONS:
                shared[-1].append((title, chunk))
            else:
                shared.append([(title, chunk)])
    if len(shared) <= rows:
        return shared
    return _fill(groups, [MAX_OPTIONS] * rows)


def _fill(groups: list[Segment], sizes: list[int]) -> list[list[Segment]]:
    """The groups poured in order into menus of these sizes, as far as they go (the empty menus
    left out)."""
    menus: list[list[Segment]] = [[] for _ in sizes]
    index = 0
    for title, actions in groups:
        rest = list(actions)
        while rest and index < len(sizes):
            room = sizes[index] - sum(len(a) for _t, a in menus[index])
            if room <= 0:
                index += 1
                continue
            menus[index].append((title, rest[:room]))
            rest = rest[room:]
    return [menu for menu in menus if menu]


def _one_page(
    buttons: list[str], groups: list[Segment], locale: str | None
) -> tuple[list[str], list[list[Segment]]] | None:
    """All moves in one message, keeping as many buttons as possible, or None."""
    needed = -(-(len(buttons) + KEPT_FREE) // PER_ROW)
    for button_rows in range(min(needed, ROWS), 0, -1):
        shown = buttons[: button_rows * PER_ROW - KEPT_FREE]
        extra = buttons[len(shown) :]
        more = [(t("board.menu_more", locale), extra)] if extra else []
        menus = _pack(groups + more, ROWS - button_rows)
        if menus is not None:
            return shown, menus
    return None


def _pages(
    buttons: list[str], groups: list[Segment], locale: str | None
) -> list[tuple[list[str], list[list[Segment]]]]:
    """The moves over several messages: page 1 keeps two rows of buttons and 3 menus whose last
    option opens page 2; each further page holds 5 menus (the last option: the next page)."""
    shown = buttons[: PAGE_BUTTON_ROWS * PER_ROW - KEPT_FREE]
    extra = buttons[len(shown) :]
    rest = groups + ([(t("board.menu_more", locale), extra)] if extra else [])
    pages: list[tuple[list[str], list[list[Segment]]]] = []
    rows = ROWS - PAGE_BUTTON_ROWS
    while rest:
        left = sum(len(actions) for _title, actions in rest)
        last = left <= rows * MAX_OPTIONS
        sizes = [MAX_OPTIONS] * rows
        if not last:
            sizes[-1] -= 1  # room for the option that opens the next page
        menus = _fill(rest, sizes)
        taken = sum(len(a) for menu in menus for _t, a in menu)
        rest = _drop(rest, taken)
        pages.append((shown if not pages else [], menus))
        rows = ROWS
    return pages


def _drop(groups: list[Segment], count: int) -> list[Segment]:
    """The groups without their first `count` moves."""
    left: list[Segment] = []
    for title, actions in groups:
        if count >= len(actions):
            count -= len(actions)
            continue
        left.append((title, actions[count:]))
        count = 0
    return left


def _titled(pages: list[tuple[list[str], list[list[Segment]]]], locale: str | None) -> list[Page]:
    """Placeholders for every menu: its titles, each numbered when it spans several menus."""
    spans: dict[str, int] = {}
    for _buttons, menus in pages:
        for menu in menus:
            for title in dict.fromkeys(title for title, _a in menu):
                spans[title] = spans.get(title, 0) + 1
    seen: dict[str, int] = {}
    result = []
    for number, (buttons, menus) in enumerate(pages, start=1):
        built = []
        for index, menu in enumerate(menus):
            names = []
            for title in dict.fromkeys(title for title, _a in menu):
                seen[title] = seen.get(title, 0) + 1
                if spans[title] > 1:
                    title = t(
                        "board.menu_part", locale, title=title, part=seen[title], parts=spans[title]
                    )
                names.append(title)
            last = number < len(pages) and index == len(menus) - 1
            actions = tuple(a for _title, chunk in menu for a in chunk)
            built.append(Menu(" · ".join(names), actions, number + 1 if last else 0))
        result.append(Page(tuple(buttons), tuple(built)))
    return result


def layout(
    ui: Presentation, moves: Sequence[str], view: dict[str, Any], locale: str | None
) -> list[Page]:
    """Every page of a seat's moves (usually one)."""
    buttons, groups = split(ui, moves, view, locale)
    single = _one_page(buttons, groups, locale)
    return _titled([single] if single is not None else _pages(buttons, groups, locale), locale)


def add_moves(
    view: discord.ui.View,
    ui: Presentation,
    who: tuple[int, int, int],
    moves: Sequence[str],
    shown: dict[str, Any],
    names: list[str],
    locale: str | None,
    page: int = 1,
) -> int:
    """Add page `page` of the moves of seat `who` = (game id, seat, since) to `view`: menus
    first, then buttons (one button slot stays free). Returns the number of pages."""
    game, seat, since = who
    labels: dict[str, str] = {}
    pages = layout(ui, distinct_moves(ui, moves, shown, names, locale, labels), shown, locale)
    if not 1 <= page <= len(pages):
        return len(pages)
    chosen = pages[page - 1]
    for index, menu in enumerate(chosen.menus):
        options = [
            discord.SelectOption(label=(labels[a] or a)[:100], value=a) for a in menu.actions
        ]
        if menu.more:
            label = t("board.more_moves", locale, page=menu.more, pages=len(pages))
            options.append(discord.SelectOption(label=label[:100], value=ids.page_value(menu.more)))
        select: discord.ui.Select[Any] = discord.ui.Select(
            custom_id=ids.move_select_id(game, seat, since, index),
            placeholder=menu.title[:150],
            min_values=1,
            max_values=1,
            options=options,
        )
        view.add_item(MoveSelect(game, seat, since, index, select))
    for action in chosen.buttons:
        label = (labels[action] or action)[:80]  # never empty
        view.add_item(MoveButton(game, seat, since, action, label, ui.move_style(action)))
    return len(pages)
