"""Application commands the bot synced, and building a command interaction's `data` from them.

A test names a command as the user types it (`"game new"`) and passes option values; the data
sent to the bot is built from the synced definition (ids, option types, subcommand nesting),
so a test cannot invoke anything the bot did not register.
"""

from __future__ import annotations

import copy
from collections.abc import Iterable
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from .channels import FakeChannel
from .guilds import FakeRole
from .users import FakeUser

if TYPE_CHECKING:
    from .server import FakeDiscord

SUB_COMMAND, SUB_COMMAND_GROUP = 1, 2
STRING, INTEGER, BOOLEAN, USER, CHANNEL, ROLE, MENTIONABLE, NUMBER, ATTACHMENT = range(3, 12)


class CommandUsageError(AssertionError):
    """A test asked for a command or option the bot did not sync (or a value it forbids)."""


@dataclass(frozen=True)
class Attachment:
    """A file a user attaches to an ATTACHMENT option."""

    filename: str
    data: bytes
    content_type: str = "application/octet-stream"


class CommandRegistry:
    """Synced commands: global ones and per-guild ones, with ids and versions."""

    def __init__(self, fake: FakeDiscord) -> None:
        self.fake = fake
        self.scopes: dict[int | None, dict[tuple[str, int], dict[str, Any]]] = {}

    def list(self, guild_id: int | None) -> list[dict[str, Any]]:
        """The commands of a scope (None: global)."""
        return [copy.deepcopy(c) for c in self.scopes.get(guild_id, {}).values()]

    def bulk_set(self, guild_id: int | None, bodies: Iterable[dict[str, Any]]) -> list[dict]:
        """Replace a scope's commands; a command keeps its id if name and type are unchanged."""
        old = self.scopes.get(guild_id, {})
        new: dict[tuple[str, int], dict[str, Any]] = {}
        for body in bodies:
            key = (body["name"], body.get("type") or 1)
            new[key] = self._full(guild_id, body, old.get(key))
        self.scopes[guild_id] = new
        self.fake.world.changed()
        return self.list(guild_id)

    def upsert(self, guild_id: int | None, body: dict[str, Any]) -> dict[str, Any]:
        """Create or overwrite one command (POST)."""
        scope = self.scopes.setdefault(guild_id, {})
        key = (body["name"], body.get("type") or 1)
        scope[key] = self._full(guild_id, body, scope.get(key))
        self.fake.world.changed()
        return copy.deepcopy(scope[key])

    def find_by_id(self, guild_id: int | None, command_id: int) -> dict[str, Any] | None:
        """The command with this id in a scope."""
        for command in self.scopes.get(guild_id, {}).values():
            if int(command["id"]) == command_id:
                return command
        return None

    def edit(self, guild_id: int | None, command_id: int, body: dict[str, Any]) -> dict | None:
        """Patch one command; None if unknown."""
        command = self.find_by_id(guild_id, command_id)
        if command is None:
            return None
        merged = {**command, **body}
        scope = self.scopes[guild_id]
        del scope[(command["name"], command["type"])]
        scope[(merged["name"], merged.get("type") or 1)] = self._full(guild_id, merged, command)
        self.fake.world.changed()
        return copy.deepcopy(scope[(merged["name"], merged.get("type") or 1)])

    def delete(self, guild_id: int | None, command_id: int) -> bool:
        """Delete one command; False if unknown."""
        command = self.find_by_id(guild_id, command_id)
        if command is None:
            return False
        del self.scopes[guild_id][(command["name"], command["type"])]
        self.fake.world.changed()
        return True

    def _full(
        self, guild_id: int | None, body: dict[str, Any], previous: dict[str, Any] | None
    ) -> dict[str, Any]:
        command = {k: copy.deepcopy(v) for k, v in body.items() if v is not None}
        command.update(
            id=previous["id"] if previous else str(self.fake.ids.next()),
            application_id=str(self.fake.application_id),
            version=str(self.fake.ids.next()),
            type=body.get("type") or 1,
            description=body.get("description") or "",
            default_member_permissions=body.get("default_member_permissions"),
            nsfw=bool(body.get("nsfw", False)),
        )
        command.setdefault("contexts", None)
        command.setdefault("integration_types", [0])
        if guild_id is not None:
            command["guild_id"] = str(guild_id)
        return command

    # -- building interaction data ------------------------------------------------------
    def resolve(self, channel: FakeChannel, path: str) -> tuple[dict[str, Any], list[str]]:
        """The synced CHAT_INPUT command for `"name [group] [sub]"` usable in `channel`."""
        name, *rest = path.lstrip("/").split()
        candidates = []
        if channel.guild is not None:
            candidates.append(self.scopes.get(channel.guild.id, {}).get((name, 1)))
        global_command = self.scopes.get(None, {}).get((name, 1))
        if global_command and _usable(global_command, channel):
            candidates.append(global_command)
        command = next((c for c in candidates if c is not None), None)
        if command is None:
            known = sorted({n for scope in self.scopes.values() for n, _ in scope})
            raise CommandUsageError(f"/{name} is not synced for {_where(channel)}; known: {known}")
        return command, rest

    def build_data(
        self,
        channel: FakeChannel,
        path: str,
        values: dict[str, Any],
        *,
        focused: str | None = None,
    ) -> dict[str, Any]:
        """The `data` of an APPLICATION_COMMAND (or, with `focused`, autocomplete) interaction."""
        command, rest = self.resolve(channel, path)
        resolved: dict[str, dict[str, Any]] = {}
        options = self._nest(command, rest, values, focused, resolved, channel)
        data: dict[str, Any] = {
            "id": command["id"],
            "name": command["name"],
            "type": 1,
            "options": options,
        }
        if "guild_id" in command:
            data["guild_id"] = command["guild_id"]
        if resolved:
            data["resolved"] = resolved
        return data

    def _nest(
        self,
        node: dict[str, Any],
        rest: list[str],
        values: dict[str, Any],
        focused: str | None,
        resolved: dict[str, dict[str, Any]],
        channel: FakeChannel,
    ) -> list[dict[str, Any]]:
        defined = node.get("options") or []
        subs = [o for o in defined if o["type"] in (SUB_COMMAND, SUB_COMMAND_GROUP)]
        if subs:
            if not rest:
                names = [o["name"] for o in subs]
                raise CommandUsageError(f"/{node['name']} needs a subcommand, one of {names}")
            sub = next((o for o in subs if o["name"] == rest[0]), None)
            if sub is None:
                names = [o["name"] for o in subs]
                raise CommandUsageError(f"no subcommand {rest[0]!r} in {node['name']}: {names}")
            inner = self._nest(sub, rest[1:], values, focused, resolved, channel)
            return [{"type": sub["type"], "name": sub["name"], "options": inner}]
        if rest:
            raise CommandUsageError(f"{node['name']} has no subcommand {rest[0]!r}")
        return self._leaf_options(defined, values, focused, resolved, channel)

    def _leaf_options(
        self,
        defined: list[dict[str, Any]],
        values: dict[str, Any],
        focused: str | None,
        resolved: dict[str, dict[str, Any]],
        channel: FakeChannel,
    ) -> list[dict[str, Any]]:
        by_name = {o["name"]: o for o in defined}
        unknown = [n for n in values if n not in by_name]
        if focused is not None and focused not in by_name:
            unknown.append(focused)
        if unknown:
            raise CommandUsageError(f"unknown options {unknown}; defined: {list(by_name)}")
        sent = []
        for option in defined:
            name = option["name"]
            if name == focused:
                value = values.get(name, "")
                sent.append({"type": option["type"], "name": name, "value": value, "focused": True})
            elif name in values:
                value = self._convert(option, values[name], resolved, channel)
                sent.append({"type": option["type"], "name": name, "value": value})
            elif option.get("required") and focused is None:
                raise CommandUsageError(f"required option {name!r} is missing")
        return sent

    def _convert(
        self,
        option: dict[str, Any],
        value: Any,
        resolved: dict[str, dict[str, Any]],
        channel: FakeChannel,
    ) -> Any:
        kind = option["type"]
        if kind == STRING:
            converted: Any = str(value)
        elif kind == INTEGER:
            converted = int(value)
        elif kind == NUMBER:
            converted = float(value)
        elif kind == BOOLEAN:
            converted = bool(value)
        elif kind in (USER, MENTIONABLE) and isinstance(value, FakeUser):
            converted = str(value.id)
            self._resolve_user(value, resolved, channel)
        elif kind in (ROLE, MENTIONABLE) and isinstance(value, FakeRole):
            converted = str(value.id)
            resolved.setdefault("roles", {})[str(value.id)] = value.payload()
        elif kind == CHANNEL and isinstance(value, FakeChannel):
            converted = str(value.id)
            resolved.setdefault("channels", {})[str(value.id)] = _partial_channel(value)
        elif kind == ATTACHMENT and isinstance(value, Attachment):
            attachment = self.fake.uploads.store(channel, value)
            converted = str(attachment.id)
            resolved.setdefault("attachments", {})[converted] = attachment.payload()
        else:
            raise CommandUsageError(f"option {option['name']!r} cannot take {value!r}")
        _check_choice(option, converted)
        return converted

    def _resolve_user(
        self, user: FakeUser, resolved: dict[str, dict[str, Any]], channel: FakeChannel
    ) -> None:
        resolved.setdefault("users", {})[str(user.id)] = user.payload()
        guild = channel.guild
        if guild is not None and user.id in guild.members:
            member = guild.members[user.id].payload(with_user=False)
            member["permissions"] = str(guild.permissions_for(user))
            resolved.setdefault("members", {})[str(user.id)] = member


def _check_choice(option: dict[str, Any], value: Any) -> None:
    choices = option.get("choices")
    if choices and value not in [c["value"] for c in choices]:
        names = [c["value"] for c in choices]
        raise CommandUsageError(f"option {option['name']!r} only offers {names}, not {value!r}")
    low, high = option.get("min_value"), option.get("max_value")
    number = isinstance(value, int | float) and not isinstance(value, bool)
    if number and ((low is not None and value < low) or (high is not None and value > high)):
        raise CommandUsageError(f"option {option['name']!r}: {value} not in [{low}, {high}]")
    low, high = option.get("min_length"), option.get("max_length")
    size = len(value) if isinstance(value, str) else None
    if size is not None and ((low is not None and size < low) or (high and size > high)):
        raise CommandUsageError(f"option {option['name']!r}: length of {value!r} out of range")


def _usable(command: dict[str, Any], channel: FakeChannel) -> bool:
    """Whether a global command may be used in this channel (contexts / dm_permission)."""
    contexts = command.get("contexts")
    if channel.is_dm:
        if command.get("dm_permission") is False:
            return False
        return contexts is None or 1 in contexts
    return contexts is None or 0 in contexts


def _where(channel: FakeChannel) -> str:
    return "a DM" if channel.is_dm else f"#{channel.name}"


def _partial_channel(channel: FakeChannel) -> dict[str, Any]:
    data = {"id": str(channel.id), "type": channel.type, "name": channel.name, "permissions": "0"}
    if channel.parent is not None:
        data["parent_id"] = str(channel.parent.id)
    return data
