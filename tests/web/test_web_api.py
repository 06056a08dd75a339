"""The web API: every endpoint, and every refusal leaves the game unchanged."""

from __future__ import annotations

import html
import json
import re
import time
import warnings
from pathlib import Path
from typing import Any

import pytest

with warnings.catch_warnings():  # starlette's notice about httpx, raised on import
    warnings.simplefilter("ignore")
    from fastapi.testclient import TestClient

from lewis_clark import Options, legal_actions, new_game
from lewis_clark.actions import Action
from lewis_clark.bots.evaluation import evaluate
from lewis_clark.plans import OFFERED, follow, offered, plans
from lewis_clark.record import load_record
from lewis_clark.web import app as web_app
from lewis_clark.web.app import MAX_BODY, create_app
from lewis_clark.web.database import open_store
from lewis_clark.web.views import plan_json
from lewis_clark.wording import decision_hint


def create(c: TestClient, **spec: Any) -> dict[str, Any]:
    spec.setdefault("seats", [{"kind": "human"}, {"kind": "human"}])
    r = c.post("/api/games", json=spec)
    assert r.status_code == 201, r.text
    data: dict[str, Any] = r.json()
    return data


def get(c: TestClient, gid: str, token: str = "") -> dict[str, Any]:
    r = c.get(f"/api/games/{gid}", headers={"X-Token": token} if token else {})
    assert r.status_code == 200, r.text
    data: dict[str, Any] = r.json()
    return data


def act(c: TestClient, gid: str, token: str | None, action: str, **extra: Any) -> Any:
    return c.post(f"/api/games/{gid}/actions", json={"action": action, **extra},
                  headers={"X-Token": token} if token is not None else {})


def token_of(game: dict[str, Any], seat: int) -> str:
    token: str = game["seats"][seat]["token"]
    return token


def wait_for(c: TestClient, gid: str, done: Any, seconds: float = 20) -> dict[str, Any]:
    end = time.monotonic() + seconds
    while time.monotonic() < end:
        v = get(c, gid)
        if done(v):
            return v
        time.sleep(0.02)
    raise AssertionError("timed out waiting for the game")


# --- creating ----------------------------------------------------------------------------------

def test_create_gives_a_token_per_human_seat_and_links(client: TestClient) -> None:
    g = create(client, seats=[{"kind": "human", "colour": "green"}, {"kind": "bot", "level": "easy"},
                              {"kind": "human"}], seed=5)
    assert [s["colour"] for s in g["seats"]] == ["green", "orange", "blue"]
    humans = [s for s in g["seats"] if s["kind"] == "human"]
    assert all(len(s["token"]) >= 20 and s["link"] == f"/play/{g['id']}#t={s['token']}" for s in humans)
    assert g["seats"][1]["token"] == "" and g["seats"][1]["level"] == "easy"
    assert g["spectator"] == f"/play/{g['id']}"
    assert g["hotseat"] == f"/play/{g['id']}#t={humans[0]['token']},{humans[1]['token']}"


def test_public_view_hides_the_seed_deck_order_and_tokens(client: TestClient) -> None:
    g = create(client, seed=12345)
    text = client.get(f"/api/games/{g['id']}").text
    v = json.loads(text)
    assert "seed" not in v["options"] and v["state"]["rng"] == 0
    assert v["state"]["deck"] == len(new_game(Options(players=2, seed=12345)).deck)
    assert token_of(g, 0) not in text and "token_hash" not in text
    assert v["you"] == [] and v["moves"] == 0 and v["over"] is False


def test_view_matches_the_engine(client: TestClient) -> None:
    g = create(client, seed=9)
    v = get(client, g["id"])
    engine = new_game(Options(players=2, seed=9))
    assert v["current"] == engine.current
    assert [a["text"] for a in v["legal"]] == [str(a) for a in legal_actions(engine)]
    assert v["state"]["journal"] == engine.journal
    assert all(a["label"] for a in v["legal"])


@pytest.mark.parametrize("spec, words", [
    ({"seats": []}, "seats"),
    ({"seats": [{"kind": "human"}] * 6}, "seats"),
    ({"seats": [{"kind": "robot"}]}, "kind"),
    ({"seats": [{"kind": "bot", "level": "mcts:seconds=999"}]}, "level"),
    ({"seats": [{"colour": "red"}]}, "colour"),
    ({"seats": [{"colour": "blue"}, {"colour": "blue"}]}, "own colour"),
    ({"seats": [{}, {}], "mackenzie": 3}, "solo"),
    ({"seats": [{}], "mackenzie": 8}, "mackenzie"),
    ({"seats": [{}], "route": "R R M"}, "St Louis"),
    ({"seats": [{}], "route": "S X F"}, "terrain"),
    ({"seats": [{}], "seed": -1}, "seed"),
    ({"seats": [{}], "cheat": True}, "cheat"),
])
def test_create_refuses_bad_games(client: TestClient, db: Path, spec: dict[str, Any], words: str) -> None:
    r = client.post("/api/games", json=spec)
    assert r.status_code == 422
    assert words.lower() in r.text.lower()
    assert open_store(db).unfinished() == []


def test_create_with_variants(client: TestClient) -> None:
    g = create(client, seats=[{}], mackenzie=4, random_start=True, route="R S R M MR R F R")
    v = get(client, g["id"])
    assert v["options"]["mackenzie"] == 4 and v["options"]["random_start"] is True
    assert v["state"]["options"]["route"]["terrains"] == ["R", "R", "R", "M", "MR", "R", "R", "R"]
    assert v["state"]["mackenzie"] == 1 + 4


# --- acting ------------------------------------------------------------------------------------

def test_an_action_is_applied_stored_and_returned(client: TestClient, db: Path) -> None:
    g = create(client, seed=6)
    v = get(client, g["id"])
    seat, first = v["current"], v["legal"][0]["text"]
    r = act(client, g["id"], token_of(g, seat), first, expect=0)
    assert r.status_code == 200, r.text
    after = r.json()
    assert after["moves"] == 1 and after["you"] == [seat]
    assert after["log"][-1]["n"] == 1
    stored = open_store(db).load(g["id"])
    assert stored is not None and stored.actions == [first]


def refusal(client: TestClient, gid: str, token: str | None, action: str, status: int, words: str, **extra: Any) -> None:
    before = get(client, gid)
    r = act(client, gid, token, action, **extra)
    assert r.status_code == status, r.text
    assert words.lower() in r.json()["detail"].lower()
    after = get(client, gid)
    assert (after["moves"], after["state"], after["version"]) == (before["moves"], before["state"], before["version"])


def test_refusals_change_nothing(client: TestClient) -> None:
    g = create(client, seed=6)
    other = create(client, seed=6)
    gid = g["id"]
    v = get(client, gid)
    seat = v["current"]
    mine, theirs = token_of(g, seat), token_of(g, 1 - seat)
    legal = v["legal"][0]["text"]
    refusal(client, gid, None, legal, 401, "token")
    refusal(client, gid, "nonsense", legal, 403, "no seat")
    refusal(client, gid, token_of(other, seat), legal, 403, "no seat")  # a token of another game
    refusal(client, gid, theirs, legal, 409, "not your turn")
    refusal(client, gid, mine, "fly to the moon", 400, "unknown verb")
    refusal(client, gid, mine, "play black-cat", 409, "illegal")
    refusal(client, gid, mine, "end", 409, "illegal")
    refusal(client, gid, mine, legal, 409, "moved on", expect=7)
    refusal(client, gid, mine, "x" * 201, 422, "action")
    assert act(client, "no-such-game", mine, legal).status_code == 404
    assert act(client, "../../etc", mine, legal).status_code == 404


def test_malformed_bodies_are_refused(client: TestClient) -> None:
    g = create(client)
    gid = g["id"]
    token = token_of(g, get(client, gid)["current"])
    headers = {"X-Token": token, "Content-Type": "application/json"}
    assert client.post(f"/api/games/{gid}/actions", content=b"{not json", headers=headers).status_code == 422
    assert client.post(f"/api/games/{gid}/actions", json={"action": 5}, headers=headers).status_code == 422
    assert client.post(f"/api/games/{gid}/actions", json={"action": "end", "extra": 1}, headers=headers).status_code == 422
    big = client.post(f"/api/games/{gid}/actions", content=b" " * (MAX_BODY + 1), headers=headers)
    assert big.status_code == 413
    chunked = client.post(f"/api/games/{gid}/actions", content=iter([b'{"action": "end"}']), headers=headers)
    assert chunked.status_code == 411
    assert client.post("/api/games", content=b"[" * (MAX_BODY + 1),
                       headers={"Content-Type": "application/json"}).status_code == 413
    assert get(client, gid)["moves"] == 0


def test_a_request_with_several_faults_is_refused_for_the_game_then_the_token_then_the_body(
        client: TestClient) -> None:
    """The game and the seat are dependencies, resolved before the body is read (docs/web.md)."""
    g = create(client)
    gid = g["id"]
    bad = {"back": "sideways"}
    assert client.post("/api/games/nosuch/actions", json=bad, headers={"X-Token": token_of(g, 0)}).status_code == 404
    assert client.post(f"/api/games/{gid}/actions", json=bad).status_code == 401
    assert client.post(f"/api/games/{gid}/undo", json=bad, headers={"X-Token": "nobody"}).status_code == 403
    r = client.post(f"/api/games/{gid}/undo", json=bad, headers={"X-Token": token_of(g, 0)})
    assert r.status_code == 422 and r.json()["errors"][0]["loc"] == ["body", "back"]
    assert get(client, gid)["moves"] == 0


def test_seats_carry_their_players_names_across_a_restart(db: Path) -> None:
    with TestClient(create_app(db)) as c:
        g = create(c, seats=[{"name": "  Anna "}, {"kind": "bot", "level": "random"}])
        assert [s["name"] for s in get(c, g["id"])["seats"]] == ["Anna", ""]
    with TestClient(create_app(db)) as c:
        assert [s["name"] for s in get(c, g["id"])["seats"]] == ["Anna", ""]
        for bad in ("x" * 25, "<b>", "a\nb"):
            r = c.post("/api/games", json={"seats": [{"name": bad}]})
            assert r.status_code == 422 and "name" in r.text, bad


def test_hotseat_token_list_names_every_seat(client: TestClient) -> None:
    g = create(client, seats=[{}, {"kind": "bot", "level": "random"}, {}])
    v = get(client, g["id"], f"{token_of(g, 0)},{token_of(g, 2)}")
    assert v["you"] == [0, 2]


# --- undo --------------------------------------------------------------------------------------

def test_undo_takes_back_own_action_of_this_turn(client: TestClient, db: Path) -> None:
    g = create(client, seed=19)  # seed 19: the first player may recruit John Robertson at once
    gid = g["id"]
    v = get(client, gid)
    seat = v["current"]
    mine, theirs = token_of(g, seat), token_of(g, 1 - seat)
    assert act(client, gid, mine, "recruit john-robertson").status_code == 200
    assert client.post(f"/api/games/{gid}/undo", headers={"X-Token": theirs}).status_code == 409
    assert client.post(f"/api/games/{gid}/undo").status_code == 401
    r = client.post(f"/api/games/{gid}/undo", headers={"X-Token": mine})
    assert r.status_code == 200, r.text
    back = r.json()
    assert back["moves"] == 0 and back["state"] == v["state"] and back["legal"] == v["legal"]
    stored = open_store(db).load(gid)
    assert stored is not None and stored.actions == []
    assert client.post(f"/api/games/{gid}/undo", headers={"X-Token": mine}).status_code == 409


def test_undo_back_choice_takes_back_a_whole_plan_and_back_turn_the_turn(client: TestClient, db: Path) -> None:
    """``back="choice"`` takes back every step of the plan sent last (one click), ``"turn"`` the turn so
    far; the store forgets them too; an unknown ``back`` is refused with nothing changed."""
    g = create(client, seed=6)
    gid = g["id"]
    v = get(client, gid)
    mine = token_of(g, v["current"])
    assert act(client, gid, mine, "play seaman").status_code == 200
    one = get(client, gid)
    plan = next(p for p in one["plans"] if len(p["steps"]) > 3)
    r = client.post(f"/api/games/{gid}/actions", json={"plan": plan["steps"]}, headers={"X-Token": mine})
    assert r.status_code == 200 and r.json()["moves"] == 1 + len(plan["steps"])
    assert (r.json()["undo_steps"], r.json()["restart_steps"]) == (len(plan["steps"]), 1 + len(plan["steps"]))
    bad = client.post(f"/api/games/{gid}/undo", headers={"X-Token": mine}, json={"back": "everything"})
    assert bad.status_code == 422 and "back" in bad.text and get(client, gid)["moves"] == 1 + len(plan["steps"])
    r = client.post(f"/api/games/{gid}/undo", headers={"X-Token": mine}, json={"back": "choice"})
    assert r.status_code == 200, r.text
    assert r.json()["moves"] == 1 and r.json()["state"] == one["state"]
    stored = open_store(db).load(gid)
    assert stored is not None and stored.actions == ["play seaman"]
    client.post(f"/api/games/{gid}/actions", json={"plan": plan["steps"]}, headers={"X-Token": mine})
    r = client.post(f"/api/games/{gid}/undo", headers={"X-Token": mine}, json={"back": "turn"})
    assert r.status_code == 200 and r.json()["moves"] == 0 and r.json()["state"] == v["state"]


def test_undo_with_expect_takes_back_one_action_however_often_it_is_sent(client: TestClient) -> None:
    """A double click sends the same undo twice: with ``expect`` the second is refused, not applied."""
    g = create(client, seed=19)
    gid = g["id"]
    mine = token_of(g, get(client, gid)["current"])
    assert act(client, gid, mine, "recruit john-robertson").status_code == 200
    seen = get(client, gid)["moves"]
    first = client.post(f"/api/games/{gid}/undo", headers={"X-Token": mine}, json={"expect": seen})
    second = client.post(f"/api/games/{gid}/undo", headers={"X-Token": mine}, json={"expect": seen})
    assert first.status_code == 200, first.text
    assert second.status_code == 409 and "moved on" in second.json()["detail"]
    assert get(client, gid)["moves"] == seen - 1
    bad = client.post(f"/api/games/{gid}/undo", headers={"X-Token": mine}, json={"expect": "x"})
    assert bad.status_code == 422 and get(client, gid)["moves"] == seen - 1


def test_no_undo_once_a_card_is_drawn(client: TestClient) -> None:
    g = create(client, seed=19)
    gid = g["id"]
    mine = token_of(g, get(client, gid)["current"])
    assert act(client, gid, mine, "recruit john-robertson").status_code == 200
    discard = [a["text"] for a in get(client, gid)["legal"]][0]
    assert act(client, gid, mine, discard).status_code == 200  # recruiting refills the Journal: a card drawn
    v = get(client, gid)
    assert v["undo"] == -1
    r = client.post(f"/api/games/{gid}/undo", headers={"X-Token": mine})
    assert r.status_code == 409 and "card drawn" in r.json()["detail"]
    assert get(client, gid)["moves"] == 2


def test_no_undo_after_the_turn_passes(client: TestClient) -> None:
    g = create(client, seed=6)
    gid = g["id"]
    seat = get(client, gid)["current"]
    mine = token_of(g, seat)
    for _ in range(40):  # play simple choices until the turn passes
        v = get(client, gid)
        if v["current"] != seat:
            break
        texts = [a["text"] for a in v["legal"]]
        pick = next((t for t in ("end", "stop") if t in texts), None) or next(
            (t for t in texts if t.startswith(("under", "play", "take"))), texts[0])
        assert act(client, gid, mine, pick).status_code == 200
    assert get(client, gid)["current"] != seat
    assert client.post(f"/api/games/{gid}/undo", headers={"X-Token": mine}).status_code == 409


# --- bots, the end, record and replay ----------------------------------------------------------

def test_bots_play_their_seats_and_wait_for_people(client: TestClient) -> None:
    g = create(client, seats=[{"kind": "bot", "level": "random"}, {"kind": "human"}, {"kind": "bot", "level": "easy"}], seed=4)
    v = wait_for(client, g["id"], lambda v: v["current"] == 1)
    time.sleep(0.2)
    assert get(client, g["id"])["moves"] == v["moves"]  # the bots wait for the person
    texts = [a["text"] for a in v["legal"]]
    assert act(client, g["id"], token_of(g, 1), texts[0]).status_code == 200


def test_a_finished_game_has_its_record_and_replay(client: TestClient) -> None:
    g = create(client, seats=[{"kind": "bot", "level": "random"}], mackenzie=7, seed=2)
    gid = g["id"]
    assert client.get(f"/api/games/{gid}/record").status_code in (200, 409)
    v = wait_for(client, gid, lambda v: v["over"])
    assert v["result"] and v["legal"] == [] and "seed" in v["options"]
    rec = client.get(f"/api/games/{gid}/record").json()
    record = load_record(rec)
    final = record.replay()  # checks the final hash
    assert final.over and len(record.actions) == v["moves"]
    assert record.bots == ["random"]  # seat specs, as every command reads them
    full = client.get(f"/api/games/{gid}/log").json()["log"]
    assert full[-1]["n"] == v["moves"] and full[-1] == v["log"][-1]
    assert {line["n"] for line in full} == set(range(1, v["moves"] + 1))  # every action has its line
    last = client.get(f"/api/games/{gid}/replay/{v['moves']}").json()
    assert last["state"]["players"] == v["state"]["players"]
    assert last["lines"] == [line["text"] for line in full if line["n"] == v["moves"]]
    first = client.get(f"/api/games/{gid}/replay/0").json()
    assert first["state"]["journal"] == new_game(Options(players=1, seed=2, mackenzie=7)).journal
    middle = client.get(f"/api/games/{gid}/replay/33").json()
    assert middle["state"]["players"] == record.replay(33).to_json()["players"]
    assert client.get(f"/api/games/{gid}/replay/{v['moves'] + 1}").status_code == 404
    r = act(client, gid, "whatever", "end")
    assert r.status_code == 403


def test_record_and_replay_wait_for_the_end(client: TestClient) -> None:
    g = create(client)
    for path in ("record", "replay/0"):
        r = client.get(f"/api/games/{g['id']}/{path}")
        assert r.status_code == 409 and "seed" in r.json()["detail"]


def test_acting_after_the_end_is_refused(client: TestClient) -> None:
    g = create(client, seats=[{"kind": "human"}], mackenzie=7, seed=1, route="S R R R F")
    gid = g["id"]
    token = token_of(g, 0)
    for _ in range(400):
        v = get(client, gid)
        if v["over"]:
            break
        texts = [a["text"] for a in v["legal"]]
        pick = next((t for t in ("end", "stop") if t in texts), None) or next(
            (t for t in texts if t.startswith(("under", "play"))), texts[0])
        assert act(client, gid, token, pick).status_code == 200
    assert v["over"]
    r = act(client, gid, token, "end")
    assert r.status_code == 409 and "over" in r.json()["detail"]


# --- the rest ----------------------------------------------------------------------------------

def test_meta_has_every_card_with_our_text(client: TestClient) -> None:
    m = client.get("/api/meta").json()
    assert len(m["cards"]) == 84 and len(m["places"]) == 8
    assert all(c["text"].endswith(".") for c in m["cards"].values())
    assert m["levels"] == ["random", "easy", "medium", "hard", "expert"]


STATIC = Path(web_app.__file__).with_name("static")


def test_meta_words_cover_every_word_the_pages_use(client: TestClient) -> None:
    """The pages hold no English of their own: each data-word key and each ``W.key``/``words.key`` in the
    JS is a key of meta's "words", and each marked element's fallback text is that very word."""
    words = client.get("/api/meta").json()["words"]
    assert words and all(isinstance(w, str) and w for w in words.values())
    used: set[str] = set()
    for page in STATIC.glob("*.html"):
        text = page.read_text()
        marks = re.findall(r"data-word(?:-\w+)?(?:=\"([^\"]*)\")?", text)
        assert marks and all(marks), f"{page.name}: a data-word attribute without a key"
        used.update(marks)
        for key, inner in re.findall(r'data-word="(\w+)"[^>]*>([^<]*)<', text):
            assert " ".join(html.unescape(inner).split()) == words[key], (page.name, key)
    assert "village" not in used  # the table's words are used from JS only
    prefixes: set[str] = set()  # words[`per_${counter}`]: every word of that family is used
    for script in STATIC.glob("*.js"):
        used.update(re.findall(r"\b(?:W|words)\.(\w+)", script.read_text()))
        prefixes.update(re.findall(r"\b(?:W|words)\[`(\w+)\$\{", script.read_text()))
    used.update(k for k in words for p in prefixes if k.startswith(p))
    assert {"app_title", "seats", "now", "replay", "village", "route", "powwow", "your_turn", "tile_large_indian"} <= used
    assert used - set(words) == set()
    assert set(words) - used == set(), "words nobody uses"


def test_meta_words_in_hungarian_keep_their_placeholders(client: TestClient) -> None:
    en = client.get("/api/meta").json()["words"]
    hu = client.get("/api/meta", params={"lang": "hu"}).json()["words"]
    assert en["village"] == "Indian Village" and hu["village"] != en["village"]
    assert client.get("/api/meta", params={"lang": "xx"}).json()["words"] == en  # unknown: English
    assert en.keys() == hu.keys()
    for key in en:
        assert sorted(re.findall(r"\{\w+\}", hu[key])) == sorted(re.findall(r"\{\w+\}", en[key])), key


def test_pages_static_files_and_api_docs(client: TestClient) -> None:
    for path in ("/", "/play/abc", "/replay/abc", "/static/game.js", "/static/board.js", "/static/style.css", "/docs"):
        r = client.get(path)
        assert r.status_code == 200, path
    assert "Content-Security-Policy" in client.get("/").headers
    paths = client.get("/openapi.json").json()["paths"]
    for p in ("/api/games", "/api/games/{game_id}", "/api/games/{game_id}/actions", "/api/games/{game_id}/undo",
              "/api/games/{game_id}/record", "/api/games/{game_id}/replay/{step}", "/api/games/{game_id}/log", "/api/meta"):
        assert p in paths


# Every operation of the API with its operationId (which FastAPI makes from the route function's name):
# clients generated from /openapi.json call them by it, so moving a route must keep it (stable operation ids).
OPERATIONS = [
    ("GET", "/api/meta", "meta_api_meta_get"),
    ("POST", "/api/games", "create_api_games_post"),
    ("DELETE", "/api/games/{game_id}", "delete_api_games__game_id__delete"),
    ("GET", "/api/games/{game_id}", "get_game_api_games__game_id__get"),
    ("POST", "/api/games/{game_id}/actions", "act_api_games__game_id__actions_post"),
    ("POST", "/api/games/{game_id}/undo", "undo_api_games__game_id__undo_post"),
    ("GET", "/api/games/{game_id}/log", "full_log_api_games__game_id__log_get"),
    ("GET", "/api/games/{game_id}/record", "record_api_games__game_id__record_get"),
    ("GET", "/api/games/{game_id}/replay/{step}", "replay_api_games__game_id__replay__step__get"),
    ("GET", "/api/games/{game_id}/hint", "hint_api_games__game_id__hint_get"),
    ("POST", "/api/games/{game_id}/review", "start_review_api_games__game_id__review_post"),
    ("GET", "/api/games/{game_id}/review", "get_review_api_games__game_id__review_get"),
]


def test_the_api_keeps_its_operations_and_their_parameters(client: TestClient) -> None:
    spec = client.get("/openapi.json").json()
    assert spec["openapi"] == "3.1.0"
    found = [(m.upper(), p, op["operationId"]) for p, ops in spec["paths"].items() for m, op in ops.items()]
    assert found == OPERATIONS
    params = {(m.upper(), p): sorted((x["in"], x["name"]) for x in op.get("parameters", []))
              for p, ops in spec["paths"].items() for m, op in ops.items()}
    token, lang, game = ("header", "X-Token"), ("query", "lang"), ("path", "game_id")
    assert params[("POST", "/api/games/{game_id}/actions")] == sorted([game, token, lang])
    assert params[("GET", "/api/games/{game_id}/hint")] == sorted([game, token, lang])
    review = "/api/games/{game_id}/review"
    assert params[("POST", review)] == params[("GET", review)] == sorted([game, lang])
    assert params[("GET", "/api/games/{game_id}/replay/{step}")] == sorted([game, ("path", "step"), lang])
    assert params[("DELETE", "/api/games/{game_id}")] == sorted([game, token])
    assert spec["paths"]["/api/games"]["post"]["requestBody"]["content"]["application/json"]["schema"] == {
        "$ref": "#/components/schemas/GameIn"}


def test_api_docs_load_nothing_from_outside(client: TestClient) -> None:
    """/docs works offline: every script, stylesheet and icon it names is served by this server."""
    html = client.get("/docs").text
    assert "/static/swagger-ui/swagger-ui-bundle.js" in html and "<script>" not in html  # no inline script
    script = client.get("/static/docs.js").text
    assert "SwaggerUIBundle(" in script
    urls = re.findall(r"""(?:src|href)=["']([^"']+)["']""", html) + re.findall(r'url: ?"([^"]+)"', script)
    assert "/openapi.json" in urls
    assert urls and not [u for u in urls if "//" in u], urls
    for u in urls:
        assert client.get(u).status_code == 200, u


def test_games_survive_a_new_server_on_the_same_file(db: Path) -> None:
    with TestClient(create_app(db)) as c:
        g = create(c, seed=8)
        seat = get(c, g["id"])["current"]
        texts = []
        for _ in range(3):
            v = get(c, g["id"])
            if v["current"] != seat:
                break
            texts.append(v["legal"][0]["text"])
            assert act(c, g["id"], token_of(g, seat), texts[-1]).status_code == 200
        before = get(c, g["id"])
    with TestClient(create_app(db)) as c:
        after = get(c, g["id"], token_of(g, seat))
        assert after["state"] == before["state"] and after["moves"] == before["moves"] and after["you"] == [seat]


# --- plans: whole actions in one request -------------------------------------------------------

def post_plan(c: TestClient, gid: str, token: str | None, body: Any) -> Any:
    return c.post(f"/api/games/{gid}/actions", json=body, headers={"X-Token": token} if token is not None else {})


def unchanged(c: TestClient, gid: str, before: dict[str, Any]) -> None:
    after = get(c, gid)
    assert (after["moves"], after["state"], after["version"]) == (before["moves"], before["state"], before["version"])


def test_the_view_lists_plans_and_the_hint_for_the_seat_to_play(client: TestClient) -> None:
    g = create(client, seed=6)  # Blue to play: Seaman is among the plans
    v = get(client, g["id"])
    engine = new_game(Options(players=2, seed=6))
    assert v["hint"] == decision_hint(engine)
    assert v["plans"] == [plan_json(engine, p) for p in offered(engine, score=evaluate)]
    assert 2 <= len(v["plans"]) <= OFFERED  # curated, not every plan
    legal = {a["text"] for a in v["legal"]}
    targets: dict[str, int] = {}
    for plan in v["plans"]:
        assert plan["label"] and len(plan["steps"]) > 1 and plan["steps"][0] in legal
        assert plan["steps"][0].split()[0] not in ("recruit", "camp", "end")  # single choices already
        assert plan["target"] and isinstance(plan["complete"], bool)
        assert follow(engine, [Action.parse(s) for s in plan["steps"]]).complete
        targets[plan["target"]] = targets.get(plan["target"], 0) + 1
    assert max(targets.values()) <= 2 and "card:seaman" in targets
    # Seaman's plan: the most Strength that keeps every gain (of the plans the engine makes).
    strongest = max(p.strength for p in plans(engine) if p.card == "seaman" and p.keep_all)
    seaman = [p for p in v["plans"] if p["target"] == "card:seaman"]
    assert seaman[0]["steps"].count("perform") == strongest and f"Strength {strongest}" in seaman[0]["label"]


def test_plans_inside_an_action_say_what_follows(client: TestClient) -> None:
    g = create(client, seed=6)
    gid = g["id"]
    token = token_of(g, get(client, gid)["current"])
    for step in ("play seaman", "under hugh-mcneal"):
        assert act(client, gid, token, step).status_code == 200
    v = get(client, gid)  # how many Indians add Strength: each count with its performances
    assert [p["steps"] for p in v["plans"]] == [["indians 1", "perform", "take 1 food", "perform", "take 1 food"],
                                                ["indians 0", "perform", "take 1 food"]]
    assert "perform 2 times" in v["plans"][0]["label"] and v["hint"].startswith("Each Indian gives ")
    assert act(client, gid, token, "indians 1").status_code == 200
    v = get(client, gid)  # performing: as often as allowed, or once then stop
    assert [p["steps"] for p in v["plans"]] == [["perform", "take 1 food", "perform", "take 1 food"],
                                                ["perform", "take 1 food", "stop"]]
    assert "once, then stop" in v["plans"][1]["label"]
    r = post_plan(client, gid, token, {"plan": v["plans"][0]["steps"], "expect": v["moves"]})
    assert r.status_code == 200 and r.json()["plan"]["applied"] == 4 and r.json()["state"]["stack"] == []


def test_no_plans_for_a_bot_to_play_nor_at_the_end(client: TestClient) -> None:
    g = create(client, seats=[{"kind": "bot", "level": "random"}], mackenzie=7, seed=2)
    v = wait_for(client, g["id"], lambda v: v["over"])
    assert v["plans"] == [] and v["hint"]


def test_a_plan_applies_in_one_request_like_its_single_actions(client: TestClient, db: Path) -> None:
    g, h = create(client, seed=6), create(client, seed=6)
    v = get(client, g["id"])
    seat = v["current"]
    plan = next(p for p in v["plans"] if p["complete"] and p["steps"].count("perform") > 1)
    r = post_plan(client, g["id"], token_of(g, seat), {"plan": plan["steps"], "expect": 0})
    assert r.status_code == 200, r.text
    done = r.json()
    n = len(plan["steps"])
    assert done["plan"] == {"applied": n, "steps": n, "refused": "", "detail": ""}
    assert done["moves"] == n and done["you"] == [seat] and done["version"] == v["version"] + n  # one stored change per step
    for step in plan["steps"]:
        assert act(client, h["id"], token_of(h, seat), step).status_code == 200
    single = get(client, h["id"])
    assert (done["state"], done["log"], done["legal"]) == (single["state"], single["log"], single["legal"])
    stored = open_store(db).load(g["id"])
    assert stored is not None and stored.actions == plan["steps"]  # each step stored as an action
    # Undo takes the steps back one at a time.
    back = client.post(f"/api/games/{g['id']}/undo", headers={"X-Token": token_of(g, seat)}).json()
    assert back["moves"] == n - 1


def test_a_refused_step_stops_the_plan_and_keeps_the_steps_before(client: TestClient, db: Path) -> None:
    g = create(client, seed=6)
    gid = g["id"]
    v = get(client, gid)
    token = token_of(g, v["current"])
    plan = next(p for p in v["plans"] if p["complete"])["steps"]
    r = post_plan(client, gid, token, {"plan": [*plan, "camp", "camp", "end"]})  # one Camp a turn (R3)
    assert r.status_code == 200, r.text
    body = r.json()
    k = len(plan) + 1
    assert body["plan"]["applied"] == k and body["plan"]["steps"] == k + 2 and body["plan"]["refused"] == "camp"
    assert body["plan"]["detail"].startswith(f"plan step {k + 1}: illegal")
    assert body["moves"] == k
    stored = open_store(db).load(gid)
    assert stored is not None and stored.actions == [*plan, "camp"]
    # Refused at its first step: nothing changes, and the answer says why, as for one action.
    before = get(client, gid)
    r = post_plan(client, gid, token, {"plan": ["camp", "end"]})
    assert r.status_code == 409 and "illegal" in r.json()["detail"]
    unchanged(client, gid, before)


@pytest.mark.parametrize("body, status, words", [
    ({"plan": "end"}, 422, "valid list"),
    ({"plan": []}, 422, "at least 1 item"),
    ({"plan": ["end", 5]}, 422, "valid string"),
    ({"plan": ["end", ""]}, 422, "at least 1 character"),
    ({"plan": ["x" * 201]}, 422, "at most 200"),
    ({"plan": ["end"] * 65}, 422, "at most 64"),
    ({"plan": ["play york", "fly to the moon"]}, 400, "plan step 2: 'fly to the moon': unknown verb"),
    ({"plan": ["recruit john-robertson"], "action": "end"}, 422, "either an action or a plan"),
    ({"expect": 0}, 422, "either an action or a plan"),
    ({"plan": ["end"], "steps": 1}, 422, "extra"),
])
def test_malformed_plans_are_refused_and_change_nothing(client: TestClient, db: Path, body: dict[str, Any],
                                                         status: int, words: str) -> None:
    g = create(client, seed=0)
    gid = g["id"]
    before = get(client, gid)
    r = post_plan(client, gid, token_of(g, before["current"]), body)
    assert r.status_code == status, r.text
    assert words.lower() in r.text.lower()
    unchanged(client, gid, before)
    stored = open_store(db).load(gid)
    assert stored is not None and stored.actions == []


def test_a_plan_needs_the_token_of_the_seat_to_play(client: TestClient) -> None:
    g, other = create(client, seed=6), create(client, seed=6)
    gid = g["id"]
    v = get(client, gid)
    seat = v["current"]
    body = {"plan": v["plans"][0]["steps"]}
    for token, status, words in ((None, 401, "token"), ("nonsense", 403, "no seat"), (token_of(other, seat), 403, "no seat"),
                                 (token_of(g, 1 - seat), 409, "not your turn")):
        before = get(client, gid)
        r = post_plan(client, gid, token, body)
        assert r.status_code == status and words in r.json()["detail"], r.text
        unchanged(client, gid, before)
    before = get(client, gid)
    r = post_plan(client, gid, token_of(g, seat), {**body, "expect": 3})
    assert r.status_code == 409 and "moved on" in r.json()["detail"]
    unchanged(client, gid, before)
