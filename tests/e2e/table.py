"""Drive a table through the loopback Discord as its players would: `LoopbackTable` runs the
production bot and seats the players for any game; `MoneyTable` adds how Money is played (each
other game's table, in `<game>_table.py`, derives from `LoopbackTable` too).

Players act only through the UI: slash commands, the buttons they can see (by label) and the
options of select menus (by their visible label). The test side may read the database to decide
*what* a player does (the game's own bot policy on the player's own view), never to do it.
"""

from __future__ import annotations

from collections.abc import AsyncIterator, Callable, Iterable
from contextlib import asynccontextmanager
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, ClassVar, TypeVar

from db.records import ActionRecord, GameRecord
from fakediscord import FakeChannel, FakeDiscord, FakeGuild, FakeMessage, FakeUser
from fakediscord.components import BUTTON, SELECTS, leaves
from fakediscord.interactions import InteractionResult
from fakediscord.production import start_bot, stop_bot
from games import rules_of
from rules.money.components import CARDS, VALUE, label
from tests.helpers.clock import FakeClock

MONEY = rules_of("money")
COMMANDS = (
    "game",
    "games",
    "hand",
    "leaderboard",
    "move",
    "mygames",
    "rules",
    "server",
    "settings",
    "stats",
)
HAND_BUTTON = "My hand / bid"
PLACE_BID = "Place bid"

Via = Callable[[int], str]
"""Chooses, per seat, where a player bids from: "board" (the ephemeral panel the board's
"My hand / bid" button opens), "dm" (the panel in their DMs) or "hand" (`/hand`)."""


def card_label(card: int) -> str:
    """The visible label of a card in the bid menus, e.g. `€20 (serial 12)`."""
    return label(card, "en")


def searchable(card: int) -> bool:
    """Whether a text search for the card's label finds only that card: a bluff card is not
    told apart."""
    text = card_label(card)
    return CARDS[card].kind != "bluff" and not any(
        card_label(other).startswith(text) for other in CARDS if other != card
    )


def bid_cards(action: str) -> list[int]:
    """The card ids of a `bid 12,35,70` action."""
    verb, _, rest = action.partition(" ")
    assert verb == "bid", action
    return [int(part) for part in rest.split(",")]


def move_label_prefix(action: str, names: list[str]) -> str:
    """How the button of an exchange move starts, as a player reads it."""
    verb, _, rest = action.partition(" ")
    if verb == "row":
        return f"Take the {rest} row ("
    if verb == "take":
        return f"Take {names[int(rest)]}'s bid ("
    assert action == "pass", action
    return "Pass"


def buttons(message: FakeMessage) -> list[dict[str, Any]]:
    """The buttons of a message as it is now."""
    return [c for c in leaves(message.components) if c.get("type") == BUTTON]


def button_labels(message: FakeMessage) -> list[str]:
    return [b.get("label") or "" for b in buttons(message)]


def selects(message: FakeMessage) -> list[dict[str, Any]]:
    """The select menus of a message as it is now."""
    return [c for c in leaves(message.components) if c.get("type") in SELECTS]


def refusal(result: InteractionResult) -> str | None:
    """The ephemeral text the bot answered with, if it answered with a new ephemeral message."""
    if result.response_type == 4 and result.ephemeral:
        return result.content
    texts = [m.content for m in result.followups if m.ephemeral]
    return texts[0] if texts else None


@dataclass
class LoopbackTable:
    """One channel's game (`GAME_ID`, whose board posts are headed `BOARD_TITLE`) and the
    production bot, driven through the fake: the bot process, the lobby, reading the database
    (test side only). A game's table adds `play_step`: how its members move through the UI."""

    GAME_ID: ClassVar[str]
    BOARD_TITLE: ClassVar[str]

    fake: FakeDiscord
    guild: FakeGuild
    chan: FakeChannel
    db_path: Path
    seed: int = 20_240_611
    bot: Any = None
    task: Any = None
    game_id: int = 0
    lobby: FakeMessage | None = None
    users: list[FakeUser | None] = field(default_factory=list)
    expected_errors: set[int] = field(default_factory=set)  # Discord error codes a test provokes
    clock: FakeClock = field(default_factory=FakeClock)  # the bot's time; tests move it

    # ------------------------------------------------------------ the bot process

    async def start_bot(self) -> None:
        """Start the production bot on the table's database, given a fixed seed (every run
        deals the same cards) and a clock the test moves (turn reminders and deadlines)."""
        self.bot, self.task = await start_bot(
            self.fake, self.db_path, clock=self.clock, new_seed=lambda: self.seed
        )
        await self.fake.wait_for_commands(COMMANDS, self.guild)

    async def run_timers(self, **advance: float) -> Any:
        """Move the clock forward with the bot up (its loop beat all along: the time counts),
        then run one check of the bot's timer loop (as its background task would); returns what
        it did (`service.deadlines.Tick`). Time the bot is down: `clock.advance` between
        `stop_bot` and `start_bot`."""
        self.clock.advance(**advance)
        if advance:
            await self.bot.tables.deadlines.beat()
        tick = await self.bot.get_cog("TimerLoop").run_once()
        await self.fake.settle()
        return tick

    async def stop_bot(self) -> None:
        if self.bot is not None:
            await stop_bot(self.bot, self.task)
            self.bot = self.task = None

    async def restart(self) -> None:
        """Stop the bot process and start a new one on the same database."""
        await self.stop_bot()
        await self.start_bot()

    # ------------------------------------------------------------ reading (test side only)

    async def record(self) -> GameRecord:
        record = await self.bot.store.get_game(self.game_id)
        assert record is not None
        return record

    async def actions(self) -> list[ActionRecord]:
        return await self.bot.store.actions(self.game_id)

    def user_of(self, seat: int) -> FakeUser | None:
        return self.users[seat]

    def seat_of(self, user: FakeUser) -> int:
        return self.users.index(user)

    def boards(self) -> list[FakeMessage]:
        """The game's board posts in the channel, oldest first."""
        head = f"**{self.BOARD_TITLE}** · table #{self.game_id}\n"
        return [m for m in self.chan.messages() if m.content.startswith(head)]

    def board(self) -> FakeMessage:
        """The latest board post."""
        found = self.boards()
        assert found, "no board has been posted"
        return found[-1]

    async def decide(self, seat: int) -> str:
        """What the game's bot policy would do from this seat's own view."""
        record = await self.record()
        game = rules_of(self.GAME_ID)
        return game.bot_action(game.view(record.state, seat), record.version * 7919 + seat)

    # ------------------------------------------------------------ the lobby

    async def open_lobby(self, host: FakeUser, options: str | None = None) -> FakeMessage:
        """`/game new game:<GAME_ID> [options]`; returns the lobby message."""
        values = {"game": self.GAME_ID, **({"options": options} if options else {})}
        result = await host.slash(self.chan, "game new", options=values)
        assert result.message is not None and not result.ephemeral, result.content
        self.lobby = result.message
        record = await self.bot.store.active_game(self.chan.id)
        assert record is not None and record.status == "lobby" and record.game == self.GAME_ID
        self.game_id = record.id
        return result.message

    async def seat_players(
        self,
        host: FakeUser,
        joiners: Iterable[FakeUser] = (),
        *,
        bots: int = 0,
        options: str | None = None,
        timing: dict[str, int] | None = None,
    ) -> GameRecord:
        """Open a lobby (the host sets its `timing` with `/game settings`, so the first turn
        runs under it), let the others press Join, add bots, and have the host press Start."""
        lobby = await self.open_lobby(host, options)
        if timing:
            result = await host.slash(self.chan, "game settings", **timing)
            assert not result.ephemeral, result.content
        for user in joiners:
            result = await user.press(lobby, "Join")
            assert result.response_type == 7 and refusal(result) is None, refusal(result)
        for _ in range(bots):
            result = await host.press(lobby, "Add bot")
            assert result.response_type == 7 and refusal(result) is None, refusal(result)
        result = await host.press(lobby, "Start")
        assert refusal(result) is None, refusal(result)
        assert not buttons(lobby), "the lobby keeps its buttons after the start"
        record = await self.record()
        assert record.status == "running"
        by_id = {u.id: u for u in [host, *joiners]}
        self.users = [None if s.bot else by_id[s.user_id] for s in record.seats]  # type: ignore[index]
        return record

    # ------------------------------------------------------------ playing

    async def play_step(self, via: Via = lambda seat: "board") -> None:
        """Every member who must act now acts once, as the bot policy would, through the UI."""
        raise NotImplementedError

    async def play_to_end(
        self, via: Via = lambda seat: "board", max_steps: int = 400
    ) -> GameRecord:
        """Play until the game is over; returns the finished record."""
        for _ in range(max_steps):
            record = await self.record()
            if record.status != "running":
                return record
            await self.play_step(via)
        raise AssertionError(f"the game did not end within {max_steps} steps")


@dataclass
class MoneyTable(LoopbackTable):
    """One channel's Money match: members bid from their private panels and make their
    exchange moves with the board's buttons."""

    GAME_ID: ClassVar[str] = "money"
    BOARD_TITLE: ClassVar[str] = "Money"

    async def open_lobby(self, host: FakeUser, options: str | None = "hands=1") -> FakeMessage:
        """`/game new game:money [options]`; returns the lobby message."""
        values: dict[str, Any] = {"game": "money"}
        if options:
            values["options"] = options
        result = await host.slash(self.chan, "game new", options=values)
        assert result.message is not None and not result.ephemeral, result.content
        assert button_labels(result.message) == [
            "Join",
            "Leave",
            "Start",
            "Add easy bot",
            "Add bot",
            "Add strong bot",
            "Remove bot",
        ]
        self.lobby = result.message
        record = await self.bot.store.active_game(self.chan.id)
        assert record is not None and record.status == "lobby"
        self.game_id = record.id
        return result.message

    async def seat_players(
        self,
        host: FakeUser,
        joiners: Iterable[FakeUser] = (),
        *,
        bots: int = 0,
        options: str | None = "hands=1",
        timing: dict[str, int] | None = None,
    ) -> GameRecord:
        """As any table's, with a one-hand match unless other options are given."""
        return await super().seat_players(host, joiners, bots=bots, options=options, timing=timing)

    async def open_panel(self, user: FakeUser, via: str) -> FakeMessage:
        """The user's bid panel: from the board's button (ephemeral), `/hand`, or their DM."""
        if via == "dm":
            panels = [m for m in user.dms() if PLACE_BID in button_labels(m)]
            assert panels, f"{user.username} has no bid panel in their DMs"
            return panels[-1]
        if via == "hand":
            result = await user.slash(self.chan, "hand")
        else:
            result = await user.press(self.board(), HAND_BUTTON)
        assert result.ephemeral and result.message is not None, result.content
        return result.message

    async def bid(
        self, seat: int, cards: list[int], via: str = "board", panel: FakeMessage | None = None
    ) -> InteractionResult:
        """Choose the cards by their labels in the panel's menus (a new one opened `via`
        unless given), then press Place bid."""
        user = self.user_of(seat)
        assert user is not None
        panel = panel or await self.open_panel(user, via)
        wanted = {card_label(c) for c in cards}
        for menu in selects(panel):
            offered = {o["label"] for o in menu.get("options") or []}
            mine = sorted(wanted & offered)
            if mine:
                result = await user.choose(panel, menu["placeholder"], mine)
                assert result.response_type == 7, refusal(result)
                wanted -= set(mine)
        assert not wanted, f"cards {sorted(wanted)} are not offered in the panel"
        total = sum(VALUE[c] for c in cards)
        assert f"= {total}" in panel.content, panel.content
        return await user.press(panel, PLACE_BID)

    async def exchange(self, seat: int, action: str) -> InteractionResult:
        """Press the board's button for an exchange move."""
        user = self.user_of(seat)
        assert user is not None
        record = await self.record()
        board = self.board()
        prefix = move_label_prefix(action, record.names())
        found = [b for b in button_labels(board) if b.startswith(prefix)]
        assert len(found) == 1, f"{prefix!r} among {button_labels(board)}"
        return await user.press(board, found[0])

    async def play_step(self, via: Via = lambda seat: "board") -> None:
        """Every member who must act now acts once (bids, or the one exchange turn)."""
        record = await self.record()
        assert record.status == "running"
        seats = [s for s in sorted(record.waiting) if not record.seats[s].bot]
        assert seats, "no member must act, yet the game is running"
        for seat in seats:
            before = await self.record()
            action = await self.decide(seat)
            if before.state["phase"] == "bid":
                result = await self.bid(seat, bid_cards(action), via(seat))
            else:
                result = await self.exchange(seat, action)
            problem = refusal(result)
            assert problem is None, f"seat {seat} {action!r} refused: {problem}"
            logged = [a for a in await self.actions() if a.version > before.version]
            assert logged and logged[0].seat == seat, logged
            assert logged[0].user_id == self.user_of(seat).id  # type: ignore[union-attr]
            assert _same_action(logged[0].action, action), (logged[0].action, action)


def _same_action(logged: str, decided: str) -> bool:
    if decided.startswith("bid "):
        return logged.startswith("bid ") and sorted(bid_cards(logged)) == sorted(bid_cards(decided))
    return logged == decided


T = TypeVar("T", bound="LoopbackTable")


@asynccontextmanager
async def running_table(
    fake: FakeDiscord, db_path: Path, make: Callable[..., T], **kwargs: Any
) -> AsyncIterator[T]:
    """A server with #games and the production bot running on a fresh database, as the table
    class `make` drives it; on exit the bot is stopped and no error answer the test did not
    ask for may have happened (no late or doubled interaction response, no unknown message;
    invalid requests already fail the `fake_discord` fixture)."""
    # The fake's settle() already waits for the bot's handler tasks and requests in flight; a
    # shorter quiet period keeps whole games fast.
    fake.settle_quiet = 0.02
    guild = fake.add_guild("Test")
    chan = guild.add_text_channel("games")
    tavolo = make(fake, guild, chan, db_path, **kwargs)
    await tavolo.start_bot()
    try:
        yield tavolo
    finally:
        await tavolo.stop_bot()
    unexpected = [e for e in fake.errors if e.code not in tavolo.expected_errors]
    assert not unexpected, [f"{e.code} {e.method} {e.path}: {e.message}" for e in unexpected]
