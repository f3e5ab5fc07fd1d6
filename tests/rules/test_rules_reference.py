"""The rules reference in docs/rules/ is complete and points at tests that exist."""

from __future__ import annotations

import re
from pathlib import Path

REPO_ROOT = Path(__file__).resolve().parents[2]
REFERENCE = REPO_ROOT / "docs" / "rules"
GAMES = ("money", "palazzo", "nycards", "newyork")


def test_there_is_one_reference_per_game_and_an_index() -> None:
    index = (REFERENCE / "README.md").read_text(encoding="utf-8")
    for game in GAMES:
        assert (REFERENCE / f"{game}.md").is_file(), game
        assert f"({game}.md)" in index, game


def test_every_test_a_reference_names_exists() -> None:
    defined = set()
    for source in (REPO_ROOT / "tests" / "rules").glob("test_*.py"):
        defined |= set(re.findall(r"^def (test_\w+)", source.read_text(encoding="utf-8"), re.M))
    for game in GAMES:
        text = (REFERENCE / f"{game}.md").read_text(encoding="utf-8")
        named = re.findall(r"`(test_\w+)`", text)
        assert named, game
        assert set(named) <= defined, (game, set(named) - defined)
