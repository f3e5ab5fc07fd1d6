"""Palazzo's pictures and Discord words: every picture renders in every phase as a small valid
PNG, the table is drawn from the public view only (and does not change with hidden
information), and the panels' words come from the English catalog."""

from __future__ import annotations

import io
import json
import random
import re
from functools import cache

import pytest
from PIL import Image, ImageChops

import i18n
from render import sprites, theme
from render.draw import DrawnText, recording_text
from render.palazzo import hand_picture, score_sheet, table_picture
from render.palazzo.common import MATERIAL_COLOURS, TILE_H, WIDTH
from render.palazzo.presentation import PalazzoPresentation
from render.png import encode
from rules.contract import State
from rules.palazzo.components import TILES
from tests.helpers.internals import internals_in
from tests.helpers.palazzo import (
    GAME,
    card,
    cards,
    certs,
    fresh,
    group,
    move_cards,
    take_tiles,
    tile,
)
from tests.helpers.playout import bot_action as bot_mover
from tests.helpers.playout import play, random_action, replay

NAMES = ["Ada", "Bruno", "Chiara", "Dario"]
PHASES = ("turn", "pick", "acquire", "auction", "build", "rebuild", "over")
MAX_BYTES = 150 * 1024
UI = PalazzoPresentation()


@cache
def samples(players: int) -> dict[str, State]:
    """The first state of every phase met in a few seeded games."""
    found: dict[str, State] = {}
    for seed, mover in ((players, bot_mover), (players + 10, random_action)):
        result = play(GAME, players, seed, mover)
        state = GAME.new_game(players, {}, seed)
        for seat, action in result.log:
            state = GAME.apply(state, seat, action)
            found.setdefault(state["phase"], state)
        assert replay(GAME, players, {}, seed, result.log) == state
    return found


def check_png(image: Image.Image) -> None:
    data = encode(image)
    assert data.startswith(b"\x89PNG\r\n\x1a\n") and len(data) <= MAX_BYTES
    decoded = Image.open(io.BytesIO(data))
    assert decoded.size == image.size


@pytest.mark.parametrize("players", [2, 3, 4])
def test_every_phase_is_drawn_for_every_player_count(players: int) -> None:
    states = samples(players)
    assert set(states) == set(PHASES)
    for phase, state in states.items():
        public = GAME.view(state, None)
        table = table_picture(public, NAMES[:players], None, state["events"])
        assert table.width == WIDTH and 300 <= table.height <= 2 * WIDTH, phase
        check_png(table)
        for seat in range(players):
            hand = hand_picture(GAME.view(state, seat), NAMES[:players], "en-US")
            assert hand.width == WIDTH
            check_png(hand)
        if phase == "over":
            check_png(score_sheet(public, NAMES[:players], None))


def test_the_table_refuses_a_seat_view_and_the_hand_the_public_view() -> None:
    state = fresh(3)
    with pytest.raises(ValueError):
        table_picture(GAME.view(state, 0), NAMES[:3], None)
    with pytest.raises(ValueError):
        hand_picture(GAME.view(state, None), NAMES[:3], None)
    with pytest.raises(ValueError):
        score_sheet(GAME.view(state, None), NAMES[:3], None)


def test_the_table_does_not_change_with_hidden_cards_or_stacks() -> None:
    from tests.helpers.palazzo import scramble_hidden

    rng = random.Random(3)
    for state in samples(4).values():
        other = scramble_hidden(state, None, rng)
        assert other != state
        first = table_picture(GAME.view(state, None), NAMES, None)
        second = table_picture(GAME.view(other, None), NAMES, None)
        assert ImageChops.difference(first, second).getbbox() is None


def test_the_hand_picture_shows_the_seats_own_cards() -> None:
    state = fresh(3)
    move_cards(state, cards("red", 3, 4), 0)
    first = hand_picture(GAME.view(state, 0), NAMES[:3], None)
    move_cards(state, [*group(5), *certs(2)], 0)
    second = hand_picture(GAME.view(state, 0), NAMES[:3], None)
    assert ImageChops.difference(first.convert("RGB"), second.convert("RGB")).getbbox()


def test_the_score_sheet_draws_every_palazzo_of_a_finished_game() -> None:
    state = samples(3)["over"]
    public = GAME.view(state, None)
    assert UI.final_image(public, NAMES[:3], None) is not None
    assert UI.final_image(GAME.view(samples(3)["turn"], None), NAMES[:3], None) is None


def test_a_bid_shows_its_new_total_before_it_is_confirmed() -> None:
    state = fresh(3)
    a = state["active"]
    b = (a + 1) % 3
    lot = [tile("marble", 1, 3)]
    for q in state["quarries"]:
        state["out"] += q
        q.clear()
    state["quarries"][1] = lot
    state["out"] = [x for x in state["out"] if x not in lot]
    state["phase"] = "acquire"
    move_cards(state, [*cards("red", 7, 5), card("grey", 6)], b)
    state = GAME.apply(state, a, "auction")
    own = GAME.view(state, b)
    words = UI.view_pick_summary("bid", cards("red", 7, 5), own, "en")
    assert "bid 12" in words and "to beat: 3" in words
    illegal = UI.view_pick_summary("bid", [card("red", 7), card("grey", 6)], own, "en")
    assert "not a legal payment" in illegal
    (pick,) = GAME.choices(state, b).picks
    assert pick.suggestions
    for suggestion in pick.suggestions:  # suggestions are buttons labelled with their total
        label = UI.move_label(pick.action(suggestion), own, NAMES[:3], "en")
        assert "→ bid" in label and len(label) <= 80


def test_a_purchase_shows_the_price_and_the_payment() -> None:
    state = fresh(3)
    a = state["active"]
    state["phase"] = "acquire"
    move_cards(state, cards("red", 7, 3), a)
    own = GAME.view(state, a)
    words = UI.view_pick_summary("buy", [state["warehouse"][0], *cards("red", 7, 3)], own, "en")
    assert "for 9" in words and "= 10" in words


def test_every_offered_move_has_a_short_label_from_the_catalog(monkeypatch) -> None:
    used: set[str] = set()
    real = i18n.t

    def spy(key: str, locale: str | None = None, /, **params: object) -> str:
        used.add(key)
        return real(key, locale, **params)

    monkeypatch.setattr("render.palazzo.presentation.t", spy)
    monkeypatch.setattr("render.palazzo.table.t", spy)
    monkeypatch.setattr("render.palazzo.common.t", spy)
    monkeypatch.setattr("render.palazzo.hand.t", spy)
    monkeypatch.setattr("render.palazzo.sheet.t", spy)
    sprites.forget()  # kept tiles would not look their letters up again
    for players in (2, 4):
        for state in samples(players).values():
            public = GAME.view(state, None)
            table_picture(public, NAMES[:players], "en")
            for seat in GAME.to_act(state):
                own = GAME.view(state, seat)
                hand_picture(own, NAMES[:players], "en")
                choices = GAME.choices(state, seat)
                for move in choices.moves:
                    label = UI.move_label(move, own, NAMES[:players], "en")
                    assert 0 < len(label) <= 80
                for pick in choices.picks:
                    UI.pick_prompt(pick.kind, "en")
                    UI.pick_confirm_label(pick.kind, "en")
                    UI.pick_summary(pick.kind, list(pick.items[:2]), "en")
                    for item in pick.items:
                        assert UI.item_label(item, "en") and UI.item_group(item)
    english = i18n.catalog("en")
    missing = sorted(k for k in used if k not in english)
    assert not missing


def test_payments_show_their_groups_of_15_as_groups() -> None:
    from render.palazzo.presentation import payment_text

    assert payment_text([*group(4), *cards("red", 3)], "en") == "group of 4s + red 3 = 18"
    assert payment_text([*certs(4)], "en") == "3 certificates + certificate 2 = 17"
    assert payment_text([card("red", 5), card("grey", 6)], "en").endswith("not a legal payment")


# ------------------------------------------------------------------ read on a phone (issue 15)

PHONE = 400  # a phone shows a picture about this wide
SMALLEST, KEY_SIZE = 9, 14
KEY_TEXT = re.compile(r"\D{0,16}[+−-]?\d+\D{0,16}")
MOVERS = (random_action, bot_mover)
LONG_NAMES = ["Ada", "Bartholomew-Maximilian the Third", "Chiara", "Dario"]


def is_key(words: str) -> bool:
    """A value a player looks for: a text holding one number with a few words at most (a floor,
    a card's value, "6 per tile", "bid 18", "8 pts", "13 cards", "turn 4"); a sentence with
    several numbers (the scoring rules) is not."""
    return bool(KEY_TEXT.fullmatch(words))


def test_the_key_text_helper_tells_values_from_sentences() -> None:
    assert all(is_key(w) for w in ("3", "−5 pts", "bid 18", "6 per tile", "Quarry 2", "= 13"))
    assert not any(
        is_key(w) for w in ("Warehouse", "new", "Palazzo points: 1 floor −5 · 2 floors 0")
    )


@cache
def stages(players: int) -> dict[str, State]:
    """Seeded states worth drawing: the start, money shown, tiles just drawn, a tile just built,
    an auction with bids, a mid-game with many palazzi, and the end."""
    found: dict[str, State] = {"start": fresh(players, seed=players)}
    wanted = {"start", "money shown", "tiles drawn", "tile built", "bid", "many palazzi", "end"}
    runs = [(seed, mover) for seed in range(players + 30, players + 40) for mover in MOVERS]
    for seed, mover in runs:
        if set(found) == wanted:
            break
        result = play(GAME, players, seed, mover)
        state = GAME.new_game(players, {}, seed)
        for seat, action in result.log:
            state = GAME.apply(state, seat, action)
            kinds = [e["type"] for e in state["events"]]
            if state["phase"] == "pick":
                found.setdefault("money shown", state)
            if kinds.count("drawn") == 2:
                found.setdefault("tiles drawn", state)
            if "build" in kinds:
                found.setdefault("tile built", state)
            if kinds == ["bid"] and state["auction"]:
                found.setdefault("bid", state)
            if max(len(p) for p in state["palazzi"]) >= 5:
                found.setdefault("many palazzi", state)
        found.setdefault("end", state)
    assert set(found) == wanted
    return found


def drawn_pictures(state: State, players: int) -> dict[str, list[DrawnText]]:
    """Every text of the table (with the last move's events), each seat's hand, and the score
    sheet once the game is over, by picture."""
    names = LONG_NAMES[:players]
    public = GAME.view(state, None)
    texts: dict[str, list[DrawnText]] = {}
    with recording_text() as drawn:
        table_picture(public, names, "en", state["events"])
    texts["table"] = drawn
    for seat in range(players):
        with recording_text() as drawn:
            hand_picture(GAME.view(state, seat), names, "en")
        texts[f"hand {seat}"] = drawn
    if public["result"] is not None:
        with recording_text() as drawn:
            score_sheet(public, names, "en")
        texts["sheet"] = drawn
    return texts


@pytest.mark.parametrize("players", [2, 3, 4])
def test_every_text_reads_on_a_phone_and_values_are_large(players: int) -> None:
    too_small = []
    for stage, state in stages(players).items():
        for picture, drawn in drawn_pictures(state, players).items():
            assert drawn, (stage, picture)
            for text in drawn:
                floor = KEY_SIZE if is_key(text.words) else SMALLEST
                if text.size_at(PHONE) < floor:
                    too_small.append((stage, picture, text.words, round(text.size_at(PHONE), 1)))
    assert not too_small


@pytest.mark.parametrize("players", [2, 3, 4])
def test_no_drawn_text_holds_ids_abbreviations_or_a_zero_total(players: int) -> None:
    found = []
    for stage, state in stages(players).items():
        for picture, drawn in drawn_pictures(state, players).items():
            for text in drawn:
                problems = internals_in(text.words)
                if problems or "(0)" in text.words:
                    found.append((stage, picture, text.words, problems))
    assert not found


@pytest.mark.parametrize("players", [2, 3, 4])
def test_the_headline_names_the_seat_to_act_in_large_letters(players: int) -> None:
    for stage, state in stages(players).items():
        with recording_text() as drawn:
            table_picture(GAME.view(state, None), LONG_NAMES[:players], "en")
        headline = drawn[0]
        assert headline.size_at(PHONE) >= KEY_SIZE
        if state["phase"] == "over":
            for seat in state["result"]["winners"]:
                assert LONG_NAMES[seat][:8] in headline.words
        else:
            (seat,) = GAME.to_act(state)
            assert LONG_NAMES[seat][:8] in headline.words, stage


def test_only_the_seat_the_headline_waits_for_is_marked() -> None:
    """The whole turn's player (`active`) gets no mark of its own while another seat bids: the
    table is the same whoever's turn it is, and changes with the seat that must act."""
    state = stages(3)["bid"]
    public = GAME.view(state, None)
    assert public["active"] != public["to_act"][0]
    first = table_picture(public, NAMES[:3], None)
    other = next(s for s in range(3) if s != public["active"])
    moved = table_picture({**public, "active": other}, NAMES[:3], None)
    assert ImageChops.difference(first, moved).getbbox() is None
    waits = next(s for s in range(3) if s != public["to_act"][0])
    elsewhere = table_picture({**public, "to_act": [waits]}, NAMES[:3], None)
    assert ImageChops.difference(first, elsewhere).getbbox() is not None


def gold_pixels(image: Image.Image) -> int:
    colours = image.getcolors(image.width * image.height) or []
    return sum(count for count, colour in colours if colour == theme.GOLD)


@pytest.mark.parametrize(("stage", "tags"), [("tiles drawn", 2), ("tile built", 1), ("bid", 1)])
def test_the_last_moves_tiles_and_bids_are_outlined_and_tagged_new(stage: str, tags: int) -> None:
    for players in (2, 3, 4):
        state = stages(players)[stage]
        public = GAME.view(state, None)
        with recording_text() as drawn:
            marked = table_picture(public, NAMES[:players], "en", state["events"])
        assert [d.words for d in drawn].count("new") == tags
        with recording_text() as drawn:
            plain = table_picture(public, NAMES[:players], "en")
        assert "new" not in [d.words for d in drawn]
        assert gold_pixels(marked) > gold_pixels(plain) + 40 * tags  # the outlines


def gold_frames(image: Image.Image) -> list[tuple[int, int, int]]:
    """The tops (x, y, length) of gold frames about one tile wide: a horizontal run of gold
    pixels of 70 to 100 pixels (a tile outline's straight top edge), the first row of each."""
    pixels = image.load()
    found: list[tuple[int, int, int]] = []
    for y in range(image.height):
        x = 0
        while x < image.width:
            if pixels[x, y] != theme.GOLD:
                x += 1
                continue
            start = x
            while x < image.width and pixels[x, y] == theme.GOLD:
                x += 1
            if 70 <= x - start <= 100 and not any(abs(f[0] - start) < 8 for f in found):
                found.append((start, y, x - start))
    return found


def test_the_tile_just_built_is_framed_in_gold_in_its_tower() -> None:
    state = fresh(2)
    seat = state["active"]
    built = [tile("brick", 1, 1), tile("marble", 2, 2)]
    take_tiles(state, built)
    state["palazzi"][seat] = [built]
    event = {"type": "build", "seat": seat, "tile": built[1], "palazzo": 1}
    public = GAME.view(state, None)
    assert gold_frames(table_picture(public, NAMES[:2], "en")) == []
    marked = table_picture(public, NAMES[:2], "en", [event])
    ((x, y, length),) = gold_frames(marked)
    inside = marked.crop((x, y + 4, x + length, y + TILE_H))
    marble = MATERIAL_COLOURS["marble"]
    colours = dict((c, n) for n, c in inside.getcolors(inside.width * inside.height) or [])
    assert colours.get(marble, 0) > 0.4 * inside.width * inside.height  # the marble tile
    below = marked.crop((x, y + TILE_H + 8, x + length, y + 2 * TILE_H))
    colours = dict((c, n) for n, c in below.getcolors(below.width * below.height) or [])
    assert colours.get(MATERIAL_COLOURS["brick"], 0) > 0  # on top of the brick floor


def test_a_player_without_palazzi_takes_one_short_line() -> None:
    three = table_picture(GAME.view(fresh(3), None), NAMES[:3], None)
    four = table_picture(GAME.view(fresh(4), None), NAMES, None)
    assert 0 < four.height - three.height <= 60
    assert four.height <= WIDTH


@pytest.mark.parametrize("players", [2, 3, 4])
def test_pictures_are_narrow_and_reasonably_short(players: int) -> None:
    for stage, state in stages(players).items():
        public = GAME.view(state, None)
        table = table_picture(public, NAMES[:players], None, state["events"])
        assert 600 <= table.width <= 800
        assert table.height <= 2.3 * table.width, stage
        hand = hand_picture(GAME.view(state, 0), NAMES[:players], None)
        assert hand.height <= table.width
        if public["result"] is not None:
            assert score_sheet(public, NAMES[:players], None).height <= 2 * table.width


def test_materials_carry_a_letter_and_currencies_have_a_legend() -> None:
    state = stages(3)["bid"]
    with recording_text() as drawn:
        table_picture(GAME.view(state, None), NAMES[:3], "en")
    words = [d.words for d in drawn]
    for material in ("brick", "sandstone", "marble"):
        assert material in words
    for currency in ("red", "brown", "grey", "certificate"):
        assert currency in words
    letters = {"B", "S", "M"}
    assert letters <= set(words)


def rare_layouts() -> list[tuple[str, Image.Image, list[DrawnText]]]:
    """A seat with nine palazzi (two rows of towers), a tie on points, an empty hand."""
    drawn_all = []
    state = json.loads(json.dumps(stages(4)["end"]))
    loose = [x for x in TILES if not any(x in p for s in state["palazzi"] for p in s)]
    state["palazzi"][0] = [[x] for x in loose[:9]]
    state["result"]["scores"] = [7, 7, 3, 3]
    state["result"]["money"] = [40, 30, 20, 10]
    state["result"]["winners"] = [0]
    state["hands"][2] = []
    public = GAME.view(state, None)
    for name, draw in (
        ("table", lambda: table_picture(public, LONG_NAMES, "en", state["events"])),
        ("sheet", lambda: score_sheet(public, LONG_NAMES, "en")),
        ("empty hand", lambda: hand_picture(GAME.view(state, 2), LONG_NAMES, "en")),
    ):
        with recording_text() as drawn:
            image = draw()
        drawn_all.append((name, image, drawn))
    return drawn_all


def test_rare_layouts_still_read_on_a_phone() -> None:
    for name, image, drawn in rare_layouts():
        assert image.width == WIDTH and image.height <= 2.3 * WIDTH, name
        for text in drawn:
            floor = KEY_SIZE if is_key(text.words) else SMALLEST
            assert text.size_at(PHONE) >= floor, (name, text.words)
            assert not internals_in(text.words), (name, text.words)
        words = [d.words for d in drawn]
        if name == "table":  # nine palazzi, numbered 1 to 9 on their roofs
            assert {str(k) for k in range(1, 10)} <= set(words)
        if name == "sheet":  # equal points: money decides, and says so
            assert sum(w.startswith("money ") for w in words) == 4
            assert any("most money" in w for w in words)
        if name == "empty hand":
            assert "no money cards" in words


def test_the_hand_names_the_groups_of_15_it_can_pay_with() -> None:
    state = fresh(3)
    move_cards(state, [*group(4), *certs(3), card("red", 6)], 0)
    with recording_text() as drawn:
        hand_picture(GAME.view(state, 0), NAMES[:3], "en")
    words = [d.words for d in drawn]
    assert "groups of 15 to pay with: three 4s, three certificates" in words
    assert "worth 36 as one payment" in words
    move_cards(state, [*cards("red", 4, 6), card("grey", 4)], 0)
    with recording_text() as drawn:
        hand_picture(GAME.view(state, 0), NAMES[:3], "en")
    assert not any(d.words.startswith("groups of 15") for d in drawn)
