"""Replay an exported game (`/game export`) with the rules alone, check it, print the result.

    python scripts/replay.py FILE

The game is dealt from the file's seed and options, every action is applied in order, and the
final scores and winners must be the ones the file records. Prints the final scores (winners
marked); exit status 0 when the file checks out, 1 when it does not, 2 on a usage error.
"""

from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from service.game_export import ExportMismatch, check_export


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description="Replay and check an exported Tavolo game.")
    parser.add_argument("file", help="the JSON file /game export attached")
    args = parser.parse_args(argv)
    try:
        document = json.loads(Path(args.file).read_text(encoding="utf-8"))
    except (OSError, ValueError) as error:
        print(f"replay: cannot read {args.file}: {error}", file=sys.stderr)
        return 2
    try:
        checked = check_export(document)
    except ExportMismatch as error:
        print(f"replay: {args.file} does not check out: {error}", file=sys.stderr)
        return 1
    outcome = checked.outcome
    print(f"{document['game']} table #{document['game_id']}: {len(document['actions'])} actions")
    for seat, (name, score) in enumerate(zip(checked.names, outcome.scores, strict=True)):
        mark = "  (winner)" if seat in outcome.winners else ""
        print(f"{name}: {score}{mark}")
    print("OK: the replay ends with the recorded scores")
    return 0


if __name__ == "__main__":
    sys.exit(main())
