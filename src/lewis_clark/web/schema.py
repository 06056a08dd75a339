"""The stores' schema as numbered migrations, one list per kind of database, applied in order when a
store is opened; ``schema_version`` holds the number of the last one applied.

1. The first release: games (id, created, options, seats, over) and their actions.
2. Expiry, lazy loading and deletion: ``touched`` (filled from the last action), ``bot_next``,
   ``creator_hash``.
3. Several processes on one database: ``version`` (changes stored: each action and each undo), filled
   from the actions kept; an index of the games waiting for a bot.

A SQLite file written before this table existed is at version 1 (its columns may already include some
of version 2's: each is added only if missing). Never edit a migration once released: add one.
"""

from __future__ import annotations

from typing import NamedTuple


class Migration(NamedTuple):
    number: int
    what: str
    statements: tuple[str, ...]


FILL_TOUCHED = ("UPDATE games SET touched = COALESCE((SELECT MAX(at) FROM actions WHERE game_id = games.id), created)"
                " WHERE touched IS NULL")
FILL_VERSION = "UPDATE games SET version = (SELECT COUNT(*) FROM actions WHERE game_id = games.id)"
BOTS_INDEX = "CREATE INDEX games_waiting_for_bots ON games (touched) WHERE over = 0 AND bot_next = 1"

SQLITE = (
    Migration(1, "games and their actions", (
        """CREATE TABLE games (
            id TEXT PRIMARY KEY,
            created REAL NOT NULL,
            options TEXT NOT NULL,      -- Options.to_json()
            seats TEXT NOT NULL,        -- [{"kind": "human"|"bot", "bot": spec, "token_hash": hex|"", "name": ""}]
            over INTEGER NOT NULL DEFAULT 0)""",
        """CREATE TABLE actions (
            game_id TEXT NOT NULL REFERENCES games(id),
            n INTEGER NOT NULL,         -- 0-based position in the record
            text TEXT NOT NULL,
            seat INTEGER NOT NULL,
            at REAL NOT NULL,
            PRIMARY KEY (game_id, n))""",
    )),
    Migration(2, "expiry, lazy loading and deletion", (
        "ALTER TABLE games ADD COLUMN touched REAL",  # when an action was last added or taken back
        "ALTER TABLE games ADD COLUMN bot_next INTEGER",  # 1: a bot makes the next decision (NULL: not known)
        "ALTER TABLE games ADD COLUMN creator_hash TEXT",  # the creator's token, hashed ("" or NULL: nobody may delete)
        FILL_TOUCHED,
    )),
    Migration(3, "several processes on one database", (
        "ALTER TABLE games ADD COLUMN version INTEGER NOT NULL DEFAULT 0",
        FILL_VERSION,
        BOTS_INDEX,
    )),
)

POSTGRES = (
    Migration(1, "games and their actions", (
        """CREATE TABLE games (
            id TEXT PRIMARY KEY,
            created DOUBLE PRECISION NOT NULL,
            options TEXT NOT NULL,
            seats TEXT NOT NULL,
            over INTEGER NOT NULL DEFAULT 0)""",
        """CREATE TABLE actions (
            game_id TEXT NOT NULL REFERENCES games(id),
            n INTEGER NOT NULL,
            text TEXT NOT NULL,
            seat INTEGER NOT NULL,
            at DOUBLE PRECISION NOT NULL,
            PRIMARY KEY (game_id, n))""",
    )),
    Migration(2, "expiry, lazy loading and deletion", (
        "ALTER TABLE games ADD COLUMN IF NOT EXISTS touched DOUBLE PRECISION",
        "ALTER TABLE games ADD COLUMN IF NOT EXISTS bot_next INTEGER",
        "ALTER TABLE games ADD COLUMN IF NOT EXISTS creator_hash TEXT",
        FILL_TOUCHED,
    )),
    Migration(3, "several processes on one database", (
        "ALTER TABLE games ADD COLUMN version INTEGER NOT NULL DEFAULT 0",
        FILL_VERSION,
        BOTS_INDEX,
    )),
)

LATEST = SQLITE[-1].number
assert [m.number for m in SQLITE] == [m.number for m in POSTGRES] == list(range(1, LATEST + 1))
