"""Where every Money card is: deck, rows, hands, secret bids, bids on the table, or the box."""

from __future__ import annotations

from rules.contract import State
from rules.money.components import BLUFF_IDS, CARDS, VALUE_CARD_IDS


def locations(state: State) -> dict[str, list[int]]:
    """Every card id by place: `deck`, `row.left`, `row.right`, `hand.N`, `bid.N` (a secret
    bid), `table.N` (a bid revealed for the exchange) and `box` (the notes of the currencies
    out of this hand, and the bluff cards of seats nobody sits at)."""
    in_play = set(state["currencies"])
    places: dict[str, list[int]] = {
        "deck": list(state["deck"]),
        "row.left": list(state["rows"]["left"]),
        "row.right": list(state["rows"]["right"]),
    }
    for seat in range(state["players"]):
        places[f"hand.{seat}"] = list(state["hands"][seat])
        if (bid := state["bids"][seat]) is not None:
            places[f"bid.{seat}"] = list(bid)
        if (table := state["table"][seat]) is not None:
            places[f"table.{seat}"] = list(table)
    places["box"] = [
        cid
        for cid in VALUE_CARD_IDS
        if CARDS[cid].kind != "coin" and CARDS[cid].currency not in in_play
    ] + list(BLUFF_IDS[state["players"] :])
    return places
