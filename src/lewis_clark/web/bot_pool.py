"""The bot pool: worker processes in which bots think, so that a search never holds the server's GIL.

Not threads: a search holds the GIL and would slow every request and every other game. For each
decision the manager pickles the bot and its seat's view with the legal actions (``Match.bot_turn``:
never the real state); a worker sends back the chosen action and the bot as it is after choosing (its
generator and plans moved on). Workers start from a fork server with the bots already imported
(spawned where there is none), run at a lower priority, ignore Ctrl+C (the server stops them) and end
on their own when the server's process ends, even after ``kill -9``. A pool whose worker died is
replaced once and the decision asked again.
"""

from __future__ import annotations

import asyncio
import contextlib
import gc
import logging
import multiprocessing
import os
import pickle
import signal
import threading
from collections.abc import Callable
from concurrent.futures import ProcessPoolExecutor
from concurrent.futures.process import BrokenProcessPool
from multiprocessing.connection import Connection
from typing import Any, TypeVar

from lewis_clark.actions import Action
from lewis_clark.bots import Bot

log = logging.getLogger("lewis_clark.web")
# Loaded once in the fork server, so a new worker starts with the bots already imported.
BOT_MODULES = ["lewis_clark.bots.heuristic", "lewis_clark.bots.rollout", "lewis_clark.bots.race"]
T = TypeVar("T")
WORKER_NICE = 5  # workers yield the processor to the server: people's requests come before bots' thinking


def think(payload: bytes) -> tuple[Action, Bot]:
    """In a worker: the choice of the pickled ``(bot, seen, legal)`` and the bot as it is after choosing.
    The payload is pickled by the server before it is queued, so the worker sees the bot as it was then."""
    bot, seen, legal = pickle.loads(payload)
    return bot.choose(seen, list(legal)), bot


def _worker_start(server: Connection) -> None:
    """A worker: lower priority, Ctrl+C is the server's to handle, and it ends with the server."""
    signal.signal(signal.SIGINT, signal.SIG_IGN)
    with contextlib.suppress(AttributeError, OSError):  # no nice on Windows
        os.nice(WORKER_NICE)
    threading.Thread(target=_end_with, args=(server,), daemon=True, name="server-watch").start()


def _end_with(server: Connection) -> None:
    """Wait until the server's end of the pipe closes (it stopped, or was killed even with kill -9: a
    worker waiting for work would otherwise wait for ever), then end this worker."""
    with contextlib.suppress(EOFError, OSError):
        server.recv()  # nothing is ever sent
    os._exit(0)


def bot_context() -> multiprocessing.context.BaseContext:
    """Workers started by a fork server where there is one (fast, and never a fork of the threaded
    server), else spawned."""
    if "forkserver" in multiprocessing.get_all_start_methods():
        ctx = multiprocessing.get_context("forkserver")
        ctx.set_forkserver_preload(BOT_MODULES)
        return ctx
    return multiprocessing.get_context("spawn")


def default_workers() -> int:
    """One bot worker per core: workers run at a lower priority, so the server still answers first."""
    return max(1, os.cpu_count() or 1)


class BotPool:
    """``workers`` processes thinking for bots (default: one per core), started with the first
    decision; 0 thinks on the event loop itself, blocking it (tests and debugging), the same way: on a
    copy of the bot."""

    def __init__(self, workers: int | None = None) -> None:
        if workers is not None and workers < 0:
            raise ValueError(f"bot_workers must be 0 or more, got {workers}")
        self.workers = default_workers() if workers is None else workers
        self.executor: ProcessPoolExecutor | None = None  # started with the first bot decision
        self._links: tuple[Connection, ...] = ()  # a pipe the workers watch: closed, they end

    @property
    def broken(self) -> bool:
        """A broken pool left in place: the last try to start workers failed too (out of memory, a process
        limit), so bots cannot move here (the pool is replaced when a bot next needs it)."""
        return bool(self.workers and self.executor is not None and getattr(self.executor, "_broken", False))

    async def choose(self, payload: bytes) -> tuple[Action, Bot]:
        """What the pickled ``(bot, seen, legal)`` chooses, and the bot after choosing (``think``)."""
        if self.workers == 0:  # the same work on a copy of the bot, here
            action, bot = think(payload)
            await asyncio.sleep(0)  # let the loop serve others between two moves (the search blocked it)
            return action, bot
        loop = asyncio.get_running_loop()
        pool = self._started()
        try:
            return await loop.run_in_executor(pool, think, payload)
        except BrokenProcessPool:  # a worker died (killed, out of memory): new workers, one more try
            if self.executor is pool:  # not yet replaced by another game's bot that saw it too
                log.warning("bot workers broke; starting new ones")
                self.stop()
            return await loop.run_in_executor(self._started(), think, payload)

    async def run(self, fn: Callable[..., T], *args: Any) -> T:
        """``fn(*args)`` (picklable, as the expert's hint) in a worker; with no workers (tests and
        debugging), in a thread."""
        if self.workers == 0:
            return await asyncio.to_thread(fn, *args)
        loop = asyncio.get_running_loop()
        pool = self._started()
        try:
            return await loop.run_in_executor(pool, fn, *args)
        except BrokenProcessPool:  # a worker died: new workers, one more try
            if self.executor is pool:
                log.warning("bot workers broke; starting new ones")
                self.stop()
            return await loop.run_in_executor(self._started(), fn, *args)

    def _started(self) -> ProcessPoolExecutor:
        if self.executor is None:
            ctx = bot_context()
            watched, held = ctx.Pipe(duplex=False)
            self._links = (watched, held)  # both kept open: more workers may start later
            self.executor = ProcessPoolExecutor(self.workers, mp_context=ctx, initializer=_worker_start,
                                                initargs=(watched,))
        return self.executor

    def stop(self) -> ProcessPoolExecutor | None:
        """End the workers (a decision under way is thrown away) and drop their queue; returns the old
        pool, still to be waited for."""
        pool, self.executor = self.executor, None
        for end in self._links:  # the workers see the pipe close and end at once
            end.close()
        self._links = ()
        if pool is not None:
            pool.shutdown(wait=False, cancel_futures=True)
        return pool

    async def close(self) -> None:
        """End the workers and wait for them, so nothing is left behind."""
        pool = self.stop()
        if pool is not None:
            await asyncio.to_thread(pool.shutdown, wait=True)
            del pool
            # The pool's queues sit in reference cycles: collect them now, so their semaphores are
            # released before uvicorn ends the process with the signal it caught (no exit handlers then).
            gc.collect()
