"""TAVOLO_SHARDS: which of Discord's shards this process holds (`0-3/8`, `2/8`, `0,2/4`),
checked when the settings are read, and how the bot is built from it (discord.py's
AutoShardedBot: every shard when unset, the named ones when set)."""

from __future__ import annotations

from pathlib import Path

import pytest

from bot import TavoloBot
from config import MissingSetting, Settings
from db.store import Store
from service.shards import DEFAULT_LEASE_SECONDS, ShardSpec, shard_of

TOKEN = {"DISCORD_TOKEN": "x"}


@pytest.mark.parametrize(
    ("text", "ids", "count"),
    [
        ("0-3/8", (0, 1, 2, 3), 8),
        ("2/8", (2,), 8),
        ("0,2/4", (0, 2), 4),
        (" 5, 0-1 / 8 ", (0, 1, 5), 8),
        ("0/1", (0,), 1),
    ],
)
def test_the_shards_of_a_process_are_read_from_tavolo_shards(
    text: str, ids: tuple[int, ...], count: int
) -> None:
    shards = Settings.from_env({**TOKEN, "TAVOLO_SHARDS": text}).shards
    assert shards == ShardSpec(ids, count)


@pytest.mark.parametrize(
    ("text", "why"),
    [
        ("8/8", "shard 8 does not exist"),
        ("3-1/8", "runs backwards"),
        ("0-3", "is not IDS/COUNT"),
        ("a/b", "is not IDS/COUNT"),
        ("0/0", "count must be 1 to 4096"),
        ("1-2-3/8", "is not a shard or a range"),
        (",/4", "is not a shard or a range"),
    ],
)
def test_a_bad_shard_setting_is_refused_saying_why(text: str, why: str) -> None:
    with pytest.raises(MissingSetting, match="TAVOLO_SHARDS") as refused:
        Settings.from_env({**TOKEN, "TAVOLO_SHARDS": text})
    assert why in str(refused.value) and "0-3/8 holds shards 0 to 3 of 8" in str(refused.value)


def test_unset_shards_mean_every_shard_in_this_process_and_the_lease_has_bounds() -> None:
    settings = Settings.from_env(TOKEN)
    assert settings.shards is None
    assert settings.shard_lease_seconds == DEFAULT_LEASE_SECONDS == 20
    lease = {**TOKEN, "TAVOLO_SHARD_LEASE_SECONDS": "3"}
    assert Settings.from_env(lease).shard_lease_seconds == 3
    for bad in ("0", "601", "soon"):
        with pytest.raises(MissingSetting, match="TAVOLO_SHARD_LEASE_SECONDS"):
            Settings.from_env({**lease, "TAVOLO_SHARD_LEASE_SECONDS": bad})


def test_a_spec_is_written_back_with_its_ranges_folded() -> None:
    assert ShardSpec((0, 1, 2, 3, 6), 8).text() == "0-3,6/8"
    assert ShardSpec.parse(ShardSpec((1, 3, 4), 5).text()) == ShardSpec((1, 3, 4), 5)


def test_a_server_is_on_shard_guild_id_shifted_22_modulo_the_count() -> None:
    guild = (5 << 22) | 12345  # the low 22 bits do not count
    assert shard_of(guild, 4) == 1 and shard_of(guild, 5) == 0
    assert ShardSpec((1,), 4).holds(guild) and not ShardSpec((0, 2), 4).holds(guild)
    assert shard_of(None, 4) == 0  # DMs: shard 0


async def test_the_bot_holds_the_named_shards_or_lets_discord_py_choose(tmp_path: Path) -> None:
    store = await Store.open(str(tmp_path / "tavolo.db"))
    try:
        sharded = TavoloBot(Settings.from_env({**TOKEN, "TAVOLO_SHARDS": "2-3/8"}), store)
        assert (sharded.shard_ids, sharded.shard_count) == ([2, 3], 8)
        automatic = TavoloBot(Settings.from_env(TOKEN), store)
        assert (automatic.shard_ids, automatic.shard_count) == (None, None)
    finally:
        await store.close()
