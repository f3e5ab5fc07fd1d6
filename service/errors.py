"""Refusals of the table service, each with a translation key for a player-facing message.

A click on a component is refused with a typed error, so the Discord layer can word a refusal
for where the click came from (`OtherSeat` reads differently in a DM) without checking again."""

from __future__ import annotations

from i18n import TranslatedError


class TableError(TranslatedError):
    """A request the table refuses (not seated, no game here, full lobby, stale board, ...)."""


class WrongChannel(TableError):
    """A component of one channel's game was used in another channel."""

    def __init__(self) -> None:
        super().__init__("error.wrong_channel")


class NotSeated(TableError):
    """The member plays no seat of this game."""

    def __init__(self) -> None:
        super().__init__("error.not_seated")


class OtherSeat(TableError):
    """The member is seated, but the component belongs to another seat."""

    def __init__(self) -> None:
        super().__init__("error.not_your_turn")


class Stale(TableError):
    """The board has changed: the component belongs to an earlier decision, or the request
    kept losing the race with other saves."""

    def __init__(self) -> None:
        super().__init__("error.stale")


class NeedsConsent(TableError):
    """The seat is held by a member who is present and whose turn deadline has not passed: it
    changes hands only if they agree (the Discord layer asks them, `Seats.consent` acts)."""

    def __init__(self, seat: int, holder: int) -> None:
        super().__init__("seat.consent_needed")
        self.seat = seat
        self.holder = holder
