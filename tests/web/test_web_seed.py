"""Seeds on the server (the keyed deck generator): drawn from the OS at 128 bits, never in a view while the game runs,
and a seed chosen by the creator said to every seat and kept in the record."""

from __future__ import annotations

import json
import warnings
from pathlib import Path
from typing import Any

import pytest

with warnings.catch_warnings():  # starlette's notice about httpx, raised on import
    warnings.simplefilter("ignore")
    from fastapi.testclient import TestClient

from lewis_clark import Options, new_game, rng
from lewis_clark.record import Record, load_record
from lewis_clark.web import app as web_app
from lewis_clark.web.database import open_store
from lewis_clark.web.routers import games as games_api
from lewis_clark.wording.page import page_words

HUMANS = [{"kind": "human"}, {"kind": "human"}]


def create(c: TestClient, **spec: Any) -> dict[str, Any]:
    r = c.post("/api/games", json={"seats": HUMANS, **spec})
    assert r.status_code == 201, r.text
    data: dict[str, Any] = r.json()
    return data


def stored_options(db: Path, gid: str) -> Options:
    stored = open_store(db).load(gid)
    assert stored is not None
    return Options.from_json(stored.options)


def test_drawn_seeds_have_128_bits() -> None:
    seeds = [games_api._random_seed() for _ in range(24)]
    assert all(0 <= s < 1 << 128 for s in seeds) and len(set(seeds)) == 24
    assert max(s.bit_length() for s in seeds) >= 124  # all 24 below 2^124: chance 2^-96


def test_a_game_without_a_seed_draws_one_and_shows_it_to_nobody(client: TestClient, db: Path) -> None:
    g = create(client)
    options = stored_options(db, g["id"])
    assert options.generator == rng.KEYED and not options.chosen_seed and options.seed > 1 << 64
    text = client.get(f"/api/games/{g['id']}").text
    view = json.loads(text)
    assert str(options.seed) not in text and rng.key_for(options.seed).hex() not in text
    assert view["state"]["options"]["seed"] == 0 and view["state"]["rng"] == 0
    assert "seed" not in view["options"] and "chosen_seed" not in view["options"]
    # The live game deals from the stored seed, so a restart rebuilds the same table.
    assert view["state"]["journal"] == new_game(options).journal


def test_a_chosen_seed_is_said_to_every_seat_and_in_the_record(client: TestClient, db: Path) -> None:
    seed = (1 << 200) + 99  # big seeds are taken exactly
    g = create(client, seed=seed)
    options = stored_options(db, g["id"])
    assert options.seed == seed and options.chosen_seed and options.generator == rng.KEYED
    for token in ("", g["seats"][0]["token"], g["seats"][1]["token"]):
        view = client.get(f"/api/games/{g['id']}", headers={"X-Token": token} if token else {}).json()
        assert view["options"]["chosen_seed"] is True and "seed" not in view["options"]
        assert view["state"]["journal"] == new_game(options).journal
    record = Record(options)
    assert load_record(json.loads(json.dumps(record.to_json()))).options.chosen_seed
    assert "deck order is known" in page_words()["seed_chosen"]


def test_the_page_shows_the_chosen_seed_warning() -> None:
    script = (Path(web_app.__file__).parent / "static" / "game.js").read_text(encoding="utf-8")
    assert "v.options.chosen_seed" in script and "W.seed_chosen" in script


@pytest.mark.parametrize("seed", [-1, 1 << 256, 1.5, "7"])
def test_a_bad_seed_is_refused(client: TestClient, seed: Any) -> None:
    r = client.post("/api/games", json={"seats": HUMANS, "seed": seed})
    assert r.status_code == 422, r.text
