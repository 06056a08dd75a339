"""The research environment's speed against the field's own, side by side in one run (docs/speed.md, docs/rl.md).

    python scripts/rl_speed.py                 # about two minutes
    python scripts/rl_speed.py --seconds 4     # each measured loop's budget (default 3)

Run it on the compiled build (the README's set-up); it says which build it timed. The comparisons
need the ``bench`` extra (``pip install -e '.[bench]'``: pgx and jax, pygame for PettingZoo's
``connect_four_v3``) and OpenSpiel (the ``rl`` extra); a row whose reference cannot be imported
prints its own figure and says why the other is missing.

- **PettingZoo env steps/s**, 2 players, against ``connect_four_v3``: the same random-with-mask
  driver (``agent_iter``, ``last()``, a uniform choice among the mask's ones, ``step``) on both,
  interleaved round by round so that a busy machine slows both alike.
- **Observation encode**, one state: ``observation.observe(state, seat)`` (the compiled fill and
  numpy's division) on states sampled from random 2-player play; the mean over them, best of 5.
- **Batch API lane-steps/s**, 256 games of 2 players: ``VectorEnv.step`` with a random legal action
  per game (numpy: random scores, masked argmax), against the bot ``random`` and in self-play, beside
  pgx's ``backgammon`` under ``jax.vmap`` (``jit``-compiled step with pgx's auto-reset and a random
  legal action per lane, batch 256, compilation not timed).
- **Engine decisions/s**, 4 players, against OpenSpiel's C++ backgammon: scripts/speed.py's loop
  (``legal_actions`` + a uniform choice + ``apply_in_place``; dice drawn from ``chance_outcomes``),
  interleaved round by round.
"""

from __future__ import annotations

import argparse
import random
import sys
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

import numpy as np

sys.path.insert(0, str(Path(__file__).resolve().parent))
from speed import backgammon_decisions_per_s, machine  # noqa: E402 (the script beside this one)

BATCH = 256
ROUNDS = 3
TARGETS = {"pettingzoo": 3.0, "encode_us": 15.0, "batch": 1.0, "engine": 5.0}


def drive(make: Callable[[], Any], seconds: float, seed: int) -> tuple[int, float]:
    """The random-with-mask driver on a PettingZoo AEC env for ``seconds``: (steps, elapsed)."""
    e = make()
    rng = np.random.default_rng(seed)
    steps = 0
    game = seed * 1000
    start = time.perf_counter()
    deadline = start + seconds
    while time.perf_counter() < deadline:
        e.reset(seed=game)
        game += 1
        for _agent in e.agent_iter():
            obs, _, terminated, truncated, _ = e.last()
            if terminated or truncated:
                e.step(None)
                continue
            e.step(int(rng.choice(np.flatnonzero(obs["action_mask"]))))
            steps += 1
            if steps % 64 == 0 and time.perf_counter() >= deadline:
                break
    return steps, time.perf_counter() - start


def pettingzoo(seconds: float) -> dict[str, Any]:
    from lewis_clark.rl.pettingzoo_env import env

    ours = theirs = 0
    ours_t = theirs_t = 0.0
    reference: Callable[[], Any] | None = None
    why = ""
    try:
        from pettingzoo.classic import connect_four_v3

        reference = connect_four_v3.env
    except ImportError as exc:
        why = f"connect_four_v3 not importable ({exc}; pip install -e '.[bench]')"
    for r in range(ROUNDS):
        n, t = drive(lambda: env(players=2, max_turns=400), seconds / ROUNDS, r)
        ours, ours_t = ours + n, ours_t + t
        if reference is not None:
            n, t = drive(reference, seconds / ROUNDS, r)
            theirs, theirs_t = theirs + n, theirs_t + t
    return {"ours": ours / ours_t, "theirs": theirs / theirs_t if theirs else None, "why": why}


def sample_states(players: int, count: int) -> list[Any]:
    from lewis_clark import apply_in_place, legal_actions, new_game

    states = []
    seed = 0
    while len(states) < count:
        state = new_game(players=players, seed=seed)
        rng = random.Random(seed)
        while not state.over and state.turn <= 200 and len(states) < count:
            if rng.random() < 0.1:
                states.append(state.copy())
            apply_in_place(state, rng.choice(legal_actions(state)))
        seed += 1
    return states


def encode_us() -> dict[str, Any]:
    from lewis_clark.rl.observation import observe

    states = sample_states(2, 400)
    best = float("inf")
    for _ in range(5):
        start = time.perf_counter()
        for k, state in enumerate(states):
            observe(state, k % 2)
        best = min(best, (time.perf_counter() - start) / len(states))
    return {"ours": best * 1e6}


def batch_lane_steps(seconds: float, opponents: str | None) -> float:
    from lewis_clark.rl import VectorEnv

    envs = VectorEnv(BATCH, players=2, opponents=opponents)
    _, infos = envs.reset(seed=0)
    rng = np.random.default_rng(0)
    steps = 0
    start = time.perf_counter()
    while time.perf_counter() - start < seconds:
        scores = rng.random(infos["action_mask"].shape, dtype=np.float32)
        scores[infos["action_mask"] == 0] = -1.0
        _, _, _, _, infos = envs.step(scores.argmax(axis=1))
        steps += 1
    return steps * BATCH / (time.perf_counter() - start)


def pgx_lane_steps(seconds: float) -> tuple[float | None, str]:
    try:
        import jax
        import jax.numpy as jnp
        import pgx
        from pgx.experimental import auto_reset
    except ImportError as exc:
        return None, f"pgx/jax not importable ({exc}; pip install -e '.[bench]')"
    env = pgx.make("backgammon")

    def one(state: Any, key: Any) -> Any:
        key, pick, reset = jax.random.split(key, 3)
        logits = jnp.where(state.legal_action_mask, 0.0, -jnp.inf)
        action = jax.random.categorical(pick, logits)
        return auto_reset(env.step, env.init)(state, action, reset), key

    init = jax.jit(jax.vmap(env.init))
    step = jax.jit(jax.vmap(one))
    keys = jax.random.split(jax.random.PRNGKey(0), BATCH)
    state = init(keys)
    state, keys = step(state, keys)  # compile, not timed
    jax.block_until_ready(state)
    steps = 0
    start = time.perf_counter()
    while time.perf_counter() - start < seconds:
        for _ in range(8):
            state, keys = step(state, keys)
        jax.block_until_ready(state)
        steps += 8
    return steps * BATCH / (time.perf_counter() - start), f"jax {jax.__version__}, pgx {pgx.__version__}"


def engine(seconds: float) -> dict[str, Any]:
    from lewis_clark.bench import play_random

    ours = theirs = 0
    ours_t = theirs_t = 0.0
    why = ""
    for r in range(ROUNDS):
        figures, _ = play_random(4, seconds / ROUNDS, seed=r)
        ours, ours_t = ours + figures["decisions"], ours_t + figures["seconds"]
        try:
            n, t = backgammon_decisions_per_s(seconds / ROUNDS, seed=r)
            theirs, theirs_t = theirs + n, theirs_t + t
        except ImportError as exc:
            why = f"OpenSpiel not importable ({exc})"
    return {"ours": ours / ours_t, "theirs": theirs / theirs_t if theirs else None, "why": why}


def ratio(ours: float, theirs: float | None) -> str:
    return f"{ours / theirs:.2f}x" if theirs else "n/a"


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seconds", type=float, default=3.0, help="time budget of each measured loop")
    args = parser.parse_args()
    from lewis_clark import build

    s = args.seconds
    pz = pettingzoo(2 * s)
    enc = encode_us()
    vs_random = batch_lane_steps(s, "random")
    selfplay = batch_lane_steps(s, None)
    pgx_rate, pgx_note = pgx_lane_steps(s)
    eng = engine(2 * s)
    print(f"machine: {machine()}")
    print(f"build: {build()}; command: python scripts/rl_speed.py --seconds {s:g}")
    print()
    print("| measure | ours | reference | ratio | target |")
    print("|---|---|---|---|---|")
    print(f"| PettingZoo env steps/s, 2 players / `connect_four_v3`, same random-with-mask driver "
          f"| {pz['ours']:,.0f} | {pz['theirs'] or 0:,.0f} | {ratio(pz['ours'], pz['theirs'])} "
          f"| >= {TARGETS['pettingzoo']:g}x |")
    print(f"| observation encode, one state ({build()}) | {enc['ours']:.1f} µs | | | <= {TARGETS['encode_us']:g} µs |")
    print(f"| batch API lane-steps/s, batch {BATCH}, 2 players vs `random` / pgx backgammon vmap "
          f"| {vs_random:,.0f} | {pgx_rate or 0:,.0f} | {ratio(vs_random, pgx_rate)} | >= {TARGETS['batch']:g}x |")
    print(f"| batch API lane-steps/s, batch {BATCH}, 2 players self-play / pgx backgammon vmap "
          f"| {selfplay:,.0f} | {pgx_rate or 0:,.0f} | {ratio(selfplay, pgx_rate)} | >= {TARGETS['batch']:g}x |")
    print(f"| engine decisions/s, 4 players / OpenSpiel C++ backgammon | {eng['ours']:,.0f} | {eng['theirs'] or 0:,.0f} "
          f"| {ratio(eng['ours'], eng['theirs'])} | >= {TARGETS['engine']:g}x |")
    print()
    print(f"pgx: {pgx_note}")
    for why in (pz["why"], eng["why"]):
        if why:
            print(f"note: {why}")


if __name__ == "__main__":
    main()
