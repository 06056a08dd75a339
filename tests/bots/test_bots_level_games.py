"""The levels replay their recorded choices (tests/bots/level_games.json, by scripts/level_games.py):
a change to the bots meant to keep behaviour (a restructuring) must keep every action of these
seeded games. If a change of play is intended, regenerate the file and say so in the commit."""

from __future__ import annotations

import json

import pytest

from builders import script

games = script("level_games")
RECORDED = json.loads(games.FILE.read_text(encoding="utf-8"))
SLOW = {"medium-solo-0", "medium-solo-7", "medium-2p", "hard-solo-0", "expert-solo-7"}  # seconds to minutes on the pure build


def test_every_game_is_recorded() -> None:
    assert {g.name for g in games.GAMES} == set(RECORDED)
    assert {g.level for g in games.GAMES} == {"easy", "medium", "hard", "expert"}
    assert all(len(RECORDED[g.name]) > 10 for g in games.GAMES)


@pytest.mark.parametrize("game", [pytest.param(g, id=g.name, marks=[pytest.mark.slow] if g.name in SLOW else [])
                                  for g in games.GAMES])
def test_a_level_replays_its_recorded_game(game: object) -> None:
    assert games.difference(game, RECORDED[game.name]) == ""  # type: ignore[attr-defined]
