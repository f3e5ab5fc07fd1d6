"""A seat's private Money hand for its DM: cards grouped by currency with what each scores now."""

from __future__ import annotations

from dataclasses import dataclass, field

from PIL import Image, ImageDraw

from i18n import t
from render import theme
from render.cards import BLUFF, COIN, card_size, card_tile, currency_colour
from render.draw import canvas, lay_cards, panel, pill, text
from render.money.common import (
    View,
    cards_total,
    currency_name,
    header,
    in_currency_order,
    seat_name,
    symbol,
)
from render.money.status import STATUS, order_position, seat_status
from rules.money.components import CARDS, HIGH_THRESHOLD, LOW_THRESHOLD, TRIO_BONUS, TRIO_VALUES
from rules.money.scoring import currency_points, score_cards

CARD = 84  # card width in the hand
INFO_COL = 300  # the group's name, total and points
LINE = 27  # line height of a group's explanations
CARDS_HEIGHT = card_size(CARD)[1] + 24
BID_HEIGHT = card_size(CARD)[1] + 66
PROMPT_HEIGHT = 36
FOOT_HEIGHT = 64
WHITE = (255, 255, 255)

Line = tuple[str, theme.Colour, bool]  # words, colour, bold


@dataclass
class Group:
    """One group of the hand: a currency's notes, the coins, or the bluff card."""

    title: str
    colour: theme.Colour
    badge: str
    cards: list[int]
    lines: list[Line] = field(default_factory=list)

    @property
    def height(self) -> int:
        """The group's panel height: its cards or its lines, whichever is taller."""
        return max(CARDS_HEIGHT, 52 + LINE * len(self.lines) + 6)


def _currency_lines(cards: list[int], locale: str | None) -> list[Line]:
    """Total, points now, the distance to the next threshold, and trio bonuses."""
    total = cards_total(cards)
    points = currency_points(total)
    lines: list[Line] = [
        (t("render.money.total", locale, total=total), theme.TEXT, False),
        (
            t("render.money.scores_now", locale, points=points),
            theme.GOLD if points else theme.MUTED,
            True,
        ),
    ]
    target = next((v for v in (LOW_THRESHOLD, HIGH_THRESHOLD) if total < v), None)
    if target is not None:
        need = target - total
        lines.append(
            (t("render.money.to_next", locale, need=need, target=target), theme.MUTED, False)
        )
    for value in TRIO_VALUES:
        if sum(1 for c in cards if CARDS[c].value == value) >= 3:
            lines.append(
                (t("render.money.trio", locale, value=value, bonus=TRIO_BONUS), theme.GOOD, True)
            )
    return lines


def groups(hand: list[int], locale: str | None) -> list[Group]:
    """The hand split into groups (currencies in table order, then coins, then the bluff card),
    cards by value then serial, each group with its lines of explanation."""
    order = sorted(hand, key=lambda c: (CARDS[c].value, CARDS[c].serial or 0))
    notes = [c for c in order if CARDS[c].kind == "note"]
    out = []
    for code in in_currency_order({code for c in notes if (code := CARDS[c].currency)}):
        cards = [c for c in notes if CARDS[c].currency == code]
        lines = _currency_lines(cards, locale)
        out.append(
            Group(currency_name(code, locale), currency_colour(code), symbol(code), cards, lines)
        )
    coins = [c for c in order if CARDS[c].kind == "coin"]
    if coins:
        points = t("render.money.scores_now", locale, points=cards_total(coins))
        count = t("render.money.coins_count", locale, count=len(coins))
        lines = [(count, theme.TEXT, False), (points, theme.GOLD, True)]
        out.append(Group(t("render.money.coins", locale), COIN, "10", coins, lines))
    bluff = [c for c in order if CARDS[c].kind == "bluff"]
    if bluff:
        keys = ("render.money.bluff_worth", "render.money.bluff_returns")
        lines = [(t(key, locale), theme.MUTED, False) for key in keys]
        out.append(Group(t("render.money.bluff_card", locale), BLUFF, "0", bluff, lines))
    return out


def hand_picture(view: View, names: list[str], locale: str | None) -> Image.Image:
    """The private hand of the view's seat: groups with totals and points now, the own bid apart.
    Raises ValueError for the public view (its "seat" is None)."""
    seat = view.get("seat")
    if seat is None:
        raise ValueError("hand_picture needs a seat's view, not the public view")
    hand = list(view["hand"])
    bid, bid_key = _own_bid(view, seat)
    parts = groups(hand, locale)
    top = theme.MARGIN + 44 + theme.GAP + PROMPT_HEIGHT + theme.GAP
    body = sum(g.height + theme.GAP for g in parts) if parts else CARDS_HEIGHT + theme.GAP
    if bid:
        body += BID_HEIGHT + theme.GAP
    image, draw = canvas(top + body + FOOT_HEIGHT + theme.MARGIN)
    y = header(image, draw, view, t("render.money.hand_title", locale), locale)
    y = _prompt(draw, view, seat, seat_name(names, seat, locale), y, locale)
    if bid:
        y = _bid(image, draw, bid, bid_key, y, locale)
    for group in parts:
        y = _group(image, draw, group, y, locale)
    if not parts:
        panel(draw, (theme.MARGIN, y, theme.WIDTH - theme.MARGIN, y + CARDS_HEIGHT))
        text(
            draw,
            (theme.WIDTH / 2, y + CARDS_HEIGHT / 2),
            t("render.money.empty", locale),
            22,
            theme.MUTED,
            anchor="mm",
        )
        y += CARDS_HEIGHT + theme.GAP
    note = f"render.money.not_counted.{view['phase']}" if bid else None
    _footer(draw, hand, note, y, locale)
    return image


def _own_bid(view: View, seat: int) -> tuple[list[int], str]:
    """The seat's secret bid (bid phase) or the cards in front of it (exchange), and a title key."""
    if view["phase"] == "bid" and view.get("bid"):
        return list(view["bid"]), "render.money.your_bid"
    table = view["seats"][seat]["table"] if view["phase"] == "exchange" else None
    return (list(table), "render.money.your_table") if table else ([], "")


def _prompt(
    draw: ImageDraw.ImageDraw, view: View, seat: int, name: str, y: int, locale: str | None
) -> int:
    """The seat's turn or status, and a reminder that the picture is private."""
    mid = y + PROMPT_HEIGHT / 2
    x: float = theme.MARGIN + 4
    if seat in view["to_act"]:
        words = t(f"render.money.prompt.{view['phase']}", locale)
        x = pill(draw, (x, mid), words, 20, theme.GOLD, theme.INK)[2] + 16
    else:
        style = STATUS[seat_status(view, seat)]
        if style.key:
            words = t(style.key, locale, pos=order_position(view, seat))
            x = pill(draw, (x, mid), words, 20, style.pill, style.ink)[2] + 16
    text(
        draw,
        (theme.WIDTH - theme.MARGIN - 4, mid),
        t("render.money.private", locale, name=name),
        18,
        theme.MUTED,
        anchor="rm",
        max_width=theme.WIDTH - theme.MARGIN - x - 10,
    )
    return round(y + PROMPT_HEIGHT + theme.GAP)


def _bid(
    image: Image.Image,
    draw: ImageDraw.ImageDraw,
    bid: list[int],
    key: str,
    y: int,
    locale: str | None,
) -> int:
    x0, x1 = theme.MARGIN, theme.WIDTH - theme.MARGIN
    panel(
        draw,
        (x0, y, x1, y + BID_HEIGHT),
        fill=theme.mix(theme.PANEL, theme.GOLD, 0.1),
        outline=theme.GOLD,
        width=3,
    )
    text(
        draw,
        (x0 + 18, y + 30),
        t(key, locale),
        24,
        theme.TEXT,
        bold=True,
        anchor="lm",
        max_width=x1 - x0 - 220,
    )
    pill(
        draw,
        (x1 - 16, y + 30),
        t("render.money.total", locale, total=cards_total(bid)),
        20,
        theme.GOLD,
        theme.INK,
        align="right",
    )
    tiles = [card_tile(c, CARD, locale) for c in bid]
    lay_cards(image, tiles, x0 + 18, y + 54, x1 - x0 - 36)
    return y + BID_HEIGHT + theme.GAP


def _group(
    image: Image.Image, draw: ImageDraw.ImageDraw, group: Group, y: int, locale: str | None
) -> int:
    x0, x1 = theme.MARGIN, theme.WIDTH - theme.MARGIN
    panel(draw, (x0, y, x1, y + group.height))
    x = x0 + 18
    chip = pill(draw, (x, y + 28), group.badge, 18, group.colour, WHITE)
    text(
        draw,
        (chip[2] + 10, y + 28),
        group.title,
        22,
        theme.TEXT,
        bold=True,
        anchor="lm",
        max_width=INFO_COL - (chip[2] - x) - 20,
    )
    line_y = y + 52 + LINE - 7
    for words, colour, bold in group.lines:
        text(draw, (x, line_y), words, 20, colour, bold=bold, anchor="ls", max_width=INFO_COL - 24)
        line_y += LINE
    tiles = [card_tile(c, CARD, locale) for c in group.cards]
    top = y + (group.height - card_size(CARD)[1]) / 2
    lay_cards(image, tiles, x0 + INFO_COL, top, x1 - x0 - INFO_COL - 16)
    return y + group.height + theme.GAP


def _footer(
    draw: ImageDraw.ImageDraw, hand: list[int], note: str | None, y: int, locale: str | None
) -> None:
    """What the cards in hand would score if the hand ended now."""
    x0, x1 = theme.MARGIN, theme.WIDTH - theme.MARGIN
    panel(draw, (x0, y, x1, y + FOOT_HEIGHT), fill=theme.PANEL_DIM)
    points = score_cards(hand)["total"]
    mid = y + FOOT_HEIGHT / 2
    w = text(
        draw,
        (x0 + 18, mid),
        t("render.money.hand_score", locale, points=points),
        26,
        theme.GOLD,
        bold=True,
        anchor="lm",
        max_width=x1 - x0 - 36,
    )
    if note:
        text(
            draw,
            (x0 + 40 + w, mid),
            t(note, locale),
            18,
            theme.MUTED,
            anchor="lm",
            max_width=x1 - x0 - w - 60,
        )
