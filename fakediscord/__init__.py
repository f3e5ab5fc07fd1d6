"""fakediscord: a Discord stand-in on loopback, for the tests and the sandbox, that an
unmodified discord.py bot connects to.

REST and gateway speak Discord's protocol; every request is validated against Discord's
OpenAPI description; tests script users who run slash commands, press buttons and read DMs.
See `server.FakeDiscord` for the entry point and `fixtures` for the pytest fixture.
"""

from .channels import FakeChannel
from .commands import Attachment, CommandUsageError
from .components import ComponentNotFound
from .errors import ErrorAnswer, Failure
from .guilds import FakeGuild, FakeMember, FakeRole
from .interactions import InteractionResult, NoResponse
from .messages import FakeAttachment, FakeMessage
from .server import FakeDiscord
from .users import FakeUser

__all__ = [
    "Attachment",
    "CommandUsageError",
    "ComponentNotFound",
    "ErrorAnswer",
    "Failure",
    "FakeAttachment",
    "FakeChannel",
    "FakeDiscord",
    "FakeGuild",
    "FakeMember",
    "FakeMessage",
    "FakeRole",
    "FakeUser",
    "InteractionResult",
    "NoResponse",
]
