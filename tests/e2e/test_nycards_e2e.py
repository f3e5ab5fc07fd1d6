"""New York, the card game, end to end: the production bot on the loopback Discord.

Players act only as people would: buttons by label, menu options by label, `/move`, reading
the channel, their DMs and their ephemerals. The database is read only to decide what a
player does and to check what changed.
"""

from __future__ import annotations

from collections.abc import AsyncIterator

import pytest_asyncio

from fakediscord import FakeDiscord, FakeUser
from games import presentation
from interface.move_entries import resolve
from rules.nycards.components import BUILDINGS, CURRENCY_OF, SLOT_CURRENCY, VALUE
from tests.e2e.nycards_table import NYCARDS, NyCardsTable, card_ids
from tests.e2e.table import button_labels, buttons, refusal, running_table

PNG = b"\x89PNG\r\n\x1a\n"


@pytest_asyncio.fixture
async def table(fake_discord: FakeDiscord, tmp_path) -> AsyncIterator[NyCardsTable]:
    """A server with #games and the production bot running on a fresh database."""
    async with running_table(fake_discord, tmp_path / "tavolo.db", NyCardsTable) as tavolo:
        yield tavolo


def people(table: NyCardsTable, *names: str) -> list[FakeUser]:
    return [table.fake.add_user(name) for name in names]


async def play_to_end(table: NyCardsTable, max_steps: int = 600):
    for _ in range(max_steps):
        record = await table.record()
        if record.status != "running":
            return record
        await table.play_step()
    raise AssertionError("the game did not end")


def check_finished(table: NyCardsTable, record) -> None:
    """The last board: the winners, the table and the final result picture, no buttons."""
    outcome = NYCARDS.outcome(record.state)
    assert outcome is not None
    board = table.board()
    public = NYCARDS.view(record.state, None)
    result = presentation("nycards").result_lines(public, record.names(), "en")
    assert result and "🏆 **Game over.**" in board.content
    assert all(line in board.content for line in result), "the result says what decided it"
    assert all(f"🏆 1st {record.seats[s].name}" in board.content for s in outcome.winners)
    assert "**Scoring C**" in board.content
    assert [a.filename for a in board.attachments] == ["table.png", "scores.png"]
    assert all(a.data.startswith(PNG) for a in board.attachments)
    assert button_labels(board) == ["Rematch"], "only a rematch is offered at the end"
    assert all(not buttons(old) for old in table.boards()[:-1])


def scoring_posts(table: NyCardsTable) -> list[str]:
    """The scorings announced, in order, each by its own channel message with its ranking
    picture (not a board: no buttons, nobody pinged)."""
    found = []
    for message in table.chan.messages():
        scoring = next((s for s in "ABC" if message.content.startswith(f"**Scoring {s}**")), None)
        if scoring is None:
            continue
        assert [a.filename for a in message.attachments] == ["scoring.png"], message.content
        assert message.attachments[0].data.startswith(PNG)
        assert not buttons(message) and not message.pinged
        found.append(scoring)
    return found


async def test_two_members_play_a_whole_game_with_dirk(table: NyCardsTable) -> None:
    alice, bob = people(table, "alice", "bob")
    record = await table.seat_players(alice, [bob])
    first = table.board()
    assert "Dirk starts with" in first.content
    assert [a.filename for a in first.attachments] == ["table.png"]
    hands = [m for u in (alice, bob) for m in u.dms() if m.attachments]
    assert len(hands) >= 2, "each player gets their money by DM"
    final = await play_to_end(table)
    check_finished(table, final)
    assert scoring_posts(table) == [s["scoring"] for s in final.state["scorings"]]
    assert len(final.state["dirk_buildings"]) > 6, "Dirk got buildings after scoring A"
    log = await table.actions()
    assert {a.action for a in log} >= {"keep"}
    assert table.gifts == sum(a.action == "gift" for a in log) > 0
    assert table.buys_by_button > 0
    # Buying starts at the board's "Buy…" (or the panel), a slot is chosen when several are
    # affordable, and the slot offers its payments or its menu.
    assert table.slots_chosen > 0 and table.buys_from_hand_panel > 0
    assert table.buys_by_button + table.buys_by_menu > table.buys_from_hand_panel
    texts = "\n".join(b.content for b in table.boards())
    assert "gives" in texts and "to Dirk" in texts
    assert not table.fake.failures
    assert record.seats[0].user_id == alice.id


async def test_one_member_and_three_bots_play_a_whole_four_player_game(table) -> None:
    (alice,) = people(table, "alice")
    await table.seat_players(alice, bots=3)
    final = await play_to_end(table)
    check_finished(table, final)
    assert len(final.seats) == 4 and sum(s.bot for s in final.seats) == 3
    # Bots move in the same step as the scorings: each still gets its post with its picture.
    assert [s["scoring"] for s in final.state["scorings"]] == ["A", "B", "C"]
    assert scoring_posts(table) == ["A", "B", "C"]
    log = await table.actions()
    assert any(a.action.startswith("buy") for a in log if a.seat != 0)  # the bots buy too
    assert any(a.action.startswith("buy") for a in log if a.seat == 0)


async def snapshot(table: NyCardsTable):
    return await table.record(), [a.version for a in await table.actions()]


async def unchanged(table: NyCardsTable, before) -> None:
    after = await table.record()
    assert after.version == before[0].version and after.state == before[0].state
    assert [a.version for a in await table.actions()] == before[1]


async def test_illegal_moves_get_a_clear_private_reason_and_change_nothing(table) -> None:
    alice, bob, carol = people(table, "alice", "bob", "carol")
    record = await table.seat_players(alice, [bob, carol])
    seat = record.state["current"]
    user = table.user_of(seat)
    other = table.user_of((seat + 1) % 3)
    hand = record.state["hands"][seat]
    before = await snapshot(table)

    async def refused(text: str, expected: str) -> None:
        result = await user.slash(table.chan, "move", action=text)
        reason = refusal(result)
        assert reason is not None and expected in reason, (text, reason)
        await unchanged(table, before)

    # Wrong currency: a card of another currency for slot 1 (blue).
    wrong = next(c for c in hand if CURRENCY_OF[c] != "blue")
    await refused(f"buy 1 {wrong}", "must be paid in blue")
    # Not enough money: one card of the slot's currency below the price.
    low = [
        (slot, c)
        for slot, building in enumerate(record.state["yard"])
        for c in hand
        if CURRENCY_OF[c] == SLOT_CURRENCY[slot] and VALUE[c] < BUILDINGS[building].price
    ]
    assert low, "this deal gives the first player a card below a price in its slot's currency"
    await refused(f"buy {low[0][0] + 1} {low[0][1]}", "your cards make only")
    # More than 5 in a combination of several cards.
    display = record.state["display"]
    assert sum(VALUE[c] for c in display) > 5
    await refused("take " + ",".join(map(str, display)), "at most 5")
    # A card that is not face up, and a card not in the hand.
    await refused(f"take {record.state['money_deck'][0]}", "face-up")
    # Out of turn: another player presses a board button.
    board = table.board()
    result = await other.press(board, button_labels(board)[0])
    assert refusal(result) == "It is not your turn."
    await unchanged(table, before)


async def test_an_exact_payment_gives_another_action_without_a_new_ping(table) -> None:
    alice, bob, carol = people(table, "alice", "bob", "carol")
    await table.seat_players(alice, [bob, carol])
    for _ in range(200):  # play until a member can pay a building exactly
        record = await table.record()
        (seat,) = record.waiting
        pick = next(iter(NYCARDS.choices(record.state, seat).picks), None)
        exact = [
            s
            for s in (pick.suggestions if pick else ())
            if sum(VALUE[c] for c in s)
            == BUILDINGS[record.state["yard"][SLOT_CURRENCY.index(CURRENCY_OF[s[0]])]].price
        ]
        if exact:
            break
        await table.play_step()
    else:
        raise AssertionError("no exact payment came up")
    user = table.user_of(seat)
    live, posted = table.board().id, len(table.chan.messages())
    action = "buy " + ",".join(map(str, exact[0]))
    result = await table.buy(seat, action)
    assert refusal(result) is None
    after = await table.record()
    assert after.state["current"] == seat and NYCARDS.turn(after.state) == NYCARDS.turn(
        record.state
    )
    board = table.board()
    assert "paying exactly" in board.content
    assert "acts again" in board.content
    assert board.id == live, "the same turn edits the live board in place"
    assert not [m for m in table.chan.messages()[posted:] if user.id in m.pinged], "no 2nd ping"
    assert sorted(card_ids((await table.actions())[-1].action)) == sorted(exact[0])
    # The emptied slot stays empty for the rest of the turn: buying from it is refused.
    assert after.state["hands"][seat], "this deal leaves cards in the buyer's hand"
    before = await snapshot(table)
    slot = SLOT_CURRENCY.index(CURRENCY_OF[exact[0][0]])
    card = after.state["hands"][seat][0]
    result = await user.slash(table.chan, "move", action=f"buy {slot + 1} {card}")
    assert f"Slot {slot + 1} is empty" in (refusal(result) or "")
    await unchanged(table, before)


async def test_move_autocomplete_lists_takes_then_exact_payments_first(table) -> None:
    alice, bob, carol = people(table, "alice", "bob", "carol")
    await table.seat_players(alice, [bob, carol])
    for _ in range(200):  # play until a member has an exact payment among other payments
        record = await table.record()
        (seat,) = record.waiting
        pick = next(iter(NYCARDS.choices(record.state, seat).picks), None)
        yard = record.state["yard"]
        paid = [
            (sum(VALUE[c] for c in s), BUILDINGS[yard[SLOT_CURRENCY.index(CURRENCY_OF[s[0]])]])
            for s in (pick.suggestions if pick else ())
        ]
        if any(v == b.price for v, b in paid) and any(v > b.price for v, b in paid):
            break
        await table.play_step()
    else:
        raise AssertionError("no position with exact and overpaying payments came up")
    user = table.user_of(seat)
    choices = await user.autocomplete(table.chan, "move", option="action", value="")
    # Only the truth: each entry once, within Discord's limits, every one a legal move.
    labels = [c["name"] for c in choices]
    assert len(labels) == len(set(labels)) and 0 < len(choices) <= 25
    assert all(len(c["name"]) <= 100 and len(c["value"]) <= 100 for c in choices)
    offered = NYCARDS.choices(record.state, seat)
    for c in choices:
        NYCARDS.apply(record.state, seat, resolve(c["value"], record.version, offered))
    values = [c["value"] for c in choices]
    takes = [v for v in values if v.startswith("take ")]
    buys = [c for c in choices if c["value"].startswith("buy ")]
    assert takes and values[: len(takes)] == takes, "the takes come first"
    assert "exactly" in buys[0]["name"], buys[0]
    firsts = [i for i, c in enumerate(buys) if "overpaid" in c["name"]]
    assert firsts and all("exactly" in c["name"] for c in buys[: firsts[0]])
    result = await user.slash(table.chan, "move", action=buys[0]["value"])
    assert refusal(result) is None or refusal(result) == "Done."
    assert (await table.actions())[-1].action == buys[0]["value"]
    assert (await table.record()).state["current"] == seat, "an exact payment: act again"


async def test_the_private_panel_follows_after_buying_from_it(table) -> None:
    """Issue 15: after acting from a private panel, that panel updates: here the purchase
    ends the turn, so it keeps the hand and loses every button of the turn that is over."""
    alice, bob, carol = people(table, "alice", "bob", "carol")
    await table.seat_players(alice, [bob, carol])
    for _ in range(200):  # play until a member would buy by a button, overpaying
        record = await table.record()
        (seat,) = record.waiting
        action = await table.decide(seat)
        if action.startswith("buy ") and not record.seats[seat].bot:
            cards = card_ids(action)
            slot = SLOT_CURRENCY.index(CURRENCY_OF[cards[0]])
            if sum(VALUE[c] for c in cards) > BUILDINGS[record.state["yard"][slot]].price:
                panel = await table.buy_panel(seat, slot)
                offered = [b for b in button_labels(panel) if b.startswith("Buy ") and b != "Buy"]
                if offered:
                    break
        await table.play_step()
    else:
        raise AssertionError("no overpaying purchase by a button came up")
    edits = len(panel.revisions)
    result = await table.user_of(seat).press(panel, offered[0])
    assert refusal(result) is None
    assert seat not in (await table.record()).waiting
    assert len(panel.revisions) > edits, "the panel was edited after the purchase"
    stale = [b for b in button_labels(panel) if b.startswith(("Buy", "Take"))]
    assert not stale, stale
