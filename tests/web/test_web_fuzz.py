"""A fuzz corpus against the API (the server's hardening): every field of every request body replaced in turn by
values Python's JSON parser takes but no model should (NaN, Infinity, 1e400, lone surrogates, deep
nesting, wrong types), raw bodies that are not UTF-8 or not JSON under several content types, odd
paths, query strings and tokens. No answer may be a 5xx, and every answer carries the security
headers."""

from __future__ import annotations

import itertools
import json
import random
import warnings
from pathlib import Path
from typing import Any

with warnings.catch_warnings():
    warnings.simplefilter("ignore")
    from fastapi.testclient import TestClient

from lewis_clark.web.app import create_app

ODD_JSON = ["NaN", "Infinity", "-Infinity", "1e400", "-1e400", '"\\ud800"', '"\\udfff x"', '"a\\u0000b"',
            "9" * 5000, "1" + "0" * 80, "-1", "0.5", "true", "null", '""', '"x"', "[]", "{}", "[" * 200 + "]" * 200,
            '"' + "é" * 300 + '"', '{"\\ud800": 1}', '["\\ud800"]', "[NaN]", '{"a": Infinity}']
RAW = [b"\xff\xfe", b'{"seats": [{"kind": "human"}]}\xff', b"{", b'{"a":', b"\x00", b"[1,2", b'"\\ud800"',
       b"\xed\xa0\x80", b'{"action": "\xc3"}', "ü".encode("latin-1")]
TYPES = ["application/json", "text/plain", "application/x-www-form-urlencoded", "", "multipart/form-data; boundary=x"]
GAME = {"seats": [{"kind": "human", "level": "medium", "colour": "blue", "name": "Ann"}], "mackenzie": 1,
        "random_start": False, "route": "R R S R M MR R F R", "seed": 5}
ACTION = {"action": "end", "plan": ["end"], "expect": 0}


def mutations(template: dict[str, Any]) -> list[str]:
    """The template as JSON text with each value (at any depth) replaced by each odd value."""
    text = json.dumps(template)
    out = []
    for key in _keys(template):
        for odd in ODD_JSON:
            out.append(_replace(text, key, odd))
    return out


def _keys(value: Any, prefix: tuple[Any, ...] = ()) -> list[tuple[Any, ...]]:
    found = []
    if isinstance(value, dict):
        for k, v in value.items():
            found.append((*prefix, k))
            found += _keys(v, (*prefix, k))
    elif isinstance(value, list):
        for i, v in enumerate(value):
            found.append((*prefix, i))
            found += _keys(v, (*prefix, i))
    return found


def _replace(text: str, key: tuple[Any, ...], odd: str) -> str:
    marker = "\u0001MARK\u0001"
    data = json.loads(text)
    target = data
    for k in key[:-1]:
        target = target[k]
    target[key[-1]] = marker
    return json.dumps(data).replace(json.dumps(marker), odd)


def test_no_request_of_the_corpus_gets_a_5xx_and_every_answer_carries_the_headers(tmp_path: Path) -> None:
    app = create_app(tmp_path / "g.sqlite3", bot_workers=0, expire_days=None, keep_finished_days=None)
    rng = random.Random(22)
    answers: list[tuple[str, str, int]] = []
    with TestClient(app, raise_server_exceptions=False) as c:
        g = c.post("/api/games", json={"seats": [{"kind": "human"}, {"kind": "human"}], "seed": 3}).json()
        gid, token = g["id"], g["seats"][0]["token"]
        paths = ["/api/games", f"/api/games/{gid}/actions", f"/api/games/{gid}/undo"]
        requests: list[tuple[str, str, bytes, str, dict[str, str]]] = []  # method, path, body, type, headers
        for kind in ("application/json", "text/plain", ""):  # FastAPI reads a body as JSON whatever its type says
            for body in mutations(GAME):
                requests.append(("POST", "/api/games", body.encode("utf-8", "surrogatepass"), kind, {}))
            for body in mutations(ACTION) + mutations({"expect": 0}):
                for path in paths[1:]:
                    requests.append(("POST", path, body.encode("utf-8", "surrogatepass"), kind, {"X-Token": token}))
        for _ in range(400):  # two fields odd at once
            once = rng.choice(mutations(GAME))
            try:
                twice = rng.choice(mutations(json.loads(once)))
            except (ValueError, RecursionError):  # the first odd value is beyond Python's own parser
                twice = once
            requests.append(("POST", "/api/games", twice.encode("utf-8", "surrogatepass"), "application/json", {}))
        for path, raw, kind in itertools.product(paths, RAW + [b"NaN", b"[Infinity]", b'{"seed": 1e400}'], TYPES):
            requests.append(("POST", path, raw, kind, {"X-Token": token}))
        odd_paths = ["/api/games/%ff", "/api/games/%ED%A0%80", "/api/games/" + "a" * 5000, f"/api/games/{gid}/replay/-1",
                     f"/api/games/{gid}/replay/99999999999999999999999", f"/api/games/{gid}/replay/NaN",
                     f"/api/games/{gid}?lang=%ED%A0%80", f"/api/games/{gid}?lang=%00", f"/api/games/{gid}/log?lang=%ff",
                     "/api/meta?lang=%ED%A0%80", "/how-to-play?lang=%ff", "/play/%ff", "/replay/%00", "/static/%2e%2e/x",
                     f"/api/games/{gid}/record", "/nosuch", "/api/games/x/ws"]
        for path in odd_paths:
            requests.append(("GET", path, b"", "", {}))
        for odd_token in ["\x7f", "ü", "a" * 401, ",,,,,,", "a," * 100]:
            requests.append(("GET", f"/api/games/{gid}", b"", "", {"X-Token": odd_token}))
            requests.append(("DELETE", f"/api/games/{gid}x", b"", "", {"X-Token": odd_token}))
        rng.shuffle(requests)
        for method, path, body, kind, headers in requests:
            sent = {k: v.encode("utf-8") for k, v in headers.items()}  # raw bytes: a header of UTF-8 too
            if kind:
                sent["Content-Type"] = kind.encode()
            r = c.request(method, path, content=body or None, headers=sent)
            answers.append((method, path, r.status_code))
            assert r.headers.get("x-content-type-options") == "nosniff", (method, path, r.status_code)
            assert r.headers.get("x-frame-options") == "DENY", (method, path, r.status_code)
            if r.status_code >= 500:
                raise AssertionError(f"{method} {path} {body[:80]!r} ({kind}): {r.status_code} {r.text[:200]}")
    assert len(answers) > 2000  # the corpus is as big as the one of the issue
    print(f"fuzz: {len(answers)} requests, 0 answered 5xx")


def test_json_nested_too_deep_is_refused_with_a_worded_422_with_or_without_a_token(tmp_path: Path) -> None:
    """1,000 levels of arrays (Python's parser recursed past its limit: a 500) and 33 levels of objects,
    on creation and on actions, without a token and with one; 32 levels are read as usual."""
    from lewis_clark.web.safety import MAX_DEPTH, json_depth

    app = create_app(tmp_path / "g.sqlite3", bot_workers=0, expire_days=None, keep_finished_days=None)
    with TestClient(app, raise_server_exceptions=False) as c:
        g = c.post("/api/games", json={"seats": [{"kind": "human"}], "seed": 3}).json()
        gid, token = g["id"], g["seats"][0]["token"]
        deep = ["[" * 1000 + "]" * 1000, '{"seats": ' + '{"a": ' * MAX_DEPTH + "1" + "}" * (MAX_DEPTH + 1),
                '{"action": "end", "plan": ' + "[" * 5000 + "]" * 5000 + "}"]
        for body in deep:
            for path, headers in [("/api/games", {}), (f"/api/games/{gid}/actions", {}),
                                  (f"/api/games/{gid}/actions", {"X-Token": token}),
                                  (f"/api/games/{gid}/undo", {"X-Token": token})]:
                r = c.post(path, content=body, headers={"Content-Type": "application/json", **headers})
                assert r.status_code == 422, (path, r.status_code, r.text[:200])
                assert r.json()["errors"][0]["type"] == "json_too_deep"
                assert f"more than {MAX_DEPTH} deep" in r.json()["errors"][0]["msg"]
        r = c.post("/api/games?lang=hu", content=deep[0], headers={"Content-Type": "application/json"})
        assert r.status_code == 422 and "more than" not in r.json()["errors"][0]["msg"]
        ok = '{"seats": [{"kind": "human"}], "seed": 3, "route": null}'
        assert c.post("/api/games", content=ok, headers={"Content-Type": "application/json"}).status_code == 201
        assert c.get(f"/api/games/{gid}").json()["over"] is False  # nothing changed by the refusals
    assert json_depth('["[[[[", {"a": "}}}}\\"[["}]') == 2
    assert json_depth("[" * 40 + "]" * 40) == 40
