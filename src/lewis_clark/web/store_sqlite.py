"""The SQLite store (stdlib ``sqlite3``, WAL): the embedded default, one file, one server process.

Writes take the file's write lock at once (``BEGIN IMMEDIATE``), so even a second process on the same
file cannot store conflicting actions; but it would not hear the other's changes (no notifications):
several processes need PostgreSQL.
"""

from __future__ import annotations

import json
import os
import sqlite3
import threading
import time
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

from lewis_clark.web.schema import SQLITE
from lewis_clark.web.store import Conflict
from lewis_clark.web.store_sql import SqlStore


class SqliteStore(SqlStore):
    """A SQLite file shared by every game. One connection guarded by a lock: each write is a short
    transaction, so serialising them costs less than juggling connections between threads."""

    kind = "sqlite"

    def __init__(self, path: str | Path) -> None:
        self.path = str(path)
        if self.path != ":memory:":
            Path(self.path).parent.mkdir(parents=True, exist_ok=True)
        self._lock = threading.Lock()
        self._db = sqlite3.connect(self.path, check_same_thread=False, isolation_level=None, timeout=10)
        self._db.execute("PRAGMA journal_mode=WAL")
        # NORMAL: a commit survives the process being killed (the OS has the WAL pages); only a power
        # failure could lose the last commits. FULL would fsync every action.
        self._db.execute("PRAGMA synchronous=NORMAL")
        self._db.execute("PRAGMA foreign_keys=ON")
        self._migrate()

    @contextmanager
    def _write(self) -> Iterator[sqlite3.Connection]:
        """One write transaction, holding the file's write lock from its start. A write failing on a file
        that cannot be written (made immutable, its permissions taken away: SQLite says only "disk I/O
        error") is said as read-only."""
        with self._lock:
            db = self._db
            try:
                db.execute("BEGIN IMMEDIATE")
                try:
                    yield db
                    db.execute("COMMIT")
                except BaseException:
                    if db.in_transaction:  # SQLite itself rolls back on some errors (a full disk): keep its error
                        db.execute("ROLLBACK")
                    raise
            except sqlite3.Error as exc:
                if not isinstance(exc, sqlite3.IntegrityError) and not self._writable():
                    raise sqlite3.OperationalError(f"attempt to write a readonly database ({exc})") from exc
                raise

    def _writable(self) -> bool:
        """Whether this process may write the file and its write-ahead log (``access`` sees the
        immutable flag too)."""
        if self.path == ":memory:":
            return True
        return all(os.access(f, os.W_OK) for f in (self.path, self.path + "-wal", self.path + "-shm") if os.path.exists(f))

    def recovered(self) -> None:
        """Writes succeed again after failing (a full disk): fold the write-ahead log into the file and
        empty it, else it keeps the space it grew to while the file could not take it."""
        with self._lock:
            self._db.execute("PRAGMA wal_checkpoint(TRUNCATE)").fetchall()

    def _migrate(self) -> None:
        with self._write() as db:
            tables = {name for (name,) in db.execute("SELECT name FROM sqlite_master WHERE type = 'table'")}
            if "schema_version" not in tables:
                db.execute("CREATE TABLE schema_version (version INTEGER NOT NULL)")
                db.execute("INSERT INTO schema_version VALUES (?)", (1 if "games" in tables else 0,))
            (done,) = db.execute("SELECT version FROM schema_version").fetchone()
            for migration in SQLITE[done:]:
                for sql in migration.statements:
                    try:
                        db.execute(sql)
                    except sqlite3.OperationalError as exc:  # a file of an unreleased server had the column
                        if "duplicate column" not in str(exc):
                            raise
                db.execute("UPDATE schema_version SET version = ?", (migration.number,))

    def close(self) -> None:
        with self._lock:
            self._db.close()

    def create(self, game_id: str, options: dict[str, Any], seats: list[dict[str, str]], creator_hash: str = "",
               bot_next: bool = False) -> None:
        now = time.time()
        with self._write() as db:
            db.execute("INSERT INTO games (id, created, options, seats, touched, bot_next, creator_hash)"
                       " VALUES (?, ?, ?, ?, ?, ?, ?)",
                       (game_id, now, json.dumps(options), json.dumps(seats), now, int(bot_next), creator_hash))

    def _check(self, db: sqlite3.Connection, game_id: str, version: int) -> None:
        row = db.execute("SELECT version FROM games WHERE id = ?", (game_id,)).fetchone()
        if row is None or row[0] != version:
            raise Conflict(game_id, None if row is None else row[0])

    def append(self, game_id: str, version: int, n: int, text: str, seat: int, over: bool,
               bot_next: bool = False) -> int:
        now = time.time()
        with self._write() as db:
            self._check(db, game_id, version)
            db.execute("INSERT INTO actions (game_id, n, text, seat, at) VALUES (?, ?, ?, ?, ?)",
                       (game_id, n, text, seat, now))
            db.execute("UPDATE games SET over = ?, touched = ?, bot_next = ?, version = ? WHERE id = ?",
                       (int(over), now, int(bot_next and not over), version + 1, game_id))
        return version + 1

    def truncate(self, game_id: str, version: int, n: int, bot_next: bool = False) -> int:
        with self._write() as db:
            self._check(db, game_id, version)
            db.execute("DELETE FROM actions WHERE game_id = ? AND n >= ?", (game_id, n))
            db.execute("UPDATE games SET touched = ?, bot_next = ?, version = ? WHERE id = ?",
                       (time.time(), int(bot_next), version + 1, game_id))
        return version + 1

    def set_bot_next(self, game_id: str, bot_next: bool) -> None:
        with self._lock:
            self._db.execute("UPDATE games SET bot_next = ? WHERE id = ?", (int(bot_next), game_id))

    def delete(self, game_id: str) -> bool:
        with self._write() as db:
            db.execute("DELETE FROM actions WHERE game_id = ?", (game_id,))
            return db.execute("DELETE FROM games WHERE id = ?", (game_id,)).rowcount > 0

    @contextmanager
    def _reading(self, snapshot: bool = False) -> Iterator[sqlite3.Connection]:
        # One connection under the lock: reads made together see one state of the file (this process's
        # writes wait for the lock; there are no others worth a transaction, see the module's docstring).
        with self._lock:
            yield self._db
