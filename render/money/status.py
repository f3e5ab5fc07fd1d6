"""Each seat's state at the table (thinking, bid placed, acting, waiting, ...) and its look."""

from __future__ import annotations

from typing import NamedTuple

from render import theme
from render.money.common import View, match_winners
from render.theme import Colour


class Style(NamedTuple):
    """How a status is shown: its label key, the label's colours, and the seat strip's colours."""

    key: str
    pill: Colour
    ink: Colour
    fill: Colour
    outline: Colour


_ACTIVE = theme.mix(theme.PANEL, theme.GOLD, 0.12)
_PLAIN = (theme.PANEL, theme.PANEL_LINE)
_DIM = (theme.PANEL_DIM, theme.PANEL_DIM)

STATUS: dict[str, Style] = {
    "thinking": Style("render.money.pic.status.thinking", theme.PANEL_LINE, theme.TEXT, *_PLAIN),
    "bid_placed": Style("render.money.pic.status.bid_placed", theme.GOOD, theme.INK, *_PLAIN),
    "acting": Style("render.money.pic.status.acting", theme.GOLD, theme.INK, _ACTIVE, theme.GOLD),
    "waiting": Style("render.money.pic.status.waiting", theme.PANEL_LINE, theme.TEXT, *_PLAIN),
    "acted": Style("render.money.pic.status.acted", theme.PANEL_DIM, theme.MUTED, *_DIM),
    "sat_out": Style("render.money.pic.status.sat_out", theme.PANEL_DIM, theme.MUTED, *_DIM),
    "winner": Style("render.money.pic.status.winner", theme.GOLD, theme.INK, _ACTIVE, theme.GOLD),
    "over": Style("", theme.PANEL, theme.TEXT, *_PLAIN),
}
DIMMED = frozenset({"acted", "sat_out"})


def seat_status(view: View, seat: int) -> str:
    """One of the STATUS keys for `seat`, from the public part of any view."""
    info = view["seats"][seat]
    if view["phase"] == "over":
        return "winner" if seat in match_winners(view) else "over"
    if view["phase"] == "bid":
        return "bid_placed" if info["bid_placed"] else "thinking"
    if info["sat_out"]:
        return "sat_out"
    if info["acted"]:
        return "acted"
    return "acting" if seat in view["to_act"] else "waiting"


def order_position(view: View, seat: int) -> int:
    """1-based place of `seat` in the exchange order (0 when it is not in the order)."""
    order = view["order"]
    return order.index(seat) + 1 if seat in order else 0
