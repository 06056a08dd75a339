"""WebSocket updates: every open page gets the view at once and after every change."""

from __future__ import annotations

import warnings
from typing import Any

import pytest
from starlette.websockets import WebSocketDisconnect

with warnings.catch_warnings():  # starlette's notice about httpx, raised on import
    warnings.simplefilter("ignore")
    from fastapi.testclient import TestClient



def new_game(c: TestClient) -> dict[str, Any]:
    r = c.post("/api/games", json={"seats": [{"kind": "human"}, {"kind": "human"}], "seed": 11})
    assert r.status_code == 201
    data: dict[str, Any] = r.json()
    return data


def test_a_page_gets_the_view_on_connecting(client: TestClient) -> None:
    g = new_game(client)
    with client.websocket_connect(f"/api/games/{g['id']}/ws") as ws:
        first = ws.receive_json()
    view = client.get(f"/api/games/{g['id']}").json()
    assert first["type"] == "game" and first["id"] == g["id"]
    assert first["state"] == view["state"] and first["version"] == view["version"]
    assert "you" not in first  # the broadcast is the same for everyone: no seat is named


def test_a_move_reaches_every_open_page(client: TestClient) -> None:
    g = new_game(client)
    gid = g["id"]
    with client.websocket_connect(f"/api/games/{gid}/ws") as a, client.websocket_connect(f"/api/games/{gid}/ws") as b:
        start = a.receive_json()
        b.receive_json()
        seat = start["current"]
        action = start["legal"][0]["text"]
        r = client.post(f"/api/games/{gid}/actions", json={"action": action},
                        headers={"X-Token": g["seats"][seat]["token"]})
        assert r.status_code == 200
        for ws in (a, b):
            update = ws.receive_json()
            assert update["moves"] == 1 and update["version"] > start["version"]
            assert update["state"] == r.json()["state"]


def test_undo_reaches_every_open_page(client: TestClient) -> None:
    g = new_game(client)
    gid = g["id"]
    with client.websocket_connect(f"/api/games/{gid}/ws") as ws:
        start = ws.receive_json()
        token = g["seats"][start["current"]]["token"]
        play = next(a["text"] for a in start["legal"] if a["verb"] == "play")
        assert client.post(f"/api/games/{gid}/actions", json={"action": play}, headers={"X-Token": token}).status_code == 200
        assert ws.receive_json()["moves"] == 1
        assert client.post(f"/api/games/{gid}/undo", headers={"X-Token": token}).status_code == 200
        back = ws.receive_json()
        assert back["moves"] == 0 and back["state"] == start["state"]


def test_a_refused_action_sends_nothing(client: TestClient) -> None:
    g = new_game(client)
    gid = g["id"]
    with client.websocket_connect(f"/api/games/{gid}/ws") as ws:
        start = ws.receive_json()
        wrong = g["seats"][1 - start["current"]]["token"]
        assert client.post(f"/api/games/{gid}/actions", json={"action": "camp"}, headers={"X-Token": wrong}).status_code == 409
        ws.send_text("ping")  # answered with the current view: the refused action left no update before it
        again = ws.receive_json()
        assert again["version"] == start["version"] and again["moves"] == 0


def test_unknown_game_closes_the_socket(client: TestClient) -> None:
    with client.websocket_connect("/api/games/nope/ws") as ws, pytest.raises(WebSocketDisconnect) as info:
        ws.receive_json()
    assert info.value.code == 4404


def test_oversized_message_closes_the_socket(client: TestClient) -> None:
    g = new_game(client)
    with client.websocket_connect(f"/api/games/{g['id']}/ws") as ws:
        ws.receive_json()
        ws.send_text("x" * 5000)
        with pytest.raises(WebSocketDisconnect) as info:
            ws.receive_json()
    assert info.value.code == 1009


def test_bot_moves_are_pushed(client: TestClient) -> None:
    r = client.post("/api/games", json={"seats": [{"kind": "bot", "level": "random"}], "mackenzie": 7, "seed": 3})
    gid = r.json()["id"]
    seen = 0
    with client.websocket_connect(f"/api/games/{gid}/ws") as ws:
        for _ in range(10_000):
            v = ws.receive_json()
            assert v["moves"] >= seen  # a page only ever moves forward
            seen = v["moves"]
            if v["over"]:
                break
    assert v["over"] and v["result"].startswith(("Mackenzie", "Orange"))
