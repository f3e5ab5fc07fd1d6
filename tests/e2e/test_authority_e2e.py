"""Who may see and act, as Discord's permissions say (issue 16): `/games` lists only games in
channels the caller may view; a member kicked or banned from the server cannot act through the
DM buttons the bot sent them; `/game new` names the permissions the bot lacks in the channel."""

from __future__ import annotations

from fakediscord import permissions as perms
from tests.e2e.table import PLACE_BID, MoneyTable, refusal, selects
from tests.e2e.test_money_e2e import people, table

__all__ = ["table"]  # the fixture


async def test_games_lists_only_games_in_channels_the_caller_may_view(table: MoneyTable) -> None:
    guild = table.guild
    alice, bob, carol = people(table, "alice", "bob", "carol")
    staff = guild.add_role("staff")
    guild.grant(bob, staff)
    secret = guild.add_text_channel("staff-room")
    secret.hide_from(guild.everyone)
    secret.set_overwrite(staff, allow=perms.VIEW_CHANNEL)
    secret.set_overwrite(guild.bot_role, allow=perms.VIEW_CHANNEL)
    await table.seat_players(alice, [carol], bots=1)
    result = await bob.slash(secret, "game new", options={"game": "money"})
    assert not result.ephemeral, result.content
    await table.fake.settle()

    seen_by_carol = (await carol.slash(table.chan, "games")).content
    seen_by_bob = (await bob.slash(table.chan, "games")).content

    assert f"<#{table.chan.id}>" in seen_by_carol
    assert f"<#{secret.id}>" not in seen_by_carol and "bob" not in seen_by_carol
    assert f"<#{table.chan.id}>" in seen_by_bob and f"<#{secret.id}>" in seen_by_bob


async def test_a_kicked_or_banned_member_cannot_act_through_dm_buttons(table: MoneyTable) -> None:
    alice, bob, carol = people(table, "alice", "bob", "carol")
    await table.seat_players(alice, [bob, carol])
    record = await table.record()
    assert record.state["phase"] == "bid"
    bob_panel = await table.open_panel(bob, "dm")
    carol_panel = await table.open_panel(carol, "dm")
    table.guild.kick(bob)
    table.guild.ban(carol)
    table.expected_errors.add(10007)  # the bot asks Discord for their memberships

    for user, panel in ((bob, bob_panel), (carol, carol_panel)):
        menu = selects(panel)[0]
        result = await user.choose(panel, menu["placeholder"], [menu["options"][0]["label"]])
        assert result.ephemeral and "no longer a member of the server" in result.content
        result = await user.press(panel, PLACE_BID)
        assert result.ephemeral and refusal(result) is not None
        assert "no longer a member of the server" in result.content, result.content
        assert "Nothing was changed" in result.content
    after = await table.record()
    assert after.version == record.version and after.state == record.state


async def test_game_new_names_the_permissions_the_bot_lacks(table: MoneyTable) -> None:
    (alice,) = people(table, "alice")
    table.chan.set_overwrite(table.guild.bot_role, deny=perms.ATTACH_FILES | perms.EMBED_LINKS)
    await table.fake.settle()

    result = await alice.slash(table.chan, "game new", options={"game": "money"})

    assert result.ephemeral
    assert "Attach Files" in result.content and "Embed Links" in result.content
    assert "Send Messages" not in result.content
    assert await table.bot.store.active_game(table.chan.id) is None  # no lobby was opened


LINK = "[gift](https://evil.example)"
TICKS = "``` ``"


def unescaped(text: str, name: str) -> bool:
    """Whether `name` stands in `text` with a markdown character not escaped before it."""
    at = text.find(name)
    while at != -1:
        if at == 0 or text[at - 1] != "\\":
            return True
        at = text.find(name, at + 1)
    return False


async def test_names_in_posts_stay_literal(table: MoneyTable) -> None:
    alice = table.fake.add_user("alice")
    link = table.fake.add_user("gift", global_name=LINK)
    ticks = table.fake.add_user("ticks", global_name=TICKS)
    await table.seat_players(alice, [link, ticks])
    await table.play_step()  # a round of bids is revealed: the board names the bidders
    result = await link.slash(table.chan, "game leave")

    posts = [m.content for m in table.chan.messages()] + [result.content]
    named = [p for p in posts if "gift" in p]
    assert named, "no post names the player"
    assert not [p for p in posts if unescaped(p, LINK) or "```" in p]
    assert "\\[gift](https://evil.example) left the game" in result.content
    assert any("\\`\\`\\` \\`\\`" in p for p in posts)
