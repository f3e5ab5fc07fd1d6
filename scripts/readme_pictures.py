"""Draw the README's table pictures (docs/*.png) from real seeded games played by the bots.

    .venv/bin/python scripts/readme_pictures.py

Each game is played to its end once to learn its length, then replayed to about `SHARE` of it,
and the public table of that moment is drawn exactly as the bot posts it.
"""

from __future__ import annotations

import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from games import presentation, rules_of  # noqa: E402
from render.png import encode  # noqa: E402
from rules.contract import State  # noqa: E402

NAMES = ["Alice", "Bruno", "Chiara", "Dmitri", "Eun-ji"]
SHARE = 0.45
# game id → (file, players, options, seed)
PICTURES = {
    "money": ("board.png", 4, {"hands": "3"}, 7),
    "nycards": ("nycards.png", 3, {}, 7),
    "newyork": ("newyork.png", 3, {}, 7),
    "palazzo": ("palazzo.png", 3, {}, 7),
}


def states(game_id: str, players: int, options: dict[str, str], seed: int) -> list[State]:
    """Every state of one seeded game between bots."""
    game = rules_of(game_id)
    state = game.new_game(players, options, seed)
    found = [state]
    step = 0
    while to_act := game.to_act(state):
        seat = to_act[0]
        state = game.apply(state, seat, game.bot_action(game.view(state, seat), seed + step))
        found.append(state)
        step += 1
    return found


def main() -> None:
    for game_id, (name, players, options, seed) in PICTURES.items():
        played = states(game_id, players, options, seed)
        state = played[int(len(played) * SHARE)]
        view = rules_of(game_id).view(state, None)
        picture = presentation(game_id).table_image(view, NAMES[:players], "en")
        data = encode(picture)
        (ROOT / "docs" / name).write_bytes(data)
        print(f"docs/{name}: {picture.width}×{picture.height}, {len(data) // 1024} KiB")


if __name__ == "__main__":
    main()
