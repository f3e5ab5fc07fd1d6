"""Attachment storage and the loopback URLs that serve uploaded files back."""

from __future__ import annotations

import mimetypes
from typing import TYPE_CHECKING

from aiohttp import web

from .messages import FakeAttachment

if TYPE_CHECKING:
    from .bodies import UploadedFile
    from .channels import FakeChannel
    from .commands import Attachment
    from .server import FakeDiscord

ATTACHMENT_SIZE_LIMIT = 10 * 1024 * 1024


class Uploads:
    """Keeps every attachment and serves it at `/attachments/{channel}/{id}/{filename}`."""

    def __init__(self, fake: FakeDiscord) -> None:
        self.fake = fake

    def store(
        self,
        channel: FakeChannel,
        upload: UploadedFile | Attachment,
        *,
        filename: str | None = None,
        description: str | None = None,
        ephemeral: bool = False,
    ) -> FakeAttachment:
        """A new attachment for `upload`, with a loopback URL."""
        attachment_id = self.fake.ids.next()
        name = filename or upload.filename
        attachment = FakeAttachment(
            id=attachment_id,
            filename=name,
            content_type=_content_type(name, upload.content_type),
            data=upload.data,
            url=f"{self.fake.http_base}/attachments/{channel.id}/{attachment_id}/{name}",
            description=description,
            ephemeral=ephemeral,
        )
        self.fake.world.attachments[attachment_id] = attachment
        return attachment

    async def serve(self, request: web.Request) -> web.Response:
        """GET handler for attachment URLs."""
        attachment = self.fake.world.attachments.get(int(request.match_info["attachment_id"]))
        if attachment is None or attachment.filename != request.match_info["filename"]:
            raise web.HTTPNotFound()
        return web.Response(body=attachment.data, content_type=attachment.content_type)


def _content_type(filename: str, declared: str) -> str:
    """Discord sniffs the type from the name when the client sent a generic one."""
    if declared and declared != "application/octet-stream":
        return declared
    return mimetypes.guess_type(filename)[0] or "application/octet-stream"
