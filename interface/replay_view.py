"""`/game replay`: the public board at any step of a game, rebuilt by replaying its action log
from its seed (`service.history`), with ⏮ ◀ ▶ ⏭ buttons and a menu jumping to each scoring.

Each step is drawn from the public view of that step only (`Presentation.table_image`, the
step's events highlighted), so a replay shows what was public then, never a hand. The buttons
carry the game and the step (`tv:rp:{game}:{slot}:{step}`, the menu `tv:rps:{game}`) and work
only in the game's channel.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from functools import partial
from typing import Any, cast

import discord

from db.records import GameRecord
from games import presentation, rules_of
from i18n import t
from interface.attachments import png_file
from interface.game_log import SLOTS, game_here, page_buttons, step_text, step_words
from interface.host import host
from interface.names import shown_name
from interface.replies import guarded, reply, user_locale
from render.draw import isolated
from service.errors import TableError
from service.history import Step, history, scoring_steps

Interaction = discord.Interaction[Any]
Button = discord.ui.Button[Any]
Select = discord.ui.Select[Any]

REPLAY_STEP = r"tv:rp:(?P<game>\d{1,18}):(?P<slot>[fpnl]):(?P<step>\d{1,5})"
REPLAY_SCORING = r"tv:rps:(?P<game>\d{1,18})"
MAX_SCORINGS = 25  # the options of one select menu


def replay_step_id(game: int, slot: str, step: int) -> str:
    return f"tv:rp:{game}:{slot}:{step}"


def replay_scoring_id(game: int) -> str:
    return f"tv:rps:{game}"


def replay_content(
    record: GameRecord, steps: Sequence[Step], number: int, locale: str | None
) -> str:
    """The words above a step's board: the game, the step, what happened at it, and the
    result once the game is over at that step."""
    step = steps[number]
    game = rules_of(record.game)
    where = (
        t("replay.at_deal", locale)
        if number == 0
        else t("replay.at_move", locale, step=number, steps=len(steps) - 1)
    )
    title = t("replay.title", locale, game=t(game.info.name_key, locale), number=record.id)
    title = f"{title} · {where}"
    lines = [title, step_text(record, step, locale)]
    names = [shown_name(name) for name in step.names]
    result = presentation(record.game).result_lines(step.view, names, locale)
    if number == len(steps) - 1 and result:
        lines += [t("board.game_over", locale), *result]
    return "\n".join(lines)[:2000]


def replay_view(
    record: GameRecord, steps: Sequence[Step], number: int, locale: str | None
) -> discord.ui.View | None:
    """The step buttons and, when the game has scorings, the menu jumping to each."""

    def build(slot: str, target: int, disabled: bool) -> ReplayButton:
        return ReplayButton(record.id, slot, target, disabled)

    view = page_buttons(record.id, number, len(steps), build) or discord.ui.View(timeout=None)
    scorings = scoring_steps(record, steps)[:MAX_SCORINGS]
    if scorings:
        menu = ReplayScoringSelect(record.id)
        select = menu.item
        select.placeholder = t("replay.scorings", locale)
        for index, target in enumerate(scorings, start=1):
            words = " ".join(step_words(record, steps[target], locale))
            select.add_option(
                label=t("replay.scoring", locale, count=index)[:100],
                value=str(target),
                description=(words[:99] + "…" if len(words) > 100 else words) or None,
                default=target == number,
            )
        view.add_item(menu)
    return view if view.children else None


async def replay_message(
    record: GameRecord, steps: Sequence[Step], number: int, locale: str | None
) -> dict[str, Any]:
    """The arguments of a replay message at step `number` (clamped to the game's steps): its
    words, the step's public board as a picture, and its buttons."""
    number = max(0, min(number, len(steps) - 1))
    step = steps[number]
    ui = presentation(record.game)
    names = [isolated(name) for name in step.names]
    picture = partial(ui.table_image, step.view, names, locale, step.events)
    arguments: dict[str, Any] = {
        "content": replay_content(record, steps, number, locale),
        "file": await png_file(picture, "replay.png"),
        "allowed_mentions": discord.AllowedMentions.none(),
    }
    view = replay_view(record, steps, number, locale)
    if view is not None:
        arguments["view"] = view
    return arguments


async def show_step(interaction: Interaction, game_id: int, number: int) -> None:
    """A replay button or the scoring menu: the message shows step `number`."""
    locale = user_locale(interaction)
    try:
        record = await game_here(interaction, game_id)
        steps = await history(host(interaction).store, record)
    except TableError as err:
        await reply(interaction, err.message(locale))
        return
    arguments = await replay_message(record, steps, number, locale)
    file = arguments.pop("file")
    arguments.setdefault("view", None)
    await interaction.response.edit_message(attachments=[file], **arguments)


class ReplayButton(discord.ui.DynamicItem[Button], template=REPLAY_STEP):
    """Shows another step of the replay."""

    def __init__(self, game: int, slot: str, step: int, disabled: bool = False) -> None:
        super().__init__(
            discord.ui.Button(
                label=SLOTS[slot],
                style=discord.ButtonStyle.secondary,
                custom_id=replay_step_id(game, slot, step),
                disabled=disabled,
            )
        )
        self.game, self.step = game, step

    @classmethod
    async def from_custom_id(
        cls, interaction: Interaction, item: discord.ui.Item[Any], match: re.Match[str]
    ) -> ReplayButton:
        return cls(int(match["game"]), match["slot"], int(match["step"]))

    @guarded
    async def callback(self, interaction: Interaction) -> None:
        await show_step(interaction, self.game, self.step)


class ReplayScoringSelect(discord.ui.DynamicItem[Select], template=REPLAY_SCORING):
    """Jumps to the step of a scoring (the option's value)."""

    def __init__(self, game: int, select: Select | None = None) -> None:
        super().__init__(select or discord.ui.Select(custom_id=replay_scoring_id(game)))
        self.game = game

    @classmethod
    async def from_custom_id(
        cls, interaction: Interaction, item: discord.ui.Item[Any], match: re.Match[str]
    ) -> ReplayScoringSelect:
        return cls(int(match["game"]), cast(Select, item))

    @guarded
    async def callback(self, interaction: Interaction) -> None:
        values = self.item.values
        chosen = values[0] if values else ""
        if not (chosen.isascii() and chosen.isdigit()):
            await reply(interaction, t("error.stale", user_locale(interaction)))
            return
        await show_step(interaction, self.game, int(chosen))


HISTORY_ITEMS = (ReplayButton, ReplayScoringSelect)
