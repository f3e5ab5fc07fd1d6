"""The production bot on PostgreSQL (`TAVOLO_DATABASE_URL=postgresql://…`), through the
loopback Discord: three members play a one-hand Money match through buttons and menus, the bot
is restarted in the middle, and the match ends with every move in the log, as on SQLite."""

from __future__ import annotations

from fakediscord import FakeDiscord
from tests.e2e.table import MoneyTable, running_table
from tests.helpers.postgres import PostgresServer


async def test_a_match_is_played_on_postgresql_across_a_restart(
    fake_discord: FakeDiscord, postgres_server: PostgresServer
) -> None:
    url = await postgres_server.clean_database()
    async with running_table(fake_discord, url, MoneyTable) as table:  # a URL for the path
        alice, bob, carol = (table.fake.add_user(n) for n in ("alice", "bob", "carol"))
        record = await table.seat_players(alice, [bob, carol])
        assert table.bot.store.dialect_name == "postgres"
        await table.play_step()
        await table.restart()
        final = await table.play_to_end()
        assert final.status == "finished" and final.state["results"]
        log = await table.actions()
        assert {a.user_id for a in log} == {alice.id, bob.id, carol.id}
        assert all(a.user_id == record.seats[a.seat].user_id for a in log)
        assert [a.version for a in log] == sorted({a.version for a in log})
        assert not table.fake.failures
