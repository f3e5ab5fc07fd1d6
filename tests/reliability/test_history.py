"""A game's history (issue 19), for every registered game, through the handlers and the
in-process loopback Discord: `/game replay` walks every step of a seeded game and shows at
each the public board of that moment; `/game export` → `scripts/replay.py` round trip;
`/game log` pages; `/mygames`; and the bad input of each.
"""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import discord
import pytest

from cogs.history import MyGames, game_export, game_log, game_replay
from db.store import Store
from fakediscord.inprocess import FakeBot, message_with
from games import presentation, rules_of
from i18n import t
from interface.game_log import LogPageButton, log_page_id
from interface.replay_view import (
    ReplayButton,
    ReplayScoringSelect,
    replay_message,
    replay_scoring_id,
    replay_step_id,
)
from scripts.replay import main as replay_main
from service.history import history, log_history, scoring_steps
from service.tables import TableService
from service.timing import parse_time
from tests.helpers.internals import internals_in
from tests.reliability.driving import GAME_IDS, seated_game
from tests.reliability.history_games import (
    MEMBER,
    OTHER,
    SavedViews,
    command,
    finished_game,
    game_with_undos,
    pressed,
    running_game,
)
from tests.reliability.leaks import recorded_pictures

ROOT = Path(__file__).resolve().parents[2]
TITLES = GAME_IDS


async def press(item_class, bot: FakeBot, user: int, channel: int, custom_id: str, values=()):
    """Press a persistent component as discord.py dispatches it (rebuilt from its id)."""
    interaction = pressed(bot, user, channel)
    match = item_class.__discord_ui_compiled_template__.fullmatch(custom_id)
    assert match is not None, custom_id
    if item_class is ReplayScoringSelect:
        base = discord.ui.Select(custom_id=custom_id)
    else:
        base = discord.ui.Button(custom_id=custom_id, label="x")
    item = await item_class.from_custom_id(interaction, base, match)
    item._refresh_state(interaction, {"values": list(values)})
    await item.callback(interaction)
    return interaction


def pictures_of(recorder) -> list:
    return [view for kind, view, _event in recorder.take() if kind == "table_image"]


# ------------------------------------------------------------------ replay


@pytest.mark.parametrize("game_id", TITLES)
async def test_replay_shows_at_every_step_the_public_board_of_that_moment(
    game_id: str, store: Store, tables: TableService, bot: FakeBot, monkeypatch
) -> None:
    """Every step of a seeded game, rebuilt from the log and the seed, is drawn from exactly
    the public view the table saved at that step; the replay has one step per logged move
    plus the deal, and `/game replay` opens on the last step with the final board."""
    saved = SavedViews(store, monkeypatch)
    record = await finished_game(tables, game_id, channel=5)
    assert record.status == "finished"
    steps = await history(store, record)
    log = await store.actions(record.id)
    assert len(steps) == len(log) + 1
    assert sorted(saved.views) == list(range(len(steps)))
    with recorded_pictures(game_id) as recorder:
        for number, step in enumerate(steps):
            assert step.view == saved.views[number], f"{game_id} step {number}"
            await replay_message(record, steps, number, "en")
            assert pictures_of(recorder) == [saved.views[number]], f"{game_id} step {number}"
        asked = command(bot, MEMBER, 5)
        await game_replay(asked)
        assert pictures_of(recorder) == [saved.views[len(steps) - 1]]
    answer = asked.answers[-1]
    assert answer.ephemeral and answer.kwargs["file"].filename == "replay.png"
    assert t("board.game_over") in answer.content


@pytest.mark.parametrize("game_id", TITLES)
async def test_the_replay_buttons_step_through_the_game_and_jump_to_each_scoring(
    game_id: str, store: Store, tables: TableService, bot: FakeBot
) -> None:
    record = await finished_game(tables, game_id, channel=5)
    steps = await history(store, record)
    last = len(steps) - 1
    scorings = scoring_steps(record, steps)
    ui = presentation(game_id)
    assert scorings == [n for n, s in enumerate(steps) if any(map(ui.is_scoring, s.events))]
    with recorded_pictures(game_id) as recorder:
        first = await press(ReplayButton, bot, MEMBER, 5, replay_step_id(record.id, "f", 0))
        assert pictures_of(recorder) == [steps[0].view]
        assert t("replay.at_deal") in first.answers[0].kwargs["content"]
        after = await press(ReplayButton, bot, MEMBER, 5, replay_step_id(record.id, "n", 1))
        assert pictures_of(recorder) == [steps[1].view]
        assert t("replay.at_move", step=1, steps=last) in after.answers[0].kwargs["content"]
        for target in scorings:
            jump = await press(
                ReplayScoringSelect, bot, MEMBER, 5, replay_scoring_id(record.id), [str(target)]
            )
            assert pictures_of(recorder) == [steps[target].view]
            assert jump.answers[0].how == "edit_message"
        beyond = await press(ReplayButton, bot, MEMBER, 5, replay_step_id(record.id, "l", 99999))
        assert pictures_of(recorder) == [steps[last].view]  # a forged step: the last one
    view = beyond.answers[0].kwargs["view"]
    message_with(bot, view)  # the loopback takes the buttons and the scoring menu
    buttons = [c.item for c in view.children if isinstance(c, ReplayButton)]
    assert [b.label for b in buttons] == ["⏮", "◀", "▶", "⏭"]
    assert [b.disabled for b in buttons] == [False, False, True, True]
    menus = [c.item for c in view.children if isinstance(c, ReplayScoringSelect)]
    assert [int(o.value) for menu in menus for o in menu.options] == scorings[:25]


async def test_a_replay_of_a_game_of_another_channel_is_refused_even_to_its_players(
    tables: TableService, bot: FakeBot
) -> None:
    """A member of a game cannot see it from another channel (one they may not see, as far
    as the bot knows): by its number or with its buttons."""
    record = await finished_game(tables, "money", channel=5)
    asked = command(bot, MEMBER, 6)
    await game_replay(asked, record.id)
    assert asked.refusal == t("error.history_other_channel", number=record.id)
    forged = await press(ReplayButton, bot, MEMBER, 6, replay_step_id(record.id, "f", 0))
    assert forged.refusal == t("error.wrong_channel")
    forged = await press(LogPageButton, bot, MEMBER, 6, log_page_id(record.id, "f", 0))
    assert forged.refusal == t("error.wrong_channel")


async def test_a_replay_of_an_unknown_number_or_of_a_channel_without_games_is_refused(
    tables: TableService, bot: FakeBot
) -> None:
    asked = command(bot, MEMBER, 5)
    await game_replay(asked)
    assert asked.refusal == t("error.history_none")
    record = await finished_game(tables, "money", channel=5)
    asked = command(bot, MEMBER, 5)
    await game_replay(asked, record.id + 50)
    assert asked.refusal == t("error.history_no_such_game", number=record.id + 50)
    lobby = await tables.lobby.open(
        guild_id=1, channel_id=5, game_id="money", host_id=MEMBER, host_name="Ann", options={}
    )
    asked = command(bot, MEMBER, 5)
    await game_replay(asked, lobby.id)
    assert asked.refusal == t("error.history_not_started")
    with recorded_pictures("money"):  # a rematch's lobby: the replay is the last game's
        asked = command(bot, MEMBER, 5)
        await game_replay(asked)
    assert f"#{record.id}" in asked.answers[-1].content


# ------------------------------------------------------------------ export


@pytest.mark.parametrize("game_id", TITLES)
async def test_an_exported_game_replays_with_the_rules_alone_to_its_recorded_scores(
    game_id: str, store: Store, tables: TableService, bot: FakeBot, tmp_path: Path, capsys
) -> None:
    record = await finished_game(tables, game_id, channel=5)
    asked = command(bot, OTHER, 5)
    await game_export(asked)
    answer = asked.answers[-1]
    assert answer.ephemeral
    data = answer.kwargs["file"].fp.getvalue()
    document = json.loads(data)
    log = await store.actions(record.id)
    assert document["game_id"] == record.id and document["seed"] == record.seed
    assert [a["action"] for a in document["actions"]] == [e.action for e in log]
    assert [s["name"] for s in document["seats"]] == record.names()
    users = {seat.user_id for seat in record.seats} - {None}
    assert users and not users & set(_scalars(document)), "no user id, under any key"
    assert "user_id" not in data.decode("utf-8")
    path = tmp_path / "game.json"
    path.write_bytes(data)
    assert replay_main([str(path)]) == 0
    printed = capsys.readouterr().out
    outcome = rules_of(game_id).outcome(record.state)
    for name, score in zip(record.names(), outcome.scores, strict=True):
        assert f"{name}: {score}" in printed
    document["result"]["scores"][0] += 1  # a tampered result does not check out
    path.write_text(json.dumps(document))
    assert replay_main([str(path)]) == 1


async def test_scripts_replay_runs_from_the_command_line(
    tables: TableService, bot: FakeBot, tmp_path: Path
) -> None:
    await finished_game(tables, "money", channel=5)
    asked = command(bot, MEMBER, 5)
    await game_export(asked)
    path = tmp_path / "money.json"
    path.write_bytes(asked.answers[-1].kwargs["file"].fp.getvalue())
    done = subprocess.run(
        [sys.executable, str(ROOT / "scripts" / "replay.py"), str(path)],
        capture_output=True,
        text=True,
        timeout=120,
        check=False,
    )
    assert done.returncode == 0, done.stderr
    assert "OK" in done.stdout


async def test_a_running_game_is_not_exported_its_seed_stays_secret(
    tables: TableService, bot: FakeBot
) -> None:
    record = await running_game(tables, "nycards", channel=5, moves=3)
    for number in (None, record.id):
        asked = command(bot, MEMBER, 5)
        await game_export(asked, number)
        assert asked.refusal == t("error.export_running")
        assert all("file" not in a.kwargs for a in asked.answers)


async def test_an_aborted_game_has_no_result_to_export(tables: TableService, bot: FakeBot) -> None:
    record = await running_game(tables, "money", channel=5, moves=2)
    await tables.lobby.abort(record.id, MEMBER, manager=False)
    asked = command(bot, MEMBER, 5)
    await game_export(asked)
    assert asked.refusal == t("error.export_not_finished")


# ------------------------------------------------------------------ log


@pytest.mark.parametrize("game_id", TITLES)
async def test_the_log_tells_every_move_in_order_with_who_and_when_newest_last(
    game_id: str, store: Store, tables: TableService, bot: FakeBot
) -> None:
    record = await running_game(tables, game_id, channel=5, moves=12)
    log = await store.actions(record.id)
    asked = command(bot, OTHER, 5)
    await game_log(asked)
    last = asked.answers[-1]
    assert last.ephemeral
    pages = [last.content]
    view = last.kwargs.get("view")
    page_count = int(view.children[3].item.custom_id.rsplit(":", 1)[1]) + 1 if view else 1
    name = t(rules_of(game_id).info.name_key)
    title = t("log.title", game=name, number=record.id, page=page_count, pages=page_count)
    assert title in last.content
    for page in range(page_count - 1):
        turned = await press(LogPageButton, bot, OTHER, 5, log_page_id(record.id, "p", page))
        pages.insert(page, turned.answers[0].kwargs["content"])
    everything = "\n".join(pages)
    stamps = [f"<t:{int(_time(e.at))}:f>" for e in log]
    positions = [everything.find(stamp) for stamp in stamps]
    assert all(p >= 0 for p in positions), "every move has its time"
    assert positions == sorted(positions), "oldest first, newest last"
    for seat in {e.seat for e in log}:
        assert record.seats[seat].name in everything
    for text in pages:
        assert not internals_in(text), internals_in(text)
        assert len(text) <= 2000
    asked = command(bot, OTHER, 5)
    await game_log(asked, 1)
    assert asked.answers[-1].content == pages[0]


def _scalars(data: object) -> list[object]:
    """Every number and string in a JSON document, keys included."""
    if isinstance(data, dict):
        return [*data.keys(), *(x for v in data.values() for x in _scalars(v))]
    if isinstance(data, list):
        return [x for v in data for x in _scalars(v)]
    return [data, str(data)]


def _time(text: str) -> float:
    return parse_time(text).timestamp()


async def test_the_log_of_a_channel_without_games_says_so(bot: FakeBot) -> None:
    asked = command(bot, MEMBER, 5)
    await game_log(asked)
    assert asked.refusal == t("error.history_none")


# ------------------------------------------------------------------ /mygames


async def seated(tables: TableService, game_id: str, channel: int, users: list[int], guild: int):
    bots = max(rules_of(game_id).info.min_players - len(users), 0)
    return await seated_game(tables, game_id, channel, users, bots=bots, guild=guild)


async def test_mygames_lists_the_members_tables_in_every_server_their_turn_first(
    store: Store, tables: TableService, bot: FakeBot
) -> None:
    """Games in two servers, one where it is the member's turn, one where it is not, one the
    member does not play, and one in a server they left; asked in a DM."""
    waiting_game = await seated(tables, "palazzo", 5, [OTHER, MEMBER], guild=1)
    assert waiting_game.seat_of(MEMBER) not in waiting_game.waiting
    my_turn = await seated(tables, "money", 6, [MEMBER, OTHER], guild=2)
    assert my_turn.seat_of(MEMBER) in my_turn.waiting
    await seated(tables, "nycards", 7, [OTHER, OTHER + 1], guild=1)
    left = bot.discord.fake.add_guild("left")
    left.kick(bot.discord.user(MEMBER))
    await seated(tables, "money", 8, [MEMBER, OTHER], guild=left.id)
    await store.set_message(my_turn.id, "board", 6, 4242)
    asked = command(bot, MEMBER, None, guild=None)
    await MyGames().mygames.callback(MyGames(), asked)
    text = asked.answers[-1].content
    assert asked.answers[-1].ephemeral
    lines = text.splitlines()
    assert len(lines) == 3, text
    assert f"table #{my_turn.id}" in lines[1] and t("mygames.your_turn").split("**")[1] in lines[1]
    assert "https://discord.com/channels/2/6/4242" in lines[1]
    assert f"table #{waiting_game.id}" in lines[2]
    assert "https://discord.com/channels/1/5" in lines[2]
    assert not internals_in(text), internals_in(text)


async def test_mygames_without_games_says_so(bot: FakeBot) -> None:
    asked = command(bot, MEMBER, None, guild=None)
    await MyGames().mygames.callback(MyGames(), asked)
    assert asked.refusal == t("mygames.none")


async def test_the_history_names_each_move_by_who_held_the_seat_then(
    store: Store, tables: TableService, bot: FakeBot
) -> None:
    """A member who left a running game made the moves before under their own name; the bot
    that took the seat makes the later ones under its own name."""
    record = await running_game(tables, "money", channel=5, moves=4)
    seat = record.seat_of(OTHER)
    assert seat is not None
    await tables.leave(record.id, OTHER)
    record = await store.get_game(record.id)
    assert record is not None and record.seats[seat].bot
    left_at = (await store.seat_changes(record.id))[0].version
    steps = await history(store, record)
    log = await store.actions(record.id)
    before = [s for s, e in zip(steps[1:], log, strict=True) if e.version < left_at]
    after = [s for s, e in zip(steps[1:], log, strict=True) if e.version > left_at]
    assert before and after
    assert {s.names[seat] for s in before} == {"P1001"}
    assert {s.names[seat] for s in after} == {record.seats[seat].name} != {"P1001"}
    mine = [s for s, e in zip(steps[1:], log, strict=True) if e.seat == seat]
    assert any(not s.by_bot for s in mine) and any(s.by_bot for s in mine)
    asked = command(bot, MEMBER, 5)
    await game_log(asked)
    text = asked.answers[-1].content
    assert "P1001 has placed a bid" in text and f"{record.seats[seat].name} has placed" in text


# ------------------------------------------------------------------ undone moves


@pytest.mark.parametrize("game_id", TITLES)
async def test_a_move_taken_back_is_struck_through_in_the_log_and_left_out_of_the_replay(
    game_id: str, store: Store, tables: TableService, bot: FakeBot, monkeypatch
) -> None:
    """The replay shows the game as it stands (every step the public board saved then, the
    undone moves left out); the log tells what the channel saw: the move, struck through, then
    who took it back and when."""
    saved = SavedViews(store, monkeypatch)
    record, made = await game_with_undos(tables, game_id, undos=2)
    assert made == 2, f"{game_id}: no undoable member moves"
    steps = await history(store, record)
    assert [step.view for step in steps] == [saved.views[n] for n in range(len(steps))]
    told = await log_history(store, record)
    assert len(told) == len(steps) + 2 * made
    assert [s.undone for s in told].count(True) == [s.undo for s in told].count(True) == made
    kept = [s for s in told if not (s.undone or s.undo)]
    assert [s.view for s in kept] == [s.view for s in steps]
    asked = command(bot, OTHER, 7)
    await game_log(asked, 1)
    pages = [asked.answers[-1].content]
    view = asked.answers[-1].kwargs.get("view")
    count = int(view.children[3].item.custom_id.rsplit(":", 1)[1]) + 1 if view else 1
    for page in range(1, count):
        turned = await press(LogPageButton, bot, OTHER, 7, log_page_id(record.id, "n", page))
        pages.append(turned.answers[0].kwargs["content"])
    lines = "\n".join(pages).splitlines()
    undo_lines = [k for k, line in enumerate(lines) if "took back that move" in line]
    assert len(undo_lines) == made, lines
    for k, step in zip(undo_lines, [s for s in told if s.undo], strict=True):
        assert step.seat is not None and step.at is not None
        name = step.names[step.seat]
        assert lines[k].startswith(f"<t:{int(step.at.timestamp())}:f>")
        assert f"**{name}** took back that move" in lines[k]
        struck = [j for j in range(k) if lines[j].startswith("~~") and lines[j].endswith("~~")]
        assert struck and struck[-1] == k - 1, lines[k - 1]  # the undone move, just before
    assert sum(line.startswith("~~") for line in lines) == made
    for text in pages:
        assert not internals_in(text), internals_in(text)
