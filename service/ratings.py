"""Ratings: OpenSkill's Plackett–Luce model (`openskill`, pinned), per server and game.

A finished game rates every seat by its place (`service.results`): members by their user id,
bots as one player per bot level (`db.results.bot_player`: the easy, standard and strong bot
are rated apart), in the same pool, so players see how strong each level is (PROPOSED).
Several bot seats of one level in one game are each rated from that level's rating, and its
new rating is the mean of their seats' (PROPOSED). The store calls `rate` inside
the transaction that ends the game (`GameResults.rater`), so the game's end and its ratings are
saved together or not at all. Games a host aborts are not rated (they never finish).
"""

from __future__ import annotations

from collections import defaultdict

from openskill.models import PlackettLuce

MODEL = PlackettLuce()
PROVISIONAL_GAMES = 5
"""A member's rating is marked provisional until they have played this many rated games."""


def rate(
    seats: list[tuple[int, int]], current: dict[int, tuple[float, float]]
) -> dict[int, tuple[float, float]]:
    """The players' new (mu, sigma) after a game whose seats are (player, place), place 1 the
    best (ties share a place); `current` holds the players rated before (others start at the
    model's defaults). Each seat is a team of one."""
    teams = []
    for player, _ in seats:
        mu, sigma = current.get(player, (MODEL.mu, MODEL.sigma))
        teams.append([MODEL.rating(mu=mu, sigma=sigma)])
    rated = MODEL.rate(teams, ranks=[float(place) for _, place in seats])
    gathered: dict[int, list[tuple[float, float]]] = defaultdict(list)
    for (player, _), team in zip(seats, rated, strict=True):
        gathered[player].append((team[0].mu, team[0].sigma))
    return {
        player: (sum(m for m, _ in values) / len(values), sum(s for _, s in values) / len(values))
        for player, values in gathered.items()
    }


def ordinal(mu: float, sigma: float) -> float:
    """The conservative skill the leaderboard shows and sorts by (OpenSkill's ordinal)."""
    return mu - 3 * sigma
