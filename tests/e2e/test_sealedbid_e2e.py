"""Sealed Bids end to end: a game registered from the tests alone, played through the loopback
Discord with the production bot, as members would play it (slash commands, buttons and menus
by their labels). No production file knows this game."""

from __future__ import annotations

from collections.abc import AsyncIterator, Iterator
from dataclasses import dataclass
from typing import ClassVar

import pytest
import pytest_asyncio

import games
from fakediscord import FakeDiscord, FakeMessage
from tests import sealedbid
from tests.e2e.table import LoopbackTable, button_labels, refusal, running_table, selects
from tests.sealedbid.rules import CARD_VALUES

HAND_BUTTON = "My cards / bid"
PLACE_BID = "Place bid"


@dataclass
class SealedBidsTable(LoopbackTable):
    """One channel's Sealed Bids game: members bid from the private panel the board opens."""

    GAME_ID: ClassVar[str] = "sealedbid"
    BOARD_TITLE: ClassVar[str] = "Sealed Bids"

    async def bid(self, seat: int, card: int) -> FakeMessage:
        """Open the panel from the board, choose the card by its label, press Place bid."""
        user = self.user_of(seat)
        assert user is not None
        opened = await user.press(self.board(), HAND_BUTTON)
        assert opened.ephemeral and opened.message is not None, opened.content
        panel = opened.message
        label = f"Card {CARD_VALUES[card]}"
        (menu,) = selects(panel)
        assert label in {o["label"] for o in menu["options"]}, menu["options"]
        chosen = await user.choose(panel, menu["placeholder"], [label])
        assert refusal(chosen) is None, refusal(chosen)
        assert f"Bid: {CARD_VALUES[card]}" in panel.content, panel.content
        placed = await user.press(panel, PLACE_BID)
        assert refusal(placed) is None, refusal(placed)
        return panel

    async def play_step(self, via: object = None) -> None:
        """Every member who must bid now bids as the game's bot policy would."""
        record = await self.record()
        for seat in sorted(record.waiting):
            if not record.seats[seat].bot:
                action = await self.decide(seat)
                await self.bid(seat, int(action.split()[1]))


@pytest.fixture
def sealed_bids_registered() -> Iterator[None]:
    with games.registered(sealedbid.ENTRY):
        yield


@pytest_asyncio.fixture
async def table(
    fake_discord: FakeDiscord, tmp_path, sealed_bids_registered: None
) -> AsyncIterator[SealedBidsTable]:
    async with running_table(fake_discord, tmp_path / "tavolo.db", SealedBidsTable) as tavolo:
        yield tavolo


async def test_a_game_registered_from_the_tests_plays_to_the_end_through_discord(
    table: SealedBidsTable,
) -> None:
    ann, ben = table.fake.add_user("ann"), table.fake.add_user("ben")
    offered = await ann.autocomplete(table.chan, "game new", option="game", value="seal")
    assert [(c["name"], c["value"]) for c in offered] == [("Sealed Bids", "sealedbid")]
    record = await table.seat_players(ann, [ben], bots=1)
    assert [s.name for s in record.seats] == ["ann", "ben", "Bot 1"]
    board = table.board()
    assert "Round 1: a lot worth" in board.content and "to bid" in board.content, board.content
    assert board.attachments, "the board carries its picture"
    assert HAND_BUTTON in button_labels(board)

    finished = await table.play_to_end(max_steps=20)

    assert finished.status == "finished"
    outcome = sealedbid.GAME.outcome(finished.state)
    assert outcome is not None
    bids = [a for a in await table.actions() if a.action.startswith("bid ")]
    assert len(bids) == 3 * 5, "five rounds of three sealed bids"
    last = table.board().content
    assert "The auction is over." in last and "Game over." in last, last
    scores = ", ".join(f"{s.name} {n}" for s, n in zip(finished.seats, outcome.scores, strict=True))
    assert f"Final scores: {scores}." in last, last


async def test_a_member_sees_only_their_own_cards(table: SealedBidsTable) -> None:
    ann, ben = table.fake.add_user("ann"), table.fake.add_user("ben")
    record = await table.seat_players(ann, [ben])
    state = record.state
    assert state is not None
    opened = await ann.press(table.board(), HAND_BUTTON)
    assert opened.message is not None
    (menu,) = selects(opened.message)
    shown = {o["label"] for o in menu["options"]}
    assert shown == {f"Card {CARD_VALUES[c]}" for c in state["hands"][0]}
    assert not shown & {f"Card {CARD_VALUES[c]}" for c in state["hands"][1]}
    channel_text = " ".join(m.content for m in table.chan.messages())
    for card in state["hands"][1]:
        assert f"Card {CARD_VALUES[card]}" not in channel_text
