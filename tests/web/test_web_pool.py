"""Bots of the web server think in worker processes: a game goes exactly as the one driver
(``Match``) plays it, whether its bots think on the server's loop or in the pool, even when a worker
dies; workers see only their seat's view and end with the server."""

from __future__ import annotations

import asyncio
import logging
import os
import pickle
import signal
import warnings
from collections.abc import Sequence
from pathlib import Path

import pytest

with warnings.catch_warnings():  # starlette's notice about httpx, raised on import
    warnings.simplefilter("ignore")
    from fastapi.testclient import TestClient

from test_web_api import create, wait_for

from lewis_clark import Action, Options, State, legal_actions, view
from lewis_clark.bots import RandomBot, make_bot
from lewis_clark.match import Match
from lewis_clark.record import load_record
from lewis_clark.web.app import create_app
from lewis_clark.web.bot_pool import think
from lewis_clark.web.database import open_store
from lewis_clark.web.live import LiveGame
from lewis_clark.web.manager import Manager

pytestmark = pytest.mark.both_builds  # run on the pure build too (.ci/run)

POOL = [0, 2]  # think on the loop, then in two worker processes


def reference(options: Options, seats: Sequence[str], actions: int) -> list[str]:
    """The first ``actions`` actions of the game as ``Match`` plays it (bots keep state in place)."""
    match = Match(options, seats, keep_log=False)
    while not match.over and len(match.actions) < actions:
        match.step_bot()
    return match.actions


class Spy(RandomBot):
    """A random bot that notes what it was shown; it travels to the worker and back with its notes."""

    def __init__(self, seed: int = 0) -> None:
        super().__init__(seed)
        self.shown: list[tuple[bool, int, bool]] = []  # hidden, generator, deck sorted

    def choose(self, view: State, legal: list[Action]) -> Action:
        self.shown.append((view.hidden, view.rng, view.deck == sorted(view.deck)))
        return super().choose(view, legal)


async def play(tmp: Path, workers: int, options: Options, seats: Sequence[str], actions: int,
               spy: Spy | None = None) -> LiveGame:
    """A bots' game on a Manager until it has ``actions`` actions (or ends); ``spy`` takes seat 0's place."""
    manager = Manager(open_store(tmp / f"games-{workers}.sqlite3"), bot_workers=workers)
    game, _, _ = await manager.create(options, [("bot", s) for s in seats])
    if spy is not None:  # before the bots' task first runs (it waits for the loop)
        game.match.bots[0] = spy
    try:
        async with asyncio.timeout(90):
            while not game.state.over and len(game.actions) < actions:
                await asyncio.sleep(0.01)
    finally:
        await manager.close()
    return game


@pytest.mark.parametrize("workers", POOL)
@pytest.mark.parametrize("seats", [["mcts:iterations=20:depth=2", "planner:width=2:horizon=2"], ["easy", "random"]])
def test_a_bots_game_goes_as_the_match_plays_it(tmp_path: Path, workers: int, seats: list[str]) -> None:
    options = Options(players=2, seed=31)
    game = asyncio.run(play(tmp_path, workers, options, seats, 150))
    assert len(game.actions) >= 150
    assert game.actions[:150] == reference(options, seats, 150)


def test_a_killed_worker_loses_nothing(tmp_path: Path, caplog: pytest.LogCaptureFixture) -> None:
    """Two games thinking at once; a worker is killed: new workers start once, both games go on as
    ``Match`` plays them."""
    seats = ["easy", "mcts:iterations=20:depth=2"]
    options = [Options(players=2, seed=32), Options(players=2, seed=132)]

    async def run() -> list[list[str]]:
        manager = Manager(open_store(tmp_path / "games.sqlite3"), bot_workers=2)
        games = [(await manager.create(o, [("bot", s) for s in seats]))[0] for o in options]
        try:
            async with asyncio.timeout(90):
                while len(games[0].actions) < 30:
                    await asyncio.sleep(0.01)
                assert manager.pool.executor is not None
                os.kill(next(iter(manager.pool.executor._processes)), signal.SIGKILL)
                while min(len(g.actions) for g in games) < 120:
                    await asyncio.sleep(0.01)
        finally:
            await manager.close()
        return [g.actions[:120] for g in games]

    with caplog.at_level(logging.WARNING, logger="lewis_clark.web"):
        played = asyncio.run(run())
    assert caplog.text.count("bot workers broke") == 1  # new workers started once, for both games
    assert played == [reference(o, seats, 120) for o in options]


@pytest.mark.parametrize("workers", POOL)
def test_bots_are_shown_only_their_seats_view_and_come_back_changed(tmp_path: Path, workers: int) -> None:
    spy = Spy(7)
    game = asyncio.run(play(tmp_path, workers, Options(players=2, seed=33), ["random", "random"], 60, spy=spy))
    after = game.match.bots[0]
    assert isinstance(after, Spy)
    # Every decision seat 0 took was made by the bot the server holds now: the one sent back each time.
    assert len(after.shown) == game.match.by_seat.count(0) > 10
    assert all(shown == (True, 0, True) for shown in after.shown)


def test_think_returns_the_choice_and_the_bot_moved_on() -> None:
    state = Match(Options(players=2, seed=34), ["human", "human"]).state
    seen, legal = view(state, 0), legal_actions(state)
    here = make_bot("random", 3)
    action, bot = think(pickle.dumps((make_bot("random", 3), seen, legal)))
    assert action == here.choose(seen, legal)
    assert bot.rng.getstate() == here.rng.getstate() != make_bot("random", 3).rng.getstate()


def test_close_ends_the_workers(tmp_path: Path) -> None:
    async def run() -> list[int]:
        manager = Manager(open_store(tmp_path / "games.sqlite3"), bot_workers=2)
        game, _, _ = await manager.create(Options(players=2, seed=35), [("bot", "random"), ("bot", "random")])
        while len(game.actions) < 20:
            await asyncio.sleep(0.01)
        assert manager.pool.executor is not None
        pids = list(manager.pool.executor._processes)
        await manager.close()
        return pids

    for pid in asyncio.run(run()):
        with pytest.raises(ChildProcessError):  # ended and reaped
            os.waitpid(pid, os.WNOHANG)


@pytest.mark.parametrize("workers", POOL)
def test_a_whole_game_through_the_api_has_the_match_record(tmp_path: Path, workers: int) -> None:
    with TestClient(create_app(tmp_path / "games.sqlite3", bot_workers=workers)) as client:
        g = create(client, seats=[{"kind": "bot", "level": "easy"}], mackenzie=7, seed=36)
        wait_for(client, g["id"], lambda v: v["over"], seconds=60)
        record = load_record(client.get(f"/api/games/{g['id']}/record").json())
    expected = Match(Options(players=1, seed=36, mackenzie=7, chosen_seed=True), ["easy"]).play_out(200).record
    assert record.actions == expected.actions and record.final_hash == expected.final_hash
