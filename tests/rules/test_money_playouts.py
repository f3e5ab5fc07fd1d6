"""Seeded whole Money matches with Money's own invariants checked on EVERY state (those every
game keeps: `tests.helpers.playout.play_checked` and `tests/test_game_contract.py`), and
Money's scenarios: bots against random movers, the bot's seeds, stalled playouts.

What is secret in Money, precisely (money.md: "deal 6 to each player, secret", "every player
secretly chooses a bid"): for seat s, the deck (its contents and order, and so the generator
state that deals the next hands), the other seats' hands, and the other seats' bids during the
bid phase. Public: the rows, the bids once revealed (they are on the table), every card taken
in an exchange (the events name them), the final hands once a hand is scored, and counts.
"""

from __future__ import annotations

import random
import time
from statistics import mean
from typing import Any

import pytest

from rules.contract import Game, State
from rules.errors import RuleError
from rules.money.bot import bot_action as money_bot
from tests.helpers.money import (
    GAME,
    assert_every_card_in_one_place,
    current_hand_events,
    hidden_from,
    scramble_hidden,
    strictly_secret,
)
from tests.helpers.playout import (
    Mover,
    Playout,
    Stalled,
    assert_private_keys_only_at_top,
    bot_action,
    ints_in_lists,
    key_paths,
    mixed,
    play,
    play_checked,
    random_action,
    viewers,
)

# ------------------------------------------------------------------ the checks


def check_secrets(state: State, seat: int | None, rng: random.Random) -> None:
    """What `view(state, seat)` shows is public or `seat`'s own, and it does not depend on
    anything hidden from `seat`."""
    view = GAME.view(state, seat)
    assert_private_keys_only_at_top(view, seat)
    assert not key_paths(view, ("deck", "rng")), "the deck or the generator leaks"
    assert not {"hands", "bids", "table"} & set(view), "raw state fields in the view"
    hidden = hidden_from(state, seat)
    if seat is not None:
        assert view["hand"] == state["hands"][seat]
        assert view["bid"] == state["bids"][seat]
    assert view["rows"] == state["rows"]
    for s, public in enumerate(view["seats"]):
        on_table = state["table"][s] if state["phase"] == "exchange" else None
        assert public["table"] == (on_table or None)
    shown = set(view.get("hand", [])) | set(view.get("bid") or [])
    shown |= ints_in_lists(view["rows"]) | ints_in_lists([s["table"] for s in view["seats"]])
    assert not shown & hidden, f"seat {seat} is shown hidden cards {sorted(shown & hidden)}"
    event_cards = ints_in_lists(current_hand_events(view["events"]))
    leaked = event_cards & strictly_secret(state, seat)
    assert not leaked, f"events show seat {seat} secret cards {sorted(leaked)}"
    # Shuffle everything hidden from the seat: it must not be able to tell the difference.
    assert GAME.view(scramble_hidden(state, seat, rng), seat) == view


def check_known_cards_are_held(state: State) -> None:
    """Every card a seat is publicly known to hold is in its hand or its secret bid."""
    for s, known in enumerate(state["known"]):
        assert set(known) <= set(state["hands"][s]) | set(state["bids"][s] or []), (s, known)


def known_from_events(events: list[dict[str, Any]], players: int) -> list[list[int]]:
    """What a spectator who only read the public events remembers each seat holds this hand:
    the cards it took from a row or a bid or took back by passing, less those it bid since."""
    known: list[set[int]] = [set() for _ in range(players)]
    for event in events:
        if event["type"] == "hand_started":
            known = [set() for _ in range(players)]
        elif event["type"] == "bids_revealed":
            known = [held - set(bid) for held, bid in zip(known, event["bids"], strict=True)]
        elif event["type"] in ("took_row", "took_bid", "passed"):
            known[event["seat"]] |= set(event["took"])
    return [sorted(held) for held in known]


def check_exchange_choices_complete(state: State) -> None:
    """In the exchange, a move is offered exactly when the rules accept it."""
    if state["phase"] != "exchange":
        return
    (seat,) = GAME.to_act(state)
    offered = set(GAME.choices(state, seat).moves)
    candidates = {"row left", "row right", "pass"} | {f"take {s}" for s in range(state["players"])}
    for action in candidates:
        try:
            GAME.apply(state, seat, action)
            accepted = True
        except RuleError:
            accepted = False
        assert accepted == (action in offered), (action, offered)


def step_counts_one(game: Game, before: State, after: State, seat: int, action: str) -> None:
    """Every action moves the step counter on by one."""
    assert after["applied"] == before["applied"] + 1


def run(players: int, seed: int, mover: Mover, **options: str) -> Playout:
    """A whole match with the shared invariants and Money's own checked on every state: every
    card in one place, every view's secrets, the exchange's choices complete."""
    rng = random.Random(seed)

    def money_invariants(state: State) -> None:
        assert_every_card_in_one_place(state)
        check_known_cards_are_held(state)
        for viewer in viewers(state["players"]):
            check_secrets(state, viewer, rng)
        check_exchange_choices_complete(state)

    return play_checked(
        GAME,
        players,
        seed,
        mover,
        options=options,
        each_state=money_invariants,
        each_action=step_counts_one,
    )


# ------------------------------------------------------------------ playouts


@pytest.mark.parametrize("players", [3, 4, 5])
def test_bots_play_full_matches(players: int) -> None:
    result = run(players, 100 + players, bot_action)
    assert len(result.state["results"]) == 3


@pytest.mark.parametrize("players", [3, 4, 5])
def test_random_movers_play_full_matches(players: int) -> None:
    result = run(players, 200 + players, random_action)
    assert len(result.state["results"]) == 3


@pytest.mark.parametrize("players", [3, 4, 5])
def test_bots_and_random_movers_together(players: int) -> None:
    mover = mixed({0: bot_action, 2: bot_action}, random_action)
    run(players, 300 + players, mover, hands="1")


@pytest.mark.parametrize("players", [3, 5])
def test_the_cards_a_seat_is_known_to_hold_come_from_public_events_only(players: int) -> None:
    """Every view's `known` (for the public and for each seat) is exactly what a spectator
    who read the public events from the deal on remembers; it holds cards taken in the
    exchange, so it is not empty all the time."""
    mover = mixed({0: bot_action}, random_action)
    events: list[dict[str, Any]] = []
    remembered = 0

    def same_as_a_spectator(
        game: Game, before: State, after: State, seat: int, action: str
    ) -> None:
        nonlocal remembered
        events.extend(GAME.view(after, None)["events"])
        expected = known_from_events(events, players)
        for viewer in viewers(players):
            assert [s["known"] for s in GAME.view(after, viewer)["seats"]] == expected
        remembered += sum(map(len, expected))

    events.extend(GAME.view(GAME.new_game(players, {"hands": "3"}, 400 + players), None)["events"])
    play(GAME, players, 400 + players, mover, options={"hands": "3"}, check=same_as_a_spectator)
    assert remembered


def test_bot_refuses_to_move_for_a_seat_that_need_not_act() -> None:
    state = GAME.new_game(3, {}, 1)
    state = GAME.apply(state, 0, f"bid {state['hands'][0][0]}")
    with pytest.raises(ValueError):
        money_bot(GAME.view(state, 0), 1)


@pytest.mark.parametrize(("players", "seed"), [(3, 33), (4, 91), (4, 150), (3, 156), (3, 165)])
def test_bots_alone_finish_a_match_bug(players: int, seed: int) -> None:
    """Bots used to ignore their seed: at these deals a table of bots bid and passed the same
    way round after round, the deck never ran down, and the match never ended."""
    result = play(GAME, players, seed, bot_action, max_actions=3_000)
    assert len(result.state["results"]) == 3


def test_bots_beat_random_movers() -> None:
    """Over 30 seeded 4-player hands, two bots against two random movers (seats rotating), the
    bots score far more on average and take the top score in nearly every hand."""
    bot_scores: list[int] = []
    random_scores: list[int] = []
    bot_tops = 0
    for seed in range(30):
        bots = {seed % 4, (seed + 1) % 4}
        mover = mixed(dict.fromkeys(bots, bot_action), random_action)
        result = play(GAME, 4, 1_000 + seed, mover, options={"hands": "1"})
        scores = result.state["results"][0]["scores"]
        bot_scores += [scores[s] for s in bots]
        random_scores += [scores[s] for s in range(4) if s not in bots]
        bot_tops += max(scores) in [scores[s] for s in bots]
    assert mean(bot_scores) > mean(random_scores) + 200
    assert bot_tops >= 25


def test_stalled_playouts_are_reported() -> None:
    def always_bluff(game: Game, state: State, seat: int, rng: random.Random) -> str:
        if state["phase"] == "bid":
            return f"bid {state['hands'][seat][-1]}"
        return "pass"

    started = time.perf_counter()
    with pytest.raises(Stalled):
        play(GAME, 3, 1, always_bluff, max_actions=300)
    assert time.perf_counter() - started < 5
