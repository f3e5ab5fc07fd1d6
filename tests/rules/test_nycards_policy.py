"""The standard bot's judgement on the simulator (`rules.nycards.policy`, the strong bot's
playouts and candidates) is the standard bot's (`rules.nycards.bot`): on states of seeded
random games, the bot's action is one of the policy's best moves (the bot breaks ties by its
seed, the policy at random), and `ranked` puts one of them first."""

from __future__ import annotations

import random

from bench.common import playout
from games import RULES
from rules.nycards import bot
from rules.nycards.policy import options, ranked, standard_move
from rules.nycards.sim import NycardsSim, parse_move


def test_the_policy_plays_the_standard_bots_moves() -> None:
    game = RULES["nycards"]
    checked = 0
    for n in range(8):
        players = 2 + n % 4
        for state in playout(game, players, 900 + n, {}):
            to_act = game.to_act(state)
            if not to_act:
                continue
            seat = to_act[0]
            sim = NycardsSim.from_state(state)
            expected = parse_move(bot.bot_action(game.view(state, seat), n))
            found = [] if sim.pending else options(sim, seat)
            if found:
                best = max(w for w, _ in found)
                assert expected in {m for w, m in found if abs(w - best) < 1e-9}, state
                assert dict((m, w) for w, m in found)[ranked(sim, seat)[0]] == best
            else:
                assert standard_move(sim, seat, random.Random(n)) == expected
            checked += 1
    assert checked > 500
