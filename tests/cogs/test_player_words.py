"""No text a player reads holds an internal: on many states of seeded games of every game, every
button label, menu option and placeholder of the board and of each seat's private panel (whole,
and opened on each pick and its parts), the posts' text (event lines, status and result lines,
scoring posts), every event in words, the `/move` suggestions, the rules text and the result
lines are free of ids, seat indices, action syntax and abbreviations
(`tests.helpers.internals`). Labels fit each game: "bid" only where there are bids."""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import replace
from typing import Any

import discord
import pytest

from games import presentation, rules_of
from interface import messages as boards
from interface.move_entries import suggestions
from rules.contract import State
from tests.cogs.test_move_menus import record_of
from tests.helpers.internals import internals_in
from tests.helpers.playout import bot_action, play, random_action

GAMES = ("money", "palazzo", "nycards", "newyork")


def component_words(view: discord.ui.View | None) -> Iterator[str]:
    """Every label, placeholder and option label of a message's components."""
    if view is None:
        return
    for row in view.to_components():
        for comp in row["components"]:
            for key in ("label", "placeholder"):
                if comp.get(key):
                    yield comp[key]
            for option in comp.get("options", []):
                yield option["label"]


def message_words(out: boards.Outgoing) -> Iterator[str]:
    yield from out.content.split("\n")
    yield from component_words(out.view)


def finished(record: Any) -> Any:
    """The record of a game that is over."""
    return replace(record, status="finished", waiting={})


def words_of_state(game_id: str, state: State) -> Iterator[tuple[str, str]]:
    """(where, text) of everything a player reads at this state."""
    game, ui = rules_of(game_id), presentation(game_id)
    over = game.outcome(state) is not None
    record = record_of(game_id, state)
    if over:
        record = finished(record)
    names = record.names()
    public = game.view(state, None)
    events = public.get("events", [])
    for text in message_words(boards.board(record, "en", events)):
        yield "board", text
    for post in boards.scoring_posts(record, events, "en"):
        yield "scoring post", post.content
    for event in events:
        yield "event", game.describe(event, names, "en")
    if over:
        for line in ui.result_lines(public, names, "en"):
            yield "result", line
        return
    for seat in game.to_act(state):
        for text in message_words(boards.hand_panel(record, seat, "en")):
            yield "panel", text
        for pick in game.choices(state, seat).picks:
            for part in range(4):
                opened = boards.hand_panel(record, seat, "en", opened=(pick.kind, part))
                for text in message_words(opened):
                    yield f"{pick.kind} panel", text
        for label, _value in suggestions(record, seat, "", "en"):
            yield "/move suggestion", label


def states(game_id: str, every: int) -> list[State]:
    game = rules_of(game_id)
    found: list[State] = []
    for players in sorted({max(2, game.info.min_players), 3}):
        for seed, mover in ((3, bot_action), (4, random_action)):
            kept: list[State] = []

            def keep(_g: Any, _b: State, after: State, _s: int, _a: str) -> None:
                kept.append(after)  # noqa: B023 (the list of this playout)

            play(game, players, seed, mover, check=keep)
            found += [s for i, s in enumerate(kept) if i % every == 0] + kept[-1:]
    return found


@pytest.mark.parametrize("game_id", GAMES)
def test_no_player_facing_text_holds_an_id_seat_index_or_action_syntax(game_id: str) -> None:
    ui = presentation(game_id)
    seen: dict[str, int] = {}
    found: list[tuple[str, str, list[str]]] = []
    for where, text in [
        ("rules", ui.rules_text("en")),
        ("hand button", ui.hand_button_label("en")),
    ]:
        if hits := internals_in(text):
            found.append((where, text, hits))
    for state in states(game_id, every=6):
        for where, text in words_of_state(game_id, state):
            seen[where] = seen.get(where, 0) + 1
            if hits := internals_in(text):
                found.append((where, text, hits))
    assert not found, found[:5]
    for where in ("board", "panel", "event", "result", "/move suggestion"):
        assert seen.get(where), f"{game_id}: nothing of {where} was checked"


@pytest.mark.parametrize("game_id", GAMES)
def test_the_hand_button_names_a_bid_only_in_a_game_with_bids(game_id: str) -> None:
    label = presentation(game_id).hand_button_label("en")
    assert ("bid" in label.lower()) == (game_id == "money"), label


def test_equal_cards_are_one_choice_in_a_menu_and_choosing_it_takes_any_copy() -> None:
    """Palazzo's shown money with two equal cards: "certificate 2" is offered once (and
    "2 × certificate 2" for both), never as two identical options."""
    for state in states("palazzo", every=1):
        record = record_of("palazzo", state)
        game = rules_of("palazzo")
        for seat in game.to_act(state):
            for out in [boards.hand_panel(record, seat, "en")]:
                if out.view is None:
                    continue
                for row in out.view.to_components():
                    for comp in row["components"]:
                        labels = [o["label"] for o in comp.get("options", [])]
                        assert len(labels) == len(set(labels)), labels
                        if any(label.startswith("2 × ") for label in labels):
                            return
    raise AssertionError("no menu with two equal cards came up")
