"""A seat's private Money hand for its DM, 600 px wide for phones: cards grouped by currency
with what each scores now, the own bid apart, and what the whole hand scores."""

from __future__ import annotations

from dataclasses import dataclass, field

from PIL import Image, ImageDraw

from i18n import t
from render import theme
from render.draw import canvas, card_step, panel, pill, text
from render.money.cards import BLUFF, COIN, card_size, currency_colour, put_card
from render.money.common import (
    BODY,
    HEADER_HEIGHT,
    KEY,
    NAME,
    PAD,
    SMALL,
    WIDTH,
    M,
    View,
    cards_total,
    currency_name,
    header,
    in_currency_order,
    symbol,
)
from render.money.status import STATUS, order_position, seat_status
from rules.money.components import CARDS, HIGH_THRESHOLD, LOW_THRESHOLD, TRIO_BONUS, TRIO_VALUES
from rules.money.scoring import currency_points, score_cards

CARD = 60  # card width in the hand
INFO_COL = 212  # the group's name, points and total
LINE = 22  # line height of a group's smaller lines
CARDS_HEIGHT = card_size(CARD)[1] + 2 * PAD
BID_HEIGHT = 44 + card_size(CARD)[1] + PAD
PROMPT_HEIGHT = 34
FOOT_HEIGHT = 64
GAP = 10
WHITE = (255, 255, 255)

Line = tuple[str, theme.Colour, bool]  # words, colour, bold


@dataclass
class Group:
    """One group of the hand: a currency's notes, the coins, or the bluff card. `points` is
    what it scores now (shown large), `lines` the smaller explanations below."""

    title: str
    colour: theme.Colour
    badge: str
    cards: list[int]
    points: str = ""
    lines: list[Line] = field(default_factory=list)

    @property
    def height(self) -> int:
        """The group's panel height: its cards or its lines, whichever is taller."""
        return max(CARDS_HEIGHT, 40 + (30 if self.points else 0) + LINE * len(self.lines) + 8)


def _currency_lines(cards: list[int], locale: str | None) -> list[Line]:
    """Total, the distance to the next threshold, and trio bonuses."""
    total = cards_total(cards)
    lines: list[Line] = [(t("render.money.total", locale, total=total), theme.TEXT, False)]
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
    cards by value then serial, each group with what it scores now and its explanations."""
    order = sorted(hand, key=lambda c: (CARDS[c].value, CARDS[c].serial or 0))
    notes = [c for c in order if CARDS[c].kind == "note"]
    out = []
    for code in in_currency_order({code for c in notes if (code := CARDS[c].currency)}):
        cards = [c for c in notes if CARDS[c].currency == code]
        scored = currency_points(cards_total(cards))
        points = t("render.money.pic.scores_now", locale, points=scored, count=scored)
        lines = _currency_lines(cards, locale)
        group = Group(currency_name(code, locale), currency_colour(code), symbol(code), cards)
        group.points, group.lines = points, lines
        out.append(group)
    coins = [c for c in order if CARDS[c].kind == "coin"]
    if coins:
        scored = cards_total(coins)
        points = t("render.money.pic.scores_now", locale, points=scored, count=scored)
        count = t("render.money.pic.coins_count", locale, count=len(coins))
        group = Group(t("render.money.coins", locale), COIN, "10", coins, points)
        group.lines = [(count, theme.TEXT, False)]
        out.append(group)
    bluff = [c for c in order if CARDS[c].kind == "bluff"]
    if bluff:
        keys = ("render.money.bluff_worth", "render.money.bluff_returns")
        lines = [(t(key, locale), theme.MUTED, False) for key in keys]
        out.append(Group(t("render.money.bluff_card", locale), BLUFF, "0", bluff, "", lines))
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
    top = M + HEADER_HEIGHT + 6 + PROMPT_HEIGHT + GAP
    body = sum(g.height + GAP for g in parts) if parts else CARDS_HEIGHT + GAP
    if bid:
        body += BID_HEIGHT + GAP
    image, draw = canvas(top + body + FOOT_HEIGHT + M, WIDTH)
    y = header(image, draw, view, t("render.money.hand_title", locale), locale)
    y = _prompt(draw, view, seat, y, locale)
    if bid:
        y = _bid(image, draw, bid, bid_key, y, locale)
    for group in parts:
        y = _group(image, draw, group, y, locale)
    if not parts:
        panel(draw, (M, y, WIDTH - M, y + CARDS_HEIGHT))
        words = t("render.money.empty", locale)
        text(draw, (WIDTH / 2, y + CARDS_HEIGHT / 2), words, BODY, theme.MUTED, anchor="mm")
        y += CARDS_HEIGHT + GAP
    note = f"render.money.not_counted.{view['phase']}" if bid else None
    _footer(draw, hand, note, y, locale)
    return image


def _own_bid(view: View, seat: int) -> tuple[list[int], str]:
    """The seat's secret bid (bid phase) or the cards in front of it (exchange), and a title key."""
    if view["phase"] == "bid" and view.get("bid"):
        return list(view["bid"]), "render.money.your_bid"
    table = view["seats"][seat]["table"] if view["phase"] == "exchange" else None
    return (list(table), "render.money.your_table") if table else ([], "")


def _prompt(draw: ImageDraw.ImageDraw, view: View, seat: int, y: int, locale: str | None) -> int:
    """The seat's turn or status, and a reminder that the picture is private."""
    mid = y + PROMPT_HEIGHT / 2
    x: float = M + 4
    if seat in view["to_act"]:
        words = t(f"render.money.pic.prompt.{view['phase']}", locale)
        x = pill(draw, (x, mid), words, BODY, theme.GOLD, theme.INK)[2] + 12
    else:
        style = STATUS[seat_status(view, seat)]
        if style.key:
            words = t(style.key, locale, pos=order_position(view, seat))
            x = pill(draw, (x, mid), words, BODY, style.pill, style.ink)[2] + 12
    right = WIDTH - M - 4
    words = t("render.money.pic.private", locale)
    text(draw, (right, mid), words, SMALL, theme.MUTED, anchor="rm", max_width=right - x)
    return round(y + PROMPT_HEIGHT + GAP)


def _lay(
    image: Image.Image,
    draw: ImageDraw.ImageDraw,
    cards: list[int],
    x: float,
    y: float,
    room: float,
    locale: str | None,
) -> None:
    step = card_step(len(cards), CARD, room, gap=6)
    for i, card in enumerate(cards):
        put_card(image, draw, card, (x + i * step, y), CARD, locale)


def _bid(
    image: Image.Image,
    draw: ImageDraw.ImageDraw,
    bid: list[int],
    key: str,
    y: int,
    locale: str | None,
) -> int:
    x0, x1 = M, WIDTH - M
    panel(
        draw,
        (x0, y, x1, y + BID_HEIGHT),
        fill=theme.mix(theme.PANEL, theme.GOLD, 0.1),
        outline=theme.GOLD,
        width=3,
    )
    total = t("render.money.total", locale, total=cards_total(bid))
    box = pill(draw, (x1 - 10, y + 22), total, KEY, theme.GOLD, theme.INK, align="right")
    words = t(key, locale)
    text(
        draw,
        (x0 + PAD, y + 22),
        words,
        NAME,
        theme.TEXT,
        bold=True,
        anchor="lm",
        max_width=box[0] - x0 - 2 * PAD,
    )
    _lay(image, draw, bid, x0 + PAD, y + 44, x1 - x0 - 2 * PAD, locale)
    return y + BID_HEIGHT + GAP


def _group(
    image: Image.Image, draw: ImageDraw.ImageDraw, group: Group, y: int, locale: str | None
) -> int:
    x0, x1 = M, WIDTH - M
    panel(draw, (x0, y, x1, y + group.height))
    x = x0 + PAD
    chip = pill(draw, (x, y + 22), group.badge, KEY, group.colour, WHITE)
    room = INFO_COL - (chip[2] - x) - 16
    text(
        draw,
        (chip[2] + 8, y + 22),
        group.title,
        BODY,
        theme.TEXT,
        bold=True,
        anchor="lm",
        max_width=room,
    )
    line_y = y + 44
    if group.points:
        text(
            draw,
            (x, line_y + 22),
            group.points,
            KEY,
            theme.GOLD,
            bold=True,
            anchor="ls",
            max_width=INFO_COL - PAD,
        )
        line_y += 30
    for words, colour, bold in group.lines:
        text(
            draw,
            (x, line_y + 16),
            words,
            SMALL,
            colour,
            bold=bold,
            anchor="ls",
            max_width=INFO_COL - PAD,
        )
        line_y += LINE
    top = y + (group.height - card_size(CARD)[1]) / 2
    _lay(image, draw, group.cards, x0 + INFO_COL, top, x1 - x0 - INFO_COL - PAD, locale)
    return y + group.height + GAP


def _footer(
    draw: ImageDraw.ImageDraw, hand: list[int], note: str | None, y: int, locale: str | None
) -> None:
    """What the cards in hand would score if the hand ended now."""
    x0, x1 = M, WIDTH - M
    panel(draw, (x0, y, x1, y + FOOT_HEIGHT), fill=theme.PANEL_DIM)
    points = score_cards(hand)["total"]
    words = t("render.money.hand_score", locale, points=points)
    top = y + (24 if note else FOOT_HEIGHT / 2)
    text(
        draw,
        (x0 + PAD, top),
        words,
        KEY,
        theme.GOLD,
        bold=True,
        anchor="lm",
        max_width=x1 - x0 - 2 * PAD,
    )
    if note:
        text(
            draw,
            (x0 + PAD, y + 50),
            t(note, locale),
            SMALL,
            theme.MUTED,
            anchor="lm",
            max_width=x1 - x0 - 2 * PAD,
        )
