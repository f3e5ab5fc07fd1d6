"""The sandbox's server on the loopback Discord: one guild with a few text channels and members,
built on the first start and restored with the same ids (and the public messages as they were)
on every later one, from the world file (`persist.WorldFile`)."""

from __future__ import annotations

from fakediscord import FakeAttachment, FakeChannel, FakeDiscord, FakeGuild, FakeMessage, FakeUser
from fakediscord.channels import DM
from fakediscord.events import MessageEvent

from .persist import StoredMessage, WorldFile

GUILD_NAME = "Tavolo sandbox"
CHANNELS = ("general", "games", "more-games")
FIRST_MEMBERS = ("alice", "bob")
MORE_NAMES = ("carol", "dave", "erin", "frank", "grace", "heidi", "ivan", "judy")


class SandboxWorld:
    """The guild, its channels and members, kept in the world file as they change."""

    def __init__(self, fake: FakeDiscord, file: WorldFile) -> None:
        self.fake = fake
        self.file = file
        self.guild = self._guild()
        self.channels = self._channels()
        self.members: list[FakeUser] = [
            fake.add_user(name, user_id=user_id) for user_id, name in file.members()
        ]
        for name in FIRST_MEMBERS if not self.members else ():
            self.add_member(name)
        self._restore_dms()
        self._restore_messages()
        fake.world.log.keep = False  # the world file keeps what matters; memory stays flat
        fake.world.log.listeners.append(self._keep)

    def _guild(self) -> FakeGuild:
        guild = self.fake.add_guild(GUILD_NAME, guild_id=self.file.get_id("guild"))
        self.file.set_id("guild", guild.id)
        return guild

    def _channels(self) -> list[FakeChannel]:
        stored = self.file.channels()
        if stored:
            return [self.guild.add_channel(name, channel_id=cid) for cid, name in stored]
        made = [self.guild.add_text_channel(name) for name in CHANNELS]
        for channel in made:
            self.file.add_channel(channel.id, channel.name or "")
        return made

    # -- members ------------------------------------------------------------------------
    def member(self, user_id: int) -> FakeUser | None:
        """The sandbox member with this id (None for anyone else)."""
        return next((m for m in self.members if m.id == user_id), None)

    def add_member(self, name: str | None = None) -> FakeUser:
        """A new member of the server (the next free name unless `name` is given)."""
        taken = {m.username for m in self.members}
        if name is None:
            spare = [n for n in (*FIRST_MEMBERS, *MORE_NAMES) if n not in taken]
            name = spare[0] if spare else f"member{len(self.members) + 1}"
        user = self.fake.add_user(name, guilds=[self.guild])
        self.members.append(user)
        self.file.add_member(user.id, name)
        return user

    def channel(self, channel_id: int) -> FakeChannel | None:
        """A server channel or a DM channel by id."""
        return self.fake.world.channels.get(channel_id)

    # -- keeping and restoring ----------------------------------------------------------
    def _restore_dms(self) -> None:
        world = self.fake.world
        for user_id, channel_id in self.file.dms():
            user = world.users.get(user_id)
            if user is not None:
                channel = FakeChannel(self.fake, channel_id, DM, recipient=user)
                world.dm_channels[user_id] = channel
                world.channels[channel_id] = channel

    def _restore_messages(self) -> None:
        for stored in self.file.messages():
            channel = self.channel(stored.channel_id)
            if channel is not None:
                self.fake.world.add_message(self._message(stored, channel))

    def _message(self, stored: StoredMessage, channel: FakeChannel) -> FakeMessage:
        payload = stored.payload
        author = self.fake.world.users.get(int(payload["author"]["id"]), self.fake.bot_user)
        pictures = {a.id: a for a in stored.attachments}
        attachments = [
            FakeAttachment(
                id=a.id,
                filename=a.filename,
                content_type=a.content_type,
                data=a.data,
                url=f"{self.fake.http_base}/attachments/{channel.id}/{a.id}/{a.filename}",
                description=a.description,
            )
            for a in (pictures.get(int(p["id"])) for p in payload.get("attachments") or [])
            if a is not None
        ]
        return FakeMessage(
            id=stored.id,
            channel=channel,
            author=author,
            content=payload.get("content") or "",
            embeds=payload.get("embeds") or [],
            components=payload.get("components") or [],
            attachments=attachments,
            flags=payload.get("flags") or 0,
            type=payload.get("type") or 0,
            timestamp=payload.get("timestamp") or "",
            edited_timestamp=payload.get("edited_timestamp"),
            application_id=self.fake.application_id if payload.get("application_id") else None,
            interaction_metadata=payload.get("interaction_metadata"),
            message_reference=payload.get("message_reference"),
        )

    def _keep(self, event: MessageEvent) -> None:
        """Keep each public message's newest state (and each DM channel) in the world file, and
        only the newest in memory: earlier revisions and pictures an edit replaced are dropped."""
        message = event.message
        self._forget_replaced(message)
        if message.visible_to is not None or message.loading:
            return
        channel = message.channel
        if channel.type == DM and channel.recipient is not None:
            self.file.set_dm(channel.recipient.id, channel.id)
        if event.kind == "delete":
            self.file.delete_message(message.id)
        else:
            attachments: list[FakeAttachment] = list(event.attachments)
            self.file.save_message(message.id, channel.id, event.payload, attachments)

    def _forget_replaced(self, message: FakeMessage) -> None:
        shown = set() if message.deleted else {a.id for a in message.attachments}
        for attachment in message.attachments if message.deleted else ():
            self.fake.world.attachments.pop(attachment.id, None)
        for revision in message.revisions:
            for attachment in revision.get("attachments") or []:
                if int(attachment["id"]) not in shown:
                    self.fake.world.attachments.pop(int(attachment["id"]), None)
        message.revisions.clear()
