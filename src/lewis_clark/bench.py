"""The engine's speed under random play, on one core.

For each player count, random games are played for half the time budget, counting decisions (a
decision = ``legal_actions`` + a uniform choice + ``apply_in_place``); a game that runs past
``max_turns`` is abandoned and the next seed started. States met along the way are sampled, and the
other half of the budget times single operations on them: ``legal_actions``, the copy-returning
``apply``, ``State.copy`` and a JSON round trip (``load_state(state.to_text())``).
"""

from __future__ import annotations

import platform
import random
import time
from collections.abc import Callable, Sequence
from typing import Any

from lewis_clark.actions import Action
from lewis_clark.builds import build
from lewis_clark.invariants import load_state
from lewis_clark.rules import apply, apply_in_place, legal_actions
from lewis_clark.setup import new_game
from lewis_clark.state import State

DEFAULT_SECONDS = 10.0
DEFAULT_PLAYERS = (2, 4)
BENCH_MAX_TURNS = 200  # random play rarely ends a game; long games would drift far from real positions
MAX_SAMPLES = 1000
CHECK_EVERY = 64  # decisions between clock readings: reading it costs as much as a small decision

METRICS = ("decisions_per_s", "legal_actions_us", "apply_us", "copy_us", "json_roundtrip_us")


def play_random(players: int, seconds: float, seed: int = 0,
                max_turns: int = BENCH_MAX_TURNS) -> tuple[dict[str, Any], list[tuple[State, Action]]]:
    """Random play for ``seconds``: figures, and (state, legal action) samples spread over the run."""
    chooser = random.Random(seed)
    game_seed = seed
    state = new_game(players=players, seed=game_seed)
    samples: list[tuple[State, Action]] = []
    stride = 1
    decisions = games = abandoned = 0
    start = time.perf_counter()
    deadline = start + seconds
    while True:
        for _ in range(CHECK_EVERY):
            if state.over or state.turn > max_turns:
                if state.over:
                    games += 1
                else:
                    abandoned += 1
                game_seed += 1
                state = new_game(players=players, seed=game_seed)
            legal = legal_actions(state)
            action = chooser.choice(legal)
            if decisions % stride == 0:
                samples.append((state.copy(), action))
                if len(samples) >= MAX_SAMPLES:  # thin out evenly so samples cover the whole run
                    samples = samples[::2]
                    stride *= 2
            apply_in_place(state, action)
            decisions += 1
        if time.perf_counter() >= deadline:
            break
    elapsed = time.perf_counter() - start
    figures = {"players": players, "decisions": decisions, "seconds": round(elapsed, 3),
               "decisions_per_s": round(decisions / elapsed, 1), "games_finished": games,
               "games_abandoned": abandoned, "max_turns": max_turns}
    return figures, samples


def time_each(samples: Sequence[tuple[State, Action]], op: Callable[[State, Action], object], seconds: float) -> float:
    """Microseconds per call of ``op`` over the samples, repeated for about ``seconds`` (at least once)."""
    calls = 0
    spent = 0.0
    while True:
        start = time.perf_counter()
        for state, action in samples:
            op(state, action)
        spent += time.perf_counter() - start
        calls += len(samples)
        if spent >= seconds:
            break
    return round(spent / calls * 1e6, 2)


OPERATIONS: dict[str, Callable[[State, Action], object]] = {
    "legal_actions_us": lambda s, a: legal_actions(s),
    "apply_us": lambda s, a: apply(s, a),
    "copy_us": lambda s, a: s.copy(),
    "json_roundtrip_us": lambda s, a: load_state(s.to_text()),
}


def bench_players(players: int, seconds: float, seed: int = 0) -> dict[str, Any]:
    """All figures for one player count within about ``seconds``."""
    figures, samples = play_random(players, seconds / 2, seed)
    for key, op in OPERATIONS.items():
        figures[key] = time_each(samples, op, seconds / 2 / len(OPERATIONS))
    figures["states_sampled"] = len(samples)
    return figures


def run_bench(seconds: float = DEFAULT_SECONDS, players: Sequence[int] = DEFAULT_PLAYERS, seed: int = 0) -> dict[str, Any]:
    """The benchmark: headline figures for the largest player count, detail for each under ``by_players``."""
    if seconds <= 0:
        raise ValueError(f"seconds must be positive, got {seconds}")
    if not players:
        raise ValueError("no player counts to benchmark")
    detail = {str(n): bench_players(n, seconds / len(players), seed) for n in players}
    headline = detail[str(max(players))]
    result: dict[str, Any] = {key: headline[key] for key in METRICS}
    result["players"] = max(players)
    result["by_players"] = detail
    result["python"] = f"{platform.python_implementation()} {platform.python_version()}"
    result["seconds"] = seconds
    result["build"] = build()  # "compiled" or "pure" (builds.py)
    return result
