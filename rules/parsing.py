"""Reading the text form of actions: the checks every game's `parse` shares.

Every refusal is a `MalformedAction` (the text cannot be read at all); by default its key is
`error.malformed`.
"""

from __future__ import annotations

from rules.errors import MalformedAction

MAX_ACTION_LENGTH = 400
MAX_DIGITS = 4


def action_text(text: object, max_length: int = MAX_ACTION_LENGTH) -> str:
    """`text` itself when it is a string of at most `max_length` characters."""
    if not isinstance(text, str) or len(text) > max_length:
        raise MalformedAction("error.malformed")
    return text


def verb_and_rest(text: object) -> tuple[str, str]:
    """The first word of an action and the rest, both stripped (`"bid 1,2"` → `("bid", "1,2")`)."""
    verb, _, rest = action_text(text).strip().partition(" ")
    return verb, rest.strip()


def small_int(text: str) -> int:
    """A number of at most four ASCII digits (surrounding blanks allowed): ids, seats, slots."""
    text = text.strip()
    if not (text.isascii() and text.isdigit()) or len(text) > MAX_DIGITS:  # int() takes "²"
        raise MalformedAction("error.malformed")
    return int(text)


def small_ints(text: str, empty_key: str = "error.malformed") -> tuple[int, ...]:
    """A comma-separated list of `small_int`s; an empty list raises with `empty_key`."""
    if not text.strip():
        raise MalformedAction(empty_key)
    return tuple(small_int(part) for part in text.split(","))
