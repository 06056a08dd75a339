"""The fixed action space: every action the engine offers has an index, indices round-trip, and the
numbering does not depend on the interpreter's hash seed."""

from __future__ import annotations

import os
import random
import subprocess
import sys

import pytest

from lewis_clark import Action, apply_in_place, legal_actions, new_game
from lewis_clark.actions import VERBS
from lewis_clark.rl.actions_index import ACTIONS, GROUPS, INDEX, NUM_ACTIONS, action_at, index_of, legal_indices


@pytest.mark.parametrize("players", [1, 2, 3, 4, 5])
def test_every_legal_action_of_random_games_has_an_index(players: int) -> None:
    for seed in range(4):
        state = new_game(players=players, seed=seed, random_start=seed % 2 == 1)
        rng = random.Random(seed)
        while not state.over and state.turn <= 250:
            legal = legal_actions(state)
            missing = [str(a) for a in legal if a not in INDEX]
            assert not missing, f"turn {state.turn}: {missing}"
            assert legal_indices(state) == sorted(INDEX[a] for a in legal)
            apply_in_place(state, rng.choice(legal))


def test_indices_round_trip_through_text() -> None:
    for i, action in enumerate(ACTIONS):
        assert Action.parse(str(action)) == action
        assert index_of(str(action)) == i and action_at(i) == action


def test_groups_cover_the_space_in_verb_order() -> None:
    assert [g.verb for g in GROUPS] == list(VERBS)
    assert GROUPS[0].start == 0 and GROUPS[-1].stop == NUM_ACTIONS
    for before, after in zip(GROUPS, GROUPS[1:], strict=False):
        assert before.stop == after.start
    for g in GROUPS:
        assert all(a.verb == g.verb for a in ACTIONS[g.start: g.stop])


def test_boosts_and_copies_are_in_the_space() -> None:
    """R19 boosts, R22 copies of any non-permanent card, Cuscalar picks, "any" payments (R3)."""
    for text in ("perform river boost", "perform mountain boost", "perform boost pay 2 canoe", "perform york",
                 "perform the-partisan", "perform black-cat", "perform pay 1 wood + 1 fur", "take 18 indian",
                 "take 1 wood + 1 fur + 1 food + 1 equipment", "village canoe 3", "recruit york"):
        index_of(text)
    with pytest.raises(ValueError):
        index_of("perform jarrot")  # permanent cards cannot be copied (R22)
    with pytest.raises(ValueError):
        index_of("village hunting 2")  # a circle takes one Indian (R9)
    with pytest.raises(ValueError):
        action_at(NUM_ACTIONS)


def test_numbering_does_not_depend_on_the_hash_seed() -> None:
    code = "from lewis_clark.rl.actions_index import ACTIONS; print('|'.join(map(str, ACTIONS)))"
    texts = set()
    for seed in ("1", "2"):
        env = {**os.environ, "PYTHONHASHSEED": seed}
        out = subprocess.run([sys.executable, "-c", code], env=env, capture_output=True, text=True, check=True)
        texts.add(out.stdout.strip())
    assert texts == {"|".join(map(str, ACTIONS))}


def test_docs_table_matches_the_groups() -> None:
    import re
    from pathlib import Path

    text = (Path(__file__).resolve().parents[2] / "docs" / "rl.md").read_text()
    rows = re.findall(r"^\| (\d+)-(\d+) \| `(\w+)` \|", text, re.M)
    documented = {verb: (int(a), int(b)) for a, b, verb in rows}
    for g in GROUPS:
        if g.stop - g.start > 1:
            assert documented[g.verb] == (g.start, g.stop - 1), g.verb
    assert f"`NUM_ACTIONS` is {NUM_ACTIONS};" in text
