"""The post-game review as the server gives it (web/reviews.py, routers/review.py): started in the
background, its progress polled, then its facts and words; only for finished games."""

from __future__ import annotations

import time
import warnings
from pathlib import Path
from typing import Any

import pytest

with warnings.catch_warnings():
    warnings.simplefilter("ignore")
    from fastapi.testclient import TestClient

from lewis_clark.web.app import create_app
from lewis_clark.web.reviews import Reviews

TINY = "race:samples=1:keep=1:beam=2:nodes=3:actions=3:recruits=1"
SOLO = {"seats": [{"kind": "bot", "level": "easy"}], "mackenzie": 7, "seed": 5}


def wait_for(client: Any, path: str, done: Any, seconds: float = 120) -> Any:
    end = time.monotonic() + seconds
    while time.monotonic() < end:
        body = client.get(path).json()
        if done(body):
            return body
        time.sleep(0.1)
    raise AssertionError(f"{path} never got there: {body}")


@pytest.mark.slow
def test_a_finished_game_is_reviewed_in_the_background(tmp_path: Path) -> None:
    with TestClient(create_app(tmp_path / "games.sqlite3", bot_workers=0, reviews=Reviews(TINY))) as client:
        human = client.post("/api/games", json={"seats": [{"kind": "human"}]}).json()
        assert client.post(f"/api/games/{human['id']}/review").status_code == 409  # not over: nothing to review
        game = client.post("/api/games", json=SOLO).json()
        wait_for(client, f"/api/games/{game['id']}", lambda g: g["over"])
        path = f"/api/games/{game['id']}/review"
        assert client.get(path).json() == {"state": "none", "done": 0, "total": 0}
        started = client.post(path)
        assert started.status_code == 202 and started.json()["state"] in ("running", "done")
        assert started.json()["total"] > 5
        done = wait_for(client, path + "?lang=hu", lambda r: r["state"] != "running")
        assert done["state"] == "done" and done["done"] == done["total"]
        (seat,) = done["review"]["seats"]
        assert len(seat["turns"]) == done["total"] and len(seat["costliest"]) <= 3
        (words,) = done["words"]["seats"]
        assert [c["turn"] for c in words["costliest"]] == seat["costliest"]
        assert "becsült érkezés" in words["legend"]  # in the language asked for
        again = client.post(path)  # kept: not made twice
        assert again.json()["state"] == "done"
