"""Typed rule errors. Each carries a translation key and parameters for a player-facing message.

- `MalformedAction`: the action text cannot be read at all (forged or corrupted input).
- `IllegalAction`: a well-formed action the rules do not allow now.
- `NotYourTurn`: the seat is not among those who must act.
- `GameOver`: the game has ended; nothing more can be played.
"""

from __future__ import annotations

from i18n import t


class RuleError(Exception):
    """An action refused by the rules. The state it was applied to is unchanged."""

    def __init__(self, key: str, **params: object) -> None:
        super().__init__(key)
        self.key = key
        self.params = params

    def message(self, locale: str | None = None) -> str:
        """The reason, in words fit to show the player."""
        return t(self.key, locale, **self.params)

    def __str__(self) -> str:
        return self.message()


class MalformedAction(RuleError):
    """The action could not be parsed."""


class IllegalAction(RuleError):
    """The action is well formed but not allowed in this state."""


class NotYourTurn(IllegalAction):
    """The seat does not have to act now."""


class GameOver(IllegalAction):
    """The game is over."""
