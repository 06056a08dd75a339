"""Game records in SQLite (stdlib ``sqlite3``, WAL): options, seats and the action texts.

A game's state is never stored, only its record; the server rebuilds the state by replay. An action
is committed before the server acknowledges it, so a server killed at any moment loses nothing it
acknowledged. Seat and creator tokens are kept only as SHA-256 hashes. Each game also keeps when it
last changed (for expiry) and whether a bot makes its next decision (so that a restarted server loads
only those games at once, and every other one when it is first asked for).
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
    over INTEGER NOT NULL DEFAULT 0,
    touched REAL,               -- when an action was last added or taken back (expiry)
    bot_next INTEGER,           -- 1: a bot makes the next decision (NULL: not known, older files)
    creator_hash TEXT           -- the creator's token, hashed ("" or NULL: nobody may delete it)
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
# Columns added since the first files were written: (name, type), added to older files when opened.
ADDED = (("touched", "REAL"), ("bot_next", "INTEGER"), ("creator_hash", "TEXT"))


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
    bot_next: bool | None = None  # None: not known (stored by an older server)


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
        self._upgrade()

    def _upgrade(self) -> None:
        """Bring a file written by an older server up to today's columns, filling ``touched`` from its
        actions' times."""
        have = {row[1] for row in self._db.execute("PRAGMA table_info(games)")}
        for name, kind in ADDED:
            if name not in have:
                self._db.execute(f"ALTER TABLE games ADD COLUMN {name} {kind}")
        self._db.execute("UPDATE games SET touched = COALESCE((SELECT MAX(at) FROM actions WHERE game_id = games.id),"
                         " created) WHERE touched IS NULL")

    def ping(self) -> None:
        """A trivial query (readiness): raises when the database does not answer."""
        with self._lock:
            self._db.execute("SELECT 1").fetchone()

    def close(self) -> None:
        with self._lock:
            self._db.close()

    def create(self, game_id: str, options: dict[str, Any], seats: list[dict[str, str]], creator_hash: str = "",
               bot_next: bool = False) -> None:
        now = time.time()
        with self._lock:
            self._db.execute("INSERT INTO games (id, created, options, seats, touched, bot_next, creator_hash)"
                             " VALUES (?, ?, ?, ?, ?, ?, ?)",
                             (game_id, now, json.dumps(options), json.dumps(seats), now, int(bot_next), creator_hash))

    def append(self, game_id: str, n: int, text: str, seat: int, over: bool, bot_next: bool = False) -> None:
        """Add action ``n`` (with the game-over flag and whether a bot decides next) in one committed
        transaction."""
        now = time.time()
        with self._lock:
            db = self._db
            db.execute("BEGIN")
            try:
                db.execute("INSERT INTO actions (game_id, n, text, seat, at) VALUES (?, ?, ?, ?, ?)",
                           (game_id, n, text, seat, now))
                db.execute("UPDATE games SET over = ?, touched = ?, bot_next = ? WHERE id = ?",
                           (int(over), now, int(bot_next and not over), game_id))
                db.execute("COMMIT")
            except BaseException:
                db.execute("ROLLBACK")
                raise

    def truncate(self, game_id: str, n: int, bot_next: bool = False) -> None:
        """Forget actions from position ``n`` on (undo: a person decides next)."""
        with self._lock:
            db = self._db
            db.execute("BEGIN")
            try:
                db.execute("DELETE FROM actions WHERE game_id = ? AND n >= ?", (game_id, n))
                db.execute("UPDATE games SET touched = ?, bot_next = ? WHERE id = ?", (time.time(), int(bot_next), game_id))
                db.execute("COMMIT")
            except BaseException:
                db.execute("ROLLBACK")
                raise

    def set_bot_next(self, game_id: str, bot_next: bool) -> None:
        """Record whether a bot decides next (for games stored before the server kept it)."""
        with self._lock:
            self._db.execute("UPDATE games SET bot_next = ? WHERE id = ?", (int(bot_next), game_id))

    def creator_hash(self, game_id: str) -> str | None:
        """The hash of the game's creator token ("" when nobody may delete it); None: no such game."""
        with self._lock:
            row = self._db.execute("SELECT creator_hash FROM games WHERE id = ?", (game_id,)).fetchone()
        return None if row is None else row[0] or ""

    def delete(self, game_id: str) -> bool:
        """Forget a game and its actions; False when there was no such game."""
        with self._lock:
            db = self._db
            db.execute("BEGIN")
            try:
                db.execute("DELETE FROM actions WHERE game_id = ?", (game_id,))
                gone = db.execute("DELETE FROM games WHERE id = ?", (game_id,)).rowcount > 0
                db.execute("COMMIT")
            except BaseException:
                db.execute("ROLLBACK")
                raise
        return gone

    def expired(self, unfinished_before: float | None, finished_before: float | None) -> list[str]:
        """Ids of games not over with no change since ``unfinished_before``, and of finished games
        unchanged since ``finished_before`` (None: such games never expire)."""
        out: list[str] = []
        with self._lock:
            for over, before in ((0, unfinished_before), (1, finished_before)):
                if before is not None:
                    out += [i for (i,) in self._db.execute("SELECT id FROM games WHERE over = ? AND touched < ?",
                                                          (over, before))]
        return out

    def load(self, game_id: str) -> StoredGame | None:
        with self._lock:
            row = self._db.execute("SELECT id, created, options, seats, over, bot_next FROM games WHERE id = ?",
                                   (game_id,)).fetchone()
            if row is None:
                return None
            texts = [t for (t,) in self._db.execute("SELECT text FROM actions WHERE game_id = ? ORDER BY n", (game_id,))]
        return StoredGame(row[0], row[1], json.loads(row[2]), json.loads(row[3]), bool(row[4]), texts,
                          None if row[5] is None else bool(row[5]))

    def unfinished(self) -> list[str]:
        """Ids of games not over, oldest first."""
        with self._lock:
            return [i for (i,) in self._db.execute("SELECT id FROM games WHERE over = 0 ORDER BY created")]

    def bots_to_move(self) -> list[str]:
        """Ids of games not over whose next decision is a bot's, or not known to be a person's (files
        from older servers), oldest first: those a restarted server loads at once."""
        with self._lock:
            return [i for (i,) in self._db.execute(
                "SELECT id FROM games WHERE over = 0 AND (bot_next IS NULL OR bot_next != 0) ORDER BY created")]
