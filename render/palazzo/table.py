"""The public Palazzo table for the channel, drawn from the public view only, for a phone:
whose decision it is, the knights and stacks, the warehouse and the quarries, the money shown,
the auction, the tiles waiting to be built, and each player's palazzi as towers (two players
side by side while they have few). What the last move changed is outlined in gold."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from PIL import Image

from i18n import t
from render import theme
from render.draw import text, width_of
from render.palazzo.changes import Changes, changes
from render.palazzo.common import (
    CARD_H,
    CARD_W,
    INNER,
    KEY,
    MARGIN,
    MID,
    NEUTRAL_W,
    SMALL,
    TILE_H,
    TILE_W,
    TITLE,
    WIDTH,
    Draw,
    Scratch,
    View,
    block,
    building_tile,
    card_row,
    fitted_line,
    material_legend,
    money_legend,
    neutral_card,
    new_tag,
    new_tag_width,
    outline,
    pairs,
    points_words,
    towers,
    towers_height,
    towers_width,
)

PAD = 10  # inside a panel
GAP = 8  # between panels
QUARRY_GAP = 8
KNIGHTS = 5


def headline(view: View, names: list[str], locale: str | None, max_width: float) -> str:
    """`Ada to bid or pass`, or the winners once the game is over."""
    if view["phase"] == "over":
        winners = view["result"]["winners"]
        if len(winners) == 1:
            return fitted_line("palazzo.render.wins", names[winners[0]], TITLE, max_width, locale)
        together = ", ".join(names[s] for s in winners)
        return fitted_line("palazzo.render.share", together, TITLE, max_width, locale)
    if not view["to_act"]:
        return t("palazzo.name", locale)
    name = names[view["to_act"][0]]
    return fitted_line(f"palazzo.render.next.{view['phase']}", name, TITLE, max_width, locale)


def table_picture(
    view: View, names: list[str], locale: str | None, last: Sequence[Mapping[str, Any]] = ()
) -> Image.Image:
    """The whole table, `WIDTH` wide and as tall as it needs; `last` are the public events since
    the previous board. Raises ValueError unless `view` is the public view."""
    if view.get("seat") is not None or "hand" in view:
        raise ValueError("table_picture draws only the public view (seat None)")
    new = changes(last)
    sheet = Scratch()
    draw = sheet.draw
    y = _header(draw, view, names, locale, new)
    y = _market(draw, view, y, locale, new)
    if view["display"]:
        y = _display(draw, view, y, locale)
    if view["auction"]:
        y = _auction(draw, view, names, y, locale, new)
    if view["pending"]:
        y = _pending(draw, view, y, locale)
    y = _players(draw, view, names, y, locale, new)
    y = _legend(draw, view, y, locale)
    return sheet.finish(y + MARGIN)


def _header(draw: Draw, view: View, names: list[str], locale: str | None, new: Changes) -> int:
    x0, x1 = MARGIN + 4, WIDTH - MARGIN - 4
    turn = t("palazzo.render.turn", locale, turn=view["turn_no"])
    turn_w = width_of(turn, KEY)
    line = headline(view, names, locale, x1 - x0 - turn_w - 16)
    y = MARGIN + 28
    text(draw, (x0, y), line, TITLE, theme.GOLD, True)
    text(draw, (x1, y), turn, KEY, theme.MUTED, anchor="rs")
    y += 20
    # the knights (the fifth ends the game) and the tiles left in each stack
    mid = y + 18
    x = (
        x0
        + text(draw, (x0, mid), t("palazzo.render.knights", locale), MID, theme.TEXT, True, "lm")
        + 10
    )
    drawn = len(view["knights"])
    for k in range(KNIGHTS):
        box = (x + k * 30, mid - 13, x + k * 30 + 26, mid + 13)
        if k < drawn:
            draw.ellipse(box, fill=theme.GOLD, outline=theme.INK)
            text(draw, (box[0] + 13, mid + 1), "♞", MID, theme.INK, True, "mm")
            if k >= drawn - new.knights:
                outline(draw, box, 2)
        else:
            draw.ellipse(box, fill=theme.PANEL_DIM, outline=theme.PANEL_LINE, width=2)
    x += KNIGHTS * 30 + 4
    if new.knights:
        x += new_tag(draw, x + 4, mid, locale) + 8
    sx: float = x1
    for stack in reversed(view["stacks"]):
        sx -= text(draw, (sx, mid + 1), str(stack["count"]), KEY, theme.TEXT, True, "rm") + 5
        name_w = width_of(stack["name"], SMALL, True) + 12
        sx -= name_w
        draw.rounded_rectangle(
            (sx, mid - 11, sx + name_w, mid + 11), radius=4, fill=theme.PANEL_LINE
        )
        text(draw, (sx + name_w / 2, mid + 1), stack["name"], SMALL, theme.TEXT, True, "mm")
        sx -= 14
    label = t("palazzo.render.stacks", locale)
    if sx - width_of(label, SMALL) - 4 > x + 8:
        text(draw, (sx + 6, mid + 1), label, SMALL, theme.MUTED, anchor="rm")
    return mid + 18 + GAP


def next_auction(view: View) -> int | None:
    """The quarry the next auction takes (the next one with tiles after the master builder's,
    which itself comes last), or None."""
    by_number = {view["numbers"][q]: q for q in range(4)}
    for k in (1, 2, 3, 0):
        q = by_number[k]
        if view["quarries"][q]:
            return q
    return None


def _market(draw: Draw, view: View, y: int, locale: str | None, new: Changes) -> int:
    """One panel: the warehouse (its price, its tiles) above the four quarries."""
    x0, x1 = MARGIN, WIDTH - MARGIN
    # the warehouse's tiles flow in rows, a "new" tag after each new tile
    items: list[tuple[str, int]] = []
    for tile in view["warehouse"]:
        items.append(("tile", tile))
        if tile in new.tiles:
            items.append(("tag", tile))
    tag_w = new_tag_width(locale) + 6
    rows: list[list[tuple[str, int]]] = [[]]
    used = 0.0
    for item in items:
        w = TILE_W + 8 if item[0] == "tile" else tag_w
        if used + w > x1 - x0 - 2 * PAD + 8 and rows[-1]:
            rows.append([])
            used = 0.0
        rows[-1].append(item)
        used += w
    rows = [r for r in rows if r]
    ware_h = 38 + len(rows) * (TILE_H + 8)
    quarries = view["quarries"]
    tallest = max(len(q) for q in quarries)
    quarry_h = 64 + max(1, tallest) * (TILE_H + 6)
    height = PAD + ware_h + 8 + quarry_h + 4
    block(draw, (x0, y, x1, y + height))
    top = y + PAD
    text(
        draw,
        (x0 + PAD, top + 14),
        t("palazzo.render.warehouse", locale),
        MID,
        theme.TEXT,
        True,
        "lm",
    )
    price = t("palazzo.render.price", locale, price=view["price"])
    text(draw, (x1 - PAD, top + 14), price, KEY, theme.GOLD, True, "rm")
    if not rows:
        label_w = width_of(t("palazzo.render.warehouse", locale), MID, True)
        empty = t("palazzo.render.empty", locale)
        text(draw, (x0 + PAD + label_w + 14, top + 14), empty, SMALL, theme.FAINT, anchor="lm")
    ty = top + 36
    for row in rows:
        x: float = x0 + PAD
        for kind, tile in row:
            if kind == "tile":
                building_tile(draw, x, ty, tile, locale, tile in new.tiles)
                x += TILE_W + 8
            else:
                new_tag(draw, x, ty + TILE_H / 2, locale)
                x += tag_w
        ty += TILE_H + 8
    qy = top + ware_h + 8
    draw.line((x0 + PAD, qy - 4, x1 - PAD, qy - 4), fill=theme.PANEL_LINE, width=2)
    col_w = (x1 - x0 - 2 * PAD - 3 * QUARRY_GAP) / 4
    target = next_auction(view) if view["phase"] != "over" else None
    order = sorted(range(4), key=lambda q: view["numbers"][q])  # quarry 0 (the builder's) first
    for k, q in enumerate(order):
        cx = x0 + PAD + k * (col_w + QUARRY_GAP)
        number = view["numbers"][q]
        title = t("palazzo.render.quarry", locale, number=number)
        text(draw, (cx + 2, qy + 18), title, KEY, theme.TEXT, True, "lm", max_width=col_w - 4)
        if number == 0:
            words = t("palazzo.render.master", locale)
            _tag(draw, cx + 2, qy + 44, words, theme.PANEL_LINE, theme.TEXT, col_w - 4)
        if q == target:
            words = t("palazzo.render.next_auction", locale)
            _tag(draw, cx + 2, qy + 44, words, theme.GOLD, theme.INK, col_w - 4)
        tiles = quarries[q]
        for j, tile in enumerate(tiles):
            ty = qy + 60 + j * (TILE_H + 6)
            building_tile(draw, cx + 2, ty, tile, locale, tile in new.tiles)
            if tile in new.tiles:
                new_tag(draw, cx + TILE_W + 8, ty + TILE_H / 2, locale)
        if not tiles:
            text(
                draw,
                (cx + 4, qy + 60 + TILE_H / 2),
                t("palazzo.render.empty", locale),
                SMALL,
                theme.FAINT,
                anchor="lm",
            )
    return y + height + GAP


def _tag(draw: Draw, x: float, y: float, words: str, fill: Any, ink: Any, max_w: float) -> None:
    """A small label on a rounded band whose left middle is (x, y)."""
    w = min(max_w, width_of(words, SMALL, True) + 14)
    draw.rounded_rectangle((x, y - 11, x + w, y + 11), radius=11, fill=fill)
    text(draw, (x + w / 2, y + 1), words, SMALL, ink, True, "mm", max_width=w - 8)


def _display(draw: Draw, view: View, y: int, locale: str | None) -> int:
    """The money cards shown by "take money", still to be taken."""
    x0, x1 = MARGIN, WIDTH - MARGIN
    height = PAD + 26 + CARD_H + PAD
    block(draw, (x0, y, x1, y + height))
    text(
        draw,
        (x0 + PAD, y + PAD + 10),
        t("palazzo.render.display", locale),
        MID,
        theme.TEXT,
        True,
        "lm",
    )
    card_row(draw, x0 + PAD, y + PAD + 26, view["display"], x1 - x0 - 2 * PAD)
    return y + height + GAP


def _auction(
    draw: Draw, view: View, names: list[str], y: int, locale: str | None, new: Changes
) -> int:
    """The tiles auctioned and one row per player: the bid's total and its cards."""
    auction = view["auction"]
    x0, x1 = MARGIN, WIDTH - MARGIN
    n = view["players"]
    order = [(auction["opener"] + k) % n for k in range(n)]
    row_h = {s: CARD_H + 10 if auction["offers"][s] else 40 for s in order}
    height = PAD + TILE_H + 12 + sum(row_h.values()) + PAD - 6
    block(draw, (x0, y, x1, y + height))
    title = t("palazzo.render.auction", locale)
    tx = x0 + PAD + text(draw, (x0 + PAD, y + PAD + TILE_H / 2), title, MID, theme.TEXT, True, "lm")
    for k, tile in enumerate(auction["tiles"]):
        building_tile(draw, tx + 14 + k * (TILE_W + 8), y + PAD, tile, locale)
    ry = y + PAD + TILE_H + 12
    for seat in order:
        offer = auction["offers"][seat]
        passed = auction["passed"][seat]
        high = seat == auction["high"] and not passed
        mid = ry + (row_h[seat] - 10) / 2
        is_new = seat in new.bids
        name_w = 150
        colour = theme.FAINT if passed else (theme.GOLD if high else theme.TEXT)
        text(
            draw,
            (x0 + PAD, mid),
            names[seat],
            MID,
            colour,
            True,
            "lm",
            max_width=name_w,
            min_size=SMALL + 1,
        )
        bx = x0 + PAD + name_w + 8
        if passed:
            text(draw, (bx, mid), t("palazzo.render.passed", locale), MID, theme.FAINT, anchor="lm")
        elif offer is None:
            text(
                draw, (bx, mid), t("palazzo.render.no_bid", locale), SMALL, theme.MUTED, anchor="lm"
            )
        else:
            words = t("palazzo.render.bid", locale, total=offer["total"])
            ink = theme.GOLD if high else theme.TEXT
            text(draw, (bx, mid), words, KEY, ink, True, "lm")
            cx = bx + 96
            room = x1 - PAD - cx - (new_tag_width(locale) + 8 if is_new else 0)
            if seat == auction["opener"]:
                neutral_card(draw, cx, ry, locale)
                cx += NEUTRAL_W + 6
                room -= NEUTRAL_W + 6
            card_row(draw, cx, ry, offer["cards"], max(CARD_W, room))
        if is_new:
            outline(draw, (x0 + PAD - 2, ry - 2, x1 - PAD + 2, ry + row_h[seat] - 8), 1)
            new_tag(draw, x1 - PAD - 4, mid, locale, "right")
        ry += row_h[seat]
    return y + height + GAP


def _pending(draw: Draw, view: View, y: int, locale: str | None) -> int:
    """The tiles won, bought or shared out that wait to be built."""
    pending = view["pending"]
    x0, x1 = MARGIN, WIDTH - MARGIN
    tiles = pending["tiles"]
    per = max(1, int((x1 - x0 - 2 * PAD + 8) // (TILE_W + 8)))
    lines = max(1, -(-len(tiles) // per))
    height = PAD + 28 + lines * (TILE_H + 8) + PAD - 8
    block(draw, (x0, y, x1, y + height))
    key = "palazzo.render.distributing" if pending["distribute"] else "palazzo.render.building"
    text(
        draw, (x0 + PAD, y + PAD + 10), t(key, locale), MID, theme.TEXT, True, "lm", INNER - 2 * PAD
    )
    for k, tile in enumerate(tiles):
        row, col = divmod(k, per)
        building_tile(
            draw, x0 + PAD + col * (TILE_W + 8), y + PAD + 28 + row * (TILE_H + 8), tile, locale
        )
    return y + height + GAP


def _players(
    draw: Draw, view: View, names: list[str], y: int, locale: str | None, new: Changes
) -> int:
    x0, x1 = MARGIN, WIDTH - MARGIN
    for row in pairs([len(s["palazzi"]) for s in view["seats"]]):
        width = (x1 - x0 - GAP * (len(row) - 1)) / len(row)
        heights = [_player_height(view, seat, width, new) for seat in row]
        height = max(heights)
        for k, seat in enumerate(row):
            bx = x0 + k * (width + GAP)
            _player(draw, view, seat, names, (bx, y, bx + width, y + height), locale, new)
        y += height + GAP
    return y


def _player_height(view: View, seat: int, width: float, new: Changes) -> int:
    palazzi = view["seats"][seat]["palazzi"]
    if not palazzi:
        return 44
    head = 40 if width > INNER / 2 else 68
    return head + towers_height(palazzi, width - 2 * PAD, set(new.tiles)) + 4


def _player(
    draw: Draw,
    view: View,
    seat: int,
    names: list[str],
    box: tuple[float, float, float, float],
    locale: str | None,
    new: Changes,
) -> None:
    """A player: name, cards in hand, points, and the palazzi; gold-rimmed when they act (or
    won)."""
    info = view["seats"][seat]
    result = view["result"]
    acting = seat in view["to_act"] or (result is not None and seat in result["winners"])
    block(draw, box, acting)
    x0, y0, x1, _ = box
    name_ink = theme.GOLD if acting else theme.TEXT
    cards = t("palazzo.render.cards", locale, count=info["hand_count"])
    points = points_words(info["score"], locale)
    cards_w = width_of(cards, KEY)
    points_w = width_of(points, KEY, True)
    mid = y0 + 22
    if not info["palazzi"]:
        nothing = t("palazzo.render.no_palazzo", locale)
        nothing_w = width_of(nothing, SMALL)
        room = x1 - x0 - 2 * PAD - cards_w - nothing_w - 32
        nx = x0 + PAD + text(draw, (x0 + PAD, mid), names[seat], MID, name_ink, True, "lm", room)
        text(draw, (nx + 16, mid), cards, KEY, theme.MUTED, anchor="lm")
        text(draw, (x1 - PAD, mid), nothing, SMALL, theme.FAINT, anchor="rm")
        return
    wide = x1 - x0 > INNER / 2
    if wide:
        room = x1 - x0 - 2 * PAD - cards_w - points_w - 32
        text(draw, (x0 + PAD, mid), names[seat], MID, name_ink, True, "lm", room)
        text(draw, (x1 - PAD - points_w - 20, mid), cards, KEY, theme.MUTED, anchor="rm")
        text(draw, (x1 - PAD, mid), points, KEY, theme.TEXT, True, "rm")
        top = y0 + 40
    else:
        text(draw, (x0 + PAD, mid), names[seat], MID, name_ink, True, "lm", x1 - x0 - 2 * PAD)
        text(draw, (x0 + PAD, mid + 28), cards, KEY, theme.MUTED, anchor="lm")
        text(draw, (x1 - PAD, mid + 28), points, KEY, theme.TEXT, True, "rm")
        top = y0 + 68
    inner = x1 - x0 - 2 * PAD
    left = x0 + PAD if wide else x0 + PAD + (inner - towers_width(len(info["palazzi"]), inner)) / 2
    towers(draw, left, top, inner, info["palazzi"], info["points"], locale, set(new.tiles))


def _legend(draw: Draw, view: View, y: int, locale: str | None) -> int:
    """What the letters on tiles (and the shapes on cards, when cards are shown) mean."""
    x = MARGIN + 4
    material_legend(draw, x, y + 12, locale)
    y += 28
    if view["display"] or view["auction"]:
        money_legend(draw, x, y + 10, locale)
        y += 26
    return y
