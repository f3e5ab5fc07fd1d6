"""The New York card game's pictures: the public table, a seat's money, the scoring rankings.

Pictures are drawn from views only; a table picture must not change when hidden information
(hands, decks) is shuffled, and a hand picture must change with its own hand."""

from __future__ import annotations

import random

import pytest
from PIL import Image, ImageChops, ImageDraw

from games import presentation
from i18n import t
from render.draw import recording_text
from render.nycards import final_picture, hand_picture, scoring_picture, table_picture
from render.nycards.common import TYPE_GLYPHS, WIDTH, coin, type_badge
from render.nycards.table import LAST_H, ROW_H, _strip_rows, moves
from rules.nycards.components import BUILDINGS, MONEY, TYPE_IDS, type_name
from tests.helpers.internals import internals_in
from tests.helpers.nycards import GAME, cash, money, scramble_hidden, set_hand
from tests.helpers.playout import bot_action, play, random_action
from tests.helpers.text_sizes import KEY_PX, MIN_PX, below, numbers_below_key, sizes_of

NAMES = ["Ann", "Bob", "Cyd", "Dee", "Eve", "Fay"]


def states_of(players: int, seed: int) -> list[dict]:
    """Every state of one random game."""
    states = [GAME.new_game(players, {}, seed)]
    play(GAME, players, seed, random_action, check=lambda g, b, a, s, act: states.append(a))
    return states


def same(a, b) -> bool:
    return (
        a.size == b.size
        and ImageChops.difference(a.convert("RGB"), b.convert("RGB")).getbbox() is None
    )


@pytest.mark.parametrize("players", [2, 3, 6])
def test_table_grows_with_players_and_shows_dirk_at_two(players: int) -> None:
    state = GAME.new_game(players, {}, 3)
    with recording_text() as drawn:
        picture = table_picture(GAME.view(state, None), NAMES[:players], None)
    seats = players + (1 if players == 2 else 0)
    other = table_picture(GAME.view(GAME.new_game(4, {}, 3), None), NAMES[:4], None)
    assert (picture.height - other.height) == (seats - 4) * (ROW_H + 6)
    assert picture.width == WIDTH == 600
    words = [d.words for d in drawn]
    assert (t("nycards.dirk", None) in words) == (players == 2)
    assert (t("render.nycards.pic.dirk_note", None) in words) == (players == 2)


def test_table_picture_ignores_hidden_information() -> None:
    rng = random.Random(1)
    for state in states_of(3, 11)[::15]:
        public = table_picture(GAME.view(state, None), NAMES[:3], None)
        scrambled = scramble_hidden(state, None, rng)
        assert same(public, table_picture(GAME.view(scrambled, None), NAMES[:3], None))


def test_hand_picture_groups_by_currency_and_changes_with_the_hand() -> None:
    state = GAME.new_game(3, {}, 2)
    set_hand(state, 0, [*cash("blue", 2, 3), *cash("yellow", 9)])
    one = hand_picture(GAME.view(state, 0), NAMES, None)
    set_hand(state, 0, [*cash("blue", 2, 4), *cash("yellow", 9)])
    two = hand_picture(GAME.view(state, 0), NAMES, None)
    assert one.height == two.height  # one row per currency, empty ones included
    assert not same(one, two)
    set_hand(state, 0, [])
    assert hand_picture(GAME.view(state, 0), NAMES, None).height == one.height


def test_every_scoring_gets_a_ranking_picture_and_the_end_a_final_one() -> None:
    seen = []
    for state in states_of(2, 7):
        view = GAME.view(state, None)
        assert (final_picture(view, NAMES[:2], None) is not None) == (view["phase"] == "over")
        seen += [e["scoring"] for e in view["events"] if e["type"] == "scoring"]
    assert seen[-1] == "C" and set(seen) <= {"A", "B", "C"}
    final = GAME.view(states_of(2, 7)[-1], None)
    c = scoring_picture(final, final["scorings"][-1], NAMES[:2], None)
    assert c.height > 300


def test_a_scoring_picture_drawn_after_later_moves_is_the_one_of_its_own_moment() -> None:
    """A scoring's picture comes from its own public event (a step may go on with bot moves):
    drawn from the final view it shows that scoring's rankings and the totals after it."""
    states = states_of(3, 4)
    final = GAME.view(states[-1], None)
    checked = 0
    for state in states:
        view = GAME.view(state, None)
        for event in (e for e in view["events"] if e["type"] == "scoring" and e["scoring"] != "C"):
            then = scoring_picture(view, event, NAMES[:3], None)
            assert same(then, scoring_picture(final, event, NAMES[:3], None))
            checked += 1
    assert checked == 2, "scorings A and B came up during play"


def test_ui_images_and_labels_for_a_whole_game() -> None:
    ui = presentation("nycards")
    for state in states_of(4, 5)[::20]:
        public = GAME.view(state, None)
        ui.table_image(public, NAMES[:4], None)
        for seat in GAME.to_act(state):
            own = GAME.view(state, seat)
            ui.hand_image(own, NAMES[:4], None)
            choices = GAME.choices(state, seat)
            for move in choices.moves:
                label = ui.move_label(move, public, NAMES[:4], None)
                assert 0 < len(label) <= 80
            for pick in choices.picks:
                for items in pick.suggestions:
                    words = ui.view_pick_summary("buy", list(items), own, None)
                    assert "price" in words and "short" not in words


def test_pick_summary_shows_the_overpayment_before_confirming() -> None:
    ui = presentation("nycards")
    state = GAME.new_game(3, {}, 4)
    view = GAME.view(state, state["current"])
    building = view["yard"][0]
    price = BUILDINGS[building].price
    nines = [money("blue", 9, 1), money("blue", 9, 2)]  # 18: more than any price
    words = ui.view_pick_summary("buy", nines, view, None)
    assert f"{18 - price} overpaid" in words
    mixed = ui.view_pick_summary("buy", [nines[0], money("green", 1)], view, None)
    assert "mixed" in mixed


# ------------------------------------------------------------------ phone-first (issue 15)


def bot_steps(players: int, seed: int) -> list[tuple[dict, list[dict]]]:
    """Every state of one seeded bot game, with the public events of the move that made it."""
    steps: list[tuple[dict, list[dict]]] = []
    play(
        GAME,
        players,
        seed,
        bot_action,
        check=lambda g, b, a, s, act: steps.append((a, list(GAME.view(a, None)["events"]))),
    )
    return steps


def stages(steps: list) -> list:
    """A few moments of a game: the start, a quarter, the middle, near the end, the end."""
    n = len(steps)
    return [steps[i] for i in sorted({0, n // 4, n // 2, n - 2, n - 1})]


@pytest.mark.parametrize("players", [2, 3, 4, 5])
def test_every_picture_is_readable_on_a_phone_at_every_stage(players: int) -> None:
    """600 px wide; no text under 9 px at 400 px display width; money values, prices, counts and
    scores at least 14 px; no id, seat number or abbreviation in any drawn word."""
    names = NAMES[:players]
    ui = presentation("nycards")
    for state, last in stages(bot_steps(players, 40 + players)):
        public = GAME.view(state, None)
        with recording_text() as drawn:
            pictures = [ui.table_image(public, names, None, last)]
            pictures += [ui.hand_image(GAME.view(state, s), names, None) for s in range(players)]
            pictures += [scoring_picture(public, s, names, None) for s in public["scorings"]]
            final = ui.final_image(public, names, None)
        pictures += [final] if final else []
        assert all(p.width == WIDTH for p in pictures)
        assert all(p.height <= 1000 for p in pictures)
        assert below(drawn, MIN_PX) == []
        assert numbers_below_key(drawn) == []
        assert [w for d in drawn if (w := internals_in(d.words))] == []


def test_whose_turn_and_scores_are_key_sized() -> None:
    state = GAME.new_game(3, {}, 8)
    public = GAME.view(state, None)
    with recording_text() as drawn:
        table_picture(public, NAMES[:3], None)
    turn = t("render.nycards.pic.to_act", None, name=NAMES[public["current"]])
    assert sizes_of(drawn, turn) and min(sizes_of(drawn, turn)) >= KEY_PX
    points = t("render.nycards.pic.points", None, points=0)
    assert min(sizes_of(drawn, points)) >= KEY_PX


def test_currency_and_building_marks_differ_in_shape_and_symbol() -> None:
    """A blue coin and a blue Theater: the coin is round (its box's corners stay empty), the
    building a house (a square wall down to its bottom corners, a roof) with its type's glyph."""
    size = 40
    coin_image = Image.new("RGB", (size + 2, size + 2), (0, 0, 0))
    coin(ImageDraw.Draw(coin_image), (size / 2, size / 2), size / 2, "blue")
    house_image = Image.new("RGB", (size + 2, size + 2), (0, 0, 0))
    with recording_text() as drawn:
        type_badge(ImageDraw.Draw(house_image), (0, 0), "theater", size)
    corner = (2, size - 2)
    assert coin_image.getpixel(corner) == (0, 0, 0)
    assert house_image.getpixel(corner) != (0, 0, 0)
    assert house_image.getpixel((2, 2)) == (0, 0, 0), "the roof leaves the top corners empty"
    assert [d.words for d in drawn] == [TYPE_GLYPHS["theater"]]
    assert len(set(TYPE_GLYPHS.values())) == len(TYPE_IDS)


def test_the_last_move_strip_names_everyone_in_full_on_a_second_row_when_needed() -> None:
    """A move that gives buildings to two long-named players (the end's leftovers) shows every
    name whole, wrapping the strip to more rows instead of cutting a name short."""
    names = ["Makkelijke bot 1", "Sterke bot 2", "Annalisa Bernardini", "Bot 4"]
    wrapped = 0
    for state, last in bot_steps(4, 1):
        shown = moves(last)
        if len(shown) < 2:
            continue
        with recording_text() as drawn:
            picture = table_picture(GAME.view(state, None), names, "nl", last)
        words = [d.words for d in drawn]
        for event in shown[-3:]:
            who = names[event["seat"]]
            assert t(f"render.nycards.pic.did.{event['type']}", "nl", name=who) in words
        rows = len(_strip_rows(shown, names, "nl"))
        plain = table_picture(GAME.view(state, None), names, "nl")
        assert picture.height - plain.height == rows * LAST_H + 10
        wrapped += rows > 1
    assert wrapped


def test_the_table_has_a_legend_of_shapes_and_building_colours() -> None:
    with recording_text() as drawn:
        table_picture(GAME.view(GAME.new_game(3, {}, 1), None), NAMES[:3], None)
    words = [d.words for d in drawn]
    for key in ("render.nycards.pic.legend_money", "render.nycards.pic.legend_building"):
        assert t(key, None) in words
    assert all(type_name(type_id) in words for type_id in TYPE_IDS)


def test_the_table_highlights_the_last_move() -> None:
    """Money taken is drawn in the last-move strip under the taker's name; a building bought
    marks its slot's new building "new" and outlines the buyer's count of that type."""
    new = t("render.nycards.pic.new", None)
    seen = set()
    for state, last in bot_steps(3, 9):
        public = GAME.view(state, None)
        with recording_text() as drawn:
            table_picture(public, NAMES[:3], None, last)
        words = [d.words for d in drawn]
        for event in last if public["phase"] == "play" else ():  # the end shows the leftovers
            name = NAMES[event.get("seat") or 0]
            if event["type"] == "took":
                assert t("render.nycards.pic.did.took", None, name=name) in words
                values = [str(MONEY[c].value) for c in event["cards"]]
                strip = words[words.index(t("render.nycards.pic.did.took", None, name=name)) :]
                assert strip[: len(values) + 1][1:] == values
                seen.add("took")
            if event["type"] == "bought":
                assert t("render.nycards.pic.did.bought", None, name=name) in words
                if public["yard"][event["slot"]] is not None:
                    assert new in words
                    seen.add("bought")
        with recording_text() as drawn:
            table_picture(public, NAMES[:3], None)
        assert new not in [d.words for d in drawn]
    assert seen == {"took", "bought"}


def test_scoring_pictures_say_points_and_buildings_in_words() -> None:
    """No "1 × → 1": each cell is "+points" with "⌂ buildings", a legend says so, and the totals
    row is named; at two players Dirk is marked neutral and the result says he cannot win."""
    steps = bot_steps(2, 7)
    final = GAME.view(steps[-1][0], None)
    with recording_text() as drawn:
        final_picture(final, NAMES[:2], None)
    words = [d.words for d in drawn]
    assert not [w for w in words if "×" in w or "→" in w]
    assert t("render.nycards.pic.cell_legend", None) in words
    assert t("render.nycards.pic.neutral", None) in words
    assert t("render.nycards.pic.decided_dirk", None) in words
    assert t("render.nycards.pic.total_after", None, scoring="C") in words
    c = final["scorings"][-1]
    for award in c["awards"]:
        for group in award["ranking"]:
            if group["points"]:
                assert f"+{group['points']}" in words
                assert t("render.nycards.pic.buildings", None, count=group["count"]) in words
    dirk = t("nycards.dirk", None)
    assert dirk in words and f"★ {dirk}" not in words
