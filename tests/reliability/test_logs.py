"""Application logs never contain a hand, for every registered game.

Games are played through the cog handlers, the service and delivery, with refused moves, closed
DMs and Discord errors on the way, and everything logged (at DEBUG, the libraries that would
quote game state kept at INFO as `bot.configure_logging` keeps them) is searched for:
- any hand a seat ever held, as card ids: all of its ids in one log line, in any order and any
  format (`[24, 43, 45, 51]`, `51;45;43;24`, `hand 24 and 43 ...`);
- the same hand as card labels (all of its cards' labels in one line: money cards of several
  titles share labels, `red 3`), and any label that names one card only;
- the text of any move that names cards.
Planted leaks (a hand logged at INFO inside the hand-DM path, in each form) prove the search
finds what it looks for, in every title.
"""

from __future__ import annotations

import logging
import random
import re
from collections import Counter
from collections.abc import Callable, Iterable
from dataclasses import dataclass, field
from pathlib import Path

import pytest

from bot import QUIET_LOGGERS
from db.records import GameRecord
from db.store import Store
from fakediscord.errors import bad_gateway, cannot_dm
from fakediscord.inprocess import FakeBot, FakeInteraction
from games import rules_of
from interface import hand_dms
from interface.delivery import deliver_change
from interface.play_actions import act, show_hand
from service.tables import TableService
from tests.reliability.driving import GAME_IDS, member_move, seated_step
from tests.reliability.leaks import recorded_pictures
from tests.reliability.secrecy import named_items, secrets_for

NUMBER = re.compile(r"(?<![\w.])\d+(?![\w.])")  # not the digits of `python3.12` or `x2`
SMALLEST = 2  # a one-card hand is one number or label, which ordinary log lines may hold


# ------------------------------------------------------------------ the search


def hands_in_line(game_id: str, line: str, hands: Iterable[tuple[int, ...]]) -> list[str]:
    """How `line` shows any of `hands`: `ids` when every id of the hand is among its numbers
    (as often as the hand holds it), `labels` likewise for the cards' labels."""
    numbers = Counter(int(n) for n in NUMBER.findall(line))
    helper = secrets_for(game_id)
    found = []
    for hand in hands:
        if len(hand) < SMALLEST:
            continue
        if not Counter(hand) - numbers:
            found.append(f"ids {list(hand)}")
            continue
        labels = Counter(helper.hand_label(card, "en") for card in hand)
        if all(_occurrences(label, line) >= n for label, n in labels.items()):
            found.append(f"labels of {list(hand)}")
    return found


def _occurrences(label: str, line: str) -> int:
    return len(re.findall(rf"(?<![\w#]){re.escape(label)}(?!\d)", line))


def hand_leaks(game_id: str, lines: list[str], hands: set[tuple[int, ...]]) -> list[str]:
    """The log lines that show a hand, each with what they show."""
    found = ((line, hands_in_line(game_id, line, hands)) for line in lines)
    return [f"{line!r}: {shows}" for line, shows in found if shows]


async def hands_held(store: Store, record: GameRecord) -> set[tuple[int, ...]]:
    """Every hand every seat held in a stored game (its log replayed from the seed)."""
    game = rules_of(record.game)
    assert record.seed is not None
    state = game.new_game(len(record.seats), record.options, record.seed)
    held = {tuple(sorted(h)) for h in state["hands"]}
    for action in await store.actions(record.id):
        state = game.apply(state, action.seat, action.action)
        held.update(tuple(sorted(h)) for h in state["hands"])
    return held


# ------------------------------------------------------------------ playing, logged


@dataclass
class Played:
    """What the logged games left: log lines, the hands held, the moves that name cards."""

    lines: list[str] = field(default_factory=list)
    hands: set[tuple[int, ...]] = field(default_factory=set)
    card_moves: set[str] = field(default_factory=set)
    ours: Counter[str] = field(default_factory=Counter)
    moves: int = 0


async def play_logged(
    game_id: str, path: Path, caplog: pytest.LogCaptureFixture, channels: int, moves: int
) -> Played:
    """Play `channels` games (channel 2: a member's DMs closed; channel 3: Discord errors),
    each to its end or for `moves` member moves, with refused moves and `/hand` looks."""
    store = await Store.open(str(path))
    tables = TableService(store, new_seed=iter(range(10, 100)).__next__)
    bot = FakeBot(store, tables)
    rng = random.Random(4)
    played = Played()
    try:
        with recorded_pictures(game_id):
            for channel in range(1, channels + 1):
                info = rules_of(game_id).info
                members = [1_000 * channel + k for k in range(info.min_players)]
                step = await seated_step(tables, game_id, channel, members, bots=1)
                record = step.record
                if channel == 2:
                    bot.fail("send", cannot_dm, channel_id=bot.dm_id(members[1]))
                if channel == 3:
                    bot.fail("send", bad_gateway, channel_id=channel, times=5)
                    bot.fail("open_dm", bad_gateway, times=2)
                await deliver_change(bot, step)
                for _ in range(moves):
                    if record.status != "running":
                        break
                    await one_move(bot, record, rng)
                    record = await tables.game(record.id)
                    played.moves += 1
                played.hands |= await hands_held(store, record)
                helper = secrets_for(game_id)
                played.card_moves |= {
                    a.action
                    for a in await store.actions(record.id)
                    if helper.action_items(a.action)
                }
    finally:
        await store.close()
    for r in caplog.records:
        played.lines += r.getMessage().splitlines() + (r.exc_text or "").splitlines()
    played.ours = Counter(r.name for r in caplog.records if r.name.startswith("tavolo"))
    return played


async def one_move(bot: FakeBot, record: GameRecord, rng: random.Random) -> None:
    """A waiting member's legal move, now and then after a refused one and a look at the hand."""
    move = member_move(record, rng)
    assert move is not None
    _, user, action, since = move
    channel = record.channel_id
    if rng.random() < 0.2:
        press = FakeInteraction(bot, user, guild_id=1, channel_id=channel)
        await act(press, record, action + ",999", since)
        look = FakeInteraction(bot, user, guild_id=1, channel_id=channel)
        await show_hand(look, record.id)
    press = FakeInteraction(bot, user, guild_id=1, channel_id=channel)
    assert await act(press, record, action, since), press.answers


@pytest.fixture
def logged(caplog: pytest.LogCaptureFixture, monkeypatch: pytest.MonkeyPatch):
    """Capture everything as a DEBUG-level run would log it."""
    for name in QUIET_LOGGERS:  # as `bot.configure_logging` leaves them at TAVOLO_LOG_LEVEL=DEBUG
        monkeypatch.setattr(logging.getLogger(name), "level", logging.INFO)
    caplog.set_level(logging.DEBUG)
    return caplog


# ------------------------------------------------------------------ the tests


@pytest.mark.parametrize("game_id", GAME_IDS)
async def test_logs_never_name_a_hand_card(
    game_id: str, tmp_path: Path, logged: pytest.LogCaptureFixture
) -> None:
    played = await play_logged(game_id, tmp_path / "logs.db", logged, channels=3, moves=2_000)
    assert played.ours["tavolo.delivery"] >= 3, f"Discord failures must be logged: {played.ours}"
    assert played.moves > 20 and len(played.hands) > 10
    leaks = hand_leaks(game_id, played.lines, played.hands)
    assert not leaks, "the logs show hands:\n" + "\n".join(leaks[:10])
    named = named_items(game_id, played.lines)
    assert not named, f"the logs name cards: {sorted(named)}"
    text = "\n".join(played.lines)
    assert played.card_moves, "no move named a card"
    quoted = [m for m in played.card_moves if m in text]
    assert not quoted, f"the logs quote moves naming cards: {quoted[:5]}"


Format = Callable[[str, int, list[int]], str]
PLANTED: dict[str, Format] = {
    "id list": lambda game_id, seat, hand: str(hand),
    "ids, another order and format": lambda game_id, seat, hand: (
        f"seat {seat} holds " + ";".join(str(c) for c in reversed(hand))
    ),
    "labels": lambda game_id, seat, hand: ", ".join(
        secrets_for(game_id).hand_label(c, "en") for c in hand
    ),
}


@pytest.mark.parametrize("game_id", GAME_IDS)
@pytest.mark.parametrize("form", list(PLANTED))
async def test_a_hand_logged_in_the_dm_path_is_found(
    game_id: str,
    form: str,
    tmp_path: Path,
    logged: pytest.LogCaptureFixture,
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    real = hand_dms.hand_panel
    shown: list[list[int]] = []

    def leaky_panel(record, seat, locale, selected=()):  # a careless debugging line
        hand = list(record.state["hands"][seat])
        shown.append(hand)
        hand_dms.log.info("DM to seat %s: %s", seat, PLANTED[form](record.game, seat, hand))
        return real(record, seat, locale, selected)

    monkeypatch.setattr(hand_dms, "hand_panel", leaky_panel)
    played = await play_logged(game_id, tmp_path / "planted.db", logged, channels=1, moves=6)
    planted = [line for line in played.lines if line.startswith("DM to seat")]
    assert len(planted) == len(shown) and any(len(h) >= SMALLEST for h in shown)
    for line, hand in zip(planted, shown, strict=True):
        if len(hand) >= SMALLEST:
            assert hands_in_line(game_id, line, played.hands), f"not found: {line!r}"
    assert hand_leaks(game_id, played.lines, played.hands)
