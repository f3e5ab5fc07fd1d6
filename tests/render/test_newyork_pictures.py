"""New York's pictures: every one renders as a valid, small PNG in every phase; the table is
drawn from the public view only and never changes with hidden information; the city marks
every legal spot of the tile being placed with its label, names every cell on a coordinate grid
(so any spot a menu offers can be found), shows the reserve's tiles and highlights the longest
street. Read on a phone (issue 15): every text at 400 px display width is 9 px or more, every
number and whose turn 14 px or more, no internals are drawn; the last move is framed in gold;
the winners are crowned; types and banks have symbols and legends."""

from __future__ import annotations

import copy
import io
import itertools
import os
import random
import time

import pytest
from PIL import Image, ImageDraw

from db.records import GameRecord, Seat
from games import presentation, rules_of
from interface.messages import scoring_posts
from render.draw import DrawnText, recording_text
from render.newyork import city as city_module
from render.newyork import city_picture, hand_picture, score_sheet, scoring_picture, table_picture
from render.newyork.city import RESERVE_TILE, axis_labels, placing_tile
from render.newyork.common import (
    BANK_FILL,
    HIGHLIGHT,
    LABEL_FILL,
    NEW,
    TYPE_FILL,
    bank_icon,
    type_icon,
)
from render.png import encode
from rules.newyork import building
from rules.newyork.components import BANKS, BUILDING_IDS, MONEY, SCORING_CARDS, TILES
from tests.helpers.internals import internals_in
from tests.helpers.newyork import scramble_hidden, set_city, set_reserve
from tests.helpers.playout import random_action
from tests.render.test_public_only import RecordingView

GAME = rules_of("newyork")
NAMES = ["Ann", "Bob", "Cid", "Dee", "Eve", "Fay"]
MAX_BYTES = 150 * 1024


def states(players: int, seed: int) -> dict[str, dict]:
    """States of a bot game: the first act, a payment begun step by step, a placement, after
    scoring A, the end."""
    rng = random.Random(seed)
    state = GAME.new_game(players, {}, seed)
    found = {"act": state}
    while GAME.to_act(state):
        seat = GAME.to_act(state)[0]
        action = GAME.bot_action(GAME.view(state, seat), rng.getrandbits(30))
        if action.startswith("buy") and "paying" not in found:  # as in a game begun step by step
            found["paying"] = GAME.apply(state, seat, " ".join(action.split()[:2]))
        state = GAME.apply(state, seat, action)
        if state["phase"] == "place" and state["turn_no"] > 20:
            found.setdefault("place", state)
        if state["scorings"]:
            found.setdefault("scored", state)
    found["over"] = state
    return found


PHASES = ["act", "paying", "place", "scored", "over"]


def _png(image: Image.Image) -> bytes:
    data = encode(image)
    assert data.startswith(b"\x89PNG\r\n\x1a\n") and len(data) <= MAX_BYTES
    assert Image.open(io.BytesIO(data)).size == image.size
    return data


@pytest.mark.parametrize("players", [2, 4, 6])
def test_every_picture_renders_in_every_phase(players: int) -> None:
    found = states(players, players)
    assert set(found) == set(PHASES)
    for state in found.values():
        _png(table_picture(GAME.view(state, None), NAMES, "en"))
        for seat in range(players):
            _png(hand_picture(GAME.view(state, seat), NAMES, "en"))
    _png(score_sheet(GAME.view(found["over"], None), NAMES, "en"))


def test_the_table_refuses_a_seat_view_and_the_hand_the_public_view() -> None:
    state = states(3, 3)["act"]
    with pytest.raises(ValueError):
        table_picture(GAME.view(state, 0), NAMES, "en")
    with pytest.raises(ValueError):
        hand_picture(GAME.view(state, None), NAMES, "en")


def test_the_table_never_reads_a_hand() -> None:
    for state in states(3, 5).values():
        view = RecordingView(GAME.view(state, None))
        table_picture(view, NAMES, "en")
        assert "hand" not in view.read and "*" not in view.read


def test_pictures_do_not_change_with_hidden_information() -> None:
    rng = random.Random(4)
    for state in states(4, 7).values():
        public = encode(table_picture(GAME.view(state, None), NAMES, "en"))
        other = scramble_hidden(state, None, rng)
        assert encode(table_picture(GAME.view(other, None), NAMES, "en")) == public
        own = encode(hand_picture(GAME.view(state, 1), NAMES, "en"))
        other = scramble_hidden(state, 1, rng)
        assert encode(hand_picture(GAME.view(other, 1), NAMES, "en")) == own


def _colour_count(image: Image.Image, colour: tuple[int, int, int]) -> int:
    counts = {c: n for n, c in image.getcolors(1 << 24) or []}
    return counts.get(colour, 0)


def test_the_city_marks_each_legal_spot_while_placing_and_none_otherwise() -> None:
    state = states(3, 9)["place"]
    view = GAME.view(state, None)
    seat = view["to_act"][0]
    tile = placing_tile(view, seat)
    assert tile is not None
    spots = building.legal_spots(building.grid_of(view["cities"][seat]), tile)
    marked = city_picture(view, seat, NAMES, "en")
    other_seat = (seat + 1) % 3
    plain = city_picture(view, other_seat, NAMES, "en")
    assert placing_tile(view, other_seat) is None
    assert _colour_count(plain, LABEL_FILL) == 0
    # each marker fills most of a cell; together they cover at least spots × a small square
    assert _colour_count(marked, LABEL_FILL) > len(spots) * 150


def test_the_longest_street_is_highlighted_when_there_is_one() -> None:
    over = states(4, 11)["over"]
    view = GAME.view(over, None)
    for seat in range(4):
        picture = city_picture(view, seat, NAMES, "en")
        has_street = over["scorings"][-1]["streets"][seat] > 0
        assert (_colour_count(picture, HIGHLIGHT) > 0) == has_street


def test_the_score_sheet_shows_the_players_street_points_at_two_players(monkeypatch) -> None:
    import render.newyork.sheet as sheet

    written: list[str] = []
    real = sheet.text

    def recording(draw, xy, words, *args, **kwargs):
        written.append(words)
        return real(draw, xy, words, *args, **kwargs)

    monkeypatch.setattr(sheet, "text", recording)
    view = GAME.view(states(2, 2)["over"], None)
    score_sheet(view, NAMES, "en")
    assert any(v > 0 for s in view["scorings"] for v in s["streets"])  # only Dirk scores none
    for scoring in view["scorings"]:
        for seat in (0, 1):
            assert f"{scoring['streets'][seat]} + {scoring['majority'][seat]}" in written
        assert str(scoring["dirk"]) in written


def spots_in_menus(state: dict, seat: int) -> list[str]:
    """The spot labels of every placement and reserve → city move offered to `seat`."""
    return [
        move.split()[2]
        for move in GAME.choices(state, seat).moves
        if move.split()[0] in ("place", "move") and move.split()[2] != "reserve"
    ]


def recorded(monkeypatch, name: str) -> list[tuple]:
    """The calls to `render.newyork.city.<name>` (e.g. draw_tile), recorded as they pass."""
    calls: list[tuple] = []
    real = getattr(city_module, name)

    def recording(*args, **kwargs):
        calls.append(args[1:])
        return real(*args, **kwargs)

    monkeypatch.setattr(city_module, name, recording)
    return calls


def test_every_spot_any_menu_offers_is_named_by_the_city_pictures_grid() -> None:
    checked = 0
    for seed in range(3):
        rng = random.Random(seed)
        state = GAME.new_game(3, {}, seed)
        while GAME.to_act(state) and checked < 400:
            seat = GAME.to_act(state)[0]
            spots = spots_in_menus(state, seat)
            if spots and rng.random() < 0.3:
                view = GAME.view(state, seat)
                grid = building.grid_of(view["cities"][seat])
                letters, numbers = axis_labels(grid)
                with recording_text() as written:
                    hand_picture(view, NAMES, "en")
                drawn = {text.words for text in written}
                ox, oy = building.origin(grid)
                for spot in spots:
                    column = spot.rstrip("0123456789").upper()
                    row = spot[len(column) :]
                    assert column in drawn and row in drawn, spot
                    # the grid names the very cell the label names
                    cell = (ox + letters.index(column), oy + numbers.index(row))
                    assert building.parse_spot(grid, spot) == cell
                    checked += 1
            action = random_action(GAME, state, seat, rng)
            state = GAME.apply(state, seat, action)
    assert checked > 100


def test_the_reserve_tiles_are_drawn_in_the_players_own_picture(monkeypatch) -> None:
    """Each reserve tile is drawn with its price (and no number: ids are not for players)."""
    tiles = recorded(monkeypatch, "draw_tile")
    for state in states(3, 1).values():
        for seat in range(3):
            view = GAME.view(state, seat)
            tiles.clear()
            with recording_text() as written:
                hand_picture(view, NAMES, "en")
            small = [call[0] for call in tiles if call[3] == RESERVE_TILE]
            assert small == view["reserves"][seat]
            labels = {text.words for text in written}
            assert not any(f"#{tile}" in labels for tile in view["reserves"][seat])
    assert any(any(s["reserves"]) for s in states(3, 1).values())  # a seed with reserves


def test_a_crowded_city_with_a_big_reserve_stays_small_and_quick() -> None:
    rng = random.Random(5)
    state = GAME.new_game(3, {}, 5)
    grid = building.grid_of(state["cities"][0])
    pool = list(BUILDING_IDS)
    rng.shuffle(pool)
    for tile in pool[:40]:  # as many of 40 tiles as fit, each on one of its closest spots
        spots = building.legal_spots(grid, tile)
        if spots:
            grid[rng.choice(spots[:3])] = tile
    set_city(state, 0, grid)
    set_reserve(state, 0, [t for t in pool if t not in grid.values()][:14])
    assert len(grid) > 25 and len(state["reserves"][0]) == 14
    start = time.perf_counter()
    _png(hand_picture(GAME.view(state, 0), NAMES, "en"))
    _png(table_picture(GAME.view(state, None), NAMES, "en"))
    _png(city_picture(GAME.view(state, None), 0, NAMES, "en"))
    assert time.perf_counter() - start < 0.5


# ------------------------------------------------------------------ each scoring's own picture


def both_scorings_next(seed: int) -> tuple[dict, str]:
    """A state after a few turns whose next take refills the display through scoring cards A
    and B (both on top of the deck), and that take."""
    rng = random.Random(seed)
    state = GAME.new_game(3, {}, seed)
    for _ in range(12):
        seat = GAME.to_act(state)[0]
        state = GAME.apply(
            state, seat, GAME.bot_action(GAME.view(state, seat), rng.getrandbits(30))
        )
    while state["phase"] != "act" or state["paying"] is not None:
        seat = GAME.to_act(state)[0]
        state = GAME.apply(
            state, seat, GAME.bot_action(GAME.view(state, seat), rng.getrandbits(30))
        )
    specials = [SCORING_CARDS["A"], SCORING_CARDS["B"]]
    state["deck"] = specials + [c for c in state["deck"] if c not in specials]
    return state, "take " + str(state["display"][0])


def test_two_scorings_in_one_step_get_a_picture_each_and_later_the_same_one() -> None:
    """Both scorings come up in one refill: each post shows its own scoring (its name, its
    points, the totals after it), and drawing it again after later moves gives the same bytes."""
    state, take = both_scorings_next(5)
    seat = GAME.to_act(state)[0]
    after = GAME.apply(state, seat, take)
    scored = [e for e in after["events"] if e.get("scored")]
    assert [e["name"] for e in scored] == ["A", "B"]
    seats = tuple(Seat(100 + n, NAMES[n]) for n in range(3))
    record = GameRecord(1, 1, 5, "newyork", "running", 100, seats, {}, 0, after, {}, 8, "", "")
    posts = scoring_posts(record, after["events"], "en")
    pictures = [encode(post.images[0][0]()) for post in posts]
    assert [p.content.split(":")[0] for p in posts] == ["Scoring A", "Scoring B"]
    assert pictures[0] != pictures[1], "each post shows its own scoring"
    later = after
    rng = random.Random(1)
    for _ in range(30):  # the game goes on: the later view no longer holds those events
        if not GAME.to_act(later):
            break
        mover = GAME.to_act(later)[0]
        later = GAME.apply(later, mover, random_action(GAME, later, mover, rng))
    view = GAME.view(later, None)
    assert not [e for e in view["events"] if e.get("scored") and e["name"] in "AB"]
    ui = presentation("newyork")
    for k, (event, picture) in enumerate(zip(scored, pictures, strict=True)):
        assert encode(ui.scoring_image(view, event, NAMES[:3], "en")) == picture
        assert encode(scoring_picture(view, view["scorings"][k], NAMES[:3], "en")) == picture


def test_a_scoring_picture_shows_every_players_street_and_majority_points(monkeypatch) -> None:
    """Per player: the street points, the majority points of each type, this scoring's points
    and the total after it; Dirk's points and total."""
    import render.newyork.common as common_module
    import render.newyork.scoring as scoring_module

    written: list[str] = []
    real = scoring_module.text

    def recording(draw, xy, words, *args, **kwargs):
        written.append(words)
        return real(draw, xy, words, *args, **kwargs)

    for module in (scoring_module, common_module):  # the rows, the title
        monkeypatch.setattr(module, "text", recording)
    over = GAME.view(states(2, 2)["over"], None)
    for scoring in over["scorings"]:
        written.clear()
        _png(scoring_picture(over, scoring, NAMES, "en"))
        assert f"Scoring {scoring['name']}" in written
        for seat in (0, 1):
            points = scoring["streets"][seat] + scoring["majority"][seat]
            assert str(scoring["streets"][seat]) in written and f"+{points}" in written
            assert all(str(v) in written for v in scoring["by_type"][seat].values())
            assert str(scoring["totals"][seat]) in written
        assert f"+{scoring['dirk']}" in written and str(scoring["dirk_total"]) in written


# ------------------------------------------------------------------ read on a phone (issue 15)

PHONE = 400  # the display width a phone gives a picture
FLOOR = 9  # no text smaller on the phone
KEY_FLOOR = 14  # values, prices, scores and whose turn
SAVE_DIR = os.environ.get("TAVOLO_PICTURES")  # set to a folder to save every picture checked


def part_paid(players: int, seed: int) -> dict:
    """A state whose acting seat has bought a building and paid only part of its price."""
    rng = random.Random(seed)
    state = GAME.new_game(players, {}, seed)
    while GAME.to_act(state):
        seat = GAME.to_act(state)[0]
        if state["phase"] == "act" and state["paying"] is None:
            for slot, tile in enumerate(state["market"]):
                if tile is None:
                    continue
                own = [c for c in state["hands"][seat] if MONEY[c].bank == BANKS[slot]]
                short = [c for c in own if MONEY[c].value < TILES[tile].price]
                if short and sum(MONEY[c].value for c in own) >= TILES[tile].price:
                    state = GAME.apply(state, seat, f"buy {slot + 1}")
                    return GAME.apply(state, seat, f"pay {short[0]}")
        state = GAME.apply(
            state, seat, GAME.bot_action(GAME.view(state, seat), rng.getrandbits(30))
        )
    raise AssertionError("no part payment found")


def every_picture(state: dict, names: list[str]) -> list[tuple[str, Image.Image, list[DrawnText]]]:
    """Every picture of `state` (the table with its last events, each hand and city, the sheet
    and each scoring once over), with the texts each drew."""
    ui = presentation("newyork")
    public = GAME.view(state, None)
    drawers = [("table", lambda: ui.table_image(public, names, "en", state["events"]))]
    for seat in range(state["players"]):
        own = GAME.view(state, seat)
        drawers.append((f"hand{seat}", lambda own=own: ui.hand_image(own, names, "en")))
        drawers.append((f"city{seat}", lambda s=seat: ui.city_image(public, s, names, "en")))
    if public["phase"] == "over":
        drawers.append(("sheet", lambda: ui.final_image(public, names, "en")))
    for scoring in public["scorings"]:
        name = f"scoring{scoring['name']}"
        drawers.append((name, lambda s=scoring: ui.scoring_image(public, s, names, "en")))
    drawn = []
    for name, draw in drawers:
        with recording_text() as texts:
            image = draw()
        drawn.append((name, image, texts))
    return drawn


def stages(players: int) -> dict[str, dict]:
    found = dict(states(players, 20 + players))
    found["part paid"] = part_paid(players, 30 + players)
    return found


@pytest.mark.parametrize("players", [2, 3, 4, 5, 6])
def test_every_picture_reads_on_a_phone_at_every_stage(players: int) -> None:
    """At 400 px display width: no text under 9 px; every number (price, money, count, score,
    spot) and whose turn at 14 px or more; pictures 600–800 px wide; no id, seat number or
    action syntax in any word drawn."""
    names = NAMES[:players]
    for stage, state in stages(players).items():
        acting = GAME.view(state, None)["to_act"]
        for picture, image, texts in every_picture(state, names):
            where = f"{players} players, {stage}, {picture}"
            if SAVE_DIR:
                image.save(os.path.join(SAVE_DIR, f"{players}p-{stage}-{picture}.png"))
            assert 600 <= image.width <= 800, where
            assert texts, where
            for drawn in texts:
                assert drawn.size_at(PHONE) >= FLOOR, (where, drawn)
                if any(ch.isdigit() for ch in drawn.words):
                    assert drawn.size_at(PHONE) >= KEY_FLOOR, (where, drawn)
                assert not internals_in(drawn.words), (where, drawn)
            if picture == "table" and acting:
                turn = [d for d in texts if names[acting[0]] in d.words]
                assert turn and min(d.size_at(PHONE) for d in turn) >= KEY_FLOOR, where


def test_the_table_shows_what_the_last_move_took_framed_in_gold(monkeypatch) -> None:
    """A take: the cards taken are drawn framed (new) in a "Last move" strip; nothing is framed
    on a board without a last move."""
    import render.newyork.last as last_module

    framed: list[tuple[int, bool]] = []
    real = last_module.draw_money

    def recording(draw, card, *args, **kwargs):
        framed.append((card, kwargs.get("new", False)))
        return real(draw, card, *args, **kwargs)

    monkeypatch.setattr(last_module, "draw_money", recording)
    state = GAME.new_game(3, {}, 4)
    seat = GAME.to_act(state)[0]
    low = [c for c in state["deck"] if c in MONEY and MONEY[c].value <= 2]
    small = low[:2]  # two cards worth 5 at most: one take
    state["deck"] = [c for c in state["deck"] if c not in small] + state["display"][:2]
    state["display"] = small + state["display"][2:]
    take = "take " + ",".join(map(str, small))
    after = GAME.apply(state, seat, take)
    taken = next(e["cards"] for e in after["events"] if e["type"] == "took")
    with recording_text() as texts:
        table_picture(GAME.view(after, None), NAMES[:3], "en", after["events"])
    words = [d.words for d in texts]
    assert "Last move" in words and "new" in words and "took money" in words
    assert sorted(card for card, new in framed if new) == sorted(taken)
    framed.clear()
    with recording_text() as texts:
        table_picture(GAME.view(after, None), NAMES[:3], "en", [])
    assert "Last move" not in [d.words for d in texts] and not framed


def test_a_building_placed_by_the_last_move_is_framed_in_the_city_shown(monkeypatch) -> None:
    """Two buildings bought in one turn: after the first is built the board shows the placing
    player's city with that building framed in gold, and the strip says bought and built."""
    import render.newyork.city as city_mod

    outlined: list[tuple] = []
    real = city_mod.outline_new
    monkeypatch.setattr(
        city_mod, "outline_new", lambda d, box: (outlined.append(box), real(d, box))
    )
    state = GAME.new_game(3, {}, 6)
    seat = GAME.to_act(state)[0]
    first, second = state["market"][:2]
    state["to_place"][seat] = [first, second]
    state["phase"] = "place"
    state["events"] = [
        {"type": "bought", "seat": seat, "slot": 0, "tile": first, "paid": [], "exact": True}
    ]
    grid = building.grid_of(state["cities"][seat])
    spot = building.spot_label(grid, building.legal_spots(grid, first)[0])
    after = GAME.apply(state, seat, f"place {first} {spot}")
    events = state["events"] + after["events"]
    view = GAME.view(after, None)
    assert placing_tile(view, seat) == second
    with recording_text() as texts:
        image = table_picture(view, NAMES[:3], "en", events)
    words = [d.words for d in texts]
    assert "bought and built" in words and words.count("new") == 2  # the strip's, the city's
    assert len(outlined) == 1  # the new building, in the city of the player still placing
    x0, y0, x1, y1 = outlined[0]
    frame = image.crop((round(x0) - 5, round(y0) - 5, round(x1) + 6, round(y1) + 6))
    assert _colour_count(frame, NEW) > 4 * (x1 - x0)  # a gold frame around the cell


def test_the_table_shows_a_city_only_while_its_player_places_a_building() -> None:
    """The board shows the city of the player placing a building (with its spots); while a
    player takes or buys, each player's own picture and `/game city` show the cities."""
    for stage, state in states(3, 9).items():
        view = GAME.view(state, None)
        with recording_text() as texts:
            table_picture(view, NAMES[:3], "en", state["events"])
        cities = [d.words for d in texts if d.words.endswith("'s city")]
        if stage == "place":
            assert cities == [f"{NAMES[view['to_act'][0]]}'s city"]
        else:
            assert cities == [], stage


@pytest.mark.parametrize("tie", [False, True])
def test_the_final_table_and_sheet_mark_the_winners(monkeypatch, tie: bool) -> None:
    """Game over: each winner gets a crown and "winner" on the table, a crown on the score
    sheet, which ranks the players and names who won; nobody else is marked."""
    import render.newyork.sheet as sheet_mod

    state = copy.deepcopy(states(4, 12)["over"])
    if tie:
        best = max(state["scores"])
        state["scores"][:2] = [best, best]
    view = GAME.view(state, None)
    winners = [NAMES[s] for s in view["winners"]]
    assert len(winners) == (2 if tie else 1)
    with recording_text() as texts:
        table_picture(view, NAMES[:4], "en", state["events"])
    words = [d.words for d in texts]
    assert words.count("winner") == len(winners)
    assert any(w.startswith("Game over") and all(n in w for n in winners) for w in words)
    crowns: list[float] = []
    real = sheet_mod.crown
    monkeypatch.setattr(
        sheet_mod, "crown", lambda d, x, y, *a: (crowns.append(y), real(d, x, y, *a))
    )
    with recording_text() as texts:
        score_sheet(view, NAMES[:4], "en")
    words = [d.words for d in texts]
    assert len(crowns) == len(winners) + 1  # the headline's and one per winner's row
    won = next(w for w in words if w.endswith(" won"))
    assert all(n in won for n in winners)
    assert not [n for n in NAMES[:4] if n in won and n not in winners]
    ranked = [w for w in words if w in NAMES[:4]]
    scores = [view["scores"][NAMES.index(n)] for n in ranked]
    assert scores == sorted(scores, reverse=True)


def _icon_mask(draw_icon, key: str) -> Image.Image:
    image = Image.new("L", (40, 40), 0)
    draw_icon(ImageDraw.Draw(image), key, 20, 20, 16, 255)
    return image


@pytest.mark.parametrize(
    ("draw_icon", "keys"), [(type_icon, list(TYPE_FILL)), (bank_icon, list(BANK_FILL))]
)
def test_building_types_and_banks_differ_in_shape_not_only_colour(draw_icon, keys) -> None:
    """Each building type and each bank has its own symbol: drawn in one ink, any two differ
    in at least a sixth of the pixels either covers."""
    masks = {key: _icon_mask(draw_icon, key) for key in keys}
    for a, b in itertools.combinations(keys, 2):
        one, two = ({i for i, v in enumerate(masks[k].tobytes()) if v} for k in (a, b))
        assert one and two
        assert len(one ^ two) > len(one | two) / 6, (a, b)


def test_every_picture_with_colours_has_a_legend_naming_them() -> None:
    """The hands, and the table while money is on it, name every building type and bank; the
    cities, the scorings and the final table every building type (the colours mean them)."""
    types = {"Theater", "Museum", "Station", "Church", "Park", "Skyscraper"}
    banks = {"Money:", "blue", "green", "orange", "yellow"}
    for stage, state in states(3, 8).items():
        for picture, _image, texts in every_picture(state, NAMES[:3]):
            words = {d.words for d in texts}
            if picture == "sheet":  # numbers and names only: no colour to explain
                assert not types & words
                continue
            assert types <= words, (stage, picture)
            money = picture.startswith("hand") or (picture == "table" and stage != "over")
            assert (banks <= words) == money, (stage, picture)


def test_a_city_too_wide_for_the_picture_gets_smaller_cells_not_smaller_text() -> None:
    """A city 16 buildings long: every picture stays 600 px wide, so no text shrinks on a phone;
    the cells shrink instead."""
    state = GAME.new_game(3, {}, 5)
    square = next(t for _x, _y, t in state["cities"][0])
    row = {(0, 0): square} | {(x, 0): tile for x, tile in enumerate(BUILDING_IDS[:16], start=1)}
    set_city(state, 0, row)
    for name, image, texts in every_picture(state, NAMES[:3]):
        assert image.width == 600, name
        assert min(d.size_at(PHONE) for d in texts) >= FLOOR, name
