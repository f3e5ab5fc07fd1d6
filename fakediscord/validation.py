"""Turn jsonschema errors into precise problems and Discord's 50035 `errors` tree.

The spec models unions as `oneOf`/`anyOf` (components, command options, callback bodies), whose
generic message ("is not valid under any of the given schemas") hides the real cause. We pick
the branch whose discriminator (`type`) matched and report the error inside it.
"""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from typing import Any

from jsonschema import Draft202012Validator, ValidationError
from jsonschema.exceptions import best_match

PathPart = str | int


@dataclass(frozen=True)
class Problem:
    """One reason a request body is invalid: where, Discord's code and message, the schema's."""

    path: tuple[PathPart, ...]
    code: str
    message: str
    schema_message: str

    @property
    def where(self) -> str:
        """The dotted location, e.g. `components.0.components.0.label` (or `<body>`)."""
        return ".".join(str(p) for p in self.path) or "<body>"

    def __str__(self) -> str:
        return f"{self.where}: {self.message}"


def _short(value: Any, limit: int = 60) -> str:
    text = repr(value)
    return text if len(text) <= limit else text[: limit - 3] + "..."


def _schema_message(error: ValidationError) -> str:
    """jsonschema's own message, with the offending value abbreviated."""
    message = error.message.replace(repr(error.instance), _short(error.instance))
    return _short(message, 240) if len(message) > 240 else message


def _describe(error: ValidationError) -> tuple[str, str]:
    """Discord's error code and message for a leaf error (approximating Discord's wording)."""
    v, limit, instance = error.validator, error.validator_value, error.instance
    if v in ("maxLength", "maxItems"):
        return "BASE_TYPE_MAX_LENGTH", f"Must be {limit} or fewer in length (got {len(instance)})."
    if v in ("minLength", "minItems"):
        return "BASE_TYPE_MIN_LENGTH", f"Must be {limit} or more in length (got {len(instance)})."
    if v == "maxProperties":
        return "BASE_TYPE_MAX_LENGTH", f"Must have {limit} or fewer entries."
    if v == "maximum":
        return "NUMBER_TYPE_MAX", f"int value should be less than or equal to {limit}."
    if v == "minimum":
        return "NUMBER_TYPE_MIN", f"int value should be greater than or equal to {limit}."
    if v == "required":
        return "BASE_TYPE_REQUIRED", f"This field is required ({error.message})."
    if v in ("enum", "const"):
        return "BASE_TYPE_CHOICES", f"Value must be one of {limit!r} (got {_short(instance)})."
    if v == "type":
        return "BASE_TYPE_BAD_TYPE", f"Expected {limit}, got {_short(instance)}."
    if v == "pattern":
        return "BASE_TYPE_BAD_FORMAT", f"Value {_short(instance)} does not match {limit}."
    if v == "uniqueItems":
        return "BASE_TYPE_DUPLICATES", "Items must be unique."
    return "BASE_TYPE_INVALID", _short(error.message, 200)


def _misses_discriminator(branch_errors: Sequence[ValidationError]) -> bool:
    """Whether a union branch failed on its discriminator (so it is not the intended one)."""
    for error in branch_errors:
        where = list(error.relative_path)
        if error.validator in ("enum", "const") and where == ["type"]:
            return True
        if error.validator == "type" and not where:
            return True
    return False


def _leaves(error: ValidationError) -> list[ValidationError]:
    """The errors that explain `error`, descending into the intended branch of unions."""
    if error.validator not in ("oneOf", "anyOf") or not error.context:
        return [error]
    branches: dict[Any, list[ValidationError]] = defaultdict(list)
    for sub in error.context:
        branches[sub.relative_schema_path[0]].append(sub)
    intended = [errs for errs in branches.values() if not _misses_discriminator(errs)]
    if len(intended) == 1:
        return [leaf for sub in intended[0] for leaf in _leaves(sub)]
    best = best_match(error.context)
    return _leaves(best) if best is not None else [error]


def problems(validator: Draft202012Validator, instance: Any) -> list[Problem]:
    """Every problem of `instance` under `validator`, most specific first-level cause each."""
    found: list[Problem] = []
    for error in validator.iter_errors(instance):
        for leaf in _leaves(error):
            code, message = _describe(leaf)
            schema_message = _schema_message(leaf)
            found.append(Problem(tuple(leaf.absolute_path), code, message, schema_message))
    return found


def form_errors(found: Iterable[Problem]) -> dict[str, Any]:
    """Discord's nested `errors` object: `{"a": {"0": {"_errors": [{code, message}]}}}`."""
    tree: dict[str, Any] = {}
    for problem in found:
        node = tree
        for part in problem.path:
            node = node.setdefault(str(part), {})
        node.setdefault("_errors", []).append({"code": problem.code, "message": problem.message})
    return tree
