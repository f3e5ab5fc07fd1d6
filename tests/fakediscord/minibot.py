"""A tiny discord.py bot for the fake's self-tests (deliberately not the production bot).

`/game new` (autocomplete) answers with a Join button and a "Pick cards" select; Join edits
the message; `/game deal` defers, DMs a player and follows up; `/game board` posts a file;
`/game ask` opens a modal; `/game slow` answers too late; `/game double` answers twice.
"""

from __future__ import annotations

import asyncio
import io
import zlib
from collections.abc import AsyncIterator
from contextlib import asynccontextmanager

import discord
from discord import app_commands
from discord.ext import commands

from fakediscord.endpoints import pointed_at
from fakediscord.server import FakeDiscord

GAMES = ["money", "palazzo", "nycards", "newyork"]
CARDS = ["€20 #12", "€10 #3", "€5 #1"]


def tiny_png() -> bytes:
    """A valid 2x1 PNG."""

    def chunk(kind: bytes, data: bytes) -> bytes:
        body = kind + data
        return len(data).to_bytes(4, "big") + body + zlib.crc32(body).to_bytes(4, "big")

    header = (2).to_bytes(4, "big") + (1).to_bytes(4, "big") + bytes([8, 2, 0, 0, 0])
    pixels = zlib.compress(b"\x00" + b"\xff\x00\x00" * 2)
    return (
        b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", header) + chunk(b"IDAT", pixels) + chunk(b"IEND", b"")
    )


class LobbyView(discord.ui.View):
    """Join button (edits the lobby) and a card select (answers ephemerally)."""

    def __init__(self) -> None:
        super().__init__(timeout=60)
        self.players: list[str] = []

    @discord.ui.button(label="Join", style=discord.ButtonStyle.primary, custom_id="lobby:join")
    async def join(self, interaction: discord.Interaction, _: discord.ui.Button) -> None:
        """Add the presser and edit the message (callback type 7)."""
        self.players.append(interaction.user.name)
        await interaction.response.edit_message(content="Players: " + ", ".join(self.players))

    @discord.ui.select(
        placeholder="Pick cards",
        custom_id="lobby:cards",
        max_values=2,
        options=[discord.SelectOption(label=c, value=f"card{i}") for i, c in enumerate(CARDS)],
    )
    async def pick(self, interaction: discord.Interaction, select: discord.ui.Select) -> None:
        """Answer ephemerally with the chosen values."""
        await interaction.response.send_message("picked " + ",".join(select.values), ephemeral=True)


class AskModal(discord.ui.Modal, title="Your bid"):
    """One text input; the answer echoes it."""

    amount: discord.ui.TextInput = discord.ui.TextInput(label="Amount", max_length=10)

    async def on_submit(self, interaction: discord.Interaction) -> None:
        """Echo the amount."""
        await interaction.response.send_message(f"bid {self.amount.value}")


class AdminCommands(app_commands.Group):
    """`/game admin ...`: a subcommand group nested in `/game`."""

    @app_commands.command(name="reset", description="Reset the table")
    async def reset(self, interaction: discord.Interaction, confirm: bool, seats: int = 4) -> None:
        """Echo the typed options."""
        await interaction.response.send_message(f"reset confirm={confirm} seats={seats}")

    @app_commands.command(name="upload", description="Upload a rules file")
    async def upload(self, interaction: discord.Interaction, file: discord.Attachment) -> None:
        """Echo the resolved attachment."""
        data = await file.read()
        await interaction.response.send_message(f"{file.filename}: {len(data)} bytes")


class GameCommands(app_commands.Group):
    """The `/game` group of the mini bot."""

    def __init__(self, bot: MiniBot) -> None:
        super().__init__(name="game", description="Play a game")
        self.bot = bot
        self.add_command(AdminCommands(name="admin", description="Table admin"))

    @app_commands.command(name="new", description="Open a lobby")
    async def new(self, interaction: discord.Interaction, game: str) -> None:
        """Lobby message with a view."""
        await interaction.response.send_message(f"Lobby for {game}", view=LobbyView())

    @new.autocomplete("game")
    async def new_game(self, _: discord.Interaction, current: str) -> list[app_commands.Choice]:
        """Games starting with what was typed."""
        return [app_commands.Choice(name=g, value=g) for g in GAMES if g.startswith(current)]

    @app_commands.command(name="deal", description="Deal a hand by DM")
    async def deal(self, interaction: discord.Interaction, player: discord.User) -> None:
        """Defer, DM the player (50007 if closed), follow up."""
        await interaction.response.defer(thinking=True)
        try:
            await player.send("Your hand: €20 #12")
        except discord.Forbidden as error:
            self.bot.errors.append(error)
            await interaction.followup.send(f"cannot DM {player.name} ({error.code})")
            return
        await interaction.followup.send(f"dealt to {player.name}")

    @app_commands.command(name="board", description="Post the board")
    async def board(self, interaction: discord.Interaction) -> None:
        """A multipart channel message with a PNG used by an embed."""
        assert isinstance(interaction.channel, discord.abc.Messageable)
        embed = discord.Embed(title="Board").set_image(url="attachment://board.png")
        file = discord.File(io.BytesIO(tiny_png()), "board.png")
        await interaction.channel.send("The board", file=file, embed=embed)
        await interaction.response.send_message("posted", ephemeral=True)

    @app_commands.command(name="huge", description="Upload too much")
    async def huge(self, interaction: discord.Interaction) -> None:
        """An 11 MiB upload: refused with 40005."""
        assert isinstance(interaction.channel, discord.abc.Messageable)
        file = discord.File(io.BytesIO(b"\0" * (11 * 1024 * 1024)), "huge.bin")
        try:
            await interaction.channel.send(file=file)
        except discord.HTTPException as error:
            self.bot.errors.append(error)
        await interaction.response.send_message("tried", ephemeral=True)

    @app_commands.command(name="slow", description="Answer after the deadline")
    async def slow(self, interaction: discord.Interaction, seconds: float) -> None:
        """Sleep, then answer (10062 when past 3 s)."""
        await asyncio.sleep(seconds)
        try:
            await interaction.response.send_message("finally")
        except discord.HTTPException as error:
            self.bot.errors.append(error)

    @app_commands.command(name="double", description="Answer twice")
    async def double(self, interaction: discord.Interaction) -> None:
        """Two initial responses; the second is refused by Discord with 40060."""
        await interaction.response.send_message("one")
        # discord.py refuses a second response client-side; forget the first so the second
        # request reaches the server, as it would from a second process handling the event.
        interaction.response._response_type = None
        try:
            await interaction.response.send_message("two")
        except discord.HTTPException as error:
            self.bot.errors.append(error)

    @app_commands.command(name="ask", description="Open a modal")
    async def ask(self, interaction: discord.Interaction) -> None:
        """A modal with one text input."""
        await interaction.response.send_modal(AskModal())

    @app_commands.command(name="later", description="Defer ephemerally, edit, follow up")
    async def later(self, interaction: discord.Interaction) -> None:
        """Deferred ephemeral response filled by editing @original, then a follow-up."""
        await interaction.response.defer(ephemeral=True, thinking=True)
        await interaction.edit_original_response(content="done later")
        await interaction.followup.send("and a follow-up", ephemeral=True)


class MiniBot(commands.Bot):
    """Guild-synced commands; `errors` collects the HTTP errors the commands caught."""

    def __init__(self, guild_id: int) -> None:
        intents = discord.Intents.none()
        intents.guilds = True
        super().__init__(
            command_prefix=commands.when_mentioned,
            intents=intents,
            help_command=None,
            guild_ready_timeout=0.05,
        )
        self.guild_id = guild_id
        self.errors: list[discord.HTTPException] = []

    async def setup_hook(self) -> None:
        """Register `/game` for the test guild and sync it."""
        guild = discord.Object(self.guild_id)
        self.tree.add_command(GameCommands(self), guild=guild)
        await self.tree.sync(guild=guild)


@asynccontextmanager
async def running_minibot(fake: FakeDiscord, guild_id: int) -> AsyncIterator[MiniBot]:
    """Start a MiniBot against `fake`, wait until ready; close it afterwards."""
    with pointed_at(fake):
        bot = MiniBot(guild_id)
        task = asyncio.create_task(bot.start("fake-token"), name="minibot")
        try:
            ready = asyncio.create_task(bot.wait_until_ready())
            done, _ = await asyncio.wait({ready, task}, timeout=10, return_when="FIRST_COMPLETED")
            if task in done:
                task.result()
            if ready not in done:
                ready.cancel()
                raise AssertionError("the mini bot did not become ready in 10 s")
            yield bot
        finally:
            await asyncio.wait_for(bot.close(), 5)
            await asyncio.wait_for(asyncio.gather(task, return_exceptions=True), 5)
