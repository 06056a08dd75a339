"""Live games: each one's ``Match`` (state, record, log, bots and undo; lewis_clark.match) and
watchers, the one place where the server applies actions, and the bot runner.

Every mutation happens on the event loop's thread, synchronously, so one action is applied, written to
the store and broadcast before the next is looked at: no locks are needed. (The handlers that act, undo
or delete never ``await`` between reading a game and changing it, so two requests for one game cannot
interleave; the bot runner awaits its worker and then checks that the game is where it was.) Bots think in a pool of
worker processes (not threads: a search holds the GIL and would slow every request and every other
game). A worker gets the bot and its seat's view, pickled, and sends back its choice and the bot as it
is after choosing (its generator and plans moved on); the loop commits the choice and keeps that bot
in place of the one it sent, if the game has not moved on meanwhile. So a game goes exactly as
``Match.run_bots`` would play it, whichever process thought.
"""

from __future__ import annotations

import asyncio
import contextlib
import gc
import json
import logging
import multiprocessing
import os
import pickle
import secrets
import signal
import threading
import time
from collections.abc import Callable, Sequence
from concurrent.futures import ProcessPoolExecutor
from concurrent.futures.process import BrokenProcessPool
from dataclasses import dataclass, field
from multiprocessing.connection import Connection
from typing import Any

from lewis_clark.actions import Action, ActionError, IllegalAction, NotationError
from lewis_clark.bots import Bot
from lewis_clark.bots.evaluation import evaluate
from lewis_clark.match import HUMAN, Match, Step
from lewis_clark.plans import offered
from lewis_clark.queries import round_number
from lewis_clark.record import RECORD_FORMAT, RECORD_VERSION, load_record
from lewis_clark.rules import legal_actions
from lewis_clark.state import Options, State, view
from lewis_clark.web.guard import Unavailable
from lewis_clark.web.recap import recap_json, story_json
from lewis_clark.web.store import Conflict, Store, StoredGame, token_hash
from lewis_clark.web.words import action_json, plan_json, table_json
from lewis_clark.wording import (
    LANGUAGES,
    current_language,
    decision_hint,
    event_line,
    language,
    outcome,
    prompt,
    seat_names,
    t,
    tn,
)

log = logging.getLogger("lewis_clark.web")
LOG_TAIL = 40  # log lines sent with each update; the whole log is at /api/games/{id}/log
MAX_LIVE_GAMES = 2000  # games kept in memory; idle ones are rebuilt from the store when needed
TRIES = 2  # a change refused because another process changed the game first is checked again once
BOT_RETRY_FIRST = 0.25  # seconds before a bot's turn is tried again after its move could not be stored ...
BOT_RETRY_MAX = 4.0  # ... doubling up to this: a bot game goes on soon after the database is back


class GameError(Exception):
    """A refused request: ``status`` is the HTTP status, the message says why."""

    def __init__(self, status: int, message: str, headers: dict[str, str] | None = None) -> None:
        super().__init__(message)
        self.status = status
        self.message = message
        self.headers = headers  # e.g. Retry-After for 429


@dataclass
class Seat:
    kind: str  # "human" or "bot"
    bot: str  # difficulty level of a bot seat, "" for a human
    token_hash: str  # "" for a bot
    name: str = ""  # what the players call this seat ("" shows its colour)

    def to_json(self) -> dict[str, str]:
        return {"kind": self.kind, "bot": self.bot, "token_hash": self.token_hash, "name": self.name}


def language_of(code: str | None) -> str:
    """A language the wording layer knows: ``code`` itself, else English."""
    return code if code in LANGUAGES else "en"


class Watcher:
    """One open page, in its language: only the newest update matters, so a slow page skips what it
    missed instead of queueing it."""

    def __init__(self, lang: str = "en") -> None:
        self.lang = lang
        self.latest: str | None = None
        self.ready = asyncio.Event()
        self.closed = False  # the game was deleted: the page's connection is to be closed

    def close(self) -> None:
        self.closed = True
        self.ready.set()

    def push(self, text: str) -> None:
        self.latest = text
        self.ready.set()

    async def next(self) -> str | None:
        """The newest update, waiting for one; None once the game is gone."""
        await self.ready.wait()
        self.ready.clear()
        if self.closed:
            return None
        text, self.latest = self.latest, None
        return text or ""


@dataclass(frozen=True)
class Planned:
    """What a plan did: ``applied`` of its ``steps`` applied; the step refused (if any) and why."""

    applied: int
    steps: int
    refused: str = ""
    detail: str = ""

    def to_json(self) -> dict[str, Any]:
        return {"applied": self.applied, "steps": self.steps, "refused": self.refused, "detail": self.detail}


@dataclass
class LiveGame:
    """A game in memory: its match (state, record, log, bots, undo), seats' tokens and watchers."""

    id: str
    seats: list[Seat]
    match: Match
    version: int = 0  # the store's version: changes stored (undo included), the same in every process; pages keep the newest
    watchers: set[Watcher] = field(default_factory=set)
    bot_task: asyncio.Task[None] | None = None
    used: float = field(default_factory=time.monotonic)
    # The public view as JSON text per language, built once per change for the languages asked for
    # (English-only traffic builds English only, as before).
    cached: dict[str, str] = field(default_factory=dict)
    gone: bool = False  # deleted (by its creator, or expired): nothing more is applied or stored

    @property
    def state(self) -> State:
        return self.match.state

    @property
    def options(self) -> Options:
        return self.match.options

    @property
    def actions(self) -> list[str]:
        return self.match.actions

    def log_tail(self, lines: int | None = None, lang: str = "en") -> list[dict[str, Any]]:
        """The last ``lines`` log lines (all by default), each with the number of its action; in ``lang``
        the steps' events are worded again (English reads the lines the match keeps)."""
        out: list[dict[str, Any]] = []
        for step in reversed(self.match.steps):
            worded = self.lines_of(step, lang)
            out.extend({"n": step.index + 1, "text": t} for t in reversed(worded))
            if lines is not None and len(out) >= lines:
                break
        out.reverse()
        return out if lines is None else out[-lines:]

    @property
    def names(self) -> list[str]:
        """The names people typed for the seats ("" for a seat called by its colour)."""
        return [st.name for st in self.seats]

    def lines_of(self, step: Step, lang: str = "en") -> Sequence[str]:
        """A step's log lines in ``lang`` with the seats' typed names: English without names as the match
        keeps them, else worded again from the step's events."""
        if lang == "en" and not any(self.names):
            return step.lines
        with language(lang), seat_names(self.names):  # the colours never change: today's state names the players
            return [line for e in step.events if (line := event_line(self.state, e))]

    def undoable_by(self) -> int:
        """The seat that may undo the last action now, or -1."""
        return self.match.undoable_by()

    def to_move(self) -> int:
        return -1 if self.state.over else self.state.current

    def public(self) -> dict[str, Any]:
        """What every page sees (hands are public; the deck's order and the seed are not, R-view)."""
        s = self.state
        seen = view(s, 0).to_json()
        seen["deck"] = len(s.deck)
        seen["rng"] = 0
        options = self.options.to_json()
        if not s.over:
            del options["seed"]  # seed + actions would foretell every draw
        legal = [action_json(s, a) for a in legal_actions(s)]
        # One-click whole actions, for a person only: a bot's seat needs none (and bots move fast).
        plans = [plan_json(s, p) for p in offered(s, score=evaluate)] if not s.over and not self.match.is_bot(s.current) else []
        winner = s.outcome.winner  # the client's JSON keeps -1 for "no winning seat"
        return {
            "type": "game", "id": self.id, "version": self.version, "moves": len(self.actions), "over": s.over,
            "winner": -1 if winner is None else winner, "result": outcome(s), "options": options,
            "seats": [{"seat": i, "colour": s.players[i].colour, "kind": st.kind, "bot": st.bot, "name": st.name}
                      for i, st in enumerate(self.seats)],
            "state": seen, "current": self.to_move(), "prompt": prompt(s), "hint": decision_hint(s), "plans": plans,
            "legal": legal,
            "undo": self.undoable_by(),
            # what one click takes back: the last choice whole (a plan's steps), the turn to its start
            "undo_steps": len(self.actions) - self.match.choice_start() if self.undoable_by() >= 0 else 0,
            "restart_steps": len(self.actions) - self.match.turn_start if self.undoable_by() >= 0 else 0,
            "table": table_json(s),
            "log": self.log_tail(LOG_TAIL, current_language()),
            "recap": recap_json(s, (e for step in self.match.steps for e in step.events)),  # since your turn
            "story": story_json(s, (e for step in self.match.steps for e in step.events)) if s.over else None,
            "log_total": sum(len(step.lines) for step in self.match.steps),  # more than "log" holds: link the whole log
            "round": round_number(s),  # the people-facing turn number (state.turn counts every player's turns)
            "progress": tn("{n} action · round {round}", "{n} actions · round {round}", len(self.actions),
                           round=round_number(s)),
        }

    def view_text(self, lang: str = "en") -> str:
        """The public view as JSON text in ``lang`` (unknown codes: English), built at most once per change."""
        lang = language_of(lang)
        text = self.cached.get(lang)
        if text is None:
            with language(lang), seat_names(self.names):
                text = self.cached[lang] = json.dumps(self.public(), separators=(",", ":"))
        return text

    def refresh(self) -> None:
        self.cached = {}  # built again when first asked for: a game nobody watches builds nothing
        for w in self.watchers:
            w.push(self.view_text(w.lang))

    def watch(self, lang: str = "en") -> Watcher:
        """A new watcher in ``lang``, handed the current view at once."""
        w = Watcher(language_of(lang))
        self.watchers.add(w)
        w.push(self.view_text(w.lang))
        return w

    def seats_of(self, tokens: list[str]) -> list[int]:
        hashes = {token_hash(t) for t in tokens if t}
        return [i for i, st in enumerate(self.seats) if st.kind == "human" and any(
            secrets.compare_digest(st.token_hash, h) for h in hashes)]


def seat_specs(seats: Sequence[Seat]) -> list[str]:
    """The match's seats: "human" for a person, the level for a bot."""
    return [HUMAN if st.kind == "human" else st.bot for st in seats]


def moved_on(moves: int, expect: int) -> str:
    """Why a request that saw ``expect`` actions is refused when the game has ``moves``."""
    return t("the game has moved on: {moves} actions, not {expect}; reload it", moves=moves, expect=expect)


def bot_next(game: LiveGame) -> bool:
    """Whether a bot makes the game's next decision."""
    return not game.state.over and game.match.is_bot(game.state.current)


def rebuild(stored: StoredGame) -> LiveGame:
    """A live game from its record, replayed through the one replay loop (``Match.from_record``)."""
    record = load_record({"format": RECORD_FORMAT, "version": RECORD_VERSION, "options": stored.options,
                          "actions": list(stored.actions)})
    seats = [Seat(s["kind"], s.get("bot", ""), s.get("token_hash", ""), s.get("name", "")) for s in stored.seats]
    return LiveGame(stored.id, seats, Match.from_record(record, seat_specs(seats)), version=stored.version)


def store_action(store: Store, game: LiveGame, seat: int, action: Action, joined: bool = False) -> None:
    """Check ``action`` with the engine, store it (committed, if the store still holds the game at
    ``game.version``), then let the match take it. Raises IllegalAction (nothing changed) or Conflict
    (another process changed the game: nothing changed here; catch up). The one place an action is
    stored, for the server and the bot workers."""

    def stored(action: Action, after: State) -> None:
        game.version = store.append(game.id, game.version, len(game.actions), str(action), seat, after.over,
                                    not after.over and game.match.is_bot(after.current))

    game.match.apply(action, seat, before_commit=stored, joined=joined)


def catch_up(store: Store, game: LiveGame) -> bool:
    """Bring ``game`` to its stored version (another process changed it): the actions added since are
    applied to its match; after an undo elsewhere it is replayed from its record. False when it was up
    to date; raises KeyError when the game is no longer stored."""
    held = len(game.actions)
    tail = store.since(game.id, held)
    if tail is None:
        raise KeyError(game.id)
    version, count, texts = tail
    if version == game.version:
        return False
    # Each change adds one to the version and an action adds one action: only actions were added since
    # exactly when both grew by the same number. Otherwise something was taken back: replay the record.
    if version - game.version == count - held > 0:
        try:
            for text in texts:
                game.match.apply(text)
            game.version = version
            return True
        except ValueError:  # pragma: no cover - the engine refusing a stored action: the record decides
            pass
    stored = store.load(game.id)
    if stored is None:
        raise KeyError(game.id)
    game.match = rebuild(stored).match
    game.version = stored.version
    return True


# --- bots thinking in other processes ------------------------------------------------------------

# Loaded once in the fork server, so a new worker starts with the bots already imported.
BOT_MODULES = ["lewis_clark.bots.heuristic", "lewis_clark.bots.mcts", "lewis_clark.bots.planner"]
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


class Manager:
    """Every game the server knows: creating, loading, acting, undoing, watching, and bots.
    ``bot_workers`` processes think for bots (default: one per core); 0 thinks on the loop itself,
    blocking it (tests and debugging), the same way: on a copy of the bot, kept if its choice is.
    ``bots=False`` leaves the bots' decisions to bot workers (``lewis-clark bots``, a shared store).

    On a shared store (PostgreSQL) other processes change games too: a change refused as a
    ``Conflict`` brings the game up to date (``catch_up``) and is checked again once; every change
    another process stores is heard (``start``: the store's notifications) and brings the games held
    here up to date, their pages included."""

    def __init__(self, store: Store, bot_delay: float = 0.0, bot_workers: int | None = None, *,
                 bots: bool = True) -> None:
        if bot_workers is not None and bot_workers < 0:
            raise ValueError(f"bot_workers must be 0 or more, got {bot_workers}")
        self.store = store
        self.bot_delay = bot_delay
        self.bots = bots
        self.games: dict[str, LiveGame] = {}
        self.bot_workers = default_workers() if bot_workers is None else bot_workers
        self._pool: ProcessPoolExecutor | None = None  # started with the first bot decision
        self._links: tuple[Connection, ...] = ()  # a pipe the workers watch: closed, they end
        self._listener: asyncio.Task[None] | None = None
        self.closing = False
        self.on_applied: Callable[[LiveGame, int], None] = lambda game, seat: None  # metrics.py counts here
        self.on_bot_retry: Callable[[LiveGame], None] = lambda game: None  # metrics.py counts here too
        self._loop: asyncio.AbstractEventLoop | None = None

    # --- lifecycle -------------------------------------------------------------------------------

    def start(self) -> None:
        """Hear the changes other processes store (a shared store only), on the running loop; and, once
        a database that stopped answering answers again, look at every game again (``guard``)."""
        self._loop = asyncio.get_running_loop()
        if hasattr(self.store, "revived"):
            self.store.revived = self._revived
        if self.store.shared and self._listener is None:
            self._listener = asyncio.get_running_loop().create_task(self.store.listen(self.heard, self.recheck))

    def heard(self, game_id: str, version: int, bot: bool) -> None:
        """Another process (or this one: then nothing is to do) stored version ``version`` of a game."""
        game = self.games.get(game_id)
        if game is None or game.version == version or self.closing:
            return
        if version < 0:
            self._forget(game)
            return
        self.refresh_from_store(game)

    def _revived(self) -> None:
        """The database answers again (told from the guard's thread): catch up on the loop."""
        if self._loop is not None and not self.closing:
            self._loop.call_soon_threadsafe(lambda: self._loop.create_task(self.recheck()) if self._loop else None)

    def refresh_from_store(self, game: LiveGame) -> None:
        """Bring a held game up to its stored version and show it to its pages (a game deleted
        elsewhere is forgotten, its pages closed). With the store unavailable the game stays as it is
        (looked at again once the database is back)."""
        try:
            changed = catch_up(self.store, game)
        except KeyError:
            self._forget(game)
            return
        except Unavailable as exc:
            log.warning("game %s not brought up to date: %s", game.id, exc.reason)
            return
        if changed:
            game.refresh()
            self.kick(game)

    async def recheck(self) -> None:
        """After notifications were lost: every held game is looked at again, and its bots go on."""
        for game in list(self.games.values()):
            self.refresh_from_store(game)
            self.kick(game)
            await asyncio.sleep(0)

    def resume(self) -> int:
        """After a (re)start: load the unfinished games whose next decision is a bot's and let their bots
        play on. Every other game waits in the store until somebody asks for it (``get``): a person's
        request is what moves it, and loading thousands of idle games would only slow the start."""
        n = 0
        if not self.bots:  # bot workers play them
            return 0
        for game_id in self.store.bots_to_move():
            try:
                self.get(game_id)  # starts its bots
            except GameError:
                continue
            n += 1
        return n

    def expire(self, unfinished_days: float | None, finished_days: float | None) -> int:
        """Delete games not over with no action for ``unfinished_days`` and finished games unchanged
        for ``finished_days`` (None: never), from the store and from memory; returns how many."""
        now = time.time()
        ids = self.store.expired(None if unfinished_days is None else now - unfinished_days * 86400,
                                 None if finished_days is None else now - finished_days * 86400)
        for game_id in ids:
            self.drop(game_id)
        return len(ids)

    def drop(self, game_id: str) -> None:
        """Forget a game: out of the store and memory, its bots stopped and its pages' connections closed."""
        self.store.delete(game_id)
        game = self.games.get(game_id)
        if game is not None:
            self._forget(game)

    def _forget(self, game: LiveGame) -> None:
        """A deleted game out of memory: its bots stopped and its pages' connections closed."""
        if self.games.get(game.id) is game:
            del self.games[game.id]
        if not game.gone:
            game.gone = True
            if game.bot_task is not None:
                game.bot_task.cancel()
            for w in game.watchers:
                w.close()
            game.watchers.clear()

    def delete(self, game_id: str, token: str | None) -> None:
        """Delete a game for its creator (the token given when it was created)."""
        if not token:
            raise GameError(401, t("deleting a game needs its creator's token (X-Token)"))
        wanted = self.store.creator_hash(game_id)
        if wanted is None:
            raise GameError(404, t("no game {id}", id=repr(game_id)))
        if not wanted or not secrets.compare_digest(wanted, token_hash(token)):
            raise GameError(403, t("only the game's creator may delete it"))
        self.drop(game_id)

    async def close(self) -> None:
        self.closing = True
        if self._listener is not None:
            self._listener.cancel()
            with contextlib.suppress(asyncio.CancelledError, Exception):
                await self._listener
        tasks = [g.bot_task for g in self.games.values() if g.bot_task]
        for task in tasks:
            task.cancel()
        await asyncio.gather(*tasks, return_exceptions=True)
        pool = self._stop_pool()
        if pool is not None:  # the workers are ending: wait for them, so nothing is left behind
            await asyncio.to_thread(pool.shutdown, wait=True)
            del pool
            # The pool's queues sit in reference cycles: collect them now, so their semaphores are
            # released before uvicorn ends the process with the signal it caught (no exit handlers then).
            gc.collect()

    def _stop_pool(self) -> ProcessPoolExecutor | None:
        """End the workers (a decision under way is thrown away) and drop their queue; returns the old
        pool, still to be waited for."""
        pool, self._pool = self._pool, None
        for end in self._links:  # the workers see the pipe close and end at once
            end.close()
        self._links = ()
        if pool is not None:
            pool.shutdown(wait=False, cancel_futures=True)
        return pool

    # --- games -----------------------------------------------------------------------------------

    def create(self, options: Options, seats: Sequence[tuple[str, str]],
               names: Sequence[str] = ()) -> tuple[LiveGame, list[str], str]:
        """A new game, one fresh token per human seat ("" for bots) and the creator's token (to delete
        it); ``names``: the seats' names, if any."""
        game_id = secrets.token_urlsafe(9)
        tokens = [secrets.token_urlsafe(18) if kind == "human" else "" for kind, _ in seats]
        creator = secrets.token_urlsafe(18)
        names = list(names) + [""] * (len(seats) - len(names))
        live_seats = [Seat(kind, bot if kind == "bot" else "", token_hash(t) if t else "", name)
                      for (kind, bot), t, name in zip(seats, tokens, names, strict=True)]
        game = LiveGame(game_id, live_seats, Match(options, seat_specs(live_seats)))
        self.store.create(game_id, options.to_json(), [s.to_json() for s in live_seats], token_hash(creator),
                          bot_next=bot_next(game))
        self._keep(game)
        game.refresh()
        self.kick(game)
        return game, tokens, creator

    def get(self, game_id: str) -> LiveGame:
        game = self.games.get(game_id)
        if game is None:
            stored = self.store.load(game_id)
            if stored is None:
                raise GameError(404, t("no game {id}", id=repr(game_id)))
            try:
                game = rebuild(stored)
            except (ValueError, KeyError, TypeError) as exc:
                log.error("game %s cannot be rebuilt: %s", game_id, exc)
                raise GameError(500, f"game {game_id!r} is damaged in the store: {exc}") from exc
            self._keep(game)
            game.refresh()
            if stored.bot_next is None or stored.bot_next != bot_next(game):  # older files did not keep it
                self.store.set_bot_next(game_id, bot_next(game))
            with contextlib.suppress(RuntimeError):  # no running loop: nobody to play the bots yet (resume does)
                self.kick(game)
        game.used = time.monotonic()
        return game

    def _keep(self, game: LiveGame) -> None:
        self.games[game.id] = game
        if len(self.games) > MAX_LIVE_GAMES:
            idle = sorted((g for g in self.games.values() if not g.watchers and g.bot_task is None and g is not game),
                          key=lambda g: g.used)
            for g in idle[: len(self.games) - MAX_LIVE_GAMES]:
                del self.games[g.id]

    # --- acting ----------------------------------------------------------------------------------

    def seat_for(self, game: LiveGame, token: str | None) -> int:
        if not token:
            raise GameError(401, t("this needs a seat's token (the secret in the seat's link)"))
        seats = game.seats_of([token])
        if not seats:
            raise GameError(403, t("this token holds no seat in this game"))
        return seats[0]

    def act(self, game: LiveGame, token: str | None, text: str, expect: int | None = None) -> None:
        """Apply a human seat's action, or raise GameError saying why not (the game unchanged)."""
        seat = self.seat_for(game, token)
        self._check_turn(game, seat, expect)
        try:
            action = Action.parse(text)
        except NotationError as exc:
            raise GameError(400, str(exc)) from None
        for _ in range(TRIES):
            try:
                self.commit(game, seat, action)
                return
            except Conflict:  # another process changed the game first: look again, as if it had been seen
                self._caught_up(game)
                self._check_turn(game, seat, expect)
        raise GameError(409, moved_on(len(game.actions), len(game.actions) if expect is None else expect))

    def _caught_up(self, game: LiveGame) -> None:
        """After a Conflict: the game as stored, shown to its pages; 404 if it was deleted."""
        self.refresh_from_store(game)
        if game.gone:
            raise GameError(404, t("no game {id}", id=repr(game.id)))

    def _check_turn(self, game: LiveGame, seat: int, expect: int | None) -> None:
        s = game.state
        if s.over:
            raise GameError(409, t("the game is over"))
        if expect is not None and expect != len(game.actions):
            raise GameError(409, moved_on(len(game.actions), expect))
        if seat != s.current:
            raise GameError(409, t("not your turn: {prompt}", prompt=prompt(s)))

    def act_plan(self, game: LiveGame, token: str | None, texts: Sequence[str], expect: int | None = None) -> Planned:
        """Apply a human seat's plan step by step, each stored and logged as its own action; the first
        step refused stops it (the steps before stay). Raises GameError, the game unchanged, when the
        request is bad or its first step is refused."""
        seat = self.seat_for(game, token)
        if not texts:
            raise GameError(422, t("a plan needs at least one step"))
        actions = []
        for i, text in enumerate(texts):
            try:
                actions.append(Action.parse(text))
            except NotationError as exc:  # every step is read before any is applied
                raise GameError(400, t("plan step {n}: {why}", n=i + 1, why=exc)) from None
        self._check_turn(game, seat, expect)
        done = 0
        try:
            for action in actions:
                for tried in range(1, TRIES + 1):
                    try:
                        self._apply(game, seat, action, joined=done > 0)  # one choice: undone in one click
                        break
                    except Conflict:  # changed elsewhere: before the first step, look again; later, stop there
                        self._caught_up(game)
                        if done or tried == TRIES:
                            raise GameError(409, moved_on(len(game.actions), len(game.actions))) from None
                        self._check_turn(game, seat, expect)
                done += 1
        except GameError as exc:
            if not done:
                raise
            return Planned(done, len(actions), str(actions[done]), t("plan step {n}: {why}", n=done + 1, why=exc.message))
        finally:
            if done:  # one update for the whole plan: pages see its end
                game.refresh()
                self.kick(game)
        return Planned(done, len(actions))

    def commit(self, game: LiveGame, seat: int, action: Action) -> None:
        """Check with the engine, store (committed), then update memory and every page."""
        self._apply(game, seat, action)
        game.refresh()
        self.kick(game)

    def _apply(self, game: LiveGame, seat: int, action: Action, joined: bool = False) -> None:
        """Check ``action`` with the engine, store it (committed), then let the match take it. Raises
        Conflict when another process changed the game (the caller catches up and checks again)."""
        if game.gone:
            raise GameError(404, t("no game {id}", id=repr(game.id)))
        try:
            store_action(self.store, game, seat, action, joined)
        except IllegalAction as exc:
            raise GameError(409, str(exc)) from None
        except ActionError as exc:  # pragma: no cover - every ActionError is one of the two
            raise GameError(400, str(exc)) from None
        self.on_applied(game, seat)

    def undo(self, game: LiveGame, token: str | None, expect: int | None = None, back: str = "action") -> None:
        """Take back the seat's last action of this turn (``back="action"``), its last choice whole (a
        plan's steps, ``"choice"``) or the turn back to its start or the last card drawn (``"turn"``);
        with ``expect``, only if the game is still where the sender saw it."""
        seat = self.seat_for(game, token)
        for _ in range(TRIES):
            if expect is not None and expect != len(game.actions):
                raise GameError(409, moved_on(len(game.actions), expect))
            if game.undoable_by() != seat:
                raise GameError(409, t("nothing to undo: only your own actions of this turn, back to the last card drawn"))
            match = game.match
            to = {"action": len(game.actions) - 1, "choice": match.choice_start(), "turn": match.turn_start}[back]
            try:  # a person decides next: the one who undid
                game.version = self.store.truncate(game.id, game.version, to)
            except Conflict:
                self._caught_up(game)
                continue
            match.undo_to(seat, to)
            game.refresh()
            return
        raise GameError(409, moved_on(len(game.actions), len(game.actions) if expect is None else expect))

    # --- bots ------------------------------------------------------------------------------------

    def kick(self, game: LiveGame) -> None:
        """Start the game's bot runner if a bot is to move and none is running."""
        seat = game.to_move()
        if seat < 0 or not self.bots or not game.match.is_bot(seat) or game.bot_task is not None or self.closing:
            return
        game.bot_task = asyncio.get_running_loop().create_task(self._run_bots(game))

    async def _run_bots(self, game: LiveGame) -> None:
        """Play the game's bots until a person is to decide. A move that could not be stored (the
        database down, a full disk) or a bot that failed is tried again after a pause that doubles up
        to BOT_RETRY_MAX: a bot game never waits for a restart."""
        failures = 0
        try:
            while not self.closing and not game.gone:
                seat = game.to_move()
                if seat < 0 or not game.match.is_bot(seat):
                    return
                kept = game.match.bots[seat]
                try:
                    state = game.state
                    moves = len(game.actions)
                    action, bot = await self._think(game.match)
                    if self.bot_delay:
                        await asyncio.sleep(self.bot_delay)
                    if game.gone:
                        return
                    if game.state is not state or len(game.actions) != moves or game.to_move() != seat:
                        continue  # the game changed while the bot thought: its choice (and the bot sent back) is dropped
                    game.match.bots[seat] = bot  # the bot after choosing: its generator and plans moved on
                    self.commit(game, seat, action)
                    failures = 0
                except Conflict:  # another process (a bot worker, another server) moved it first
                    game.match.bots[seat] = kept
                    self.refresh_from_store(game)
                except GameError:  # deleted meanwhile
                    return
                except Exception as exc:  # the store failed or the bot broke: try again later
                    game.match.bots[seat] = kept
                    failures += 1
                    wait = min(BOT_RETRY_MAX, BOT_RETRY_FIRST * 2 ** (failures - 1))
                    if isinstance(exc, Unavailable):
                        log.warning("bot in game %s: its move was not stored (%s); trying again in %.2f s",
                                    game.id, exc.reason, wait)
                    else:
                        log.exception("bot in game %s failed; trying again in %.2f s", game.id, wait)
                    self.on_bot_retry(game)
                    await asyncio.sleep(wait)
        finally:
            game.bot_task = None

    async def _think(self, match: Match) -> tuple[Action, Bot]:
        """What the bot to play chooses from its seat's view (as ``Match.bot_choice``), and the bot after
        choosing; the match is not changed. Raises BotError for an illegal choice."""
        turn = match.bot_turn()  # the seat's view, never the real state: the deck's order stays here
        payload = pickle.dumps((turn.bot, turn.seen, turn.legal), pickle.HIGHEST_PROTOCOL)
        if self.bot_workers == 0:  # the same work on a copy of the bot, here
            action, bot = think(payload)
            await asyncio.sleep(0)  # let the loop serve others between two moves (the search blocked it)
        else:
            loop = asyncio.get_running_loop()
            pool = self._workers()
            try:
                action, bot = await loop.run_in_executor(pool, think, payload)
            except BrokenProcessPool:  # a worker died (killed, out of memory): new workers, one more try
                if self._pool is pool:  # not yet replaced by another game's bot that saw it too
                    log.warning("bot workers broke; starting new ones")
                    self._stop_pool()
                action, bot = await loop.run_in_executor(self._workers(), think, payload)
        return match.checked(turn, action), bot

    def _workers(self) -> ProcessPoolExecutor:
        if self._pool is None:
            ctx = bot_context()
            watched, held = ctx.Pipe(duplex=False)
            self._links = (watched, held)  # both kept open: more workers may start later
            self._pool = ProcessPoolExecutor(self.bot_workers, mp_context=ctx, initializer=_worker_start,
                                             initargs=(watched,))
        return self._pool
