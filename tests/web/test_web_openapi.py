"""The OpenAPI is the API: every refusal any layer answers (a route, the game, a middleware, the router)
fits the one error model the schema documents for that operation and status; every operation lists
its refusals; nullable fields are real JSON Schema; bounds are exact; ``Allow`` names every method."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from fastapi.testclient import TestClient
from jsonschema import Draft202012Validator

from lewis_clark.web.app import create_app
from lewis_clark.web.guard import DOWN, Unavailable
from lewis_clark.web.limits import CreationLimit


@pytest.fixture
def c(tmp_path: Path) -> Any:
    app = create_app(tmp_path / "g.sqlite3", bot_workers=0, create_limit=CreationLimit(1, 0))
    with TestClient(app) as client:
        yield client


def documented(spec: dict[str, Any], method: str, path: str, status: int) -> Draft202012Validator:
    """A validator for the body the schema documents for ``status`` of the operation."""
    answers = spec["paths"][path][method.lower()]["responses"]
    assert str(status) in answers, f"{method} {path} does not document {status}"
    schema = answers[str(status)]["content"]["application/json"]["schema"]
    return Draft202012Validator({**schema, "components": spec["components"]})  # its $refs point into the spec


def fits(spec: dict[str, Any], method: str, path: str, response: Any) -> dict[str, Any]:
    body: dict[str, Any] = response.json()
    errors = sorted(documented(spec, method, path, response.status_code).iter_errors(body), key=str)
    assert not errors, (method, path, response.status_code, body, [e.message for e in errors])
    assert isinstance(body["detail"], str) and body["detail"]
    return body


def test_every_refusal_fits_the_model_its_operation_documents(c: TestClient, monkeypatch: pytest.MonkeyPatch) -> None:
    spec = c.get("/openapi.json").json()
    g = c.post("/api/games", json={"seats": [{"kind": "human"}, {"kind": "human"}], "seed": 4}).json()
    gid, creator = g["id"], g["creator"]
    view = c.get(f"/api/games/{gid}").json()
    mover, other = g["seats"][view["current"]]["token"], g["seats"][1 - view["current"]]["token"]
    act, game = "/api/games/{game_id}/actions", "/api/games/{game_id}"
    cases = [
        ("POST", act, c.post(f"/api/games/{gid}/actions", json={"action": "end"}), 401),
        ("POST", act, c.post(f"/api/games/{gid}/actions", json={"action": "end"}, headers={"X-Token": "x"}), 403),
        ("POST", act, c.post("/api/games/nosuch/actions", json={"action": "end"}, headers={"X-Token": mover}), 404),
        ("POST", act, c.post(f"/api/games/{gid}/actions", json={"action": "end"}, headers={"X-Token": other}), 409),
        ("POST", act, c.post(f"/api/games/{gid}/actions", json={"action": "fly away"}, headers={"X-Token": mover}), 400),
        ("POST", act, c.post(f"/api/games/{gid}/actions", json={}, headers={"X-Token": mover}), 422),
        ("POST", act, c.post(f"/api/games/{gid}/actions", content=b"\xff", headers={"X-Token": mover}), 422),
        ("POST", act, c.post(f"/api/games/{gid}/actions", content=b"{" * 20000, headers={"X-Token": mover}), 413),
        ("POST", "/api/games", c.post("/api/games", json={"seats": [{}, {}], "mackenzie": 2}), 422),
        ("POST", "/api/games", c.post("/api/games", json={"seats": [{"colour": "blue"}, {"colour": "blue"}]}), 422),
        ("POST", "/api/games", c.post("/api/games", json={"seats": [{}]}), 429),  # the limit: one a minute
        ("DELETE", game, c.delete(f"/api/games/{gid}"), 401),
        ("DELETE", game, c.delete(f"/api/games/{gid}", headers={"X-Token": mover}), 403),
        ("GET", "/api/games/{game_id}/record", c.get(f"/api/games/{gid}/record"), 409),
        ("GET", "/api/games/{game_id}/replay/{step}", c.get(f"/api/games/{gid}/replay/x"), 422),
        ("GET", "/api/games/{game_id}/hint", c.get(f"/api/games/{gid}/hint", headers={"X-Token": other}), 409),
    ]
    for method, path, response, status in cases:
        assert response.status_code == status, (method, path, response.text)
        body = fits(spec, method, path, response)
        if status == 422:
            assert body["errors"] and all(e["loc"] for e in body["errors"])
    assert c.post("/api/games", json={"seats": [{}]}).headers["Retry-After"].isdigit()

    def down(*args: Any, **kwargs: Any) -> Any:
        raise Unavailable(DOWN)

    monkeypatch.setattr(c.app.state.manager, "get", down)  # type: ignore[attr-defined]
    r = c.get(f"/api/games/{gid}")
    assert r.status_code == 503 and r.headers["Retry-After"] == "5"
    assert fits(spec, "GET", game, r)["reason"] == DOWN
    assert c.delete(f"/api/games/{gid}", headers={"X-Token": creator}).status_code in (204, 503)


def test_router_and_middleware_refusals_use_the_model_too(tmp_path: Path) -> None:
    app = create_app(tmp_path / "g.sqlite3", bot_workers=0, allowed_hosts=["games.example.org"])
    with TestClient(app, base_url="http://games.example.org") as c:
        spec = c.get("/openapi.json").json()
        for path in ("/api/games/abc", "/api/games/abc/hint", "/api/games"):
            r = c.request("OPTIONS", path)
            documented_methods = {m.upper() for m in spec["paths"][path.replace("abc", "{game_id}")]}
            assert r.status_code == 405 and set(r.headers["Allow"].split(", ")) == documented_methods, r.headers
            assert r.json()["detail"].startswith("OPTIONS is not served here")
        assert c.put("/api/games/abc").headers["Allow"] == "GET, DELETE"
        assert c.get("/nowhere").json() == {"detail": "nothing is served at '/nowhere'"}
        hu = c.get("/nowhere?lang=hu").json()["detail"]
        assert hu.startswith("itt nincs semmi")  # said in the request's language, like every refusal
        r = c.post("/api/games", content=b"{}", headers={"Transfer-Encoding": "chunked", "Content-Length": ""})
        assert r.status_code in (411, 413, 422) and isinstance(r.json()["detail"], str)
        evil = {"Host": "evil.example"}
        r = c.get("/api/meta", headers=evil)
        assert r.status_code == 400 and r.json() == {"detail": "this server does not serve the host name 'evil.example'"}
        fits(spec, "GET", "/api/meta", r)
        assert c.get("/healthz", headers=evil).status_code == 200
        assert c.get("/api/meta", headers={"Host": "GAMES.example.org:8000"}).status_code == 200


def walk(node: Any) -> Any:
    if isinstance(node, dict):
        yield node
        for value in node.values():
            yield from walk(value)
    elif isinstance(node, list):
        for value in node:
            yield from walk(value)


def test_the_schema_is_openapi_31_with_real_nullables_exact_bounds_and_every_refusal(c: TestClient) -> None:
    spec = c.get("/openapi.json").json()
    assert spec["openapi"] == "3.1.0"
    nodes = list(walk(spec))
    assert not [n for n in nodes if "nullable" in n]  # 3.0's keyword: 3.1 says anyOf [X, {"type": "null"}]
    assert not [n for n in nodes if {"ge", "le", "lt", "gt"} & set(n) and "type" in n]  # pydantic's names leaked
    seed = spec["components"]["schemas"]["GameIn"]["properties"]["seed"]
    assert seed["anyOf"][0]["exclusiveMaximum"] == 2**256 and seed["anyOf"][1] == {"type": "null"}
    assert "HTTPValidationError" not in spec["components"]["schemas"]  # FastAPI's 422 list, replaced everywhere
    for path, ops in spec["paths"].items():
        for method, op in ops.items():
            answers = op["responses"]
            assert {"400", "422"} <= set(answers), (method, path)
            for status, answer in answers.items():
                if status.startswith(("4", "5")):
                    ref = answer["content"]["application/json"]["schema"]["$ref"].rsplit("/", 1)[1]
                    assert ref == {"422": "Invalid", "503": "Outage"}.get(status, "Refusal"), (method, path, status)
            if path.startswith("/api/games/"):
                assert {"404", "503"} <= set(answers), (method, path)
            if "X-Token" in {p["name"] for p in op.get("parameters", [])} and method != "get":
                assert {"401", "403"} <= set(answers), (method, path)
