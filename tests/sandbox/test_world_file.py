"""The sandbox's world survives a restart: the same guild, channel and member ids (so the bot's
stored games still match their channels), the public posts with their pictures (so the bot can
still edit its live boards), the DM channels; ephemeral answers are not kept."""

from __future__ import annotations

from pathlib import Path

from fakediscord import FakeDiscord
from fakediscord.bodies import UploadedFile
from sandbox.persist import WorldFile
from sandbox.views import message_view
from sandbox.world import SandboxWorld

PNG = b"\x89PNG\r\n\x1a\n" + b"\x00\x00\x00\rIHDR" + (640).to_bytes(4, "big") * 2 + b"rest"


def picture_post(fake: FakeDiscord, channel, content: str):
    upload = UploadedFile(0, "board.png", "image/png", PNG)
    payload = {"content": content, "attachments": [{"id": "0", "filename": "board.png"}]}
    return fake.message_ops.create(channel, payload, [upload])


async def test_a_restarted_sandbox_has_the_same_server_posts_pictures_and_dms(
    tmp_path: Path,
) -> None:
    path = str(tmp_path / "sandbox.db.world")
    first = FakeDiscord()
    world = SandboxWorld(first, WorldFile(path))
    carol = world.add_member()
    games = world.channels[1]
    board = picture_post(first, games, "**Money** · table #1")
    first.message_ops.edit(board, {"content": "**Money** · table #1 (edited)"}, [])
    old_picture = board.attachments[0].id
    new_picture = UploadedFile(0, "board.png", "image/png", PNG + b"2")
    first.message_ops.edit(board, {"attachments": [{"id": "0"}]}, [new_picture])
    assert old_picture not in first.world.attachments  # memory: only what is shown is kept
    assert board.revisions == []
    gone = first.message_ops.create(games, {"content": "a post later deleted"}, [])
    first.message_ops.delete(gone)
    first.message_ops.create(games, {"content": "only carol"}, [], visible_to=carol)
    dm = first.dm_channel(carol)
    first.message_ops.create(dm, {"content": "your hand"}, [])
    world.file.close()

    again = FakeDiscord()
    restored = SandboxWorld(again, WorldFile(path))
    assert restored.guild.id == world.guild.id
    assert [(c.id, c.name) for c in restored.channels] == [(c.id, c.name) for c in world.channels]
    assert [(m.id, m.username) for m in restored.members] == [
        (m.id, m.username) for m in world.members
    ]
    assert [m.username for m in restored.members] == ["alice", "bob", "carol"]
    kept = restored.channels[1].messages()
    assert [(m.id, m.content) for m in kept] == [(board.id, "**Money** · table #1 (edited)")]
    assert kept[0].attachments[0].data == PNG + b"2"
    assert kept[0].author is again.bot_user
    view = message_view(kept[0].payload())
    assert view["attachments"][0]["url"] == f"/files/{board.attachments[0].id}/board.png"
    assert view["attachments"][0]["width"] == 640
    carol_again = restored.member(carol.id)
    assert carol_again is not None
    assert again.dm_channel(carol_again).id == dm.id
    assert [m.content for m in carol_again.dms()] == ["your hand"]
    assert carol_again.ephemerals() == []
