"""Operating the server: /healthz, /readyz, the Prometheus metrics, the logs, and docs/deploy.md."""

from __future__ import annotations

import io
import json
import logging
import re
import socket
import sqlite3
import subprocess
import sys
import time
import urllib.request
import warnings
from collections.abc import Iterator
from pathlib import Path

import pytest
from prometheus_client.parser import text_string_to_metric_families

with warnings.catch_warnings():  # starlette's notice about httpx, raised on import
    warnings.simplefilter("ignore")
    from fastapi.testclient import TestClient

from lewis_clark.web import health
from lewis_clark.web.app import create_app
from lewis_clark.web.limits import CreationLimit
from lewis_clark.web.logs import JsonFormatter, TextFormatter

ROOT = Path(__file__).parents[2]
DEPLOY = ROOT / "docs" / "deploy.md"
TWO = [{"kind": "human"}, {"kind": "human"}]
# Seed 0: five legal actions for the seats in turn (as in test_web_hardening).
OPENING = ["recruit john-robertson", "discard meriwether-lewis", "play pierre-cruzatte", "under hugh-mcneal", "indians 0"]


@pytest.fixture
def client(tmp_path: Path) -> Iterator[TestClient]:
    with TestClient(create_app(tmp_path / "games.sqlite3", bot_workers=0)) as c:
        yield c


def samples(c: TestClient, **headers: str) -> dict[tuple[str, tuple[tuple[str, str], ...]], float]:
    """Every sample of /metrics: (name, sorted labels) -> value."""
    r = c.get("/metrics", headers=headers)
    assert r.status_code == 200, r.text
    assert r.headers["content-type"].startswith("text/plain")
    return {(s.name, tuple(sorted(s.labels.items()))): s.value
            for family in text_string_to_metric_families(r.text) for s in family.samples}


def value(found: dict[tuple[str, tuple[tuple[str, str], ...]], float], name: str, **labels: str) -> float:
    return found.get((name, tuple(sorted(labels.items()))), 0.0)


def opened(c: TestClient) -> tuple[str, str]:
    """A game of two people (seed 19) after ``OPENING``: its id and the token of the seat to play."""
    g = c.post("/api/games", json={"seats": TWO, "seed": 19}).json()
    for action in OPENING:
        seat = c.get(f"/api/games/{g['id']}").json()["current"]
        token = g["seats"][seat]["token"]
        r = c.post(f"/api/games/{g['id']}/actions", json={"action": action}, headers={"X-Token": token})
        assert r.status_code == 200, (action, r.text)
    return g["id"], token


# --- health ----------------------------------------------------------------------------------------


def test_healthz_and_readyz_answer(client: TestClient) -> None:
    r = client.get("/healthz")
    assert r.status_code == 200 and r.json() == {"status": "ok"}
    assert r.headers["cache-control"] == "no-store"
    r = client.get("/readyz")
    assert r.status_code == 200 and r.json() == {"status": "ready"}


def test_readyz_is_503_when_the_database_fails(client: TestClient, monkeypatch: pytest.MonkeyPatch) -> None:
    store = client.app.state.manager.store  # type: ignore[attr-defined]

    def broken() -> None:
        raise sqlite3.OperationalError("disk I/O error at /secret/path")

    monkeypatch.setattr(store, "ping", broken)
    r = client.get("/readyz")
    assert r.status_code == 503
    assert r.json() == {"status": "unavailable", "reason": "database not answering"}  # the error itself is only logged
    assert client.get("/healthz").status_code == 200  # liveness never asks the database


def test_readyz_is_503_when_the_database_hangs(client: TestClient, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(health, "READY_TIMEOUT", 0.05)
    monkeypatch.setattr(client.app.state.manager.store, "ping", lambda: time.sleep(0.5))  # type: ignore[attr-defined]
    started = time.monotonic()
    r = client.get("/readyz")
    assert r.status_code == 503 and r.json()["reason"] == "database not answering"
    assert time.monotonic() - started < 0.45  # it did not wait for the database


def test_readyz_is_503_when_the_bot_workers_broke(tmp_path: Path) -> None:
    with TestClient(create_app(tmp_path / "g.sqlite3", bot_workers=1)) as c:
        manager = c.app.state.manager  # type: ignore[attr-defined]
        assert c.get("/readyz").status_code == 200  # no pool yet: it starts with the first bot decision

        class Broken:
            _broken = "a worker died"

        manager.pool.executor = Broken()
        try:
            r = c.get("/readyz")
            assert r.status_code == 503 and r.json()["reason"] == "bot workers broken"
        finally:
            manager.pool.executor = None


def test_readyz_is_503_while_shutting_down(tmp_path: Path) -> None:
    app = create_app(tmp_path / "g.sqlite3", bot_workers=0)
    with TestClient(app) as c:
        assert c.get("/readyz").status_code == 200
    # The lifespan has ended (the manager closed, as on SIGTERM); a request still arriving is told so.
    c = TestClient(app)
    r = c.get("/readyz")
    assert r.status_code == 503 and r.json() == {"status": "unavailable", "reason": "shutting down"}
    assert c.get("/healthz").status_code == 200


def test_health_answers_any_host_but_the_game_does_not(tmp_path: Path) -> None:
    app = create_app(tmp_path / "g.sqlite3", bot_workers=0, allowed_hosts=["games.example.org"])
    with TestClient(app, base_url="http://10.0.0.5:8001") as c:  # a balancer calls by address
        assert c.get("/healthz").status_code == 200
        assert c.get("/readyz").status_code == 200
        assert c.get("/api/meta").status_code == 400
        assert c.get("/metrics").status_code == 400  # no token: the Host check stands
    app = create_app(tmp_path / "g.sqlite3", bot_workers=0, allowed_hosts=["games.example.org"], metrics_token="s3")
    with TestClient(app, base_url="http://10.0.0.5:8001") as c:
        assert c.get("/metrics").status_code == 401  # with a token it is the token that guards it
        assert c.get("/metrics", headers={"Authorization": "Bearer s3"}).status_code == 200


def test_ops_paths_are_not_in_the_api_schema(client: TestClient) -> None:
    paths = client.get("/openapi.json").json()["paths"]
    assert not {"/healthz", "/readyz", "/metrics"} & set(paths)
    assert "/api/games" in paths


# --- metrics ---------------------------------------------------------------------------------------


def test_metrics_count_actions_games_and_requests(client: TestClient) -> None:
    before = samples(client)
    assert value(before, "lewis_clark_actions_total", by="person") == 0
    assert value(before, "lewis_clark_live_games") == 0
    game_id, token = opened(client)
    refused = client.post(f"/api/games/{game_id}/actions", json={"action": "recruit nobody"}, headers={"X-Token": token})
    assert refused.status_code >= 400
    client.get("/nowhere/at/all")
    found = samples(client)
    assert value(found, "lewis_clark_actions_total", by="person") == 5
    assert value(found, "lewis_clark_actions_total", by="bot") == 0
    assert value(found, "lewis_clark_games_created_total") == 1
    assert value(found, "lewis_clark_live_games") == 1
    assert value(found, "lewis_clark_bot_queue") == 0
    assert value(found, "lewis_clark_action_duration_seconds_count") == 6  # the refused one too
    assert value(found, "lewis_clark_action_duration_seconds_sum") > 0
    route = "/api/games/{game_id}/actions"
    assert value(found, "lewis_clark_http_request_duration_seconds_count", route=route, method="POST", status="2xx") == 5
    assert value(found, "lewis_clark_http_request_duration_seconds_count", route=route, method="POST", status="4xx") == 1
    assert value(found, "lewis_clark_http_request_duration_seconds_count", route="/api/games", method="POST",
                 status="2xx") == 1
    assert value(found, "lewis_clark_http_request_duration_seconds_count", route="unmatched", method="GET",
                 status="4xx") == 1
    assert not any(game_id in str(labels) for _, labels in found)  # ids never become series
    g = client.post("/api/games", json={"seats": TWO}).json()
    assert client.delete(f"/api/games/{g['id']}", headers={"X-Token": g["creator"]}).status_code == 204
    found = samples(client)
    assert value(found, "lewis_clark_games_deleted_total") == 1
    assert value(found, "lewis_clark_live_games") == 1


def test_metrics_count_bots_and_their_queue(tmp_path: Path) -> None:
    with TestClient(create_app(tmp_path / "g.sqlite3", bot_workers=0)) as c:
        g = c.post("/api/games", json={"seats": [{"kind": "bot", "level": "random"}] * 2, "seed": 3}).json()
        end = time.monotonic() + 30
        while c.get(f"/api/games/{g['id']}").json()["moves"] < 20 and time.monotonic() < end:
            time.sleep(0.02)
        c.app.state.manager.closing = True  # type: ignore[attr-defined]  # the bots stop after their move
        time.sleep(0.2)
        moves = c.get(f"/api/games/{g['id']}").json()["moves"]
        found = samples(c)
        assert moves > 0 and value(found, "lewis_clark_actions_total", by="bot") == moves
    with TestClient(create_app(tmp_path / "h.sqlite3", bot_workers=0, bot_delay=30)) as c:
        c.post("/api/games", json={"seats": [{"kind": "human"}, {"kind": "bot", "level": "random"}], "seed": 19})
        c.post("/api/games", json={"seats": [{"kind": "bot", "level": "random"}, {"kind": "human"}], "seed": 19})
        found = samples(c)
        assert value(found, "lewis_clark_live_games") == 2
        assert value(found, "lewis_clark_bot_queue") == 1  # the second game waits for its bot (bot_delay)


def test_metrics_count_watchers_and_updates(client: TestClient) -> None:
    g = client.post("/api/games", json={"seats": TWO, "seed": 19}).json()
    seat = client.get(f"/api/games/{g['id']}").json()["current"]
    with client.websocket_connect(f"/api/games/{g['id']}/ws") as ws:
        ws.receive_json()
        assert value(samples(client), "lewis_clark_watchers") == 1
        client.post(f"/api/games/{g['id']}/actions", json={"action": OPENING[0]},
                    headers={"X-Token": g["seats"][seat]["token"]})
        assert ws.receive_json()["moves"] == 1
        assert value(samples(client), "lewis_clark_websocket_updates_total") == 2
    end = time.monotonic() + 5
    while value(samples(client), "lewis_clark_watchers") and time.monotonic() < end:
        time.sleep(0.02)
    assert value(samples(client), "lewis_clark_watchers") == 0


def test_metrics_count_refusals_and_expiry(tmp_path: Path) -> None:
    app = create_app(tmp_path / "g.sqlite3", bot_workers=0, create_limit=CreationLimit(1, 0),
                     expire_days=1e-9, keep_finished_days=None, expire_every=0.05)
    with TestClient(app) as c:
        assert c.post("/api/games", json={"seats": TWO}).status_code == 201
        assert c.post("/api/games", json={"seats": TWO}).status_code == 429
        end = time.monotonic() + 5
        while not value(found := samples(c), "lewis_clark_games_expired_total") and time.monotonic() < end:
            time.sleep(0.05)
        assert value(found, "lewis_clark_rate_limited_total") == 1
        assert value(found, "lewis_clark_games_expired_total") == 1
        assert value(found, "lewis_clark_games_created_total") == 1


def test_each_app_has_its_own_registry(tmp_path: Path) -> None:
    with TestClient(create_app(tmp_path / "a.sqlite3", bot_workers=0)) as a, \
            TestClient(create_app(tmp_path / "b.sqlite3", bot_workers=0)) as b:
        a.post("/api/games", json={"seats": TWO})
        assert value(samples(a), "lewis_clark_games_created_total") == 1
        assert value(samples(b), "lewis_clark_games_created_total") == 0


def test_the_metrics_token(tmp_path: Path) -> None:
    with TestClient(create_app(tmp_path / "g.sqlite3", bot_workers=0, metrics_token="s3cret")) as c:
        r = c.get("/metrics")
        assert r.status_code == 401 and r.headers["www-authenticate"] == "Bearer"
        assert "s3cret" not in r.text
        assert c.get("/metrics", headers={"Authorization": "Bearer wrong"}).status_code == 401
        assert c.get("/metrics", headers={"Authorization": "s3cret"}).status_code == 401
        assert value(samples(c, Authorization="Bearer s3cret"), "lewis_clark_live_games") == 0


# --- logs ------------------------------------------------------------------------------------------


@pytest.fixture
def json_lines() -> Iterator[io.StringIO]:
    """Everything the server logs (debug and up, access lines too), as JSON lines."""
    out = io.StringIO()
    handler = logging.StreamHandler(out)
    handler.setFormatter(JsonFormatter())
    logger = logging.getLogger("lewis_clark")
    old = logger.level
    logger.addHandler(handler)
    logger.setLevel(logging.DEBUG)
    try:
        yield out
    finally:
        logger.removeHandler(handler)
        logger.setLevel(old)


def test_json_log_lines_carry_fields_and_never_a_token(client: TestClient, json_lines: io.StringIO) -> None:
    g = client.post("/api/games", json={"seats": TWO, "seed": 19}).json()
    seat = client.get(f"/api/games/{g['id']}").json()["current"]
    token = g["seats"][seat]["token"]
    assert client.post(f"/api/games/{g['id']}/actions", json={"action": OPENING[0]},
                       headers={"X-Token": token}).status_code == 200
    assert client.post(f"/api/games/{g['id']}/actions", json={"action": OPENING[0]},
                       headers={"X-Token": token}).status_code == 409
    text = json_lines.getvalue()
    secrets = [s["token"] for s in g["seats"]] + [g["creator"]]
    assert not any(s in text for s in secrets)
    lines = [json.loads(line) for line in text.splitlines()]
    assert all({"time", "level", "logger", "message"} <= set(line) for line in lines)
    assert all(re.fullmatch(r"\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z", line["time"]) for line in lines)
    applied = [line for line in lines if line["message"] == "action applied"]
    assert applied == [{"time": applied[0]["time"], "level": "DEBUG", "logger": "lewis_clark.web",
                        "message": "action applied", "game": g["id"], "seat": seat, "n": 1, "by": "person"}]
    acts = [line for line in lines if line["logger"] == "lewis_clark.web.access" and line.get("route", "").endswith("/actions")]
    assert [line["status"] for line in acts] == [200, 409]
    first = acts[0]
    assert first["method"] == "POST" and first["path"] == f"/api/games/{g['id']}/actions" and first["game"] == g["id"]
    assert first["latency_ms"] > 0 and first["message"] == "POST /api/games/{game_id}/actions 200"


def test_text_lines_quote_what_could_forge_a_line() -> None:
    record = logging.LogRecord("lewis_clark.web.access", logging.INFO, "", 0, "GET %s %d", ("unmatched", 404), None)
    record.path = "/x\nERROR forged"
    record.status = 404
    line = TextFormatter().format(record)
    assert "\n" not in line and 'path="/x\\nERROR forged" status=404' in line


def test_uvicorns_server_lines_carry_the_servers_logger_name() -> None:
    """The configuration handed to uvicorn: its "started" and "listening" lines (logged on uvicorn.error)
    come out under lewis_clark.web, in both formats; a client's bad bytes are still one warning. Run in a
    process of its own: ``dictConfig`` closes every handler the test process has and binds new ones to
    the standard error of the moment, which would outlive the test."""
    script = """
import logging, logging.config, sys
from lewis_clark.web.logs import config
logging.config.dictConfig(config(sys.argv[1]))
logging.getLogger("uvicorn.error").info("Uvicorn running on %s", "http://127.0.0.1:8000")
try:
    b"\\xff".decode()
except UnicodeDecodeError:
    logging.getLogger("uvicorn.error").exception("Exception in ASGI application")
"""
    for fmt in ("text", "json"):
        err = subprocess.run([sys.executable, "-c", script, fmt], capture_output=True, text=True, check=True).stderr
        assert "uvicorn" not in err.replace("Uvicorn running", ""), err
        if fmt == "json":
            lines = [json.loads(line) for line in err.splitlines()]
            assert [(line["logger"], line["level"]) for line in lines] == [("lewis_clark.web", "INFO"),
                                                                           ("lewis_clark.web", "WARNING")]
        else:
            assert " INFO    lewis_clark.web: Uvicorn running on http://127.0.0.1:8000" in err, err


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        port: int = s.getsockname()[1]
        return port


def test_serve_logs_json_lines(tmp_path: Path) -> None:
    """The real command: --log-format json gives JSON lines only (uvicorn's own included, under the
    server's logger name), access lines on by default, and no token."""
    port = free_port()
    proc = subprocess.Popen([sys.executable, "-m", "lewis_clark.cli", "serve", "--port", str(port), "--db",
                             str(tmp_path / "g.sqlite3"), "--bot-workers", "0", "--log-format", "json"],
                            stdout=subprocess.DEVNULL, stderr=subprocess.PIPE)
    base = f"http://127.0.0.1:{port}"
    try:
        end = time.monotonic() + 20
        while True:
            try:
                urllib.request.urlopen(base + "/healthz", timeout=1).read()
                break
            except OSError:
                if proc.poll() is not None or time.monotonic() > end:
                    raise
                time.sleep(0.05)
        req = urllib.request.Request(base + "/api/games/nosuchgame", headers={"X-Token": "tok-SECRET-123"})
        with pytest.raises(urllib.error.HTTPError):
            urllib.request.urlopen(req, timeout=5)
    finally:
        proc.terminate()
        _, err = proc.communicate(timeout=10)
    lines = [json.loads(line) for line in err.decode().splitlines()]  # every line is JSON
    assert "tok-SECRET-123" not in err.decode()
    # uvicorn's own lines (started, listening) carry the server's name, never "uvicorn.error"
    assert not [line for line in lines if line["logger"].startswith("uvicorn")]
    assert any(line["logger"] == "lewis_clark.web" and line["message"].startswith("Uvicorn running on") for line in lines)
    hits = [line for line in lines if line["logger"] == "lewis_clark.web.access" and line.get("game") == "nosuchgame"]
    assert [(h["method"], h["status"], h["route"]) for h in hits] == [("GET", 404, "/api/games/{game_id}")]


# --- docs ------------------------------------------------------------------------------------------


def test_deploy_doc_is_linked_and_names_every_metric(client: TestClient) -> None:
    assert "docs/deploy.md" in (ROOT / "README.md").read_text(encoding="utf-8")
    assert "deploy.md" in (ROOT / "docs" / "web.md").read_text(encoding="utf-8")
    doc = DEPLOY.read_text(encoding="utf-8")
    families = {f.name for f in text_string_to_metric_families(client.get("/metrics").text)}
    ours = {name for name in families if name.startswith("lewis_clark_")}
    assert len(ours) == 12
    counters = {f.name for f in text_string_to_metric_families(client.get("/metrics").text) if f.type == "counter"}
    for name in ours:
        assert (name + "_total" if name in counters else name) in doc, name
    for path in ("/healthz", "/readyz", "/metrics", "--metrics-token", "--log-format", "proxy_set_header Upgrade"):
        assert path in doc, path
