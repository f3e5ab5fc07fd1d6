"""The words of a finished game's result, shared by the games' `Presentation.result_lines`:
the ranking (places shared by equal keys) and the common sentences (most points wins, a shared
win, Dirk never wins). Built from the final public view only."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

from i18n import t

Key = tuple[int, ...]


def joined(names: Sequence[str], locale: str | None) -> str:
    """`Ann`, `Ann and Bob`, `Ann, Bob and Cid`."""
    if len(names) <= 1:
        return "".join(names)
    return t("result.and", locale, first=", ".join(names[:-1]), last=names[-1])


def ordinal(place: int, locale: str | None) -> str:
    """`1st`, `2nd`, ... (the catalog holds the first six; later places are numbers)."""
    return t(f"result.ordinal.{place}", locale) if place <= 6 else str(place)


def ranking(
    keys: Sequence[Key],
    names: Sequence[str],
    words: Callable[[int], str],
    locale: str | None,
    winners: Sequence[int] = (),
) -> list[str]:
    """One line per seat, best first: `🏆 1st Ann — 480 points`; equal keys share a place,
    except that the `winners` (a tie-break decided) come first."""
    order = sorted(range(len(keys)), key=lambda s: (s not in winners, tuple(-k for k in keys[s])))
    lines = []
    place = 0
    for index, seat in enumerate(order):
        before = order[index - 1] if index else None
        same = (
            before is not None
            and keys[before] == keys[seat]
            and (before in winners) == (seat in winners)
        )
        if not same:
            place = index + 1
        mark = "🏆 " if seat in winners else ""
        lines.append(
            t(
                "result.line",
                locale,
                mark=mark,
                place=ordinal(place, locale),
                name=names[seat],
                score=words(seat),
            )
        )
    return lines


def points_result(view: dict[str, Any], names: Sequence[str], locale: str | None) -> list[str]:
    """The result of a game of points where the most points win, ties share and a neutral Dirk
    (`view["dirk"]`, his points in `view["dirk_score"]`) ranks but never wins."""
    scores: list[int] = list(view["scores"])
    winners: list[int] = list(view["winners"])
    lines = ranking(
        [(s,) for s in scores],
        names,
        lambda s: t("result.points", locale, points=scores[s], count=scores[s]),
        locale,
        winners,
    )
    dirk = view.get("dirk_score") if view.get("dirk") else None
    if dirk is not None:
        lines.append(t("result.dirk", locale, points=dirk))
    lines.append(decided_by_points(scores, winners, names, locale))
    best = max(scores)
    if dirk is not None and dirk >= best:
        lines.append(t("result.dirk_ahead", locale, dirk=dirk))
    return lines


def decided_by_points(
    scores: Sequence[int], winners: Sequence[int], names: Sequence[str], locale: str | None
) -> str:
    """`Ann wins with the most points (52).`, or the shared win of a tie."""
    best = max(scores)
    if len(winners) > 1:
        return t(
            "result.shared_points",
            locale,
            names=joined([names[s] for s in winners], locale),
            points=best,
        )
    return t("result.most_points", locale, name=names[winners[0]], points=best)
