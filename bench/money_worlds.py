"""How like the real game the Money strong bot's drawn worlds are, with and without the views'
public memory (`known`).

Plays seeded one-hand games of four standard bots; at every third step from round 2 on where a
seat bids, draws worlds from that seat's view (`rules.money.strong.determinize`) and compares
each rival's drawn cards (hand and bid) with its real ones: the share of its real cards drawn,
the share of its real cards matched by a drawn card of the same currency, and how far the drawn
hand's worth is from the real one's.

    python -m bench.money_worlds [--games 20] [--worlds 8]
"""

from __future__ import annotations

import argparse
import random
from collections import Counter
from collections.abc import Sequence

from games import RULES
from rules.contract import State, View
from rules.money import strong
from rules.money.bot import bot_action
from rules.money.components import BLUFF_IDS
from rules.money.sim import CUR, hand_score


def sampled(games: int) -> list[tuple[State, int]]:
    """(state, bidding seat) pairs from seeded games of standard bots."""
    game = RULES["money"]
    found = []
    for seed in range(games):
        state = game.new_game(4, {"hands": "1"}, 1000 + seed)
        rng = random.Random(seed)
        step = 0
        while game.to_act(state):
            seat = game.to_act(state)[0]
            if state["phase"] == "bid" and step % 3 == 0 and state["round"] > 1:
                found.append((state, seat))
            view = game.view(state, seat)
            state = game.apply(state, seat, bot_action(view, rng.getrandbits(40)))
            step += 1
    return found


def forgetful(view: View) -> View:
    """The view without its public memory (as views were before it)."""
    return dict(view, seats=[dict(s, known=[]) for s in view["seats"]])


def likeness(
    samples: list[tuple[State, int]], worlds: int, memory: bool
) -> tuple[float, float, float]:
    """The three measures over every rival of every sample: the shares of its real cards drawn
    and of its currencies matched, and the average points its drawn worth is off by."""
    game = RULES["money"]
    cards = currencies = error = 0.0
    count = 0
    for i, (state, seat) in enumerate(samples):
        view = game.view(state, seat)
        view = view if memory else forgetful(view)
        for k in range(worlds):
            world = strong.determinize(view, random.Random(i * 1000 + k))
            for s in range(state["players"]):
                real = [
                    c for c in state["hands"][s] + (state["bids"][s] or []) if c not in BLUFF_IDS
                ]
                drawn = [c for c in world.hands[s] + (world.bids[s] or []) if c not in BLUFF_IDS]
                if s == seat or not real:
                    continue
                cards += len(set(real) & set(drawn)) / len(real)
                same = Counter(CUR[c] for c in real) & Counter(CUR[c] for c in drawn)
                currencies += sum(same.values()) / len(real)
                error += abs(hand_score(real) - hand_score(drawn))
                count += 1
    return cards / count, currencies / count, error / count


def main(argv: Sequence[str] | None = None) -> list[str]:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--games", type=int, default=20)
    parser.add_argument("--worlds", type=int, default=8)
    args = parser.parse_args(argv)
    samples = sampled(args.games)
    lines = []
    for memory in (False, True):
        cards, currencies, error = likeness(samples, args.worlds, memory)
        lines.append(
            f"{'with' if memory else 'without'} memory: cards {cards:.0%}, currencies "
            f"{currencies:.0%}, worth off by {error:.0f} points"
        )
    print(f"{len(samples)} seat views, {args.worlds} worlds each, 3 rivals each")
    for line in lines:
        print(line)
    return lines


if __name__ == "__main__":
    main()
