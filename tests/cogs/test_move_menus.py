"""No legal move is ever lost from the components: every move of `game.choices` is a button or a
menu option of the board or the seat's panel (or of a "More moves…" page they open), within
Discord's limits (5 rows, 5 buttons a row, 25 options a menu, labels of 80/100 characters).
Moves offered because of a seat's hidden cards never show on the public board (the board is the
same whatever the hands hold); the board's pick openers open the private panel listing them."""

from __future__ import annotations

import random
import re
from typing import Any

import discord
import pytest

from db.records import GameRecord, Seat
from games import RULES, presentation, rules_of
from interface import custom_ids as ids
from interface import messages as boards
from interface import move_pages
from interface.components import ALL_ITEMS, OpenPickButton
from interface.move_menus import layout
from render.money.presentation import MoneyPresentation
from render.private_moves import private_kind
from rules.contract import Game, State
from rules.newyork import building
from rules.newyork.components import BUILDING_IDS, STREETS
from tests.helpers.newyork import city, fresh, money, set_city, set_hand, set_reserve, tile_with
from tests.helpers.playout import bot_action, play, random_action
from tests.reliability.secrecy import secrets_for

NAMES = ["Ann", "Bob", "Cid", "Dee", "Eve", "Fay"]
NEWYORK = rules_of("newyork")
PLAIN = tile_with("....")


def record_of(game_id: str, state: State) -> GameRecord:
    """A running table holding `state`, every seat that must act waiting since version 7."""
    game = rules_of(game_id)
    seats = tuple(Seat(100 + n, NAMES[n]) for n in range(state["players"]))
    waiting = {seat: 7 for seat in game.to_act(state)}
    return GameRecord(1, 1, 5, game_id, "running", 100, seats, {}, 0, state, waiting, 8, "", "")


def check_limits(view: discord.ui.View | None) -> None:
    """Discord's limits on one message's components."""
    if view is None:
        return
    rows = view.to_components()
    assert len(rows) <= 5
    seen: set[str] = set()
    for row in rows:
        assert 1 <= len(row["components"]) <= 5
        for comp in row["components"]:
            custom_id = comp["custom_id"]
            assert len(custom_id) <= 100 and custom_id not in seen
            seen.add(custom_id)
            assert any(
                re.fullmatch(item.__discord_ui_compiled_template__, custom_id) for item in ALL_ITEMS
            )
            if comp["type"] == 2:
                assert 1 <= len(comp["label"]) <= 80
            if comp["type"] == 3:
                assert len(row["components"]) == 1  # a menu fills its row
                assert len(comp.get("placeholder", "")) <= 150
                options = comp["options"]
                assert 1 <= len(options) <= 25
                assert all(1 <= len(o["label"]) <= 100 for o in options)
                assert all(len(o["value"]) <= 100 for o in options)
                assert len({o["value"] for o in options}) == len(options)


def offered(record: GameRecord, seat: int, out: boards.Outgoing, pages: set[int]) -> set[str]:
    """The moves of `seat` in a message: its buttons and menu options, following "More moves…"
    to the further pages (each opened once)."""
    check_limits(out.view)
    found: set[str] = set()
    if out.view is None:
        return found
    prefix = f"tv:mv:{record.id}:{seat}:{record.waiting[seat]}:"
    for child in out.view.children:
        item = child.item
        if isinstance(item, discord.ui.Button) and item.custom_id.startswith(prefix):
            found.add(item.custom_id[len(prefix) :])
        if isinstance(item, discord.ui.Select) and item.custom_id.startswith("tv:ms:"):
            for option in item.options:
                page = ids.page_of(option.value)
                if page is None:
                    found.add(option.value)
                elif page not in pages:
                    pages.add(page)
                    more = move_pages.moves_page(record, seat, page, "en")
                    found |= offered(record, seat, more, pages)
    return found


def shown(record: GameRecord, seat: int, out: boards.Outgoing) -> set[str]:
    """The moves of `seat` a message itself shows (buttons and menu options, no further page)."""
    return offered(record, seat, out, set(range(1, 1000)))


def step_kinds(out: boards.Outgoing) -> set[str]:
    """The kinds of the pick openers of a message (those opening the private panel on a pick)."""
    assert out.view is not None
    return {c.kind for c in out.view.children if isinstance(c, OpenPickButton)}


def alike(ui: Any, view: dict[str, Any], moves: set[str]) -> set[str]:
    """The moves as a player tells them apart: by label (taking one or the other of two equal
    cards is one choice, offered once)."""
    return {ui.move_label(m, view, NAMES, "en") for m in moves}


def assert_every_move_reachable(game_id: str, state: State) -> None:
    """Each seat that must act finds all its moves (moves alike, e.g. taking either of two
    equal cards, count as one: `alike`). One acting seat: its public moves on the
    board (or the pages it opens); its private moves (`render.private_moves`: offered because of its
    hidden cards) never on the board, but in the private panel of the board's step they are
    kept for, or else in its whole panel (My hand). Several: each in its own panel."""
    game, ui = rules_of(game_id), presentation(game_id)
    record = record_of(game_id, state)
    acting = game.to_act(state)
    board = boards.board(record, "en")
    check_limits(board.view)
    public = game.view(state, None)
    for seat in acting:
        moves = set(game.choices(state, seat).moves)
        own = game.view(state, seat)
        panel = offered(record, seat, boards.hand_panel(record, seat, "en"), {1})
        missing = alike(ui, own, moves) - alike(ui, own, panel)
        assert not missing or len(acting) == 1, (game_id, seat, missing)
        if len(acting) != 1:
            continue
        private = {m: kind for m in moves if (kind := private_kind(ui, m, public)) is not None}
        leaked = set(private) & shown(record, seat, board)
        assert not leaked, (game_id, seat, "private moves on the public board", sorted(leaked))
        on_board = offered(record, seat, board, {1})
        missing = alike(ui, public, moves - set(private)) - alike(ui, public, on_board)
        assert not missing, (game_id, seat, sorted(missing))
        for kind in set(private.values()):
            kept = {m for m, k in private.items() if k == kind}
            where = panel
            if kind in step_kinds(board):
                step = boards.hand_panel(record, seat, "en", opened=(kind, 0))
                where = offered(record, seat, step, {1})
            missing = alike(ui, own, kept) - alike(ui, own, where)
            assert not missing, (game_id, seat, kind, sorted(missing))


def assert_board_hides_the_hand(game_id: str, state: State, rng: random.Random) -> None:
    """The board (text and components) is the same when everything hidden from the public is
    shuffled: no move, button or menu tells what a hand holds."""
    other = secrets_for(game_id).scramble(state, None, rng)
    first, second = (boards.board(record_of(game_id, s), "en") for s in (state, other))
    assert first.content == second.content
    rows = [out.view.to_components() if out.view else None for out in (first, second)]
    assert rows[0] == rows[1], (game_id, "the board changes with hidden cards")


def states_of(game: Game, players: int, seed: int, mover: Any) -> list[State]:
    found: list[State] = []
    play(game, players, seed, mover, check=lambda _g, _b, after, _s, _a: found.append(after))
    return found


CASES = [
    (game_id, players, seed, mover)
    for game_id, game in sorted(RULES.items())
    for seed, players in enumerate(
        sorted({game.info.min_players, game.info.max_players, game.info.min_players + 1})
    )
    for mover in (bot_action, random_action)
]


@pytest.mark.parametrize(
    ("game_id", "players", "seed", "mover"),
    CASES,
    ids=[f"{c[0]}-{c[1]}p-{c[3].__name__}" for c in CASES],
)
def test_every_legal_move_is_reachable_and_the_board_hides_the_hand_in_seeded_games(
    game_id: str, players: int, seed: int, mover: Any
) -> None:
    game = RULES[game_id]
    states = states_of(game, players, seed, mover)
    rng = random.Random(seed)
    for state in states[:: max(1, len(states) // 120)]:
        if game.to_act(state):
            assert_every_move_reachable(game_id, state)
            assert_board_hides_the_hand(game_id, state, rng)


# ------------------------------------------------------------------ New York's crowded boards


def placing(tile: int, grid: building.Grid) -> State:
    """Seat 0 of a 3-player game must place `tile` in this city."""
    state = fresh(3, 1)
    state["current"] = 0
    set_city(state, 0, grid)
    state["market"] = [t if t != tile else None for t in state["market"]]
    state["bag"] = [t for t in state["bag"] if t != tile]
    state["to_place"][0] = [tile]
    state["phase"] = "place"
    return state


def selects(out: boards.Outgoing) -> list[discord.ui.Select]:
    assert out.view is not None
    return [c.item for c in out.view.children if isinstance(c.item, discord.ui.Select)]


def test_newyork_more_than_25_spots_for_one_tile_are_split_into_numbered_menus() -> None:
    # A long row: plain tiles (spots above and below), top streets (below), bottom (above).
    grid = city("TS " + " ".join(["...."] * 8 + ["X..."] * 4 + ["..X."] * 4))
    tile = next(t for t in BUILDING_IDS if STREETS[t] == 0 and t not in grid.values())
    state = placing(tile, grid)
    spots = [
        m for m in NEWYORK.choices(state, 0).moves if m.startswith("place") and "reserve" not in m
    ]
    assert len(spots) > 25
    out = boards.board(record_of("newyork", state), "en")
    menus = [s for s in selects(out) if s.placeholder.startswith("Build ")]
    assert len(menus) == 2
    assert [m.placeholder[-5:] for m in menus] == ["(1/2)", "(2/2)"]
    assert [o.value for m in menus for o in m.options] == spots  # closest first, none lost
    assert_every_move_reachable("newyork", state)


def act_with_reserve(reserve: list[int], grid: building.Grid, actions: int = 1) -> State:
    """Seat 0 acting after an exact purchase (another action is a must), with this reserve and
    city."""
    state = fresh(3, 2)
    state["current"] = 0
    set_city(state, 0, grid)
    set_reserve(state, 0, reserve)
    set_hand(state, 0, money("blue", 9, 9, 8) + money("green", 9, 9) + money("yellow", 7, 7))
    state["actions"] = actions
    return state


def test_newyork_takes_stay_on_the_board_with_several_buildable_reserve_tiles() -> None:
    """After an exact purchase the player must act again (no `end`): the short take moves stay
    buttons beside the menus that take the redesigns."""
    grid = city("TS .... ....", ".... .... ....")
    used = set(grid.values())
    reserve = [t for t in BUILDING_IDS if STREETS[t] == 0 and t not in used][:4]
    state = act_with_reserve(reserve, grid)
    moves = NEWYORK.choices(state, 0).moves
    takes = {m for m in moves if m.startswith("take ")}
    assert "end" not in moves and takes
    assert len({m.split()[1] for m in moves if m.startswith("move ") and "reserve" not in m}) >= 3
    assert_every_move_reachable("newyork", state)
    out = boards.board(record_of("newyork", state), "en")
    assert out.view is not None
    buttons = {c.item.custom_id.split(":")[-1] for c in out.view.children if c.item.type.value == 2}
    labels = {c.item.label for c in out.view.children if c.item.type.value == 2}
    view, ui = NEWYORK.view(state, None), presentation("newyork")
    taken = {ui.move_label(m, view, ["a", "b", "c"], "en") for m in takes}
    # menus take the redesigns; identical money cards are one button (one choice)
    assert taken <= labels and buttons <= set(moves) | {"0", "1"} and "end" not in buttons


def grown_city(seed: int, size: int) -> building.Grid:
    """A legal city of `size` tiles grown at random (closest legal spots of random tiles)."""
    rng = random.Random(seed)
    grid = city("TS")
    pool = list(BUILDING_IDS)
    rng.shuffle(pool)
    for tile in pool:
        spots = building.legal_spots(grid, tile)
        if spots and len(grid) < size:
            grid[rng.choice(spots[:4])] = tile
    return grid


def test_newyork_a_huge_reserve_pages_its_moves_and_loses_none() -> None:
    grid = grown_city(3, 22)
    used = set(grid.values())
    reserve = [t for t in BUILDING_IDS if t not in used][:24]
    state = act_with_reserve(reserve, grid)
    moves = NEWYORK.choices(state, 0).moves
    pages = layout(presentation("newyork"), moves, NEWYORK.view(state, None), "en")
    assert len(moves) > 125 and len(pages) >= 2
    assert pages[0].buttons and all(not p.buttons for p in pages[1:])
    assert [m.more for m in pages[0].menus][-1] == 2
    assert_every_move_reachable("newyork", state)


class ManyButtons(MoneyPresentation):
    """A presentation without menus (like Money's): every move would be a button."""

    def move_label(self, action: str, view: dict, names: list[str], locale: str | None) -> str:
        return "Move " + action * 30

    def move_style(self, action: str) -> str:
        return "primary"


@pytest.mark.parametrize("count", [0, 1, 24, 25, 26, 104, 105, 400])
def test_any_number_of_buttons_overflows_into_menus_and_pages(count: int) -> None:
    moves = [f"move {n}" for n in range(count)]
    pages = layout(ManyButtons(), moves, {}, "en")
    listed = [a for p in pages for a in (*p.buttons, *(x for m in p.menus for x in m.actions))]
    assert sorted(listed) == sorted(moves) and len(listed) == len(set(listed))
    for number, page in enumerate(pages, start=1):
        rows = len(page.menus) + -(-(len(page.buttons) + (1 if number == 1 else 0)) // 5)
        assert rows <= 5
        assert all(len(m.actions) + (1 if m.more else 0) <= 25 for m in page.menus)
    assert len(pages) == 1 or pages[0].menus[-1].more == 2
    if count <= 19:
        assert len(pages) == 1 and list(pages[0].buttons) == moves  # as before: all buttons
