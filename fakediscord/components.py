"""Finding what a user clicks: buttons by label, selects by placeholder, modal inputs by label."""

from __future__ import annotations

from typing import Any

from .extra_checks import walk_components

BUTTON, STRING_SELECT, TEXT_INPUT, USER_SELECT = 2, 3, 4, 5
ROLE_SELECT, MENTIONABLE_SELECT, CHANNEL_SELECT, LABEL = 6, 7, 8, 18
SELECTS = {STRING_SELECT, USER_SELECT, ROLE_SELECT, MENTIONABLE_SELECT, CHANNEL_SELECT}
LINK, PREMIUM = 5, 6


class ComponentNotFound(AssertionError):
    """The message has no such component (or it cannot be used)."""


def leaves(components: list[dict[str, Any]]) -> list[dict[str, Any]]:
    """Every component of a tree, depth first."""
    return [c for _, c in walk_components(components, ())]


def find_button(components: list[dict[str, Any]], name: str) -> dict[str, Any]:
    """The enabled interactive button whose label (or else custom_id) is `name`."""
    buttons = [c for c in leaves(components) if c.get("type") == BUTTON]
    found = [b for b in buttons if b.get("label") == name] or [
        b for b in buttons if b.get("custom_id") == name
    ]
    if not found:
        labels = [b.get("label") or b.get("custom_id") for b in buttons]
        raise ComponentNotFound(f"no button {name!r}; buttons: {labels}")
    if len(found) > 1:
        raise ComponentNotFound(f"{len(found)} buttons are labelled {name!r}; use the custom_id")
    button = found[0]
    if button.get("disabled"):
        raise ComponentNotFound(f"button {name!r} is disabled")
    if button.get("style") in (LINK, PREMIUM):
        raise ComponentNotFound(f"button {name!r} is a link/premium button: no interaction")
    return button


def find_select(components: list[dict[str, Any]], name: str | None) -> dict[str, Any]:
    """The select whose placeholder (or custom_id) is `name`; the only one if `name` is None."""
    selects = [c for c in leaves(components) if c.get("type") in SELECTS]
    if name is None:
        found = selects
    else:
        found = [s for s in selects if s.get("placeholder") == name] or [
            s for s in selects if s.get("custom_id") == name
        ]
    if len(found) != 1:
        names = [s.get("placeholder") or s.get("custom_id") for s in selects]
        raise ComponentNotFound(f"select {name!r} matches {len(found)} of {names}")
    if found[0].get("disabled"):
        raise ComponentNotFound(f"select {name!r} is disabled")
    return found[0]


def option_values(select: dict[str, Any], labels: list[str]) -> list[str]:
    """The values of a string select's options chosen by their visible labels."""
    by_label = {o["label"]: o["value"] for o in select.get("options") or []}
    missing = [label for label in labels if label not in by_label]
    if missing:
        raise ComponentNotFound(f"options {missing} not offered; offered: {list(by_label)}")
    low = select.get("min_values", 1)
    high = select.get("max_values", 1)
    low = 1 if low is None else low
    high = 1 if high is None else high
    if not low <= len(labels) <= high:
        raise ComponentNotFound(f"choose between {low} and {high} options, not {len(labels)}")
    return [by_label[label] for label in labels]


def modal_submission(modal: dict[str, Any], values: dict[str, Any]) -> list[dict[str, Any]]:
    """The `data.components` of a MODAL_SUBMIT: text inputs (and selects) keyed by label/id."""
    remaining = dict(values)
    submitted = []
    for row in modal.get("components") or []:
        if row.get("type") == LABEL and isinstance(row.get("component"), dict):
            inner = _submit_input(row["component"], row.get("label"), remaining)
            submitted.append({"type": LABEL, "id": row.get("id"), "component": inner})
        elif row.get("type") == 1:
            inner_rows = [_submit_input(c, c.get("label"), remaining) for c in row["components"]]
            submitted.append({"type": 1, "id": row.get("id"), "components": inner_rows})
    if remaining:
        raise ComponentNotFound(f"the modal has no inputs {list(remaining)}")
    return submitted


def _submit_input(
    component: dict[str, Any], label: str | None, remaining: dict[str, Any]
) -> dict[str, Any]:
    custom_id = component.get("custom_id")
    key = label if label in remaining else custom_id
    given = remaining.pop(key, None) if key is not None else None
    if component.get("type") == TEXT_INPUT:
        value = "" if given is None else str(given)
        if component.get("required", True) and not value:
            raise ComponentNotFound(f"text input {label or custom_id!r} is required")
        limit = component.get("max_length")
        if limit is not None and len(value) > limit:
            raise ComponentNotFound(f"text input {label or custom_id!r} allows {limit} chars")
        return {
            "type": TEXT_INPUT,
            "id": component.get("id"),
            "custom_id": custom_id,
            "value": value,
        }
    chosen = [] if given is None else list(given)
    if component.get("type") == STRING_SELECT:
        chosen = option_values(component, chosen) if chosen else []
    return {
        "type": component.get("type"),
        "id": component.get("id"),
        "custom_id": custom_id,
        "values": chosen,
    }
