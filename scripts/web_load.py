"""Load benchmark for ``lewis-clark serve`` (a benchmark, not a test).

Plays many games at once through the HTTP and WebSocket API on loopback: each game is created with
every seat a "person", and this script plays every seat as a random player (the legal actions come
from the server's view), waiting a random think time before each action (``--think``, mean seconds;
0 saturates the server, and then latency only measures the queue). It measures the time from
sending an action to its HTTP answer, and to the WebSocket update that carries it, and prints
p50 / p99 / max and the errors. Goal: p99 under 50 ms.

``--bot-games N`` also keeps N games of bots only (``--bot-level``, e.g. expert: a second of search a
decision) playing on the server beside the load, a new one started whenever one ends, and reports how
many bot actions they made: the people's latency must not suffer from bots thinking.

    python scripts/web_load.py                       # starts its own server on a temporary database
    python scripts/web_load.py --games 200 --actions 150 --seconds 120
    python scripts/web_load.py --seconds 60 --bot-games 20 --bot-level expert --bot-workers 2
    python scripts/web_load.py --url http://127.0.0.1:8000   # an already running server

Several server processes on one PostgreSQL database (``--db postgresql://...``, or ``--postgres-temp``
for a throwaway PostgreSQL server in a temporary folder, as the tests start): ``--servers N`` starts N
servers; game i acts through server i mod N and watches its WebSocket on the next server, as a load
balancer could send a page's two connections to two processes (the update then travels by NOTIFY).
``--bot-workers-processes N`` starts the servers with ``--no-bots`` and ``lewis-clark bots --workers N``
beside them, which play the ``--bot-games``.

    python scripts/web_load.py --postgres-temp --servers 2 --bot-workers-processes 1 --bot-games 20 \
        --bot-level medium --games 2000 --think 5 --seconds 60
    python scripts/web_load.py --postgres-temp --servers 1 --think 0 --games 100 --seconds 20   # saturation

Bounded in count (games x actions) and in time (--seconds).
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import json
import os
import random
import signal
import socket
import statistics
import subprocess
import sys
import tempfile
import time
from collections.abc import Iterator
from dataclasses import dataclass, field
from typing import Any

import websockets


@dataclass
class Stats:
    http: list[float] = field(default_factory=list)
    ws: list[float] = field(default_factory=list)
    errors: dict[str, int] = field(default_factory=dict)
    finished: int = 0
    games: int = 0
    bot_games: int = 0  # bot-only games started beside the load
    bot_actions: int = 0  # actions the bots made in them while the load ran

    def error(self, what: str) -> None:
        self.errors[what] = self.errors.get(what, 0) + 1


def quantile(xs: list[float], q: float) -> float:
    if not xs:
        return float("nan")
    xs = sorted(xs)
    return xs[min(len(xs) - 1, int(q * len(xs)))]


class Connection:
    """A minimal keep-alive HTTP/1.1 client: the load generator shares the machine with the server, so it
    must cost as little as possible (a full client library costs more than the server's own work)."""

    IDLE = 4.0  # seconds: the server closes a keep-alive connection idle for 5 s (uvicorn's default)

    def __init__(self, host: str, port: int) -> None:
        self.host, self.port = host, port
        self.reader: asyncio.StreamReader | None = None
        self.writer: asyncio.StreamWriter | None = None
        self.used = 0.0

    async def request(self, method: str, path: str, body: Any = None, token: str = "") -> tuple[int, bytes]:
        if self.writer is not None and time.monotonic() - self.used > self.IDLE:
            self.close()  # rather than race the server closing it
        if self.writer is None:
            self.reader, self.writer = await asyncio.open_connection(self.host, self.port)
        assert self.reader is not None
        data = json.dumps(body).encode() if body is not None else b""
        head = f"{method} {path} HTTP/1.1\r\nHost: {self.host}\r\nContent-Length: {len(data)}\r\n"
        if data:
            head += "Content-Type: application/json\r\n"
        if token:
            head += f"X-Token: {token}\r\n"
        self.writer.write(head.encode() + b"\r\n" + data)
        line = await self.reader.readline()
        if not line:
            self.close()
            raise ConnectionResetError("the server closed the connection")
        status = int(line.split()[1])
        length = 0
        while True:
            line = await self.reader.readline()
            if line in (b"\r\n", b""):
                break
            name, _, value = line.partition(b":")
            if name.lower() == b"content-length":
                length = int(value)
        answer = await self.reader.readexactly(length)
        self.used = time.monotonic()
        return status, answer

    def close(self) -> None:
        if self.writer is not None:
            self.writer.close()
            self.reader = self.writer = None


async def play(host: str, port: int, ws_port: int, seed: int, args: argparse.Namespace, stats: Stats,
               deadline: float) -> None:
    spec: dict[str, Any] = {"seats": [{"kind": "human"}] * args.players, "seed": seed}
    if args.players == 1:
        spec["mackenzie"] = 7
    conn = Connection(host, port)
    try:
        status, body = await conn.request("POST", "/api/games", spec)
        if status != 201:
            stats.error(f"create: HTTP {status}")
            return
        g = json.loads(body)
        tokens = {s["seat"]: s["token"] for s in g["seats"]}
        stats.games += 1
        rng = random.Random(seed)
        if args.think:  # pages open over time, not all at the same instant
            await asyncio.sleep(random.Random(-seed).uniform(0, args.think))
        async with websockets.connect(f"ws://{host}:{ws_port}/api/games/{g['id']}/ws", max_size=2**22) as ws:
            view = json.loads(await ws.recv())
            for _ in range(args.actions):
                if view["over"] or time.monotonic() > deadline:
                    break
                if args.think:  # a person (or a paced bot) thinks between actions
                    await asyncio.sleep(rng.uniform(0, 2 * args.think))
                action = rng.choice(view["legal"])["text"]
                t0 = time.perf_counter()
                status, body = await conn.request("POST", f"/api/games/{g['id']}/actions",
                                                  {"action": action, "expect": view["moves"]}, tokens[view["current"]])
                stats.http.append(time.perf_counter() - t0)
                if status != 200:
                    stats.error(f"action: HTTP {status}")
                    view = json.loads((await conn.request("GET", f"/api/games/{g['id']}"))[1])
                    continue
                target = view["moves"] + 1
                while True:
                    text = await asyncio.wait_for(ws.recv(), 10)
                    msg = json.loads(text)
                    if msg["moves"] >= target:
                        break
                stats.ws.append(time.perf_counter() - t0)
                view = msg
            if view["over"]:
                stats.finished += 1
    except (TimeoutError, OSError, ValueError, asyncio.IncompleteReadError, websockets.WebSocketException) as exc:
        stats.error(f"game: {type(exc).__name__}")
    finally:
        conn.close()


async def bots_play(host: str, port: int, seed: int, args: argparse.Namespace, stats: Stats,
                    done: asyncio.Event) -> None:
    """One slot of bot-only games: a game of ``--bot-level`` bots, watched until it ends (then another)
    or until the load is done."""
    spec: dict[str, Any] = {"seats": [{"kind": "bot", "level": args.bot_level}] * args.bot_players, "seed": seed}
    if args.bot_players == 1:
        spec["mackenzie"] = 7
    conn = Connection(host, port)
    try:
        while not done.is_set():
            status, body = await conn.request("POST", "/api/games", spec)
            if status != 201:
                stats.error(f"bot game: HTTP {status}")
                return
            g = json.loads(body)
            stats.bot_games += 1
            spec["seed"] += 10_000
            async with websockets.connect(f"ws://{host}:{port}/api/games/{g['id']}/ws", max_size=2**22) as ws:
                seen = 0
                while not done.is_set():
                    with contextlib.suppress(TimeoutError):
                        msg = json.loads(await asyncio.wait_for(ws.recv(), 0.5))
                        stats.bot_actions += msg["moves"] - seen
                        seen = msg["moves"]
                        if msg["over"]:
                            break
    except (OSError, ValueError, asyncio.IncompleteReadError, websockets.WebSocketException) as exc:
        stats.error(f"bot game: {type(exc).__name__}")
    finally:
        conn.close()


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        port: int = s.getsockname()[1]
        return port


@contextlib.contextmanager
def stopped_at_end(proc: subprocess.Popen[bytes]) -> Iterator[subprocess.Popen[bytes]]:
    try:
        yield proc
    finally:
        proc.send_signal(signal.SIGTERM)
        try:
            proc.wait(10)
        except subprocess.TimeoutExpired:
            proc.kill()


@contextlib.contextmanager
def own_servers(args: argparse.Namespace, db: str | None) -> Iterator[list[str]]:
    """``--servers`` server processes on ``db`` (default: a temporary SQLite file), and the bot workers."""
    with contextlib.ExitStack() as stack:
        if db is None:
            db = os.path.join(stack.enter_context(tempfile.TemporaryDirectory()), "load.sqlite3")
        extra = ["--no-bots"] if args.bot_workers_processes else []
        if args.bot_workers is not None:
            extra += ["--bot-workers", str(args.bot_workers)]
        ports = []
        for _ in range(args.servers):
            port = free_port()
            stack.enter_context(stopped_at_end(subprocess.Popen(
                [sys.executable, "-m", "lewis_clark.cli", "serve", "--port", str(port), "--db", db,
                 "--bot-delay", str(args.bot_delay), "--create-limit", "0", "--create-limit-all", "0", *extra],
                stdout=subprocess.DEVNULL)))
            ports.append(port)
        if args.bot_workers_processes:
            stack.enter_context(stopped_at_end(subprocess.Popen(
                [sys.executable, "-m", "lewis_clark.cli", "bots", "--db", db, "--bot-delay", str(args.bot_delay),
                 "--workers", str(args.bot_workers_processes)], stdout=subprocess.DEVNULL)))
        for port in ports:
            for _ in range(400):
                with contextlib.suppress(OSError), socket.create_connection(("127.0.0.1", port), timeout=1):
                    break
                time.sleep(0.05)
        yield [f"http://127.0.0.1:{port}" for port in ports]


@contextlib.contextmanager
def temporary_postgres() -> Iterator[str]:
    """Debian's PostgreSQL in a temporary folder (as the tests start it; as the postgres user when run as
    root): its address."""
    import glob
    import shutil

    found = sorted(glob.glob("/usr/lib/postgresql/*/bin/initdb"), key=lambda p: int(p.split("/")[4]))
    if not found:
        raise SystemExit("--postgres-temp needs Debian's PostgreSQL (apt install postgresql)")
    pg = os.path.dirname(found[-1])
    sudo = ["runuser", "-u", "postgres", "--"] if os.geteuid() == 0 else []
    top = tempfile.mkdtemp(prefix="lewis-clark-load-pg-")
    if sudo:
        shutil.chown(top, "postgres")
    data, port = os.path.join(top, "data"), free_port()
    subprocess.run([*sudo, f"{pg}/initdb", "-D", data, "-A", "trust", "-U", "postgres"], check=True,
                   stdout=subprocess.DEVNULL)
    subprocess.run([*sudo, f"{pg}/pg_ctl", "-D", data, "-o", f"-k {top} -p {port} -c listen_addresses=127.0.0.1 "
                    "-c max_connections=200", "-l", f"{top}/log", "-w", "start"], check=True, stdout=subprocess.DEVNULL)
    try:
        yield f"postgresql://postgres@127.0.0.1:{port}/postgres"
    finally:
        subprocess.run([*sudo, f"{pg}/pg_ctl", "-D", data, "-m", "fast", "stop"], stdout=subprocess.DEVNULL)
        shutil.rmtree(top, ignore_errors=True)


def address(base: str) -> tuple[str, int]:
    host, _, port = base.removeprefix("http://").partition(":")
    return host, int(port or 80)


async def run(bases: list[str], args: argparse.Namespace) -> Stats:
    stats = Stats()
    deadline = time.monotonic() + args.seconds
    servers = [address(b) for b in bases]
    host = servers[0][0]
    done = asyncio.Event()
    bots = [asyncio.create_task(bots_play(host, servers[i % len(servers)][1], args.seed + 100_000 + i, args, stats, done))
            for i in range(args.bot_games)]
    if bots:  # the bots are thinking before the first person acts
        await asyncio.sleep(args.bot_warmup)
        deadline += args.bot_warmup
        stats.bot_actions = 0  # counted from here, beside the load
    await asyncio.gather(*(play(host, servers[i % len(servers)][1], servers[(i + 1) % len(servers)][1], args.seed + i,
                                args, stats, deadline) for i in range(args.games)))
    done.set()
    await asyncio.gather(*bots)
    return stats


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--url", help="a running server, or several separated by commas (default: start them)")
    parser.add_argument("--games", type=int, default=200, help="games played at once")
    parser.add_argument("--players", type=int, default=2, choices=range(1, 6), help="seats per game (1: solo, level 7)")
    parser.add_argument("--actions", type=int, default=150, help="at most this many actions per game")
    parser.add_argument("--seconds", type=float, default=120, help="stop every game after this long")
    parser.add_argument("--think", type=float, default=0.5,
                        help="mean seconds each game waits before an action (0: as fast as possible, a saturation test)")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--bot-games", type=int, default=0, help="bot-only games kept playing beside the load")
    parser.add_argument("--bot-level", default="expert", choices=["random", "easy", "medium", "hard", "expert"])
    parser.add_argument("--bot-players", type=int, default=2, choices=range(1, 6), help="seats per bot game")
    parser.add_argument("--bot-warmup", type=float, default=3.0,
                        help="seconds the bot games play before the load starts (their workers start)")
    parser.add_argument("--bot-delay", type=float, default=0.0, help="seconds between two bot moves of one game")
    parser.add_argument("--bot-workers", type=int,
                        help="processes the server's bots think in (its own server only; default: the server's)")
    parser.add_argument("--db", help="the database of the servers started (default: a temporary SQLite file)")
    parser.add_argument("--postgres-temp", action="store_true",
                        help="start a throwaway PostgreSQL server in a temporary folder and use it as --db")
    parser.add_argument("--servers", type=int, default=1, help="server processes started on --db")
    parser.add_argument("--bot-workers-processes", type=int, default=0,
                        help="start `lewis-clark bots --workers N` (and the servers with --no-bots; PostgreSQL)")
    parser.add_argument("--json", action="store_true", help="print one JSON object")
    args = parser.parse_args()
    with contextlib.ExitStack() as stack:
        db = stack.enter_context(temporary_postgres()) if args.postgres_temp else args.db
        bases = [u.rstrip("/") for u in args.url.split(",")] if args.url else stack.enter_context(own_servers(args, db))
        start = time.perf_counter()
        stats = asyncio.run(run(bases, args))
        wall = time.perf_counter() - start - (args.bot_warmup if args.bot_games else 0.0)
    ms = 1000.0
    result: dict[str, Any] = {
        "games": stats.games, "finished": stats.finished, "actions": len(stats.http), "seconds": round(wall, 2),
        "actions_per_s": round(len(stats.http) / wall, 1),
        "http_ms": {"p50": round(quantile(stats.http, 0.5) * ms, 2), "p99": round(quantile(stats.http, 0.99) * ms, 2),
                    "max": round(max(stats.http, default=float("nan")) * ms, 2),
                    "mean": round(statistics.fmean(stats.http) * ms, 2) if stats.http else None},
        "ws_ms": {"p50": round(quantile(stats.ws, 0.5) * ms, 2), "p99": round(quantile(stats.ws, 0.99) * ms, 2),
                  "max": round(max(stats.ws, default=float("nan")) * ms, 2)},
        "bot_games": stats.bot_games, "bot_level": args.bot_level if args.bot_games else None,
        "bot_actions": stats.bot_actions, "bot_actions_per_s": round(stats.bot_actions / wall, 1),
        "errors": stats.errors,
    }
    if args.json:
        print(json.dumps(result))
        return
    print(f"{len(bases)} server process(es) on {'PostgreSQL' if (db or '').startswith('postgres') else 'SQLite'}"
          + (f", bots in {args.bot_workers_processes} worker process(es)" if args.bot_workers_processes else ""))
    print(f"{result['games']} games at once ({args.players} seats, think {args.think} s), {result['actions']} actions "
          f"in {result['seconds']} s ({result['actions_per_s']} actions/s), {result['finished']} games finished")
    print(f"action -> HTTP answer:      p50 {result['http_ms']['p50']} ms, p99 {result['http_ms']['p99']} ms, "
          f"max {result['http_ms']['max']} ms")
    print(f"action -> WebSocket update: p50 {result['ws_ms']['p50']} ms, p99 {result['ws_ms']['p99']} ms, "
          f"max {result['ws_ms']['max']} ms")
    if args.bot_games:
        print(f"beside it: {args.bot_games} games of {args.bot_level} bots ({args.bot_players} seats), "
              f"{result['bot_games']} started, {result['bot_actions']} bot actions "
              f"({result['bot_actions_per_s']} actions/s)")
    print(f"errors: {sum(stats.errors.values())}" + (f" {stats.errors}" if stats.errors else ""))
    print("goal: p99 under 50 ms:", "met" if result["http_ms"]["p99"] < 50 else "NOT met")


if __name__ == "__main__":
    main()
