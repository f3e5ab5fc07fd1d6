"""Where every Money card is: deck, rows, hands, secret bids, bids on the table, or the box."""

from __future__ import annotations

from rules.contract import State
from rules.money.components import BLUFF_IDS, CARDS, VALUE_CARD_IDS


def locations(state: State) -> dict[str, list[int]]:
    """Every card id by place (one kind, `card`): `card:deck`, `card:row.left`,
    `card:row.right`, `card:hand.N`, `card:bid.N` (a secret bid), `card:table.N` (a bid revealed
    for the exchange) and `card:box` (the notes of the currencies out of this hand, and the
    bluff cards of seats nobody sits at)."""
    in_play = set(state["currencies"])
    places: dict[str, list[int]] = {
        "card:deck": list(state["deck"]),
        "card:row.left": list(state["rows"]["left"]),
        "card:row.right": list(state["rows"]["right"]),
    }
    for seat in range(state["players"]):
        places[f"card:hand.{seat}"] = list(state["hands"][seat])
        if (bid := state["bids"][seat]) is not None:
            places[f"card:bid.{seat}"] = list(bid)
        if (table := state["table"][seat]) is not None:
            places[f"card:table.{seat}"] = list(table)
    places["card:box"] = [
        cid
        for cid in VALUE_CARD_IDS
        if CARDS[cid].kind != "coin" and CARDS[cid].currency not in in_play
    ] + list(BLUFF_IDS[state["players"] :])
    return places
