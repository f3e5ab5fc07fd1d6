"""Debian's Chromium driven by Playwright, with nothing downloaded: skipped with one line when
Chromium is missing, unless TAVOLO_REQUIRE_BROWSER=1 (CI), which makes that a failure."""

from __future__ import annotations

import os
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

import pytest

CHROMIUM = Path(os.environ.get("TAVOLO_CHROMIUM", "/usr/bin/chromium"))
ARGS = [
    "--headless",
    "--no-sandbox",
    "--disable-gpu",
    "--disable-quic",
    "--no-first-run",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
]


def require_browser() -> None:
    """Skip (or, with TAVOLO_REQUIRE_BROWSER=1, fail) when Chromium or Playwright is missing."""
    problem = None
    if not CHROMIUM.exists():
        problem = f"Chromium is not installed ({CHROMIUM}); scripts/install_chromium.sh installs it"
    else:
        try:
            import playwright.sync_api  # noqa: F401
        except ImportError:
            problem = "Playwright is not installed (requirements-dev.txt)"
    if problem is None:
        return
    if os.environ.get("TAVOLO_REQUIRE_BROWSER") == "1":
        pytest.fail(f"{problem} (TAVOLO_REQUIRE_BROWSER=1)", pytrace=False)
    pytest.skip(problem)


@contextmanager
def chromium() -> Iterator[Any]:
    """A running headless Chromium (Playwright's `Browser`)."""
    require_browser()
    from playwright.sync_api import sync_playwright

    with sync_playwright() as playwright:
        browser = playwright.chromium.launch(executable_path=str(CHROMIUM), args=ARGS)
        try:
            yield browser
        finally:
            browser.close()
