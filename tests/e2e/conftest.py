"""Fixtures of the end-to-end tests: the loopback Discord (`fake_discord`)."""

from tests.fakediscord.fixtures import fake_discord

__all__ = ["fake_discord"]
