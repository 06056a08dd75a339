"""The game view in the page's language: ``?lang=`` on the view, actions, undo, the log, the replay and
the WebSocket; each language built once per change, English only when asked for; unknown codes English."""

from __future__ import annotations

import time
import warnings
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

with warnings.catch_warnings():  # starlette's notice about httpx, raised on import
    warnings.simplefilter("ignore")
    from fastapi.testclient import TestClient

from lewis_clark.web.app import create_app
from lewis_clark.wording import language, prompt, t


@pytest.fixture
def client(tmp_path: Path) -> Iterator[TestClient]:
    with TestClient(create_app(tmp_path / "games.sqlite3", bot_workers=0)) as c:
        yield c


def create(c: TestClient, **spec: Any) -> dict[str, Any]:
    spec.setdefault("seats", [{"kind": "human"}, {"kind": "human"}])
    spec.setdefault("seed", 11)
    r = c.post("/api/games", json=spec)
    assert r.status_code == 201, r.text
    data: dict[str, Any] = r.json()
    return data


def mover(c: TestClient, g: dict[str, Any]) -> str:
    """The token of the seat to play (the deal, the first player included, follows the seed)."""
    current = view(c, g["id"])["current"]
    return str(next(s["token"] for s in g["seats"] if s["seat"] == current))


def view(c: TestClient, gid: str, lang: str | None = None, token: str = "") -> dict[str, Any]:
    r = c.get(f"/api/games/{gid}" + (f"?lang={lang}" if lang else ""), headers={"X-Token": token} if token else {})
    assert r.status_code == 200, r.text
    data: dict[str, Any] = r.json()
    return data


def live(c: TestClient, gid: str) -> Any:
    return c.portal.call(c.app.state.manager.get, gid)  # type: ignore[attr-defined,union-attr]


def test_the_view_comes_in_the_language_asked_for(client: TestClient) -> None:
    g = create(client)
    en, hu = view(client, g["id"]), view(client, g["id"], "hu")
    game = live(client, g["id"])
    with language("hu"):
        assert hu["prompt"] == prompt(game.state) and hu["prompt"] != en["prompt"]
    assert hu["hint"] != en["hint"] and hu["legal"][0]["label"] != en["legal"][0]["label"]
    assert [a["text"] for a in hu["legal"]] == [a["text"] for a in en["legal"]]  # the notation stays
    assert hu["state"] == en["state"] and hu["version"] == en["version"]
    assert view(client, g["id"], "xx") == en  # unknown codes: English


def test_each_language_is_built_once_per_change_and_only_when_asked(client: TestClient) -> None:
    g = create(client)
    game = live(client, g["id"])
    view(client, g["id"])
    assert set(game.cached) == {"en"}  # English-only traffic builds English only
    view(client, g["id"], "hu")
    first = game.cached["hu"]
    view(client, g["id"], "hu")
    assert game.cached["hu"] is first  # the same text, not built again
    token = mover(client, g)
    r = client.post(f"/api/games/{g['id']}/actions?lang=hu", json={"action": view(client, g["id"])["legal"][0]["text"]},
                    headers={"X-Token": token})
    assert r.status_code == 200
    assert set(game.cached) == {"hu"}  # the change dropped both; the answer built Hungarian only
    with language("hu"):
        assert r.json()["prompt"] == prompt(game.state)
    r = client.post(f"/api/games/{g['id']}/undo?lang=hu", headers={"X-Token": token})
    assert r.status_code == 200
    with language("hu"):
        assert r.json()["prompt"] == prompt(game.state)


def test_the_log_in_hungarian_has_a_line_for_each_english_line(client: TestClient) -> None:
    g = create(client)
    token = mover(client, g)
    for _ in range(4):
        v = view(client, g["id"])
        client.post(f"/api/games/{g['id']}/actions", json={"action": v["legal"][0]["text"]},
                    headers={"X-Token": token if v["current"] == 0 else g["seats"][1]["token"]})
    en = client.get(f"/api/games/{g['id']}/log").json()["log"]
    hu = client.get(f"/api/games/{g['id']}/log?lang=hu").json()["log"]
    assert len(en) == len(hu) >= 4 and [x["n"] for x in en] == [x["n"] for x in hu]
    assert en != hu and view(client, g["id"], "hu")["log"] == hu[-len(view(client, g["id"], "hu")["log"]):]


def test_pages_watching_in_two_languages_each_get_their_own(client: TestClient) -> None:
    g = create(client)
    gid = g["id"]
    with client.websocket_connect(f"/api/games/{gid}/ws?lang=hu") as hu, \
            client.websocket_connect(f"/api/games/{gid}/ws") as en:
        a, b = hu.receive_json(), en.receive_json()
        assert a["prompt"] != b["prompt"] and a["version"] == b["version"]
        v = view(client, gid)
        client.post(f"/api/games/{gid}/actions", json={"action": v["legal"][0]["text"]},
                    headers={"X-Token": mover(client, g)})
        a, b = hu.receive_json(), en.receive_json()
        game = live(client, gid)
        with language("hu"):
            assert a["prompt"] == prompt(game.state)
        assert b["prompt"] == prompt(game.state) and a["version"] == b["version"] == v["version"] + 1


def test_a_finished_game_replays_in_hungarian(client: TestClient) -> None:
    g = create(client, seats=[{"kind": "bot", "level": "random"}], mackenzie=7, seed=2)
    end = time.monotonic() + 30
    while not view(client, g["id"])["over"]:
        assert time.monotonic() < end
        time.sleep(0.05)
    en = client.get(f"/api/games/{g['id']}/replay/3").json()
    hu = client.get(f"/api/games/{g['id']}/replay/3?lang=hu").json()
    assert hu["state"] == en["state"] and len(hu["lines"]) == len(en["lines"]) and hu["lines"] != en["lines"]
    with language("hu"):
        assert client.get(f"/api/games/{g['id']}/replay/0?lang=hu").json()["lines"] == [t("Set-up")]
    assert hu["result"] != en["result"]


def test_a_move_made_from_a_hungarian_page_is_logged_for_each_reader_in_their_language(client: TestClient) -> None:
    """The log keeps events: a move sent with ?lang=hu reads in English on an English page (and in
    Hungarian on a Hungarian one), never in the language of the page that made it."""
    g = create(client)
    gid = g["id"]
    for _ in range(3):
        v = view(client, gid)
        r = client.post(f"/api/games/{gid}/actions?lang=hu", json={"action": v["legal"][0]["text"]},
                        headers={"X-Token": next(s["token"] for s in g["seats"] if s["seat"] == v["current"])})
        assert r.status_code == 200, r.text
    en = [x["text"] for x in client.get(f"/api/games/{gid}/log").json()["log"]]
    hu = [x["text"] for x in client.get(f"/api/games/{gid}/log?lang=hu").json()["log"]]
    game = live(client, gid)
    with language("en"):
        english = [line for step in game.match.steps for line in step.lines]
    assert en == english and en != hu
    with language("hu"):
        hungarian_words = {t("Orange"), t("Blue")} - {"Orange", "Blue"}
    assert hungarian_words and not any(word in line for line in en for word in hungarian_words)


def test_prompts_and_the_log_call_players_by_the_names_they_typed(client: TestClient) -> None:
    """Named seats are called by their names in the prompt and the log, in both languages, never by
    their colours."""
    g = create(client, seats=[{"kind": "human", "name": "Anna"}, {"kind": "human", "name": "Bela"}])
    gid = g["id"]
    for _ in range(3):
        v = view(client, gid)
        client.post(f"/api/games/{gid}/actions", json={"action": v["legal"][0]["text"]},
                    headers={"X-Token": next(s["token"] for s in g["seats"] if s["seat"] == v["current"])})
    mover = {s["seat"]: s["name"] for s in view(client, gid)["seats"]}[view(client, gid)["current"]]
    for lang, colours in (("en", ("Orange", "Blue")), ("hu", ("Narancs", "Kék"))):
        v = view(client, gid, lang)
        log = " ".join(x["text"] for x in client.get(f"/api/games/{gid}/log?lang={lang}").json()["log"])
        words = v["prompt"] + " " + log + " " + " ".join(x["text"] for x in v["log"])
        assert mover in words and not any(c in words for c in colours), (lang, words)
