"""Several server processes on one PostgreSQL database (the session's throwaway server, conftest):
a move made through one reaches the WebSockets of the other, two processes racing the same action
accept exactly one, undo works across them, a process killed with kill -9 loses no acknowledged action,
and bot workers play the bots while the servers only serve."""

from __future__ import annotations

import contextlib
import http.client
import json
import subprocess
import sys
import threading
import time
from collections.abc import Callable, Iterator
from typing import Any

import pytest
from test_web_restart import Server, serving
from websockets.sync.client import connect

from lewis_clark.web.database import open_store
from lewis_clark.web.store import Conflict
from lewis_clark.web.store_postgres import PostgresStore

PEOPLE = {"seats": [{"kind": "human"}, {"kind": "human"}]}


def until(check: Callable[[], Any], seconds: float = 15.0) -> Any:
    """Poll ``check`` until it returns something true (returned) or time runs out (AssertionError)."""
    end = time.monotonic() + seconds
    while True:
        got = check()
        if got:
            return got
        if time.monotonic() > end:
            raise AssertionError(f"still {got!r} after {seconds} s")
        time.sleep(0.02)


@contextlib.contextmanager
def two_servers(db: str, args: tuple[str, ...] = ()) -> Iterator[tuple[Server, Server]]:
    with serving(db, args=args) as a, serving(db, args=args) as b:
        yield a, b


def new_game(server: Server, seed: int, spec: dict[str, Any] = PEOPLE) -> tuple[str, dict[int, str]]:
    status, g = server.call("POST", "/api/games", {**spec, "seed": seed})
    assert status == 201, g
    return g["id"], {s["seat"]: s["token"] for s in g["seats"]}


def ws_until(ws: Any, moves: int, seconds: float = 10.0) -> dict[str, Any]:
    """The first view the WebSocket sends with ``moves`` actions."""
    end = time.monotonic() + seconds
    while True:
        view = json.loads(ws.recv(timeout=max(0.01, end - time.monotonic())))
        if view["moves"] == moves:
            return dict(view)


def test_a_move_through_one_process_reaches_a_websocket_of_the_other(pg_db: str) -> None:
    with two_servers(pg_db) as (a, b):
        gid, tokens = new_game(a, 5)
        with connect(f"ws://127.0.0.1:{b.port}/api/games/{gid}/ws") as ws:
            first = json.loads(ws.recv(timeout=10))
            assert first["moves"] == 0
            for n in range(1, 4):  # a few moves through A, each seen on B's page in order
                _, view = a.call("GET", f"/api/games/{gid}")
                status, after = a.call("POST", f"/api/games/{gid}/actions",
                                       {"action": view["legal"][0]["text"], "expect": n - 1}, tokens[view["current"]])
                assert status == 200, after
                seen = ws_until(ws, n)
                assert seen["state"] == after["state"] and seen["version"] == after["version"]
            # ... and a move through B reaches a page on A.
            with connect(f"ws://127.0.0.1:{a.port}/api/games/{gid}/ws") as ws_a:
                assert json.loads(ws_a.recv(timeout=10))["moves"] == 3
                _, view = b.call("GET", f"/api/games/{gid}")
                assert view["moves"] == 3
                status, _ = b.call("POST", f"/api/games/{gid}/actions", {"action": view["legal"][0]["text"]},
                                   tokens[view["current"]])
                assert status == 200
                assert ws_until(ws_a, 4)["moves"] == 4


def test_two_processes_racing_the_same_action_accept_exactly_one(pg_db: str) -> None:
    with two_servers(pg_db) as (a, b):
        for seed in range(6):
            gid, tokens = new_game(a, 100 + seed)
            assert b.call("GET", f"/api/games/{gid}")[0] == 200  # both hold the game in memory
            _, view = a.call("GET", f"/api/games/{gid}")
            body = {"action": view["legal"][0]["text"], "expect": 0}
            token = tokens[view["current"]]
            go = threading.Barrier(2)
            answers: list[int] = []

            def post(server: Server, body: dict[str, Any] = body, token: str = token, go: threading.Barrier = go,
                     gid: str = gid, answers: list[int] = answers) -> None:
                go.wait()
                answers.append(server.call("POST", f"/api/games/{gid}/actions", body, token)[0])

            threads = [threading.Thread(target=post, args=(s,)) for s in (a, b)]
            for t in threads:
                t.start()
            for t in threads:
                t.join(20)
            assert sorted(answers) == [200, 409]
            stored = open_store(pg_db)
            try:
                game = stored.load(gid)
                assert game is not None and game.actions == [body["action"]] and game.version == 1
            finally:
                stored.close()
            # Both processes now agree on the game.
            assert until(lambda gid=gid: a.call("GET", f"/api/games/{gid}")[1]["moves"]
                         == b.call("GET", f"/api/games/{gid}")[1]["moves"] == 1)


def test_undo_through_the_other_process(pg_db: str) -> None:
    with two_servers(pg_db) as (a, b):
        gid, tokens = new_game(a, 19)  # seed 19: the first player may recruit John Robertson
        _, view = a.call("GET", f"/api/games/{gid}")
        seat = view["current"]
        status, after = a.call("POST", f"/api/games/{gid}/actions", {"action": "recruit john-robertson", "expect": 0},
                               tokens[seat])
        assert status == 200 and after["undo"] == seat
        with connect(f"ws://127.0.0.1:{a.port}/api/games/{gid}/ws") as ws:
            assert json.loads(ws.recv(timeout=10))["moves"] == 1
            until(lambda: b.call("GET", f"/api/games/{gid}")[1]["moves"] == 1)
            status, undone = b.call("POST", f"/api/games/{gid}/undo", {"expect": 1}, tokens[seat])
            assert status == 200 and undone["moves"] == 0
            assert ws_until(ws, 0)["version"] == undone["version"] == 2
        # A double click reaching the other process undoes nothing more; an action on the old view is refused.
        assert a.call("POST", f"/api/games/{gid}/undo", {"expect": 1}, tokens[seat])[0] == 409
        assert a.call("POST", f"/api/games/{gid}/actions", {"action": "recruit john-robertson", "expect": 1},
                      tokens[seat])[0] == 409
        status, again = a.call("POST", f"/api/games/{gid}/actions", {"action": view["legal"][-1]["text"], "expect": 0},
                               tokens[seat])
        assert status == 200 and again["moves"] == 1


def test_kill_9_of_one_process_loses_no_acknowledged_action(pg_db: str) -> None:
    acked: list[str] = []
    with two_servers(pg_db) as (a, b):
        gid, tokens = new_game(a, 21)
        stop = threading.Event()

        def play() -> None:  # act through both processes in turn until A dies under us
            servers = [a, b]
            i = 0
            while not stop.is_set():
                server = servers[i % 2]
                i += 1
                try:
                    _, v = server.call("GET", f"/api/games/{gid}")
                    action = next((x["text"] for x in v["legal"] if x["verb"] in ("end", "stop")), v["legal"][0]["text"])
                    status, _ = server.call("POST", f"/api/games/{gid}/actions", {"action": action, "expect": v["moves"]},
                                            tokens[v["current"]])
                # a killed process may cut a response short (IncompleteRead) or send no JSON
                except (OSError, http.client.HTTPException, ValueError, StopIteration, KeyError, IndexError,
                        TypeError):
                    if server is a and a.proc is not None and a.proc.poll() is not None:
                        servers = [b, b]  # A is gone: go on through B
                    continue
                if status == 200:
                    acked.append(action)

        player = threading.Thread(target=play)
        player.start()
        until(lambda: len(acked) > 10)
        a.kill()
        n = len(acked)
        until(lambda: len(acked) > n + 5)  # B goes on with the game
        stop.set()
        player.join(20)
        _, view = b.call("GET", f"/api/games/{gid}")
    store = open_store(pg_db)
    try:
        stored = store.load(gid)
    finally:
        store.close()
    assert stored is not None and len(stored.actions) == view["moves"]
    # Every acknowledged action, in order; at most one more: the one A had stored when it was killed,
    # before answering it.
    assert len(acked) <= len(stored.actions) <= len(acked) + 1
    assert any(stored.actions[:i] + stored.actions[i + 1:] == acked for i in range(len(stored.actions))) \
        or stored.actions == acked


def test_a_bot_worker_plays_a_bot_game_to_its_end_while_the_servers_only_serve(pg_db: str) -> None:
    with serving(pg_db, args=("--no-bots",)) as server:
        gid, _ = new_game(server, 3, {"seats": [{"kind": "bot", "level": "easy"}] * 2})
        assert server.call("GET", f"/api/games/{gid}")[1]["moves"] == 0
        worker = subprocess.Popen([sys.executable, "-m", "lewis_clark.cli", "bots", "--db", pg_db, "--bot-delay", "0",
                                   "--workers", "2"], stdout=subprocess.DEVNULL, stderr=subprocess.PIPE)
        try:
            with connect(f"ws://127.0.0.1:{server.port}/api/games/{gid}/ws") as ws:
                end = time.monotonic() + 90
                view: dict[str, Any] = {}
                while not view.get("over"):
                    view = json.loads(ws.recv(timeout=max(0.01, end - time.monotonic())))
        finally:
            worker.terminate()
            worker.wait(10)
        assert view["over"] and view["moves"] > 100
        _, done = server.call("GET", f"/api/games/{gid}")
        assert done["over"] and done["moves"] == view["moves"]


def test_a_stale_version_is_a_conflict_and_claims_skip_held_games(pg_db: str) -> None:
    a, b = open_store(pg_db), open_store(pg_db)
    assert isinstance(a, PostgresStore) and isinstance(b, PostgresStore)
    try:
        a.create("g1", {"players": 2}, [], bot_next=True)
        assert a.append("g1", 0, 0, "x", 0, False, True) == 1
        with pytest.raises(Conflict):
            b.append("g1", 0, 0, "y", 0, False, True)  # B did not see version 1
        with pytest.raises(Conflict):
            b.truncate("g1", 0, 0)
        with pytest.raises(Conflict):
            b.append("gone", 0, 0, "y", 0, False)
        assert a.claim(time.time() + 1) == ("g1", 1)
        assert b.claim(time.time() + 1) is None  # A holds it
        a.release("g1")
        assert b.claim(time.time() + 1) == ("g1", 1)
    finally:
        a.close()
        b.close()
