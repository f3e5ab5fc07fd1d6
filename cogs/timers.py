"""The timer loop: every TAVOLO_TIMER_SECONDS, write the bot's heartbeat (after an outage, which
holds every turn clock for as long, before anything is checked), ask the timer service what is
due (it commits reminders and deadline moves in the store) and only then tell Discord: a
reminder as each player asked (`/settings`), a deadline's move as a new board like after any
move, a reminder to come back to a game bots hold alone as a mention of its absent players, its
abandonment as a last board. The first check runs as soon as the bot is ready. When several
processes share the database (TAVOLO_SHARDS), each check works only on the games it claims
(`service/shards.py`): its own shards' and those of shards no live process holds."""

from __future__ import annotations

import asyncio
import contextlib
import logging
from typing import TYPE_CHECKING

import discord
from discord.ext import commands

from db.errors import DatabaseUnavailable
from db.records import GameRecord
from games import rules_of
from i18n import t
from interface.delivery import (
    deliver_change,
    deliver_everything,
    end_without_channel,
    game_lock,
)
from interface.failures import DISCORD_FAILURES, channel_unknown
from interface.hand_dms import dm_hand, turn_notices
from interface.replies import game_locale, member_locale, relative_time
from service.deadlines import Absent, Reminder, Tick
from service.timing import MAX_REMINDERS, offline_tolerance, wants_dm, wants_mention

if TYPE_CHECKING:
    from bot import TavoloBot

log = logging.getLogger("tavolo.timers")


class TimerLoop(commands.Cog):
    """Runs the timers in the background while the bot is up."""

    def __init__(self, bot: TavoloBot) -> None:
        self.bot = bot
        self._lock = asyncio.Lock()
        self._task: asyncio.Task[None] | None = None
        self._outage = False  # the last check found the database unreachable

    async def cog_load(self) -> None:
        self._task = asyncio.create_task(self._loop(), name="tavolo-timers")

    async def cog_unload(self) -> None:
        if self._task is not None:
            self._task.cancel()
            with contextlib.suppress(asyncio.CancelledError):
                await self._task

    async def _loop(self) -> None:
        await self.bot.wait_until_ready()
        while True:
            await self.check()
            await asyncio.sleep(self.bot.settings.timer_seconds)

    async def check(self) -> None:
        """One check, never raising: a failure is logged with its traceback; the database
        being unreachable is logged once when it starts and once when it ends (not a traceback
        every check of an outage)."""
        try:
            await self.run_once()
        except DatabaseUnavailable:
            if not self._outage:
                log.warning("the database is unreachable: timers wait until it is back")
            self._outage = True
            return
        except Exception:
            log.exception("the timer check failed")
        if self._outage:
            log.warning("the database is back: timers run again")
        self._outage = False

    async def run_once(self) -> Tick:
        """One check: the heartbeat (holding the clocks after an outage), do what is due now
        (committed), then deliver it. One check at a time."""
        async with self._lock:
            deadlines, work = self.bot.tables.deadlines, self.bot.tables.work
            await deadlines.keep_alive(offline_tolerance(self.bot.settings.timer_seconds))
            tick = await deadlines.tick(claim=work.claim if work is not None else None)
            try:
                for change in tick.changes:
                    await deliver_change(self.bot, change)
                for reminder in tick.reminders:
                    await self.remind(reminder)
                for absent in tick.absent:
                    await self.remind_absent(absent)
            finally:
                if work is not None:  # several processes: the games claimed go back
                    await work.release_games(tick.claimed)
            await deadlines.beat()
            await deliver_everything(self.bot)  # what failed before, or a crash left behind
            if work is not None:  # members may have chosen a language through another process
                chosen = await self.bot.store.user_languages()
                self.bot.languages.chosen.clear()
                self.bot.languages.chosen.update(chosen)
            return tick

    async def remind_absent(self, absent: Absent) -> None:
        """Mention the absent players of a game bots hold alone in its channel: `/game rejoin`
        takes their seat back before the game is abandoned."""
        record = absent.record
        locale = game_locale(record)
        text = t(
            "timer.rejoin",
            locale,
            users=", ".join(f"<@{u}>" for u in absent.user_ids),
            game=t(rules_of(record.game).info.name_key, locale),
            number=record.id,
            when=relative_time(absent.abandon_at),
        )
        await self._post(record, text, absent.user_ids)

    async def _post(self, record: GameRecord, text: str, users: list[int]) -> None:
        """Post `text` in the game's channel, notifying `users` only; a deleted channel ends
        its game."""
        try:
            await self.bot.get_partial_messageable(record.channel_id).send(
                text,
                allowed_mentions=discord.AllowedMentions(
                    everyone=False, roles=False, users=[discord.Object(u) for u in users]
                ),
            )
        except DISCORD_FAILURES as exc:
            if channel_unknown(exc):  # the channel was deleted: its game ends
                await end_without_channel(self.bot, record.channel_id)
            else:
                log.warning("could not send a reminder in game %s", record.id)

    async def remind(self, reminder: Reminder) -> None:
        """A reminder in the channel (a mention), by DM (a new hand DM), or both."""
        record = reminder.record
        notice = (await turn_notices(self.bot, record, [reminder.seat]))[reminder.seat]

        def params(locale: str) -> dict[str, object]:
            return {
                "game": t(rules_of(record.game).info.name_key, locale),
                "number": record.id,
                "since": relative_time(reminder.waiting_since),
                "count": reminder.count,
                "max": MAX_REMINDERS,
            }

        in_channel = wants_mention(notice)
        if wants_dm(notice):
            own = member_locale(self.bot, reminder.user_id, record)
            note = t("dm.reminder", own, channel=f"<#{record.channel_id}>", **params(own))
            async with game_lock(self.bot, record.id):  # not beside the game's delivery
                sent = await dm_hand(self.bot, record, reminder.seat, own, fresh=True, note=note)
            in_channel = in_channel or not sent
        if not in_channel:
            return
        here = game_locale(record)
        text = t("timer.reminder", here, user=f"<@{reminder.user_id}>", **params(here))
        await self._post(record, text, [reminder.user_id])


async def setup(bot: commands.Bot) -> None:
    await bot.add_cog(TimerLoop(bot))  # type: ignore[arg-type]
