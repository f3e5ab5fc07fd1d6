"""The channel picture is drawn from the public view only: no hand or secret bid can leak."""

from __future__ import annotations

import copy
from typing import Any

import pytest

from games import rules_of
from render.money import hand_picture, table_picture
from rules.money.components import CARDS
from tests.render.samples import NAMES, PHASES, sample_states

GAME = rules_of("money")
SECRET_KEYS = {"hand", "bid"}


class RecordingView(dict):
    """A view that remembers which keys were read ("*" for any read of all its content)."""

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.read: set[str] = set()

    def __getitem__(self, key: str) -> Any:
        self.read.add(key)
        return super().__getitem__(key)

    def get(self, key: str, default: Any = None) -> Any:
        self.read.add(key)
        return super().get(key, default)

    def _all(self) -> None:
        self.read.add("*")

    def __iter__(self):  # type: ignore[no-untyped-def]
        self._all()
        return super().__iter__()

    def keys(self):  # type: ignore[no-untyped-def]
        self._all()
        return super().keys()

    def values(self):  # type: ignore[no-untyped-def]
        self._all()
        return super().values()

    def items(self):  # type: ignore[no-untyped-def]
        self._all()
        return super().items()


@pytest.mark.parametrize("phase", PHASES)
@pytest.mark.parametrize("players", [3, 5])
def test_table_picture_never_reads_secrets(players: int, phase: str) -> None:
    state = sample_states(players, 100 + players)[phase]
    view = RecordingView(GAME.view(state, None))
    table_picture(view, NAMES, None)
    assert view.read, "the picture must read the view"
    assert not view.read & (SECRET_KEYS | {"*"})


@pytest.mark.parametrize("seat", [0, 2])
def test_table_picture_refuses_a_seat_view(seat: int) -> None:
    state = sample_states(4, 104)["bid"]
    with pytest.raises(ValueError):
        table_picture(GAME.view(state, seat), NAMES, None)


def test_table_picture_refuses_a_public_view_carrying_a_hand() -> None:
    state = sample_states(4, 104)["exchange"]
    view = GAME.view(state, None)
    view["hand"] = GAME.view(state, 1)["hand"]
    with pytest.raises(ValueError):
        table_picture(view, NAMES, None)


def test_hand_picture_refuses_the_public_view() -> None:
    state = sample_states(4, 104)["bid"]
    with pytest.raises(ValueError):
        hand_picture(GAME.view(state, None), NAMES, None)


def _swap_hidden(state: dict[str, Any]) -> dict[str, Any]:
    """A copy where two seats swapped a card in hand (and, in the bid phase, a seat moved a card
    between its secret bid and its hand): only hidden information differs."""
    other = copy.deepcopy(state)
    hands = other["hands"]
    a, b = _two_seats_with_cards(hands)
    ca = next(c for c in hands[a] if CARDS[c].kind != "bluff")
    cb = next(c for c in hands[b] if CARDS[c].kind != "bluff")
    hands[a][hands[a].index(ca)], hands[b][hands[b].index(cb)] = cb, ca
    bids = other["bids"]
    for seat, bid in enumerate(bids):
        if bid and hands[seat]:
            bid[0], hands[seat][0] = hands[seat][0], bid[0]
            break
    assert other != state
    return other


def _two_seats_with_cards(hands: list[list[int]]) -> tuple[int, int]:
    seats = [s for s, h in enumerate(hands) if any(CARDS[c].kind != "bluff" for c in h)]
    return seats[0], seats[1]


@pytest.mark.parametrize("phase", ["bid", "exchange", "final"])
@pytest.mark.parametrize("players", [3, 4, 5])
def test_hidden_information_does_not_change_the_table_picture(players: int, phase: str) -> None:
    state = sample_states(players, 100 + players)[phase]
    other = _swap_hidden(state)
    assert GAME.view(state, None) == GAME.view(other, None)
    first = table_picture(GAME.view(state, None), NAMES, None)
    second = table_picture(GAME.view(other, None), NAMES, None)
    assert first.tobytes() == second.tobytes()
    seat_views_differ = any(GAME.view(state, s) != GAME.view(other, s) for s in range(players))
    assert seat_views_differ


def test_the_recorder_sees_a_picture_reading_the_hand() -> None:
    state = sample_states(4, 104)["bid"]
    view = RecordingView(GAME.view(state, 1))
    hand_picture(view, NAMES, None)
    assert "hand" in view.read
