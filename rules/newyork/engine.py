"""New York's rules: setup, the turn (take money, buy, redesign), placing, refills, scorings, end.

The checks and the copy every action shares are `rules.base.BaseGame`'s; `rules.newyork.game`
puts these rules behind it.

State layout (plain JSON data):
    game, players, options {"length"}, rng, applied (actions applied), dirk (bool: 2 players),
    phase ("act" | "place" | "over"), final (bool: placing the leftover market tiles at the
    end), current, turn_no,
    actions (this turn), paying (None | {"slot", "paid"}), to_place [per seat: tiles to place],
    market [4: tile or None], bag, box (tiles out of a short game), display,
    deck (top first; holds the scoring cards 201/202),
    discard, hands [per seat], cities [per seat: [x, y, tile] triples], reserves [per seat],
    dirk_tiles, scores [per seat], dirk_score, scorings [finished scorings], events.
"""

from __future__ import annotations

from itertools import combinations

from rules import rng as rngmod
from rules.contract import Choices, Pick, State
from rules.errors import IllegalAction, MalformedAction
from rules.newyork import building
from rules.newyork.actions import (
    RESERVE,
    Action,
    Back,
    Buy,
    End,
    Gift,
    Move,
    Pay,
    Place,
    Swap,
    Take,
)
from rules.newyork.components import (
    BANKS,
    BUILDING_IDS,
    MONEY,
    RULES,
    SCORING_CARD_NAME,
    SCORING_CARDS,
    STREETS,
    TILES,
    TIMES_SQUARE_BASE,
    money_ids,
)
from rules.newyork.purchase import buy_pick
from rules.newyork.scoring import scoring

MIN_PLAYERS, MAX_PLAYERS = 2, 6
MARKET = RULES["market_size"]
DISPLAY = RULES["display_size"]
TAKE_LIMIT = RULES["take_limit"]
MAX_ACTIONS = RULES["max_actions"]
OPTION_LENGTH = ("full", "short")
SHORT_TILES = RULES["short_game_tiles"]
COPIED = {  # the state parts an action may change, and how deep (see `BaseGame.copied`)
    "market": 1,
    "bag": 1,
    "box": 1,
    "display": 1,
    "deck": 1,
    "discard": 1,
    "dirk_tiles": 1,
    "scores": 1,
    "hands": 2,
    "reserves": 2,
    "to_place": 2,
    "cities": 3,
    "paying": 2,
    "scorings": 1,  # finished scorings are never changed
}


# ---------------------------------------------------------------- setup


def setup(players: int, options: dict[str, str], seed: int) -> State:
    """A new game for 2–6 players (2: with Dirk) of the checked `length` option."""
    length = options["length"]
    rng = rngmod.seed_state(seed)
    bag = list(BUILDING_IDS)
    rng = rngmod.shuffle(rng, bag)
    box: list[int] = []
    if length == "short":  # PROPOSED quick variant: only some of the tiles are used
        bag, box = bag[:SHORT_TILES], bag[SHORT_TILES:]
    money = money_ids(players)
    rng = rngmod.shuffle(rng, money)
    hands: list[list[int]] = []
    for _seat in range(players):
        hand: list[int] = []
        while sum(MONEY[c].value for c in hand) < RULES["start_money"]:
            hand.append(money.pop(0))
        hands.append(sorted(hand))
    first, by, rng = first_player(hands, rng)
    keys = [(len(h), total(h)) for h in hands]
    display, money = money[:DISPLAY], money[DISPLAY:]
    deck, rng = _stack_piles(money, rng)
    market = bag[:MARKET]
    del bag[:MARKET]
    dirk = players == 2
    state: State = {
        "game": "newyork",
        "players": players,
        "options": {"length": length},
        "rng": rng,
        "dirk": dirk,
        "phase": "act",
        "final": False,
        "current": first,
        "turn_no": 1,
        "actions": 0,
        "paying": None,
        "to_place": [[] for _ in range(players)],
        "market": market,
        "bag": bag,
        "box": box,
        "display": display,
        "deck": deck,
        "discard": [],
        "hands": hands,
        "cities": [[[0, 0, TIMES_SQUARE_BASE + s]] for s in range(players)],
        "reserves": [[] for _ in range(players)],
        "dirk_tiles": [],
        "scores": [0] * players,
        "dirk_score": 0 if dirk else None,
        "scorings": [],
        "events": [],
    }
    state["events"].append(
        {
            "type": "setup",
            "first": first,
            "counts": [k[0] for k in keys],
            "totals": [k[1] for k in keys],
            "tied": [s for s, k in enumerate(keys) if k == min(keys)],
            "by": by,
        }
    )
    if dirk:
        _give_dirk(state, RULES["dirk_start"])
    return state


def first_player(hands: list[list[int]], rng: int) -> tuple[int, str, int]:
    """(seat, criterion, generator): the fewest money cards begins; on a tie the lowest total;
    then (PROPOSED) a seeded random seat among those still tied. The criterion that decided is
    `count`, `total` or `random`."""
    counts = [len(h) for h in hands]
    fewest = [s for s, n in enumerate(counts) if n == min(counts)]
    totals = {s: total(hands[s]) for s in fewest}
    lowest = [s for s in fewest if totals[s] == min(totals.values())]
    pick, rng = rngmod.below(rng, len(lowest))  # drawn even for one seat: seeds keep their games
    by = "count" if len(fewest) == 1 else "total" if len(lowest) == 1 else "random"
    return lowest[pick], by, rng


def _stack_piles(money: list[int], rng: int) -> tuple[list[int], int]:
    """Split into 5 nearly equal piles, shuffle A into pile 2 and B into pile 4, stack 1 on top."""
    count = RULES["piles"]
    size, extra = divmod(len(money), count)
    piles, start = [], 0
    for index in range(count):
        end = start + size + (1 if index < extra else 0)
        piles.append(money[start:end])
        start = end
    for name, pile_no in (("A", RULES["pile_of_A"]), ("B", RULES["pile_of_B"])):
        pile = piles[pile_no - 1]
        at, rng = rngmod.below(rng, len(pile) + 1)
        pile.insert(at, SCORING_CARDS[name])
    return [card for pile in piles for card in pile], rng


def _give_dirk(state: State, count: int) -> None:
    tiles = state["bag"][:count]
    del state["bag"][:count]
    state["dirk_tiles"].extend(tiles)
    state["events"].append({"type": "dirk_tiles", "tiles": tiles})


# ---------------------------------------------------------------- who acts


def to_act(state: State) -> list[int]:
    """The current seat; while placing the leftover tiles at the end, the next seat holding some."""
    if state["phase"] == "over":
        return []
    if state["phase"] == "place":
        n = state["players"]
        for offset in range(n):
            seat = (state["current"] + offset) % n
            if state["to_place"][seat]:
                return [seat]
        return []
    return [state["current"]]


def turn(state: State) -> str:
    """The turn number (all actions and placements of one turn); `final` for the last placing."""
    return "final" if state["final"] else str(state["turn_no"])


def bank_of(card: int) -> str:
    """The bank of a money card."""
    return MONEY[card].bank


def total(cards: list[int]) -> int:
    """The value of money cards."""
    return sum(MONEY[c].value for c in cards)


def take_options(display: list[int]) -> list[list[int]]:
    """The legal takes: each card alone, and every combination of 2+ cards totalling at most 5."""
    found = [[c] for c in display]
    values = [MONEY[c].value for c in display]
    cheapest = sorted(values)
    for size in range(2, len(display) + 1):
        if sum(cheapest[:size]) > TAKE_LIMIT:
            break  # even the cheapest cards are too much: so are all larger combinations
        for combo in combinations(range(len(display)), size):
            if sum(values[i] for i in combo) <= TAKE_LIMIT:
                found.append(sorted(display[i] for i in combo))
    return found


def redesign_moves(state: State, seat: int) -> list[str]:
    """Every legal redesign: reserve → city, city → reserve, swaps."""
    grid = building.grid_of(state["cities"][seat])
    reserve = state["reserves"][seat]
    moves = []
    if reserve:
        spots = building.open_spots(grid)
        label = building.spot_labeller(grid)
        for tile in reserve:
            for cell in building.legal_spots(grid, tile, spots):
                moves.append(f"move {tile} {label(cell)}")
    for cell in building.removable_cells(grid):
        moves.append(f"move {grid[cell]} {RESERVE}")
    if reserve:
        swaps = building.swap_cells(grid)
        for tile in reserve:
            streets = STREETS[tile]
            for cell, mask, need in swaps:
                if streets & mask == need:
                    moves.append(f"swap {tile} {grid[cell]}")
    return moves


def place_moves(state: State, seat: int) -> list[str]:
    """The legal ways to place each tile waiting to be placed: spots, reserve, gift to Dirk."""
    grid = building.grid_of(state["cities"][seat])
    spots = building.open_spots(grid)
    label = building.spot_labeller(grid)
    moves = []
    for tile in state["to_place"][seat]:  # reserve and Dirk first: always among the buttons
        moves.append(f"place {tile} {RESERVE}")
        if state["dirk"] and not state["final"]:
            moves.append(f"gift {tile}")
        for cell in building.legal_spots(grid, tile, spots):  # closest to Times Square first
            moves.append(f"place {tile} {label(cell)}")
    return moves


def bank_money(hand: list[int], bank: str) -> int:
    """What the cards of one bank in `hand` are worth together."""
    return sum(MONEY[c].value for c in hand if bank_of(c) == bank)


def affordable_slots(state: State, seat: int) -> list[int]:
    """The market spaces whose tile `seat` can pay with the hand's cards of that space's bank."""
    hand = state["hands"][seat]
    return [
        slot
        for slot, tile in enumerate(state["market"])
        if tile is not None and bank_money(hand, BANKS[slot]) >= TILES[tile].price
    ]


def can_act(state: State, seat: int) -> bool:
    """Whether `seat` has an action: money to take, a market tile it can pay, or a redesign."""
    return (
        bool(state["display"])
        or bool(affordable_slots(state, seat))
        or bool(redesign_moves(state, seat))
    )


def choices(state: State, seat: int) -> Choices:
    """Act: takes, redesigns and the `buy` pick (a purchase paid in one action, `buy 2 3,17`,
    see `rules.newyork.purchase`); `end` only when none of them is possible (also after an
    exact buy: the extra action is a must). While paying step by step (`buy N`, still accepted
    so that games begun that way go on): a pick of the hand's cards of that bank, and `back`.
    Place: the placements."""
    if seat not in to_act(state):
        return Choices()
    if state["phase"] == "place":
        return Choices(moves=tuple(place_moves(state, seat)))
    paying = state["paying"]
    if paying is not None:
        bank = BANKS[paying["slot"]]
        cards = tuple(c for c in state["hands"][seat] if bank_of(c) == bank)
        picks = (Pick("pay", cards, 1, len(cards)),) if cards else ()
        return Choices(moves=("back",), picks=picks)
    buy = buy_pick(state, seat)
    moves = ["take " + ",".join(map(str, combo)) for combo in take_options(state["display"])]
    moves += redesign_moves(state, seat)
    if not moves and buy is None:
        moves.append("end")
    return Choices(moves=tuple(moves), picks=(buy,) if buy is not None else ())


# ---------------------------------------------------------------- applying actions


def play(state: State, seat: int, act: Action) -> None:
    """Play `act` of `seat` on `state` (a copy, changed in place): a placement while placing,
    else one of the turn's actions."""
    if state["phase"] == "place":
        if not isinstance(act, Place | Gift):
            raise IllegalAction("newyork.error.must_place")
        _place(state, seat, act)
    else:
        if isinstance(act, Place | Gift):
            raise IllegalAction("newyork.error.nothing_to_place")
        _act(state, seat, act)


def _distinct(cards: tuple[int, ...]) -> None:
    if len(set(cards)) != len(cards):
        raise MalformedAction("newyork.error.duplicate_card")


def _act(state: State, seat: int, act: object) -> None:
    paying = state["paying"]
    if paying is not None and not isinstance(act, Pay | Back):
        raise IllegalAction("newyork.error.paying")
    if paying is None and isinstance(act, Pay | Back):
        raise IllegalAction("newyork.error.not_paying")
    if isinstance(act, Take):
        _take(state, seat, act.cards)
    elif isinstance(act, Buy):
        _buy(state, seat, act)
    elif isinstance(act, Pay):
        _pay(state, seat, act.cards)
    elif isinstance(act, Back):
        state["hands"][seat] = sorted(state["hands"][seat] + paying["paid"])
        state["events"].append({"type": "buy_cancelled", "seat": seat, "slot": paying["slot"]})
        state["paying"] = None
    elif isinstance(act, End):  # only with no action possible (the extra action is a must)
        if can_act(state, seat):
            raise IllegalAction("newyork.error.must_act")
        _end_actions(state)
    elif isinstance(act, Move | Swap):
        _redesign(state, seat, act)
        state["actions"] += 1
        _end_actions(state)


def _take(state: State, seat: int, cards: tuple[int, ...]) -> None:
    _distinct(cards)
    if any(c not in state["display"] for c in cards):
        raise IllegalAction("newyork.error.not_in_display")
    if len(cards) > 1 and total(list(cards)) > TAKE_LIMIT:
        raise IllegalAction("newyork.error.take_limit", limit=TAKE_LIMIT)
    state["display"] = [c for c in state["display"] if c not in cards]
    state["hands"][seat] = sorted(state["hands"][seat] + list(cards))
    state["actions"] += 1
    state["events"].append({"type": "took", "seat": seat, "cards": sorted(cards)})
    _end_actions(state)


def _buy(state: State, seat: int, act: Buy) -> None:
    tile = state["market"][act.slot]
    if tile is None:
        raise IllegalAction("newyork.error.empty_slot", slot=act.slot + 1)
    price = TILES[tile].price
    if act.cards:
        _check_payment(state, seat, act.slot, act.cards)
        if total(list(act.cards)) < price:
            raise IllegalAction("newyork.error.not_enough", price=price)
    elif bank_money(state["hands"][seat], BANKS[act.slot]) < price:  # never to be paid
        raise IllegalAction("newyork.error.cannot_afford", price=price)
    state["paying"] = {"slot": act.slot, "paid": []}
    if act.cards:
        _pay(state, seat, act.cards)
    else:
        state["events"].append({"type": "buying", "seat": seat, "slot": act.slot, "tile": tile})


def _check_payment(state: State, seat: int, slot: int, cards: tuple[int, ...]) -> None:
    _distinct(cards)
    hand = state["hands"][seat]
    if any(c not in hand for c in cards):
        raise IllegalAction("newyork.error.not_in_hand")
    bank = BANKS[slot]
    if any(bank_of(c) != bank for c in cards):
        raise IllegalAction("newyork.error.wrong_bank", bank=bank)


def _pay(state: State, seat: int, cards: tuple[int, ...]) -> None:
    paying = state["paying"]
    slot = paying["slot"]
    _check_payment(state, seat, slot, cards)
    state["hands"][seat] = [c for c in state["hands"][seat] if c not in cards]
    paying["paid"].extend(cards)
    tile = state["market"][slot]
    price, paid = TILES[tile].price, total(paying["paid"])
    if paid < price:
        state["events"].append(
            {
                "type": "paid_part",
                "seat": seat,
                "slot": slot,
                "cards": list(cards),
                "owing": price - paid,
            }
        )
        return
    exact = paid == price
    state["discard"].extend(paying["paid"])
    state["market"][slot] = None
    state["to_place"][seat].append(tile)
    state["paying"] = None
    state["actions"] += 1
    state["events"].append(
        {
            "type": "bought",
            "seat": seat,
            "slot": slot,
            "tile": tile,
            "paid": sorted(paying["paid"]),
            "exact": exact,
        }
    )
    if not exact or state["actions"] >= MAX_ACTIONS or not can_act(state, seat):
        _end_actions(state)  # an exact payment's extra action only when one is possible


def _redesign(state: State, seat: int, act: Move | Swap) -> None:
    grid = building.grid_of(state["cities"][seat])
    reserve = state["reserves"][seat]
    where = {tile: cell for cell, tile in grid.items()}
    if isinstance(act, Swap):
        if act.tile not in reserve:
            raise IllegalAction("newyork.error.not_in_reserve", tile=act.tile)
        if act.replaced not in where:
            raise IllegalAction("newyork.error.not_in_city", tile=act.replaced)
        cell = where[act.replaced]
        if not building.swap_ok(grid, cell, act.tile):  # the full check names the rule
            _rule(building.swap_error(grid, cell, act.tile), grid, cell)
        grid[cell] = act.tile
        reserve.remove(act.tile)
        reserve.append(act.replaced)
        event = {"type": "swapped", "seat": seat, "tile": act.tile, "replaced": act.replaced}
    elif act.spot == RESERVE:
        if act.tile not in where:
            raise IllegalAction("newyork.error.not_in_city", tile=act.tile)
        cell = where[act.tile]
        if not building.removal_ok(grid, cell):  # the full check names the rule
            _rule(building.removal_error(grid, cell), grid, cell)
        del grid[cell]
        reserve.append(act.tile)
        event = {"type": "to_reserve", "seat": seat, "tile": act.tile}
    else:
        if act.tile not in reserve:
            raise IllegalAction("newyork.error.not_in_reserve", tile=act.tile)
        cell = _build(grid, act.tile, act.spot)
        reserve.remove(act.tile)
        event = {"type": "from_reserve", "seat": seat, "tile": act.tile, "cell": list(cell)}
    state["cities"][seat] = building.cells_of(grid)
    state["events"].append(event)


def _rule(error: str | None, grid: building.Grid, cell: building.Cell) -> None:
    if error is not None:
        raise IllegalAction(error, spot=building.spot_label(grid, cell).upper())


def _build(grid: building.Grid, tile: int, spot: str) -> building.Cell:
    """Put `tile` at the labelled spot of `grid` (in place), or raise naming the broken rule."""
    cell = building.parse_spot(grid, spot)
    if cell is None:
        raise MalformedAction("newyork.error.bad_spot", spot=spot.upper())
    _rule(building.placement_error(grid, tile, cell), grid, cell)
    grid[cell] = tile
    return cell


def _place(state: State, seat: int, act: Place | Gift) -> None:
    waiting = state["to_place"][seat]
    if act.tile not in waiting:
        raise IllegalAction("newyork.error.not_to_place", tile=act.tile)
    if isinstance(act, Gift):
        if not state["dirk"] or state["final"]:
            raise IllegalAction("newyork.error.no_dirk")
        state["dirk_tiles"].append(act.tile)
        event = {"type": "gifted", "seat": seat, "tile": act.tile}
    elif act.spot == RESERVE:
        state["reserves"][seat].append(act.tile)
        event = {"type": "reserved", "seat": seat, "tile": act.tile}
    else:
        grid = building.grid_of(state["cities"][seat])
        cell = _build(grid, act.tile, act.spot)
        state["cities"][seat] = building.cells_of(grid)
        event = {"type": "built", "seat": seat, "tile": act.tile, "cell": list(cell)}
    waiting.remove(act.tile)
    state["events"].append(event)
    if to_act(state):
        return
    if state["final"]:
        _finish(state)
    else:
        _end_turn(state)


# ---------------------------------------------------------------- the end of a turn


def _end_actions(state: State) -> None:
    """The turn's actions are over: place the bought tiles, or end the turn."""
    state["paying"] = None
    if state["to_place"][state["current"]]:
        state["phase"] = "place"
    else:
        _end_turn(state)


def _end_turn(state: State) -> None:
    """Refill the money display (scorings A and B on the way) and the market; next player."""
    _refill_display(state)
    market = state["market"]
    for slot in range(MARKET):
        if market[slot] is None and state["bag"]:
            market[slot] = state["bag"].pop(0)
    if None in market:
        _game_end(state)
        return
    state["current"] = (state["current"] + 1) % state["players"]
    state["turn_no"] += 1
    state["actions"] = 0
    state["phase"] = "act"


def _refill_display(state: State) -> None:
    while len(state["display"]) < DISPLAY:
        if not state["deck"]:
            if not state["discard"]:
                return
            deck = state["discard"]
            state["rng"] = rngmod.shuffle(state["rng"], deck)
            state["deck"], state["discard"] = deck, []
            state["events"].append({"type": "reshuffled", "count": len(deck)})
        card = state["deck"].pop(0)
        name = SCORING_CARD_NAME.get(card)
        if name is None:
            state["display"].append(card)
            continue
        _score(state, name)
        if state["dirk"]:
            count = (
                RULES["dirk_after_A"]
                if name == "A"
                else len(state["bag"]) // RULES["dirk_after_B_divisor"]
            )
            _give_dirk(state, count)


def _score(state: State, name: str) -> None:
    grids = [building.grid_of(city) for city in state["cities"]]
    result = scoring(name, grids, state["dirk_tiles"] if state["dirk"] else None)
    for seat in range(state["players"]):
        state["scores"][seat] += result["streets"][seat] + result["majority"][seat]
    if state["dirk"]:
        state["dirk_score"] += result["dirk"]
    result["totals"] = list(state["scores"])
    result["dirk_total"] = state["dirk_score"]
    state["scorings"].append(result)
    state["events"].append({"type": "scored", "scored": True, **result})


def _game_end(state: State) -> None:
    """The bag is empty: leftover market tiles go to the most money of their bank (none on a
    tie); their holders place them; then scoring C."""
    state["events"].append({"type": "bag_empty"})
    for slot, tile in enumerate(state["market"]):
        if tile is None:
            continue
        held = [bank_money(hand, BANKS[slot]) for hand in state["hands"]]
        best = max(held)
        winners = [s for s, v in enumerate(held) if v == best]
        if best > 0 and len(winners) == 1:
            state["market"][slot] = None
            state["to_place"][winners[0]].append(tile)
            state["events"].append(
                {"type": "leftover", "seat": winners[0], "slot": slot, "tile": tile}
            )
        else:  # why: nobody holds that bank's money, or several hold the most
            reason = "nobody" if best == 0 else "tie"
            state["events"].append({"type": "unsold", "slot": slot, "tile": tile, "reason": reason})
    state["final"] = True
    state["phase"] = "place"
    state["current"] = (state["current"] + 1) % state["players"]  # PROPOSED: from the next seat
    if not to_act(state):
        _finish(state)


def _finish(state: State) -> None:
    _score(state, "C")
    state["phase"] = "over"
    state["paying"] = None
    state["events"].append({"type": "game_over", "scores": list(state["scores"])})
