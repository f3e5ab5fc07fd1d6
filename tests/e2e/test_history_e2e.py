"""The history commands end to end, the production bot on the loopback Discord (issue 19):
`/game log` and `/game replay` answer privately in the game's channel and turn their pages in
place, `/game export` is refused while the game runs, and `/mygames` answers with the member's
table and a link to its live board."""

from __future__ import annotations

from tests.e2e.test_money_e2e import people, table

__all__ = ["table"]  # the fixture


async def test_log_replay_export_and_mygames_through_discord(table) -> None:
    alice, bob, carol = people(table, "alice", "bob", "carol")
    await table.seat_players(alice, [bob, carol])
    for _ in range(4):
        await table.play_step()
    record = await table.record()

    log = await bob.slash(table.chan, "game log")
    assert log.ephemeral and f"table #{record.id}" in log.content
    assert "Hand 1 is dealt." in log.content and "<t:" in log.content

    replay = await bob.slash(table.chan, "game replay")
    assert replay.ephemeral and replay.original is not None
    assert len(replay.original.attachments) == 1
    assert f"move {len(await table.actions())} of" in replay.content
    first = await bob.press(replay.original, "⏮")
    assert first.response_type == 7  # the same message, now at the deal
    assert "the deal" in replay.original.content
    assert len(replay.original.attachments) == 1

    export = await bob.slash(table.chan, "game export")
    assert export.ephemeral and "once it has finished" in export.content
    assert not export.original.attachments

    mine = await bob.slash(table.chan, "mygames")  # in a DM: in-process (the bot's commands
    assert mine.ephemeral and f"table #{record.id}" in mine.content  # are synced to a server)
    board = table.board()
    guild = table.chan.guild.id
    assert f"https://discord.com/channels/{guild}/{table.chan.id}/{board.id}" in mine.content
