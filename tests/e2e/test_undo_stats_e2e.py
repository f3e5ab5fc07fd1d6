"""Undo, `/stats` and `/leaderboard` through the loopback Discord (issue 19): a bid taken back
with the Undo button of the refreshed panel (the channel is told, the bid is gone, the panel
shows the choices again in place, the member bids again); Undo pressed twice at once (one
wins), `/game undo` by someone with no move, and an undo after another seat acted are refused
with their reason and change nothing; after a finished game
`/stats` answers privately with a picture card (its words as alt text) and `/leaderboard` in
words, both without internals, and `/game export`
attaches a file `scripts/replay.py` checks."""

from __future__ import annotations

import asyncio
import json
from collections.abc import AsyncIterator

import pytest_asyncio

from fakediscord import FakeDiscord
from i18n import t
from scripts.replay import main as replay_main
from tests.e2e.table import MoneyTable, bid_cards, button_labels, running_table
from tests.helpers.internals import internals_in

UNDO = t("undo.button")


@pytest_asyncio.fixture
async def table(fake_discord: FakeDiscord, tmp_path) -> AsyncIterator[MoneyTable]:
    async with running_table(fake_discord, tmp_path / "tavolo.db", MoneyTable) as tavolo:
        yield tavolo


async def test_a_bid_taken_back_with_the_undo_button_and_refusals(table):
    alice, bob, carol = (table.fake.add_user(name) for name in ("alice", "bob", "carol"))
    await table.seat_players(alice, [bob, carol])
    seat = table.seat_of(alice)
    panel = await table.open_panel(alice, "board")
    await table.bid(seat, bid_cards(await table.decide(seat)), panel=panel)
    panel = table.fake.world.messages[panel.id]
    assert UNDO in button_labels(panel), button_labels(panel)
    moved = await table.record()
    assert moved.state["bids"][seat] is not None

    # pressed twice at once (a double tap): one takes the bid back, the other is refused
    pressed = await asyncio.gather(alice.press(panel, UNDO), alice.press(panel, UNDO))
    answers = [
        [m.content for m in [r.original, *r.followups] if m is not None and m.id != panel.id]
        for r in pressed
    ]
    assert sorted(answers) == [[], [t("undo.already")]], answers  # no new message but that
    after = await table.record()
    assert after.state["bids"][seat] is None and seat in after.waiting
    assert "took back their last move" in table.board().content, table.board().content
    assert [a.kind for a in await table.bot.store.log(after.id)][-2:] == ["move", "undo"]
    assert [a.kind for a in await table.bot.store.log(after.id)].count("undo") == 1
    # the panel itself shows the seat's choices again, without the Undo button (no new post)
    panel = table.fake.world.messages[panel.id]
    assert panel.content.startswith(t("undo.done")), panel.content
    assert UNDO not in button_labels(panel) and button_labels(panel), button_labels(panel)
    assert (await table.record()).version == after.version

    nobody = await bob.slash(table.chan, "game undo")
    assert nobody.ephemeral and nobody.content == t("undo.not_yours"), nobody.content

    await table.bid(seat, bid_cards(await table.decide(seat)))
    other = table.seat_of(bob)
    await table.bid(other, bid_cards(await table.decide(other)))
    late = await alice.slash(table.chan, "game undo")
    assert late.content == t("undo.someone_acted"), late.content
    assert (await table.record()).state["bids"][seat] is not None


async def test_stats_leaderboard_and_export_after_a_finished_game(table, tmp_path, capsys):
    alice, bob = (table.fake.add_user(name) for name in ("alice", "bob"))
    await table.seat_players(alice, [bob], bots=1)
    await table.play_to_end()
    export = await bob.slash(table.chan, "game export")
    assert export.ephemeral and len(export.original.attachments) == 1, export.content
    document = json.loads(export.original.attachments[0].data)
    assert str(alice.id) not in json.dumps(document)  # names, no user ids
    path = tmp_path / "export.json"
    path.write_bytes(export.original.attachments[0].data)
    assert replay_main([str(path)]) == 0  # scripts/replay.py checks it with the rules alone
    assert "alice" in capsys.readouterr().out
    stats = await alice.slash(table.chan, "stats")
    assert stats.ephemeral and stats.content == t("stats.title", player="alice"), stats.content
    (card,) = stats.original.attachments  # the card, its words as the picture's alt text
    assert card.filename == "stats.png" and card.payload()["width"] == 1100
    assert "1 played" in card.description and "Money" in card.description, card.description
    assert internals_in(card.description) == [], card.description
    of_bob = await alice.slash(table.chan, "stats", member=bob, game="money")
    (card,) = of_bob.original.attachments
    assert "1 played" in card.description and "Rating" in card.description, card.description
    board = await bob.slash(table.chan, "leaderboard", game="money")
    assert board.ephemeral and board.content.count("\n") >= 3, board.content
    assert f"<@{alice.id}>" in board.content
    assert t("leaderboard.bot", level=t("bot.level.standard")) in board.content
    assert "provisional" in board.content
    assert internals_in(board.content) == [], board.content
    empty = await bob.slash(table.chan, "leaderboard", game="palazzo")
    assert empty.content == t("leaderboard.empty", game="Palazzo"), empty.content


async def test_a_member_who_hides_their_statistics_is_left_out(table):
    alice, bob = (table.fake.add_user(name) for name in ("alice", "bob"))
    await table.seat_players(alice, [bob], bots=1)
    await table.play_to_end()
    hide = await bob.slash(table.chan, "settings", stats="off")
    assert t("settings.stats_off") in hide.content, hide.content
    of_bob = await alice.slash(table.chan, "stats", member=bob)
    assert of_bob.content == t("stats.hidden", player="bob"), of_bob.content
    board = await alice.slash(table.chan, "leaderboard", game="money")
    assert f"<@{bob.id}>" not in board.content and f"<@{alice.id}>" in board.content
    own = await bob.slash(table.chan, "stats")
    (card,) = own.original.attachments  # a member still sees their own
    assert "1 played" in card.description, card.description
