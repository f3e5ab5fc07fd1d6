"""Slash commands, autocomplete, buttons, selects, modals, deferrals, ephemerals."""

from __future__ import annotations

import pytest

from fakediscord.commands import Attachment, CommandUsageError
from fakediscord.components import ComponentNotFound

from .conftest import Table


async def test_slash_command_payload_is_shaped_like_discord(table: Table) -> None:
    result = await table.alice.slash(table.chan, "game new", game="money")
    sent = result.payload
    assert sent["type"] == 2 and sent["version"] == 1 and sent["token"]
    assert sent["application_id"] == str(table.fake.application_id)
    assert sent["guild_id"] == str(table.guild.id) and sent["channel"]["id"] == str(table.chan.id)
    assert sent["member"]["user"]["username"] == "alice" and "permissions" in sent["member"]
    assert sent["context"] == 0 and sent["entitlements"] == []
    assert {"locale", "guild_locale", "app_permissions", "attachment_size_limit"} <= set(sent)
    synced = {c["name"]: c for c in table.fake.commands.list(table.guild.id)}
    assert sent["data"]["id"] == synced["game"]["id"]
    assert sent["data"]["options"] == [
        {"type": 1, "name": "new", "options": [{"type": 3, "name": "game", "value": "money"}]}
    ]
    assert result.response_type == 4 and result.content == "Lobby for money"
    assert result.message in table.chan.messages()


async def test_unknown_commands_and_options_are_refused_by_the_table(table: Table) -> None:
    with pytest.raises(CommandUsageError, match="not synced"):
        await table.alice.slash(table.chan, "nope")
    with pytest.raises(CommandUsageError, match="no subcommand"):
        await table.alice.slash(table.chan, "game fly")
    with pytest.raises(CommandUsageError, match="required option 'game'"):
        await table.alice.slash(table.chan, "game new")


async def test_autocomplete_returns_the_bots_choices(table: Table) -> None:
    choices = await table.alice.autocomplete(table.chan, "game new", option="game", value="n")
    assert [c["name"] for c in choices] == ["nycards", "newyork"]


async def test_button_press_edits_the_message_and_buttons_stay_pressable(table: Table) -> None:
    lobby = (await table.alice.slash(table.chan, "game new", game="money")).message
    assert lobby is not None
    pressed = await table.alice.press(lobby, "Join")
    assert pressed.response_type == 7 and pressed.message is lobby
    assert lobby.content == "Players: alice" and lobby.revisions[0]["content"] == "Lobby for money"
    await table.bob.press(lobby, "Join")
    assert lobby.content == "Players: alice, bob"
    with pytest.raises(ComponentNotFound, match="no button 'Leave'"):
        await table.alice.press(lobby, "Leave")


async def test_select_by_label_answers_ephemerally_only_to_the_chooser(table: Table) -> None:
    lobby = (await table.alice.slash(table.chan, "game new", game="money")).message
    assert lobby is not None
    result = await table.alice.choose(lobby, "Pick cards", ["€20 #12", "€5 #1"])
    assert result.ephemeral and result.content == "picked card0,card2"
    assert result.message in table.alice.ephemerals()
    assert result.message not in table.chan.messages()
    table.fake.assert_never_seen(table.bob, "picked")
    with pytest.raises(AssertionError, match="alice saw 'picked'"):
        table.fake.assert_never_seen(table.alice, "picked")
    with pytest.raises(ComponentNotFound, match="between 1 and 2"):
        await table.alice.choose(lobby, "Pick cards", ["€20 #12", "€10 #3", "€5 #1"])


async def test_modal_round_trip(table: Table) -> None:
    opened = await table.alice.slash(table.chan, "game ask")
    assert opened.response_type == 9 and opened.modal is not None
    submitted = await table.alice.submit_modal(opened, {"Amount": "42"})
    assert submitted.payload["type"] == 5 and submitted.content == "bid 42"


async def test_defer_then_dm_then_follow_up(table: Table) -> None:
    result = await table.alice.slash(table.chan, "game deal", player=table.alice)
    assert result.response_type == 5
    assert result.content == "dealt to alice" and not result.message.loading
    assert [m.content for m in table.alice.dms()] == ["Your hand: €20 #12"]
    assert result.payload["data"]["resolved"]["users"][str(table.alice.id)]["username"] == "alice"
    table.fake.assert_never_seen(table.bob, "€20 #12")


async def test_ephemeral_deferral_filled_by_editing_original_then_follow_up(table: Table) -> None:
    result = await table.alice.slash(table.chan, "game later")
    assert [(m.content, m.ephemeral) for m in result.messages] == [
        ("done later", True),
        ("and a follow-up", True),
    ]
    table.fake.assert_never_seen(table.bob, "done later")


async def test_subcommand_group_options_are_nested_and_typed(table: Table) -> None:
    result = await table.alice.slash(table.chan, "game admin reset", confirm=True, seats=3)
    assert result.payload["data"]["options"] == [
        {
            "type": 2,
            "name": "admin",
            "options": [
                {
                    "type": 1,
                    "name": "reset",
                    "options": [
                        {"type": 5, "name": "confirm", "value": True},
                        {"type": 4, "name": "seats", "value": 3},
                    ],
                }
            ],
        }
    ]
    assert result.content == "reset confirm=True seats=3"


async def test_attachment_option_is_resolved_and_downloadable(table: Table) -> None:
    upload = Attachment("rules.txt", b"no cheating", "text/plain")
    result = await table.alice.slash(table.chan, "game admin upload", file=upload)
    assert result.content == "rules.txt: 11 bytes"
    (resolved,) = result.payload["data"]["resolved"]["attachments"].values()
    assert resolved["url"].startswith(table.fake.http_base)
