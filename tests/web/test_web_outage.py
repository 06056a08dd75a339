"""The server through database faults: a PostgreSQL server of the test's own stopped and started again
under a running ``lewis-clark serve`` (the server's hardening), and a SQLite file that turns read-only.

While the database is down ``/healthz`` answers at once, ``/readyz`` answers 503 with the reason within
a second, an action is refused with 503, a worded reason and ``Retry-After``; once it is back, everything
goes on by itself: readiness, people's actions and the server's own bots (whose failed turns are
counted in ``lewis_clark_bot_retries_total``)."""

from __future__ import annotations

import contextlib
import ipaddress
import json
import os
import shutil
import subprocess
import tempfile
import time
import urllib.error
import urllib.request
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from test_web_restart import Server, free_port, serving

from conftest import _as_postgres, postgres_bin

BOTS = {"seats": [{"kind": "bot", "level": "random"}, {"kind": "bot", "level": "random"}]}
PEOPLE = {"seats": [{"kind": "human"}, {"kind": "human"}]}


class Postgres:
    """A PostgreSQL server of this test's own (the session's one is shared by other tests)."""

    def __init__(self) -> None:
        pg = postgres_bin()
        if pg is None:
            pytest.skip("needs Debian's PostgreSQL (/usr/lib/postgresql/*/bin; .ci/run installs it)")
        self.bin = pg
        self.top = tempfile.mkdtemp(prefix="lewis-clark-pg-outage-")
        if os.geteuid() == 0:
            shutil.chown(self.top, "postgres")
        self.data, self.port = os.path.join(self.top, "data"), free_port()
        subprocess.run(_as_postgres([f"{pg}/initdb", "-D", self.data, "-A", "trust", "-U", "postgres", "--no-sync"]),
                       check=True, stdout=subprocess.DEVNULL)
        self.url = f"postgresql://postgres@127.0.0.1:{self.port}/postgres"

    def start(self) -> None:
        options = f"-k {self.top} -p {self.port} -c listen_addresses=127.0.0.1 -c fsync=off"
        subprocess.run(_as_postgres([f"{self.bin}/pg_ctl", "-D", self.data, "-o", options, "-l", f"{self.top}/log",
                                     "-w", "start"]), check=True, stdout=subprocess.DEVNULL)

    def stop(self) -> None:
        subprocess.run(_as_postgres([f"{self.bin}/pg_ctl", "-D", self.data, "-m", "fast", "-w", "stop"]),
                       check=True, stdout=subprocess.DEVNULL)

    def remove(self) -> None:
        subprocess.run(_as_postgres([f"{self.bin}/pg_ctl", "-D", self.data, "-m", "immediate", "stop"]),
                       stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        shutil.rmtree(self.top, ignore_errors=True)


@contextlib.contextmanager
def own_postgres() -> Iterator[Postgres]:
    pg = Postgres()
    try:
        pg.start()
        yield pg
    finally:
        pg.remove()


def timed(server: Server, method: str, path: str, body: Any = None, token: str = "",
          timeout: float = 30) -> tuple[float, int, Any, Any]:
    """Seconds taken, status, headers and JSON body of one request."""
    data = json.dumps(body).encode() if body is not None else None
    req = urllib.request.Request(server.base + path, data=data, method=method)
    if data is not None:
        req.add_header("Content-Type", "application/json")
    if token:
        req.add_header("X-Token", token)
    start = time.monotonic()
    try:
        with urllib.request.urlopen(req, timeout=timeout) as r:
            status, headers, raw = r.status, r.headers, r.read()
    except urllib.error.HTTPError as e:
        status, headers, raw = e.code, e.headers, e.read()
    took = time.monotonic() - start
    return took, status, headers, json.loads(raw) if raw.startswith((b"{", b"[")) else raw.decode()


def metric(server: Server, name: str) -> float:
    _, _, _, text = timed(server, "GET", "/metrics")
    for line in text.splitlines():
        if line.startswith(name + " "):
            return float(line.split()[1])
    raise AssertionError(f"{name} not in /metrics")


def test_postgres_outage_refuses_quickly_and_recovers_by_itself() -> None:
    with own_postgres() as pg, serving(pg.url, bot_delay=0.05) as server:
        _, status, _, people = timed(server, "POST", "/api/games", {**PEOPLE, "seed": 3})
        assert status == 201
        gid, tokens = people["id"], {s["seat"]: s["token"] for s in people["seats"]}
        bots = [timed(server, "POST", "/api/games", {**BOTS, "seed": 40 + i})[3]["id"] for i in range(4)]
        _, _, _, view = timed(server, "GET", f"/api/games/{gid}")
        assert timed(server, "GET", "/readyz")[1] == 200

        pg.stop()
        down = time.monotonic()
        took, status, headers, body = timed(server, "POST", f"/api/games/{gid}/actions",
                                            {"action": view["legal"][0]["text"]}, tokens[view["current"]])
        assert status == 503 and took < 2.5, (status, took, body)
        assert headers["Retry-After"] == "5" and "not answering" in body["detail"]
        assert headers["X-Content-Type-Options"] == "nosniff"
        health, ready = [], []
        while time.monotonic() - down < 4:  # the bots keep failing meanwhile: the loop must stay free
            health.append(timed(server, "GET", "/healthz")[:2])
            took, status, _, body = timed(server, "GET", "/readyz")
            ready.append((took, status, body["reason"]))
            time.sleep(0.1)
        assert all(status == 200 for _, status in health)
        assert max(took for took, _ in health) < 0.5, health
        assert all(status == 503 and reason == "database not answering" for _, status, reason in ready), ready
        assert max(took for took, _, _ in ready) < 1.0, ready
        took, status, _, _ = timed(server, "POST", "/api/games", {**PEOPLE, "seed": 4})
        assert status == 503 and took < 1.0
        moves_down = [timed(server, "GET", f"/api/games/{b}")[3]["moves"] for b in bots]
        retries = metric(server, "lewis_clark_bot_retries_total")
        assert retries >= 4  # every bot game failed to store at least once

        pg.start()
        back = time.monotonic()
        while timed(server, "GET", "/readyz")[1] != 200:
            assert time.monotonic() - back < 15, "not ready 15 s after the database came back"
            time.sleep(0.05)
        ready_after = time.monotonic() - back
        _, status, _, after = timed(server, "POST", f"/api/games/{gid}/actions",
                                    {"action": view["legal"][0]["text"]}, tokens[view["current"]])
        assert status == 200 and after["moves"] == 1, after
        while True:  # every bot game moves on with no restart
            moves = [timed(server, "GET", f"/api/games/{b}")[3]["moves"] for b in bots]
            if all(m > d for m, d in zip(moves, moves_down, strict=True)):
                break
            assert time.monotonic() - back < 20, (moves_down, moves)
            time.sleep(0.1)
        bots_after = time.monotonic() - back
        print(f"outage: /healthz max {max(t for t, _ in health) * 1000:.0f} ms, /readyz max "
              f"{max(t for t, _, _ in ready) * 1000:.0f} ms (503), ready {ready_after:.2f} s and every bot game "
              f"moving {bots_after:.2f} s after the database came back; {retries:.0f} bot retries")


def cluster_pids(pg: Postgres) -> list[int]:
    """The postmaster of ``pg`` and every process it started (its backends and helpers)."""
    with open(os.path.join(pg.data, "postmaster.pid")) as f:
        postmaster = int(f.readline())
    children = []
    for entry in os.listdir("/proc"):
        if entry.isdigit():
            with contextlib.suppress(OSError), open(f"/proc/{entry}/stat") as f:
                if int(f.read().rsplit(")", 1)[1].split()[1]) == postmaster:
                    children.append(int(entry))
    return [postmaster, *children]


def test_a_hung_postgres_never_holds_the_server_and_everything_resumes_by_itself() -> None:
    """Every PostgreSQL process stopped with SIGSTOP (a frozen machine, a network black hole: connections
    stay open and nothing answers) under 4 bot games and a person's requests: an action is refused with
    503 after the store's 2 s deadline, ``/healthz`` answers at once throughout, ``/readyz`` says 503
    within a second; after SIGCONT the server is ready again, the person plays on and every bot game
    moves, with no restart. (Before, every request waited for the database: /healthz took 10 s.)"""
    import signal
    import threading

    with own_postgres() as pg, serving(pg.url, bot_delay=0.05) as server:
        _, status, _, people = timed(server, "POST", "/api/games", {**PEOPLE, "seed": 3})
        assert status == 201
        gid, tokens = people["id"], {s["seat"]: s["token"] for s in people["seats"]}
        bots = [timed(server, "POST", "/api/games", {**BOTS, "seed": 40 + i})[3]["id"] for i in range(4)]
        _, _, _, view = timed(server, "GET", f"/api/games/{gid}")
        assert timed(server, "GET", "/readyz")[1] == 200
        stopped = cluster_pids(pg)
        try:
            for pid in stopped:
                os.kill(pid, signal.SIGSTOP)
            down = time.monotonic()
            refused: list[tuple[float, int, Any, Any]] = []  # a person's action, stuck on the database meanwhile
            person = threading.Thread(target=lambda: refused.append(timed(
                server, "POST", f"/api/games/{gid}/actions", {"action": view["legal"][0]["text"]},
                tokens[view["current"]])))
            person.start()
            health: list[float] = []
            ready: list[tuple[float, int, str]] = []
            while time.monotonic() - down < 5:  # the bots keep failing meanwhile: the loop must stay free
                took_h, status_h, _, _ = timed(server, "GET", "/healthz")
                assert status_h == 200
                health.append(took_h)
                took_r, status_r, _, body_r = timed(server, "GET", "/readyz")
                ready.append((took_r, status_r, body_r["reason"] if status_r == 503 else ""))
                time.sleep(0.05)
            person.join(10)
        finally:
            for pid in stopped:
                with contextlib.suppress(ProcessLookupError):
                    os.kill(pid, signal.SIGCONT)
        back = time.monotonic()
        took, status, headers, body = refused[0]
        assert status == 503 and took < 3.0, (status, took, body)  # given up after the store's 2 s deadline
        assert headers["Retry-After"] == "5" and "not answering" in body["detail"]
        assert all(status == 503 and reason == "database not answering" for _, status, reason in ready), ready
        assert max(took for took, _, _ in ready) < 1.0, ready
        health.sort()
        assert health[len(health) * 9 // 10] < 0.1 and health[-1] < 0.5, health
        moves_down = [timed(server, "GET", f"/api/games/{b}")[3]["moves"] for b in bots]
        while timed(server, "GET", "/readyz")[1] != 200:
            assert time.monotonic() - back < 15, "not ready 15 s after the database came back"
            time.sleep(0.05)
        ready_after = time.monotonic() - back
        for _ in range(3):  # the refused action was never acknowledged, but it may be stored late, even
            # between this look and the next action (deploy.md): then the person looks again and plays on
            _, _, _, now = timed(server, "GET", f"/api/games/{gid}")
            assert now["moves"] in (0, 1)
            _, status, _, after = timed(server, "POST", f"/api/games/{gid}/actions",
                                        {"action": now["legal"][0]["text"]}, tokens[now["current"]])
            if status != 409:
                break
        assert status == 200 and after["moves"] == now["moves"] + 1, after
        while True:  # every bot game moves on with no restart
            moves = [timed(server, "GET", f"/api/games/{b}")[3]["moves"] for b in bots]
            if all(m > d for m, d in zip(moves, moves_down, strict=True)):
                break
            assert time.monotonic() - back < 20, (moves_down, moves)
            time.sleep(0.1)
        bots_after = time.monotonic() - back
        print(f"SIGSTOP: /healthz p50 {health[len(health) // 2] * 1000:.1f} ms, max {health[-1] * 1000:.1f} ms "
              f"({len(health)} calls); /readyz 503 max {max(t for t, _, _ in ready) * 1000:.0f} ms; after SIGCONT "
              f"ready in {ready_after:.2f} s, every bot game moving in {bots_after:.2f} s")


@contextlib.contextmanager
def small_disk(tmp_path: Path, size: str = "2m") -> Iterator[Path]:
    """A tmpfs of ``size`` (mounting needs root; the CI container runs as root)."""
    if os.geteuid() != 0:
        pytest.skip("mounting a small tmpfs needs root")
    top = tmp_path / "disk"
    top.mkdir()
    subprocess.run(["mount", "-t", "tmpfs", "-o", f"size={size}", "tmpfs", str(top)], check=True)
    try:
        yield top
    finally:
        subprocess.run(["umount", "-l", str(top)], check=False)


def fill(folder: Path) -> Path:
    """Fill the file system of ``folder`` to the last byte: the filler file."""
    filler = folder / "filler"
    with contextlib.suppress(OSError), filler.open("wb") as f:
        while True:
            f.write(b"x" * 4096)
            f.flush()
    return filler


def test_full_disk_refuses_writes_in_words_readiness_says_so_and_writes_resume(tmp_path: Path) -> None:
    with small_disk(tmp_path) as disk, serving(disk / "games.sqlite3") as server:
        _, status, _, g = timed(server, "POST", "/api/games", {**PEOPLE, "seed": 3})
        assert status == 201
        tokens = {s["seat"]: s["token"] for s in g["seats"]}
        _, _, _, view = timed(server, "GET", f"/api/games/{g['id']}")
        filler = fill(disk)
        statuses = []
        for _ in range(3):  # SQLite may take a page or two from its own free space first
            _, status, headers, body = timed(server, "POST", f"/api/games/{g['id']}/actions",
                                             {"action": view["legal"][0]["text"]}, tokens[view["current"]])
            statuses.append(status)
            if status == 503:
                break
            view = body
        assert statuses[-1] == 503, statuses
        assert headers["Retry-After"] == "30" and body["reason"] == "disk full", body
        assert "disk is full" in body["detail"] and headers["X-Content-Type-Options"] == "nosniff"
        _, ready, _, why = timed(server, "GET", "/readyz")
        assert ready == 503 and why["reason"] == "disk full"
        _, again, _, still = timed(server, "GET", f"/api/games/{g['id']}")
        assert again == 200 and still["moves"] == view["moves"]  # reads go on; nothing half-applied
        filler.unlink()
        _, status, _, body = timed(server, "POST", f"/api/games/{g['id']}/actions",
                                   {"action": still["legal"][0]["text"]}, tokens[still["current"]])
        assert status == 200, body
        assert timed(server, "GET", "/readyz")[1] == 200  # a write succeeded: ready again


def test_a_read_only_database_is_said_as_such(tmp_path: Path) -> None:
    """SQLite's own refusal on a file opened read-only (a remount cannot be made under an open file)."""
    import sqlite3

    from lewis_clark.web.guard import READ_ONLY, Guarded, Unavailable
    from lewis_clark.web.store_sqlite import SqliteStore

    path = tmp_path / "games.sqlite3"
    inner = SqliteStore(path)
    inner.create("g1", {}, [])
    inner._db.close()
    inner._db = sqlite3.connect(f"file:{path}?mode=ro", uri=True, check_same_thread=False, isolation_level=None)
    store = Guarded(inner)
    with pytest.raises(Unavailable) as refused:
        store.append("g1", 0, 0, "x", 0, False)
    assert refused.value.reason == READ_ONLY
    assert store.trouble() == READ_ONLY
    assert store.load("g1") is not None  # reads go on
    store.close()


def test_an_immutable_file_is_said_as_read_only(tmp_path: Path) -> None:
    """The file and its write-ahead log made immutable under a running server (``chattr +i
    games.sqlite3*``): SQLite says only "disk I/O error", which read "database failed"."""
    from lewis_clark.web.guard import READ_ONLY, Guarded, Unavailable
    from lewis_clark.web.store_sqlite import SqliteStore

    if os.geteuid() != 0 or shutil.which("chattr") is None:
        pytest.skip("chattr +i needs root")
    path = tmp_path / "games.sqlite3"
    inner = SqliteStore(path)
    inner.create("g1", {}, [])
    store = Guarded(inner)
    files = [str(path), f"{path}-wal"]
    if subprocess.run(["chattr", "+i", *files], stderr=subprocess.DEVNULL).returncode:
        pytest.skip("this file system has no immutable flag")
    try:
        with pytest.raises(Unavailable) as refused:
            store.append("g1", 0, 0, "x", 0, False)
        assert refused.value.reason == READ_ONLY
        assert store.trouble() == READ_ONLY
        assert store.load("g1") is not None  # reads go on
    finally:
        subprocess.run(["chattr", "-i", *files], check=True)
        store.close()


def test_the_write_ahead_log_is_emptied_once_writes_succeed_again(tmp_path: Path) -> None:
    """On a full disk SQLite cannot fold its write-ahead log into the file; once a write succeeds again the
    log is checkpointed and emptied, else it kept the space and the disk filled again at once."""
    import sqlite3

    from lewis_clark.web.guard import FULL, Guarded, Unavailable
    from lewis_clark.web.store_sqlite import SqliteStore

    path = tmp_path / "games.sqlite3"
    inner = SqliteStore(path)
    store = Guarded(inner)
    store.create("g1", {}, [])
    for n in range(50):
        store.append("g1", n, n, "x" * 2000, 0, False)
    wal = Path(str(path) + "-wal")
    assert wal.stat().st_size > 0
    real = inner.append

    def full(*args: Any) -> int:
        raise sqlite3.OperationalError("database or disk is full")

    inner.append = full  # type: ignore[method-assign]
    with pytest.raises(Unavailable) as refused:
        store.append("g1", 50, 50, "x", 0, False)
    assert refused.value.reason == FULL
    inner.append = real  # type: ignore[method-assign]
    store.append("g1", 50, 50, "x", 0, False)
    assert wal.stat().st_size == 0 and store.trouble() == ""
    assert len(store.load("g1").actions) == 51  # type: ignore[union-attr]
    store.close()


# --- limits for a server exposed directly ------------------------------------------------------------

def test_a_huge_header_is_refused_and_the_server_goes_on(tmp_path: Path) -> None:
    import socket

    with serving(tmp_path / "g.sqlite3", args=("--max-header-bytes", "8192")) as server:
        with socket.create_connection(("127.0.0.1", server.port), timeout=10) as s:
            s.sendall(b"GET /healthz HTTP/1.1\r\nHost: 127.0.0.1\r\nX-Big: " + b"a" * 1024 * 1024 + b"\r\n\r\n")
            answer = b""
            with contextlib.suppress(OSError):
                while chunk := s.recv(4096):
                    answer += chunk
        assert answer.startswith(b"HTTP/1.1 400") or answer == b"", answer[:80]
        assert timed(server, "GET", "/healthz")[1] == 200


def _answer(port: int, pieces: list[bytes], pause: float = 0.0) -> bytes:
    """What a server answers to a request sent in ``pieces`` (``pause`` s apart), up to its first line."""
    import socket

    with socket.create_connection(("127.0.0.1", port), timeout=10) as s:
        for piece in pieces:
            s.sendall(piece)
            time.sleep(pause)
        answer = b""
        with contextlib.suppress(OSError):
            while b"\r\n" not in answer and (chunk := s.recv(4096)):
                answer += chunk
    return answer


def test_the_header_limit_holds_however_the_head_arrives(tmp_path: Path) -> None:
    """The default 16 KiB: a 100 KB header in one write, 17 KB in pieces (each under the limit, the last
    completing the head) and a head just over the limit are refused with 400; one just under is answered.
    (h11's own limit counted only heads still incomplete after a read: the first two were answered 200.)"""
    with serving(tmp_path / "g.sqlite3") as server:
        start = b"GET /healthz HTTP/1.1\r\nHost: 127.0.0.1\r\n"
        # 16,000 bytes (under the limit, incomplete), then 1,100 more with the head's end in one piece
        first = start + b"X-Part: " + b"b" * (16_000 - len(start) - 8)
        pieces = [first, b"b" * 1_096 + b"\r\n\r\n"]
        assert _answer(server.port, pieces, pause=0.05).startswith(b"HTTP/1.1 400")
        whole = _answer(server.port, [start + b"X-Big: " + b"a" * 100_000 + b"\r\n\r\n"])
        assert whole.startswith(b"HTTP/1.1 400"), whole[:80]
        fixed = len(start) + len(b"X-Pad: \r\n\r\n")
        over = start + b"X-Pad: " + b"c" * (16 * 1024 - fixed + 1) + b"\r\n\r\n"
        under = start + b"X-Pad: " + b"c" * (16 * 1024 - fixed) + b"\r\n\r\n"
        assert len(over) == 16 * 1024 + 1 and len(under) == 16 * 1024
        assert _answer(server.port, [over]).startswith(b"HTTP/1.1 400")
        assert _answer(server.port, [under]).startswith(b"HTTP/1.1 200")
        status, body = server.call("GET", "/healthz")
        assert status == 200, body


def test_one_address_with_1000_slow_heads_leaves_room_for_everyone_else(tmp_path: Path) -> None:
    """1,000 connections from one address (127.0.0.3) each sending half a request head and holding it:
    past its share (64) they are answered 503 at once, and another address's (127.0.0.1) /healthz and
    game requests are answered 200 throughout. (With no share, every other request got 503 until they
    closed: the 1,000 held every --max-connections place.)"""
    import socket

    with serving(tmp_path / "g.sqlite3", args=("--header-timeout", "60")) as server:
        held: list[socket.socket] = []
        refused = 0
        health: list[float] = []
        try:
            for i in range(1000):
                s = socket.socket(socket.AF_INET, socket.SOCK_STREAM)
                s.bind(("127.0.0.3", 0))
                s.settimeout(10)
                s.connect(("127.0.0.1", server.port))
                with contextlib.suppress(OSError):
                    s.sendall(b"GET /healthz HTTP/1.1\r\nHost: 127.0.0.1\r\nX-Slow: ")
                held.append(s)
                if i % 100 == 99:
                    took, status, _, _ = timed(server, "GET", "/healthz")
                    assert status == 200, (i, status)
                    health.append(took)
            for s in held:  # those past the share were answered 503 and closed; the first 64 wait
                s.setblocking(False)
                with contextlib.suppress(BlockingIOError, OSError):
                    if s.recv(100).startswith(b"HTTP/1.1 503"):
                        refused += 1
            assert refused >= 1000 - 64 - 5, refused
            for _ in range(10):  # another address: answered while the 64 slow heads are held
                took, status, _, _ = timed(server, "GET", "/healthz")
                assert status == 200
                health.append(took)
            _, status, _, _ = timed(server, "POST", "/api/games", {**PEOPLE, "seed": 3})
            assert status == 201
        finally:
            for s in held:
                s.close()
        with socket.create_connection(("127.0.0.1", server.port), timeout=10, source_address=("127.0.0.3", 0)) as s:
            s.sendall(b"GET /healthz HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n")  # the share is back once they closed
            answer = b""
            while b"\r\n" not in answer:
                answer += s.recv(4096)
            assert answer.startswith(b"HTTP/1.1 200"), answer
        health.sort()
        print(f"1,000 slow heads from one address: {refused} refused at once (share 64); another address's "
              f"/healthz 200 {len(health)} times, p50 {health[len(health) // 2] * 1000:.1f} ms, "
              f"max {health[-1] * 1000:.1f} ms")


def test_invalid_utf8_in_a_websocket_frame_is_one_log_line(tmp_path: Path) -> None:
    """A text frame that is not UTF-8: the connection is closed (1007) and the log says so in one
    warning line, not an error with uvicorn's traceback."""
    import base64
    import socket

    server = Server(tmp_path / "g.sqlite3", free_port(), 0.0, ())
    server.start()
    try:
        _, g = server.call("POST", "/api/games", {**PEOPLE, "seed": 3})
        with socket.create_connection(("127.0.0.1", server.port), timeout=10) as s:
            key = base64.b64encode(os.urandom(16))
            s.sendall(b"GET /api/games/%s/ws HTTP/1.1\r\nHost: 127.0.0.1\r\nUpgrade: websocket\r\n"
                      b"Connection: Upgrade\r\nSec-WebSocket-Key: %s\r\nSec-WebSocket-Version: 13\r\n\r\n"
                      % (g["id"].encode(), key))
            answer = b""
            while b"\r\n\r\n" not in answer:
                answer += s.recv(65536)
            assert answer.startswith(b"HTTP/1.1 101")
            payload, mask = b"\xff\xfe\xfd", b"\x01\x02\x03\x04"
            s.sendall(bytes([0x81, 0x80 | len(payload)]) + mask + bytes(b ^ mask[i % 4] for i, b in enumerate(payload)))
            closing = b""
            with contextlib.suppress(OSError):
                while chunk := s.recv(65536):
                    closing += chunk
            assert b"\x88\x02\x03\xef" in closing  # closed with 1007: data not consistent with the frame's type
        assert server.call("GET", "/healthz")[0] == 200
    finally:
        assert server.proc is not None
        server.proc.terminate()
        _, err = server.proc.communicate(timeout=20)
    log = err.decode()
    assert "Traceback" not in log, log
    lines = [line for line in log.splitlines() if "Invalid UTF-8" in line]
    assert len(lines) == 1 and "WARNING" in lines[0] and "invalid start byte at byte 0" in lines[0], log


def test_a_proxy_address_has_no_share_and_an_ipv6_64_has_one() -> None:
    """Whose share a connection counts in: none for the addresses of FORWARDED_ALLOW_IPS (every player
    behind the proxy comes from there), one per IPv4 address and per IPv6 /64 otherwise."""
    from types import SimpleNamespace

    from lewis_clark.web.protocol import LimitedProtocol, trusted

    def share(peer: Any, allowed: Any = "127.0.0.1,::1,10.0.0.0/24") -> str | None:
        protocol = LimitedProtocol.__new__(LimitedProtocol)
        protocol.config = SimpleNamespace(forwarded_allow_ips=allowed)  # type: ignore[assignment]
        return protocol._share(SimpleNamespace(get_extra_info=lambda name: peer))  # type: ignore[arg-type]

    assert share(("127.0.0.1", 5000)) is None and share(("10.0.0.7", 5000)) is None
    assert share(("203.0.113.9", 5000)) == "203.0.113.9"
    assert share(("2001:db8::1", 5000, 0, 0)) == share(("2001:db8::ffff", 6000, 0, 0)) == "2001:db8::/64"
    assert share(("203.0.113.9", 5000), "*") is None and share("/run/lc.sock") is None
    assert trusted(["10.0.0.1", "not-an-address"]) == (False, [ipaddress.ip_network("10.0.0.1")])


def test_uvicorn_is_a_version_the_protocol_was_tested_with() -> None:
    """``web/protocol.py`` extends uvicorn's h11 protocol (its own classes, not a public API): the
    versions allowed in pyproject.toml are those tested; a newer one must pass these tests first."""
    import uvicorn
    from uvicorn.protocols.http.h11_impl import H11Protocol

    major, minor = (int(part) for part in uvicorn.__version__.split(".")[:2])
    assert (0, 29) <= (major, minor) < (0, 56), uvicorn.__version__
    for name in ("connection_made", "data_received", "connection_lost", "handle_websocket_upgrade"):
        assert callable(getattr(H11Protocol, name))


def test_one_client_holds_at_most_ws_per_client_websockets(tmp_path: Path) -> None:
    from websockets.exceptions import ConnectionClosed
    from websockets.sync.client import connect

    with serving(tmp_path / "g.sqlite3", args=("--ws-per-client", "2")) as server:
        _, _, _, g = timed(server, "POST", "/api/games", {**PEOPLE, "seed": 3})
        url = f"ws://127.0.0.1:{server.port}/api/games/{g['id']}/ws"
        with connect(url) as a, connect(url) as b:
            assert json.loads(a.recv(timeout=10))["moves"] == 0 and json.loads(b.recv(timeout=10))["moves"] == 0
            with connect(url) as c, pytest.raises(ConnectionClosed) as closed:
                c.recv(timeout=10)
            assert closed.value.rcvd is not None and closed.value.rcvd.code == 1008
        with connect(url) as d:  # the first two closed: room again
            assert json.loads(d.recv(timeout=10))["moves"] == 0


def test_a_slow_request_head_is_closed_within_the_header_timeout_and_the_server_goes_on(tmp_path: Path) -> None:
    import socket

    with serving(tmp_path / "g.sqlite3", args=("--header-timeout", "1")) as server:
        def closed_after(first: bytes) -> tuple[float, bytes]:
            """Seconds until the server closed a connection that sent ``first`` and then nothing."""
            with socket.create_connection(("127.0.0.1", server.port), timeout=10) as s:
                start = time.monotonic()
                s.sendall(first)
                answer = b""
                with contextlib.suppress(OSError):
                    while chunk := s.recv(4096):
                        answer += chunk
                return time.monotonic() - start, answer

        took, answer = closed_after(b"GET /healthz HTTP/1.1\r\nHost: 127.0.0.1\r\nX-Slow: ")
        assert answer == b"" and 0.9 <= took < 3.0, (took, answer)  # closed unanswered, neither early nor late
        silent, answer = closed_after(b"")  # a connection that never sends a byte
        assert answer == b"" and 0.9 <= silent < 3.0, (silent, answer)
        with socket.create_connection(("127.0.0.1", server.port), timeout=10) as s:
            for part in (b"GET /healthz HTTP/1.1\r\n", b"Host: 127.0.0.1\r\n", b"Connection: close\r\n\r\n"):
                s.sendall(part)  # a head in pieces, complete well within the limit, is answered
                time.sleep(0.3)
            assert s.recv(4096).startswith(b"HTTP/1.1 200")
        with socket.create_connection(("127.0.0.1", server.port), timeout=10) as s:
            s.sendall(b"GET /healthz HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n")
            assert s.recv(4096).startswith(b"HTTP/1.1 200")
            start = time.monotonic()
            s.sendall(b"GET /healthz HTTP/1.1\r\n")  # the next request on the kept-alive connection: timed too
            with contextlib.suppress(OSError):
                while s.recv(4096):
                    pass
            again = time.monotonic() - start
            assert 0.9 <= again < 3.0, again  # well before --keep-alive's 5 s
        took_ok, status, _, _ = timed(server, "GET", "/healthz")
        assert status == 200
        print(f"header timeout 1 s: a partial head closed after {took:.2f} s, a silent connection after "
              f"{silent:.2f} s, a kept-alive one's next head after {again:.2f} s; /healthz meanwhile {took_ok * 1000:.0f} ms")
