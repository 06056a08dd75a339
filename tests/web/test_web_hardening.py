"""The server against careless and hostile clients: strict types, concurrent requests, creation limits,
expiry, deletion by the creator, framing and the Host header."""

from __future__ import annotations

import asyncio
import sqlite3
import time
import warnings
from collections.abc import Sequence
from pathlib import Path
from typing import Any

import httpx
import pytest
from starlette.websockets import WebSocketDisconnect

with warnings.catch_warnings():  # starlette's notice about httpx, raised on import
    warnings.simplefilter("ignore")
    from fastapi.testclient import TestClient

from lewis_clark.web.app import create_app
from lewis_clark.web.command import allowed_hosts
from lewis_clark.web.database import open_store
from lewis_clark.web.limits import CreationLimit

TWO = [{"kind": "human"}, {"kind": "human"}]
# Seed 19 (the keyed generator): these five actions leave the last three undoable (the discard drew a card
# into the Journal).
OPENING = ["recruit john-robertson", "discard meriwether-lewis", "play pierre-cruzatte", "under hugh-mcneal", "indians 0"]


def create(c: TestClient, **spec: Any) -> dict[str, Any]:
    spec.setdefault("seats", TWO)
    r = c.post("/api/games", json=spec)
    assert r.status_code == 201, r.text
    data: dict[str, Any] = r.json()
    return data


def opened(c: TestClient) -> tuple[str, str]:
    """A game of two people (seed 19) after ``OPENING``: its id and the token of the seat to play."""
    g = create(c, seed=19)
    seat = c.get(f"/api/games/{g['id']}").json()["current"]
    token: str = g["seats"][seat]["token"]
    for action in OPENING:
        r = c.post(f"/api/games/{g['id']}/actions", json={"action": action}, headers={"X-Token": token})
        assert r.status_code == 200, (action, r.text)
    return g["id"], token


# --- strict types ------------------------------------------------------------------------------

BAD_GAMES = [
    ({"mackenzie": "3", "seats": [{"kind": "human"}]}, "mackenzie"),
    ({"mackenzie": True, "seats": [{"kind": "human"}]}, "mackenzie"),
    ({"mackenzie": 3.5, "seats": [{"kind": "human"}]}, "mackenzie"),
    ({"random_start": "yes"}, "random_start"),
    ({"random_start": 1}, "random_start"),
    ({"random_start": "true"}, "random_start"),
    ({"seed": 1.5}, "seed"),
    ({"seed": 1e60}, "seed"),  # whole, but past 2**53 a number with a fraction part is not exact
    ({"seed": "12"}, "seed"),
    ({"seed": True}, "seed"),
    ({"route": 5}, "route"),
    ({"seats": [{"kind": "human", "name": 7}]}, "name"),
    ({"seats": [{"kind": True}]}, "kind"),
    ({"seats": {"0": {"kind": "human"}}}, "seats"),
]


@pytest.mark.parametrize(("body", "field"), BAD_GAMES)
def test_a_game_of_the_wrong_types_is_refused_naming_the_field(client: TestClient, db: Path, body: dict[str, Any],
                                                               field: str) -> None:
    r = client.post("/api/games", json={"seats": TWO, **body})
    assert r.status_code == 422, r.text
    assert any(field in e["loc"] for e in r.json()["errors"]), r.json()
    assert open_store(db).unfinished() == []


@pytest.mark.parametrize("body", [{"action": "end", "expect": "0"}, {"action": "end", "expect": True},
                                  {"action": "end", "expect": 0.5}, {"action": 5}, {"plan": ["end"], "expect": "0"},
                                  {"plan": "end"}])
def test_an_action_of_the_wrong_types_is_refused(client: TestClient, body: dict[str, Any]) -> None:
    g = create(client, seed=3)
    seat = client.get(f"/api/games/{g['id']}").json()["current"]
    r = client.post(f"/api/games/{g['id']}/actions", json=body, headers={"X-Token": g["seats"][seat]["token"]})
    assert r.status_code == 422, r.text
    assert {"expect", "action", "plan"} & {str(x) for e in r.json()["errors"] for x in e["loc"]}
    assert client.get(f"/api/games/{g['id']}").json()["moves"] == 0


@pytest.mark.parametrize("expect", ["4", True, 4.5, [4]])
def test_an_undo_of_the_wrong_types_is_refused(client: TestClient, expect: Any) -> None:
    gid, token = opened(client)
    r = client.post(f"/api/games/{gid}/undo", json={"expect": expect}, headers={"X-Token": token})
    assert r.status_code == 422 and any("expect" in e["loc"] for e in r.json()["errors"]), r.text
    assert client.get(f"/api/games/{gid}").json()["moves"] == len(OPENING)


@pytest.mark.parametrize("name", ["Ann\u202enoB", "\u202dBo", "Al\u2066i\u2069", "Ed\u200f", "x\u061c"])
def test_a_name_holding_a_bidi_control_is_refused_in_words(client: TestClient, db: Path, name: str) -> None:
    """U+202E and the other controls that reorder text would show another seat's name on every page."""
    r = client.post("/api/games", json={"seats": [{"kind": "human", "name": name}, {"kind": "human"}]})
    assert r.status_code == 422, r.text
    error = r.json()["errors"][0]
    assert error["loc"][-1] == "name" and "reorders text (U+" in error["msg"], error
    hu = client.post("/api/games?lang=hu", json={"seats": [{"kind": "human", "name": name}]}).json()["errors"][0]
    assert "reorders" not in hu["msg"] and "U+" in hu["msg"]
    assert open_store(db).unfinished() == []
    ok = client.post("/api/games", json={"seats": [{"kind": "human", "name": "Zoë 🦫 عمر"}]})  # other scripts stay
    assert ok.status_code == 201


# --- concurrent requests -----------------------------------------------------------------------

async def _all_at_once(app: Any, calls: Sequence[tuple[str, str, dict[str, Any] | None, str]]) -> list[httpx.Response]:
    async with httpx.AsyncClient(transport=httpx.ASGITransport(app=app), base_url="http://testserver") as c:
        return list(await asyncio.gather(*(c.request(method, path, json=body, headers={"X-Token": token})
                                           for method, path, body, token in calls)))


def test_two_undos_with_the_same_expect_take_back_one_action(db: Path) -> None:
    with TestClient(create_app(db)) as c:
        gid, token = opened(c)
    app = create_app(db)  # a fresh server (its lifespan not run: the store stays open) loading the game when asked
    calls = [("POST", f"/api/games/{gid}/undo", {"expect": len(OPENING)}, token)] * 2
    answers = asyncio.run(_all_at_once(app, calls))
    assert sorted(r.status_code for r in answers) == [200, 409]
    stored = open_store(db).load(gid)
    assert stored is not None and stored.actions == OPENING[:-1]


def test_concurrent_undos_without_expect_take_back_only_what_may_be_taken_back(db: Path) -> None:
    with TestClient(create_app(db)) as c:
        gid, token = opened(c)
    app = create_app(db)
    answers = asyncio.run(_all_at_once(app, [("POST", f"/api/games/{gid}/undo", None, token)] * 5))
    assert sorted(r.status_code for r in answers) == [200, 200, 200, 409, 409]  # three were this turn's, after the draw
    stored = open_store(db).load(gid)
    assert stored is not None and stored.actions == OPENING[:2]
    assert app.state.manager.games[gid].actions == OPENING[:2]


def test_concurrent_actions_with_the_same_expect_apply_one(db: Path) -> None:
    with TestClient(create_app(db)) as c:
        g = create(c, seed=19)  # the first player may recruit John Robertson
        seat = c.get(f"/api/games/{g['id']}").json()["current"]
    app = create_app(db)
    token = g["seats"][seat]["token"]
    body = {"action": "recruit john-robertson", "expect": 0}
    answers = asyncio.run(_all_at_once(app, [("POST", f"/api/games/{g['id']}/actions", body, token)] * 4))
    assert sorted(r.status_code for r in answers) == [200, 409, 409, 409]
    stored = open_store(db).load(g["id"])
    assert stored is not None and stored.actions == ["recruit john-robertson"]


# --- limits on creating games ------------------------------------------------------------------

def _create_from(app: Any, address: str, n: int) -> list[httpx.Response]:
    async def go() -> list[httpx.Response]:
        transport = httpx.ASGITransport(app=app, client=(address, 4000))
        async with httpx.AsyncClient(transport=transport, base_url="http://testserver") as c:
            return [await c.post("/api/games", json={"seats": TWO}) for _ in range(n)]
    return asyncio.run(go())


def test_a_client_over_its_limit_is_told_when_to_come_back(db: Path) -> None:
    app = create_app(db, create_limit=CreationLimit(per_client=3, overall=100))
    first = _create_from(app, "10.0.0.1", 4)
    assert [r.status_code for r in first] == [201, 201, 201, 429]
    refused = first[-1]
    assert 1 <= int(refused.headers["Retry-After"]) <= 20  # a token comes back every 20 s at 3 a minute
    assert "too many new games" in refused.json()["detail"]
    assert refused.headers["X-Frame-Options"] == "DENY"
    assert [r.status_code for r in _create_from(app, "10.0.0.2", 1)] == [201]  # another client is not held back
    assert len(open_store(db).unfinished()) == 4


def test_forwarded_values_that_are_not_addresses_count_as_one_client(db: Path) -> None:
    """uvicorn passes a trusted proxy's X-Forwarded-For on as it is, address or not: made-up values each
    counted as a new client with an allowance of its own."""
    from lewis_clark.web.safety import NOT_AN_ADDRESS, client_key

    app = create_app(db, create_limit=CreationLimit(per_client=2, overall=100))
    got = [r.status_code for name in ("evil-1", "evil-2", "unknown", "a" * 40) for r in _create_from(app, name, 1)]
    assert got == [201, 201, 429, 429]
    assert client_key("x") == client_key("") == NOT_AN_ADDRESS and client_key("10.0.0.1") == "10.0.0.1"


def test_the_whole_server_has_a_limit_too(db: Path) -> None:
    app = create_app(db, create_limit=CreationLimit(per_client=3, overall=4))
    got = [r.status_code for address in ("10.0.0.1", "10.0.0.2", "10.0.0.3") for r in _create_from(app, address, 2)]
    assert got == [201, 201, 201, 201, 429, 429]


def test_a_bucket_refills_with_time_and_a_refusal_takes_nothing() -> None:
    now = [0.0]
    limit = CreationLimit(per_client=2, overall=3, clock=lambda: now[0])
    assert limit.take("a") == 0 and limit.take("a") == 0
    assert limit.take("a") == pytest.approx(30)  # 2 a minute: one back in 30 s
    assert limit.take("b") == 0  # a's refusal took nothing from the server's bucket
    assert limit.take("c") == pytest.approx(20)  # the server's 3 are used: one back in 20 s
    now[0] = 20.0
    assert limit.take("c") == 0
    now[0] = 30.0
    assert limit.take("a") == pytest.approx(10)  # a's token is back, the server's next in 10 s
    now[0] = 40.0
    assert limit.take("a") == 0
    assert CreationLimit(0, 0).take("a") == 0  # 0: no limit


# --- expiry and loading ------------------------------------------------------------------------

def _age(db: Path, game_id: str, days: float, over: bool | None = None) -> None:
    """Make a game look as if its last change was ``days`` ago."""
    with sqlite3.connect(db) as con:
        con.execute("UPDATE games SET touched = ? WHERE id = ?", (time.time() - days * 86400, game_id))
        if over is not None:
            con.execute("UPDATE games SET over = ? WHERE id = ?", (int(over), game_id))


def test_abandoned_and_old_finished_games_are_deleted(db: Path) -> None:
    app = create_app(db, expire_days=30, keep_finished_days=90)
    with TestClient(app) as c:
        ids = [create(c)["id"] for _ in range(5)]
        _age(db, ids[0], 31)  # abandoned
        _age(db, ids[1], 29)  # waiting, but not for long enough
        _age(db, ids[2], 31, over=True)  # finished: kept for its replay
        _age(db, ids[3], 91, over=True)  # finished long ago
        assert c.portal.call(app.state.manager.expire, 30, 90) == 2
        assert [c.get(f"/api/games/{i}").status_code for i in ids] == [404, 200, 200, 404, 200]
        assert ids[0] not in app.state.manager.games
    store = open_store(db)
    assert store.load(ids[0]) is None and store.load(ids[3]) is None and store.load(ids[1]) is not None
    with sqlite3.connect(db) as con:
        assert con.execute("SELECT COUNT(*) FROM actions WHERE game_id IN (?, ?)", (ids[0], ids[3])).fetchone() == (0,)


def test_the_server_looks_for_expired_games_by_itself(db: Path) -> None:
    with TestClient(create_app(db)) as c:
        gid = create(c)["id"]
    _age(db, gid, 2)
    with TestClient(create_app(db, expire_days=1, expire_every=0.05)) as c:
        end = time.monotonic() + 5
        while time.monotonic() < end and c.get(f"/api/games/{gid}").status_code != 404:
            time.sleep(0.02)
        assert c.get(f"/api/games/{gid}").status_code == 404


def test_an_action_keeps_a_game_from_expiring(db: Path) -> None:
    app = create_app(db)
    with TestClient(app) as c:
        g = create(c, seed=19)  # the first player may recruit John Robertson
        _age(db, g["id"], 31)
        seat = c.get(f"/api/games/{g['id']}").json()["current"]
        r = c.post(f"/api/games/{g['id']}/actions", json={"action": "recruit john-robertson"},
                   headers={"X-Token": g["seats"][seat]["token"]})
        assert r.status_code == 200
        assert c.portal.call(app.state.manager.expire, 30, 90) == 0


def test_a_restart_loads_only_the_games_a_bot_is_to_move_in(db: Path) -> None:
    with TestClient(create_app(db, bot_delay=5.0, bot_workers=0)) as c:  # bots wait: the bot game stays unfinished
        people = create(c)["id"]
        bots = create(c, seats=[{"kind": "bot", "level": "random"}, {"kind": "human"}], seed=4)["id"]
        first = c.get(f"/api/games/{bots}").json()
        assert first["seats"][first["current"]]["kind"] == "bot", "seed 4 must let the bot begin"
    app = create_app(db, bot_workers=0)
    with TestClient(app) as c:
        assert set(app.state.manager.games) == {bots}
        end = time.monotonic() + 10  # its bot plays on by itself, nobody asking
        while time.monotonic() < end and app.state.manager.games[bots].state.current == first["current"]:
            time.sleep(0.02)
        assert len(app.state.manager.games[bots].actions) > 0
        assert c.get(f"/api/games/{people}").status_code == 200  # the other is loaded when asked for
        assert people in app.state.manager.games


def test_a_file_from_an_older_server_gets_the_new_columns(db: Path) -> None:
    with sqlite3.connect(db) as con:
        con.executescript("""
            CREATE TABLE games (id TEXT PRIMARY KEY, created REAL NOT NULL, options TEXT NOT NULL,
                                seats TEXT NOT NULL, over INTEGER NOT NULL DEFAULT 0);
            CREATE TABLE actions (game_id TEXT NOT NULL REFERENCES games(id), n INTEGER NOT NULL, text TEXT NOT NULL,
                                  seat INTEGER NOT NULL, at REAL NOT NULL, PRIMARY KEY (game_id, n));""")
    with TestClient(create_app(db)) as c:
        gid = create(c, seed=0)["id"]
    with sqlite3.connect(db) as con:  # as an older server left it: no flag, no creator
        con.execute("UPDATE games SET bot_next = NULL, creator_hash = NULL, touched = NULL")
    store = open_store(db)
    assert store.bots_to_move() == [gid]  # not known: loaded at start, once
    assert store.creator_hash(gid) == ""  # nobody may delete it
    assert store.expired(time.time() - 60, None) == []  # touched filled in from its creation
    app = create_app(db)
    with TestClient(app) as c:
        assert gid in app.state.manager.games
    assert open_store(db).bots_to_move() == []  # a person is to move: known from now on


# --- deleting ----------------------------------------------------------------------------------

def test_the_creator_deletes_a_game_and_its_pages_are_closed(client: TestClient, db: Path) -> None:
    g = create(client)
    gid, creator = g["id"], g["creator"]
    assert len(creator) >= 24 and creator not in (s["token"] for s in g["seats"])
    assert creator not in db.read_bytes().decode("latin-1")  # only its hash is stored
    with client.websocket_connect(f"/api/games/{gid}/ws") as ws:
        ws.receive_json()
        assert client.delete(f"/api/games/{gid}").status_code == 401
        assert client.delete(f"/api/games/{gid}", headers={"X-Token": g["seats"][0]["token"]}).status_code == 403
        other = create(client)
        assert client.delete(f"/api/games/{gid}", headers={"X-Token": other["creator"]}).status_code == 403
        assert client.get(f"/api/games/{gid}").status_code == 200
        r = client.delete(f"/api/games/{gid}", headers={"X-Token": creator})
        assert r.status_code == 204, r.text
        with pytest.raises(WebSocketDisconnect) as closed:
            ws.receive_json()
        assert closed.value.code == 4404
    assert client.get(f"/api/games/{gid}").status_code == 404
    assert client.delete(f"/api/games/{gid}", headers={"X-Token": creator}).status_code == 404
    assert open_store(db).load(gid) is None and open_store(db).load(other["id"]) is not None


def test_deleting_a_game_stops_its_bots(db: Path) -> None:
    app = create_app(db, bot_delay=0.01, bot_workers=0)
    with TestClient(app) as c:
        g = create(c, seats=[{"kind": "bot", "level": "random"}] * 2, seed=8)
        time.sleep(0.2)
        live = app.state.manager.games[g["id"]]
        assert c.delete(f"/api/games/{g['id']}", headers={"X-Token": g["creator"]}).status_code == 204
        time.sleep(0.2)
        assert live.bot_task is None and live.gone
        assert open_store(db).load(g["id"]) is None
        with sqlite3.connect(db) as con:
            assert con.execute("SELECT COUNT(*) FROM actions WHERE game_id = ?", (g["id"],)).fetchone() == (0,)


# --- framing and the Host header ---------------------------------------------------------------

@pytest.mark.parametrize("path", ["/", "/play/abc", "/how-to-play", "/api/meta", "/api/games/nothere",
                                  "/static/game.html", "/docs", "/openapi.json"])
def test_no_response_may_be_framed(client: TestClient, path: str) -> None:
    r = client.get(path)
    assert r.headers["X-Frame-Options"] == "DENY", path
    assert "frame-ancestors 'none'" in r.headers["Content-Security-Policy"], path


def test_refusals_may_not_be_framed_either(client: TestClient) -> None:
    for r in (client.post("/api/games", json={"seats": "x"}), client.post("/api/games", content=b"x" * 20000,
                                                                            headers={"Content-Type": "application/json"})):
        assert r.status_code in (413, 422) and r.headers["X-Frame-Options"] == "DENY"


def test_a_wrong_host_is_refused(db: Path) -> None:
    with TestClient(create_app(db, allowed_hosts=allowed_hosts("127.0.0.1", ())), base_url="http://127.0.0.1:8000") as c:
        assert c.get("/api/meta").status_code == 200
        assert c.get("/api/meta", headers={"Host": "localhost:8000"}).status_code == 200
        wrong = c.get("/", headers={"Host": "evil.example"})
        assert wrong.status_code == 400 and wrong.headers["X-Frame-Options"] == "DENY"
        assert c.post("/api/games", json={"seats": TWO}, headers={"Host": "evil.example:8000"}).status_code == 400
        with pytest.raises(WebSocketDisconnect), c.websocket_connect("/api/games/x/ws", headers={"Host": "evil.example"}):
            pass
    assert open_store(db).unfinished() == []


def test_the_allowed_hosts_follow_the_bound_address() -> None:
    assert allowed_hosts("127.0.0.1", ()) == ["127.0.0.1", "localhost", "::1"]
    assert allowed_hosts("localhost", ()) == ["localhost", "127.0.0.1", "::1"]
    assert allowed_hosts("192.168.1.5", ()) == ["192.168.1.5"]
    assert allowed_hosts("0.0.0.0", ()) is None  # any, with a warning at start
    assert allowed_hosts("0.0.0.0", ("games.example", "games.example")) == ["games.example"]
    assert allowed_hosts("127.0.0.1", ("games.example",)) == ["games.example"]


def test_refusals_speak_the_language_asked_for(client: TestClient) -> None:
    g = create(client, seed=0)
    gid = g["id"]
    seat = client.get(f"/api/games/{gid}").json()["current"]
    theirs = g["seats"][1 - seat]["token"]
    hu = client.post(f"/api/games/{gid}/actions?lang=hu", json={"action": "end"}, headers={"X-Token": theirs})
    en = client.post(f"/api/games/{gid}/actions", json={"action": "end"}, headers={"X-Token": theirs})
    assert hu.status_code == en.status_code == 409
    assert en.json()["detail"].startswith("not your turn") and hu.json()["detail"].startswith("nem te következel")
    assert client.get("/api/games/nothere?lang=hu").json()["detail"] == "nincs ilyen játék: 'nothere'"
    assert client.delete(f"/api/games/{gid}?lang=hu").json()["detail"].startswith("a játék törléséhez")


# --- the serve command -------------------------------------------------------------------------

def _serve(monkeypatch: pytest.MonkeyPatch, db: Path, *args: str) -> tuple[Any, dict[str, Any]]:
    """``serve`` with its options, uvicorn not started: the result and what uvicorn would have run."""
    import uvicorn
    from click.testing import CliRunner

    from lewis_clark.web.command import serve

    ran: dict[str, Any] = {}
    monkeypatch.setattr(uvicorn, "run", lambda app, **kw: ran.update(app=app, **kw))
    return CliRunner().invoke(serve, ["--db", str(db), *args]), ran


def test_serve_on_every_interface_warns_that_any_host_is_answered(monkeypatch: pytest.MonkeyPatch, db: Path) -> None:
    result, ran = _serve(monkeypatch, db, "--host", "0.0.0.0")
    assert result.exit_code == 0 and "--allowed-host" in result.output and ran["host"] == "0.0.0.0"
    result, ran = _serve(monkeypatch, db, "--host", "0.0.0.0", "--allowed-host", "games.example")
    assert result.exit_code == 0 and "warning" not in result.output
    with TestClient(ran["app"], base_url="http://games.example") as c:
        assert c.get("/api/meta").status_code == 200
        assert c.get("/api/meta", headers={"Host": "127.0.0.1"}).status_code == 400


def test_serve_passes_its_limits_on(monkeypatch: pytest.MonkeyPatch, db: Path) -> None:
    result, ran = _serve(monkeypatch, db, "--create-limit", "1", "--create-limit-all", "5")
    assert result.exit_code == 0, result.output
    limit = ran["app"].state.limit
    assert (limit.per_client, limit.overall) == (1, 5)


@pytest.mark.parametrize("args", [("--create-limit", "-1"), ("--create-limit", "x"), ("--expire-days", "0"),
                                  ("--keep-finished-days", "nan"), ("--expire-days", "inf"),
                                  ("--bot-delay", "nan"), ("--allowed-host",)])
def test_serve_refuses_bad_limits_in_one_line(monkeypatch: pytest.MonkeyPatch, db: Path, args: tuple[str, ...]) -> None:
    result, ran = _serve(monkeypatch, db, *args)
    assert result.exit_code == 2 and "Traceback" not in result.output and not ran, result.output


def test_an_ipv6_64_is_one_client_and_a_few_clients_cannot_empty_the_server() -> None:
    from lewis_clark.web.safety import client_key

    assert client_key("2001:db8:1:2::1") == client_key("2001:db8:1:2:ffff:1:2:3") == "2001:db8:1:2::/64"
    assert client_key("2001:db8:1:3::1") != client_key("2001:db8:1:2::1")
    assert client_key("::ffff:10.0.0.1") == "10.0.0.1" == client_key("10.0.0.1")
    limit = CreationLimit(per_client=20, overall=200, clock=lambda: 0.0)
    rotating = [limit.take(client_key(f"2001:db8::{i:x}")) for i in range(25)]  # one /64, 25 addresses
    assert rotating.count(0.0) == 20
    busy = sum(limit.take(f"10.0.0.{c}") == 0 for c in range(1, 11) for _ in range(20))  # ten busy clients
    assert busy <= 95  # they stop near half of the server's bucket: the rest is kept ...
    assert limit.server.tokens >= 85
    assert all(limit.take(f"10.1.0.{c}") == 0 for c in range(1, 60))  # ... for clients new to it


def test_a_whole_number_written_with_a_fraction_is_that_integer(client: TestClient) -> None:
    """JSON Schema's ``integer`` is a number without a fraction part, however it is written: ``7.0`` is 7."""
    r = client.post("/api/games", json={"seats": [{"kind": "human"}], "seed": 7.0, "mackenzie": 2.0})
    assert r.status_code == 201, r.text
    same = client.post("/api/games", json={"seats": [{"kind": "human"}], "seed": 7, "mackenzie": 2}).json()
    assert client.get(f"/api/games/{r.json()['id']}").json()["state"] == client.get(f"/api/games/{same['id']}").json()["state"]
