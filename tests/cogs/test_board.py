"""The Discord messages built from a game: public boards use the public view only, and every
component fits Discord's limits (custom_id ≤ 100, label ≤ 80, ≤ 25 options, ≤ 5 rows)."""

from __future__ import annotations

import re
from pathlib import Path

import discord
import pytest

from db.store import Store
from games import presentation, rules_of
from interface import messages as boards
from interface.components import ALL_ITEMS
from service.tables import TableService

GAME = rules_of("money")


async def played_records(
    tmp_path: Path, players: int, seed: int, max_steps: int = 400, game_id: str = "money"
):
    """Steps of one game, one per member move (seat 0 is the member, the rest bots)."""
    game = rules_of(game_id)
    store = await Store.open(str(tmp_path / "b.db"))
    tables = TableService(store, new_seed=lambda: seed)
    record = await tables.lobby.open(
        guild_id=1, channel_id=5, game_id=game_id, host_id=10, host_name="Ann"
    )
    for _ in range(players - 1):
        record = await tables.lobby.add_bot(record.id, 10)
    step = await tables.lobby.start(record.id, 10)
    steps = [step]
    for n in range(max_steps):
        record = step.record
        if record.status != "running":
            break
        action = game.bot_action(game.view(record.state, 0), n)
        step = await tables.play.move(record.id, 10, action, since=record.waiting[0])
        steps.append(step)
    await store.close()
    return steps


def check_limits(view: discord.ui.View | None) -> None:
    if view is None:
        return
    payload = view.to_components()
    assert len(payload) <= 5
    for row in payload:
        assert len(row["components"]) <= 5
        for comp in row["components"]:
            assert len(comp["custom_id"]) <= 100
            assert any(
                re.fullmatch(item.__discord_ui_compiled_template__, comp["custom_id"])
                for item in ALL_ITEMS
            )
            if comp["type"] == 2:
                assert 1 <= len(comp["label"]) <= 80
            if comp["type"] == 3:
                assert 1 <= len(comp["options"]) <= 25
                assert all(len(o["label"]) <= 100 for o in comp["options"])


@pytest.mark.parametrize("players", [3, 5])
async def test_board_is_built_from_the_public_view_only(
    tmp_path: Path, players: int, monkeypatch
) -> None:
    steps = await played_records(tmp_path, players, seed=players)
    asked: list[int | None] = []
    original = type(GAME).view

    def recording_view(self, state, seat):
        asked.append(seat)
        return original(self, state, seat)

    monkeypatch.setattr(type(GAME), "view", recording_view)
    for step in steps[:40]:
        out = boards.board(step.record, "en", step.events, step.newly_waiting)
        check_limits(out.view)
        assert len(out.content) <= 2000
    assert asked and set(asked) == {None}


async def test_hand_panel_shows_own_hand_and_fits_limits(tmp_path: Path) -> None:
    steps = await played_records(tmp_path, 4, seed=11)
    for step in steps[:60]:
        record = step.record
        if record.status != "running":
            continue
        out = boards.hand_panel(record, 0, "en")
        check_limits(out.view)
        if 0 in record.waiting and record.state["phase"] == "bid":
            selects = [c.item for c in out.view.children if isinstance(c.item, discord.ui.Select)]
            offered = {int(o.value) for s in selects for o in s.options}
            assert offered == set(record.state["hands"][0])


async def test_exchange_board_offers_each_legal_move_as_a_button(tmp_path: Path) -> None:
    steps = await played_records(tmp_path, 3, seed=5)
    seen = 0
    for step in steps:
        record = step.record
        if (
            record.status == "running"
            and record.state["phase"] == "exchange"
            and 0 in record.waiting
        ):
            out = boards.board(record, "en")
            ids = {
                c.item.custom_id for c in out.view.children if isinstance(c.item, discord.ui.Button)
            }
            moves = GAME.choices(record.state, 0).moves
            for move in moves:
                assert f"tv:mv:{record.id}:0:{record.waiting[0]}:{move}" in ids
            seen += 1
    assert seen > 3


def test_pick_items_are_split_into_menus_of_25() -> None:
    from interface.pick_panel import item_menus

    menus = item_menus(presentation("money"), range(1, 70))
    assert all(len(m) <= 25 for m in menus)
    assert sorted(i for m in menus for i in m) == list(range(1, 70))


async def test_each_scoring_post_gets_its_own_picture_when_bots_move_after_it(
    tmp_path: Path,
) -> None:
    """One member and three bots: a step holds the member's move, a scoring, then the bots'
    moves, so the final view's events no longer name the scoring. Each post still gets the
    picture of its own scoring, drawn from its public event."""
    steps = await played_records(tmp_path, 4, seed=1, game_id="nycards")
    nycards, ui = rules_of("nycards"), presentation("nycards")
    hidden_by_bots = []
    for step in steps:
        scored = [e for e in step.events if e.get("scored")]
        posts = boards.scoring_posts(step.record, step.events, "en")
        assert len(posts) == len(scored)
        public = nycards.view(step.record.state, None)
        for post, event in zip(posts, scored, strict=True):
            assert post.content.startswith(f"**Scoring {event['scoring']}**")
            ((picture, name),) = post.images
            own = ui.scoring_image(public, event, step.record.names(), "en")
            assert name == "scoring.png" and picture().tobytes() == own.tobytes()
            if event not in step.record.state["events"]:
                hidden_by_bots.append(event["scoring"])
    assert hidden_by_bots == ["A", "B"], "bots moved after scorings A and B"


async def test_two_scorings_in_one_step_get_a_picture_each(tmp_path: Path) -> None:
    steps = await played_records(tmp_path, 4, seed=1, game_id="nycards")
    events = [e for step in steps for e in step.events if e.get("scored") and e["scoring"] < "C"]
    record = next(s.record for s in steps if s.record.state["scorings"][1:])  # after B
    posts = boards.scoring_posts(record, events, "en")
    pictures = [post.images[0][0]().tobytes() for post in posts]
    assert [p.content[:12] for p in posts] == ["**Scoring A*", "**Scoring B*"]
    assert pictures[0] != pictures[1], "each post shows its own scoring"
