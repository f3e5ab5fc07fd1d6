"""`/game replace`'s seat option lists the players by name: players never type or read a seat
number (the choice's hidden value is the 1-based seat)."""

from __future__ import annotations

from db.records import GameRecord, Seat
from interface.names import seat_choices


def record_with(*names: str) -> GameRecord:
    seats = tuple(Seat(i + 1, name) for i, name in enumerate(names))
    return GameRecord(
        id=1, guild_id=1, channel_id=1, game="money", status="running", host_id=1,
        seats=seats, options={}, seed=1, state={}, waiting={}, version=1,
        created_at="", updated_at="",
    )  # fmt: skip


def test_every_player_is_offered_by_name_with_their_seat_as_the_hidden_value() -> None:
    choices = seat_choices(record_with("Anna", "Bo", "Cas"), "")
    assert [(c.name, c.value) for c in choices] == [("Anna", 1), ("Bo", 2), ("Cas", 3)]


def test_typing_part_of_a_name_narrows_the_list() -> None:
    choices = seat_choices(record_with("Anna", "Bo", "Hannah"), "ann")
    assert [c.name for c in choices] == ["Anna", "Hannah"]


def test_a_typed_number_still_lists_every_player() -> None:
    assert len(seat_choices(record_with("Anna", "Bo"), "2")) == 2
