"""The tour's counters and issue 15's targets, as pure functions over what the tour collected.

- actions A: the entries of the game's action log.
- turns T: the runs of equal consecutive `turn(state)` labels over the states the log replays
  to (from the deal to the last action), counting only states in which someone must act: a
  turn, or a decision round of a simultaneous step, is one label however many actions it has.
- scorings K: the public events of the replay that score (flagged `scored`, e.g. the New York
  games' A/B/C; Money's `hand_scored`, whose board the bot shows with the score sheet), plus
  one for the final result when the game ended.
- channel posts P: messages the bot created in the game's channel (a deferred answer counts
  once; edits never count), the lobby included.
- pictures in channel at end I: the channel's messages at the end that still show a picture
  (an image attachment, an embed image or thumbnail, or a media component).
- smallest text S: the smallest `DrawnText.size_at(400)` of every text drawn during the game.
- ids in labels N: the internals (`tests.helpers.internals.internals_in`) of every distinct
  text the played seat read (each text counted once however often it was shown).
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any, Protocol

from tests.helpers.internals import internals_in

DISPLAY_WIDTH = 400
SCORING_TYPES = frozenset({"hand_scored"})  # scoring events that carry no `scored` flag
MEDIA_COMPONENTS = frozenset({11, 12})  # Thumbnail, Media Gallery
LINE = re.compile(
    r"^(?P<game>[a-z]+): actions (?P<A>\d+), turns (?P<T>\d+), scorings (?P<K>\d+), "
    r"channel posts (?P<P>\d+), pictures in channel at end (?P<I>\d+), "
    r"smallest text at 400px (?P<S>[\d.]+|none) px, ids in labels (?P<N>\d+)"
)


class Replayable(Protocol):
    """What the counters use of a game's rules."""

    def new_game(self, players: int, options: Mapping[str, str], seed: int) -> Any: ...
    def apply(self, state: Any, seat: int, action: str) -> Any: ...
    def turn(self, state: Any) -> str: ...
    def to_act(self, state: Any) -> list[int]: ...


@dataclass(frozen=True)
class Replay:
    """What a replay of the action log found: the turn labels (one per state in which someone
    must act) and the public events, in order."""

    labels: tuple[str, ...]
    events: tuple[Mapping[str, Any], ...]
    finished: bool


def replay(
    game: Replayable,
    players: int,
    options: Mapping[str, str],
    seed: int,
    actions: Iterable[tuple[int, str]],
) -> Replay:
    """Replay `(seat, action)` pairs from the deal."""
    state = game.new_game(players, options, seed)
    labels, events = [], list(state.get("events", []))
    if game.to_act(state):
        labels.append(game.turn(state))
    for seat, action in actions:
        state = game.apply(state, seat, action)
        events += state.get("events", [])
        if game.to_act(state):
            labels.append(game.turn(state))
    return Replay(tuple(labels), tuple(events), not game.to_act(state))


def count_turns(labels: Sequence[str]) -> int:
    """The runs of equal consecutive labels."""
    return sum(1 for i, label in enumerate(labels) if i == 0 or labels[i - 1] != label)


def is_scoring(event: Mapping[str, Any]) -> bool:
    return bool(event.get("scored")) or event.get("type") in SCORING_TYPES


def count_scorings(events: Iterable[Mapping[str, Any]], finished: bool) -> int:
    """Scoring events, plus the final result of a finished game."""
    return sum(1 for e in events if is_scoring(e)) + int(finished)


def shows_picture(payload: Mapping[str, Any]) -> bool:
    """Whether a message payload shows a picture."""
    for attachment in payload.get("attachments") or []:
        kind = attachment.get("content_type") or ""
        name = str(attachment.get("filename") or "").lower()
        if kind.startswith("image/") or name.endswith((".png", ".jpg", ".jpeg", ".gif", ".webp")):
            return True
    for embed in payload.get("embeds") or []:
        if any((embed.get(key) or {}).get("url") for key in ("image", "thumbnail")):
            return True
    return _has_media(payload.get("components") or [])


def count_posts(kinds: Iterable[str]) -> int:
    """The channel posts among the saved kinds (`saving.seen_events`)."""
    return sum(1 for kind in kinds if kind == "channel-post")


def count_pictures(payloads: Iterable[Mapping[str, Any]]) -> int:
    """The messages that show a picture."""
    return sum(1 for payload in payloads if shows_picture(payload))


def _has_media(components: Any) -> bool:
    if isinstance(components, list):
        return any(_has_media(c) for c in components)
    if isinstance(components, dict):
        if components.get("type") in MEDIA_COMPONENTS:
            return True
        return any(_has_media(v) for v in components.values() if isinstance(v, dict | list))
    return False


def smallest_text(sizes_at_400: Iterable[float]) -> float | None:
    """The smallest size, or None when nothing was drawn."""
    return min(sizes_at_400, default=None)


def count_internals(texts: Iterable[str]) -> tuple[int, dict[str, list[str]]]:
    """The internals over every distinct text, and the texts that have some (with them)."""
    found = {text: internals_in(text) for text in set(texts) if text}
    found = {text: hits for text, hits in found.items() if hits}
    return sum(len(hits) for hits in found.values()), found


@dataclass(frozen=True)
class TourLine:
    """The counters of one game's tour."""

    game: str
    actions: int
    turns: int
    scorings: int
    posts: int
    pictures_at_end: int
    smallest_text: float | None
    internals: int

    def targets(self) -> list[tuple[str, bool]]:
        """Issue 15's targets: (name, met)."""
        t, k = self.turns, self.scorings
        small = self.smallest_text
        return [
            ("P≤T+K+3", self.posts <= t + k + 3),
            ("I≤K+2", self.pictures_at_end <= k + 2),
            ("S≥9", small is None or small >= 9),
            ("N=0", self.internals == 0),
        ]

    @property
    def ok(self) -> bool:
        return all(met for _, met in self.targets())

    def text(self) -> str:
        """`<game>: actions A, …, ids in labels N — P≤T+K+3 OK, …`."""
        small = "none" if self.smallest_text is None else f"{self.smallest_text:.1f}"
        marks = ", ".join(f"{name} {'OK' if met else 'FAIL'}" for name, met in self.targets())
        return (
            f"{self.game}: actions {self.actions}, turns {self.turns}, "
            f"scorings {self.scorings}, channel posts {self.posts}, "
            f"pictures in channel at end {self.pictures_at_end}, "
            f"smallest text at 400px {small} px, ids in labels {self.internals} — {marks}"
        )


def parse_line(text: str) -> TourLine:
    """A printed line read back (ValueError if it is not one)."""
    match = LINE.match(text)
    if match is None:
        raise ValueError(f"not a tour line: {text!r}")
    small = match["S"]
    return TourLine(
        match["game"],
        int(match["A"]),
        int(match["T"]),
        int(match["K"]),
        int(match["P"]),
        int(match["I"]),
        None if small == "none" else float(small),
        int(match["N"]),
    )
