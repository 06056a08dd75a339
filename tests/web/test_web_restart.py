"""A real server killed with kill -9 and restarted keeps every acknowledged action and resumes every game."""

from __future__ import annotations

import contextlib
import http.client
import json
import os
import signal
import socket
import subprocess
import sys
import threading
import time
import urllib.error
import urllib.request
from collections.abc import Iterator, Sequence
from pathlib import Path
from typing import Any

from lewis_clark.web.database import open_store


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        port: int = s.getsockname()[1]
        return port


class Server:
    """``lewis-clark serve`` in a subprocess on a free port."""

    def __init__(self, db: Path | str, port: int, bot_delay: float = 0.0, args: Sequence[str] = ()) -> None:
        self.db, self.port, self.bot_delay, self.args = db, port, bot_delay, list(args)
        self.base = f"http://127.0.0.1:{port}"
        self.proc: subprocess.Popen[bytes] | None = None

    def start(self) -> None:
        self.proc = subprocess.Popen([sys.executable, "-m", "lewis_clark.cli", "serve", "--port", str(self.port),
                                      "--db", str(self.db), "--bot-delay", str(self.bot_delay), *self.args],
                                     stdout=subprocess.DEVNULL, stderr=subprocess.PIPE)
        end = time.monotonic() + 20
        while time.monotonic() < end:
            with contextlib.suppress(OSError):
                urllib.request.urlopen(self.base + "/api/meta", timeout=1).read()
                return
            if self.proc.poll() is not None:
                raise RuntimeError(self.proc.stderr.read().decode() if self.proc.stderr else "server died")
            time.sleep(0.05)
        raise RuntimeError("server did not start")

    def kill(self) -> None:
        assert self.proc is not None
        os.kill(self.proc.pid, signal.SIGKILL)
        self.proc.wait()

    def stop(self) -> None:
        if self.proc is not None and self.proc.poll() is None:
            self.proc.terminate()
            try:
                self.proc.wait(5)
            except subprocess.TimeoutExpired:
                self.kill()

    def call(self, method: str, path: str, body: Any = None, token: str = "") -> tuple[int, Any]:
        data = json.dumps(body).encode() if body is not None else None
        req = urllib.request.Request(self.base + path, data=data, method=method)
        if data is not None:
            req.add_header("Content-Type", "application/json")
        if token:
            req.add_header("X-Token", token)
        try:
            with urllib.request.urlopen(req, timeout=10) as r:
                return r.status, json.loads(r.read())
        except urllib.error.HTTPError as e:
            return e.code, json.loads(e.read() or b"null")


@contextlib.contextmanager
def serving(db: Path | str, bot_delay: float = 0.0, args: Sequence[str] = ()) -> Iterator[Server]:
    server = Server(db, free_port(), bot_delay, args)
    server.start()
    try:
        yield server
    finally:
        server.stop()


def test_kill_9_keeps_every_acknowledged_action_and_resumes_bots(tmp_path: Path) -> None:
    db = tmp_path / "games.sqlite3"
    acked: list[str] = []
    with serving(db, bot_delay=0.02) as server:
        _, people = server.call("POST", "/api/games", {"seats": [{"kind": "human"}, {"kind": "human"}], "seed": 21})
        _, bots = server.call("POST", "/api/games", {"seats": [{"kind": "bot", "level": "random"}] * 2, "seed": 22})
        tokens = {s["seat"]: s["token"] for s in people["seats"]}
        stop = threading.Event()

        def play() -> None:  # act as fast as possible until the server dies under us
            while not stop.is_set():
                try:
                    status, v = server.call("GET", f"/api/games/{people['id']}")
                    action = next((a["text"] for a in v["legal"] if a["verb"] in ("end", "stop")), v["legal"][0]["text"])
                    status, after = server.call("POST", f"/api/games/{people['id']}/actions", {"action": action},
                                                tokens[v["current"]])
                # The server dies mid-answer: a refused connection, a body cut short, half a JSON text.
                except (OSError, http.client.HTTPException, ValueError, StopIteration, KeyError, IndexError):
                    return
                if status == 200:
                    acked.append(action)

        player = threading.Thread(target=play)
        player.start()
        # Kill once both games are under way (bot workers may take a while to start on a busy machine).
        end = time.monotonic() + 30
        while True:
            time.sleep(0.2)
            _, bots_before = server.call("GET", f"/api/games/{bots['id']}/log")
            if (len(acked) > 5 and len(bots_before["log"]) > 5) or time.monotonic() > end:
                break
        server.kill()  # in the middle of the player's requests and the bots' moves
        stop.set()
        player.join(10)
    assert len(acked) > 5 and len(bots_before["log"]) > 5
    stored = open_store(db).load(people["id"])
    assert stored is not None and stored.actions[: len(acked)] == acked  # every acknowledged action, in order
    assert len(stored.actions) <= len(acked) + 1  # at most the one in flight was stored unanswered
    with serving(db) as server:
        _, log = server.call("GET", f"/api/games/{people['id']}/log")
        _, view = server.call("GET", f"/api/games/{people['id']}")
        assert log["log"][-1]["n"] >= len(acked)  # nothing acknowledged is lost (one more may have been stored unanswered)
        # The game goes on from where it was: the next legal action is accepted.
        assert view["moves"] == log["log"][-1]["n"]
        status, _ = server.call("POST", f"/api/games/{people['id']}/actions", {"action": view["legal"][0]["text"]},
                                tokens[view["current"]])
        assert status == 200
        # The bots' game resumes by itself and has kept what was seen before the kill.
        end = time.monotonic() + 10
        while time.monotonic() < end:
            _, bots_after = server.call("GET", f"/api/games/{bots['id']}/log")
            if len(bots_after["log"]) > len(bots_before["log"]) + 20:
                break
            time.sleep(0.05)
        assert bots_after["log"][: len(bots_before["log"])] == bots_before["log"]
        assert len(bots_after["log"]) > len(bots_before["log"]) + 20
