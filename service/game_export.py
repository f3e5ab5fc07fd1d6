"""A finished game as a JSON document anyone can replay with the rules alone
(`scripts/replay.py FILE`): its number, title, options, seed, seats (display names and whether a
bot played them; no user ids), every action, and the recorded result.

The seed reveals every hidden card, so only a finished game is exported (`error.export_running`
while it runs). `check_export` replays a document and checks it against its recorded result.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from db.records import ActionRecord, GameRecord
from games import rules_of
from rules.contract import Outcome
from service.errors import TableError

FORMAT = "tavolo-game/1"


class ExportMismatch(Exception):
    """A document whose replay does not end as it says (or that cannot be replayed)."""


@dataclass(frozen=True)
class Checked:
    """A replayed document: the seats' names and the outcome the rules reached."""

    names: tuple[str, ...]
    outcome: Outcome


def export_document(record: GameRecord, moves: Sequence[ActionRecord]) -> dict[str, Any]:
    """The document of a finished game (TableError `error.export_running` for a game that has
    not ended, `error.export_not_finished` for an aborted one)."""
    if record.status in ("lobby", "running"):
        raise TableError("error.export_running")
    if record.status != "finished" or record.seed is None or record.state is None:
        raise TableError("error.export_not_finished")
    outcome = rules_of(record.game).outcome(record.state)
    assert outcome is not None, f"finished game {record.id} has no outcome"
    return {
        "format": FORMAT,
        "game_id": record.id,
        "game": record.game,
        "options": dict(sorted(record.options.items())),
        "seed": record.seed,
        "seats": [{"name": seat.name, "bot": seat.bot} for seat in record.seats],
        "actions": [
            {"seat": entry.seat, "action": entry.action, "at": entry.at} for entry in moves
        ],
        "result": {
            "reason": outcome.reason,
            "scores": list(outcome.scores),
            "winners": list(outcome.winners),
        },
    }


def check_export(document: Mapping[str, Any]) -> Checked:
    """Replay a document with the rules alone; ExportMismatch unless it is a Tavolo game
    document whose actions all apply, whose game ends with the last one, and whose final
    scores and winners are the recorded ones."""
    if document.get("format") != FORMAT:
        raise ExportMismatch(f"not a {FORMAT} document")
    try:
        game = rules_of(str(document["game"]))
        seats = [str(seat["name"]) for seat in document["seats"]]
        state = game.new_game(len(seats), dict(document["options"]), int(document["seed"]))
        for number, entry in enumerate(document["actions"], start=1):
            if game.outcome(state) is not None:
                raise ExportMismatch(f"action {number} comes after the end of the game")
            state = game.apply(state, int(entry["seat"]), str(entry["action"]))
    except ExportMismatch:
        raise
    except Exception as error:  # an unknown game, a missing field, a refused action
        raise ExportMismatch(f"cannot replay: {error!r}") from error
    outcome = game.outcome(state)
    if outcome is None:
        raise ExportMismatch("the game has not ended after the last action")
    recorded = document.get("result", {})
    if list(outcome.scores) != list(recorded.get("scores", [])):
        raise ExportMismatch(f"scores {list(outcome.scores)} != recorded {recorded.get('scores')}")
    if list(outcome.winners) != list(recorded.get("winners", [])):
        raise ExportMismatch(
            f"winners {list(outcome.winners)} != recorded {recorded.get('winners')}"
        )
    return Checked(tuple(seats), outcome)
