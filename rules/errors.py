"""Typed rule errors. Each carries a translation key and parameters for a player-facing message.

- `MalformedAction`: the action text cannot be read at all (forged or corrupted input).
- `IllegalAction`: a well-formed action the rules do not allow now.
- `NotYourTurn`: the seat is not among those who must act.
- `GameOver`: the game has ended; nothing more can be played.
"""

from __future__ import annotations

from i18n import TranslatedError


class RuleError(TranslatedError):
    """An action refused by the rules. The state it was applied to is unchanged."""


class MalformedAction(RuleError):
    """The action could not be parsed."""


class IllegalAction(RuleError):
    """The action is well formed but not allowed in this state."""


class NotYourTurn(IllegalAction):
    """The seat does not have to act now."""


class GameOver(IllegalAction):
    """The game is over."""
