"""The sandbox's settings: loopback only unless another address is named, its own database
with the world file beside it, a port checked at start."""

from __future__ import annotations

import pytest

from sandbox.settings import BadSetting, SandboxSettings


def test_the_sandbox_listens_on_loopback_only_by_default_with_its_own_database() -> None:
    settings = SandboxSettings.from_env({})
    assert (settings.host, settings.port, settings.db_path) == ("127.0.0.1", 8765, "sandbox.db")
    assert settings.loopback_only
    assert settings.world_path == "sandbox-world.db"


def test_another_address_must_be_named_and_is_not_loopback_only() -> None:
    settings = SandboxSettings.from_env(
        {"TAVOLO_SANDBOX_HOST": "0.0.0.0", "TAVOLO_SANDBOX_DB": "data/games.sqlite"}
    )
    assert not settings.loopback_only
    assert settings.world_path == "data/games-world.sqlite"


@pytest.mark.parametrize("port", ["http", "-1", "70000"])
def test_a_bad_port_is_named(port: str) -> None:
    with pytest.raises(BadSetting, match="TAVOLO_SANDBOX_PORT"):
        SandboxSettings.from_env({"TAVOLO_SANDBOX_PORT": port})
