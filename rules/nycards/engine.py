"""New York card game rules: setup, taking money, buying, end of turn, scorings, the end.

The checks and the copy every action shares are `rules.base.BaseGame`'s; `rules.nycards.game`
puts these rules behind it.

State layout (plain JSON data; seat index `players` stands for Dirk in rankings):
    game, players, dirk (two players), rng, applied (actions applied), turn_no, current,
    actions (taken this turn),
    pending ({"building", "exact"} while a two-player buyer chooses keep/gift, else None),
    building_deck (top first), yard [4 building ids or None], money_deck (top first, with the
    scoring cards 301/302 inside), display, discard, hands [per seat], buildings [per seat],
    dirk_buildings, unassigned (yard buildings given to nobody at the end), scores [per seat],
    dirk_score, scorings [done: {"scoring", "awards", "points"}], phase ("play" | "over"),
    events [public events of the last step], known [per seat: the money cards it holds that
    everybody saw it take from the display (sorted); its starting cards are not among them;
    absent in games saved before it was kept].
"""

from __future__ import annotations

from collections.abc import Callable
from operator import itemgetter

from rules import rng as rngmod
from rules.contract import Choices, Pick, State
from rules.errors import IllegalAction
from rules.nycards.actions import Action, Buy, End, Gift, Keep, Pass, Take
from rules.nycards.components import (
    BUILDINGS,
    CURRENCY_OF,
    DECK_PILES,
    DISPLAY_SIZE,
    SCORING_CARDS,
    SCORING_PILE,
    SLOT_CURRENCY,
    SLOTS,
    STARTING_MONEY_MIN,
    TWO_PLAYER,
    VALUE,
    money_ids,
)
from rules.nycards.legal import currency_total, split_payments, take_options, take_problem
from rules.nycards.scoring import score

MIN_PLAYERS, MAX_PLAYERS = 2, 6
SUGGESTIONS = 20
COPIED = {  # the state parts an action may change, and how deep (see `BaseGame.copied`)
    "building_deck": 1,
    "yard": 1,
    "money_deck": 1,
    "display": 1,
    "discard": 1,
    "dirk_buildings": 1,
    "unassigned": 1,
    "hands": 2,
    "buildings": 2,
    "scores": 1,
    "scorings": 1,  # finished scorings are never changed
    "pending": 1,
}


# ---------------------------------------------------------------- setup


def setup(players: int, options: dict[str, str], seed: int) -> State:
    """A new game for 2–6 players (two players: with Dirk), dealt and ready for the first turn."""
    rng = rngmod.seed_state(seed)
    buildings = sorted(BUILDINGS)
    rng = rngmod.shuffle(rng, buildings)
    yard = buildings[:SLOTS]
    del buildings[:SLOTS]
    dirk = players == 2
    dirk_buildings: list[int] = []
    if dirk:
        dirk_buildings = buildings[: TWO_PLAYER["dirk_start"]]
        del buildings[: TWO_PLAYER["dirk_start"]]
    money = money_ids(players)
    rng = rngmod.shuffle(rng, money)
    hands: list[list[int]] = []
    for _ in range(players):
        hand: list[int] = []
        while sum(VALUE[c] for c in hand) < STARTING_MONEY_MIN:
            hand.append(money.pop(0))
        hands.append(sorted(hand))
    keys = [(len(h), sum(VALUE[c] for c in h)) for h in hands]
    first, tied, rng = first_player(keys, rng)
    display = money[:DISPLAY_SIZE]
    del money[:DISPLAY_SIZE]
    deck, rng = stack_piles(money, rng)
    state: State = {
        "game": "nycards",
        "players": players,
        "dirk": dirk,
        "rng": rng,
        "turn_no": 1,
        "current": first,
        "actions": 0,
        "pending": None,
        "building_deck": buildings,
        "yard": yard,
        "money_deck": deck,
        "display": display,
        "discard": [],
        "hands": hands,
        "buildings": [[] for _ in range(players)],
        "dirk_buildings": dirk_buildings,
        "unassigned": [],
        "scores": [0] * players,
        "dirk_score": 0,
        "scorings": [],
        "phase": "play",
        "known": [[] for _ in range(players)],
        "events": [
            {
                "type": "setup",
                "starting": [{"count": k[0], "total": k[1]} for k in keys],
                "first": first,
                "random_first": len(tied) > 1,
                "tied": tied,
                "dirk": list(dirk_buildings),
            }
        ],
    }
    return state


def first_player(keys: list[tuple[int, int]], rng: int) -> tuple[int, list[int], int]:
    """The first player from each seat's (card count, total): fewest cards, then the lowest
    total, then drawn at random among the tied (PROPOSED). Returns (seat, tied seats, rng)."""
    tied = [s for s, k in enumerate(keys) if k == min(keys)]
    index = 0
    if len(tied) > 1:
        index, rng = rngmod.below(rng, len(tied))
    return tied[index], tied, rng


def stack_piles(money: list[int], rng: int) -> tuple[list[int], int]:
    """Split the deck into 5 nearly equal piles, shuffle A into pile 2 and B into pile 4, and
    stack them with pile 1 on top (the deck's first card is its top)."""
    base, extra = divmod(len(money), DECK_PILES)
    piles, start = [], 0
    for i in range(DECK_PILES):
        size = base + (1 if i < extra else 0)
        piles.append(money[start : start + size])
        start += size
    for card, scoring in SCORING_CARDS.items():
        pile = piles[SCORING_PILE[scoring] - 1]
        pile.append(card)
        rng = rngmod.shuffle(rng, pile)
    return [c for pile in piles for c in pile], rng


# ---------------------------------------------------------------- who acts


def to_act(state: State) -> list[int]:
    """The current player, or nobody once the game is over."""
    return [state["current"]] if state["phase"] == "play" else []


def turn(state: State) -> str:
    """The turn number: the extra actions after exact payments keep the same label."""
    return str(state["turn_no"])


def buy_pick(state: State, seat: int) -> Pick | None:
    """The `buy` pick of `seat`: the cards of every currency that can pay its slot's building,
    with the minimal payments (exact first) as suggestions; None when nothing is affordable."""
    by_currency = _by_currency(state["hands"][seat])
    items: list[int] = []
    exact: list[tuple[int, ...]] = []
    over: list[tuple[int, tuple[int, ...]]] = []
    for slot, building in enumerate(state["yard"]):
        if building is None:
            continue
        own = by_currency[SLOT_CURRENCY[slot]]
        price = BUILDINGS[building].price
        if sum(VALUE[c] for c in own) < price:
            continue
        items += own
        exact_pays, over_pays = split_payments(tuple(sorted(own)), price)
        exact += exact_pays
        over += over_pays
    if not items:
        return None
    over.sort(key=itemgetter(0))  # stable: slot order within the same overpayment
    ordered = (*exact, *(pay for _, pay in over))[:SUGGESTIONS]
    return Pick("buy", tuple(sorted(items)), 1, len(items), ordered)


def _by_currency(hand: list[int]) -> dict[str, list[int]]:
    """The cards of a hand per yard currency (in hand order; every yard currency listed)."""
    groups: dict[str, list[int]] = {currency: [] for currency in SLOT_CURRENCY}
    for c in hand:
        group = groups.get(CURRENCY_OF[c])
        if group is not None:
            group.append(c)
    return groups


def can_buy(state: State, seat: int) -> bool:
    """Whether `seat` could pay some yard building (exactly when `buy_pick` is not None)."""
    by_currency = _by_currency(state["hands"][seat])
    for slot, building in enumerate(state["yard"]):
        if building is None:
            continue
        own = by_currency[SLOT_CURRENCY[slot]]
        if own and sum(VALUE[c] for c in own) >= BUILDINGS[building].price:
            return True
    return False


def can_act(state: State, seat: int) -> bool:
    """Whether `seat` has a take or a buy available (ignoring a pending keep/gift)."""
    return bool(state["display"]) or can_buy(state, seat)


def take_moves(display: tuple[int, ...]) -> tuple[str, ...]:
    """The `take` moves offered for a display."""
    return tuple("take " + ",".join(map(str, sorted(t))) for t in take_options(list(display)))


def choices(state: State, seat: int) -> Choices:
    """Keep/gift while a two-player buy is pending; else the takes (moves) and the buy (a pick),
    and `end` during the extra action of an exact payment (it may be declined); `pass` only when
    nothing is possible."""
    if seat not in to_act(state):
        return Choices()
    if state["pending"] is not None:
        return Choices(moves=("keep", "gift"))
    moves = take_moves(tuple(state["display"]))
    if state["actions"] > 0:  # still this seat's turn after a purchase: it was exact
        moves += ("end",)
    pick = buy_pick(state, seat)
    if not moves and pick is None:
        return Choices(moves=("pass",))
    return Choices(moves=moves, picks=(pick,) if pick else ())


# ---------------------------------------------------------------- applying actions


def play(state: State, seat: int, act: Action) -> None:
    """Play `act` of `seat` on `state` (a copy, changed in place): keep or gift while a
    two-player buy is pending, else a take, a buy, `end` instead of an exact payment's extra
    action, or a pass when nothing else is possible."""
    if state["pending"] is not None:
        if not isinstance(act, Keep | Gift):
            raise IllegalAction("nycards.error.keep_or_gift")
        _settle_gift(state, seat, isinstance(act, Gift))
    elif isinstance(act, Keep | Gift):
        raise IllegalAction("nycards.error.nothing_to_keep")
    elif isinstance(act, Take):
        _take(state, seat, act)
    elif isinstance(act, Buy):
        _buy(state, seat, act)
    elif isinstance(act, Pass):
        if can_act(state, seat):
            raise IllegalAction("nycards.error.cannot_pass")
        state["events"].append({"type": "passed", "seat": seat})
        _end_turn(state)
    elif isinstance(act, End):
        if state["actions"] == 0:
            raise IllegalAction("nycards.error.end_without_exact")
        _end_turn(state)


def _take(state: State, seat: int, act: Take) -> None:
    problem = take_problem(state["display"], act.cards)
    if problem:
        total = sum(VALUE.get(c, 0) for c in act.cards)
        raise IllegalAction(problem, total=total, limit=5)
    state["display"] = [c for c in state["display"] if c not in act.cards]
    state["hands"][seat] = sorted(state["hands"][seat] + list(act.cards))
    _remember(state, seat, lambda held: sorted([*held, *act.cards]))
    state["events"].append({"type": "took", "seat": seat, "cards": sorted(act.cards)})
    _end_turn(state)


def _remember(state: State, seat: int, change: Callable[[list[int]], list[int]]) -> None:
    """Change what everybody knows `seat` holds (`known`; the lists are replaced, never
    changed in place: copies of the state share them). Games saved without it stay without."""
    known = state.get("known")
    if known is not None:
        known = list(known)
        known[seat] = change(known[seat])
        state["known"] = known


def _buy(state: State, seat: int, act: Buy) -> None:
    hand = state["hands"][seat]
    if any(c not in hand for c in act.cards):
        raise IllegalAction("nycards.error.not_in_hand")
    currencies = {CURRENCY_OF[c] for c in act.cards}
    slot = act.slot
    if slot is None:
        if len(currencies) > 1:
            raise IllegalAction("nycards.error.mixed_currency")
        slot = SLOT_CURRENCY.index(currencies.pop())
    if not 0 <= slot < SLOTS:
        raise IllegalAction("nycards.error.no_such_slot", slot=slot + 1)
    building = state["yard"][slot]
    if building is None:
        raise IllegalAction("nycards.error.empty_slot", slot=slot + 1)
    currency = SLOT_CURRENCY[slot]
    if currencies - {currency}:
        raise IllegalAction("nycards.error.wrong_currency", slot=slot + 1, currency=currency)
    price, paid = BUILDINGS[building].price, sum(VALUE[c] for c in act.cards)
    if paid < price:
        raise IllegalAction("nycards.error.not_enough", price=price, paid=paid)
    state["hands"][seat] = [c for c in hand if c not in act.cards]
    _remember(state, seat, lambda held: [c for c in held if c not in act.cards])
    state["discard"] += sorted(act.cards)
    state["yard"][slot] = None
    state["actions"] += 1
    exact = paid == price
    state["events"].append(
        {
            "type": "bought",
            "seat": seat,
            "slot": slot,
            "building": building,
            "paid": sorted(act.cards),
            "exact": exact,
        }
    )
    if state["dirk"]:
        state["pending"] = {"building": building, "exact": exact}
        return
    state["buildings"][seat].append(building)
    _after_buy(state, seat, exact)


def _settle_gift(state: State, seat: int, gift: bool) -> None:
    pending = state["pending"]
    state["pending"] = None
    building = pending["building"]
    if gift:
        state["dirk_buildings"].append(building)
    else:
        state["buildings"][seat].append(building)
    state["events"].append(
        {"type": "gifted" if gift else "kept", "seat": seat, "building": building}
    )
    _after_buy(state, seat, pending["exact"])


def _after_buy(state: State, seat: int, exact: bool) -> None:
    """An exact payment gives another action (the player may take it or `end`) when one is
    possible; otherwise the turn ends."""
    if exact and can_act(state, seat):
        state["events"].append({"type": "extra_action", "seat": seat})
        return
    _end_turn(state)


# ---------------------------------------------------------------- end of turn


def _end_turn(state: State) -> None:
    """Refill the yard left to right; if it stays short the game ends. Else refill the display
    (resolving scoring cards turned up) and pass the turn on."""
    for slot in range(SLOTS):
        if state["yard"][slot] is None and state["building_deck"]:
            state["yard"][slot] = state["building_deck"].pop(0)
    if None in state["yard"]:
        _end_game(state)
        return
    _refill_display(state)
    state["current"] = (state["current"] + 1) % state["players"]
    state["turn_no"] += 1
    state["actions"] = 0


def _refill_display(state: State) -> None:
    while len(state["display"]) < DISPLAY_SIZE:
        if not state["money_deck"]:
            if not state["discard"]:
                return
            deck = state["discard"]
            state["discard"] = []
            state["rng"] = rngmod.shuffle(state["rng"], deck)
            state["money_deck"] = deck
            state["events"].append({"type": "reshuffled", "count": len(deck)})
        card = state["money_deck"].pop(0)
        if card in SCORING_CARDS:
            _scoring(state, SCORING_CARDS[card])
        else:
            state["display"].append(card)


def _scoring(state: State, which: str) -> None:
    """Score A, B or C; at two players Dirk then gets his buildings after A and B."""
    counts = [len(b) for b in state["buildings"]]
    holdings = [*state["buildings"]]
    if state["dirk"]:
        holdings.append(state["dirk_buildings"])
    result = score(which, holdings)
    for s in range(state["players"]):
        state["scores"][s] += result["points"][s]
    if state["dirk"]:
        state["dirk_score"] += result["points"][state["players"]]
    record = {"scoring": which, "awards": result["awards"], "points": result["points"]}
    state["scorings"].append(record)
    state["events"].append({"type": "scoring", "scored": True, **record, "counts": counts})
    if state["dirk"] and which in ("A", "B"):
        deck = state["building_deck"]
        n = (
            TWO_PLAYER["dirk_after_A"]
            if which == "A"
            else len(deck) // TWO_PLAYER["dirk_after_B_divisor"]
        )
        given = deck[:n]
        del deck[:n]
        state["dirk_buildings"] += given
        state["events"].append({"type": "dirk_got", "after": which, "buildings": given})


def _end_game(state: State) -> None:
    """Give each leftover yard building to the one player with the most of its slot's currency
    (a tie or nobody: given to nobody, PROPOSED), then score C; the game is over."""
    for slot in range(SLOTS):
        building = state["yard"][slot]
        if building is None:
            continue
        state["yard"][slot] = None
        totals = [currency_total(h, SLOT_CURRENCY[slot]) for h in state["hands"]]
        best = max(totals)
        holders = [s for s, v in enumerate(totals) if v == best]
        if best > 0 and len(holders) == 1:
            state["buildings"][holders[0]].append(building)
            winner: int | None = holders[0]
        else:
            state["unassigned"].append(building)
            winner = None
        state["events"].append(
            {"type": "leftover", "slot": slot, "building": building, "seat": winner}
        )
    _scoring(state, "C")
    state["phase"] = "over"
    state["pending"] = None
    state["events"].append({"type": "game_over"})


def hand_totals(hand: list[int]) -> dict[str, int]:
    """The value per currency of a hand (every currency listed)."""
    return {cur: currency_total(hand, cur) for cur in SLOT_CURRENCY}
