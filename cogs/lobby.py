"""`/game ...`: open a lobby, join, leave, start, status and abort."""

from __future__ import annotations

import logging
from typing import Any

import discord
from discord import app_commands
from discord.ext import commands

from games import all_entries
from i18n import t
from interface import table_admin
from interface.access import missing_for_game
from interface.deferral import in_time, respond
from interface.delivery import deliver_change, redraw_lobby
from interface.game_choices import game_choices, option_choices, resolve_game, shown_as_typed
from interface.hand_dms import files_of
from interface.host import host
from interface.languages import language_choices
from interface.live_board import retire_board
from interface.lobby_actions import display_name
from interface.messages import board, lobby
from interface.names import seat_choices, shown_name
from interface.outgoing import Outgoing
from interface.replies import (
    channel_game_or_reply,
    game_locale,
    is_manager,
    reply,
    tables,
    user_locale,
)
from interface.summaries import status_details
from rules.errors import RuleError
from service.errors import TableError
from service.timing import MAX_AUTO_MOVES, MAX_BOT_SECONDS, MAX_HOURS, MIN_BOT_SECONDS

log = logging.getLogger("tavolo.lobby")
Interaction = discord.Interaction[Any]


def parse_options(text: str | None) -> dict[str, str]:
    """`hands=1 match=total` → {"hands": "1", "match": "total"}; TableError if malformed."""
    options: dict[str, str] = {}
    for part in (text or "").replace(",", " ").split():
        name, sep, value = part.partition("=")
        if not sep or not name or not value:
            raise TableError("error.bad_option_value", option=part[:30], value="")
        options[name.strip().lower()] = value.strip().lower()
    return options


def lobby_message(out: Outgoing) -> dict[str, Any]:
    """The arguments sending a lobby post (`interface.messages.lobby`): its embed and buttons."""
    return {"embed": out.embed, "view": out.view}


class Lobby(commands.Cog):
    """The `/game` command group."""

    game = app_commands.Group(
        name="game", description="Start, join and manage this channel's game.", guild_only=True
    )

    def __init__(self, bot: commands.Bot) -> None:
        self.bot = bot

    @game.command(name="new", description="Open a lobby for a new game in this channel.")
    @app_commands.describe(
        game="Which game to play.",
        options="Game options, e.g. hands=1 match=total.",
        language="The language of the game's posts and pictures (default: the server's).",
    )
    @app_commands.choices(language=language_choices())
    async def new(
        self,
        interaction: Interaction,
        game: str,
        options: str | None = None,
        language: app_commands.Choice[str] | None = None,
    ) -> None:
        locale = user_locale(interaction)
        missing = missing_for_game(interaction)
        if missing:  # every post of the game would fail: say what is missing, open nothing
            names = ", ".join(t(key, locale) for key in missing)
            await reply(interaction, t("error.bot_lacks_permissions", locale, missing=names))
            return
        try:
            record = await tables(interaction).lobby.open(
                guild_id=interaction.guild_id,
                channel_id=interaction.channel_id or 0,
                game_id=resolve_game(game, locale) or shown_as_typed(game),
                host_id=interaction.user.id,
                host_name=display_name(interaction),
                options=parse_options(options),
                language=language.value if language is not None else None,
                server_locale=interaction.guild_locale,
                fallback_language=host(interaction).settings.locale,
            )
        except TableError as err:
            await reply(interaction, err.message(locale))
            return
        out = lobby(record, game_locale(record))
        await interaction.response.send_message(**lobby_message(out))
        try:
            message = await interaction.original_response()
            await host(interaction).store.set_message(
                record.id, "lobby", record.channel_id, message.id
            )
        except discord.HTTPException:
            log.info("could not read back the lobby message of game %s", record.id)

    @new.autocomplete("game")
    async def game_autocomplete(
        self, interaction: Interaction, current: str
    ) -> list[app_commands.Choice[str]]:
        return game_choices(current, user_locale(interaction))

    @new.autocomplete("options")
    async def options_autocomplete(
        self, interaction: Interaction, current: str
    ) -> list[app_commands.Choice[str]]:
        typed = getattr(interaction.namespace, "game", None)
        chosen = resolve_game(typed, user_locale(interaction)) if isinstance(typed, str) else None
        offered = {e.game_id: e.rules for e in all_entries()}
        game = offered.get(chosen) if chosen else None
        return option_choices(
            [game] if game else list(offered.values()), current, user_locale(interaction)
        )

    async def _lobby_op(self, interaction: Interaction, op: str) -> None:
        locale = user_locale(interaction)
        service = tables(interaction)
        try:
            record = await service.channel_game(interaction.channel_id or 0)
            here = game_locale(record)
            if op == "join":
                record = await service.lobby.join(
                    record.id, interaction.user.id, display_name(interaction)
                )
            elif op == "leave":
                leaving = service.leave(record.id, interaction.user.id)
                change = await in_time(interaction, leaving, ephemeral=False)
                record = change.record
                if record.status in ("running", "finished"):  # a bot took the seat
                    await respond(
                        interaction,
                        table_admin.left_text(change, display_name(interaction), here),
                        ephemeral=False,
                        allowed_mentions=discord.AllowedMentions.none(),
                    )
                    await deliver_change(host(interaction), change)
                    return
            else:
                starting = service.lobby.start(record.id, interaction.user.id)
                change = await in_time(interaction, starting, ephemeral=False)
                await respond(interaction, t("lobby.started", here), ephemeral=False)
                await redraw_lobby(host(interaction), change.record, here)
                await deliver_change(host(interaction), change)
                return
        except (TableError, RuleError) as err:
            await reply(interaction, err.message(locale))
            return
        # Joined or left the lobby (the last member leaving closes it): the lobby message
        # shows the change.
        text_key = {"join": "lobby.joined", "leave": "lobby.left"}[op]
        await respond(
            interaction,
            t(text_key, locale, name=shown_name(display_name(interaction))),
            ephemeral=False,
        )
        await redraw_lobby(host(interaction), record, here)

    @game.command(name="join", description="Join the game waiting in this channel.")
    async def join(self, interaction: Interaction) -> None:
        await self._lobby_op(interaction, "join")

    @game.command(
        name="leave",
        description="Leave this channel's game (a bot takes your seat once it has started).",
    )
    async def leave(self, interaction: Interaction) -> None:
        await self._lobby_op(interaction, "leave")

    @game.command(name="start", description="Start the game in this channel (host only).")
    async def start(self, interaction: Interaction) -> None:
        await self._lobby_op(interaction, "start")

    @game.command(
        name="status", description="Show this channel's game: the table and who must act."
    )
    async def status(self, interaction: Interaction) -> None:
        locale = user_locale(interaction)
        record = await channel_game_or_reply(interaction)
        if record is None:
            return
        if record.status == "lobby":
            out = lobby(record, locale)
            await interaction.response.send_message(**lobby_message(out), ephemeral=True)
            return
        out = board(record, locale)
        details = status_details(await tables(interaction).overview.summary(record), locale)
        # the picture is drawn first; on a busy machine the answer is deferred in time
        shown: dict[str, Any] = {"files": await in_time(interaction, files_of(out), ephemeral=True)}
        if out.view is not None:
            shown["view"] = out.view
        await respond(
            interaction,
            f"{out.content}\n{details}"[:2000],
            ephemeral=True,
            allowed_mentions=discord.AllowedMentions.none(),
            **shown,
        )

    @game.command(
        name="abort",
        description="End this channel's game without a result (host or server manager).",
    )
    async def abort(self, interaction: Interaction) -> None:
        locale = user_locale(interaction)
        service = tables(interaction)
        try:
            record = await service.channel_game(interaction.channel_id or 0)
            record = await service.lobby.abort(
                record.id, interaction.user.id, manager=is_manager(interaction)
            )
        except TableError as err:
            await reply(interaction, err.message(locale))
            return
        here = game_locale(record)
        await interaction.response.send_message(t("lobby.aborted", here, number=record.id))
        await redraw_lobby(host(interaction), record, here)
        await retire_board(host(interaction), record)

    # ------------------------------------------------------------ playing over days

    @game.command(
        name="settings",
        description=(
            "Show or change reminders, deadline, auto-moves, boards, bot thinking time "
            "(host or manager)."
        ),
    )
    @app_commands.describe(
        reminder_hours="Hours between turn reminders (0: no reminders).",
        deadline_hours="Hours before a bot plays a silent player's turn (0: no deadline).",
        auto_moves="Turns played by the bot in a row before it takes the seat for good.",
        boards="Keep one live board (default) or every board's picture in the channel.",
        bot_seconds="Seconds a strong bot thinks about each move (default 2).",
    )
    @app_commands.choices(
        boards=[
            app_commands.Choice(name="one live board", value="live"),
            app_commands.Choice(name="every board", value="all"),
        ]
    )
    async def settings(
        self,
        interaction: Interaction,
        reminder_hours: app_commands.Range[int, 0, MAX_HOURS] | None = None,
        deadline_hours: app_commands.Range[int, 0, MAX_HOURS] | None = None,
        auto_moves: app_commands.Range[int, 1, MAX_AUTO_MOVES] | None = None,
        boards: app_commands.Choice[str] | None = None,
        bot_seconds: app_commands.Range[float, MIN_BOT_SECONDS, MAX_BOT_SECONDS] | None = None,
    ) -> None:
        await table_admin.change_timing(
            interaction,
            reminder_hours=reminder_hours,
            deadline_hours=deadline_hours,
            auto_moves=auto_moves,
            boards=boards.value if boards is not None else None,
            bot_seconds=bot_seconds,
        )

    @game.command(
        name="pause",
        description="Pause reminders and deadlines; moves still count (host or manager).",
    )
    async def pause(self, interaction: Interaction) -> None:
        await table_admin.pause(interaction, True)

    @game.command(
        name="resume", description="Resume reminders and deadlines; the clocks start again now."
    )
    async def resume(self, interaction: Interaction) -> None:
        await table_admin.pause(interaction, False)

    @game.command(
        name="replace",
        description="Give a seat to another member, or to a bot (host or server manager).",
    )
    @app_commands.describe(
        seat="Whose seat: pick a player from the list.",
        member="Who takes the seat; leave empty for a bot.",
    )
    async def replace(
        self,
        interaction: Interaction,
        seat: app_commands.Range[int, 1, 10],
        member: discord.Member | None = None,
    ) -> None:
        await table_admin.replace(interaction, seat, member)

    @replace.autocomplete("seat")
    async def seat_autocomplete(
        self, interaction: Interaction, current: str
    ) -> list[app_commands.Choice[int]]:
        record = await host(interaction).store.active_game(interaction.channel_id or 0)
        if record is None:
            return []
        return seat_choices(record, str(current))

    @game.command(name="rejoin", description="Take back your seat from the bot that plays it.")
    async def rejoin(self, interaction: Interaction) -> None:
        await table_admin.rejoin(interaction)


async def setup(bot: commands.Bot) -> None:
    await bot.add_cog(Lobby(bot))
