"""Pieces shared by Money's pictures: the phone-first sizes, names, the header, the currency
legend, the match result banner and what the last move changed.

Every picture is WIDTH (600) pixels wide, so a phone showing it 400 px wide scales it by 2/3:
the smallest text (SMALL, 15) shows at 10 px, values, prices and scores (KEY, 22) at 14.7 px.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from PIL import Image, ImageDraw

from i18n import t
from render import theme
from render.draw import panel, pill, text
from render.money.cards import back_tile, currency_colour
from rules.money.components import CURRENCIES, CURRENCY_BY_CODE, VALUE

View = Mapping[str, Any]
Event = Mapping[str, Any]
WHITE = (255, 255, 255)

WIDTH = 600
M = 14  # outer margin (the felt's rim is 6 px)
PAD = 12  # inner padding of a panel
SMALL = 15  # the smallest text: 10 px on a phone
BODY = 17
NAME = 19
KEY = 22  # values, prices, scores, whose turn: 14.7 px on a phone
TITLE = 26
HEADER_HEIGHT = 44


def seat_name(names: list[str], seat: int, locale: str | None) -> str:
    """The display name of `seat`, or "Player N" when `names` has none for it."""
    if 0 <= seat < len(names) and names[seat]:
        return names[seat]
    return t("render.money.pic.player", locale, number=seat + 1)


def cards_total(cards: list[int]) -> int:
    """Face value of some cards (bluff cards count 0)."""
    return sum(VALUE[c] for c in cards)


def currency_name(code: str, locale: str | None) -> str:
    """A currency's name in `locale`."""
    return t(f"render.money.currency.{code.lower()}", locale)


def symbol(code: str) -> str:
    """A currency's symbol ("?" if unknown)."""
    return CURRENCY_BY_CODE[code].symbol if code in CURRENCY_BY_CODE else "?"


def in_currency_order(codes: list[str] | set[str]) -> list[str]:
    """`codes` in the fixed order of the components table."""
    return [c.code for c in CURRENCIES if c.code in codes]


def match_winners(view: View) -> list[int]:
    """Seats that won the match ([] unless the match is over)."""
    return list(view["winners"])


def status_line(view: View, locale: str | None) -> str:
    """The hand and round, e.g. "Hand 1 of 3 · Round 5" (in the final round, whose own mark
    says so, the hand only)."""
    hand = t("render.money.hand_of", locale, hand=view["hand_no"], hands=view["hands_total"])
    if view["final_round"]:
        return hand
    return f"{hand} · {t('render.money.round', locale, round=view['round'])}"


def header(
    image: Image.Image, draw: ImageDraw.ImageDraw, view: View, title: str, locale: str | None
) -> int:
    """Title, hand and round on the left; final round and the deck on the right. Next y."""
    x: float = M + PAD
    right: float = WIDTH - M - PAD
    mid = M + HEADER_HEIGHT / 2
    if view["phase"] == "over":
        text(draw, (x, mid), title, TITLE, theme.GOLD, bold=True, anchor="lm", max_width=right - x)
        return M + HEADER_HEIGHT + 6
    deck = str(view["deck_count"])
    right -= text(draw, (right, mid), deck, KEY, theme.TEXT, bold=True, anchor="rm") + 6
    tile = back_tile(22)
    image.paste(tile, (round(right - tile.width), round(mid - tile.height / 2)), tile)
    right -= tile.width + 6
    right -= (
        text(
            draw, (right, mid), t("render.money.pic.deck", locale), SMALL, theme.MUTED, anchor="rm"
        )
        + 12
    )
    if view["final_round"]:
        words = t("render.money.final_round", locale)
        right = pill(draw, (right, mid), words, SMALL, theme.GOLD, theme.INK, align="right")[0] - 10
    title_w = text(draw, (x, mid), title, TITLE, theme.GOLD, bold=True, anchor="lm")
    text(
        draw,
        (x + title_w + 12, mid),
        status_line(view, locale),
        BODY,
        theme.TEXT,
        anchor="lm",
        max_width=right - x - title_w - 16,
    )
    return M + HEADER_HEIGHT + 6


LEGEND_HEIGHT = 34


def currency_legend(draw: ImageDraw.ImageDraw, codes: list[str], y: int, locale: str | None) -> int:
    """The currencies in play, each a chip in its note colour with its symbol (the colour's
    legend: every note shows the same symbol). Returns the next y."""
    x: float = M + PAD
    mid = y + LEGEND_HEIGHT / 2
    x += text(draw, (x, mid), t("render.money.in_play", locale), SMALL, theme.MUTED, anchor="lm")
    x += 8
    for code in codes:
        box = pill(draw, (x, mid), symbol(code), BODY, currency_colour(code), WHITE)
        x = box[2] + 6
    return y + LEGEND_HEIGHT


BANNER_HEIGHT = 112


def winner_banner(
    draw: ImageDraw.ImageDraw, view: View, names: list[str], y: int, locale: str | None
) -> int:
    """The match result: winners by name and the rule that decided. Returns the next y."""
    x0, x1 = M, WIDTH - M
    panel(
        draw,
        (x0, y, x1, y + BANNER_HEIGHT),
        fill=theme.mix(theme.PANEL, theme.GOLD, 0.15),
        outline=theme.GOLD,
        width=3,
    )
    winners = [seat_name(names, s, locale) for s in match_winners(view)]
    key = "render.money.winner" if len(winners) == 1 else "render.money.winners"
    mid = (x0 + x1) / 2
    words = t("render.money.match_over", locale)
    text(draw, (mid, y + 22), words, BODY, theme.MUTED, bold=True, anchor="mm")
    words = "★ " + t(key, locale, names=", ".join(winners)) + " ★"
    text(
        draw,
        (mid, y + 56),
        words,
        TITLE,
        theme.GOLD,
        bold=True,
        anchor="mm",
        max_width=x1 - x0 - 24,
    )
    rule = t(f"render.money.pic.rule.{view['options'].get('match', 'most_hands')}", locale)
    text(draw, (mid, y + 92), rule, SMALL, theme.TEXT, anchor="mm", max_width=x1 - x0 - 24)
    return y + BANNER_HEIGHT + 8


def new_cards(last: Sequence[Event]) -> set[int]:
    """The cards the last move laid down where everyone sees them: bids just revealed, and the
    cards a player gave into a row or onto a bid's place."""
    placed: set[int] = set()
    for event in last:
        if event["type"] == "bids_revealed":
            placed.update(c for bid in event["bids"] for c in bid or [])
        elif event["type"] in ("took_row", "took_bid"):
            placed.update(event["gave"])
    return placed


def new_bids(last: Sequence[Event]) -> set[int]:
    """The seats whose secret bid the last move placed."""
    return {e["seat"] for e in last if e["type"] == "bid_placed"}


def last_actions(last: Sequence[Event], names: list[str], locale: str | None) -> dict[int, str]:
    """What each seat did in the last move, in words ("Took the left row (90)"), by seat."""
    done: dict[int, str] = {}
    for event in last:
        kind, seat = event["type"], int(event.get("seat") or 0)
        if kind == "took_row":
            row = t(
                f"render.money.pic.took_row.{event['row']}",
                locale,
                total=cards_total(event["took"]),
            )
            done[seat] = row
        elif kind == "took_bid":
            other = seat_name(names, event["from"], locale)
            done[seat] = t(
                "render.money.pic.took_bid", locale, name=other, total=cards_total(event["took"])
            )
        elif kind == "passed":
            done[seat] = t("render.money.pic.passed", locale, total=cards_total(event["took"]))
    return done
