"""The post-game review on the replay page, in real headless Chromium: asked for with one click, it runs
in the background while the replay stays usable, then shows each seat's chart and its three costliest
turns, each with a button that takes the replay to that turn's table."""

from __future__ import annotations

import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from test_web_restart import Server, serving

from conftest import needs_chromium

pytestmark = [needs_chromium, pytest.mark.browser, pytest.mark.slow]

TINY = "race:samples=1:keep=1:beam=2:nodes=3:actions=3:recruits=1"
SHOTS = Path(__file__).parents[1] / "artifacts"


@pytest.fixture(scope="module")
def reviewing(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Server]:
    with serving(tmp_path_factory.mktemp("review") / "games.sqlite3", args=["--review-level", TINY]) as s:
        yield s


def finished_game(server: Server) -> str:
    """A solo game the medium bot plays to its end against Mackenzie (level 7: some thirty turns)."""
    _, g = server.call("POST", "/api/games", {"seats": [{"kind": "bot", "level": "medium"}], "mackenzie": 7, "seed": 5})
    end = time.monotonic() + 120
    while time.monotonic() < end:
        _, game = server.call("GET", f"/api/games/{g['id']}")
        if game["over"]:
            return str(g["id"])
        time.sleep(0.2)
    raise AssertionError("the bot game did not end")


def test_the_replay_page_shows_the_review_chart_and_three_costliest_turns(reviewing: Server, browser: Any) -> None:
    game_id = finished_game(reviewing)
    page = browser.new_page(viewport={"width": 1200, "height": 1000}, bypass_csp=True)  # lets the test evaluate its checks
    errors: list[str] = []
    page.on("pageerror", lambda e: errors.append(str(e)))
    page.goto(f"{reviewing.base}/replay/{game_id}")
    page.wait_for_function("document.getElementById('counter').textContent.startsWith('0 /')")
    page.click("#review-start")
    # the page stays usable while the expert works: the replay steps on
    page.click("#next")
    page.wait_for_function("document.getElementById('counter').textContent.startsWith('1 /')")
    page.wait_for_selector("#review-out svg.chart polyline", timeout=120_000)
    assert page.locator("#review-out svg.chart").count() == 1  # one seat, one chart
    turns = page.locator("#review-out ol.costly li")
    assert turns.count() == 3
    for k in range(3):
        item = turns.nth(k)
        assert item.is_visible()
        text = item.inner_text()
        assert text.startswith("Turn ") and "Table:" in text and "Played:" in text and "The expert:" in text
    assert page.locator("#review-out svg.chart g.mark").count() == 3  # the three marked on the chart
    assert page.locator("#review-start").is_hidden()
    # "Show the table" takes the replay to the turn's start
    step = turns.nth(0).locator("button.show-turn").get_attribute("data-step")
    turns.nth(0).locator("button.show-turn").click()
    page.wait_for_function(f"document.getElementById('counter').textContent.startsWith('{int(step or 0)} /')")
    SHOTS.mkdir(exist_ok=True)
    page.locator("#review").screenshot(path=str(SHOTS / "review-replay-page.png"))
    assert errors == []
    page.close()
