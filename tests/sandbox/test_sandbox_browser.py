"""The sandbox page in a real Chromium: alice starts Money with two bots from the message box,
bids through her private panel, takes a row on the exchange and plays to the end of the first
round, while bob watches the same channel on a phone-sized page and never sees her panel.

TAVOLO_SANDBOX_SCREENSHOT=docs/sandbox.png also saves the README's screenshot there."""

from __future__ import annotations

import os
import re
import sys
from pathlib import Path
from typing import Any

from tests.sandbox.browser import chromium, require_browser
from tests.sandbox.process import sandbox_process

DESKTOP = {"width": 1100, "height": 860}
PHONE = {"width": 400, "height": 800}
WAIT_MS = 30_000
PANEL_TITLE = "your hand (only you see this)"
ROW = re.compile(r"^Take the (left|right) row")


def open_page(browser: Any, url: str, viewport: dict[str, int], member: str | None) -> Any:
    """A page in a fresh browser profile, acting as `member` (default: the first member)."""
    page = browser.new_context(viewport=viewport).new_page()
    page.set_default_timeout(WAIT_MS)
    errors: list[str] = []
    page.on("pageerror", lambda error: errors.append(str(error)))
    page.errors = errors
    page.goto(url)
    page.get_by_label("Acting as").wait_for()
    if member is not None:
        page.get_by_label("Acting as").select_option(label=member)
        page.wait_for_function(
            "name => document.querySelector('#member option:checked').textContent === name",
            arg=member,
        )
    return page


def expect_text(locator: Any, text: str) -> None:
    from playwright.sync_api import expect

    expect(locator).to_contain_text(text, timeout=WAIT_MS)


def test_money_first_round_in_the_sandbox_page(tmp_path: Path) -> None:
    require_browser()
    from playwright.sync_api import expect

    command = [sys.executable, "-m", "sandbox"]
    with sandbox_process(command, tmp_path) as sandbox, chromium() as browser:
        alice = open_page(browser, sandbox.url, DESKTOP, None)
        bob = open_page(browser, sandbox.url, PHONE, "bob")

        # Phone-sized: the channel list waits behind the menu button.
        expect(bob.locator("#sidebar")).not_to_be_in_viewport()
        bob.get_by_role("button", name="Channels").click()
        bob.get_by_role("button", name="# games").click()
        expect(bob.locator("#channel-name")).to_have_text("# games")
        alice.get_by_role("button", name="# games").click()
        expect(alice.locator("#channel-name")).to_have_text("# games")

        # The message box offers the synced commands and the bot's choices for an option.
        box = alice.get_by_label("Message box")
        box.click()
        box.type("/game n")
        expect(alice.locator("#suggestions")).to_contain_text("/game new")
        box.press("Enter")
        expect(box).to_have_value("/game new ")
        box.type("game:")
        alice.locator("#suggestions li", has_text="Money").click()
        box.press("Enter")

        lobby = alice.locator("article", has_text="New game: Money")
        expect_text(lobby, "alice used /game new")
        expect(bob.locator("article", has_text="New game: Money")).to_be_visible()
        lobby.get_by_role("button", name="Add bot", exact=True).click()
        expect_text(lobby, "Bot 1")
        lobby.get_by_role("button", name="Add bot", exact=True).click()
        expect_text(lobby, "Bot 2")
        lobby.get_by_role("button", name="Start").click()

        # The board: a picture and the button to the private panel.
        board = alice.locator("article:not(.ephemeral)", has_text="Waiting for: @alice").last
        expect(board.locator("img")).to_be_visible()
        assert board.locator("img").evaluate("img => img.complete && img.naturalWidth > 300")
        phone_board = bob.locator("article", has_text="Waiting for: @alice").last.locator("img")
        expect(phone_board).to_be_visible()
        assert phone_board.evaluate("img => img.getBoundingClientRect().width <= 400")

        # The bid, through alice's private panel: every card but the bluff, so she acts first.
        board.get_by_role("button", name="My hand / bid").click()
        panel = alice.locator("article.ephemeral", has_text=PANEL_TITLE).last
        expect_text(panel, "Only you can see this")
        expect_text(panel, "Chosen so far: nothing.")
        panel.locator(".select-toggle").first.click()
        options = panel.get_by_role("option")
        labels = [label for label in options.all_inner_texts() if label != "bluff card"]
        assert len(labels) >= 5, labels
        for label in labels:
            panel.get_by_role("option", name=label, exact=True).click()
        panel.get_by_role("button", name="Done").click()
        expect(panel).to_contain_text(re.compile(r"Bid: .+ = \d+"))
        expect(panel).not_to_contain_text("Chosen so far: nothing.")
        panel.get_by_role("button", name="Place bid").click()
        revealed = alice.locator("article:not(.ephemeral)", has_text="Bids revealed").last
        expect_text(revealed, "alice: ")

        # The exchange: alice takes a row with the board's button.
        take = revealed.get_by_role("button", name=ROW).first
        expect(take).to_be_visible()
        if path := os.environ.get("TAVOLO_SANDBOX_SCREENSHOT"):
            alice.screenshot(path=path)
        alice.screenshot(path=str(tmp_path / "sandbox.png"))
        row = ROW.match(take.inner_text())
        assert row is not None
        take.click()
        took = f"alice took the {row.group(1)} row"
        expect_text(alice.locator("#messages"), took)

        # The bots finish the exchange; the rows are refilled and round 2 asks for bids.
        expect_text(alice.locator("#messages"), "Round 2: place your bids.")
        expect_text(bob.locator("#messages"), "Round 2: place your bids.")
        expect_text(bob.locator("#messages"), took)

        # Bob saw every public post live, and never alice's panel.
        expect(bob.locator("article.ephemeral")).to_have_count(0)
        assert PANEL_TITLE not in bob.locator("#messages").inner_text()
        expect(bob.get_by_role("button", name="Place bid")).to_have_count(0)

        # Alice's hand came to her DMs; bob's DM with the bot is empty.
        alice.get_by_role("button", name="@ Tavolo").click()
        expect(alice.locator("#messages article img").first).to_be_visible()
        bob.get_by_role("button", name="Channels").click()
        bob.get_by_role("button", name="@ Tavolo").click()
        expect(bob.locator("#channel-name")).to_have_text("@ Tavolo")
        expect(bob.locator("#messages article")).to_have_count(0)

        assert alice.errors == [] and bob.errors == [], (alice.errors, bob.errors)
