"""The turn's choices on the board, and the private panel opened on one pick.

New York card game: the board offers every take and "Buy…"; "Buy…" opens the panel on the
yard slots the seat can afford, a slot then on its payments (exact first) and its currency's
cards. Palazzo: the board offers take money, draw tiles (buy or auction) and "Rebuild…", then
"Buy tiles…" beside the auction, where groups of 15 are offered as one option each. TableChange
buttons answer only their seat, only while current.
"""

from __future__ import annotations

from collections.abc import Callable
from datetime import UTC, datetime

import discord
import pytest

from db.records import GameRecord, TurnClocks
from fakediscord.inprocess import DiscordMessage, FakeBot, FakeInteraction, message_with
from games import rules_of
from i18n import t
from interface import custom_ids as ids
from interface import messages as boards
from interface.components import HandButton, MoveButton, OpenPickButton, PickConfirm, PickSelect
from interface.play_actions import change_pick, drafted, open_pick
from service.tables import TableService
from tests.cogs.test_board import check_limits
from tests.helpers import nycards as ny
from tests.helpers import palazzo as pz
from tests.reliability.driving import seated_game

NYCARDS, PALAZZO = rules_of("nycards"), rules_of("palazzo")
MEMBERS = [100, 101, 102]
BLUE2, BLUE3 = ny.money("blue", 2), ny.money("blue", 3)
GREEN1, GREEN2 = ny.money("green", 1), ny.money("green", 2)
YELLOW9 = ny.money("yellow", 9)


@pytest.fixture
def new_seed() -> Callable[[], int]:
    """Every game of this module is dealt from seed 5."""
    return lambda: 5


async def with_state(
    tables: TableService, game_id: str, arrange, channel: int = 1
) -> tuple[GameRecord, int]:
    """A started game of three members whose state `arrange(state, seat)` rearranged for the
    seat to act; that seat waits from the saved version on."""
    record = await seated_game(tables, game_id, channel, MEMBERS)
    state = record.state
    assert state is not None
    seat = rules_of(game_id).to_act(state)[0]
    arrange(state, seat)
    saved = await tables.store.replace_state(
        record.id, record.version, state, TurnClocks({seat: record.version + 1}, datetime.now(UTC))
    )
    return saved, seat


def buyer(state: dict, seat: int, hand: list[int] | None = None) -> None:
    """Theater 2 (blue), Museum 3 (green), Station 4 (orange), Church 5 (yellow) in the yard;
    the seat can pay slots 1, 2 and 4."""
    ny.current_turn(state, seat)
    ny.set_yard(
        state,
        [
            ny.building("theater", 2),
            ny.building("museum", 3),
            ny.building("station", 4),
            ny.building("church", 5),
        ],
    )
    display = [ny.money("blue", 1), ny.money("green", 3), ny.money("orange", 3)]
    ny.set_display(state, [*display, ny.money("orange", 9)])
    ny.set_hand(state, seat, hand or [BLUE2, BLUE3, GREEN1, GREEN2, YELLOW9])


def items(out: boards.Outgoing, kind: type) -> list:
    assert out.view is not None
    return [c for c in out.view.children if isinstance(c, kind)]


def labels(out: boards.Outgoing, kind: type) -> list[str]:
    return [c.item.label for c in items(out, kind)]


async def test_nycards_board_offers_every_take_and_a_buy_button(tables: TableService) -> None:
    record, seat = await with_state(tables, "nycards", buyer)
    since = record.waiting[seat]
    out = boards.board(record, "en")
    check_limits(out.view)
    moves = {c.action for c in items(out, MoveButton)}
    takes = NYCARDS.choices(record.state, seat).moves
    assert takes and set(takes) == moves, "every legal take stays a board button"
    (buy,) = items(out, OpenPickButton)
    assert buy.item.label == "Buy…"
    assert buy.item.custom_id == ids.open_pick_id(record.id, seat, since, "buy", 0, False)
    assert items(out, HandButton)


async def test_the_board_does_not_tell_whether_the_cards_can_pay(tables: TableService) -> None:
    """The board is public: "Buy…" shows whatever the hand; the private panel then says that
    nothing can be paid, beside the takes."""
    rich, seat = await with_state(tables, "nycards", buyer)
    poor, other = await with_state(tables, "nycards", lambda s, x: buyer(s, x, [GREEN1]), 2)
    assert NYCARDS.choices(rich.state, seat).picks and not NYCARDS.choices(poor.state, other).picks
    shown = [
        [c.item.label for c in boards.board(record, "en").view.children]  # type: ignore[union-attr]
        for record in (rich, poor)
    ]
    assert shown[0] == shown[1] and "Buy…" in shown[0]
    panel = boards.hand_panel(poor, other, "en", opened=("buy", 0))
    assert t("hand.step_unavailable") in panel.content
    assert {c.action for c in items(panel, MoveButton)} == set(
        NYCARDS.choices(poor.state, other).moves
    )
    assert not items(panel, PickSelect) and not items(panel, OpenPickButton)


async def test_buy_lists_the_affordable_slots_then_a_slots_payments_exact_first(
    tables: TableService,
) -> None:
    record, seat = await with_state(tables, "nycards", buyer)
    since = record.waiting[seat]
    slots = boards.hand_panel(record, seat, "en", opened=("buy", 0))
    check_limits(slots.view)
    assert "choose a slot you can afford" in slots.content
    assert labels(slots, OpenPickButton) == [
        "Slot 1 (blue): Theater (2)",
        "Slot 2 (green): Museum (3)",
        "Slot 4 (yellow): Church (5)",
    ]
    assert not items(slots, MoveButton) and not items(slots, PickSelect)
    first = items(slots, OpenPickButton)[0].item.custom_id
    assert first == ids.open_pick_id(record.id, seat, since, "buy", 1, True)  # in place

    blue = boards.hand_panel(record, seat, "en", opened=("buy", 1))
    check_limits(blue.view)
    assert "**Buy Theater (2) from slot 1:**" in blue.content
    assert [c.action for c in items(blue, MoveButton)] == [f"buy {BLUE2}", f"buy {BLUE3}"]
    assert labels(blue, MoveButton) == [
        "Buy Theater (2) with blue 2: pays exactly, act again",
        "Buy Theater (2) with blue 3: 1 overpaid",
    ]
    (menu,) = items(blue, PickSelect)
    assert {o.value for o in menu.item.options} == {str(BLUE2), str(BLUE3)}
    assert menu.item.custom_id == ids.pick_id(record.id, seat, since, "buy", 0, 1)
    assert labels(blue, PickConfirm) == ["Buy"]
    assert labels(blue, OpenPickButton) == ["← Back"]
    drafted = boards.hand_panel(record, seat, "en", [BLUE3], opened=("buy", 1))
    assert "price 2, paying 3 — 1 overpaid (no change), the turn ends." in drafted.content


async def test_the_hand_panel_keeps_the_takes_and_offers_the_slots(tables: TableService) -> None:
    record, seat = await with_state(tables, "nycards", buyer)
    out = boards.hand_panel(record, seat, "en")
    check_limits(out.view)
    assert {c.action for c in items(out, MoveButton)} == set(
        NYCARDS.choices(record.state, seat).moves
    )
    assert len(items(out, OpenPickButton)) == 3 and not items(out, PickSelect)


async def test_one_affordable_slot_goes_straight_to_its_payment(tables: TableService) -> None:
    record, seat = await with_state(tables, "nycards", lambda s, seat: buyer(s, seat, [BLUE3]))
    for opened in (("buy", 0), None):
        out = boards.hand_panel(record, seat, "en", opened=opened)
        assert "**Buy Theater (2) from slot 1:**" in out.content
        assert f"buy {BLUE3}" in {c.action for c in items(out, MoveButton)}
        assert not items(out, OpenPickButton), "no slot to choose, nothing to go back to"


def palazzo_turn(state: dict, seat: int) -> None:
    """The seat's turn with a palazzo of one tile: it may take money, draw, or rebuild."""
    lone = pz.tile("brick", 1, 1)
    pz.take_tiles(state, [lone])
    state["palazzi"][seat] = [[lone]]


def palazzo_acquire(state: dict, seat: int) -> None:
    """Two tiles drawn, the warehouse holds 3 (7 each): the seat may buy or auction."""
    warehouse = [pz.tile("brick", 2, 1), pz.tile("marble", 3, 2), pz.tile("brick", 4, 1)]
    state["out"] += state["warehouse"]
    pz.take_tiles(state, warehouse)
    state["warehouse"] = warehouse
    pz.move_cards(state, pz.cards("red", 7, 6), seat)
    state["phase"] = "acquire"


async def test_palazzo_board_offers_the_turns_three_choices(tables: TableService) -> None:
    record, seat = await with_state(tables, "palazzo", palazzo_turn)
    out = boards.board(record, "en")
    check_limits(out.view)
    assert labels(out, MoveButton) == ["Take money", "Draw 2 tiles (then buy or auction)"]
    (rebuild,) = items(out, OpenPickButton)
    assert rebuild.item.label == "Rebuild…" and not rebuild.edit and rebuild.kind == "rebuild"
    panel = boards.hand_panel(record, seat, "en", opened=("rebuild", 0))
    check_limits(panel.view)
    assert not items(panel, MoveButton) or all(
        c.action.startswith("rebuild") for c in items(panel, MoveButton)
    ), "the board's moves are left to the board"
    assert labels(panel, PickConfirm) == ["Pay and rebuild"]
    assert all(s.item.custom_id.endswith(":0") for s in items(panel, PickSelect))

    record, seat = await with_state(tables, "palazzo", palazzo_acquire, channel=2)
    out = boards.board(record, "en")
    assert labels(out, MoveButton) == ["Auction the next quarry"]
    assert labels(out, OpenPickButton) == ["Buy tiles…"]
    panel = boards.hand_panel(record, seat, "en", opened=("buy", 0))
    assert labels(panel, PickConfirm) == ["Buy"]
    assert t("palazzo.pick.prompt_buy") in panel.content


async def test_pick_openers_answer_their_seat_only_and_only_while_current(
    tables: TableService,
) -> None:
    record, seat = await with_state(tables, "nycards", buyer)
    since = record.waiting[seat]
    bot = FakeBot(tables.store, tables)
    owner = record.seats[seat].user_id
    other = next(u for u in MEMBERS if u != owner)

    async def press(user: int, *args, channel: int = 1, guild: int | None = 1):
        interaction = FakeInteraction(bot, user, guild_id=guild, channel_id=channel)
        await open_pick(interaction, record.id, *args)
        return interaction

    refused = {
        t("error.not_your_turn"): await press(other, seat, since, "buy", 0, False),
        t("error.not_your_panel"): await press(other, seat, since, "buy", 0, True, guild=None),
        t("error.not_seated"): await press(9_999, seat, since, "buy", 0, False),
        t("error.wrong_channel"): await press(owner, seat, since, "buy", 0, False, channel=2),
    }
    for reason, interaction in refused.items():
        assert interaction.refusal == reason
    assert (await press(owner, seat, since - 1, "buy", 0, False)).refusal == t("error.stale")

    opened = await press(owner, seat, since, "buy", 0, False)
    (answer,) = opened.answers
    assert answer.how == "send_message" and answer.ephemeral and answer.kwargs["files"]
    assert answer.content == boards.hand_panel(record, seat, "en", opened=("buy", 0)).content
    moved = await press(owner, seat, since, "buy", 2, True)
    (answer,) = moved.answers
    assert answer.how == "edit_message" and "from slot 2:**" in (answer.content or "")
    assert (await tables.game(record.id)).version == record.version, "nothing was played"

    custom_id = ids.pick_id(record.id, seat, since, "buy", 0, 2)
    drafting = FakeInteraction(bot, owner, guild_id=1, channel_id=1, data={"custom_id": custom_id})
    await change_pick(drafting, record.id, seat, since, "buy", [str(GREEN1), str(GREEN2)], 2)
    (answer,) = drafting.answers
    assert answer.how == "edit_message" and "from slot 2:**" in (answer.content or "")
    assert "paying 3 exactly" in (answer.content or ""), "the draft stays on its slot"
    view = answer.kwargs["view"]
    assert isinstance(view, discord.ui.View)
    assert any(isinstance(c, OpenPickButton) for c in view.children), "← Back"


def palazzo_groups(state: dict, seat: int) -> None:
    """At the buy step with a group of 4s, three certificates and a red 7 in hand."""
    palazzo_acquire(state, seat)
    state["hands"][(seat + 1) % 3] += state["hands"][seat]
    state["hands"][seat] = []
    pz.move_cards(state, [*pz.group(4), *pz.certs(3), pz.card("red", 7)], seat)


async def test_palazzo_groups_of_15_are_offered_and_chosen_as_one(tables: TableService) -> None:
    record, seat = await with_state(tables, "palazzo", palazzo_groups)
    since = record.waiting[seat]
    bot = FakeBot(tables.store, tables)
    owner = record.seats[seat].user_id
    panel = boards.hand_panel(record, seat, "en", opened=("buy", 0))
    check_limits(panel.view)
    *singles, groups = items(panel, PickSelect)
    fours, certificates = pz.group(4), pz.certs(3)
    assert [(o.label, o.value) for o in groups.item.options] == [
        ("group of 4s = 15: red 4 + brown 4 + grey 4", ".".join(map(str, fours))),
        (
            "3 certificates = 15: certificate 2 + certificate 2 + certificate 2",
            ".".join(map(str, certificates)),
        ),
    ]
    # Equal cards are one choice per count ("2 × certificate 2" holds two of them).
    assert all(
        o.label.startswith(f"{o.value.count('.') + 1} × ") or "." not in o.value
        for s in singles
        for o in s.item.options
    )

    async def change(message: DiscordMessage, select: PickSelect, values: list[str]):
        interaction = FakeInteraction(
            bot,
            owner,
            guild_id=1,
            channel_id=record.channel_id,
            message=message,
            data={"custom_id": select.item.custom_id},
        )
        await change_pick(interaction, record.id, seat, since, "buy", values, 0)
        (answer,) = interaction.answers
        view = answer.kwargs["view"]
        return answer.content or "", view, [c for c in view.children if isinstance(c, PickSelect)]

    text, view, menus = await change(
        message_with(bot, panel.view), groups, [groups.item.options[0].value]
    )
    assert "group of 4s" in text and "= 15" in text, "the summary shows the group as a group"
    assert drafted(message_with(bot, view)) == set(fours)
    assert [o.default for o in menus[-1].item.options] == [True, False]
    # Dropping one card of the group in the single cards' menu drops the group.
    kept = [o.value for s in menus[:-1] for o in s.item.options if o.default]
    kept.remove(str(fours[0]))
    text, view, menus = await change(message_with(bot, view), menus[0], kept)
    assert drafted(message_with(bot, view)) == set(fours[1:])
    assert not any(o.default for o in menus[-1].item.options)
    # Choosing, then unchoosing the certificates' group in its menu.
    _, view, menus = await change(
        message_with(bot, view), menus[-1], [menus[-1].item.options[1].value]
    )
    assert drafted(message_with(bot, view)) == {*fours[1:], *certificates}
    _, view, menus = await change(message_with(bot, view), menus[-1], [])
    assert drafted(message_with(bot, view)) == set(fours[1:])


async def test_nycards_pass_is_private_while_the_yard_holds_a_building(
    tables: TableService,
) -> None:
    """With nothing to take, `pass` is offered only when the cards can pay for nothing: the
    board shows it for no hand (the same board either way); the panel behind Buy… does."""
    poor, seat = await with_state(tables, "nycards", lambda s, x: buyer(s, x, [GREEN1]))
    rich, other = await with_state(tables, "nycards", buyer, 2)
    for record in (poor, rich):
        ny.set_display(record.state, [])
    assert NYCARDS.choices(poor.state, seat).moves == ("pass",)
    assert not NYCARDS.choices(rich.state, other).moves
    shown = [boards.board(record, "en") for record in (poor, rich)]
    assert [labels(out, OpenPickButton) for out in shown] == [["Buy…"], ["Buy…"]]
    assert not items(shown[0], MoveButton) and not items(shown[1], MoveButton)
    panel = boards.hand_panel(poor, seat, "en", opened=("buy", 0))
    assert t("hand.step_unavailable") in panel.content
    assert [c.action for c in items(panel, MoveButton)] == ["pass"]
