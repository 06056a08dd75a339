"""The expert's hints as the server gives them (web/hints.py): limited per seat and per client address
(429 with Retry-After and a worded reason), computed once per view however many ask, and computed in
the bot workers rather than the server's own threads."""

from __future__ import annotations

import asyncio
import os
import warnings
from pathlib import Path
from typing import Any

import httpx
import pytest

with warnings.catch_warnings():
    warnings.simplefilter("ignore")
    from fastapi.testclient import TestClient

from lewis_clark.bots.hint import Hint, Reason, Why, expert_hint
from lewis_clark.rules import legal_actions
from lewis_clark.state import State
from lewis_clark.web.app import create_app
from lewis_clark.web.bot_pool import BotPool
from lewis_clark.web.hints import Hints

TWO = [{"kind": "human"}, {"kind": "human"}]


@pytest.fixture
def searches(monkeypatch: pytest.MonkeyPatch) -> list[tuple[Any, State]]:
    """Every search the server asks of its bot pool; each answers the first legal action after a pause."""
    asked: list[tuple[Any, State]] = []

    async def run(self: BotPool, fn: Any, seen: State) -> Hint:
        asked.append((fn, seen))
        await asyncio.sleep(0.2)  # long enough for every request sent at once to find it under way
        return Hint(legal_actions(seen)[0], Why(Reason.ONLY))

    monkeypatch.setattr(BotPool, "run", run)
    return asked


def _game(app: Any) -> tuple[str, str, str]:
    """A new game of two people: its id, the token of the seat to play and the other's (the app's
    lifespan not run: its store stays open for the requests after)."""
    async def go() -> tuple[str, str, str]:
        async with httpx.AsyncClient(transport=httpx.ASGITransport(app=app), base_url="http://testserver") as c:
            g = (await c.post("/api/games", json={"seats": TWO, "seed": 19})).json()
            seat = (await c.get(f"/api/games/{g['id']}")).json()["current"]
        return g["id"], g["seats"][seat]["token"], g["seats"][1 - seat]["token"]
    return asyncio.run(go())


async def _at_once(app: Any, path: str, tokens: list[str], address: str = "10.0.0.1") -> list[httpx.Response]:
    transport = httpx.ASGITransport(app=app, client=(address, 4000))
    async with httpx.AsyncClient(transport=transport, base_url="http://testserver") as c:
        return list(await asyncio.gather(*(c.get(path, headers={"X-Token": t}) for t in tokens)))


def test_twelve_hints_at_once_from_one_seat_are_limited_and_searched_once(
        tmp_path: Path, searches: list[tuple[Any, State]]) -> None:
    app = create_app(tmp_path / "g.sqlite3", bot_workers=0, hints=Hints(per_minute=10))
    gid, token, _ = _game(app)
    answers = asyncio.run(_at_once(app, f"/api/games/{gid}/hint", [token] * 12))
    assert sorted(r.status_code for r in answers) == [200] * 10 + [429] * 2
    assert len({r.text for r in answers if r.status_code == 200}) == 1  # one answer for one view
    assert [fn for fn, _ in searches] == [expert_hint]  # one search, in the bot pool, for the twelve
    refused = next(r for r in answers if r.status_code == 429)
    assert 1 <= int(refused.headers["Retry-After"]) <= 6  # a hint comes back every 6 s at 10 a minute
    assert refused.json()["detail"].startswith("too many hints asked for: try again in ")
    hu = asyncio.run(_at_once(app, f"/api/games/{gid}/hint?lang=hu", [token]))[0]
    assert hu.status_code == 429 and "too many" not in hu.json()["detail"]
    assert searches[0][1].hidden  # the expert sees the seat's view: the deck's order withheld


def test_a_client_address_has_a_limit_across_seats_and_another_address_is_not_held_back(
        tmp_path: Path, searches: list[tuple[Any, State]]) -> None:
    app = create_app(tmp_path / "g.sqlite3", bot_workers=0, hints=Hints(per_minute=2))
    games = [_game(app) for _ in range(4)]
    statuses = [asyncio.run(_at_once(app, f"/api/games/{gid}/hint", [token]))[0].status_code
                for gid, token, _ in games for _ in range(2)]
    assert statuses == [200, 200, 200, 200, 200, 200, 429, 429]  # 3 x 2 a minute for the address
    gid, token, _ = games[-1]
    assert asyncio.run(_at_once(app, f"/api/games/{gid}/hint", [token], "10.0.0.2"))[0].status_code == 200
    assert len(searches) == 4  # one search per view: a seat asking twice was answered from the cache


def test_a_hint_is_searched_again_only_for_a_new_view(tmp_path: Path, searches: list[tuple[Any, State]]) -> None:
    app = create_app(tmp_path / "g.sqlite3", bot_workers=0)
    with TestClient(app) as c:
        g = c.post("/api/games", json={"seats": TWO, "seed": 19}).json()
        token = g["seats"][c.get(f"/api/games/{g['id']}").json()["current"]]["token"]
        gid = g["id"]
        first = c.get(f"/api/games/{gid}/hint", headers={"X-Token": token}).json()
        assert c.get(f"/api/games/{gid}/hint", headers={"X-Token": token}).json() == first
        assert len(searches) == 1
        # Seed 19: the seat to play recruits John Robertson and is still to decide, at a new table.
        assert c.post(f"/api/games/{gid}/actions", json={"action": "recruit john-robertson"},
                      headers={"X-Token": token}).status_code == 200
        assert c.get(f"/api/games/{gid}/hint", headers={"X-Token": token}).status_code == 200
        assert len(searches) == 2


def test_the_pool_runs_a_hint_in_a_worker_process() -> None:
    async def run() -> int:
        pool = BotPool(1)
        try:
            return await pool.run(os.getpid)
        finally:
            await pool.close()

    assert asyncio.run(run()) != os.getpid()
