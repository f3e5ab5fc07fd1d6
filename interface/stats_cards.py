"""The text cards of `/stats` and `/leaderboard`, from the service's statistics; every word
through the catalog (`stats.*`, `leaderboard.*`)."""

from __future__ import annotations

from db.results import bot_level
from games import rules_of
from i18n import t
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
        lines.append(
            t(
                "stats.time_line",
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
