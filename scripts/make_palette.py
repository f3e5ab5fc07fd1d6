"""Make `render/palette.json`, the fixed palette of every picture (`render.palette`), from
sampled tables and hands of every game (seeded games played by the games' bots).

    python -m scripts.make_palette
"""

from __future__ import annotations

from collections.abc import Iterator

from PIL import Image

from games import RULES, presentation
from render.palette import choose, save

GAMES_PER_TITLE = 3
EVERY = 9  # one state in EVERY is drawn
NAMES = ["Alice", "Bartholomew", "Chiara", "Dmitri", "Eun-ji", "Farid"]


def samples() -> Iterator[Image.Image]:
    """Tables and hands of seeded bot games of every title and player count."""
    for game_id, game in RULES.items():
        ui = presentation(game_id)
        for index in range(GAMES_PER_TITLE):
            players = game.info.min_players + index % (
                game.info.max_players - game.info.min_players + 1
            )
            state = game.new_game(players, {}, index)
            step = 0
            while to_act := game.to_act(state):
                seat = to_act[step % len(to_act)]
                if step % EVERY == 0:
                    yield ui.table_image(game.view(state, None), NAMES, None)
                    yield ui.hand_image(game.view(state, seat), NAMES, None)
                state = game.apply(state, seat, game.bot_action(game.view(state, seat), step))
                step += 1
            final = ui.final_image(game.view(state, None), NAMES, None)
            if final is not None:
                yield final


def main() -> None:
    save(choose(samples()))


if __name__ == "__main__":
    main()
