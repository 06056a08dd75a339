"""Fixtures the browser tests share: a real server on a temporary database, and Debian's chromium."""

from __future__ import annotations

import os
from collections.abc import Callable, Iterator
from typing import Any

import pytest

from test_web_restart import Server, serving

CHROMIUM = "/usr/bin/chromium"
ARGS = ["--headless", "--no-sandbox", "--disable-gpu", "--disable-background-networking", "--disable-component-update",
        "--disable-sync", "--no-first-run"]
# Every browser test module: `pytestmark = needs_chromium`.
needs_chromium = pytest.mark.skipif(not os.path.exists(CHROMIUM), reason="needs Debian's chromium (.ci/run installs it)")


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Server]:
    """A real `lewis-clark serve` (bots without delay) on a database of its own, for one test module."""
    with serving(tmp_path_factory.mktemp("web") / "games.sqlite3", bot_delay=0.0) as s:
        yield s


@pytest.fixture(scope="module")
def browser() -> Iterator[Any]:
    """Debian's chromium, headless, driven by Playwright (never a downloaded browser). Per module: while
    Playwright's sync API runs, its event loop is the thread's, and tests that call asyncio.run() fail."""
    from playwright.sync_api import sync_playwright

    with sync_playwright() as p:
        b = p.chromium.launch(executable_path=CHROMIUM, args=ARGS)
        yield b
        b.close()


# Short turns first, so that Mackenzie (level 7) ends a solo game within about 32 turns.
PREFERENCE = ("end", "stop", "under ", "play ", "discard none", "take ", "camp")


def play_to_the_end(page: Any, act: Callable[[str], None], steps: int = 600) -> None:
    """Play a game page on from its list of choices until the end screen shows: ``act`` takes the action
    text to pick (a "data-action" of #actions) and clicks or taps it."""
    for _ in range(steps):
        if page.locator("#end").is_visible():
            return
        texts = page.eval_on_selector_all("#actions button", "bs => bs.map(b => b.dataset.action)")
        if not texts:
            page.wait_for_timeout(50)
            continue
        act(next((t for p in PREFERENCE for t in texts if t.startswith(p) or t == p.strip()), texts[0]))
