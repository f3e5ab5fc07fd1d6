"""The leak detector over a game's history (issue 19), for every registered game: `/game log`,
`/game replay` (its words, its menu and the input of its pictures), `/game export` (only after
the end) and `/mygames` show nobody a secret; the log of a game with moves taken back too.

Games are played through the real table service, stopped while they run and again at their
end; the log and every step of the replay are built from the store as the commands build them
and checked against the game's secrets helper (`secrecy.py`): a step's words name no item that
was secret to the public both before and after its action (`Tracker.secret`, observed state
after state), and each replayed picture is drawn from the public view of its own step, showing
nothing secret then.
"""

from __future__ import annotations

import random
from typing import Any

import pytest

from cogs.history import MyGames, game_export
from db.records import GameRecord
from db.store import Store
from fakediscord.inprocess import FakeBot
from games import rules_of
from i18n import t
from interface import game_log
from interface.game_log import log_pages, step_text
from interface.my_games import board_links, my_games_text
from interface.replay_view import replay_message
from rules.contract import State
from service import history as service_history
from service.history import history, log_history
from service.my_tables import my_tables
from service.tables import TableService
from tests.reliability.driving import GAME_IDS, env_int, play_until
from tests.reliability.history_games import (
    MEMBER,
    after,
    command,
    game_with_undos,
    running_game,
)
from tests.reliability.leaks import component_strings, recorded_pictures
from tests.reliability.secrecy import describe_items, named_items, secrets_for

GAMES = env_int("TAVOLO_HISTORY_LEAK_GAMES", 6)


def replayed_states(record: GameRecord, actions: list[tuple[int, str]]) -> list[State]:
    """The state after each step (the deal first), from the seed, with the rules alone."""
    game = rules_of(record.game)
    assert record.seed is not None
    state = game.new_game(len(record.seats), dict(record.options), record.seed)
    states = [state]
    for seat, action in actions:
        state = game.apply(state, seat, action)
        states.append(state)
    return states


async def check_history(store: Store, record: GameRecord) -> int:
    """Check the log and every step of the replay of `record`; the steps checked."""
    game_id = record.game
    game, helper = rules_of(game_id), secrets_for(game_id)
    steps = await history(store, record)
    log = await store.actions(record.id)
    states = replayed_states(record, [(e.seat, e.action) for e in log])
    tracker = helper.tracker()
    secret: list[set[int]] = []
    for state in states:
        tracker.observe(state)
        secret.append(tracker.secret(state, None))
    texts = [step_text(record, step, "en") for step in steps]
    assert "\n".join(log_pages(record, steps, "en")) == "\n".join(texts), "the log is its steps"
    with recorded_pictures(game_id) as recorder:
        for number in range(len(steps)):
            hidden = secret[number] & secret[max(number - 1, 0)]
            where = f"{game_id} seed {record.seed} step {number}"
            shown = named_items(game_id, [texts[number]]) & hidden
            assert not shown, f"{where}: the log names {describe_items(shown, game_id)}"
            arguments = await replay_message(record, steps, number, "en")
            words = [arguments["content"]]
            if "view" in arguments:
                component_strings(arguments["view"].to_components(), words, [])
            shown = named_items(game_id, words[:1]) & hidden
            assert not shown, f"{where}: the replay names {describe_items(shown, game_id)}"
            pictures = recorder.take()
            assert [kind for kind, _view, _event in pictures] == ["table_image"], where
            drawn = pictures[0][1]
            assert drawn == game.view(states[number], None), f"{where}: not the public view"
            shown = helper.view_items(drawn) & secret[number]
            assert not shown, f"{where}: the replay draws {describe_items(shown, game_id)}"
    return len(steps)


async def check_told_log(store: Store, record: GameRecord) -> int:
    """Check the log as `/game log` tells it, moves taken back and their undos included: each
    step's words name nothing secret before and after it; the steps checked."""
    game_id = record.game
    game, helper = rules_of(game_id), secrets_for(game_id)
    told = await log_history(store, record)
    assert record.seed is not None
    state = game.new_game(len(record.seats), dict(record.options), record.seed)
    states, before = [state], []
    for entry in await store.log(record.id):
        if entry.kind == "move":
            before.append(state)
            state = game.apply(state, entry.seat, entry.action)
        elif entry.kind == "undo":
            state = before.pop()  # an undo takes back the last move
        else:
            continue
        states.append(state)
    assert len(states) == len(told)
    assert [s.view for s in told] == [game.view(state, None) for state in states]
    tracker = helper.tracker()
    secret: list[set[int]] = []
    for state in states:
        tracker.observe(state)
        secret.append(tracker.secret(state, None))
    texts = [step_text(record, step, "en") for step in told]
    assert "\n".join(log_pages(record, told, "en")) == "\n".join(texts), "the log is its steps"
    for number, text in enumerate(texts):
        shown = named_items(game_id, [text]) & secret[number] & secret[max(number - 1, 0)]
        where = f"{game_id} seed {record.seed} step {number}"
        assert not shown, f"{where}: the log names {describe_items(shown, game_id)}"
    return len(told)


@pytest.mark.parametrize("game_id", GAME_IDS)
async def test_the_log_with_moves_taken_back_shows_nothing_secret_while_running_and_after(
    game_id: str, store: Store, tables: TableService
) -> None:
    record, made = await game_with_undos(tables, game_id, undos=3)
    assert made == 3
    checked = await check_told_log(store, record)
    record = await play_until(tables, record, random.Random(5), lambda r: False, 5_000)
    assert record.status == "finished"
    checked += await check_told_log(store, record)
    assert checked > 2 * made


@pytest.mark.parametrize("game_id", GAME_IDS)
async def test_the_log_and_the_replay_show_nothing_secret_while_running_and_after(
    game_id: str, store: Store, tables: TableService
) -> None:
    checked = 0
    for k in range(GAMES):
        rng = random.Random(k)
        record = await running_game(tables, game_id, channel=100 + k, moves=rng.randint(3, 25))
        checked += await check_history(store, record)
        record = await play_until(tables, record, rng, lambda r: False, 5_000)
        assert record.status == "finished"
        checked += await check_history(store, record)
    assert checked > GAMES * 10


@pytest.mark.parametrize("game_id", GAME_IDS)
async def test_export_is_refused_until_the_end_and_mygames_names_no_card(
    game_id: str, store: Store, tables: TableService, bot: FakeBot
) -> None:
    """While the game runs, the export (whose seed reveals every card) is refused at every
    step; `/mygames` names no item of the game at all (only tables, turns and times)."""
    record = await running_game(tables, game_id, channel=5, moves=4)
    rng = random.Random(7)
    helper = secrets_for(game_id)
    for _ in range(6):
        if record.status != "running":
            break
        asked = command(bot, MEMBER, 5)
        await game_export(asked)
        assert asked.refusal == t("error.export_running")
        summaries = await my_tables(store, MEMBER)
        text = my_games_text(summaries, MEMBER, await board_links(bot, summaries), "en")
        assert not named_items(game_id, [text]), text
        seat = record.seat_of(MEMBER)
        assert record.state is not None and seat is not None
        hand = rules_of(game_id).view(record.state, seat).get("hand") or []
        labels = {helper.hand_label(item, "en") for item in hand if isinstance(item, int)}
        assert not [label for label in labels if label and f" {label} " in f" {text} "], text
        asked = command(bot, MEMBER, None, guild=None)
        await MyGames().mygames.callback(MyGames(), asked)
        assert asked.answers[-1].content == text
        record = await play_until(tables, record, rng, after(3))


@pytest.mark.parametrize("game_id", GAME_IDS)
async def test_the_history_detector_catches_planted_leaks(
    game_id: str, store: Store, tables: TableService, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A log naming every item, and a replay drawn from a seat's own view, are caught."""
    record = await running_game(tables, game_id, channel=5, moves=6)
    tokens = list(secrets_for(game_id).tokens("en"))
    if tokens:  # a game with item names (New York's money names no single card)
        real = game_log.step_words
        monkeypatch.setattr(game_log, "step_words", lambda r, s, loc: [*real(r, s, loc), *tokens])
        with pytest.raises(AssertionError, match="the log names"):
            await check_history(store, record)
        with pytest.raises(AssertionError, match="the log names"):
            await check_told_log(store, record)
        monkeypatch.setattr(game_log, "step_words", real)
    monkeypatch.setattr(service_history, "rules_of", lambda g: SeatZero(rules_of(g)))
    with pytest.raises(AssertionError, match="not the public view"):
        await check_history(store, record)


class SeatZero:
    """A game whose public view is the first seat's own view (a planted leak)."""

    def __init__(self, game: Any) -> None:
        self.game = game

    def __getattr__(self, name: str) -> Any:
        return getattr(self.game, name)

    def view(self, state: State, seat: int | None) -> dict[str, Any]:
        return self.game.view(state, 0 if seat is None else seat)
