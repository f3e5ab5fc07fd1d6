"""What a member types in the page's message box becomes the value Discord would send: a
choice by its shown name, a whole number, yes/no, a member by name; a wrong one is refused
with the option's name, and the commands the box offers are the synced ones, subcommands
flattened."""

from __future__ import annotations

import pytest

from fakediscord import CommandUsageError, FakeDiscord
from sandbox.options import convert
from sandbox.views import flat_commands

GAME = {
    "name": "game",
    "description": "Games",
    "options": [
        {
            "type": 1,
            "name": "new",
            "description": "Open a lobby",
            "options": [
                {
                    "type": 3,
                    "name": "game",
                    "description": "Which game",
                    "choices": [{"name": "Money", "value": "money"}],
                },
                {"type": 4, "name": "hands", "description": "Hands"},
                {"type": 5, "name": "ranked", "description": "Ranked"},
                {"type": 6, "name": "with", "description": "Another member"},
            ],
        },
        {"type": 1, "name": "leave", "description": "Leave"},
    ],
}


def test_typed_options_become_what_discord_sends() -> None:
    fake = FakeDiscord()
    guild = fake.add_guild("Test")
    channel = guild.add_text_channel("games")
    bob = fake.add_user("bob")
    fake.commands.bulk_set(None, [GAME])
    typed = {"game": "Money", "hands": "3", "ranked": "no", "with": "@bob"}
    assert convert(fake, channel, "game new", typed) == {
        "game": "money",
        "hands": 3,
        "ranked": False,
        "with": bob,
    }
    with pytest.raises(CommandUsageError, match="hands must be a number"):
        convert(fake, channel, "game new", {"hands": "three"})
    with pytest.raises(CommandUsageError, match="with: no member carol"):
        convert(fake, channel, "game new", {"with": "carol"})
    paths = [c["path"] for c in flat_commands(fake.commands.list(None), in_dm=False)]
    assert paths == ["game leave", "game new"]
