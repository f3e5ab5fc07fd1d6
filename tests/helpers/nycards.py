"""New York card game test helpers: find cards, build positions, account for every card.

A state is plain data (layout in `rules.nycards.engine`), so tests build the position a rule
talks about by editing a fresh `new_game` state.
"""

from __future__ import annotations

import copy
import random
from collections import Counter

from rules.contract import State
from rules.nycards import GAME as NYCARDS
from rules.nycards.components import BUILDINGS, MONEY, SCORING_CARDS, money_ids

GAME = NYCARDS


def money(currency: str, value: int, copy_no: int = 1) -> int:
    """The id of a money card."""
    return next(
        c.id
        for c in MONEY.values()
        if c.currency == currency and c.value == value and c.copy == copy_no
    )


def cash(currency: str, *values: int) -> list[int]:
    """Distinct money cards of one currency: a value given twice means two copies."""
    seen: Counter[int] = Counter()
    found = []
    for value in values:
        seen[value] += 1
        found.append(money(currency, value, seen[value]))
    return found


def building(type_id: str, price: int | None = None, nth: int = 0) -> int:
    """The id of the `nth` building of a type (of this price, when given)."""
    ids = sorted(b.id for b in BUILDINGS.values() if b.type == type_id and price in (None, b.price))
    return ids[nth]


def buildings_of(type_id: str, count: int, skip: int = 0) -> list[int]:
    """`count` distinct buildings of one type."""
    return sorted(b.id for b in BUILDINGS.values() if b.type == type_id)[skip : skip + count]


def fresh(players: int = 3, seed: int = 1) -> State:
    """A new game, dealt."""
    return GAME.new_game(players, {}, seed)


def give(state: State, seat: int, cards: list[int]) -> State:
    """Move these money cards into `seat`'s hand from wherever they are (deck, display,
    discard, other hands), keeping every card in exactly one place."""
    wanted = set(cards)
    for key in ("money_deck", "display", "discard"):
        state[key] = [c for c in state[key] if c not in wanted]
    state["hands"] = [[c for c in h if c not in wanted] for h in state["hands"]]
    state["hands"][seat] = sorted(state["hands"][seat] + list(cards))
    return _still_known(state)


def _still_known(state: State) -> State:
    """`known` (cards seen taken) keeps only the cards still in their holder's hand."""
    if "known" in state:
        pairs = zip(state["known"], state["hands"], strict=True)
        state["known"] = [[c for c in k if c in hand] for k, hand in pairs]
    return state


def set_hand(state: State, seat: int, cards: list[int]) -> State:
    """`seat` holds exactly these money cards; its old cards go to the bottom of the deck."""
    old = [c for c in state["hands"][seat] if c not in cards]
    give(state, seat, cards)
    state["hands"][seat] = sorted(cards)
    state["money_deck"] += old
    return _still_known(state)


def set_display(state: State, cards: list[int]) -> State:
    """The display holds exactly these cards; the old ones go to the bottom of the deck."""
    old = [c for c in state["display"] if c not in cards]
    for key in ("money_deck", "discard"):
        state[key] = [c for c in state[key] if c not in cards]
    state["hands"] = [[c for c in h if c not in cards] for h in state["hands"]]
    state["display"] = list(cards)
    state["money_deck"] += old
    return _still_known(state)


def set_yard(state: State, yard: list[int | None]) -> State:
    """The yard holds these buildings (None: empty); old yard buildings go under the deck."""
    wanted = {b for b in yard if b is not None}
    old = [b for b in state["yard"] if b is not None and b not in wanted]
    state["building_deck"] = [b for b in state["building_deck"] if b not in wanted] + old
    state["dirk_buildings"] = [b for b in state["dirk_buildings"] if b not in wanted]
    state["buildings"] = [[b for b in own if b not in wanted] for own in state["buildings"]]
    state["yard"] = list(yard)
    return state


def set_buildings(state: State, seat: int, owned: list[int]) -> State:
    """`seat` (or Dirk, seat == players) owns exactly these buildings, taken from the deck or
    the yard; what it owned before goes back under the deck."""
    wanted = set(owned)
    state["building_deck"] = [b for b in state["building_deck"] if b not in wanted]
    for slot, b in enumerate(state["yard"]):
        if b in wanted:  # a yard building is replaced by the deck's top one
            state["yard"][slot] = state["building_deck"].pop(0)
    if seat == state["players"]:
        state["building_deck"] += [b for b in state["dirk_buildings"] if b not in wanted]
        state["dirk_buildings"] = sorted(owned)
    else:
        state["building_deck"] += [b for b in state["buildings"][seat] if b not in wanted]
        state["buildings"][seat] = sorted(owned)
    return state


def current_turn(state: State, seat: int) -> State:
    """Make it `seat`'s turn, with no action taken yet."""
    state["current"], state["actions"], state["pending"] = seat, 0, None
    state["events"] = []
    return state


# ------------------------------------------------------------------ where the cards are


def money_places(state: State) -> dict[str, list[int]]:
    """Every place a money or scoring card can be."""
    found = {k: list(state[k]) for k in ("money_deck", "display", "discard")}
    for s, hand in enumerate(state["hands"]):
        found[f"hands[{s}]"] = list(hand)
    return found


def building_places(state: State) -> dict[str, list[int]]:
    """Every place a building can be."""
    found = {
        "building_deck": list(state["building_deck"]),
        "yard": [b for b in state["yard"] if b is not None],
        "dirk_buildings": list(state["dirk_buildings"]),
        "unassigned": list(state["unassigned"]),
        "pending": [state["pending"]["building"]] if state["pending"] else [],
    }
    for s, own in enumerate(state["buildings"]):
        found[f"buildings[{s}]"] = list(own)
    return found


def assert_every_card_in_one_place(state: State) -> None:
    """Each money card in play, each unresolved scoring card and each of the 54 buildings is in
    exactly one place; nothing is lost, doubled or foreign."""
    done = {s["scoring"] for s in state["scorings"]}
    expected_money = set(money_ids(state["players"]))
    expected_money |= {c for c, which in SCORING_CARDS.items() if which not in done}
    problems = []
    for places, expected in (
        (money_places(state), expected_money),
        (building_places(state), set(BUILDINGS)),
    ):
        where: dict[int, list[str]] = {}
        for name, cards in places.items():
            for cid in cards:
                where.setdefault(cid, []).append(name)
        problems += [f"card {c} in {w}" for c, w in sorted(where.items()) if len(w) > 1]
        problems += [f"card {c} is nowhere" for c in sorted(expected) if c not in where]
        problems += [f"foreign {c} in {w}" for c, w in sorted(where.items()) if c not in expected]
    assert not problems, "; ".join(problems)


def hidden_from(state: State, seat: int | None) -> set[int]:
    """What `seat` may not see now: the money deck (with the scoring cards), the discard pile,
    the building deck and the other seats' hands."""
    hidden = set(state["money_deck"]) | set(state["discard"]) | set(state["building_deck"])
    for s, hand in enumerate(state["hands"]):
        if s != seat:
            hidden.update(hand)
    return hidden


def strictly_secret(state: State, seat: int | None) -> set[int]:
    """Cards no event may ever have named to `seat`: the money deck and the building deck
    (the discard pile and other hands hold cards seen when taken or paid)."""
    return set(state["money_deck"]) | set(state["building_deck"])


def scramble_hidden(
    state: State, seat: int | None, rng: random.Random, copy_state: bool = True
) -> State:
    """A copy `seat` cannot tell apart: the money hidden from it (deck, discard, the other
    hands' cards nobody saw them take: `known` stays with its holder) reshuffled among those
    places with their sizes kept, the scoring cards moved within the deck, the building deck
    shuffled, and the generator changed. With `copy_state` False the caller passes a copy whose
    hands and building deck lists are its own."""
    other = copy.deepcopy(state) if copy_state else state
    known = state.get("known") or [[] for _ in state["hands"]]
    scoring = [c for c in state["money_deck"] if c in SCORING_CARDS]
    pool = [c for c in state["money_deck"] if c not in SCORING_CARDS] + list(state["discard"])
    for s, hand in enumerate(state["hands"]):
        if s != seat:
            pool += [c for c in hand if c not in known[s]]
    rng.shuffle(pool)
    deck = [pool.pop() for _ in range(len(state["money_deck"]) - len(scoring))]
    for card in scoring:  # the scoring cards stay in the deck, anywhere in it
        deck.insert(rng.randint(0, len(deck)), card)
    other["money_deck"] = deck
    other["discard"] = [pool.pop() for _ in state["discard"]]
    for s, hand in enumerate(list(state["hands"])):
        if s != seat:
            rest = [pool.pop() for c in hand if c not in known[s]]
            other["hands"][s] = sorted(rest + list(known[s]))
    assert not pool
    other["building_deck"] = list(other["building_deck"])
    rng.shuffle(other["building_deck"])
    other["rng"] = (state["rng"] * 6364136223846793005 + 1442695040888963407) % (1 << 64)
    return other
