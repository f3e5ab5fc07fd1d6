"""A pick split into parts the private panel offers one at a time (e.g. the New York card
game's purchase: first a yard slot one can afford, then the cards paying for it).

A presentation may override `pick_parts(pick, view, locale) -> PickParts | None`: the parts
of a pick in the seat's view, or None when the pick is shown whole. Parts are built from the
seat's own view and the pick only; the rules still decide what is legal.
"""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True)
class PickPart:
    """One part: its number (1–99), the label of the button choosing it, the words above its
    menus, its items and its suggested complete selections (best first)."""

    number: int
    label: str
    prompt: str
    items: tuple[int, ...]
    suggestions: tuple[tuple[int, ...], ...]


@dataclass(frozen=True)
class PickParts:
    """The parts of one pick, with the words above the buttons choosing one of them."""

    prompt: str
    parts: tuple[PickPart, ...]

    def part(self, number: int | None) -> PickPart | None:
        """The part with this number; the only part when there is one; else None."""
        if len(self.parts) == 1:
            return self.parts[0]
        return next((p for p in self.parts if p.number == number), None)
