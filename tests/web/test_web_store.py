"""The stores: addresses of an unknown kind are refused, and a database made by the previous release
(SQLite) or with the first schema (PostgreSQL) is upgraded by the numbered migrations, its games
intact and playable."""

from __future__ import annotations

import sqlite3
import time
import warnings
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest
from click.testing import CliRunner

with warnings.catch_warnings():  # starlette's notice about httpx, raised on import
    warnings.simplefilter("ignore")
    from fastapi.testclient import TestClient

from lewis_clark.cli import cli
from lewis_clark.match import Match
from lewis_clark.state import Options
from lewis_clark.web.app import create_app
from lewis_clark.web.database import open_store
from lewis_clark.web.schema import LATEST, POSTGRES
from lewis_clark.web.store import AddressError, store_kind, token_hash

# The schema of the previous release (git show 6c025ed:src/lewis_clark/web/store.py): no touched,
# bot_next, creator_hash, version or schema_version.
PREVIOUS_RELEASE = """
CREATE TABLE IF NOT EXISTS games (
    id TEXT PRIMARY KEY,
    created REAL NOT NULL,
    options TEXT NOT NULL,
    seats TEXT NOT NULL,
    over INTEGER NOT NULL DEFAULT 0
);
CREATE TABLE IF NOT EXISTS actions (
    game_id TEXT NOT NULL REFERENCES games(id),
    n INTEGER NOT NULL,
    text TEXT NOT NULL,
    seat INTEGER NOT NULL,
    at REAL NOT NULL,
    PRIMARY KEY (game_id, n)
);
"""


@pytest.mark.parametrize("address", ["mysql://u@h/db", "postgresql:/db", "postgresql:db", "postgresq://u@h/db",
                                     "sqlite://games.db", "http://example.org/db"])
def test_an_address_of_an_unknown_kind_is_refused(address: str, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    with pytest.raises(AddressError, match="unknown kind of database address"):
        store_kind(address)
    with pytest.raises(AddressError):
        open_store(address)
    monkeypatch.chdir(tmp_path)
    result = CliRunner().invoke(cli, ["serve", "--db", address])
    assert result.exit_code == 2 and "unknown kind of database address" in result.output
    assert list(tmp_path.iterdir()) == []  # no SQLite file in a folder named "postgresql:"


@pytest.mark.parametrize("address, kind", [("games.sqlite3", "sqlite"), ("/var/lib/lc/games.db", "sqlite"),
                                           ("C:\\games\\g.db", "sqlite"), ("postgresql://u@h/db", "postgresql"),
                                           ("postgres://u:p@h:5433/db", "postgresql")])
def test_a_path_is_sqlite_and_a_postgresql_url_postgresql(address: str, kind: str) -> None:
    assert store_kind(address) == kind


def test_bot_workers_and_no_bots_need_postgresql(tmp_path: Path) -> None:
    db = str(tmp_path / "g.sqlite3")
    result = CliRunner().invoke(cli, ["bots", "--db", db])
    assert result.exit_code == 2 and "PostgreSQL" in result.output
    result = CliRunner().invoke(cli, ["serve", "--db", db, "--no-bots"])
    assert result.exit_code == 2 and "PostgreSQL" in result.output


def played(seed: int, actions: int) -> Match:
    """A two-person game ``actions`` actions in (each person plays the first legal action, or ends)."""
    match = Match(Options(players=2, seed=seed), ["human", "human"])
    while len(match.actions) < actions:
        legal = match.legal()
        match.apply(next((a for a in legal if str(a) in ("end", "stop")), legal[0]))
    return match


def fill(execute: Callable[[str, tuple[Any, ...]], object], match: Match, game_id: str, token: str) -> None:
    """Store ``match`` as the previous release did (placeholder: ``?``; the caller adapts it)."""
    seats = [{"kind": "human", "bot": "", "token_hash": token_hash(f"{token}-{seat}")} for seat in range(2)]
    import json

    execute("INSERT INTO games (id, created, options, seats, over) VALUES (?, ?, ?, ?, 0)",
            (game_id, time.time() - 3600, json.dumps(match.options.to_json()), json.dumps(seats)))
    for n, text in enumerate(match.actions):
        execute("INSERT INTO actions (game_id, n, text, seat, at) VALUES (?, ?, ?, ?, ?)",
                (game_id, n, text, match.by_seat[n], time.time() - 60 + n * 0.01))


def upgraded_and_playable(db: str, match: Match, game_id: str, token: str) -> None:
    """The store at ``db`` is at the latest schema and serves the game as it was, and it goes on."""
    store = open_store(db)
    try:
        assert store.schema_version() == LATEST
        stored = store.load(game_id)
        assert stored is not None and stored.actions == match.actions and stored.version == len(match.actions)
        assert store.bots_to_move() == [game_id]  # not known yet: loaded at start, once
        assert store.expired(time.time() - 600, None) == []  # touched: its last action, a minute ago
    finally:
        store.close()
    with TestClient(create_app(db, bot_workers=0)) as c:
        view = c.get(f"/api/games/{game_id}").json()
        assert view["moves"] == len(match.actions) and view["version"] == len(match.actions)
        assert view["current"] == match.state.current
        legal = [str(a) for a in match.legal()]
        assert [a["text"] for a in view["legal"]] == legal
        r = c.post(f"/api/games/{game_id}/actions", json={"action": legal[0], "expect": len(match.actions)},
                   headers={"X-Token": f"{token}-{view['current']}"})
        assert r.status_code == 200, r.text
        assert r.json()["moves"] == len(match.actions) + 1
    store = open_store(db)  # opening again migrates nothing more
    try:
        assert store.schema_version() == LATEST and store.bots_to_move() == []
    finally:
        store.close()


def test_a_sqlite_file_of_the_previous_release_is_upgraded(tmp_path: Path) -> None:
    db = tmp_path / "old.sqlite3"
    match = played(41, 37)
    with sqlite3.connect(db) as con:
        con.executescript(PREVIOUS_RELEASE)
        fill(con.execute, match, "old-game", "seat-token")
    upgraded_and_playable(str(db), match, "old-game", "seat-token")


def test_a_postgresql_database_of_the_first_schema_is_upgraded(pg_db: str) -> None:
    import psycopg

    match = played(42, 29)
    with psycopg.connect(pg_db, autocommit=True) as con:
        con.execute("CREATE TABLE schema_version (version INTEGER NOT NULL)")
        con.execute("INSERT INTO schema_version VALUES (1)")
        for sql in POSTGRES[0].statements:
            con.execute(sql)  # type: ignore[arg-type]  # the migration's text, as the first version ran it
        fill(lambda sql, args: con.execute(sql.replace("?", "%s"), args),  # type: ignore[arg-type]
             match, "old-game", "seat-token")
    upgraded_and_playable(pg_db, match, "old-game", "seat-token")
