"""Who may do what, at the service and at the cog handlers, for every registered game:

- only seated members act, and only ever for their own seat;
- a button made for one seat refuses every other clicker (in the channel and in DMs), and a
  copied "My hand" button shows the clicker's own hand, never the original owner's;
- only the host or a member who may manage the server aborts a game;
- buttons of a game in another channel are refused;
- every command that works on "this channel's game" answers clearly in a channel without one.
"""

from __future__ import annotations

import random
from types import SimpleNamespace
from typing import Any

import pytest
from discord import AppCommandOptionType as OptionType
from discord import app_commands

from cogs.lobby import Lobby
from cogs.play import Play
from db.store import Store
from fakediscord.inprocess import FakeBot, FakeInteraction, message_with
from games import rules_of
from i18n import t
from interface import custom_ids as ids
from interface.lobby_actions import press_lobby
from interface.messages import hand_panel
from interface.play_actions import change_pick, confirm_pick, press_move, show_hand
from rules.errors import RuleError
from service.errors import TableError
from service.tables import TableService
from tests.helpers.playout import random_action
from tests.reliability.driving import (
    GAME_IDS,
    assert_consistent,
    member_move,
    seated_game,
    waiting_members,
)

OUTSIDER = 9_999
NOT_SEATED = t("error.not_seated")
NO_GAME = t("error.no_game")


pytestmark = pytest.mark.usefixtures("no_pictures")


async def members_game(tables: TableService, game_id: str, channel: int = 1, bots: int = 0):
    info = rules_of(game_id).info
    count = max(info.min_players - bots, 1)
    members = [100 * channel + k for k in range(count)]
    return await seated_game(tables, game_id, channel, members, bots=bots)


async def snapshot(store: Store, game_id: int) -> tuple[int, int]:
    record = await store.get_game(game_id)
    assert record is not None
    return record.version, len(await store.actions(game_id))


# ------------------------------------------------------------------ the service


@pytest.mark.parametrize("game_id", GAME_IDS)
async def test_members_act_only_for_their_own_seat(
    game_id: str, tables: TableService, store: Store
) -> None:
    """Anyone tries any seat's legal move: outsiders are refused as not playing, members
    play only their own seat, and every refusal changes nothing."""
    record = await members_game(tables, game_id)
    game = rules_of(game_id)
    rng = random.Random(11)
    users = [s.user_id for s in record.seats] + [OUTSIDER]
    applied = refused = 0
    for _ in range(150):
        if record.status != "running":
            break
        seat = rng.choice(sorted(record.waiting))
        action = random_action(game, record.state, seat, rng)
        user = rng.choice(users)
        since = rng.choice([None, record.waiting[seat]])
        before = await snapshot(store, record.id)
        try:
            step = await tables.play.move(record.id, user, action, since=since)
        except (TableError, RuleError) as err:
            if user == OUTSIDER:
                assert isinstance(err, TableError) and err.key == "error.not_seated"
            assert await snapshot(store, record.id) == before
            refused += 1
            continue
        own = record.seat_of(user)
        assert step.moves[0] == (own, action), "a member played for another seat"
        logged = next(a for a in await store.actions(record.id) if a.version > before[0])
        assert (logged.seat, logged.user_id) == (own, user)
        record = step.record
        applied += 1
    await assert_consistent(store, record.id)
    assert applied > 5 and refused > 5


@pytest.mark.parametrize("game_id", GAME_IDS)
async def test_only_the_host_or_a_server_manager_aborts(
    game_id: str, tables: TableService, store: Store
) -> None:
    record = await members_game(tables, game_id)
    guest = record.seats[1].user_id if len(record.seats) > 1 else OUTSIDER
    with pytest.raises(TableError) as err:
        await tables.lobby.abort(record.id, guest, manager=False)
    assert err.value.key == "error.host_only_abort"
    with pytest.raises(TableError):
        await tables.lobby.abort(record.id, OUTSIDER, manager=False)
    assert (await tables.game(record.id)).status == "running"
    assert (await tables.lobby.abort(record.id, OUTSIDER, manager=True)).status == "aborted"
    record = await members_game(tables, game_id, channel=2)
    assert (await tables.lobby.abort(record.id, record.host_id, manager=False)).status == "aborted"


# ------------------------------------------------------------------ the cog handlers


@pytest.mark.parametrize("game_id", GAME_IDS)
@pytest.mark.parametrize("place", ["channel", "dm"])
async def test_a_button_for_one_seat_refuses_every_other_clicker(
    game_id: str, place: str, tables: TableService, store: Store, bot: FakeBot
) -> None:
    """Each waiting seat's genuine move button, pick menu and pick confirmation, pressed by
    every other member and an outsider, in the channel or in DMs: refused with the right
    words, nothing changes. The owner's press works."""
    record = await members_game(tables, game_id)
    guild, channel = (1, record.channel_id) if place == "channel" else (None, 55)
    other_seat = t("error.not_your_turn" if place == "channel" else "error.not_your_panel")
    rng = random.Random(3)
    checked = 0
    for _ in range(6):
        if record.status != "running":
            break
        seat = waiting_members(record)[0]
        since = record.waiting[seat]
        action = random_action(rules_of(game_id), record.state, seat, rng)
        picks = rules_of(game_id).choices(record.state, seat).picks
        panel = hand_panel(record, seat, "en")
        before = await snapshot(store, record.id)
        for user in [s.user_id for s in record.seats if s.user_id] + [OUTSIDER]:
            if user == record.seats[seat].user_id:
                continue
            expected = NOT_SEATED if user == OUTSIDER else other_seat
            press = FakeInteraction(bot, user, guild_id=guild, channel_id=channel)
            await press_move(press, record.id, seat, since, action)
            assert press.refusal == expected
            for pick in picks:
                chosen = set(pick.items[: pick.min])
                press = FakeInteraction(
                    bot,
                    user,
                    guild_id=guild,
                    channel_id=channel,
                    message=message_with(bot, panel.view, chosen),
                )
                await confirm_pick(press, record.id, seat, since, pick.kind)
                assert press.refusal == expected
                custom_id = ids.pick_id(record.id, seat, since, pick.kind, 0)
                press = FakeInteraction(
                    bot, user, guild_id=guild, channel_id=channel, data={"custom_id": custom_id}
                )
                await change_pick(press, record.id, seat, since, pick.kind, [str(pick.items[0])])
                assert press.refusal == expected
            checked += 1
        assert await snapshot(store, record.id) == before
        owner = FakeInteraction(bot, record.seats[seat].user_id, guild_id=guild, channel_id=channel)
        await press_move(owner, record.id, seat, since, action)
        assert owner.answers[0].how == "defer", owner.answers
        record = await tables.game(record.id)
    assert checked


@pytest.mark.parametrize("game_id", GAME_IDS)
async def test_a_copied_hand_button_shows_the_clickers_own_hand(
    game_id: str, tables: TableService, bot: FakeBot
) -> None:
    record = await members_game(tables, game_id)
    for seat, member in enumerate(record.seats):
        for place in ((1, record.channel_id), (None, 55)):
            press = FakeInteraction(bot, member.user_id, guild_id=place[0], channel_id=place[1])
            await show_hand(press, record.id)
            (answer,) = press.answers
            assert answer.ephemeral and answer.content == hand_panel(record, seat, "en").content
    press = FakeInteraction(bot, OUTSIDER, guild_id=1, channel_id=record.channel_id)
    await show_hand(press, record.id)
    assert press.refusal == NOT_SEATED


@pytest.mark.parametrize("game_id", GAME_IDS)
async def test_buttons_of_a_game_in_another_channel_are_refused(
    game_id: str, tables: TableService, store: Store, bot: FakeBot
) -> None:
    first = await members_game(tables, game_id, channel=1)
    lobby = await tables.lobby.open(
        guild_id=1, channel_id=3, game_id=game_id, host_id=300, host_name="Host"
    )
    seat = waiting_members(first)[0]
    user = first.seats[seat].user_id
    action = random_action(rules_of(game_id), first.state, seat, random.Random(1))
    before = await snapshot(store, first.id)
    press = FakeInteraction(bot, user, guild_id=1, channel_id=2)
    await press_move(press, first.id, seat, first.waiting[seat], action)
    assert press.refusal == t("error.wrong_channel")
    for op in ("join", "leave", "bot", "unbot", "start"):
        press = FakeInteraction(bot, 300, guild_id=1, channel_id=1)
        await press_lobby(press, lobby.id, op)
        assert press.refusal == t("error.wrong_channel")
    assert await snapshot(store, first.id) == before
    assert (await tables.game(lobby.id)).seats == lobby.seats


@pytest.mark.parametrize("game_id", GAME_IDS)
@pytest.mark.parametrize("who", ["host", "member", "manager", "administrator", "outsider"])
async def test_game_abort_command(
    game_id: str, who: str, tables: TableService, bot: FakeBot
) -> None:
    record = await members_game(tables, game_id)
    user = {
        "host": record.host_id,
        "member": record.seats[-1].user_id if len(record.seats) > 1 else OUTSIDER,
        "manager": OUTSIDER,
        "administrator": OUTSIDER,
        "outsider": OUTSIDER,
    }[who]
    press = FakeInteraction(
        bot, user, guild_id=1, channel_id=record.channel_id, manager=who == "manager", command=True
    )
    if who == "administrator":
        press.permissions.administrator = True
    await Lobby.abort.callback(Lobby(bot), press)  # type: ignore[arg-type]
    status = (await tables.game(record.id)).status
    if who in ("host", "manager", "administrator"):
        assert status == "aborted" and not press.answers[0].ephemeral
    else:
        assert status == "running"
        assert press.refusal == t("error.host_only_abort")


def fill(parameter: app_commands.Parameter) -> Any:
    """A value for a required command option, by its Discord type."""
    kind = parameter.type
    if kind in (OptionType.integer, OptionType.number):
        return max(1, int(parameter.min_value or 1))
    if kind is OptionType.boolean:
        return False
    if kind in (OptionType.user, OptionType.mentionable):
        return SimpleNamespace(id=4_242, bot=False, display_name="Somebody", mention="<@4242>")
    if parameter.choices:
        return parameter.choices[0]
    return "pass"


def channel_game_commands() -> list[tuple[str, Any, app_commands.Command]]:
    """Every slash command that works on this channel's game: `/game ...` but `new`, and the
    `Play` cog's (`/hand`, `/move`)."""
    found = [(f"game {c.name}", Lobby, c) for c in Lobby.game.commands if c.name != "new"]
    found += [(c.name, Play, c) for c in Play.__cog_app_commands__]
    return [f for f in found if isinstance(f[2], app_commands.Command)]


@pytest.mark.parametrize(
    ("name", "cog", "command"),
    channel_game_commands(),
    ids=[name for name, _, _ in channel_game_commands()],
)
async def test_commands_in_a_channel_without_a_game_answer_clearly(
    name: str, cog: type, command: app_commands.Command, tables: TableService, bot: FakeBot
) -> None:
    await members_game(tables, GAME_IDS[0], channel=1)  # a game elsewhere changes nothing
    press = FakeInteraction(bot, 100, guild_id=1, channel_id=42, command=True, manager=True)
    kwargs = {p.name: fill(p) for p in command.parameters if p.required}
    await command.callback(cog(bot), press, **kwargs)  # type: ignore[arg-type]
    assert press.refusal == NO_GAME, f"/{name}: {press.answers}"
    if cog is Play and name == "move":
        choices = await Play.move_autocomplete(Play(bot), press, "")  # type: ignore[arg-type]
        assert choices == []


async def test_a_genuine_press_is_acknowledged_and_delivered(
    tables: TableService, bot: FakeBot
) -> None:
    """Sanity of the fakes used above: the owner's press works end to end."""
    record = await members_game(tables, GAME_IDS[0])
    move = member_move(record, random.Random(2))
    assert move is not None
    seat, user, action, since = move
    press = FakeInteraction(bot, user, guild_id=1, channel_id=record.channel_id)
    await press_move(press, record.id, seat, since, action)
    assert [a.how for a in press.answers] == ["defer"]
    assert bot.in_channel(record.channel_id), "the board was posted"
