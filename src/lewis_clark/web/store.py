"""Game records in SQLite (stdlib ``sqlite3``, WAL): options, seats and the action texts.

A game's state is never stored, only its record; the server rebuilds the state by replay. An action
is committed before the server acknowledges it, so a server killed at any moment loses nothing it
acknowledged. Seat tokens are kept only as SHA-256 hashes.
"""

from __future__ import annotations

import hashlib
import json
import sqlite3
import threading
import time
from dataclasses import dataclass
from pathlib import Path
from typing import Any

SCHEMA = """
CREATE TABLE IF NOT EXISTS games (
    id TEXT PRIMARY KEY,
    created REAL NOT NULL,
    options TEXT NOT NULL,      -- Options.to_json()
    seats TEXT NOT NULL,        -- [{"kind": "human"|"bot", "bot": spec, "token_hash": hex|""}]
    over INTEGER NOT NULL DEFAULT 0
);
CREATE TABLE IF NOT EXISTS actions (
    game_id TEXT NOT NULL REFERENCES games(id),
    n INTEGER NOT NULL,         -- 0-based position in the record
    text TEXT NOT NULL,
    seat INTEGER NOT NULL,
    at REAL NOT NULL,
    PRIMARY KEY (game_id, n)
);
"""


def token_hash(token: str) -> str:
    return hashlib.sha256(token.encode("utf-8", "replace")).hexdigest()


@dataclass
class StoredGame:
    """One game as stored: enough to rebuild it."""

    id: str
    created: float
    options: dict[str, Any]
    seats: list[dict[str, str]]
    over: bool
    actions: list[str]


class Store:
    """A SQLite file shared by every game. One connection guarded by a lock: each write is a short
    transaction, so serialising them costs less than juggling connections between threads."""

    def __init__(self, path: str | Path) -> None:
        self.path = str(path)
        if self.path != ":memory:":
            Path(self.path).parent.mkdir(parents=True, exist_ok=True)
        self._lock = threading.Lock()
        self._db = sqlite3.connect(self.path, check_same_thread=False, isolation_level=None)
        self._db.execute("PRAGMA journal_mode=WAL")
        # NORMAL: a commit survives the process being killed (the OS has the WAL pages); only a power
        # failure could lose the last commits. FULL would fsync every action.
        self._db.execute("PRAGMA synchronous=NORMAL")
        self._db.execute("PRAGMA foreign_keys=ON")
        self._db.executescript(SCHEMA)

    def close(self) -> None:
        with self._lock:
            self._db.close()

    def create(self, game_id: str, options: dict[str, Any], seats: list[dict[str, str]]) -> None:
        with self._lock:
            self._db.execute("INSERT INTO games (id, created, options, seats) VALUES (?, ?, ?, ?)",
                             (game_id, time.time(), json.dumps(options), json.dumps(seats)))

    def append(self, game_id: str, n: int, text: str, seat: int, over: bool) -> None:
        """Add action ``n`` (and the game-over flag) in one committed transaction."""
        with self._lock:
            db = self._db
            db.execute("BEGIN")
            try:
                db.execute("INSERT INTO actions (game_id, n, text, seat, at) VALUES (?, ?, ?, ?, ?)",
                           (game_id, n, text, seat, time.time()))
                if over:
                    db.execute("UPDATE games SET over = 1 WHERE id = ?", (game_id,))
                db.execute("COMMIT")
            except BaseException:
                db.execute("ROLLBACK")
                raise

    def truncate(self, game_id: str, n: int) -> None:
        """Forget actions from position ``n`` on (undo)."""
        with self._lock:
            self._db.execute("DELETE FROM actions WHERE game_id = ? AND n >= ?", (game_id, n))

    def load(self, game_id: str) -> StoredGame | None:
        with self._lock:
            row = self._db.execute("SELECT id, created, options, seats, over FROM games WHERE id = ?",
                                   (game_id,)).fetchone()
            if row is None:
                return None
            texts = [t for (t,) in self._db.execute("SELECT text FROM actions WHERE game_id = ? ORDER BY n", (game_id,))]
        return StoredGame(row[0], row[1], json.loads(row[2]), json.loads(row[3]), bool(row[4]), texts)

    def unfinished(self) -> list[str]:
        """Ids of games not over, oldest first (to resume their bots after a restart)."""
        with self._lock:
            return [i for (i,) in self._db.execute("SELECT id FROM games WHERE over = 0 ORDER BY created")]
