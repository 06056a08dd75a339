"""The manager: every game the server knows, the one place where the server applies actions, and the
bot runner.

Every change happens on the event loop's thread. A change awaits its store call (PostgreSQL's runs off
the loop under a deadline, ``guard``: a database that stops answering never freezes the loop), so each
change to a game holds the game's lock (``LiveGame.lock``) from reading it to changing it in memory:
one action is checked, stored and broadcast before the next for that game is looked at, and two
requests for one game never interleave (the engine's answer is computed first, ``Match.propose``, and
taken only once stored, ``Match.accept``). The bot runner awaits its worker without the lock and then
checks, holding it, that the game is where it was. Bots think
in the bot pool (``bot_pool``); the loop commits a bot's choice and keeps the bot sent back in place of
the one it sent, if the game has not moved on meanwhile. So a game goes exactly as ``Match.run_bots``
would play it, whichever process thought.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import pickle
import secrets
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any

from lewis_clark.actions import Action, ActionError, IllegalAction, NotationError
from lewis_clark.bots import Bot
from lewis_clark.match import Match
from lewis_clark.state import Options
from lewis_clark.web.bot_pool import BotPool
from lewis_clark.web.guard import Unavailable
from lewis_clark.web.live import (
    GameError,
    LiveGame,
    bot_next,
    caught_up,
    check_turn,
    moved_on,
    rebuild,
    reloaded,
    seat_specs,
    stored_action,
)
from lewis_clark.web.store import Conflict, Seat, Store, token_hash
from lewis_clark.wording import t

log = logging.getLogger("lewis_clark.web")
MAX_LIVE_GAMES = 2000  # games kept in memory; idle ones are rebuilt from the store when needed
TRIES = 2  # a change refused because another process changed the game first is checked again once
BOT_RETRY_FIRST = 0.25  # seconds before a bot's turn is tried again after its move could not be stored ...
BOT_RETRY_MAX = 4.0  # ... doubling up to this: a bot game goes on soon after the database is back


@dataclass(frozen=True)
class Planned:
    """What a plan did: ``applied`` of its ``steps`` applied; the step refused (if any) and why."""

    applied: int
    steps: int
    refused: str = ""
    detail: str = ""

    def to_json(self) -> dict[str, Any]:
        return {"applied": self.applied, "steps": self.steps, "refused": self.refused, "detail": self.detail}


class Manager:
    """Every game the server knows: creating, loading, acting, undoing, watching, and bots.
    Bots think in ``pool`` (``bot_workers`` processes, default one per core; 0 thinks on the loop
    itself, blocking it, for tests and debugging), on a copy of the bot, kept if its choice is.
    ``bots=False`` leaves the bots' decisions to bot workers (``lewis-clark bots``, a shared store).

    On a shared store (PostgreSQL) other processes change games too: a change refused as a
    ``Conflict`` brings the game up to date (``catch_up``) and is checked again once; every change
    another process stores is heard (``start``: the store's notifications) and brings the games held
    here up to date, their pages included."""

    def __init__(self, store: Store, bot_delay: float = 0.0, bot_workers: int | None = None, *,
                 bots: bool = True) -> None:
        self.pool = BotPool(bot_workers)
        self.store = store
        self.bot_delay = bot_delay
        self.bots = bots
        self.games: dict[str, LiveGame] = {}
        self._listener: asyncio.Task[None] | None = None
        self.closing = False
        self.on_applied: Callable[[LiveGame, int], None] = lambda game, seat: None  # metrics.py counts here
        self.on_bot_retry: Callable[[LiveGame], None] = lambda game: None  # metrics.py counts here too
        self._loop: asyncio.AbstractEventLoop | None = None
        self._loading: dict[str, asyncio.Task[LiveGame]] = {}  # games being read from the store, by id
        self._tasks: set[asyncio.Task[None]] = set()  # catching up on what other processes stored

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
        task = asyncio.get_running_loop().create_task(self.refresh_from_store(game))
        self._tasks.add(task)
        task.add_done_callback(self._tasks.discard)

    def _revived(self) -> None:
        """The database answers again (told from the guard's thread): catch up on the loop."""
        if self._loop is not None and not self.closing:
            self._loop.call_soon_threadsafe(lambda: self._loop.create_task(self.recheck()) if self._loop else None)

    async def refresh_from_store(self, game: LiveGame) -> None:
        """Bring a held game up to its stored version and show it to its pages (a game deleted
        elsewhere is forgotten, its pages closed). With the store unavailable the game stays as it is
        (looked at again once the database is back)."""
        async with game.lock:
            await self._refresh(game)

    async def _refresh(self, game: LiveGame) -> None:
        """``refresh_from_store`` for a caller holding the game's lock."""
        try:
            changed = caught_up(game, await self.store.call(self.store.since, game.id, len(game.actions)))
            if changed is None:  # something was taken back: the record decides
                changed = reloaded(game, await self.store.call(self.store.load, game.id))
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
            await self.refresh_from_store(game)
            self.kick(game)

    async def resume(self) -> int:
        """After a (re)start: load the unfinished games whose next decision is a bot's and let their bots
        play on. Every other game waits in the store until somebody asks for it (``get``): a person's
        request is what moves it, and loading thousands of idle games would only slow the start."""
        n = 0
        if not self.bots:  # bot workers play them
            return 0
        for game_id in await self.store.call(self.store.bots_to_move):
            try:
                await self.get(game_id)  # starts its bots
            except GameError:
                continue
            n += 1
        return n

    async def expire(self, unfinished_days: float | None, finished_days: float | None) -> int:
        """Delete games not over with no action for ``unfinished_days`` and finished games unchanged
        for ``finished_days`` (None: never), from the store and from memory; returns how many."""
        now = time.time()
        ids = await self.store.call(self.store.expired, None if unfinished_days is None else now - unfinished_days * 86400,
                                    None if finished_days is None else now - finished_days * 86400)
        for game_id in ids:
            await self.drop(game_id)
        return len(ids)

    async def drop(self, game_id: str) -> None:
        """Forget a game: out of the store and memory, its bots stopped and its pages' connections closed."""
        await self.store.call(self.store.delete, game_id)
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

    async def delete(self, game_id: str, token: str | None) -> None:
        """Delete a game for its creator (the token given when it was created)."""
        if not token:
            raise GameError(401, t("deleting a game needs its creator's token (X-Token)"))
        wanted = await self.store.call(self.store.creator_hash, game_id)
        if wanted is None:
            raise GameError(404, t("no game {id}", id=repr(game_id)))
        if not wanted or not secrets.compare_digest(wanted, token_hash(token)):
            raise GameError(403, t("only the game's creator may delete it"))
        await self.drop(game_id)

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
        await self.pool.close()

    # --- games -----------------------------------------------------------------------------------

    async def create(self, options: Options, seats: Sequence[tuple[str, str]],
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
        await self.store.call(self.store.create, game_id, options.to_json(), [s.to_json() for s in live_seats],
                              token_hash(creator), bot_next(game))
        self._keep(game)
        game.refresh()
        self.kick(game)
        return game, tokens, creator

    async def get(self, game_id: str) -> LiveGame:
        """The game ``game_id``, read from the store if it is not in memory (once, however many ask at
        the same time); GameError 404 if there is none."""
        game = self.games.get(game_id)
        if game is None:
            loading = self._loading.get(game_id)
            if loading is None:
                loading = self._loading[game_id] = asyncio.get_running_loop().create_task(self._load(game_id))
                loading.add_done_callback(lambda _: self._loading.pop(game_id, None))
            game = await asyncio.shield(loading)  # a request that goes away does not stop the others' read
        game.used = time.monotonic()
        return game

    async def _load(self, game_id: str) -> LiveGame:
        stored = await self.store.call(self.store.load, game_id)
        if stored is None:
            raise GameError(404, t("no game {id}", id=repr(game_id)))
        held = self.games.get(game_id)
        if held is not None:  # created here meanwhile
            return held
        try:
            game = rebuild(stored)
        except (ValueError, KeyError, TypeError) as exc:
            log.error("game %s cannot be rebuilt: %s", game_id, exc)
            raise GameError(500, f"game {game_id!r} is damaged in the store: {exc}") from exc
        self._keep(game)
        game.refresh()
        if stored.bot_next is None or stored.bot_next != bot_next(game):  # older files did not keep it
            await self.store.call(self.store.set_bot_next, game_id, bot_next(game))
        self.kick(game)
        return game

    def _keep(self, game: LiveGame) -> None:
        self.games[game.id] = game
        if len(self.games) > MAX_LIVE_GAMES:
            idle = sorted((g for g in self.games.values() if not g.watchers and g.bot_task is None and g is not game),
                          key=lambda g: g.used)
            for g in idle[: len(self.games) - MAX_LIVE_GAMES]:
                del self.games[g.id]

    # --- acting ----------------------------------------------------------------------------------

    async def act(self, game: LiveGame, seat: int, text: str, expect: int | None = None) -> None:
        """Apply a human seat's action (the seat a token holds: ``seat_of``), or raise GameError saying
        why not (the game unchanged)."""
        try:
            action = Action.parse(text)
        except NotationError as exc:
            raise GameError(400, str(exc)) from None
        async with game.lock:
            check_turn(game, seat, expect)
            for _ in range(TRIES):
                try:
                    await self.commit(game, seat, action)
                    return
                except Conflict:  # another process changed the game first: look again, as if it had been seen
                    await self._caught_up(game)
                    check_turn(game, seat, expect)
            raise GameError(409, moved_on(len(game.actions), len(game.actions) if expect is None else expect))

    async def _caught_up(self, game: LiveGame) -> None:
        """After a Conflict (the game's lock held): the game as stored, shown to its pages; 404 if it
        was deleted."""
        await self._refresh(game)
        if game.gone:
            raise GameError(404, t("no game {id}", id=repr(game.id)))

    async def act_plan(self, game: LiveGame, seat: int, texts: Sequence[str], expect: int | None = None) -> Planned:
        """Apply a human seat's plan step by step, each stored and logged as its own action; the first
        step refused stops it (the steps before stay). Raises GameError, the game unchanged, when the
        request is bad or its first step is refused."""
        if not texts:
            raise GameError(422, t("a plan needs at least one step"), loc=["body", "plan"])
        actions = []
        for i, text in enumerate(texts):
            try:
                actions.append(Action.parse(text))
            except NotationError as exc:  # every step is read before any is applied
                raise GameError(400, t("plan step {n}: {why}", n=i + 1, why=exc)) from None
        async with game.lock:
            return await self._plan(game, seat, actions, expect)

    async def _plan(self, game: LiveGame, seat: int, actions: list[Action], expect: int | None) -> Planned:
        check_turn(game, seat, expect)
        done = 0
        try:
            for action in actions:
                for tried in range(1, TRIES + 1):
                    try:
                        await self._apply(game, seat, action, joined=done > 0)  # one choice: undone in one click
                        break
                    except Conflict:  # changed elsewhere: before the first step, look again; later, stop there
                        await self._caught_up(game)
                        if done or tried == TRIES:
                            raise GameError(409, moved_on(len(game.actions), len(game.actions))) from None
                        check_turn(game, seat, expect)
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

    async def commit(self, game: LiveGame, seat: int, action: Action) -> None:
        """Check with the engine, store (committed), then update memory and every page (the game's lock
        held)."""
        await self._apply(game, seat, action)
        game.refresh()
        self.kick(game)

    async def _apply(self, game: LiveGame, seat: int, action: Action, joined: bool = False) -> None:
        """Check ``action`` with the engine, store it (committed), then let the match take it. Raises
        Conflict when another process changed the game (the caller catches up and checks again)."""
        if game.gone:
            raise GameError(404, t("no game {id}", id=repr(game.id)))
        try:
            await stored_action(self.store, game, seat, action, joined)
        except IllegalAction as exc:
            raise GameError(409, str(exc)) from None
        except ActionError as exc:  # pragma: no cover - every ActionError is one of the two
            raise GameError(400, str(exc)) from None
        self.on_applied(game, seat)

    async def undo(self, game: LiveGame, seat: int, expect: int | None = None, back: str = "action") -> None:
        """Take back the seat's last action of this turn (``back="action"``), its last choice whole (a
        plan's steps, ``"choice"``) or the turn back to its start or the last card drawn (``"turn"``);
        with ``expect``, only if the game is still where the sender saw it."""
        async with game.lock:
            await self._undo(game, seat, expect, back)

    async def _undo(self, game: LiveGame, seat: int, expect: int | None, back: str) -> None:
        for _ in range(TRIES):
            if expect is not None and expect != len(game.actions):
                raise GameError(409, moved_on(len(game.actions), expect))
            if game.undoable_by() != seat:
                raise GameError(409, t("nothing to undo: only your own actions of this turn, back to the last card drawn"))
            match = game.match
            to = {"action": len(game.actions) - 1, "choice": match.choice_start(), "turn": match.turn_start}[back]
            try:  # a person decides next: the one who undid
                game.version = await self.store.call(self.store.truncate, game.id, game.version, to)
            except Conflict:
                await self._caught_up(game)
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
                    async with game.lock:
                        if game.gone:
                            return
                        if game.state is not state or len(game.actions) != moves or game.to_move() != seat:
                            continue  # the game changed while the bot thought: its choice (and the bot sent back) is dropped
                        game.match.bots[seat] = bot  # the bot after choosing: its generator and plans moved on
                        await self.commit(game, seat, action)
                    failures = 0
                except Conflict:  # another process (a bot worker, another server) moved it first
                    game.match.bots[seat] = kept
                    await self.refresh_from_store(game)
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
        action, bot = await self.pool.choose(payload)
        return match.checked(turn, action), bot
