"""The JSON round trip at 4 players, piece by piece (docs/speed.md): what ``lewis-clark bench``'s
``json_roundtrip_us`` (``load_state(state.to_text())``) spends where, on one mid-game state.

    python scripts/roundtrip.py
"""

from __future__ import annotations

import json
import random
import timeit
from collections.abc import Callable

import lewis_clark as lc
from lewis_clark import canonical, invariants
from lewis_clark.state import State

CALLS = 300
REPEATS = 15


def mid_game(players: int = 4, seed: int = 3, steps: int = 300) -> State:
    """A 4-player state after ``steps`` random decisions."""
    s = lc.new_game(lc.Options(players=players, seed=seed))
    chooser = random.Random(1)
    for _ in range(steps):
        actions = lc.legal_actions(s)
        if not actions:
            break
        s = lc.apply(s, chooser.choice(actions))
    return s


def micros(op: Callable[[], object]) -> float:
    return min(timeit.repeat(op, number=CALLS, repeat=REPEATS)) / CALLS * 1e6  # the least disturbed run


def main() -> None:
    s = mid_game()
    text = s.to_text()
    data = s.to_json()
    print(f"build {lc.build()}, orjson {'used' if canonical.FAST else 'absent'}, state text {len(text)} characters")
    figures = {
        "to_json": micros(s.to_json),
        "canonical.dumps (after to_json)": micros(lambda: canonical.dumps(data)),
        "json.dumps sort_keys (standard)": micros(lambda: canonical.standard_dumps(data)),
        "canonical.loads": micros(lambda: canonical.loads(text)),
        "json.loads (standard)": micros(lambda: json.loads(text)),
        "State.from_json (after loads)": micros(lambda: State.from_json(json.loads(text))) - micros(lambda: json.loads(text)),
        "invariants.check_state": micros(lambda: invariants.check_state(s)),
        "to_text": micros(s.to_text),
        "load_state(text)": micros(lambda: lc.load_state(text)),
        "round trip load_state(to_text())": micros(lambda: lc.load_state(s.to_text())),
    }
    for name, us in figures.items():
        print(f"{name:36} {us:7.1f} us")


if __name__ == "__main__":
    main()
