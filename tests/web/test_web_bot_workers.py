"""``lewis-clark bots``: a worker whose moves fail to store tries again, waiting longer each time (1 s,
doubling, at most RETRY_MAX), and the bot's move lands once the store takes writes again."""

from __future__ import annotations

import threading
from pathlib import Path
from typing import cast

import psycopg

from lewis_clark.state import Options
from lewis_clark.web.bot_workers import IDLE, RETRY_MAX, Worker, keep_working
from lewis_clark.web.live import rebuild
from lewis_clark.web.store_postgres import PostgresStore
from lewis_clark.web.store_sqlite import SqliteStore

BOTS = [{"kind": "bot", "bot": "random", "token_hash": "", "name": ""}] * 2


class Flaky(SqliteStore):
    """A SQLite store with the bot workers' claims, whose writes fail while ``failing`` says so."""

    def __init__(self, path: Path, failing: list[bool], moves: int, stop: threading.Event) -> None:
        super().__init__(path)
        self.failing, self.moves, self.stop = failing, moves, stop
        self.writes = 0  # tries to store an action

    def claim(self, ready_before: float) -> tuple[str, int] | None:
        stored = self.load("g")
        return None if stored is None else ("g", stored.version)

    def release(self, game_id: str) -> None:
        pass

    def append(self, game_id: str, version: int, n: int, text: str, seat: int, over: bool,
               bot_next: bool = False) -> int:
        self.writes += 1
        if self.failing and self.failing.pop(0):
            raise psycopg.OperationalError("connection refused")
        version = super().append(game_id, version, n, text, seat, over, bot_next)
        self.moves -= 1
        if self.moves == 0:
            self.stop.set()
        return version


def played(tmp_path: Path, name: str, failing: list[bool], moves: int) -> tuple[Flaky, Worker, list[float]]:
    stop = threading.Event()
    store = Flaky(tmp_path / name, failing, moves, stop)
    store.create("g", Options(players=2, seed=5).to_json(), BOTS, bot_next=True)
    worker = Worker(cast(PostgresStore, store))
    slept: list[float] = []
    keep_working(worker, stop, slept.append)
    return store, worker, slept


def test_a_failed_bot_move_is_tried_again_with_a_doubling_pause_and_lands(tmp_path: Path) -> None:
    # Fails twice, stores a move, then fails seven times in a row (the pause reaches its cap), then stores.
    failing = [True, True, False] + [True] * 7 + [False]
    store, worker, slept = played(tmp_path, "flaky.sqlite3", failing, moves=2)
    assert slept == [IDLE, 2 * IDLE, IDLE, 2 * IDLE, 4 * IDLE, 8 * IDLE, 16 * IDLE, RETRY_MAX, RETRY_MAX]
    assert worker.retries == 9 and worker.moves == 2 and store.writes == 11
    stored = store.load("g")
    assert stored is not None and len(stored.actions) == 2  # each move stored once, none lost or doubled
    assert len(rebuild(stored).actions) == 2  # and the stored moves replay as the game's own

