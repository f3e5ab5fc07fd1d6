"""Slash command options as typed in the page's message box, turned into the values the loopback
Discord sends: numbers, yes/no, members and channels by name, a choice by its shown name."""

from __future__ import annotations

from typing import Any

from fakediscord import CommandUsageError, FakeChannel, FakeDiscord

STRING, INTEGER, BOOLEAN, USER, CHANNEL, ROLE, MENTIONABLE, NUMBER = 3, 4, 5, 6, 7, 8, 9, 10
SUBS = (1, 2)


def leaf_options(fake: FakeDiscord, channel: FakeChannel, path: str) -> dict[str, dict[str, Any]]:
    """The options of the command `path` ("name [group] [sub]") by name."""
    resolved: tuple[dict[str, Any], Any] = fake.commands.resolve(channel, path)
    node, rest = resolved
    for name in rest:
        subs = [o for o in node.get("options") or [] if o["type"] in SUBS]
        found = next((o for o in subs if o["name"] == name), None)
        if found is None:
            raise CommandUsageError(f"/{path} is not a command")
        node = found
    return {o["name"]: o for o in node.get("options") or [] if o["type"] not in SUBS}


def convert(
    fake: FakeDiscord, channel: FakeChannel, path: str, typed: dict[str, str]
) -> dict[str, Any]:
    """Typed text per option name → the value to send; CommandUsageError on a bad one."""
    defined = leaf_options(fake, channel, path)
    values: dict[str, Any] = {}
    for name, text in typed.items():
        option = defined.get(name)
        if option is None:
            raise CommandUsageError(f"/{path} has no option {name}")
        if text.strip():
            values[name] = _value(fake, channel, option, text.strip())
    return values


def _value(fake: FakeDiscord, channel: FakeChannel, option: dict[str, Any], text: str) -> Any:
    for choice in option.get("choices") or []:
        if text in (choice["name"], str(choice["value"])):
            return choice["value"]
    kind = option["type"]
    try:
        if kind == INTEGER:
            return int(text)
        if kind == NUMBER:
            return float(text)
    except ValueError as bad:
        raise CommandUsageError(f"{option['name']} must be a number") from bad
    if kind == BOOLEAN:
        return text.lower() in ("true", "yes", "1", "on")
    if kind in (USER, MENTIONABLE):
        wanted = text.removeprefix("@").removeprefix("<@").removesuffix(">").lower()
        for user in fake.world.users.values():
            if wanted in (str(user.id), user.username.lower(), user.display_name.lower()):
                return user
        raise CommandUsageError(f"{option['name']}: no member {text}")
    if kind == CHANNEL:
        wanted = text.removeprefix("#").removeprefix("<#").removesuffix(">")
        for other in fake.world.channels.values():
            if wanted in (str(other.id), other.name) and other.guild is channel.guild:
                return other
        raise CommandUsageError(f"{option['name']}: no channel {text}")
    if kind == ROLE:
        raise CommandUsageError(f"{option['name']}: roles cannot be picked in the sandbox")
    return text
