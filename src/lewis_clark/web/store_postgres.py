"""The PostgreSQL store (psycopg 3): any number of server processes and bot workers on one database.

- **Serialised changes.** ``append`` and ``truncate`` are one statement each (one transaction, one
  round trip) whose first step updates the game's row only if it is at the expected version, which
  locks the row (as ``SELECT ... FOR UPDATE`` would): two processes acting on one game at once are put
  one after the other by the database, and the second finds the version moved on (``Conflict``) and
  stores nothing.
- **Notifications.** Every change sends ``NOTIFY lewis_clark, '<game id> <version> <bot next 0|1>'``
  (version -1: deleted) in the same transaction, so it is heard only once committed. Each server
  listens on one connection of its own (``listen``, async, on the event loop) and brings the games it
  holds up to date; idle bot workers wake on it (``wait``).
- **Bot turns.** ``claim`` finds a game waiting for a bot and takes a session advisory lock on it
  (``pg_try_advisory_lock``, skipping games another worker holds, as ``FOR UPDATE SKIP LOCKED``
  would): the worker thinks without holding any row lock (people's requests never wait for it) and a
  worker that dies releases its games with its connection.

- **Deadlines.** Every statement of the pool's connections ends after ``STATEMENT_TIMEOUT`` on the
  database's side (``statement_timeout``; migrations have none), and the server gives up waiting on its
  side too (``guard``: a call runs in a thread of its own, off the event loop, given up after two
  seconds), so a database that stops answering (a frozen machine, a network black hole, a stopped
  process) never holds the server: ``/healthz`` answers at once and ``/readyz`` says why.

A synchronous pool (``psycopg_pool.ConnectionPool``), its calls made in the guard's threads: each is one
short transaction (a few hundred microseconds to a database nearby), and nothing holds a game's row
while waiting for anything else. The listener, which waits for ever, is async (its own
``AsyncConnection``).
"""

from __future__ import annotations

import asyncio
import json
import logging
import time
from collections.abc import Awaitable, Callable, Iterator
from contextlib import contextmanager
from typing import Any

import psycopg
from psycopg_pool import ConnectionPool

from lewis_clark.web.schema import POSTGRES
from lewis_clark.web.store import Changed, Conflict
from lewis_clark.web.store_sql import SqlStore

log = logging.getLogger("lewis_clark.web")
CHANNEL = "lewis_clark"
LOCKS = 0x4C43  # advisory locks' first key: this program's (the second is the game id's hash)
RETRY = 1.0  # seconds before listening again after the connection was lost
TIMEOUT = 1.0  # seconds a call waits for a connection (on the server's loop: keep it short)
OPEN_TIMEOUT = 5.0  # seconds to reach the database when the store opens
STATEMENT_TIMEOUT = 1500  # milliseconds a statement may run on the database (the server's own deadline is 2 s)


def payload(game_id: str, version: int, bot_next: bool) -> str:
    return f"{game_id} {version} {int(bot_next)}"


def parse_payload(text: str) -> tuple[str, int, bool] | None:
    parts = text.split()
    if len(parts) != 3 or not parts[1].lstrip("-").isdigit():
        return None
    return parts[0], int(parts[1]), parts[2] == "1"


class PostgresStore(SqlStore):
    """Games in a PostgreSQL database at ``url`` (``postgresql://user@host/dbname``)."""

    kind = "postgresql"
    shared = True
    remote = True
    MARK = "%s"

    def __init__(self, url: str, pool_size: int = 4, timeout: float = TIMEOUT, open_timeout: float = OPEN_TIMEOUT) -> None:
        self.url = url
        self.pool_size = pool_size
        self.timeout = timeout
        self.pool = self._new_pool(open_timeout)
        self._claimer: psycopg.Connection[Any] | None = None  # a bot worker's: holds its advisory locks
        self._migrate()

    def _new_pool(self, wait: float) -> ConnectionPool[Any]:
        """A pool whose callers wait at most ``timeout`` for a connection (the event loop waits with them:
        ``guard``), opened with its first connection within ``wait`` seconds."""
        pool: ConnectionPool[Any] = ConnectionPool(
            self.url, min_size=1, max_size=self.pool_size, open=False, timeout=self.timeout, name="lewis-clark",
            kwargs={"autocommit": True, "connect_timeout": max(1, round(self.timeout * 2)),
                    "options": f"-c statement_timeout={STATEMENT_TIMEOUT}"})
        try:
            pool.open(wait=True, timeout=wait)
        except BaseException:
            pool.close(timeout=0)
            # The database's own reason (refused, no such database, a password), not the pool's "incomplete".
            psycopg.connect(self.url, connect_timeout=max(1, round(self.timeout * 2))).close()
            raise
        return pool

    def revive(self) -> None:
        """Once the database answers again, a fresh pool: the old one's own reconnection backs off (to
        minutes after a long outage), so the server would wait for it long after the database is back."""
        psycopg.connect(self.url, connect_timeout=max(1, round(self.timeout * 2))).close()
        old, self.pool = self.pool, self._new_pool(self.timeout * 4)
        old.close(timeout=0)

    @contextmanager
    def _reading(self, snapshot: bool = False) -> Iterator[psycopg.Connection[Any]]:
        if not snapshot:
            with self.pool.connection() as conn:
                yield conn
            return
        with self._tx() as conn:  # one snapshot: the actions read match the version read beside them
            conn.execute("SET TRANSACTION ISOLATION LEVEL REPEATABLE READ")
            yield conn

    @contextmanager
    def _tx(self) -> Iterator[psycopg.Connection[Any]]:
        with self.pool.connection() as conn, conn.transaction():
            yield conn

    def _migrate(self) -> None:
        with self._tx() as c:
            c.execute("SET LOCAL statement_timeout = 0")  # a migration may take its time (an index on many games)
            c.execute("SELECT pg_advisory_xact_lock(%s, 0)", (LOCKS,))  # two servers starting at once: one migrates
            c.execute("CREATE TABLE IF NOT EXISTS schema_version (version INTEGER NOT NULL)")
            row = c.execute("SELECT version FROM schema_version").fetchone()
            if row is None:
                c.execute("INSERT INTO schema_version VALUES (0)")
            done = 0 if row is None else row[0]
            for migration in POSTGRES[done:]:
                for sql in migration.statements:
                    c.execute(sql)
                c.execute("UPDATE schema_version SET version = %s", (migration.number,))
                log.info("database schema: migration %d (%s) applied", migration.number, migration.what)

    def close(self) -> None:
        if self._claimer is not None:
            self._claimer.close()
        self.pool.close()

    def create(self, game_id: str, options: dict[str, Any], seats: list[dict[str, str]], creator_hash: str = "",
               bot_next: bool = False) -> None:
        now = time.time()
        with self._tx() as c:
            c.execute("INSERT INTO games (id, created, options, seats, touched, bot_next, creator_hash, version)"
                      " VALUES (%s, %s, %s, %s, %s, %s, %s, 0)",
                      (game_id, now, json.dumps(options), json.dumps(seats), now, int(bot_next), creator_hash))
            if bot_next:  # wakes the bot workers
                c.execute("SELECT pg_notify(%s, %s)", (CHANNEL, payload(game_id, 0, True)))

    # A change is one statement, so one round trip and its own transaction: the UPDATE of the game's row
    # at the expected version locks the row (a second process's UPDATE waits for the first to commit, then
    # finds the version moved on and matches nothing), and the action is written and the change notified
    # only through the row it returned. No row back: Conflict, nothing stored.
    APPEND = """WITH changed AS (UPDATE games SET over = %(over)s, touched = %(now)s, bot_next = %(bot)s,
                                   version = version + 1 WHERE id = %(id)s AND version = %(version)s RETURNING id)
                INSERT INTO actions (game_id, n, text, seat, at)
                SELECT id, %(n)s, %(text)s, %(seat)s, %(now)s FROM changed
                RETURNING pg_notify(%(channel)s, %(payload)s)"""
    TRUNCATE = """WITH changed AS (UPDATE games SET touched = %(now)s, bot_next = %(bot)s, version = version + 1
                                     WHERE id = %(id)s AND version = %(version)s RETURNING id),
                  gone AS (DELETE FROM actions WHERE game_id IN (SELECT id FROM changed) AND n >= %(n)s)
                  SELECT pg_notify(%(channel)s, %(payload)s) FROM changed"""

    def append(self, game_id: str, version: int, n: int, text: str, seat: int, over: bool,
               bot_next: bool = False) -> int:
        bot = bot_next and not over
        args = {"over": int(over), "now": time.time(), "bot": int(bot), "id": game_id, "version": version, "n": n,
                "text": text, "seat": seat, "channel": CHANNEL, "payload": payload(game_id, version + 1, bot)}
        try:
            with self.pool.connection() as c:
                done = c.execute(self.APPEND, args).fetchone()
        except psycopg.errors.UniqueViolation:  # (game, n) stored already: a race the version did not see
            raise Conflict(game_id, None) from None
        if done is None:
            raise Conflict(game_id, None)
        return version + 1

    def truncate(self, game_id: str, version: int, n: int, bot_next: bool = False) -> int:
        args = {"now": time.time(), "bot": int(bot_next), "id": game_id, "version": version, "n": n,
                "channel": CHANNEL, "payload": payload(game_id, version + 1, bot_next)}
        with self.pool.connection() as c:
            done = c.execute(self.TRUNCATE, args).fetchone()
        if done is None:
            raise Conflict(game_id, None)
        return version + 1

    def set_bot_next(self, game_id: str, bot_next: bool) -> None:
        with self.pool.connection() as c:
            c.execute("UPDATE games SET bot_next = %s WHERE id = %s", (int(bot_next), game_id))

    def delete(self, game_id: str) -> bool:
        with self._tx() as c:
            c.execute("DELETE FROM actions WHERE game_id = %s", (game_id,))
            cur = c.execute("DELETE FROM games WHERE id = %s", (game_id,))
            gone = cur.rowcount > 0
            if gone:
                c.execute("SELECT pg_notify(%s, %s)", (CHANNEL, payload(game_id, -1, False)))
        return gone

    def waiting_for_bots(self) -> int:
        """How many games wait for a bot's decision (the bot queue)."""
        with self.pool.connection() as c:
            row = c.execute("SELECT COUNT(*) FROM games WHERE over = 0 AND bot_next = 1").fetchone()
        return int(row[0]) if row else 0

    # --- hearing other processes -----------------------------------------------------------------

    async def listen(self, changed: Changed, reconnected: Callable[[], Awaitable[None] | None]) -> None:
        first = True
        while True:
            try:
                async with await psycopg.AsyncConnection.connect(self.url, autocommit=True,
                                                                 connect_timeout=max(1, round(self.timeout * 2))) as conn:
                    await conn.execute(f"LISTEN {CHANNEL}")
                    if not first:  # changes made while deaf: the caller looks at every game it holds again
                        done = reconnected()
                        if done is not None:
                            await done
                    first = False
                    async for note in conn.notifies():
                        heard = parse_payload(note.payload)
                        if heard is not None:
                            changed(*heard)
            except psycopg.OperationalError as exc:
                log.warning("lost the database's notifications (%s); listening again in %.0f s", exc, RETRY)
                first = False
                await asyncio.sleep(RETRY)

    # --- bot workers -----------------------------------------------------------------------------

    def _claims(self) -> psycopg.Connection[Any]:
        if self._claimer is None or self._claimer.closed:
            self._claimer = psycopg.connect(self.url, autocommit=True, connect_timeout=max(1, round(self.timeout * 2)),
                                            options=f"-c statement_timeout={STATEMENT_TIMEOUT}")
            self._claimer.execute(f"LISTEN {CHANNEL}")
        return self._claimer

    def claim(self, ready_before: float) -> tuple[str, int] | None:
        """A game whose next decision is a bot's, last changed before ``ready_before`` (the bots' delay),
        that no other worker holds, locked for this worker until ``release``: its id and version."""
        c = self._claims()
        rows = c.execute("SELECT id FROM games WHERE over = 0 AND bot_next = 1 AND touched <= %s"
                         " ORDER BY touched LIMIT 32", (ready_before,)).fetchall()
        for (game_id,) in rows:
            row = c.execute("SELECT pg_try_advisory_lock(%s, hashtext(%s))", (LOCKS, game_id)).fetchone()
            if row and row[0]:
                # Taken now: look again, another worker may have moved it between the two statements.
                again = c.execute("SELECT version FROM games WHERE id = %s AND over = 0 AND bot_next = 1",
                                  (game_id,)).fetchone()
                if again is not None:
                    return game_id, int(again[0])
                self.release(game_id)
        return None

    def release(self, game_id: str) -> None:
        self._claims().execute("SELECT pg_advisory_unlock(%s, hashtext(%s))", (LOCKS, game_id))

    def next_ready(self) -> float | None:
        """When the game waiting longest for a bot was last changed (None: no game waits)."""
        row = self._claims().execute("SELECT MIN(touched) FROM games WHERE over = 0 AND bot_next = 1").fetchone()
        return None if row is None or row[0] is None else float(row[0])

    def wait(self, seconds: float) -> None:
        """Sleep until a change is notified that leaves a bot to decide, or ``seconds`` have passed."""
        for note in self._claims().notifies(timeout=max(0.0, seconds)):
            heard = parse_payload(note.payload)
            if heard is not None and heard[2]:
                return
