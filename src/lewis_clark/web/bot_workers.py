"""``lewis-clark bots``: bot workers, processes that take bots' turns from a PostgreSQL store, so that
the servers only serve (``serve --no-bots``) and people's requests never wait behind a bot thinking.

Each worker is one process running one loop: claim a game whose next decision is a bot's and that no
other worker holds (``PostgresStore.claim``: an advisory lock, released with the worker's connection
if it dies), bring its copy of the game up to date, let the bot choose, store the choice exactly as a
server stores an action (``store_action``: the game's row locked and its version checked, then NOTIFY,
so every server's pages see the move), release the game. One move per claim: the next move of the same
game waits ``bot_delay`` after this one (the claim looks only at games unchanged for that long), and
meanwhile the worker serves other games. Idle, it sleeps until a change leaves a bot to decide.

A worker keeps the games it played in memory (``CACHE``), bots included, so a game it keeps playing
goes as ``Match.run_bots`` would play it; a game moved by several workers (or by a server's own bots)
gets its bots rebuilt from their seeds where it changes hands.
"""

from __future__ import annotations

import contextlib
import logging
import multiprocessing
import signal
import threading
import time
from collections import OrderedDict
from collections.abc import Callable
from types import FrameType

import psycopg

from lewis_clark.web.database import open_store
from lewis_clark.web.live import LiveGame, bot_next, catch_up, rebuild, store_action
from lewis_clark.web.store import Conflict
from lewis_clark.web.store_postgres import PostgresStore

log = logging.getLogger("lewis_clark.web")
CACHE = 256  # games a worker keeps in memory
RETRY_MAX = 30.0  # seconds at most between two tries while moves keep failing (the pause doubles from IDLE)
IDLE = 1.0  # seconds an idle worker sleeps at most between two looks (a missed notification costs no more)


class Worker:
    """One bot worker on a PostgreSQL store."""

    def __init__(self, store: PostgresStore, bot_delay: float = 0.0) -> None:
        self.store = store
        self.bot_delay = bot_delay
        self.games: OrderedDict[str, LiveGame] = OrderedDict()
        self.moves = 0
        self.retries = 0  # moves tried again after a failure (the database down, a bot broken)

    def step(self) -> bool:
        """Make one bot move somewhere if one is due (True), else sleep until one may be."""
        claim = self.store.claim(time.time() - self.bot_delay)
        if claim is None:
            ready = self.store.next_ready()
            due = None if ready is None else ready + self.bot_delay - time.time()
            # Nothing waits, or what waits is held by other workers (their move will be notified): sleep.
            self.store.wait(IDLE if due is None or due <= 0 else min(IDLE, due))
            return False
        game_id, version = claim
        try:
            self.move(game_id, version)
        finally:
            self.store.release(game_id)
        return True

    def move(self, game_id: str, version: int) -> None:
        """The bot to decide in a claimed game chooses, and its choice is stored."""
        game = self.games.pop(game_id, None)
        try:
            if game is None:
                stored = self.store.load(game_id)
                if stored is None:
                    return
                game = rebuild(stored)
            elif game.version != version:
                catch_up(self.store, game)
        except KeyError:  # deleted meanwhile
            return
        self.games[game_id] = game
        while len(self.games) > CACHE:
            self.games.popitem(last=False)
        if not bot_next(game):  # the flag was stale (an older server's game)
            self.store.set_bot_next(game_id, False)
            return
        seat = game.state.current
        action = game.match.bot_choice()
        try:
            store_action(self.store, game, seat, action)
            self.moves += 1
        except Conflict:  # changed while the bot thought (a person's undo, another server's bots): next claim
            self.games.pop(game_id, None)


def work(address: str, bot_delay: float = 0.0, stop: threading.Event | None = None) -> int:
    """Run one worker on the store at ``address`` until ``stop`` is set (or for ever); returns its moves."""
    store = open_store(address)
    if not isinstance(store, PostgresStore):
        store.close()
        raise ValueError("bot workers need a PostgreSQL database (postgresql://...): a SQLite server plays its own bots")
    worker = Worker(store, bot_delay)
    try:
        keep_working(worker, stop)
    finally:
        store.close()
    return worker.moves


def keep_working(worker: Worker, stop: threading.Event | None = None,
                 sleep: Callable[[float], None] = time.sleep) -> None:
    """``worker``'s steps until ``stop`` is set (or for ever); after a failed step it tries again, waiting
    IDLE, then twice as long each time, up to RETRY_MAX, until a step succeeds."""
    failures = 0
    while stop is None or not stop.is_set():
        try:
            worker.step()
            failures = 0
        except Exception as exc:  # a broken bot or a lost connection must not end the worker: try again
            failures += 1
            worker.retries += 1
            wait = min(RETRY_MAX, IDLE * 2 ** (failures - 1))
            if isinstance(exc, psycopg.OperationalError | psycopg.InterfaceError):
                log.warning("bot worker: the database is not answering (%s); trying again in %.0f s",
                            str(exc).strip().splitlines()[0] if str(exc).strip() else type(exc).__name__, wait)
            else:
                log.exception("bot worker: a move failed; trying again in %.0f s", wait)
            sleep(wait)


def _child(address: str, bot_delay: float) -> None:
    signal.signal(signal.SIGINT, signal.SIG_IGN)  # Ctrl+C is the parent's to handle
    logging.basicConfig(level=logging.WARNING)
    work(address, bot_delay)


def run(address: str, workers: int = 1, bot_delay: float = 0.0) -> None:
    """``workers`` worker processes (1: this one) until SIGTERM or Ctrl+C."""
    if workers <= 1:
        stop = threading.Event()

        def ended(signum: int, frame: FrameType | None) -> None:
            stop.set()

        signal.signal(signal.SIGTERM, ended)
        with contextlib.suppress(KeyboardInterrupt):
            work(address, bot_delay, stop)
        return
    ctx = multiprocessing.get_context("spawn")
    procs = [ctx.Process(target=_child, args=(address, bot_delay), name=f"bots-{i}", daemon=True) for i in range(workers)]
    for p in procs:
        p.start()

    def end(signum: int, frame: FrameType | None) -> None:
        raise KeyboardInterrupt

    signal.signal(signal.SIGTERM, end)
    try:
        while all(p.is_alive() for p in procs):
            time.sleep(0.5)
    except KeyboardInterrupt:
        pass
    finally:
        for p in procs:  # a game a worker held is released with its connection
            p.terminate()
        for p in procs:
            p.join(5)
