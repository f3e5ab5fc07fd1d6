"""`/settings`: a player's own settings, kept per user across games and servers."""

from __future__ import annotations

from typing import Any

import discord
from discord import app_commands
from discord.ext import commands

from i18n import t
from interface.languages import NATIVE_NAMES, member_language_choices, member_languages
from interface.replies import reply, tables, user_locale
from service.errors import TableError
from service.languages import AUTO, LANGUAGES, member_language
from service.timing import NOTICES

Interaction = discord.Interaction[Any]

NOTICE_CHOICES = [app_commands.Choice(name=t(f"settings.notice.{n}"), value=n) for n in NOTICES]
STATS_CHOICES = [
    app_commands.Choice(name="on: others see my statistics and ratings", value="on"),
    app_commands.Choice(name="off: hide them from others and from leaderboards", value="off"),
]


class PlayerSettings(commands.Cog):
    """`/settings`."""

    @app_commands.command(
        name="settings",
        description="Your settings: how you hear that it is your turn, your language (only you).",
    )
    @app_commands.describe(
        notice="How to tell you it is your turn: a mention in the channel, a DM, or both.",
        language="The language of your private answers and DMs (default: your Discord language).",
        stats="Whether others see your statistics and ratings (/stats, /leaderboard).",
    )
    @app_commands.choices(
        notice=NOTICE_CHOICES, language=member_language_choices(), stats=STATS_CHOICES
    )
    async def settings(
        self,
        interaction: Interaction,
        notice: app_commands.Choice[str] | None = None,
        language: app_commands.Choice[str] | None = None,
        stats: app_commands.Choice[str] | None = None,
    ) -> None:
        notices = tables(interaction).notices
        user = interaction.user.id
        languages = member_languages(interaction)
        try:
            if notice is not None:
                await notices.choose(user, notice.value)
            if language is not None:
                if language.value not in (AUTO, *LANGUAGES):
                    raise TableError("error.bad_language")
                await tables(interaction).store.set_user_language(user, language.value)
                languages.choose(user, language.value)
            if stats is not None:
                await tables(interaction).stats.show(user, stats.value == "on")
        except TableError as err:
            await reply(interaction, err.message(user_locale(interaction)))
            return
        locale = user_locale(interaction)  # after a change: already in the new language
        current = (await notices.of([user]))[user]
        chosen = languages.chosen.get(user)
        if chosen is None:
            own = NATIVE_NAMES[member_language(None, interaction.locale)]
            shown = t("settings.language.auto", locale, language=own)
        else:
            shown = NATIVE_NAMES[chosen]
        changed = notice is not None or language is not None or stats is not None
        key = "settings.saved" if changed else "settings.current"
        notice_words = t(f"settings.notice.{current}", locale)
        text = t(key, locale, notice=notice_words, language=shown)
        hidden = await tables(interaction).stats.hidden(user)
        text += "\n" + t("settings.stats_off" if hidden else "settings.stats_on", locale)
        await reply(interaction, text)


async def setup(bot: commands.Bot) -> None:
    await bot.add_cog(PlayerSettings())
