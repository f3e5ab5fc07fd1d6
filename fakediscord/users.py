"""A scripted user: what they are (the user object) and what they do (slash, press, ...)."""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from .channels import FakeChannel
    from .interactions import InteractionResult
    from .messages import FakeMessage
    from .server import FakeDiscord


@dataclass(eq=False)
class FakeUser:
    """A Discord user. `dms_closed = True` makes the bot's DMs to them fail with 50007."""

    fake: FakeDiscord = field(repr=False)
    id: int
    username: str
    global_name: str | None = None
    bot: bool = False
    dms_closed: bool = False
    locale: str = "en-US"

    @property
    def mention(self) -> str:
        """`<@id>`, as a bot writes a ping."""
        return f"<@{self.id}>"

    @property
    def display_name(self) -> str:
        """The global name if set, else the username."""
        return self.global_name or self.username

    def payload(self) -> dict[str, Any]:
        """The user object."""
        data: dict[str, Any] = {
            "id": str(self.id),
            "username": self.username,
            "discriminator": "0001" if self.bot else "0",
            "global_name": self.global_name,
            "avatar": None,
            "avatar_decoration_data": None,
            "banner": None,
            "accent_color": None,
            "collectibles": None,
            "primary_guild": None,
            "public_flags": 0,
            "flags": 0,
        }
        if self.bot:
            data["bot"] = True
        return data

    # -- what the user sees -------------------------------------------------------------
    def dms(self) -> list[FakeMessage]:
        """Messages in this user's DM with the bot, oldest first (deleted ones excluded)."""
        return self.fake.world.dm_messages(self)

    def ephemerals(self) -> list[FakeMessage]:
        """Ephemeral messages shown to this user, oldest first."""
        return self.fake.world.ephemerals_for(self)

    def visible_messages(self) -> list[FakeMessage]:
        """Every message this user can see: guild channels, their DM, their ephemerals."""
        return self.fake.world.visible_to(self)

    # -- what the user does -------------------------------------------------------------
    async def slash(
        self,
        channel: FakeChannel,
        command: str,
        /,
        *,
        options: dict[str, Any] | None = None,
        timeout: float | None = None,
        **kwargs: Any,
    ) -> InteractionResult:
        """Run `/command [group] [sub]` with options; returns once the bot answered."""
        merged = {**(options or {}), **kwargs}
        return await self.fake.actions.slash(self, channel, command, merged, timeout)

    async def autocomplete(
        self,
        channel: FakeChannel,
        command: str,
        /,
        *,
        option: str,
        value: str = "",
        options: dict[str, Any] | None = None,
        timeout: float | None = None,
        **kwargs: Any,
    ) -> list[dict[str, Any]]:
        """Type `value` into `option` of `command`; returns the bot's choices."""
        merged = {**(options or {}), **kwargs}
        return await self.fake.actions.autocomplete(
            self, channel, command, option, value, merged, timeout
        )

    async def press(
        self, message: FakeMessage, label: str, /, *, timeout: float | None = None
    ) -> InteractionResult:
        """Press the button whose label (or custom_id) is `label` on the message's current state."""
        return await self.fake.actions.press(self, message, label, timeout)

    async def choose(
        self,
        message: FakeMessage,
        select: str | None,
        labels: Iterable[Any],
        /,
        *,
        timeout: float | None = None,
    ) -> InteractionResult:
        """Pick options by visible label in the select named by placeholder or custom_id."""
        return await self.fake.actions.choose(self, message, select, list(labels), timeout)

    async def submit_modal(
        self,
        opened_by: InteractionResult,
        values: dict[str, Any],
        /,
        *,
        timeout: float | None = None,
    ) -> InteractionResult:
        """Fill the modal the bot opened (keys: input label or custom_id) and submit it."""
        return await self.fake.actions.submit_modal(self, opened_by, values, timeout)
