"""Palazzo's pictures and Discord words: every picture renders in every phase as a small valid
PNG, the table is drawn from the public view only (and does not change with hidden
information), and the panels' words come from the English catalog."""

from __future__ import annotations

import io
import random
from functools import cache

import pytest
from PIL import Image, ImageChops

import i18n
from render import theme
from render.palazzo import hand_picture, score_sheet, table_picture
from render.palazzo.presentation import PalazzoPresentation
from render.png import encode
from rules.contract import State
from tests.helpers.palazzo import GAME, card, cards, certs, fresh, group, move_cards, tile
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
        table = table_picture(public, NAMES[:players], None)
        assert table.width == theme.WIDTH and 400 <= table.height <= 2000, phase
        check_png(table)
        for seat in range(players):
            hand = hand_picture(GAME.view(state, seat), NAMES[:players], "en-US")
            assert hand.width == theme.WIDTH
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
    monkeypatch.setattr("render.palazzo.hand.t", spy)
    monkeypatch.setattr("render.palazzo.sheet.t", spy)
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
