"""Fit the distilled policy (bots/policy.py) on the expert's own games.

    lewis-clark sim --players expert --games 60 --seed 7 --workers 2 --records /tmp/expert-solo
    python scripts/train_policy.py /tmp/expert-solo --no-write        # held-out accuracy only
    python scripts/train_policy.py /tmp/expert-solo                   # and write policy.json

Each game record is replayed; at every choice between the turn's actions of a seat the expert
played, the options of ``policy.options`` (and the expert's own, if they lack it) are finished on the
seat's view (``policy.outcome``) and described (``policy.features``); the expert's option is the
label. The fit is a softmax over each choice's options (numpy, the ``train`` extra), by full-batch
gradient descent with an L2 penalty on standardised features, checked on games held out (five folds
by game), then refitted on all and written to src/lewis_clark/bots/policy.json.
"""

from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path

import numpy as np

from lewis_clark.actions import Action, Verb
from lewis_clark.bots.policy import FEATURES, TOP_LEVEL, WEIGHTS_FILE, Model, PolicyBot, features, options, outcome
from lewis_clark.record import load_record, steps
from lewis_clark.rules import legal_actions
from lewis_clark.state import view

OUT = Path(__file__).resolve().parent.parent / "src" / "lewis_clark" / "bots" / WEIGHTS_FILE
L2 = 1e-3
STEPS = 3000
RATE = 0.3
FOLDS = 5

Choice = tuple[np.ndarray, int]  # the options' features (rows) and the expert's row


def expert_plan(actions: list[Action], i: int) -> list[Action]:
    """The expert's option at action ``i``: the action, and for a card its Strength steps."""
    plan = [actions[i]]
    if actions[i].verb == Verb.PLAY:
        for a in actions[i + 1: i + 3]:
            if a.verb in (Verb.UNDER, Verb.INDIANS):
                plan.append(a)
    return plan


def same(a: list[Action], b: list[Action]) -> bool:
    """Two plans of one option (a missing Indians step counts as none)."""
    def key(plan: list[Action]) -> tuple[object, ...]:
        if plan[0].verb != Verb.PLAY:
            return tuple(plan)
        under = plan[1].subject if len(plan) > 1 else "none"
        indians = plan[2].indians if len(plan) > 2 else 0
        return (plan[0], under, indians)
    return key(a) == key(b)


def choices(path: Path, seats: set[int] | None = None) -> list[Choice]:
    """The choices of one game record (every seat, or ``seats``)."""
    record = load_record(path)
    actions = [Action.parse(t) for t in record.actions]
    n = len(FEATURES)
    bot = PolicyBot(0, weights=Model(list(FEATURES), [0.0] * n, [1.0] * n, [0.0] * n))  # no shipped weights needed
    out: list[Choice] = []
    for i, before, action, _after in steps(record.options, actions):
        if before.stack or action.verb not in TOP_LEVEL or before.over:
            continue
        seat = before.current
        if seats is not None and seat not in seats:
            continue
        v = view(before, seat)
        legal = legal_actions(v)
        plans = options(bot, v, legal)
        chosen = expert_plan(actions, i)
        label = next((k for k, plan in enumerate(plans) if same(plan, chosen)), -1)
        if label < 0:
            plans.append(chosen)
            label = len(plans) - 1
        if len(plans) < 2:
            continue
        heuristic = bot.heuristic_plan(v, legal)
        rows: list[list[float]] = []
        keep = -1
        for k, plan in enumerate(plans):
            after = outcome(bot.helper, v, plan)
            if after is None:
                continue
            if k == label:
                keep = len(rows)
            rows.append(features(v, after, plan, heuristic))
        if keep >= 0 and len(rows) >= 2:
            out.append((np.array(rows), keep))
    return out


def _stack(data: list[Choice], mean: np.ndarray, scale: np.ndarray) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """All options as rows (standardised), where each choice starts, and the labels' rows."""
    x = (np.vstack([x for x, _ in data]) - mean) / scale
    sizes = np.array([len(x) for x, _ in data])
    starts = np.concatenate([[0], np.cumsum(sizes)[:-1]])
    return x, starts, starts + np.array([y for _, y in data])


def fit(data: list[Choice], mean: np.ndarray, scale: np.ndarray) -> np.ndarray:
    """Softmax weights by gradient descent (with momentum) on standardised features."""
    x, starts, labels = _stack(data, mean, scale)
    sizes = np.diff(np.append(starts, len(x)))
    w = np.zeros(len(FEATURES))
    velocity = np.zeros_like(w)
    for _ in range(STEPS):
        s = x @ w
        top = np.repeat(np.maximum.reduceat(s, starts), sizes)
        e = np.exp(s - top)
        prob = e / np.repeat(np.add.reduceat(e, starts), sizes)
        prob[labels] -= 1.0
        grad = L2 * w + x.T @ prob / len(starts)
        velocity = 0.9 * velocity - RATE * grad
        w = w + velocity
    return w


def accuracy(data: list[Choice], mean: np.ndarray, scale: np.ndarray, w: np.ndarray) -> float:
    hits = sum(int(np.argmax(((x - mean) / scale) @ w) == y) for x, y in data)
    return hits / max(1, len(data))


def heuristic_accuracy(data: list[Choice]) -> float:
    column = FEATURES.index("heuristic")
    return sum(int(x[y, column] == 1 and x[:, column].sum() == 1) for x, y in data) / max(1, len(data))


def main() -> None:
    parser = argparse.ArgumentParser(description=(__doc__ or "").splitlines()[0])
    parser.add_argument("records", type=Path, help="a folder of the expert's game records (JSON)")
    parser.add_argument("--no-write", action="store_true", help="report the held-out accuracy only")
    args = parser.parse_args()
    paths = sorted(args.records.glob("*.json"))
    if not paths:
        parser.error(f"no game records (*.json) in {args.records}")
    games = [choices(p) for p in paths]
    data = [c for g in games for c in g]
    print(f"{len(paths)} games, {len(data)} choices, {np.mean([len(x) for x, _ in data]):.1f} options a choice")
    every = np.vstack([x for x, _ in data])
    mean, scale = every.mean(axis=0), every.std(axis=0)
    scale[scale == 0] = 1.0
    held: list[Choice] = []
    hits = 0.0
    for fold in range(FOLDS):
        train = [c for k, g in enumerate(games) if k % FOLDS != fold for c in g]
        test = [c for k, g in enumerate(games) if k % FOLDS == fold for c in g]
        w = fit(train, mean, scale)
        hits += accuracy(test, mean, scale, w) * len(test)
        held += test
    print(f"held-out: the expert's option ranked first in {hits / len(held):.1%} of choices "
          f"(the heuristic's own choice alone: {heuristic_accuracy(held):.1%})")
    w = fit(data, mean, scale)
    print(f"all games: {accuracy(data, mean, scale, w):.1%}")
    for name, weight in sorted(zip(FEATURES, w, strict=True), key=lambda t: -abs(t[1])):
        print(f"  {name:>16} {weight:+.3f}")
    if args.no_write:
        return
    model = Model(list(FEATURES), [float(v) for v in mean], [float(v) for v in scale], [float(v) for v in w])
    OUT.write_text(json.dumps(model.to_json(), indent=1) + "\n")
    print(f"wrote {OUT}", file=sys.stderr)


if __name__ == "__main__":
    main()
