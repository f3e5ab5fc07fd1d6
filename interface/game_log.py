"""`/game log`: a game's moves in words, newest last, who made each and when, in pages the
reader turns with buttons (⏮ ◀ ▶ ⏭), in the reader's language.

Built only from the public views of a replay of the game (`service.history.log_history`): each
step's public events in the game's own words (`describe`), the seat's name at that step and the
Discord timestamp of the move; a move taken back is struck through and followed by the undo.
The page buttons carry the game and the page (`tv:lg:{game}:{slot}:{page}`) and work only in
the game's channel.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from typing import Any

import discord

from db.records import GameRecord
from games import rules_of
from i18n import t
from interface.host import host
from interface.names import shown_name
from interface.replies import guarded, reply, user_locale
from service.errors import TableError, WrongChannel
from service.history import Step, log_history

Interaction = discord.Interaction[Any]
Button = discord.ui.Button[Any]

PAGE_CHARS = 1700
"""The most characters of steps on one page (a message holds 2,000 with its title)."""
STEP_CHARS = 900
"""The most characters of one step (a scoring's words are long): the rest is cut."""

LOG_PAGE = r"tv:lg:(?P<game>\d{1,18}):(?P<slot>[fpnl]):(?P<page>\d{1,5})"
SLOTS = {"f": "⏮", "p": "◀", "n": "▶", "l": "⏭"}


def log_page_id(game: int, slot: str, page: int) -> str:
    return f"tv:lg:{game}:{slot}:{page}"


def step_words(record: GameRecord, step: Step, locale: str | None) -> list[str]:
    """What happened in one step, in words (its public events, as the board tells them)."""
    game = rules_of(record.game)
    names = [shown_name(name) for name in step.names]
    return [line for event in step.events if (line := game.describe(event, names, locale))]


def step_text(record: GameRecord, step: Step, locale: str | None) -> str:
    """One step for the log and the replay: who made it, when, and what happened; in the log,
    a move later taken back is struck through, and the undo is a step of its own."""
    if step.undo:
        when = f"<t:{int(step.at.timestamp())}:f>" if step.at is not None else ""
        name = shown_name(step.names[step.seat]) if step.seat is not None else "?"
        return t("log.undo", locale, when=when, name=name)
    text = move_text(record, step, locale)
    return f"~~{text}~~" if step.undone else text


def move_text(record: GameRecord, step: Step, locale: str | None) -> str:
    """The deal or a move: who made it, when, and what happened."""
    words = " ".join(step_words(record, step, locale))
    if step.seat is None:
        return clipped(t("log.deal", locale, what=words or t("log.dealt", locale)))
    name = shown_name(step.names[step.seat]) if step.seat < len(step.names) else "?"
    seat = record.seats[step.seat] if step.seat < len(record.seats) else None
    when = f"<t:{int(step.at.timestamp())}:f>" if step.at is not None else ""
    if step.by_bot and not (seat is not None and seat.bot and seat.user_id is None):
        name = t("log.bot_played", locale, name=name)  # a deadline's move, a bot standing in
    elif words and name in words:  # the words name who made the move
        return clipped(t("log.step_told", locale, when=when, what=words))
    text = t("log.step", locale, when=when, name=name, what=words or t("log.moved", locale))
    return clipped(text)


def clipped(text: str) -> str:
    """A step's text cut to STEP_CHARS."""
    return text if len(text) <= STEP_CHARS else text[: STEP_CHARS - 1] + "…"


def log_pages(record: GameRecord, steps: Sequence[Step], locale: str | None) -> list[str]:
    """The log cut into pages of whole steps, oldest first (at least one page); the pages are
    filled from the newest step back, so the page shown first (the latest) is a full one."""
    pages: list[str] = []
    lines: list[str] = []
    size = 0
    for step in reversed(steps):
        text = step_text(record, step, locale)
        if lines and size + len(text) + 1 > PAGE_CHARS:
            pages.append("\n".join(reversed(lines)))
            lines, size = [], 0
        lines.append(text)
        size += len(text) + 1
    pages.append("\n".join(reversed(lines)))
    return pages[::-1]


def page_buttons(game_id: int, page: int, pages: int, build: Any) -> discord.ui.View | None:
    """⏮ ◀ ▶ ⏭ for page `page` (0-based) of `pages`, built by `build(slot, target, disabled)`;
    None when there is one page only."""
    if pages <= 1:
        return None
    view = discord.ui.View(timeout=None)
    targets = {"f": 0, "p": max(page - 1, 0), "n": min(page + 1, pages - 1), "l": pages - 1}
    for slot, target in targets.items():
        view.add_item(build(slot, target, target == page))
    return view


def log_message(
    record: GameRecord, steps: Sequence[Step], page: int | None, locale: str | None
) -> tuple[str, discord.ui.View | None]:
    """Page `page` (0-based; None or past the end: the last) of the log, and its buttons."""
    pages = log_pages(record, steps, locale)
    shown = len(pages) - 1 if page is None else max(0, min(page, len(pages) - 1))
    game = rules_of(record.game)
    title = t(
        "log.title",
        locale,
        game=t(game.info.name_key, locale),
        number=record.id,
        page=shown + 1,
        pages=len(pages),
    )

    def build(slot: str, target: int, disabled: bool) -> LogPageButton:
        return LogPageButton(record.id, slot, target, disabled)

    view = page_buttons(record.id, shown, len(pages), build)
    return f"{title}\n{pages[shown]}"[:2000], view


async def game_here(interaction: Interaction, game_id: int) -> GameRecord:
    """The game of a pressed history button; WrongChannel unless pressed in its channel."""
    record = await host(interaction).store.get_game(game_id)
    if record is None or record.channel_id != interaction.channel_id:
        raise WrongChannel()
    return record


async def turn_log_page(interaction: Interaction, game_id: int, page: int) -> None:
    """A page button: the message shows that page of the log (as it is now)."""
    locale = user_locale(interaction)
    try:
        record = await game_here(interaction, game_id)
        steps = await log_history(host(interaction).store, record)
    except TableError as err:
        await reply(interaction, err.message(locale))
        return
    content, view = log_message(record, steps, page, locale)
    await interaction.response.edit_message(
        content=content, view=view, allowed_mentions=discord.AllowedMentions.none()
    )


class LogPageButton(discord.ui.DynamicItem[Button], template=LOG_PAGE):
    """Turns the log to a page."""

    def __init__(self, game: int, slot: str, page: int, disabled: bool = False) -> None:
        super().__init__(
            discord.ui.Button(
                label=SLOTS[slot],
                style=discord.ButtonStyle.secondary,
                custom_id=log_page_id(game, slot, page),
                disabled=disabled,
            )
        )
        self.game, self.page = game, page

    @classmethod
    async def from_custom_id(
        cls, interaction: Interaction, item: discord.ui.Item[Any], match: re.Match[str]
    ) -> LogPageButton:
        return cls(int(match["game"]), match["slot"], int(match["page"]))

    @guarded
    async def callback(self, interaction: Interaction) -> None:
        await turn_log_page(interaction, self.game, self.page)
