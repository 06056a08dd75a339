"""The reads both SQL stores make, written once: the two backends differ in how they hold a connection
and lock, in their placeholders (``?`` or ``%s``) and in their writes (``store_sqlite``,
``store_postgres``), never in what a read asks or how its rows become answers.

The queries here are written with ``?``; a backend whose driver wants another placeholder names it in
``MARK``. A backend gives ``_reading``: a connection for a few reads, which, with ``snapshot``, see
one state of the database together (the actions agree with the version read beside them).
"""

from __future__ import annotations

import json
from abc import abstractmethod
from collections.abc import Iterator, Sequence
from contextlib import AbstractContextManager
from typing import Any, Protocol

from lewis_clark.web.store import Store, StoredGame


class Rows(Protocol):
    """What a query answers, in both drivers: rows one by one, or the first."""

    def fetchone(self) -> Any: ...

    def __iter__(self) -> Iterator[Any]: ...


class Reader(Protocol):
    """A connection as the reads use it (``sqlite3.Connection``, ``psycopg.Connection``)."""

    def execute(self, query: Any, params: Any = ..., /) -> Rows: ...


class SqlStore(Store):
    """A store on a SQL database with the schema of ``schema``: the shared reads."""

    MARK = "?"  # the driver's placeholder

    @abstractmethod
    def _reading(self, snapshot: bool = False) -> AbstractContextManager[Reader]:
        """A connection for reads; with ``snapshot``, reads that see one state of the database."""

    def _read(self, db: Reader, query: str, params: Sequence[Any] = ()) -> Rows:
        return db.execute(query if self.MARK == "?" else query.replace("?", self.MARK), tuple(params))

    def schema_version(self) -> int:
        with self._reading() as db:
            row = self._read(db, "SELECT version FROM schema_version").fetchone()
        return int(row[0]) if row else 0

    def creator_hash(self, game_id: str) -> str | None:
        with self._reading() as db:
            row = self._read(db, "SELECT creator_hash FROM games WHERE id = ?", (game_id,)).fetchone()
        return None if row is None else row[0] or ""

    def expired(self, unfinished_before: float | None, finished_before: float | None) -> list[str]:
        out: list[str] = []
        with self._reading() as db:
            for over, before in ((0, unfinished_before), (1, finished_before)):
                if before is not None:
                    out += [i for (i,) in self._read(db, "SELECT id FROM games WHERE over = ? AND touched < ?",
                                                     (over, before))]
        return out

    def load(self, game_id: str) -> StoredGame | None:
        with self._reading(snapshot=True) as db:
            row = self._read(db, "SELECT id, created, options, seats, over, bot_next, version FROM games WHERE id = ?",
                             (game_id,)).fetchone()
            if row is None:
                return None
            texts = [t for (t,) in self._read(db, "SELECT text FROM actions WHERE game_id = ? ORDER BY n", (game_id,))]
        return StoredGame(row[0], row[1], json.loads(row[2]), json.loads(row[3]), bool(row[4]), texts,
                          None if row[5] is None else bool(row[5]), row[6])

    def since(self, game_id: str, n: int) -> tuple[int, int, list[str]] | None:
        with self._reading(snapshot=True) as db:
            row = self._read(db, "SELECT version, (SELECT COUNT(*) FROM actions WHERE game_id = games.id) FROM games"
                             " WHERE id = ?", (game_id,)).fetchone()
            if row is None:
                return None
            texts = [t for (t,) in self._read(db, "SELECT text FROM actions WHERE game_id = ? AND n >= ? ORDER BY n",
                                              (game_id, n))]
        return int(row[0]), int(row[1]), texts

    def unfinished(self) -> list[str]:
        with self._reading() as db:
            return [i for (i,) in self._read(db, "SELECT id FROM games WHERE over = 0 ORDER BY created")]

    def bots_to_move(self) -> list[str]:
        with self._reading() as db:
            return [i for (i,) in self._read(
                db, "SELECT id FROM games WHERE over = 0 AND (bot_next IS NULL OR bot_next != 0) ORDER BY created")]
