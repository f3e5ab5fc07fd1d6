"""The timer loop tells a deserted game's channel what happens (in process, over the real
service and store): the board of the deadline that left bots in every seat says the game waits,
a day later its absent players are mentioned with `/game rejoin`, and when the time is up the
live board becomes the game's text, saying it is abandoned."""

from __future__ import annotations

from cogs.timers import TimerLoop
from db.store import Store
from fakediscord.inprocess import FakeBot
from service.tables import TableService
from tests.helpers.clock import FakeClock

ANN, BEN, CAS = 100, 101, 102


async def test_the_channel_hears_a_deserted_game_wait_remind_and_end(store: Store) -> None:
    clock = FakeClock()
    tables = TableService(store, new_seed=iter(range(5, 99)).__next__, clock=clock)
    bot = FakeBot(store, tables)
    loop = TimerLoop(bot)  # type: ignore[arg-type]
    record = await tables.lobby.open(
        guild_id=1, channel_id=7, game_id="money", host_id=ANN, host_name="Ann"
    )
    await tables.lobby.join(record.id, BEN, "Ben")
    await tables.lobby.join(record.id, CAS, "Cas")
    await tables.deadlines.configure(record.id, ANN, manager=False, deadline_hours=2, auto_moves=1)
    await tables.lobby.start(record.id, ANN)
    await loop.run_once()

    clock.advance(hours=2)
    await tables.deadlines.beat()  # the loop was up all along
    await loop.run_once()
    texts = [s.content or "" for s in bot.in_channel(7)]
    assert any("the game waits for its players" in t and "within 72 h" in t for t in texts)

    clock.advance(hours=24)
    await tables.deadlines.beat()
    sent = len(bot.sent)
    await loop.run_once()
    (reminder,) = bot.sent[sent:]
    assert reminder.content is not None and reminder.content.startswith(
        f"⏰ <@{ANN}>, <@{BEN}>, <@{CAS}>:"
    )
    assert "`/game rejoin` takes your seat back" in reminder.content
    mentioned = reminder.kwargs["allowed_mentions"].users
    assert {u.id for u in mentioned} == {ANN, BEN, CAS}

    clock.advance(hours=48)
    await tables.deadlines.beat()
    await loop.run_once()
    last = bot.in_channel(7)[-1]  # the live board becomes the game's last word
    assert last.op == "edit" and last.message is not None and not last.message.attachments
    text = last.content or ""
    assert "Nobody came back within 72 h" in text and "This game was aborted." in text
    assert (await tables.game(record.id)).status == "aborted"
