"""`/stats [member] [game]`, `/leaderboard <game>` and `/game undo` (added to the `/game`
group of `cogs.lobby`; load this extension after it). The texts: `interface.stats_cards`;
undo: `interface.undo_actions`."""

from __future__ import annotations

from typing import Any

import discord
from discord import app_commands
from discord.ext import commands

from i18n import t
from interface.deferral import in_time, respond
from interface.game_choices import game_choices, resolve_game, shown_as_typed
from interface.names import shown_name
from interface.replies import reply, tables, user_locale
from interface.stats_cards import leaderboard_card, stats_answer
from interface.undo_actions import undo_command

Interaction = discord.Interaction[Any]


async def chosen_game(interaction: Interaction, game: str | None) -> tuple[bool, str | None]:
    """(True, the game id, or None for all games) from the typed option; (False, None) after
    telling the member that no game has that name."""
    if game is None:
        return True, None
    game_id = resolve_game(game, user_locale(interaction))
    if game_id is None:
        locale = user_locale(interaction)
        await reply(interaction, t("error.unknown_game", locale, game=shown_as_typed(game)))
        return False, None
    return True, game_id


class StatsCommands(commands.Cog):
    """`/stats` and `/leaderboard`."""

    @app_commands.command(
        name="stats", description="A player's games, wins, scores and ratings in this server."
    )
    @app_commands.describe(member="Whose statistics (default: yours).", game="Only this game.")
    @app_commands.guild_only()
    async def stats(
        self,
        interaction: Interaction,
        member: discord.Member | None = None,
        game: str | None = None,
    ) -> None:
        known, game_id = await chosen_game(interaction, game)
        if not known:
            return
        target = member or interaction.user
        locale = user_locale(interaction)
        if target.id != interaction.user.id and await tables(interaction).stats.hidden(target.id):
            name = shown_name(target.display_name)
            await reply(interaction, t("stats.hidden", locale, player=name))
            return
        found = await tables(interaction).stats.member(
            interaction.guild_id or 0, target.id, game_id
        )
        work = stats_answer(shown_name(target.display_name), found, locale)
        text, picture = await in_time(interaction, work, ephemeral=True)
        extra: dict[str, Any] = {"file": picture} if picture is not None else {}
        await respond(
            interaction,
            text,
            ephemeral=True,
            allowed_mentions=discord.AllowedMentions.none(),
            **extra,
        )

    @app_commands.command(
        name="leaderboard", description="The best rated players of a game in this server."
    )
    @app_commands.describe(game="Which game.")
    @app_commands.guild_only()
    async def leaderboard(self, interaction: Interaction, game: str) -> None:
        known, game_id = await chosen_game(interaction, game)
        if not known or game_id is None:
            return
        lines = await tables(interaction).stats.leaderboard(interaction.guild_id or 0, game_id)
        text = leaderboard_card(game_id, lines, user_locale(interaction))
        await interaction.response.send_message(
            text, ephemeral=True, allowed_mentions=discord.AllowedMentions.none()
        )

    @stats.autocomplete("game")
    @leaderboard.autocomplete("game")
    async def game_autocomplete(
        self, interaction: Interaction, current: str
    ) -> list[app_commands.Choice[str]]:
        return game_choices(current, user_locale(interaction))


async def undo(interaction: Interaction) -> None:
    await undo_command(interaction)


async def setup(bot: commands.Bot) -> None:
    await bot.add_cog(StatsCommands())
    group = bot.tree.get_command("game")
    if isinstance(group, app_commands.Group) and group.get_command("undo") is None:
        group.add_command(
            app_commands.Command(
                name="undo",
                description="Take back your last move, if nobody has acted since.",
                callback=undo,
            )
        )
