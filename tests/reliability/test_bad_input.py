"""Bad input, fuzzed with hypothesis, for every registered game.

Rules: random text, near-valid texts (legal actions with numbers swapped for huge, negative,
unicode or unknown ones, doubled items, stray separators and whitespace), out-of-turn and
wrong-seat actions, seats out of range and repeated submissions. Every refusal is a
`RuleError` with a real English message, nothing else is ever raised, and the state given to
`apply` is never changed.

Components: forged and malformed `custom_id`s pressed by members, outsiders, in the game's
channel, another channel and DMs, dispatched as discord.py does (a template must `fullmatch`;
the item is rebuilt with `from_custom_id` around a button or a select menu, as its class
declares, a menu gets the chosen values, and its callback runs) against a fake interaction.
Nothing raises, every press is answered, a refused press changes nothing, and a move (a move
button, or a move menu's one chosen value) is applied exactly when it is legitimate: the
clicker's own seat, the board's version, the game's channel (or a DM), a legal move. A step
button (`tv:st`/`tv:ste`, any kind and part, offered or not) never changes anything: it opens
the clicker's own panel on that step exactly when the seat, version and place are right, and
is refused otherwise. Every id shape of `interface.custom_ids` is forged (pick menus with and
without their opened part included).

Example counts are modest in CI (TAVOLO_FUZZ_EXAMPLES overrides them; TAVOLO_FUZZ_RANDOM=1
explores new examples instead of CI's fixed ones).
"""

from __future__ import annotations

import asyncio
import random
import re
import shutil
import typing
from collections import Counter
from dataclasses import dataclass
from functools import cache
from pathlib import Path
from typing import Any

import discord
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from cogs.play import Play
from db.records import GameRecord
from db.store import Store
from fakediscord.inprocess import FakeBot, FakeInteraction, message_with
from games import rules_of
from i18n import all_texts, catalog
from interface import custom_ids as ids
from interface.components import (
    ALL_ITEMS,
    HandButton,
    LobbyButton,
    MoveButton,
    MoveSelect,
    OpenPickButton,
    PickConfirm,
    PickSelect,
    SeatConsentButton,
    UndoButton,
)
from interface.messages import board, hand_panel
from interface.play_actions import change_pick, drafted
from rules.errors import RuleError
from service.tables import TableService
from tests.helpers.playout import assert_json_round_trip, dump, play, random_action
from tests.reliability.driving import (
    GAME_IDS,
    assert_consistent,
    env_int,
    member_move,
    play_until,
    seated_game,
    waiting_members,
)
from tests.reliability.figures import report
from tests.reliability.leaks import recorded_pictures, step_kinds
from tests.reliability.secrecy import quick_options

ODD_NUMBERS = [
    "9" * 30,
    "-1",
    "-0",
    "+3",
    "0",
    "00",
    "٣",  # ARABIC-INDIC DIGIT THREE: int() reads it
    "²",  # SUPERSCRIPT TWO: isdigit() but int() refuses it
    "１２",  # FULLWIDTH
    "1.5",
    "1e3",
    "0x1f",
    "",
    " ",
    "\x00",
    "3\u200b",
    "NaN",
]
NOISE = ["", " ", "  ", "\t", "\n", ",", ",,", ";", "'", '"', "\\", "é", "🂡", "\u200b", "%s", "{}"]


def fuzz_settings(default_examples: int) -> settings:
    """Hypothesis settings of the fuzz tests: `default_examples` in CI (TAVOLO_FUZZ_EXAMPLES
    overrides it), derandomized so CI runs repeat (TAVOLO_FUZZ_RANDOM=1 explores afresh)."""
    return settings(
        max_examples=env_int("TAVOLO_FUZZ_EXAMPLES", default_examples),
        deadline=None,
        derandomize=env_int("TAVOLO_FUZZ_RANDOM", 0) == 0,
        suppress_health_check=[HealthCheck.too_slow, HealthCheck.function_scoped_fixture],
        database=None,
    )


# ------------------------------------------------------------------ positions to fuzz


@cache
def playout_states(game_id: str, players: int, seed: int) -> tuple[dict, ...]:
    """Every state of one seeded random playout, from the deal to the end."""
    game = rules_of(game_id)
    states = [game.new_game(players, quick_options(game_id), seed)]

    def keep(g, before, after, seat, action) -> None:
        states.append(after)

    play(game, players, seed, random_action, options=quick_options(game_id), check=keep)
    return tuple(states)


@cache
def verbs(game_id: str) -> tuple[str, ...]:
    """The first words of the legal actions seen in a few playouts."""
    game = rules_of(game_id)
    found: set[str] = set()
    for state in playout_states(game_id, game.info.min_players, 0):
        for seat in game.to_act(state):
            choices = game.choices(state, seat)
            found.update(m.split(" ")[0] for m in choices.moves)
            found.update(p.kind for p in choices.picks)
    return tuple(sorted(found))


def legal_texts(game_id: str, state: dict, rng: random.Random) -> list[str]:
    """A few legal actions of every seat that must act."""
    game = rules_of(game_id)
    return [random_action(game, state, s, rng) for s in game.to_act(state) for _ in range(2)]


@st.composite
def positions(draw: st.DrawFn, game_id: str) -> dict:
    info = rules_of(game_id).info
    players = draw(st.integers(info.min_players, info.max_players))
    states = playout_states(game_id, players, draw(st.integers(0, 7)))
    return states[draw(st.integers(0, len(states) - 1))]


def mutate(text: str, data: st.DataObject, game_id: str) -> str:
    """A near miss of a legal action text."""
    kind = data.draw(st.integers(0, 9), label="mutation")
    numbers = list(re.finditer(r"\d+", text))
    if kind == 0 and numbers:  # one number replaced by an odd one
        m = data.draw(st.sampled_from(numbers))
        odd = data.draw(st.sampled_from(ODD_NUMBERS))
        return text[: m.start()] + odd + text[m.end() :]
    if kind == 1 and numbers:  # one number replaced by any integer (unknown ids, huge, negative)
        m = data.draw(st.sampled_from(numbers))
        n = data.draw(st.integers(-(10**20), 10**20) | st.integers(0, 400))
        return text[: m.start()] + str(n) + text[m.end() :]
    if kind == 2 and numbers:  # an item doubled
        m = data.draw(st.sampled_from(numbers))
        return f"{text},{m.group()}"
    if kind == 3:  # noise somewhere
        at = data.draw(st.integers(0, len(text)))
        return text[:at] + data.draw(st.sampled_from(NOISE)) + text[at:]
    if kind == 4:  # truncated
        return text[: data.draw(st.integers(0, max(0, len(text) - 1)))]
    if kind == 5:  # another verb
        verb = data.draw(st.sampled_from([*verbs(game_id), "", "BID", "Pass", "take", "row"]))
        return verb + text[len(text.split(" ")[0]) :]
    if kind == 6:  # case and surrounding whitespace
        return data.draw(st.sampled_from([text.upper(), text.title(), f" {text} ", f"{text}\n"]))
    if kind == 7:  # two actions at once
        return f"{text} {text}" if data.draw(st.booleans()) else f"{text};{text}"
    if kind == 8:  # very long
        return text + "," * data.draw(st.integers(1, 2_000))
    return data.draw(st.text(max_size=40))


def assert_clean_refusal(err: RuleError) -> None:
    """A refusal a player can read: a known key, an English sentence, no unfilled fields."""
    assert err.key in catalog("en"), f"no English text for {err.key!r}"
    for locale in ("en", "en-US", None):
        text = err.message(locale)
        assert text and text != err.key and not re.search(r"\{\w*\}", text), text
        assert text[0].isupper() and text.rstrip()[-1] in ".!?`", text


def check_apply(game_id: str, state: dict, seat: Any, text: Any) -> dict | None:
    """Apply; a refusal must be clean and the input state must be untouched either way."""
    game = rules_of(game_id)
    before = dump(state)
    try:
        new = game.apply(state, seat, text)
    except RuleError as err:
        assert_clean_refusal(err)
        new = None
    except Exception as exc:  # pragma: no cover - the failure this test exists to find
        raise AssertionError(f"seat {seat!r}, {text!r}: raised {exc!r}") from exc
    assert dump(state) == before, f"seat {seat!r}, {text!r} changed the state it was given"
    if new is not None:
        assert seat in game.to_act(state), f"seat {seat} acted out of turn with {text!r}"
        assert_json_round_trip(new)
        game.outcome(new)
        game.to_act(new)
    return new


# ------------------------------------------------------------------ the rules


@pytest.mark.parametrize("game_id", GAME_IDS)
@fuzz_settings(300)
@given(data=st.data())
def test_any_text_is_refused_cleanly_or_applied(game_id: str, data: st.DataObject) -> None:
    state = data.draw(positions(game_id), label="state")
    players = state.get("players", rules_of(game_id).info.max_players)
    seat = data.draw(st.integers(0, players - 1), label="seat")
    rng = random.Random(data.draw(st.integers(0, 2**16), label="rng"))
    legal = legal_texts(game_id, state, rng)
    text = data.draw(
        st.one_of(
            st.text(max_size=80),
            st.sampled_from(legal or ["pass"]).map(lambda t: mutate(t, data, game_id)),
            st.sampled_from(legal or ["pass"]),  # a legal text, perhaps by the wrong seat
            st.sampled_from(verbs(game_id) or ("pass",)).map(
                lambda v: f"{v} {rng.randint(-9, 99)}"
            ),
        ),
        label="text",
    )
    new = check_apply(game_id, state, seat, text)
    if new is not None:  # the same submission again, on the new state
        check_apply(game_id, new, seat, text)


@pytest.mark.parametrize("game_id", GAME_IDS)
@fuzz_settings(150)
@given(data=st.data())
def test_seats_out_of_range_and_out_of_turn_are_refused(game_id: str, data: st.DataObject) -> None:
    game = rules_of(game_id)
    state = data.draw(positions(game_id), label="state")
    players = state.get("players", game.info.max_players)
    rng = random.Random(data.draw(st.integers(0, 2**16)))
    legal = [(s, random_action(game, state, s, rng)) for s in game.to_act(state)]
    idle = [s for s in range(players) if s not in game.to_act(state)]
    seat = data.draw(
        st.sampled_from([-1, players, players + 1, 99, -(2**63), 2**63, *idle])
        if idle
        else st.sampled_from([-1, players, 99, -(2**63), 2**63]),
        label="seat",
    )
    text = data.draw(st.sampled_from([a for _, a in legal] or ["pass"]), label="text")
    before = dump(state)
    with pytest.raises(RuleError) as err:
        game.apply(state, seat, text)
    assert_clean_refusal(err.value)
    assert dump(state) == before


@pytest.mark.parametrize("game_id", GAME_IDS)
def test_every_legal_action_is_accepted_once_per_turn(game_id: str) -> None:
    """Repeated submissions: a seat that acted and need not act again is refused the same
    action (cleanly), over whole playouts."""
    game = rules_of(game_id)
    rng = random.Random(5)
    repeats = 0
    for seed in range(6):
        states = playout_states(game_id, game.info.min_players + seed % 2, seed)
        for state in states[:-1]:
            for seat in game.to_act(state):
                action = random_action(game, state, seat, rng)
                new = check_apply(game_id, state, seat, action)
                assert new is not None
                again = check_apply(game_id, new, seat, action)
                repeats += again is None
    assert repeats > 0


# ------------------------------------------------------------------ components


class World:
    """Two running games (channels 1 and 2, members only; the second played on a little) and a
    lobby (channel 3), with a fake bot; `press` dispatches a custom_id as discord.py does.

    Hypothesis needs every example to start from the same world, so the world is built once
    (`build`) and each example works on a fresh copy of that database (`copy`)."""

    OUTSIDER = 9_999

    def __init__(self, store: Store, tables: TableService, bot: FakeBot, games: list[GameRecord]):
        self.store, self.tables, self.bot, self.games = store, tables, bot, games

    @staticmethod
    async def build(path: Path, game_id: str) -> list[int]:
        """Build the world's database at `path`; the ids of its games."""
        store = await Store.open(str(path))
        tables = TableService(store, new_seed=iter(range(31, 10_000)).__next__)
        info = rules_of(game_id).info
        games = [
            await seated_game(tables, game_id, ch, [100 * ch + k for k in range(info.min_players)])
            for ch in (1, 2)
        ]
        rng = random.Random(2)
        for _ in range(rng.randint(3, 12)):
            move = member_move(await tables.game(games[1].id), rng)
            if move is not None:
                await tables.play.move(games[1].id, move[1], move[2], since=move[3])
        lobby = await tables.lobby.open(
            guild_id=1, channel_id=3, game_id=game_id, host_id=300, host_name="Host"
        )
        await store.close()
        return [games[0].id, games[1].id, lobby.id]

    @classmethod
    async def copy(cls, template: Path, path: Path, game_ids: list[int]) -> World:
        shutil.copyfile(template, path)
        store = await Store.open(str(path))
        tables = TableService(store)
        games = [await tables.game(g) for g in game_ids]
        return cls(store, tables, FakeBot(store, tables), games)

    async def snapshot(self) -> dict[int, tuple[int, int]]:
        return {
            g.id: ((await self.tables.game(g.id)).version, len(await self.store.actions(g.id)))
            for g in self.games
        }

    async def press(
        self, custom_id: str, user: int, guild_id: int | None, channel_id: int | None, **kw: Any
    ) -> tuple[FakeInteraction, type | None]:
        """Dispatch like `discord.ui.view.ViewStore.dispatch_dynamic_items`."""
        interaction = FakeInteraction(
            self.bot, user, guild_id=guild_id, channel_id=channel_id, message=kw.get("message")
        )
        for cls in ALL_ITEMS:
            match = cls.__discord_ui_compiled_template__.fullmatch(custom_id)
            if match is None:
                continue
            if issubclass(wrapped(cls), discord.ui.Select):
                base: Any = discord.ui.Select(custom_id=custom_id)
            else:
                base = discord.ui.Button(custom_id=custom_id, label="x")
            item = await cls.from_custom_id(interaction, base, match)
            item._refresh_state(interaction, {"values": kw.get("values", [])})
            await item.callback(interaction)
            return interaction, cls
        return interaction, None


def wrapped(cls: type) -> type:
    """The discord.py item a `DynamicItem` class wraps (`DynamicItem[discord.ui.Select[Any]]`)."""
    item = typing.get_args(cls.__orig_bases__[0])[0]
    return typing.get_origin(item) or item


MOVE_ITEMS = (MoveButton, MoveSelect)


def test_every_id_shape_is_dispatched_to_its_one_component_class() -> None:
    """Each `interface.custom_ids` shape (a pick menu with and without its opened part, a pick
    opener from the board and in place) matches the template of exactly one component class."""
    shapes = {
        ids.move_id(7, 1, 9, "take 3,4"): MoveButton,
        ids.hand_id(7): HandButton,
        ids.pick_id(7, 1, 9, "pay", 0): PickSelect,
        ids.pick_id(7, 1, 9, "buy", 2, 3): PickSelect,
        ids.pick_ok_id(7, 1, 9, "pay"): PickConfirm,
        ids.lobby_id(7, "join"): LobbyButton,
        ids.move_select_id(7, 1, 9, 2): MoveSelect,
        ids.open_pick_id(7, 1, 9, "buy", 0, False): OpenPickButton,
        ids.open_pick_id(7, 1, 9, "buy", 2, True): OpenPickButton,
        ids.seat_consent_id(7, 1, 123456789012345678, 1_800_000_000, "yes"): SeatConsentButton,
        ids.seat_consent_id(7, 1, 0, 1_800_000_000, "no"): SeatConsentButton,
        ids.undo_id(7, 12): UndoButton,
    }
    for custom_id, cls in shapes.items():
        matched = [c for c in ALL_ITEMS if c.__discord_ui_compiled_template__.fullmatch(custom_id)]
        assert matched == [cls], (custom_id, matched)
    assert {*shapes.values()} == set(ALL_ITEMS), "a component class without a test id"


def custom_ids(world: World, records: list[GameRecord], data: st.DataObject) -> str:
    """A forged, malformed or genuine custom_id."""
    games = [r.id for r in records]
    game = data.draw(
        st.sampled_from([str(g) for g in games] + ["0", "999999", "9" * 18, "١", "-1", "", "1e3"])
    )
    record = next((r for r in records if str(r.id) == game), records[0])
    seats = list(range(len(record.seats)))
    seat = data.draw(st.sampled_from([str(s) for s in seats] + ["99", "-1", "٠", ""]))
    waiting = list(record.waiting.values()) or [record.version]
    since = data.draw(
        st.sampled_from([str(v) for v in waiting] + [str(waiting[0] - 1), "0", "9" * 18, "", "٣"])
    )
    rng = random.Random(data.draw(st.integers(0, 999)))
    actions = ["pass", "bid 1,2,3", "row left", "take 1", "x", "", "BID 3"]
    if record.state is not None and record.status == "running":
        actions += legal_texts(record.game, record.state, rng)
    action = data.draw(st.sampled_from(actions))
    kind = data.draw(st.sampled_from(["bid", "x", "", "BID", *verbs(record.game)]))
    part = data.draw(st.sampled_from(["0", "1", "2", "99", "", "٣", "-1", "100"]))
    shape = data.draw(st.integers(0, 9))
    if shape == 7:  # a step button, or a pick menu of a panel showing one step
        kinds = [kind, *step_kinds(record), "buy", "rebuild", "pay"]
        step = data.draw(st.sampled_from(["st", "ste", "stx", "ST", "pk"]))
        kind = data.draw(st.sampled_from(kinds))
        if step == "pk":
            group = data.draw(st.sampled_from(["0", "1", "99", ""]))
            return f"tv:pk:{game}:{seat}:{since}:{kind}:{group}:{part}"
        return f"tv:{step}:{game}:{seat}:{since}:{kind}:{part}"
    if shape == 0:
        return f"tv:mv:{game}:{seat}:{since}:{action}"
    if shape == 6:
        menu = data.draw(st.sampled_from(["0", "1", "2", "99", "", "٣"]))
        return f"tv:ms:{game}:{seat}:{since}:{menu}"
    if shape == 1:
        return f"tv:hand:{game}"
    if shape == 2:
        return (
            f"tv:pk:{game}:{seat}:{since}:{kind}:{data.draw(st.sampled_from(['0', '1', '99', '']))}"
        )
    if shape == 3:
        return f"tv:pkok:{game}:{seat}:{since}:{kind}"
    if shape == 4:
        op = data.draw(st.sampled_from(["join", "leave", "bot", "unbot", "start", "abort", ""]))
        return f"tv:lb:{game}:{op}"
    if shape == 5:  # a genuine id with one character changed
        genuine = f"tv:mv:{game}:{seat}:{since}:{action}"
        at = data.draw(st.integers(0, len(genuine) - 1))
        return (
            genuine[:at]
            + data.draw(st.sampled_from([":", "", "0", "a", "١", " "]))
            + genuine[at + 1 :]
        )
    return data.draw(st.text(max_size=110))


def legitimate_move(
    record: GameRecord,
    custom_id: str,
    values: list[str],
    user: int,
    guild_id: int | None,
    channel_id: int | None,
) -> bool:
    """Whether a move button press or a move menu choice should be applied, decided
    independently of the cogs (a menu plays its one chosen value, cut to 100 characters)."""
    match = re.fullmatch(r"tv:mv:(\d+):(\d+):(\d+):(.*)", custom_id)  # \d: as discord.py
    menu = re.fullmatch(r"tv:ms:(\d+):(\d+):(\d+):\d+", custom_id)
    if match is None and menu is not None:
        match, action = menu, values[0][:100] if len(values) == 1 else ""
    elif match is not None:
        action = match[4]
    if match is None or int(match[1]) != record.id or record.status != "running":
        return False
    seat = record.seat_of(user)
    if seat is None or seat != int(match[2]) or record.waiting.get(seat) != int(match[3]):
        return False
    if guild_id is not None and channel_id != record.channel_id:
        return False
    try:
        rules_of(record.game).apply(record.state, seat, action)
    except RuleError:
        return False
    return True


def genuine_press(
    records: list[GameRecord], data: st.DataObject
) -> tuple[str, int, tuple[int | None, int | None], list[str] | None]:
    """A press as a member would make it (their own waiting seat, the current board, a legal
    move — a button, or a menu's one chosen value — in the game's channel or their DMs), then
    perhaps one thing changed: the seat, the version, the clicker, the channel or the move.
    The menu values to send with it, when they are not left to chance (None)."""
    running = [r for r in records if r.status == "running"]
    record = data.draw(st.sampled_from(running), label="game")
    game = rules_of(record.game)
    seat = data.draw(st.sampled_from(sorted(record.waiting)), label="seat")
    rng = random.Random(data.draw(st.integers(0, 999)))
    action = random_action(game, record.state, seat, rng)
    since, user = record.waiting[seat], record.seats[seat].user_id
    where = data.draw(st.sampled_from([(1, record.channel_id), (None, 55)]), label="where")
    change = data.draw(st.sampled_from(["none", "seat", "since", "user", "where", "move"]))
    if change == "seat":
        seat = (seat + 1) % len(record.seats)
    elif change == "since":
        since = data.draw(st.sampled_from([since - 1, since + 1, 0]))
    elif change == "user":
        others = [s.user_id for s in record.seats if s.user_id not in (None, user)]
        user = data.draw(st.sampled_from([*others, World.OUTSIDER]))
    elif change == "where":
        where = (1, record.channel_id % 3 + 1)
    elif change == "move":
        action = mutate(action, data, record.game)
    assert user is not None
    picks = game.choices(record.state, seat).picks if seat in record.waiting else ()
    kind = picks[0].kind if picks else "bid"
    shape = data.draw(st.sampled_from(["mv", "mv", "ms", "ms", "pk", "pkok", "st"]), label="shape")
    if shape == "pk":
        part = data.draw(st.sampled_from(["", ":0", ":1"]), label="part")
        return f"tv:pk:{record.id}:{seat}:{since}:{kind}:0{part}", user, where, None
    if shape == "st":  # a step the board offers (or a pick's): from the board, or in a panel
        shape = data.draw(st.sampled_from(["st", "ste"]), label="in place")
        step = data.draw(st.sampled_from([*step_kinds(record), kind]), label="step")
        part = data.draw(st.sampled_from([0, 0, 1, 2, 99]), label="part")
        return f"tv:{shape}:{record.id}:{seat}:{since}:{step}:{part}", user, where, None
    if shape == "pkok":
        return f"tv:pkok:{record.id}:{seat}:{since}:{kind}", user, where, None
    if shape == "ms":
        menu = data.draw(st.integers(0, 2), label="menu")
        return f"tv:ms:{record.id}:{seat}:{since}:{menu}", user, where, [action]
    return f"tv:mv:{record.id}:{seat}:{since}:{action}", user, where, None


def menu_values(records: list[GameRecord], data: st.DataObject) -> list[str]:
    """What a forged select menu might send: item ids, odd digits, junk, actions (legal ones of
    any seat, near misses, repeats) and "More moves…" page values, none to many."""
    rng = random.Random(data.draw(st.integers(0, 999)))
    actions = [
        a for r in records if r.status == "running" for a in legal_texts(r.game, r.state, rng)
    ]
    near = [mutate(a, data, records[0].game) for a in actions[:2]]
    pages = [ids.page_value(n) for n in (1, 2, 3, 999)] + ["~page 0", "~page -1", "~page ٣"]
    pool = ["1", "2", "70", "²", "٣", "x", "99", "", "pass", "a" * 150, *actions, *near, *pages]
    return data.draw(st.lists(st.sampled_from(pool), max_size=3), label="values")


async def press_and_check(world: World, data: st.DataObject) -> str:
    records = world.games
    values: list[str] | None = None
    # Half the presses are genuine, by a fair coin: Hypothesis's own booleans lean to False and
    # drift with the constants of the modules loaded, which left too few genuine presses.
    coin = random.Random(data.draw(st.integers(0, 2**32 - 1), label="coin")).random()
    if any(r.status == "running" for r in records) and coin < 0.5:
        custom_id, user, where, values = genuine_press(records, data)
    else:
        custom_id = custom_ids(world, records, data)
        users = {s.user_id for r in records for s in r.seats if s.user_id} | {World.OUTSIDER}
        user = data.draw(st.sampled_from(sorted(users)), label="user")
        places = [(1, 1), (1, 2), (1, 3), (1, 4), (None, 55)]
        where = data.draw(st.sampled_from(places), label="where")
    if len(custom_id) > 100:  # Discord refuses longer ids; they never reach the bot
        return "too long"
    values = menu_values(records, data) if values is None else values
    message = None
    own_games = [r for r in records if r.seat_of(user) is not None and r.status == "running"]
    if own_games and data.draw(st.booleans(), label="drafted"):
        record = own_games[0]
        seat = record.seat_of(user)
        game = rules_of(record.game)
        pool = {1, 2, 3, 999}
        for s in game.to_act(record.state):
            for pick in game.choices(record.state, s).picks:
                pool |= set(pick.items)
        chosen = set(data.draw(st.lists(st.sampled_from(sorted(pool)), max_size=4)))
        message = message_with(world.bot, hand_panel(record, seat, "en").view, chosen)
    before = await world.snapshot()
    interaction, cls = await world.press(custom_id, user, *where, values=values, message=message)
    after = await world.snapshot()
    press = Press(custom_id, values, user, where, interaction, cls)
    verdict = await judge(world, press, before, after)
    return f"menu {verdict}" if cls is MoveSelect else verdict


@dataclass
class Press:
    """One dispatched press: what was pressed, with which values, by whom, where, and what
    answered it (`cls`: the item class whose template matched, None if none did)."""

    custom_id: str
    values: list[str]
    user: int
    where: tuple[int | None, int | None]
    interaction: FakeInteraction
    cls: type | None


async def judge(world: World, press: Press, before: dict, after: dict) -> str:
    """Check one press against the snapshots taken around it; its verdict."""
    records, custom_id, values, user = world.games, press.custom_id, press.values, press.user
    where, interaction, cls = press.where, press.interaction, press.cls
    if cls is None:
        assert not interaction.answers and before == after
        return "no match"
    assert interaction.answers, f"{custom_id!r} by {user} in {where}: no answer at all"
    changed = [g for g in before if before[g] != after[g]]
    named = re.match(r"tv:\w+:(\d+)", custom_id)  # \d: any decimal digit, as the templates
    if cls is OpenPickButton:
        assert not changed, (custom_id, user, where, "a step button changed a game")
        return judge_step(records, press)
    if cls in MOVE_ITEMS:
        target = next((r for r in records if named and r.id == int(named[1])), None)
        should = target is not None and legitimate_move(target, custom_id, values, user, *where)
        assert bool(changed) == should, (custom_id, values, user, where, interaction.answers)
    if not changed:
        first = interaction.answers[0]
        if cls in (*MOVE_ITEMS, PickConfirm, LobbyButton):
            texts = all_texts("en")
            assert first.ephemeral, (custom_id, interaction.answers)
            assert any(interaction.refusal.startswith(t.split("{")[0]) for t in texts)
        elif cls is HandButton and first.how == "send_message" and "files" in first.kwargs:
            record = next(r for r in records if r.id == int(named[1]))
            own = hand_panel(record, record.seat_of(user), "en")
            assert first.ephemeral and first.content == own.content  # the clicker's own hand
        return "refused"
    assert len(changed) == 1 and named and changed[0] == int(named[1]), changed
    record = next(r for r in records if r.id == changed[0])
    if record.status == "lobby":
        assert where[1] == record.channel_id
        return "lobby change"
    new = [a for a in await world.store.actions(record.id) if a.version > before[record.id][0]]
    assert new and new[0].user_id == user and new[0].seat == record.seat_of(user)
    assert guild_ok(where, record) and cls in (*MOVE_ITEMS, PickConfirm)
    await assert_consistent(world.store, record.id)
    return "applied"


def judge_step(records: list[GameRecord], press: Press) -> str:
    """A step button press: the clicker's own panel on that step when it is legitimate (their
    own waiting seat, the board's version, the game's channel or a DM) — a new ephemeral
    message from the board (`st`), in place from a panel (`ste`) — else a clean refusal."""
    match = re.fullmatch(r"tv:st(e?):(\d+):(\d+):(\d+):([a-z]+):(\d+)", press.custom_id)
    assert match is not None
    game, seat, since = int(match[2]), int(match[3]), int(match[4])
    record = next((r for r in records if r.id == game), None)
    first = press.interaction.answers[0]
    if (
        record is not None
        and record.status == "running"
        and record.seat_of(press.user) == seat
        and record.waiting.get(seat) == since
        and guild_ok(press.where, record)
    ):
        panel = hand_panel(record, seat, "en", opened=(match[5], int(match[6])))
        assert first.content == panel.content, (press.custom_id, first)
        if match[1]:
            assert first.how == "edit_message"
        else:
            assert first.how == "send_message" and first.ephemeral
        return "step opened"
    texts = all_texts("en")
    assert first.ephemeral, (press.custom_id, press.interaction.answers)
    assert any(press.interaction.refusal.startswith(t.split("{")[0]) for t in texts)
    return "step refused"


def guild_ok(where: tuple[int | None, int | None], record: GameRecord) -> bool:
    return where[0] is None or where[1] == record.channel_id


@pytest.mark.parametrize("game_id", GAME_IDS)
def test_forged_custom_ids_are_refused_and_change_nothing(game_id: str, tmp_path: Path) -> None:
    """Fuzzed presses, each judged on its own (`judge`): a forged id never changes anything, a
    legitimate one does what it says. That each kind of genuine press happens and works is
    `test_genuine_presses_open_steps_and_play_moves`, not left to the example stream."""
    runner = asyncio.Runner()
    template = tmp_path / "world.db"
    game_ids = runner.run(World.build(template, game_id))
    outcomes: Counter[str] = Counter()

    async def one(data: st.DataObject) -> str:
        world = await World.copy(template, tmp_path / "forged.db", game_ids)
        try:
            return await press_and_check(world, data)
        finally:
            await world.store.close()

    @fuzz_settings(360)
    @given(data=st.data())
    def press(data: st.DataObject) -> None:
        outcomes[runner.run(one(data))] += 1

    try:
        with recorded_pictures(game_id):
            press()
    finally:
        runner.close()
    report(f"forged custom_ids ({game_id}): {dict(outcomes)}")
    assert sum(outcomes.values()) > 0


@dataclass(frozen=True)
class Genuine:
    """A press a member can make: `custom_id` (with the menu `values`) by `user` in `where`."""

    custom_id: str
    values: tuple[str, ...]
    user: int
    where: tuple[int | None, int | None]


def offered_ids(record: GameRecord, seat: int) -> list[str]:
    """The custom_ids of the components `seat`'s member sees: the board's, their hand panel's,
    and those of every step panel those open (followed until no new one appears)."""
    found: list[str] = []
    panels = [board(record, "en").view, hand_panel(record, seat, "en").view]
    while panels:
        for item in panels.pop().children:
            custom_id = getattr(item, "custom_id", None)
            if not isinstance(custom_id, str) or custom_id in found:
                continue
            found.append(custom_id)
            step = re.fullmatch(ids.OPEN_PICK, custom_id)
            if step is not None and int(step["seat"]) == seat:
                opened = (step["kind"], int(step["part"]))
                panels.append(hand_panel(record, seat, "en", opened=opened).view)
    return found


def genuine_presses(record: GameRecord) -> list[Genuine]:
    """Every press the waiting members of `record` can make in its channel: each step and move
    button offered to them, a step button for each of their picks (from the board and in
    place), and each move menu (or, if none is offered, the first) with one legal move."""
    game = rules_of(record.game)
    presses: list[Genuine] = []
    for seat in waiting_members(record):
        user, since = record.seats[seat].user_id, record.waiting[seat]
        assert user is not None and record.state is not None
        offered = offered_ids(record, seat)
        kinds = [p.kind for p in game.choices(record.state, seat).picks]
        steps = [
            ids.open_pick_id(record.id, seat, since, k, 0, e) for k in kinds for e in (False, True)
        ]
        menus = [i for i in offered if re.fullmatch(ids.MOVE_SELECT, i)]
        menus = menus or [ids.move_select_id(record.id, seat, since, 0)]
        legal = random_action(game, record.state, seat, random.Random(seat))
        where = (1, record.channel_id)
        for custom_id in [*offered, *steps]:
            if custom_id.startswith(("tv:st", "tv:mv")):
                presses.append(Genuine(custom_id, (), user, where))
        presses += [Genuine(menu, (legal,), user, where) for menu in menus]
    return list(dict.fromkeys(presses))


def spoiled(press: Genuine, record: GameRecord) -> list[Genuine]:
    """The press made wrong: by another member or an outsider, from an earlier board, in
    another channel, a menu sending two moves or one unknown."""
    others = [s.user_id for s in record.seats if s.user_id not in (None, press.user)]
    stale = re.sub(r"^(tv:\w+:\d+:\d+:)(\d+)", lambda m: f"{m[1]}{int(m[2]) - 1}", press.custom_id)
    wrong = [
        Genuine(press.custom_id, press.values, user, press.where)
        for user in [*others[:1], World.OUTSIDER]
    ]
    wrong += [
        Genuine(stale, press.values, press.user, press.where),
        Genuine(press.custom_id, press.values, press.user, (1, record.channel_id % 3 + 1)),
    ]
    if press.values:
        wrong += [
            Genuine(press.custom_id, press.values * 2, press.user, press.where),
            Genuine(press.custom_id, ("pass 99",), press.user, press.where),
        ]
    return wrong


EXPECTED = {"tv:st": "step opened", "tv:mv": "applied", "tv:ms": "menu applied"}
SPOILED = {"tv:st": "step refused", "tv:mv": "refused", "tv:ms": "menu refused"}


@pytest.mark.parametrize("game_id", GAME_IDS)
def test_genuine_presses_open_steps_and_play_moves(game_id: str, tmp_path: Path) -> None:
    """The fuzz's other half, without chance: in both running games of the world, every step
    and move button offered to a waiting member, a step button for each of their picks and a
    move menu with one legal move, pressed as they would press it, does its work (a step opens
    their panel on it, a move is played by their seat, `judge`); the same press by someone else,
    from an earlier board, in another channel, or a menu sending two moves or a wrong one, is
    refused and changes nothing. Every game has step, move and menu presses of each outcome."""
    runner = asyncio.Runner()
    template = tmp_path / "world.db"
    game_ids = runner.run(World.build(template, game_id))
    outcomes: Counter[str] = Counter()

    async def one(press: Genuine) -> str:
        world = await World.copy(template, tmp_path / "genuine.db", game_ids)
        try:
            before = await world.snapshot()
            values = list(press.values)
            interaction, cls = await world.press(
                press.custom_id, press.user, *press.where, values=values
            )
            after = await world.snapshot()
            pressed = Press(press.custom_id, values, press.user, press.where, interaction, cls)
            verdict = await judge(world, pressed, before, after)
            return f"menu {verdict}" if cls is MoveSelect else verdict
        finally:
            await world.store.close()

    async def records() -> list[GameRecord]:
        world = await World.copy(template, tmp_path / "genuine.db", game_ids)
        await world.store.close()
        return [r for r in world.games if r.status == "running"]

    try:
        with recorded_pictures(game_id):
            for record in runner.run(records()):
                for press in genuine_presses(record):
                    kind = press.custom_id[:5]
                    assert runner.run(one(press)) == EXPECTED[kind], press
                    outcomes[EXPECTED[kind]] += 1
                    for wrong in spoiled(press, record):
                        assert runner.run(one(wrong)) == SPOILED[kind], wrong
                        outcomes[SPOILED[kind]] += 1
    finally:
        runner.close()
    report(f"genuine presses ({game_id}): {dict(outcomes)}")
    assert set(outcomes) == {*EXPECTED.values(), *SPOILED.values()}, outcomes


@pytest.mark.parametrize("game_id", GAME_IDS)
def test_typed_moves_are_refused_cleanly(game_id: str, tmp_path: Path) -> None:
    """`/move <anything>`: a clean answer; only legal moves of the member's own seat count."""
    runner = asyncio.Runner()
    template = tmp_path / "world.db"
    game_ids = runner.run(World.build(template, game_id))
    outcomes: Counter[str] = Counter()

    async def one(data: st.DataObject) -> str:
        world = await World.copy(template, tmp_path / "typed.db", game_ids)
        try:
            record = world.games[data.draw(st.integers(0, 1), label="game")]
            rng = random.Random(data.draw(st.integers(0, 999)))
            legal = legal_texts(game_id, record.state, rng) or ["pass"]
            near = st.sampled_from(legal).map(lambda t: mutate(t, data, game_id))
            text = data.draw(st.text(max_size=60) | near | st.sampled_from(legal), label="text")
            users = [s.user_id for s in record.seats if s.user_id] + [World.OUTSIDER]
            user = data.draw(st.sampled_from(users), label="user")
            before = await world.snapshot()
            interaction = FakeInteraction(
                world.bot, user, guild_id=1, channel_id=record.channel_id, command=True
            )
            await Play.move.callback(Play(world.bot), interaction, action=text)  # type: ignore[arg-type]
            after = await world.snapshot()
            assert interaction.answers, "no answer"
            if before == after:
                assert interaction.answers[0].ephemeral
                return "refused"
            log = await world.store.actions(record.id)
            new = [a for a in log if a.version > record.version]
            assert new[0].user_id == user and new[0].seat == record.seat_of(user)
            assert [g for g in before if before[g] != after[g]] == [record.id]
            return "applied"
        finally:
            await world.store.close()

    @fuzz_settings(200)
    @given(data=st.data())
    def type_move(data: st.DataObject) -> None:
        outcomes[runner.run(one(data))] += 1

    try:
        with recorded_pictures(game_id):
            type_move()
    finally:
        runner.close()
    report(f"typed moves ({game_id}): {dict(outcomes)}")
    assert outcomes["refused"] > 20 and outcomes["applied"] > 5


@pytest.mark.parametrize("game_id", GAME_IDS)
async def test_odd_select_values_are_ignored_bug(
    game_id: str, tables: TableService, store: Store, bot: FakeBot
) -> None:
    """A pick menu's values such as "²" (a digit to `str.isdigit`, not to `int`) crashed
    `change_pick` with a ValueError: the press went unanswered. Now they are ignored."""
    info = rules_of(game_id).info
    record = await seated_game(tables, game_id, 1, [100 + k for k in range(info.min_players)])
    record = await play_until(
        tables,
        record,
        random.Random(1),
        lambda r: any(rules_of(game_id).choices(r.state, s).picks for s in waiting_members(r)),
    )
    seat = next(
        s for s in waiting_members(record) if rules_of(game_id).choices(record.state, s).picks
    )
    pick = rules_of(game_id).choices(record.state, seat).picks[0]
    since = record.waiting[seat]
    custom_id = ids.pick_id(record.id, seat, since, pick.kind, 0)
    odd = ["²", "³", "x", "-1", "", "1.0", str(pick.items[0])]
    panel = hand_panel(record, seat, "en")
    message = message_with(bot, panel.view, set())
    menu = next(  # the first select menu (move buttons may come before it)
        c
        for row in message.components
        for c in row.children
        if isinstance(c, discord.components.SelectMenu)
    )
    for option in menu.options:
        option.value, option.default = "²", True  # a drafted option with an odd value
    press = FakeInteraction(
        bot,
        record.seats[seat].user_id,
        guild_id=1,
        channel_id=1,
        data={"custom_id": custom_id},
        message=message,
    )
    await change_pick(press, record.id, seat, since, pick.kind, odd)
    (answer,) = press.answers
    assert answer.how == "edit_message"
    assert answer.content == hand_panel(record, seat, "en", [pick.items[0]]).content
    assert drafted(message) == set()
