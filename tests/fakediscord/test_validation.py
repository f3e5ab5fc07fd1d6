"""Every request is checked against Discord's OpenAPI description (plus documented extras)."""

from __future__ import annotations

import json
import os
import re
import subprocess
import sys
import textwrap
from pathlib import Path
from typing import Any

import discord
import pytest
from discord.http import Route

from fakediscord.errors import Failure

from .conftest import Table
from .fixtures import fail_on_failures

MESSAGES = "/channels/{channel_id}/messages"


async def _post_message(table: Table, payload: dict[str, Any]) -> discord.HTTPException:
    route = Route("POST", MESSAGES, channel_id=table.chan.id)
    with pytest.raises(discord.HTTPException) as caught:
        await table.bot.http.request(route, json=payload)
    return caught.value


def _only_failure(table: Table) -> Failure:
    failures = table.fake.take_failures()
    assert len(failures) == 1, failures
    return failures[0]


async def test_unknown_route_fails_with_404(table: Table) -> None:
    with pytest.raises(discord.NotFound):
        await table.bot.http.request(Route("GET", "/channels/{channel_id}/nonsense", channel_id=1))
    failure = _only_failure(table)
    assert failure.kind == "route" and failure.path == "/channels/1/nonsense"
    assert "unknown route" in str(failure)


async def test_method_not_in_spec_fails_with_405(table: Table) -> None:
    with pytest.raises(discord.HTTPException) as caught:
        await table.bot.http.request(Route("DELETE", "/gateway/bot"))
    assert caught.value.status == 405
    assert _only_failure(table).kind == "method"


async def test_select_menu_with_26_options_is_invalid_form_body(table: Table) -> None:
    options = [{"label": f"card {i}", "value": str(i)} for i in range(26)]
    select = {"type": 3, "custom_id": "pick", "options": options}
    error = await _post_message(table, {"components": [{"type": 1, "components": [select]}]})
    assert (error.status, error.code) == (400, 50035)
    failure = _only_failure(table)
    assert failure.template == MESSAGES
    assert failure.message.startswith("components.0.components.0.options: Must be 25 or fewer")
    assert "is too long" in failure.schema_message
    assert "components.0.components.0.options" in error.text


async def test_button_label_over_80_characters_is_refused(table: Table) -> None:
    button = {"type": 2, "style": 1, "custom_id": "b", "label": "x" * 81}
    error = await _post_message(table, {"components": [{"type": 1, "components": [button]}]})
    assert error.code == 50035
    failure = _only_failure(table)
    assert failure.message.startswith("components.0.components.0.label: Must be 80 or fewer")
    assert str(failure).startswith(f"[body] POST {MESSAGES}: ")


async def test_embed_title_over_256_characters_is_refused(table: Table) -> None:
    error = await _post_message(table, {"embeds": [{"title": "t" * 257}]})
    assert error.code == 50035
    assert _only_failure(table).message.startswith("embeds.0.title: Must be 256 or fewer")


async def _post_with_file(table: Table, payload: dict[str, Any]) -> discord.HTTPException:
    """POST a message as discord.py sends one with a file: `payload_json` and `files[0]`."""
    payload = {**payload, "attachments": [{"id": 0, "filename": "table.png"}]}
    form = [
        {"name": "payload_json", "value": json.dumps(payload)},
        {
            "name": "files[0]",
            "value": b"\x89PNG\r\n\x1a\n",
            "filename": "table.png",
            "content_type": "image/png",
        },
    ]
    route = Route("POST", MESSAGES, channel_id=table.chan.id)
    with pytest.raises(discord.HTTPException) as caught:
        await table.bot.http.request(route, form=form)
    return caught.value


async def test_multipart_payload_json_is_validated_like_a_json_body(table: Table) -> None:
    options = [{"label": f"card {i}", "value": str(i)} for i in range(26)]
    select = {"type": 3, "custom_id": "pick", "options": options}
    error = await _post_with_file(table, {"components": [{"type": 1, "components": [select]}]})
    assert (error.status, error.code) == (400, 50035)
    failure = _only_failure(table)
    assert failure.kind == "body" and failure.template == MESSAGES
    assert failure.message.startswith("components.0.components.0.options: Must be 25 or fewer")
    assert "is too long" in failure.schema_message
    assert str(failure).startswith(f"[body] POST {MESSAGES}: ")

    error = await _post_with_file(table, {"embeds": [{"title": "t" * 257}]})
    assert error.code == 50035
    failure = _only_failure(table)
    assert failure.template == MESSAGES
    assert failure.message.startswith("embeds.0.title: Must be 256 or fewer")
    assert table.chan.messages() == []  # neither was posted


def _embed_of(total: int) -> dict[str, Any]:
    """An embed of `total` characters, each field within its own limit."""
    footer = total - 256 - 4096
    assert 0 < footer <= 2048
    return {"title": "t" * 256, "description": "d" * 4096, "footer": {"text": "f" * footer}}


async def test_embeds_over_6000_characters_in_all_are_refused(table: Table) -> None:
    route = Route("POST", MESSAGES, channel_id=table.chan.id)
    await table.bot.http.request(route, json={"embeds": [_embed_of(6000)]})
    assert table.fake.take_failures() == []  # exactly the limit is fine

    error = await _post_message(table, {"embeds": [_embed_of(6001)]})
    assert (error.status, error.code) == (400, 50035)
    failure = _only_failure(table)
    assert failure.kind == "extra" and failure.template == MESSAGES
    assert failure.message.startswith("embeds: Embed size exceeds maximum size of 6000 (got 6001)")

    # The total counts every embed of the message; each alone would be fine.
    halves = [{"description": "d" * 3001}, {"description": "d" * 3000}]
    error = await _post_with_file(table, {"embeds": halves})
    assert error.code == 50035
    assert "exceeds maximum size of 6000 (got 6001)" in _only_failure(table).message
    assert len(table.chan.messages()) == 1


async def test_command_description_over_100_characters_is_refused(table: Table) -> None:
    template = "/applications/{application_id}/guilds/{guild_id}/commands"
    route = Route(
        "PUT", template, application_id=table.fake.application_id, guild_id=table.guild.id
    )
    with pytest.raises(discord.HTTPException) as caught:
        await table.bot.http.request(route, json=[{"name": "x", "description": "d" * 101}])
    assert caught.value.code == 50035
    failure = _only_failure(table)
    assert failure.template == template
    assert failure.message.startswith("0.description: Must be 100 or fewer")


@pytest.mark.parametrize(
    ("localized", "message"),
    [
        ({"name_localizations": {"it": "Partita"}}, "breaks the command naming rule"),
        ({"name_localizations": {"xx": "partita"}}, "is not a locale"),
        ({"description_localizations": {"nl": "d" * 101}}, "Must be 100 or fewer"),  # the spec
    ],
)
async def test_a_bad_command_localization_is_refused(
    table: Table, localized: dict, message: str
) -> None:
    template = "/applications/{application_id}/guilds/{guild_id}/commands"
    route = Route(
        "PUT", template, application_id=table.fake.application_id, guild_id=table.guild.id
    )
    command = {"name": "game", "description": "A game.", **localized}
    with pytest.raises(discord.HTTPException) as caught:
        await table.bot.http.request(route, json=[command])
    assert caught.value.code == 50035
    assert message in _only_failure(table).message


async def test_two_options_with_one_localized_name_are_refused(table: Table) -> None:
    template = "/applications/{application_id}/guilds/{guild_id}/commands"
    route = Route(
        "PUT", template, application_id=table.fake.application_id, guild_id=table.guild.id
    )
    options = [
        {"type": 3, "name": n, "description": "x", "name_localizations": {"nl": "spel"}}
        for n in ("game", "play")
    ]
    command = {"name": "game", "description": "A game.", "options": options}
    with pytest.raises(discord.HTTPException):
        await table.bot.http.request(route, json=[command])
    assert "Two options are named 'spel' in nl" in _only_failure(table).message
    good = [{"type": 3, "name": "game", "description": "x", "name_localizations": {"it": "gioco"}}]
    await table.bot.http.request(route, json=[{**command, "options": good}])
    assert table.fake.take_failures() == []


async def test_documented_limits_missing_from_the_spec_are_checked_too(table: Table) -> None:
    """The spec allows 4000 characters of content; Discord's docs (and Discord) say 2000."""
    error = await _post_message(table, {"content": "x" * 2001})
    assert error.code == 50035
    failure = _only_failure(table)
    assert failure.kind == "extra" and failure.message.startswith("content: Must be 2000")


async def test_query_and_path_parameters_are_validated(table: Table) -> None:
    with pytest.raises(discord.HTTPException):
        await table.bot.http.request(Route("GET", "/channels/{channel_id}", channel_id="abc"))
    with pytest.raises(discord.HTTPException):
        route = Route("GET", "/channels/{channel_id}", channel_id=table.chan.id)
        await table.bot.http.request(route, params={"colour": "blue"})
    kinds = [f.kind for f in table.fake.take_failures()]
    assert kinds == ["path", "query"]


async def test_valid_requests_record_no_failure(table: Table) -> None:
    route = Route("POST", MESSAGES, channel_id=table.chan.id)
    await table.bot.http.request(route, json={"content": "ok", "embeds": [{"title": "t"}]})
    await table.bot.http.request(Route("GET", "/channels/{channel_id}", channel_id=table.chan.id))
    assert table.fake.failures == []


def test_fail_on_failures_fails_listing_route_and_message() -> None:
    failure = Failure("body", "POST", "/channels/1/messages", MESSAGES, "embeds.0.title: too long")
    with pytest.raises(pytest.fail.Exception, match=r"POST /channels/\{channel_id\}/messages"):
        fail_on_failures([failure])
    fail_on_failures([])


FAILING_TEST = """
import discord
from discord.http import Route
from tests.fakediscord.fixtures import fake_discord  # noqa: F401
from tests.fakediscord.minibot import running_minibot


async def test_sends_an_invalid_embed(fake_discord):
    guild = fake_discord.add_guild("T")
    chan = guild.add_text_channel("c")
    async with running_minibot(fake_discord, guild.id) as bot:
        route = Route("POST", "/channels/{channel_id}/messages", channel_id=chan.id)
        try:
            await bot.http.request(route, json={"embeds": [{"title": "t" * 300}]})
        except discord.HTTPException:
            pass  # the bot swallowed the error: only the fixture can notice
"""


def test_fixture_fails_the_test_at_teardown(tmp_path: Path) -> None:
    (tmp_path / "test_invalid.py").write_text(textwrap.dedent(FAILING_TEST))
    env = {**os.environ, "PYTHONPATH": str(Path(__file__).resolve().parents[2])}
    options = ["-o", "asyncio_mode=auto", "-o", "asyncio_default_fixture_loop_scope=function"]
    run = subprocess.run(
        [sys.executable, "-m", "pytest", "-q", "-p", "no:cacheprovider", *options],
        cwd=tmp_path,
        env=env,
        capture_output=True,
        text=True,
        timeout=60,
    )
    assert run.returncode == 1, run.stdout + run.stderr
    assert re.search(r"1 passed.* 1 error", run.stdout), run.stdout
    assert "ERROR at teardown of test_sends_an_invalid_embed" in run.stdout
    assert "embeds.0.title: Must be 256 or fewer" in run.stdout
