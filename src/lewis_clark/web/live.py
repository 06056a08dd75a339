"""Live games: each one in memory with its ``Match`` (state, record, log, bots and undo;
lewis_clark.match), its seats and the pages watching it, and how an action reaches the store.

``store_action`` is the one place an action is stored, for the server (``manager``) and the bot
workers (``bot_workers``); ``catch_up`` brings a game held here to what another process stored.
The JSON a page receives is built in ``views``; this module only caches it per language.
"""

from __future__ import annotations

import asyncio
import json
import secrets
import time
from collections.abc import Sequence
from dataclasses import dataclass, field

from lewis_clark.actions import Action
from lewis_clark.match import HUMAN, Match
from lewis_clark.record import RECORD_FORMAT, RECORD_VERSION, load_record, steps
from lewis_clark.setup import new_game
from lewis_clark.state import Options, State
from lewis_clark.web.store import Seat, Store, StoredGame, token_hash
from lewis_clark.web.views import game_json
from lewis_clark.wording import KNOWN, language, prompt, seat_names, t

SNAPSHOT_EVERY = 32  # replay: keep every 32nd state so any step is at most 31 actions away
SNAPSHOT_GAMES = 64  # finished games whose snapshots are kept


class GameError(Exception):
    """A refused request: ``status`` is the HTTP status, the message says why; a 422 names the part of the
    request refused (``loc``, e.g. ``["body", "route"]``)."""

    def __init__(self, status: int, message: str, headers: dict[str, str] | None = None,
                 loc: list[str | int] | None = None) -> None:
        super().__init__(message)
        self.status = status
        self.message = message
        self.headers = headers  # e.g. Retry-After for 429
        self.loc = loc or ["body"]


def language_of(code: str | None) -> str:
    """A language the wording layer knows: ``code`` itself, else English."""
    return code if code in KNOWN else "en"


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


@dataclass
class LiveGame:
    """A game in memory: its match (state, record, log, bots, undo), seats' tokens and watchers."""

    id: str
    seats: list[Seat]
    match: Match
    version: int = 0  # the store's version: changes stored (undo included), the same in every process; pages keep the newest
    watchers: set[Watcher] = field(default_factory=set)
    bot_task: asyncio.Task[None] | None = None
    # Held by every change made on the server (an action, a plan, an undo, a bot's move, catching up): a
    # change awaits its store call, and nothing else may change the game meanwhile.
    lock: asyncio.Lock = field(default_factory=asyncio.Lock)
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

    @property
    def names(self) -> list[str]:
        """The names people typed for the seats ("" for a seat called by its colour)."""
        return [st.name for st in self.seats]

    def undoable_by(self) -> int:
        """The seat that may undo the last action now, or -1."""
        return self.match.undoable_by()

    def to_move(self) -> int:
        return -1 if self.state.over else self.state.current

    def view_text(self, lang: str = "en") -> str:
        """The public view as JSON text in ``lang`` (unknown codes: English), built at most once per change."""
        lang = language_of(lang)
        text = self.cached.get(lang)
        if text is None:
            with language(lang), seat_names(self.names):
                text = self.cached[lang] = json.dumps(game_json(self.id, self.version, self.seats, self.match),
                                                      separators=(",", ":"))
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
    seats = [Seat.from_json(s) for s in stored.seats]
    return LiveGame(stored.id, seats, Match.from_record(record, seat_specs(seats)), version=stored.version)


def store_action(store: Store, game: LiveGame, seat: int, action: Action, joined: bool = False) -> None:
    """Check ``action`` with the engine, store it (committed, if the store still holds the game at
    ``game.version``), then let the match take it. Raises IllegalAction (nothing changed) or Conflict
    (another process changed the game: nothing changed here; catch up). The one place an action is
    stored, for the bot workers (synchronously) and the server (``stored_action``, its store call off
    the event loop)."""
    before, after = game.state, game.match.propose(action, seat)
    game.version = store.append(*appended(game, seat, action, after))
    game.match.accept(action, before, after, joined)


async def stored_action(store: Store, game: LiveGame, seat: int, action: Action, joined: bool = False) -> None:
    """``store_action`` for the server: the store's call made through ``Store.call`` (off the event loop,
    under a deadline). The caller holds the game's lock, so nothing else changes it meanwhile."""
    before, after = game.state, game.match.propose(action, seat)
    game.version = await store.call(store.append, *appended(game, seat, action, after))
    game.match.accept(action, before, after, joined)


def appended(game: LiveGame, seat: int, action: Action, after: State) -> tuple[str, int, int, str, int, bool, bool]:
    """``Store.append``'s arguments for ``action`` leading the game to ``after``."""
    return (game.id, game.version, len(game.actions), str(action), seat, after.over,
            not after.over and game.match.is_bot(after.current))


def catch_up(store: Store, game: LiveGame) -> bool:
    """Bring ``game`` to its stored version (another process changed it): the actions added since are
    applied to its match; after an undo elsewhere it is replayed from its record. False when it was up
    to date; raises KeyError when the game is no longer stored."""
    done = caught_up(game, store.since(game.id, len(game.actions)))
    return done if done is not None else reloaded(game, store.load(game.id))


def caught_up(game: LiveGame, tail: tuple[int, int, list[str]] | None) -> bool | None:
    """``catch_up``'s first step, given ``Store.since(game.id, len(game.actions))``: True when the actions
    added since were applied, False when the game was up to date, None when something was taken back
    (the record is to be replayed: ``reloaded``); KeyError when the game is no longer stored."""
    if tail is None:
        raise KeyError(game.id)
    held = len(game.actions)
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
    return None


def reloaded(game: LiveGame, stored: StoredGame | None) -> bool:
    """``catch_up``'s last step: the game replayed from its record as stored (KeyError: none)."""
    if stored is None:
        raise KeyError(game.id)
    game.match = rebuild(stored).match
    game.version = stored.version
    return True


def seat_of(game: LiveGame, token: str | None) -> int:
    """The seat ``token`` holds in ``game``; GameError 401 without a token, 403 for one of no seat."""
    if not token:
        raise GameError(401, t("this needs a seat's token (the secret in the seat's link)"))
    seats = game.seats_of([token])
    if not seats:
        raise GameError(403, t("this token holds no seat in this game"))
    return seats[0]


def check_turn(game: LiveGame, seat: int, expect: int | None = None) -> None:
    """GameError 409 unless ``seat`` decides now in ``game`` (and, with ``expect``, the game is where
    the sender saw it)."""
    s = game.state
    if s.over:
        raise GameError(409, t("the game is over"))
    if expect is not None and expect != len(game.actions):
        raise GameError(409, moved_on(len(game.actions), expect))
    if seat != s.current:
        raise GameError(409, t("not your turn: {prompt}", prompt=prompt(s)))


def finished(game: LiveGame) -> LiveGame:
    """``game`` if it is over, else GameError 409: a record or replay of a game going on would foretell
    its draws."""
    if not game.state.over:
        raise GameError(409, "the record and replay open when the game is over (the seed would foretell the draws)")
    return game


class Replays:
    """Finished games' states by step, from kept snapshots (a finished game never changes)."""

    def __init__(self, games: int = SNAPSHOT_GAMES) -> None:
        self.games = games
        self._snapshots: dict[str, list[State]] = {}

    def forget(self, game_id: str) -> None:
        self._snapshots.pop(game_id, None)

    def state(self, game: LiveGame, step: int) -> State:
        """The state after ``step`` actions, from the nearest kept snapshot."""
        snaps = self._snapshots.get(game.id)
        if snaps is None:
            if len(self._snapshots) > self.games:
                self._snapshots.pop(next(iter(self._snapshots)))
            snaps = [new_game(game.options)]
            for i, _, _, after in steps(game.options, game.actions):
                if (i + 1) % SNAPSHOT_EVERY == 0:
                    snaps.append(after)
            self._snapshots[game.id] = snaps
        first = step - step % SNAPSHOT_EVERY
        state = snaps[step // SNAPSHOT_EVERY]
        for _, _, _, after in steps(game.options, game.actions[first:step], start=state, offset=first):
            state = after
        return state
