"""What a scripted user does: slash commands, autocomplete, buttons, selects, modals.

Each action builds the interaction Discord would send for it (from the synced commands or the
message's current components), dispatches it and waits for the bot's answer.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from .channels import FakeChannel
from .components import (
    STRING_SELECT,
    ComponentNotFound,
    find_button,
    find_select,
    modal_submission,
    option_values,
)
from .guilds import FakeRole
from .interactions import (
    APPLICATION_COMMAND,
    AUTOCOMPLETE,
    MESSAGE_COMPONENT,
    MODAL_SUBMIT,
    InteractionResult,
)
from .users import FakeUser

if TYPE_CHECKING:
    from .messages import FakeMessage
    from .server import FakeDiscord


class Actions:
    """The implementation behind `FakeUser.slash`, `.press`, ..."""

    def __init__(self, fake: FakeDiscord) -> None:
        self.fake = fake

    async def slash(
        self,
        user: FakeUser,
        channel: FakeChannel,
        command: str,
        values: dict[str, Any],
        timeout: float | None,
    ) -> InteractionResult:
        """Run a chat-input command; `command` is `"name [group] [sub]"`."""
        data = self.fake.commands.build_data(channel, command, values)
        label = "/" + command.lstrip("/")
        return await self.fake.interactions.run(
            user, channel, APPLICATION_COMMAND, data, label=label, timeout=timeout
        )

    async def autocomplete(
        self,
        user: FakeUser,
        channel: FakeChannel,
        command: str,
        option: str,
        value: str,
        values: dict[str, Any],
        timeout: float | None,
    ) -> list[dict[str, Any]]:
        """The choices the bot offers while `option` holds `value`."""
        data = self.fake.commands.build_data(
            channel, command, {**values, option: value}, focused=option
        )
        label = f"autocomplete /{command.lstrip('/')} {option}={value!r}"
        result = await self.fake.interactions.run(
            user, channel, AUTOCOMPLETE, data, label=label, timeout=timeout
        )
        return list(result.choices or [])

    async def press(
        self, user: FakeUser, message: FakeMessage, name: str, timeout: float | None
    ) -> InteractionResult:
        """Press a button of the message as it is now."""
        self._check_can_use(user, message)
        button = find_button(message.components, name)
        data = {"custom_id": button["custom_id"], "component_type": 2}
        return await self.fake.interactions.run(
            user,
            message.channel,
            MESSAGE_COMPONENT,
            data,
            label=f"button {name!r}",
            source=message,
            timeout=timeout,
        )

    async def choose(
        self,
        user: FakeUser,
        message: FakeMessage,
        name: str | None,
        picks: list[Any],
        timeout: float | None,
    ) -> InteractionResult:
        """Choose in a select: labels for string selects, users/roles/channels for the others."""
        self._check_can_use(user, message)
        select = find_select(message.components, name)
        data: dict[str, Any] = {
            "custom_id": select["custom_id"],
            "component_type": select["type"],
        }
        if select["type"] == STRING_SELECT:
            data["values"] = option_values(select, [str(p) for p in picks])
        else:
            data["values"], data["resolved"] = _entity_values(message.channel, picks)
        return await self.fake.interactions.run(
            user,
            message.channel,
            MESSAGE_COMPONENT,
            data,
            label=f"select {name!r}",
            source=message,
            timeout=timeout,
        )

    async def submit_modal(
        self,
        user: FakeUser,
        opened_by: InteractionResult,
        values: dict[str, Any],
        timeout: float | None,
    ) -> InteractionResult:
        """Submit the modal the bot answered `opened_by` with."""
        modal = opened_by.modal
        if modal is None:
            raise ComponentNotFound(f"the bot answered {opened_by.label} without a modal")
        if opened_by.user is not user:
            raise ComponentNotFound("a modal can only be submitted by the user who opened it")
        data = {"custom_id": modal["custom_id"], "components": modal_submission(modal, values)}
        return await self.fake.interactions.run(
            user,
            opened_by.channel,
            MODAL_SUBMIT,
            data,
            label=f"modal {modal.get('title')!r}",
            source=opened_by.source_message,
            timeout=timeout,
        )

    def _check_can_use(self, user: FakeUser, message: FakeMessage) -> None:
        if message.deleted or not self.fake.world.can_see(user, message):
            raise ComponentNotFound(f"{user.username} cannot see message {message.id}")


def _entity_values(
    channel: FakeChannel, picks: list[Any]
) -> tuple[list[str], dict[str, dict[str, Any]]]:
    resolved: dict[str, dict[str, Any]] = {}
    values = []
    for pick in picks:
        values.append(str(pick.id))
        if isinstance(pick, FakeUser):
            resolved.setdefault("users", {})[str(pick.id)] = pick.payload()
            guild = channel.guild
            if guild is not None and pick.id in guild.members:
                member = guild.members[pick.id].payload(with_user=False)
                member["permissions"] = str(guild.permissions_for(pick))
                resolved.setdefault("members", {})[str(pick.id)] = member
        elif isinstance(pick, FakeRole):
            resolved.setdefault("roles", {})[str(pick.id)] = pick.payload()
        elif isinstance(pick, FakeChannel):
            partial = {"id": str(pick.id), "type": pick.type, "name": pick.name, "permissions": "0"}
            resolved.setdefault("channels", {})[str(pick.id)] = partial
        else:
            raise ComponentNotFound(f"cannot pick {pick!r} in an entity select")
    return values, resolved
