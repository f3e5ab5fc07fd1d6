"""Any display name stays inside its place in every picture: emoji and wide glyphs the bundled
fonts lack, right-to-left script, 32 wide characters, markdown. Each picture of each game is
drawn (table, every hand, final sheet, scorings, seat pictures) at several points of a seeded
bot game; no text naming a player may leave the picture or run into another text."""

from __future__ import annotations

from collections.abc import Callable
from functools import cache
from typing import Any

import pytest
from PIL.Image import Image

from games import ENTRIES, GameEntry
from render import draw as pen_tools
from render.draw import DrawnText, isolated, recording_text

HARD_NAMES = {
    "wide latin": "W" * 32,
    "fullwidth": "Ｗ" * 32,
    "emoji": "😀🎲🃏👑🔥🎉" * 5 + "🎉🎉",
    "right to left": "مرحبا بالعالم يا أصدقاء اللعب ال",
    "cjk": "漢字" * 16,
    "markdown": "[gift](https://evil.example)```",
    "combining": "Z̷̢a̶l̵g̸o̴" * 3,
}
POINTS = (0, 6, 30)  # actions into the game at which it is drawn (and at its end)


@cache
def states(game_id: str) -> tuple[Any, ...]:
    """States of one seeded bot game at max players: at each of POINTS and at its end."""
    entry = next(e for e in ENTRIES if e.game_id == game_id)
    game = entry.rules
    state = game.new_game(game.info.max_players, game.info.default_options(), 11)
    found = [state]
    for step in range(5000):
        if not game.to_act(state):
            break
        seat = game.to_act(state)[0]
        state = game.apply(state, seat, game.bot_action(game.view(state, seat), step * 31 + 7))
        if step + 1 in POINTS:
            found.append(state)
    return (*found, state)


def pictures(entry: GameEntry, state: Any, names: list[str]) -> list[Callable[[], Any]]:
    """Every picture of the game at `state`, each as a call drawing it."""
    game, ui = entry.rules, entry.presentation
    public = game.view(state, None)
    events = public.get("events", [])
    drawn: list[Callable[[], Any]] = [
        lambda: ui.table_image(public, names, None, events),
        lambda: ui.final_image(public, names, None),
    ]
    for seat in range(len(names)):
        drawn.append(lambda seat=seat: ui.hand_image(game.view(state, seat), names, None))
        for command in entry.commands:
            drawn.append(lambda seat=seat, c=command: c.draw(public, seat, names, None))
    for event in events:
        if event.get("scored") and ui.draws_each_scoring:
            drawn.append(lambda event=event: ui.scoring_image(public, event, names, None))
    return drawn


def strays(drawn: list[DrawnText], name: str) -> list[str]:
    """The texts naming the player (by the name's first two characters) that leave their
    picture or run into another text of the same picture."""
    found = []
    for a in drawn:
        if name[:2] not in a.words:
            continue
        left, top, right, bottom = a.box
        if left < 0 or top < 0 or right > a.picture_width or bottom > a.picture_height:
            found.append(f"{a.words!r} leaves the picture: {a.box}")
        for b in drawn:
            x0, y0, x1, y1 = b.box
            if b is not a and left < x1 - 1 and x0 < right - 1 and top < y1 - 1 and y0 < bottom - 1:
                found.append(f"{a.words!r} {a.box} runs into {b.words!r} {b.box}")
    return found


@pytest.mark.parametrize("kind", sorted(HARD_NAMES))
@pytest.mark.parametrize("entry", ENTRIES, ids=lambda e: e.game_id)
def test_every_name_is_drawn_inside_its_place(entry: GameEntry, kind: str) -> None:
    name = HARD_NAMES[kind]
    players = entry.rules.info.max_players
    names = [isolated(name)] * players  # as the interface hands names to pictures
    problems = []
    for state in states(entry.game_id):
        for draw in pictures(entry, state, names):
            with recording_text() as drawn:
                picture = draw()  # a glyph the font lacks must not crash the drawing
            assert picture is None or isinstance(picture, Image)
            # one picture at a time: texts of sub-pictures (e.g. a card) have their own size
            by_picture: dict[tuple[int, int], list[DrawnText]] = {}
            for d in drawn:
                by_picture.setdefault((d.picture_width, d.picture_height), []).append(d)
            for texts in by_picture.values():
                problems += strays(texts, name)
    assert not problems, "\n".join(sorted(set(problems))[:10])


def test_a_right_to_left_name_is_isolated_so_the_words_around_it_keep_their_order() -> None:
    name = HARD_NAMES["right to left"]
    assert isolated(name) == f"\u2068{name}\u2069"
    assert isolated("Ann") == "Ann" and isolated("漢字") == "漢字"


def test_a_name_too_wide_for_its_place_is_drawn_smaller_before_it_is_cut() -> None:
    """With `min_size`, words a little too wide are drawn whole in a smaller size (never under
    `min_size`); only words too wide even at `min_size` are cut with an ellipsis."""
    _, pen = pen_tools.canvas(100, 600)
    room = pen_tools.width_of("Makkelijke bot 1", 19, True) - 10
    with recording_text() as drawn:
        pen_tools.text(
            pen, (10, 50), "Makkelijke bot 1", 19, bold=True, max_width=room, min_size=15
        )
        pen_tools.text(pen, (10, 80), "Makkelijke bot 1", 19, bold=True, max_width=room)
        pen_tools.text(pen, (10, 20), "W" * 32, 19, bold=True, max_width=room, min_size=15)
    shrunk, cut, long = drawn
    assert shrunk.words == "Makkelijke bot 1" and 15 <= shrunk.size < 19
    assert cut.words.endswith("…") and cut.size == 19
    assert long.words.endswith("…") and long.size == 15
