"""The cards of `/stats` (a picture, with the same words as its text: `stats_blocks` and
`stats_card`) and `/leaderboard` (text), from the service's statistics; every word through the
catalog (`stats.*`, `leaderboard.*`)."""

from __future__ import annotations

from functools import partial

import discord

from db.results import bot_level
from games import rules_of
from i18n import base_locale, number_words, t
from interface.attachments import png_file
from render.stats_card import StatsBlock, stats_image
from service.stats import BoardLine, GameStats


def duration(seconds: float | None, locale: str | None) -> str:
    """A time per turn in words: minutes under an hour, hours under two days, else days."""
    if seconds is None:
        return t("stats.no_time", locale)
    minutes = round(seconds / 60)
    if minutes < 1:
        return t("stats.under_a_minute", locale)
    if minutes < 60:
        return t("stats.minutes", locale, count=minutes)
    hours = seconds / 3600
    if hours < 48:
        return t("stats.hours", locale, count=round(hours))
    return t("stats.days", locale, count=round(hours / 24))


def game_name(game: str | None, locale: str | None) -> str:
    if game is None:
        return t("stats.all_games", locale)
    return t(rules_of(game).info.name_key, locale)


def stats_card(player: str, found: list[GameStats], locale: str | None) -> str:
    """`/stats`: one block per game (all games first when there are several)."""
    if not found:
        return t("stats.none", locale, player=player)
    lines = [t("stats.title", locale, player=player)]
    for entry in found:
        s = entry.stats
        lines.append(f"**{game_name(entry.game, locale)}**")
        lines.append(
            t(
                "stats.line",
                locale,
                played=s.played,
                won=s.won,
                share=round(100 * s.win_share),
                score=round(s.average_score, 1),
                place=round(s.average_place, 1),
            )
        )
        key = "stats.time_line" if s.seconds_per_turn is not None else "stats.time_line_untimed"
        lines.append(
            t(
                key,
                locale,
                time=duration(s.seconds_per_turn, locale),
                clean=s.clean,
                played=s.played,
            )
        )
        if entry.rating is not None:
            lines.append(
                t(
                    "stats.rating_line",
                    locale,
                    rating=round(entry.rating.ordinal, 1),
                    count=entry.rating.games,
                )
            )
    return "\n".join(lines)


def amount(value: float, locale: str | None) -> str:
    """A number rounded to one decimal, as the reader's language writes it."""
    rounded = round(value, 1)
    shown = int(rounded) if rounded == int(rounded) else rounded
    return str(number_words("value", shown, base_locale(locale)))


def stats_blocks(found: list[GameStats], locale: str | None) -> list[StatsBlock]:
    """The panels of the `/stats` picture: per game, tiles for games played, won (and the
    share), average place and rating (none for all games together), and two lines on the
    average score, the time per turn and the games without a missed deadline."""
    blocks = []
    for entry in found:
        s = entry.stats
        tiles = [
            (str(s.played), t("stats.card.played", locale)),
            (
                t("stats.card.won_value", locale, won=s.won, share=round(100 * s.win_share)),
                t("stats.card.won", locale),
            ),
            (amount(s.average_place, locale), t("stats.card.place", locale)),
        ]
        if entry.rating is not None:
            tiles.append((amount(entry.rating.ordinal, locale), t("stats.card.rating", locale)))
        if s.seconds_per_turn is None:
            score = t("stats.card.score_untimed", locale, score=amount(s.average_score, locale))
        else:
            time = duration(s.seconds_per_turn, locale)
            score = t(
                "stats.card.score_time", locale, score=amount(s.average_score, locale), time=time
            )
        clean = t("stats.card.clean", locale, clean=s.clean, played=s.played)
        blocks.append(StatsBlock(game_name(entry.game, locale), tuple(tiles), (score, clean)))
    return blocks


ALT_TEXT = 1024
"""The most characters of a picture's description (its alt text), as Discord takes it."""


async def stats_answer(
    player: str, found: list[GameStats], locale: str | None
) -> tuple[str, discord.File | None]:
    """`/stats`'s answer: the title and the card as a picture whose alt text is the text card
    (for screen readers); the words alone when there is nothing to show."""
    if not found:
        return stats_card(player, found, locale), None
    picture = partial(stats_image, player, stats_blocks(found, locale))
    file = await png_file(picture, "stats.png")
    file.description = stats_card(player, found, locale)[:ALT_TEXT]
    return t("stats.title", locale, player=player), file


def player_name(player: int, locale: str | None) -> str:
    """A leaderboard's player: a member's mention (shown as their name; no ping is sent), or
    the bot of a level."""
    level = bot_level(player)
    if level is None:
        return f"<@{player}>"
    return t("leaderboard.bot", locale, level=t(f"bot.level.{level}", locale))


def leaderboard_card(game: str, lines: list[BoardLine], locale: str | None) -> str:
    """`/leaderboard`: the server's best players of a game, with games played and a mark on
    provisional ratings."""
    name = game_name(game, locale)
    if not lines:
        return t("leaderboard.empty", locale, game=name)
    rows = [t("leaderboard.title", locale, game=name)]
    previous = 0
    for line in lines:
        if line.place > previous + 1:
            rows.append("…")  # a bot level ranked below the players shown
        previous = line.place
        key = "leaderboard.line_provisional" if line.provisional else "leaderboard.line"
        rows.append(
            t(
                key,
                locale,
                place=line.place,
                player=player_name(line.rating.player, locale),
                rating=round(line.rating.ordinal, 1),
                count=line.rating.games,
            )
        )
    if any(line.provisional for line in lines):
        rows.append(t("leaderboard.provisional_note", locale))
    return "\n".join(rows)
