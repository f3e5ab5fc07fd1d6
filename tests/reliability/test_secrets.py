"""Hidden information, for every registered game (see `leaks.py` for what is checked and how):

- the leak detector over TAVOLO_LEAK_GAMES (default 1,000) seeded random games per title,
  spread over two processes;
- the detector itself: it catches planted leaks (a card in a board's text, a card id in a
  panel's buttons, a picture drawn from a seat's view, a hint only scrambling reveals), and each
  game's secrets helper is sound (scrambling what a seat may not see never changes its view);
- real pictures for a sample of steps: identical bytes when only hidden information differs;
- application logs (captured at DEBUG) of games played through the service and the delivery
  code, with refusals and Discord failures, never name a card of anybody's hand or bid.
"""

from __future__ import annotations

import logging
import multiprocessing
import os
import random
from collections import Counter
from concurrent.futures import ProcessPoolExecutor
from pathlib import Path

import pytest

from bot import QUIET_LOGGERS
from cogs import board as boards
from cogs.delivery import after_step
from cogs.items import MoveButton
from cogs.play_actions import act, show_hand
from cogs.ui import ui_for
from db.store import Store
from render.png import encode
from rules.registry import GAMES, get_game
from service.tables import Tables
from tests.helpers.playout import play, random_action
from tests.reliability import leaks
from tests.reliability.driving import GAME_IDS, env_int, member_move, seated_step
from tests.reliability.fakes import DM_CLOSED, SERVER_ERROR, FakeBot, FakeInteraction
from tests.reliability.leaks import Leak, Table, check_games, play_and_check, recorded_pictures
from tests.reliability.secrecy import SECRETS, named_items, quick_options, secrets_for

LEAK_GAMES = env_int("TAVOLO_LEAK_GAMES", 1_000)
LEAK_SEED = env_int("TAVOLO_LEAK_SEED", 0)
WORKERS = max(1, min(2, os.cpu_count() or 1))


# ------------------------------------------------------------------ the helpers: complete, sound


def test_every_game_has_a_secrets_helper() -> None:
    assert set(SECRETS) == set(GAMES), (
        "every game needs a secrets helper in tests/reliability/secrecy.py; missing: "
        f"{sorted(set(GAMES) - set(SECRETS))}"
    )


@pytest.mark.parametrize("game_id", GAME_IDS)
def test_the_secrets_helper_is_sound(game_id: str) -> None:
    """Scrambling what a viewer may not see changes the state but never the viewer's view; a
    seat's own view shows nothing the tracker counts as secret to it; tokens name one item
    each."""
    helper, game = secrets_for(game_id), get_game(game_id)
    tokens = helper.tokens("en")
    assert len(set(tokens.values())) == len(tokens)
    rng = random.Random(1)
    changed = 0
    for seed in range(20):
        players = rng.randint(game.info.min_players, game.info.max_players)
        states: list[dict] = []

        def keep(g, before, after, seat, action, states=states) -> None:
            states.append(after)

        play(game, players, seed, random_action, options=quick_options(game_id), check=keep)
        tracker = helper.tracker()
        for k, state in enumerate(states):
            tracker.observe(state)  # a tracker sees every state
            if k % 3:
                continue
            for viewer in [None, *range(players)]:
                other = helper.scramble(state, viewer, rng)
                assert game.view(other, viewer) == game.view(state, viewer)
                changed += other != state
                if viewer is not None:
                    own = game.view(state, viewer)
                    assert not helper.view_items(own) & tracker.secret(state, viewer)
    assert changed > 0


# ------------------------------------------------------------------ the detector


@pytest.mark.parametrize("game_id", GAME_IDS)
def test_no_message_leaks_a_secret(game_id: str) -> None:
    """Every message of every step of LEAK_GAMES random games shows its audience nothing it
    may not know (two processes; TAVOLO_LEAK_ALL=1 checks every request of every member)."""
    seeds = range(LEAK_SEED, LEAK_SEED + LEAK_GAMES)
    chunks = [seeds[k::WORKERS] for k in range(WORKERS)]
    if WORKERS == 1:
        counts = check_games(game_id, chunks[0])
    else:
        context = multiprocessing.get_context("fork")
        with ProcessPoolExecutor(WORKERS, mp_context=context) as pool:
            futures = [pool.submit(check_games, game_id, chunk) for chunk in chunks]
            counts = sum((f.result() for f in futures), Counter())
    print(f"\nleaks {game_id}: " + ", ".join(f"{k} {v}" for k, v in sorted(counts.items())))
    assert counts["games"] == LEAK_GAMES
    assert counts["board"] > counts["games"] and counts["hand panel"] > counts["games"]
    assert counts["autocomplete"] and counts["scrambled"]


def planted_board(plant):
    """The board builder with `plant(out, record)` applied to what it builds."""
    real = boards.board

    def board(record, locale, events=(), ping=()):
        out = real(record, locale, events, ping)
        plant(out, record)
        return out

    return board


def label_of(game_id: str, item: int) -> str:
    return {v: k for k, v in secrets_for(game_id).tokens("en").items()}[item]


def name_a_hand_card(out, record) -> None:
    hand = [
        c for c in record.state["hands"][1] if c in set(secrets_for("money").tokens("en").values())
    ]
    if hand:
        out.content += f"\n(psst: {label_of('money', hand[-1])})"


def draw_seat_zero(out, record) -> None:
    game = get_game(record.game)
    ui_for(record.game).table_image(game.view(record.state, 0), record.names(), "en")


def hint_at_a_bluff(out, record) -> None:
    bid = record.state["bids"][1]
    if bid and 71 in bid:  # seat 1's bluff card: no token can tell, scrambling can
        out.content += "\nSomebody is bluffing."


def peek_at_the_deck(record, seat, locale, selected=()):
    out = boards.hand_panel(record, seat, locale, selected)
    deck = record.state["deck"]
    if deck and out.view is not None:
        out.view.add_item(MoveButton(record.id, seat, 0, f"bid {deck[0]}", "peek"))
    return out


@pytest.mark.skipif("money" not in GAMES, reason="the planted leaks use Money's state layout")
@pytest.mark.parametrize(
    ("target", "plant", "found"),
    [
        ("board", planted_board(name_a_hand_card), "secret items in its text"),
        ("board", planted_board(draw_seat_zero), "drawn from a view that is not its own"),
        ("board", planted_board(hint_at_a_bluff), "changes when only what is hidden"),
        ("hand_panel", peek_at_the_deck, "secret items in its component ids"),
    ],
)
def test_the_detector_catches_planted_leaks(
    target: str, plant, found: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    with recorded_pictures("money") as pictures:
        for seed in range(5):
            play_and_check("money", seed, pictures)  # clean
        monkeypatch.setattr(leaks, target, plant)
        with pytest.raises(Leak, match=found):
            for seed in range(5):
                play_and_check("money", seed, pictures)


# ------------------------------------------------------------------ real pictures, sampled


@pytest.mark.parametrize("game_id", GAME_IDS)
def test_pictures_do_not_change_with_hidden_information(game_id: str) -> None:
    """Real pictures of sampled steps: the same bytes when all hidden from the audience moved."""
    ui, game, helper = ui_for(game_id), get_game(game_id), secrets_for(game_id)
    rng = random.Random(9)
    drawn = 0
    for seed in range(2):
        table = Table(game_id, 500 + seed)
        table.start()
        for k in range(200):
            move = table.member_move()
            if move is None:
                break
            table.act(*move)
            if k % 10:
                continue
            state, names = table.state, [s.name for s in table.seats]
            for audience in [None, *range(len(table.seats))]:
                other = helper.scramble(state, audience, rng)
                draw = ui.table_image if audience is None else ui.hand_image
                first = encode(draw(game.view(state, audience), names, "en"))
                second = encode(draw(game.view(other, audience), names, "en"))
                assert first == second, f"{game_id} seed {seed}: picture of {audience} differs"
                drawn += 1
    assert drawn > 10


# ------------------------------------------------------------------ logs


@pytest.mark.parametrize("game_id", GAME_IDS)
async def test_logs_never_name_a_hand_card(
    game_id: str, tmp_path: Path, caplog: pytest.LogCaptureFixture, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Games played through the cog handlers, the service and delivery, with refused moves,
    closed DMs and Discord errors on the way, log at DEBUG without naming any card that was
    ever in a hand or a bid, and without any move's text that names cards."""
    for name in QUIET_LOGGERS:  # as `bot.configure_logging` leaves them at TAVOLO_LOG_LEVEL=DEBUG
        monkeypatch.setattr(logging.getLogger(name), "level", logging.INFO)
    caplog.set_level(logging.DEBUG)
    store = await Store.open(str(tmp_path / "logs.db"))
    tables = Tables(store, new_seed=iter(range(10, 100)).__next__)
    bot = FakeBot(store, tables)
    rng = random.Random(4)
    played = 0
    try:
        with recorded_pictures(game_id):
            for channel in (1, 2, 3):
                info = get_game(game_id).info
                members = [1_000 * channel + k for k in range(info.min_players)]
                step = await seated_step(tables, game_id, channel, members, bots=1)
                record = step.record
                if channel == 2:
                    bot.fail("send", DM_CLOSED, channel_id=bot.dm_id(members[1]))
                if channel == 3:
                    bot.fail("send", SERVER_ERROR, channel_id=channel, times=5)
                    bot.fail("open_dm", SERVER_ERROR, times=2)
                await after_step(bot, step, "en")
                while record.status == "running":
                    move = member_move(record, rng)
                    assert move is not None
                    _, user, action, since = move
                    if rng.random() < 0.2:  # a refused move, and a look at the hand
                        press = FakeInteraction(bot, user, guild_id=1, channel_id=channel)
                        await act(press, record, action + ",999", since)
                        look = FakeInteraction(bot, user, guild_id=1, channel_id=channel)
                        await show_hand(look, record.id)
                    press = FakeInteraction(bot, user, guild_id=1, channel_id=channel)
                    assert await act(press, record, action, since), press.answers
                    record = await tables.game(record.id)
                    played += 1
    finally:
        await store.close()
    text = "\n".join(
        r.getMessage() + (f"\n{r.exc_text}" if r.exc_text else "") for r in caplog.records
    )
    ours = Counter(r.name for r in caplog.records if r.name.startswith("tavolo"))
    assert ours["tavolo.delivery"] >= 3, f"the Discord failures must have been logged: {ours}"
    named = named_items(game_id, [text])
    assert not named, f"the logs name cards: {sorted(named)}"
    helper = secrets_for(game_id)
    moves = {
        a.action
        for g in range(1, 4)
        for a in await _actions(tmp_path / "logs.db", g)
        if helper.action_items(a.action)
    }
    assert moves and not [m for m in moves if m in text], "the logs quote moves naming cards"
    assert played > 20


async def _actions(path: Path, game_id: int):
    store = await Store.open(str(path))
    try:
        return await store.actions(game_id)
    finally:
        await store.close()
