"""The table tour (issue 15): one seeded 3-player game of each title through the loopback
Discord (`tests/fakediscord/`) and the real production bot, with every message saved.

    .venv/bin/python scripts/tour.py OUT_DIR [--game G] [--locale L] [--seed N] [--check]
                                     [--options K=V ...] [--people 1|2|3] [--readme]

One seat is played by the script as a person would, looking only at what the board and its
own panels, DMs and ephemeral answers offer: a seeded random choice among the offered buttons
and menu options, following the panel a press opens, with `/move` and its autocomplete as the
last resort (`tests/helpers/tour/person.py`); the other two seats are bots ("Add bot" in the
lobby; `--people 3` plays every seat that way, as a table of three members would). Every
channel post, edit and deletion, every DM and every ephemeral answer the seat
could see is saved in order under OUT_DIR/<game>/ (`0001-channel-post.txt` with
`0001-channel-post-1.png`, `0002-channel-edit.txt`, `0003-dm.txt`, `0004-ephemeral.txt`, …),
with `summary.txt` (the line, how the seat played, the smallest texts drawn, the internals
found). One line per game is printed:

    <game>: actions A, turns T, scorings K, channel posts P, pictures in channel at end I,
    smallest text at 400px S px, ids in labels N — P≤T+K+3 OK, I≤K+2 FAIL, S≥9 …, N=0 …

- A: the game's entries in the action log (members', bots' and auto-moves).
- T: turns: the action log is replayed from the deal and the rules' `turn(state)` label
  read after every action; T counts the runs of equal consecutive labels over the states in
  which someone must act (extra actions of one turn, and the decisions of one simultaneous
  round, share a label).
- K: scorings: the replay's public events that score (flagged `scored`; Money's
  `hand_scored`, shown with its score sheet), plus one for the final result.
- P: messages the bot created in the game's channel, the lobby included (not edits).
- I: messages in the channel at the end that still show a picture.
- S: the smallest `DrawnText.size_at(400)` over every text drawn during the game
  (`render.draw.recording_text`), on the board, panels, DMs and scorings alike.
- N: the internals (`tests/helpers/internals.py`) in every distinct text the seat read:
  message texts, embeds, button labels, menu placeholders, options and their descriptions,
  DMs and ephemeral answers.

Issue 15's targets, for every game: P ≤ T + K + 3, I ≤ K + 2, S ≥ 9, N = 0. The exit status
is 1 only with `--check` and a missed target; 2 when a game could not be played to its end
(its files and line are still written, up to where it stopped).
The same seed plays the same game: the bots and the seat's choices are seeded.
With `--readme`, each game's board as the channel showed it about 45 % of the way through is
also written to docs/ (the README's pictures: `docs/board.png` for Money, then
`docs/nycards.png`, `docs/newyork.png`, `docs/palazzo.png`).
"""

from __future__ import annotations

import argparse
import asyncio
import shutil
import sys
import time
from collections import Counter
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from tests.helpers.tour.readme import write_readme_picture  # noqa: E402
from tests.helpers.tour.run import GAMES, Tour, TourError, tour_game  # noqa: E402


def arguments(argv: list[str] | None = None) -> argparse.Namespace:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("out_dir", type=Path, help="where each game's folder is written")
    parser.add_argument("--game", choices=GAMES, help="only this game (default: all four)")
    parser.add_argument("--locale", default="en-US", help="the members' Discord locale")
    parser.add_argument("--seed", type=int, default=1, help="the deal's and the seat's seed")
    parser.add_argument("--options", help="lobby options, e.g. hands=1 (default: the game's)")
    parser.add_argument(
        "--people",
        type=int,
        choices=(1, 2, 3),
        default=1,
        help="seats played by the script (default 1; the others are bots)",
    )
    parser.add_argument("--check", action="store_true", help="exit 1 when a target is missed")
    parser.add_argument(
        "--readme", action="store_true", help="also write each game's README picture to docs/"
    )
    return parser.parse_args(argv)


def summary(tour: Tour, seconds: float) -> str:
    """The text of `summary.txt`."""
    tally = tour.tally
    lines = [
        tour.line.text(),
        "",
        f"played in {seconds:.1f} s; {len(tour.saved)} files",
        f"the played seats made {tally.moves} moves with {tally.presses} presses and {tally.typed} "
        f"typed /move attempts",
    ]
    if tour.stopped:
        lines.append(f"stopped before the end: {tour.stopped}")
    lines += [f"not answered or gone: {text}" for text in tally.unanswered]
    lines += [f"invalid request: {text}" for text in tour.invalid_requests]
    lines += ["", "smallest texts at 400 px (size, picture width, words):"]
    lines += [
        f"  {d.size_at(400):.1f} px  ({d.size} px on {d.picture_width})  {d.words!r}"
        for d in tour.smallest
    ]
    lines += ["", "internals (how many distinct texts show each, most frequent first):"]
    hits_by: Counter[str] = Counter(hit for hits in tour.internals.values() for hit in set(hits))
    lines += [f"  {count:4d} × {hit}" for hit, count in hits_by.most_common(30)]
    lines += ["", "internals in what the seat read:"]
    for text, hits in sorted(tour.internals.items()):
        lines.append(f"  {', '.join(hits)}  in  {text[:200]!r}")
    return "\n".join(lines) + "\n"


async def main(argv: list[str] | None = None) -> int:
    args = arguments(argv)
    failed = broken = False
    for game in [args.game] if args.game else list(GAMES):
        folder = args.out_dir / game
        shutil.rmtree(folder, ignore_errors=True)
        started = time.monotonic()
        try:
            tour = await tour_game(
                game,
                folder,
                seed=args.seed,
                locale=args.locale,
                options=args.options,
                people=args.people,
            )
        except TourError as error:
            print(f"{game}: could not be played: {error}", flush=True)
            broken = True
            continue
        seconds = time.monotonic() - started
        (folder / "summary.txt").write_text(summary(tour, seconds), encoding="utf-8")
        print(tour.line.text(), flush=True)
        if args.readme:
            written = write_readme_picture(game, tour.saved, ROOT / "docs")
            print(f"{game}: README picture {written.relative_to(ROOT)}", flush=True)
        if tour.stopped:
            print(f"{game}: stopped before the end: {tour.stopped}", flush=True)
            broken = True
        failed = failed or not tour.line.ok
    if broken:
        return 2
    return 1 if failed and args.check else 0


if __name__ == "__main__":
    sys.exit(asyncio.run(main()))
