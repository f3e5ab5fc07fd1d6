"""The New York card game's bot: a greedy player that sees only its own seat's view.

It values a building by the majority it helps win (the type's points, more when the bot would
lead or tie the type), prefers exact payments (another action, nothing lost), and otherwise
takes the money that best fits the yard: cards that make an exact payment possible first,
then the most value. In the extra action after an exact payment it ends the turn rather than
make a purchase worth less than nothing.
"""

from __future__ import annotations

from rules.contract import View
from rules.nycards.components import BUILDINGS, SCORING_TABLE, SLOT_CURRENCY, VALUE
from rules.nycards.legal import payments, take_options
from rules.nycards.scoring import type_counts


def building_worth(view: View, building: int) -> float:
    """What one more building of this type is worth to the bot's seat (majority chances)."""
    seat = view["seat"]
    type_id = BUILDINGS[building].type
    mine = type_counts(view["buildings"][seat])[type_id] + 1
    others = [type_counts(b)[type_id] for s, b in enumerate(view["buildings"]) if s != seat]
    if view["dirk"]:
        others.append(type_counts(view["dirk_buildings"])[type_id])
    best_other = max(others, default=0)
    first = SCORING_TABLE["C"][type_id][0] / 4
    return first * majority_chance(mine, best_other)


def majority_chance(mine: int, best_other: int) -> float:
    """How likely a seat with `mine` buildings of a type ends with its majority, against a
    best rival with `best_other` (a rough guess: sure when ahead)."""
    if mine > best_other:
        return 1.0
    if mine == best_other:
        return 0.7
    if mine == best_other - 1:
        return 0.45
    return 0.15


def _exact_buys(hand: list[int], yard: list[int | None]) -> int:
    """How many yard buildings the hand could buy with an exact payment."""
    count = 0
    for slot, building in enumerate(yard):
        if building is None:
            continue
        pays = payments(hand, SLOT_CURRENCY[slot], BUILDINGS[building].price, limit=1)
        if pays and sum(VALUE[c] for c in pays[0]) == BUILDINGS[building].price:
            count += 1
    return count


def _gift_choice(view: View) -> str:
    """Give the building to Dirk only when keeping it gains nothing but Dirk taking it denies
    the opponent a majority (the opponent leads the type and Dirk would tie or pass them)."""
    building = view["pending"]["building"]
    if building_worth(view, building) >= 1.0:
        return "keep"
    seat, type_id = view["seat"], BUILDINGS[building].type
    other = next(s for s in range(view["players"]) if s != seat)
    theirs = type_counts(view["buildings"][other])[type_id]
    dirks = type_counts(view["dirk_buildings"])[type_id] + 1
    return "gift" if dirks >= theirs > 0 else "keep"


def bot_action(view: View, seed: int) -> str:
    """A legal, sensible action for the seat whose view this is."""
    seat = view["seat"]
    if seat not in view["to_act"]:
        raise ValueError("the bot's seat does not have to act")
    if view["pending"] is not None:
        return _gift_choice(view)
    hand = view["hand"]
    options: list[tuple[float, str]] = []
    for slot, building in enumerate(view["yard"]):
        if building is None:
            continue
        price = BUILDINGS[building].price
        pays = payments(hand, SLOT_CURRENCY[slot], price, limit=1)
        if not pays:
            continue
        over = sum(VALUE[c] for c in pays[0]) - price
        worth = building_worth(view, building) + (2.5 if over == 0 else -0.7 * over)
        options.append((worth, "buy " + ",".join(map(str, pays[0]))))
    before = _exact_buys(hand, view["yard"])
    for take in take_options(view["display"]):
        after = _exact_buys(hand + list(take), view["yard"])
        worth = 1.0 + 0.3 * sum(VALUE[c] for c in take) + 1.5 * (after - before)
        options.append((worth, "take " + ",".join(map(str, sorted(take)))))
    if view["actions"] > 0:  # the extra action of an exact payment may be declined
        options.append((0.0, "end"))
    if not options:
        return "pass"
    best = max(w for w, _ in options)
    ties = sorted(a for w, a in options if w == best)
    return ties[seed % len(ties)]
