"""The page's own Content-Security-Policy, not bypassed (the server's hardening): ``connect-src 'self'`` lets the
page's WebSocket reach its own server (a move made elsewhere shows up), and the browser reports no
violation."""

from __future__ import annotations

import time
from typing import Any

from test_web_restart import Server


def moves_become(page: Any, wanted: str, seconds: float = 10.0) -> None:
    """Poll with ``evaluate`` (the page's policy forbids the string evaluation ``wait_for_function`` uses)."""
    end = time.monotonic() + seconds
    while page.evaluate("document.body.dataset.moves") != wanted:
        assert time.monotonic() < end, page.evaluate("document.body.dataset.moves")
        time.sleep(0.05)


def test_the_websocket_connects_under_the_pages_own_policy(server: Server, browser: Any) -> None:
    status, g = server.call("POST", "/api/games", {"seats": [{"kind": "human"}, {"kind": "human"}], "seed": 3})
    assert status == 201
    context = browser.new_context()  # the policy applies
    page = context.new_page()
    said: list[str] = []
    page.on("console", lambda m: said.append(m.text))
    response = page.goto(server.base + g["spectator"])
    assert "connect-src 'self';" in response.headers["content-security-policy"]
    assert "ws:" not in response.headers["content-security-policy"]
    assert response.headers["x-content-type-options"] == "nosniff"
    moves_become(page, "0")
    _, view = server.call("GET", f"/api/games/{g['id']}")
    status, _ = server.call("POST", f"/api/games/{g['id']}/actions", {"action": view["legal"][0]["text"]},
                            g["seats"][view["current"]]["token"])
    assert status == 200
    moves_become(page, "1")  # only the WebSocket says so
    assert not [m for m in said if "Content Security Policy" in m], said
    context.close()
