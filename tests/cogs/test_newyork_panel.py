"""New York's purchase on Discord: the public board never tells what the acting player's money
can buy. It offers "Buy…" whenever the market holds a building; the private panel then lists
the buildings the hand can pay (saying whether exactly), or says that it can pay none beside
the other moves. Choosing a building shows its payments (exact ones first) and its bank's
cards in the same panel; confirming buys it in one action, so the channel learns of the
purchase only once it is paid. Games begun with step-by-step paying go on: the board offers
"Pay…", whose panel suggests the payments of what is still owed.
"""

from __future__ import annotations

import copy
from collections.abc import Callable
from datetime import UTC, datetime

import pytest

from db.records import TurnClocks
from fakediscord.inprocess import FakeBot, FakeInteraction, message_with
from i18n import t
from interface import custom_ids as ids
from interface import messages as boards
from interface.components import HandButton, MoveButton, OpenPickButton, PickConfirm, PickSelect
from interface.play_actions import confirm_pick, open_pick
from render.newyork.presentation import NewYorkPresentation
from rules.contract import State
from rules.newyork.components import MONEY
from service.tables import TableService
from tests.cogs.test_move_menus import assert_every_move_reachable, check_limits, record_of
from tests.helpers.newyork import GAME, fresh, money, set_hand, set_market
from tests.reliability.driving import seated_game

# Market: Theater 5 (blue), Museum 7 (green), Theater 8 (orange), Theater 2 (yellow).
MARKET = [4, 12, 7, 1]
BLUE = money("blue", 2, 3, 5, 9)
GREENS = money("green", 4, 4)
RICH = [*BLUE, *GREENS, *money("orange", 1)]  # pays blue exactly, green with 1 over
POOR = money("orange", 1, 2)  # pays nothing


PRESENTATION = NewYorkPresentation()


def arrange(state: State, seat: int, hand: list[int]) -> State:
    """`seat` acts first in its turn with this hand and the market above."""
    state["current"] = seat
    set_market(state, list(MARKET))
    set_hand(state, seat, hand)
    return state


def acting(hand: list[int]) -> State:
    return arrange(fresh(3, 2), 0, hand)


def children(out: boards.Outgoing, kind: type) -> list:
    assert out.view is not None
    return [c for c in out.view.children if isinstance(c, kind)]


def labels(out: boards.Outgoing, kind: type) -> list[str]:
    return [c.item.label for c in children(out, kind)]


def components(out: boards.Outgoing) -> list:
    assert out.view is not None
    return out.view.to_components()


def test_the_board_is_the_same_whatever_the_hand_can_pay() -> None:
    rich, poor = acting(RICH), acting(POOR)
    assert not [m for m in GAME.choices(rich, 0).moves if m.startswith("buy")]
    assert [p.kind for p in GAME.choices(rich, 0).picks] == ["buy"]
    assert not GAME.choices(poor, 0).picks
    first, second = (boards.board(record_of("newyork", s), "en") for s in (rich, poor))
    check_limits(first.view)
    assert components(first) == components(second) and first.content == second.content
    assert not [a for a in (c.action for c in children(first, MoveButton)) if "buy" in a]
    (buy,) = children(first, OpenPickButton)
    assert (buy.item.label, buy.kind, buy.part, buy.edit) == ("Buy…", "buy", 0, False)
    takes = {m for m in GAME.choices(rich, 0).moves if m.startswith("take")}
    on_board = {c.action for c in children(first, MoveButton)}
    labels = {PRESENTATION.move_label(m, GAME.view(rich, None), [], "en") for m in on_board}
    assert {PRESENTATION.move_label(m, GAME.view(rich, None), [], "en") for m in takes} <= labels, (
        "takes stay on the board (taking either of two equal cards is one button)"
    )
    assert children(first, HandButton)


def test_buy_lists_the_affordable_buildings_saying_whether_exactly() -> None:
    record = record_of("newyork", acting(RICH))
    out = boards.hand_panel(record, 0, "en", opened=("buy", 0))
    check_limits(out.view)
    assert t("newyork.pick.buildings_prompt", "en") in out.content
    opened = children(out, OpenPickButton)
    assert [(b.kind, b.part, b.edit) for b in opened] == [("buy", 1, True), ("buy", 2, True)]
    assert labels(out, OpenPickButton) == [
        "Buy Theater 5 with blue money: you can pay exactly, act again",
        "Buy Museum 7 with green money: overpays at least 1, the turn ends",
    ]
    assert not children(out, PickSelect) and not children(out, PickConfirm)
    # The whole panel (My hand) offers the same buildings.
    whole = boards.hand_panel(record, 0, "en")
    assert [(b.kind, b.part) for b in children(whole, OpenPickButton)] == [("buy", 1), ("buy", 2)]


def test_a_building_offers_its_payments_exact_first_and_its_bank_cards() -> None:
    record = record_of("newyork", acting(RICH))
    out = boards.hand_panel(record, 0, "en", opened=("buy", 1))
    check_limits(out.view)
    assert "Theater 5" in out.content and "blue money" in out.content
    two, three, five, nine = BLUE
    assert [c.action for c in children(out, MoveButton)] == [
        f"buy 1 {five}",
        f"buy 1 {two},{three}",
        f"buy 1 {nine}",
    ]
    assert labels(out, MoveButton) == [
        "Buy Theater 5 with blue 5: exact, act again",
        "Buy Theater 5 with blue 2 + blue 3: exact, act again",
        "Buy Theater 5 with blue 9: 4 overpaid, the turn ends",
    ]
    (menu,) = children(out, PickSelect)
    assert {int(o.value) for o in menu.item.options} == set(BLUE), "this bank's cards only"
    assert labels(out, PickConfirm) == ["Buy"]
    back = [b for b in children(out, OpenPickButton) if b.part == 0]
    assert back and back[0].edit, "a button back to the buildings, in the same panel"


def test_the_chosen_cards_say_what_they_buy_before_confirming() -> None:
    view = GAME.view(acting(RICH), 0)
    two, three, _five, nine = BLUE
    summary = PRESENTATION.view_pick_summary
    assert summary("buy", [two], view, "en") == "Theater 5: price 5, chosen 2 — 3 short."
    assert summary("buy", [two, three], view, "en") == (
        "Theater 5: price 5, paying 5 exactly — you act again."
    )
    assert summary("buy", [nine], view, "en") == (
        "Theater 5: price 5, paying 9 — 4 overpaid (no change), the turn ends."
    )
    assert summary("buy", [two, GREENS[0]], view, "en").endswith("mixed banks; pay with one.")


def test_buy_says_when_the_money_pays_nothing_and_shows_the_other_moves() -> None:
    state = acting(POOR)
    out = boards.hand_panel(record_of("newyork", state), 0, "en", opened=("buy", 0))
    assert t("hand.step_unavailable", "en") in out.content
    shown = {c.action for c in children(out, MoveButton)}
    view = GAME.view(state, 0)
    takes = {m for m in GAME.choices(state, 0).moves if m.startswith("take")}
    assert {PRESENTATION.move_label(m, view, [], "en") for m in takes} <= {
        PRESENTATION.move_label(m, view, [], "en") for m in shown
    }, "every take, equal cards once"


def test_ending_before_any_action_is_private_too() -> None:
    """With no money to take, nothing to redesign and nothing payable, `end` is the only move:
    offered because of the hand, so it is not on the board but in the panel behind Buy…."""
    state = acting(POOR)
    state["deck"] += state["display"]
    state["display"] = []
    assert GAME.choices(state, 0).moves == ("end",)
    record = record_of("newyork", state)
    board = boards.board(record, "en")
    assert not children(board, MoveButton) and labels(board, OpenPickButton) == ["Buy…"]
    rich = arrange(copy.deepcopy(state), 0, RICH)
    assert GAME.choices(rich, 0).moves == () and GAME.choices(rich, 0).picks
    assert components(board) == components(boards.board(record_of("newyork", rich), "en"))
    out = boards.hand_panel(record, 0, "en", opened=("buy", 0))
    assert t("hand.step_unavailable", "en") in out.content
    assert labels(out, MoveButton) == [t("newyork.move.end", "en")]
    assert_every_move_reachable("newyork", state)


def test_a_purchase_begun_step_by_step_offers_pay_on_the_board_exact_first() -> None:
    state = GAME.apply(acting(RICH), 0, "buy 1")  # Theater 5, paid in blue (an older game)
    record = record_of("newyork", state)
    board = boards.board(record, "en")
    assert labels(board, MoveButton) == [t("newyork.move.back", "en")]
    (pay,) = children(board, OpenPickButton)
    assert (pay.item.label, pay.kind) == ("Pay…", "pay")
    out = boards.hand_panel(record, 0, "en", opened=("pay", 0))
    check_limits(out.view)
    two, three, five, nine = BLUE
    assert [c.action for c in children(out, MoveButton)] == [
        f"pay {five}",
        f"pay {two},{three}",
        f"pay {nine}",
    ]
    assert labels(out, MoveButton) == [
        "Pay blue 5 = 5: exact, act again",
        "Pay blue 2 + blue 3 = 5: exact, act again",
        "Pay blue 9 = 9: 4 overpaid, the turn ends",
    ]
    (menu,) = children(out, PickSelect)
    assert {int(o.value) for o in menu.item.options} == set(BLUE), "this bank's cards only"
    assert labels(out, PickConfirm) == ["Pay"]
    # Paid in part, the suggestions pay what is still owed.
    part = GAME.apply(state, 0, f"pay {two}")
    out = boards.hand_panel(record_of("newyork", part), 0, "en", opened=("pay", 0))
    assert [c.action for c in children(out, MoveButton)][:1] == [f"pay {three}"]
    assert "still to pay" not in " ".join(labels(out, MoveButton))


def test_a_part_payment_label_says_what_is_still_owed() -> None:
    from render.newyork.presentation import pay_label

    state = GAME.apply(acting(RICH), 0, "buy 1")
    two = BLUE[0]
    label = pay_label([two], GAME.view(state, 0), "en")
    assert label == "Pay blue 2 = 2: 3 still to pay"


@pytest.fixture
def new_seed() -> Callable[[], int]:
    """Every game of this module is dealt from seed 4."""
    return lambda: 4


async def test_a_purchase_in_one_panel_building_then_payment_then_done(
    tables: TableService,
) -> None:
    record = await seated_game(tables, "newyork", 1, [100, 101, 102])
    state = record.state
    assert state is not None
    seat = GAME.to_act(state)[0]
    arrange(state, seat, RICH)
    record = await tables.store.replace_state(
        record.id, record.version, state, TurnClocks({seat: record.version + 1}, datetime.now(UTC))
    )
    owner = record.seats[seat].user_id
    assert owner is not None
    bot = FakeBot(tables.store, tables)

    def interaction(**kwargs) -> FakeInteraction:
        return FakeInteraction(bot, owner, guild_id=1, channel_id=record.channel_id, **kwargs)

    since = record.waiting[seat]
    opened = interaction()  # Buy… on the board: a private panel with the buildings
    await open_pick(opened, record.id, seat, since, "buy", 0, False)
    (answer,) = opened.answers
    parts = str(answer.kwargs["view"].to_components())
    assert answer.ephemeral and ids.open_pick_id(record.id, seat, since, "buy", 1, True) in parts
    building = interaction()  # the Theater: the same panel now shows its payments
    await open_pick(building, record.id, seat, since, "buy", 1, True)
    (edited,) = building.answers
    assert edited.how == "edit_message" and "buy 1 " in str(edited.kwargs["view"].to_components())
    panel = boards.hand_panel(record, seat, "en", opened=("buy", 1))
    five = BLUE[2]
    paid = interaction(message=message_with(bot, panel.view, {five}))
    await confirm_pick(paid, record.id, seat, since, "buy")
    record = await tables.game(record.id)
    assert record.state["paying"] is None and record.state["to_place"][seat] == [MARKET[0]]
    assert five not in record.state["hands"][seat] and MONEY[five].value == 5
    assert record.state["actions"] == 1, "paid exactly: another action"
    last = (await tables.store.actions(record.id))[-1]
    assert last.action == f"buy 1 {five}", "one action: the channel learns of it once paid"
    assert [e["type"] for e in record.state["events"]] == ["bought"]
    (done,) = [a for a in paid.answers if a.how == "edit_original"]
    assert "buy 2 " in str(done.kwargs["view"].to_components()), "the panel follows: act again"
