"""Game records: the one interface the server keeps its games through, and the choice of backend.

A game's state is never stored, only its record (options, seats, action texts); a server rebuilds the
state by replay. An action is committed before the server acknowledges it, so a server killed at any
moment loses nothing it acknowledged. Seat and creator tokens are kept only as SHA-256 hashes. Each
game also keeps when it last changed (expiry), whether a bot makes its next decision (a restarted
server loads those games at once; bot workers take their turns from the store) and its ``version``,
the number of changes stored (each action and each undo adds one).

The version is what lets several processes share one database: each process remembers the version of
every game it holds in memory, and a change is stored only if the stored version is still that one
(``append`` and ``truncate`` raise ``Conflict`` otherwise: another process changed the game; catch up
and check again). The check and the write are one transaction holding the game's row, so the database
serialises one game's changes whichever process makes them.

Two backends: a SQLite file (``store_sqlite``, the embedded default: one server process) and
PostgreSQL (``store_postgres``: any number of server processes and bot workers, which hear each
other's changes by LISTEN/NOTIFY), sharing their reads (``store_sql``). ``database.open_store`` picks
one from the ``--db`` address. A seat is stored as ``Seat``.
"""

from __future__ import annotations

import hashlib
import re
from abc import ABC, abstractmethod
from collections.abc import Awaitable, Callable
from dataclasses import dataclass
from typing import Any, TypeVar

T = TypeVar("T")

POSTGRES_SCHEMES = ("postgresql://", "postgres://")
# "word:" at the start of an address names a kind of database (mysql:, sqlite:, a mistyped postgresql:);
# a single letter before ":\" or ":/" is a Windows drive, a path.
SCHEME = re.compile(r"^[A-Za-z][A-Za-z0-9+.\-]*:")
DRIVE = re.compile(r"^[A-Za-z]:[\\/]")

# Told of a change another process stored: (game id, its version then or -1 once deleted, whether a bot
# decides next).
Changed = Callable[[str, int, bool], None]


class AddressError(ValueError):
    """A ``--db`` address of no kind this server knows."""


class Conflict(Exception):
    """The game's stored version is not the one this process holds: another process changed (or
    deleted: ``version`` None) it. Nothing was stored."""

    def __init__(self, game_id: str, version: int | None) -> None:
        super().__init__(f"game {game_id!r} changed in the store (version {version})")
        self.game_id = game_id
        self.version = version


def token_hash(token: str) -> str:
    return hashlib.sha256(token.encode("utf-8", "replace")).hexdigest()


@dataclass
class Seat:
    """One seat as stored: a person (their token only as a hash) or a bot at a level, and its name."""

    kind: str  # "human" or "bot"
    bot: str  # difficulty level of a bot seat, "" for a human
    token_hash: str  # "" for a bot
    name: str = ""  # what the players call this seat ("" shows its colour)

    def to_json(self) -> dict[str, str]:
        return {"kind": self.kind, "bot": self.bot, "token_hash": self.token_hash, "name": self.name}

    @classmethod
    def from_json(cls, data: dict[str, str]) -> Seat:
        return cls(data["kind"], data.get("bot", ""), data.get("token_hash", ""), data.get("name", ""))


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
    version: int = 0  # changes stored so far


def store_kind(address: str) -> str:
    """"postgresql" for a ``postgresql://`` or ``postgres://`` address, "sqlite" for a file path; raises
    AddressError for anything else (``mysql://...``, ``postgresql:/db``), which would otherwise become a
    SQLite file in a folder named after it."""
    if address.startswith(POSTGRES_SCHEMES):
        return "postgresql"
    if "://" in address or (SCHEME.match(address) and not DRIVE.match(address)):
        raise AddressError(f"unknown kind of database address {address.split('@')[-1]!r}: give a SQLite file path "
                           "or postgresql://user@host/dbname")
    return "sqlite"


class Store(ABC):
    """Every game's record. Calls are short synchronous transactions; the server makes them through
    ``call``, which its guard (``guard.Guarded``) runs off the event loop under a deadline."""

    kind: str = ""
    shared: bool = False  # several processes may use it at once (and hear each other's changes)
    remote: bool = False  # reached over a network, so a call may hang: the guard calls it off the loop

    async def call(self, fn: Callable[..., T], *args: Any, within: float | None = None) -> T:
        """``fn(*args)``, one of this store's methods, for a caller on the event loop. Here: at once, on
        the loop (a store used without its guard: tests, scripts); ``guard.Guarded`` runs a ``remote``
        store's in a thread of its own and gives up after a deadline (``within`` seconds, if given)."""
        return fn(*args)

    def ping(self) -> None:
        """A trivial query (readiness): raises when the database does not answer."""
        self.schema_version()

    def revive(self) -> None:
        """After the database stopped answering: raises while it still does not answer; once it does,
        whatever the store needs to work again is made ready (``guard``)."""
        self.ping()

    def recovered(self) -> None:
        """A write succeeded after writes had failed (a full disk, a read-only file): tidy what the
        failures left behind (``store_sqlite``: the write-ahead log); nothing by default."""
        return None

    def trouble(self) -> str:
        """Why the store cannot serve now ("" when it can; ``guard.Guarded`` knows)."""
        return ""

    @abstractmethod
    def close(self) -> None: ...

    @abstractmethod
    def schema_version(self) -> int:
        """The number of the last migration applied (``schema``)."""

    @abstractmethod
    def create(self, game_id: str, options: dict[str, Any], seats: list[dict[str, str]], creator_hash: str = "",
               bot_next: bool = False) -> None:
        """A new game at version 0."""

    @abstractmethod
    def append(self, game_id: str, version: int, n: int, text: str, seat: int, over: bool,
               bot_next: bool = False) -> int:
        """Add action ``n`` (with the game-over flag and whether a bot decides next) in one committed
        transaction if the game is still at ``version``; returns the new version. Raises Conflict
        otherwise."""

    @abstractmethod
    def truncate(self, game_id: str, version: int, n: int, bot_next: bool = False) -> int:
        """Forget actions from position ``n`` on (undo) if the game is still at ``version``; returns the
        new version. Raises Conflict otherwise."""

    @abstractmethod
    def set_bot_next(self, game_id: str, bot_next: bool) -> None:
        """Record whether a bot decides next (for games stored before the server kept it)."""

    @abstractmethod
    def creator_hash(self, game_id: str) -> str | None:
        """The hash of the game's creator token ("" when nobody may delete it); None: no such game."""

    @abstractmethod
    def delete(self, game_id: str) -> bool:
        """Forget a game and its actions; False when there was no such game."""

    @abstractmethod
    def expired(self, unfinished_before: float | None, finished_before: float | None) -> list[str]:
        """Ids of games not over with no change since ``unfinished_before``, and of finished games
        unchanged since ``finished_before`` (None: such games never expire)."""

    @abstractmethod
    def load(self, game_id: str) -> StoredGame | None: ...

    @abstractmethod
    def since(self, game_id: str, n: int) -> tuple[int, int, list[str]] | None:
        """The game's version, its number of actions and the texts of those from position ``n`` on, read
        together; None: no such game."""

    @abstractmethod
    def unfinished(self) -> list[str]:
        """Ids of games not over, oldest first."""

    @abstractmethod
    def bots_to_move(self) -> list[str]:
        """Ids of games not over whose next decision is a bot's, or not known to be a person's (stored
        by older servers), oldest first: those a restarted server loads at once."""

    async def listen(self, changed: Changed, reconnected: Callable[[], Awaitable[None] | None]) -> None:
        """Tell ``changed`` of every change other processes store, until cancelled; ``reconnected``
        after a lost connection came back (changes may have been missed). One process alone on the
        store (SQLite) hears nothing: this returns at once."""
        return None
