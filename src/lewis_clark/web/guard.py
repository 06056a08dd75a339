"""The store as the server uses it: a database over the network called off the event loop under a
deadline, and a database fault answered 503 (``Unavailable``), never a frozen loop.

``Guarded`` wraps the store:

- The server makes every store call through ``call``. A database reached over the network
  (``Store.remote``: PostgreSQL) is called in a thread of the guard's own (a few daemon threads: a call
  stuck on a database that stopped answering holds one, never the loop, and never keeps the process
  from ending), given up after ``deadline`` seconds. A local SQLite file is called on the loop as
  before: its calls take well under a millisecond, and a thread for each cost a quarter of the
  server's throughput at saturation (docs/web.md). A call given up, like a call that finds
  the database gone (no connection within the pool's short timeout, a connection lost), raises
  ``Unavailable`` and *opens* the guard: until a thread of its own sees the database answer again
  (``Store.revive``, looked at every ``probe_every`` seconds), every call raises ``Unavailable`` at once,
  without touching the database; meanwhile ``/healthz`` answers at once and ``/readyz`` says why. Once
  the database answers, the threads are replaced (those still stuck end when their call does) and
  ``revived`` is told (the manager looks at its games again and the bots go on). A write given up may
  still be stored when the database wakes: it was not acknowledged, and the game's version tells every
  process (the next change finds it and catches up).
- A write refused by the database's host (a full disk, a read-only file) raises ``Unavailable`` with
  that reason and is remembered for ``write_window`` seconds, or until a write succeeds: readiness
  says so meanwhile. Reads go on. The first write that succeeds again tells the store
  (``Store.recovered``: SQLite folds its write-ahead log back into the file then).

Anything else (``Conflict``, a programming error) passes through unchanged.
"""

from __future__ import annotations

import asyncio
import errno
import logging
import queue
import sqlite3
import threading
import time
from collections.abc import Awaitable, Callable
from concurrent.futures import Executor, Future
from typing import Any, TypeVar

from lewis_clark.web.store import Changed, Store, StoredGame

log = logging.getLogger("lewis_clark.web")
PROBE_EVERY = 0.5  # seconds between two looks at a database that stopped answering
WRITE_WINDOW = 60.0  # seconds a failed write keeps the server unready (unless a write succeeds)
DEADLINE = 2.0  # seconds a store call may take before the database counts as not answering
THREADS = 8  # threads store calls run in (a store call is short: these are for calls at once, and stuck ones)
T = TypeVar("T")
DOWN, FULL, READ_ONLY, FAILED = "database not answering", "disk full", "database read-only", "database failed"


class Unavailable(Exception):
    """The store cannot serve now: ``reason`` is one of DOWN, FULL, READ_ONLY, FAILED."""

    def __init__(self, reason: str) -> None:
        super().__init__(reason)
        self.reason = reason


def classify(exc: BaseException) -> tuple[str, bool] | None:
    """Why a store call failed, and whether the database itself is gone (True) or only refused a
    write; None for an exception that is not the database's (passed on)."""
    if isinstance(exc, sqlite3.Error):
        name = getattr(exc, "sqlite_errorname", "") or ""
        text = str(exc).lower()
        if name.startswith("SQLITE_READONLY") or "readonly" in text:
            return READ_ONLY, False
        if name == "SQLITE_FULL" or "full" in text:
            return FULL, False
        return FAILED, False
    try:
        import psycopg
    except ImportError:  # pragma: no cover - only SQLite without the PostgreSQL driver
        psycopg = None  # type: ignore[assignment]
    if psycopg is not None and isinstance(exc, psycopg.Error):
        if isinstance(exc, psycopg.errors.DiskFull):
            return FULL, False
        if isinstance(exc, psycopg.errors.ReadOnlySqlTransaction):
            return READ_ONLY, False
        if isinstance(exc, psycopg.OperationalError | psycopg.InterfaceError):
            return DOWN, True
        return FAILED, False
    if isinstance(exc, OSError):
        return (FULL if exc.errno == errno.ENOSPC else READ_ONLY if exc.errno == errno.EROFS else FAILED), False
    return None


class Threads(Executor):
    """``count`` daemon threads taking calls from one queue: unlike ``ThreadPoolExecutor``'s, a thread
    stuck on a database that never answers does not keep the process from ending."""

    def __init__(self, count: int, name: str) -> None:
        self._calls: queue.SimpleQueue[tuple[Future[Any], Callable[[], Any]] | None] = queue.SimpleQueue()
        self._count = count
        self._shut = False
        for i in range(count):
            threading.Thread(target=self._work, daemon=True, name=f"{name}-{i}").start()

    def submit(self, fn: Callable[..., T], /, *args: Any, **kwargs: Any) -> Future[T]:
        if self._shut:
            raise RuntimeError("the store's threads were shut down (the store is closed)")
        future: Future[T] = Future()
        self._calls.put((future, lambda: fn(*args, **kwargs)))
        return future

    def shutdown(self, wait: bool = True, *, cancel_futures: bool = False) -> None:
        self._shut = True
        for _ in range(self._count):  # each idle thread ends; a stuck one ends after its call
            self._calls.put(None)

    def _work(self) -> None:
        while (item := self._calls.get()) is not None:
            future, fn = item
            if not future.set_running_or_notify_cancel():
                continue
            try:
                future.set_result(fn())
            except BaseException as exc:
                future.set_exception(exc)


class Guarded(Store):
    """``inner`` behind the guard described above."""

    def __init__(self, inner: Store, probe_every: float = PROBE_EVERY, write_window: float = WRITE_WINDOW,
                 clock: Callable[[], float] = time.monotonic, deadline: float = DEADLINE) -> None:
        self.inner = inner
        self.deadline = deadline
        self._threads = Threads(THREADS, "store")
        self.kind = inner.kind
        self.shared = inner.shared
        self.remote = inner.remote
        self.probe_every = probe_every
        self.write_window = write_window
        self.clock = clock
        self.down = ""  # DOWN while the database does not answer
        self.write_failure: tuple[str, float] | None = None  # the last write refused, and when
        self.revived: Callable[[], None] = lambda: None  # told (from the probe's thread) once it answers again
        self._probe: threading.Thread | None = None
        self._closed = threading.Event()

    def trouble(self) -> str:
        if self.down:
            return self.down
        if self.write_failure is not None:
            reason, at = self.write_failure
            if self.clock() - at < self.write_window:
                return reason
        return ""

    async def call(self, fn: Callable[..., T], *args: Any, within: float | None = None) -> T:
        """``fn(*args)`` (one of this guard's methods) in one of its threads, given up after ``within``
        seconds (default ``deadline``): then the database counts as not answering (the guard opens)."""
        if self.down:
            raise Unavailable(self.down)
        if not self.inner.remote:  # a local file: on the loop (see the module's docstring)
            return fn(*args)
        seconds = self.deadline if within is None else within
        future = asyncio.get_running_loop().run_in_executor(self._threads, fn, *args)
        try:
            return await asyncio.wait_for(future, seconds)
        except TimeoutError:
            self._open(DOWN, TimeoutError(f"a call took over {seconds:g} s"))
            raise Unavailable(DOWN) from None

    def _call(self, write: bool, fn: Callable[..., Any], *args: Any, **kwargs: Any) -> Any:
        if self.down:
            raise Unavailable(self.down)
        try:
            result = fn(*args, **kwargs)
        except Exception as exc:
            kind = classify(exc)
            if kind is None:
                raise
            reason, gone = kind
            if gone:
                self._open(reason, exc)
            elif write:
                log.error("the database refused a write (%s): %s", reason, exc)
                self.write_failure = (reason, self.clock())
            else:
                log.error("the database failed a read (%s): %s", reason, exc)
            raise Unavailable(reason) from exc
        if write and self.write_failure is not None:
            self.write_failure = None
            try:  # the space (or the permission) is back: what the failed writes left behind can go
                self.inner.recovered()
            except Exception as exc:
                log.warning("after writes succeeded again: %s", exc)
        return result

    def _open(self, reason: str, exc: BaseException) -> None:
        if not self.down:
            log.error("the database stopped answering (%s); every store call is refused until it answers", exc)
        self.down = reason
        if self._probe is None or not self._probe.is_alive():
            self._probe = threading.Thread(target=self._wait_for_database, daemon=True, name="store-probe")
            self._probe.start()

    def _wait_for_database(self) -> None:
        started = self.clock()
        while not self._closed.wait(self.probe_every):
            try:
                self.inner.revive()
            except Exception as exc:
                if classify(exc) is None:
                    log.exception("looking for the database failed")
                continue
            stuck, self._threads = self._threads, Threads(THREADS, "store")
            stuck.shutdown(wait=False)  # its threads end once their calls do
            self.down = ""
            log.warning("the database answers again after %.1f s", self.clock() - started)
            try:
                self.revived()
            except Exception:  # pragma: no cover - the manager's hook must not end the probe silently
                log.exception("after the database came back")
            return

    # --- the store's interface, guarded ------------------------------------------------------------

    def ping(self) -> None:
        self._call(False, self.inner.ping)

    def close(self) -> None:
        self._closed.set()
        self._threads.shutdown(wait=False)
        self.inner.close()

    def schema_version(self) -> int:
        return int(self._call(False, self.inner.schema_version))

    def create(self, game_id: str, options: dict[str, Any], seats: list[dict[str, str]], creator_hash: str = "",
               bot_next: bool = False) -> None:
        self._call(True, self.inner.create, game_id, options, seats, creator_hash, bot_next)

    def append(self, game_id: str, version: int, n: int, text: str, seat: int, over: bool,
               bot_next: bool = False) -> int:
        return int(self._call(True, self.inner.append, game_id, version, n, text, seat, over, bot_next))

    def truncate(self, game_id: str, version: int, n: int, bot_next: bool = False) -> int:
        return int(self._call(True, self.inner.truncate, game_id, version, n, bot_next))

    def set_bot_next(self, game_id: str, bot_next: bool) -> None:
        self._call(True, self.inner.set_bot_next, game_id, bot_next)

    def creator_hash(self, game_id: str) -> str | None:
        found: str | None = self._call(False, self.inner.creator_hash, game_id)
        return found

    def delete(self, game_id: str) -> bool:
        return bool(self._call(True, self.inner.delete, game_id))

    def expired(self, unfinished_before: float | None, finished_before: float | None) -> list[str]:
        ids: list[str] = self._call(False, self.inner.expired, unfinished_before, finished_before)
        return ids

    def load(self, game_id: str) -> StoredGame | None:
        found: StoredGame | None = self._call(False, self.inner.load, game_id)
        return found

    def since(self, game_id: str, n: int) -> tuple[int, int, list[str]] | None:
        found: tuple[int, int, list[str]] | None = self._call(False, self.inner.since, game_id, n)
        return found

    def unfinished(self) -> list[str]:
        ids: list[str] = self._call(False, self.inner.unfinished)
        return ids

    def bots_to_move(self) -> list[str]:
        ids: list[str] = self._call(False, self.inner.bots_to_move)
        return ids

    async def listen(self, changed: Changed, reconnected: Callable[[], Awaitable[None] | None]) -> None:
        await self.inner.listen(changed, reconnected)
