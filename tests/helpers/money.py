"""Money test helpers: find cards by currency and value, arrange a state, account for cards.

A Money state is plain data (see the layout in `rules.money.engine`), so tests build the exact
position a rule talks about by editing a fresh `new_game` state: hands, rows, deck, phase.
"""

from __future__ import annotations

import copy
import random
from collections import Counter
from collections.abc import Sequence
from typing import Any

from games import rules_of
from rules.contract import State
from rules.money.components import CARDS, bluff_id

GAME = rules_of("money")

COINS: tuple[int, ...] = tuple(sorted(c.id for c in CARDS.values() if c.kind == "coin"))


def note(code: str, value: int, nth: int = 0) -> int:
    """The id of the `nth` (0-based, by id) note of `value` in currency `code`."""
    ids = sorted(
        c.id for c in CARDS.values() if c.kind == "note" and c.currency == code and c.value == value
    )
    return ids[nth]


def notes(code: str, *values: int) -> list[int]:
    """Distinct notes of one currency: a value given twice means two different notes of it."""
    seen: Counter[int] = Counter()
    found = []
    for value in values:
        found.append(note(code, value, seen[value]))
        seen[value] += 1
    return found


def all_notes(code: str) -> list[int]:
    """The nine notes of a currency."""
    return sorted(c.id for c in CARDS.values() if c.kind == "note" and c.currency == code)


def fresh(players: int = 3, seed: int = 1, **options: str) -> State:
    """A new match (first hand dealt, bid phase)."""
    return GAME.new_game(players, options, seed)


def arrange(
    state: State,
    *,
    hands: Sequence[Sequence[int]] | None = None,
    left: Sequence[int] | None = None,
    right: Sequence[int] | None = None,
    deck: Sequence[int] | None = None,
    final_round: bool | None = None,
) -> State:
    """Edit `state` in place into a chosen position and return it.

    `hands` lists each seat's value cards; each seat's own bluff card is added. Bids, the table,
    `acted` and what seats are known to hold are cleared, so the state is at the start of a bid
    phase.
    """
    n = state["players"]
    if hands is not None:
        assert len(hands) == n
        state["hands"] = [[*sorted(h), bluff_id(s)] for s, h in enumerate(hands)]
    if left is not None:
        state["rows"]["left"] = list(left)
    if right is not None:
        state["rows"]["right"] = list(right)
    if deck is not None:
        state["deck"] = list(deck)
    if final_round is not None:
        state["final_round"] = final_round
    state["phase"] = "bid"
    state["bids"] = [None] * n
    state["table"] = [None] * n
    state["acted"] = [False] * n
    state["known"] = [[] for _ in range(n)]
    state["events"] = []
    return state


def bid_all(state: State, bids: Sequence[Sequence[int] | None]) -> State:
    """Every seat bids its cards in seat order; None bids the seat's bluff card alone."""
    for seat, cards in enumerate(bids):
        chosen = [bluff_id(seat)] if cards is None else list(cards)
        state = GAME.apply(state, seat, "bid " + ",".join(map(str, chosen)))
    return state


# ------------------------------------------------------------------ where the cards are


def expected_cards(state: State) -> Counter[int]:
    """Every card of the current hand once: all notes of the currencies in play, the six coins
    and the bluff card of each seat (the unused bluff cards are out of the game)."""
    cards = [cid for code in state["currencies"] for cid in all_notes(code)]
    cards += COINS
    cards += [bluff_id(s) for s in range(state["players"])]
    return Counter(cards)


def places(state: State) -> dict[str, list[int]]:
    """Every place a card can be, by name: deck, rows, and each seat's hand, bid and table."""
    found = {
        "deck": list(state["deck"]),
        "rows.left": list(state["rows"]["left"]),
        "rows.right": list(state["rows"]["right"]),
    }
    for s in range(state["players"]):
        found[f"hands[{s}]"] = list(state["hands"][s])
        found[f"bids[{s}]"] = list(state["bids"][s] or [])
        found[f"table[{s}]"] = list(state["table"][s] or [])
    return found


def assert_every_card_in_one_place(state: State) -> None:
    """Each card of the hand is in exactly one place; no card is lost, doubled or foreign."""
    where: dict[int, list[str]] = {}
    for name, cards in places(state).items():
        for cid in cards:
            where.setdefault(cid, []).append(name)
    expected = expected_cards(state)
    problems = []
    problems += [f"card {c} in {w}" for c, w in sorted(where.items()) if len(w) > 1]
    problems += [f"card {c} is nowhere" for c in sorted(expected) if c not in where]
    problems += [f"foreign card {c} in {w}" for c, w in sorted(where.items()) if c not in expected]
    assert not problems, "; ".join(problems)


def hidden_from(state: State, seat: int | None) -> set[int]:
    """The cards `seat` may not see (None: the public): the deck, the other seats' hands, and
    the other seats' bids while they are still secret (the bid phase)."""
    hidden = set(state["deck"])
    for s in range(state["players"]):
        if s != seat:
            hidden.update(state["hands"][s])
            hidden.update(state["bids"][s] or [])
    return hidden


def strictly_secret(state: State, seat: int | None) -> set[int]:
    """Cards whose identity no event may ever have shown `seat`: the deck and the other seats'
    unrevealed bids. (Cards in other hands may have been taken publicly from a row.)"""
    secret = set(state["deck"])
    for s in range(state["players"]):
        if s != seat:
            secret.update(state["bids"][s] or [])
    return secret


def current_hand_events(events: list[dict[str, Any]]) -> list[dict[str, Any]]:
    """The events since the last `hand_started` (card ids are reused from hand to hand)."""
    starts = [i for i, e in enumerate(events) if e["type"] == "hand_started"]
    return events[starts[-1] :] if starts else events


def known_held(state: State, seat: int | None) -> list[list[int]]:
    """Per seat, the cards everybody knows it holds (the state's public `known`), for the seats
    other than `seat` ([] for `seat` itself, which sees its own hand anyway)."""
    known = state.get("known") or [[] for _ in range(state["players"])]
    return [[] if s == seat else list(held) for s, held in enumerate(known)]


def scramble_hidden(state: State, seat: int | None, rng: random.Random) -> State:
    """A copy of `state` that `seat` cannot tell apart from it: the cards hidden from `seat` are
    shuffled among the hidden places, each other seat's cards split anew between hand and secret
    bid (same total, bid still non-empty), and the generator state (the future deals) changed.
    What `seat` knows stays: each other seat keeps the cards it is known to hold (`known`), in
    its hand or its bid."""
    other = copy.deepcopy(state)
    n = state["players"]
    known = known_held(state, seat)
    pool = sorted(hidden_from(state, seat) - {c for held in known for c in held})
    rng.shuffle(pool)
    other["deck"] = [pool.pop() for _ in state["deck"]]
    for s in range(n):
        if s == seat:
            continue
        bid = state["bids"][s]
        total = len(state["hands"][s]) + (len(bid) if bid is not None else 0)
        cards = [*known[s], *(pool.pop() for _ in range(total - len(known[s])))]
        rng.shuffle(cards)
        if bid is None:
            other["hands"][s] = sorted(cards)
        else:
            size = rng.randint(1, total)
            other["bids"][s], other["hands"][s] = sorted(cards[:size]), sorted(cards[size:])
    assert not pool
    other["rng"] = (state["rng"] * 6364136223846793005 + 1442695040888963407) % (1 << 64)
    return other
