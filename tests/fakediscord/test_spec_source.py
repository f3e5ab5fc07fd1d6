"""The OpenAPI description is the copy vendored in the repository, with its source and licence."""

from __future__ import annotations

from pathlib import Path

import pytest

from fakediscord.spec import DEFAULT_SPEC_PATH, REPO_ROOT, spec_path

VENDORED = REPO_ROOT / "vendor" / "discord-api-spec"


def test_the_default_spec_is_the_vendored_copy_inside_the_repository(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.delenv("DISCORD_OPENAPI_SPEC", raising=False)
    assert spec_path() == DEFAULT_SPEC_PATH == VENDORED / "openapi.json"
    assert DEFAULT_SPEC_PATH.is_file()
    assert (REPO_ROOT / "pyproject.toml").is_file()


def test_the_vendored_spec_names_its_source_commit_and_licence() -> None:
    readme = (VENDORED / "README.md").read_text(encoding="utf-8")
    assert "discord/discord-api-spec" in readme
    assert "74fda0fad044407ea280043a03ffc9bc64c4e49e" in readme
    assert (VENDORED / "LICENSE").read_text(encoding="utf-8").startswith("MIT License")


def test_the_environment_variable_still_points_at_another_copy(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    other = tmp_path / "openapi.json"
    monkeypatch.setenv("DISCORD_OPENAPI_SPEC", str(other))
    assert spec_path() == other
