"""Fit the learned evaluation (bots/experimental/value.py): turns still needed to Camp at Fort Clatsop.

    python scripts/train_value.py --games 9 --first-seed 101 --data /tmp/value-data.jsonl --no-write
    python scripts/train_value.py --games 11 --first-seed 201 --no-mackenzie --data /tmp/value-data.jsonl

The data are positions from the race planner's own solo games (level 0, game seeds from
``--first-seed``, none of the seeds 1-20 that the strength figures use), each labelled with the
turns still to go to the Fort:

- every line the search found that Camps at the Fort: the position after each of its Camps and
  the turns of that line still to come (the deal the line was searched on, as the planner saw it);
- every game the planner won: the position after each of its real Camps and the real turns left.

Positions repeat (a line is found again on later turns): each distinct (position, label) counts
once. The fit is a ridge regression on standardised features (scikit-learn, the ``train`` extra),
each weight held to the sign that makes sense (``SIGNS``; some features left out),
checked on games held out (five folds by game), then refitted on all and written to
src/lewis_clark/bots/experimental/value.json. The features come from the package (``value.features``), so play
and training cannot drift apart.
"""

from __future__ import annotations

import argparse
import json
import sys
import time
from pathlib import Path
from typing import Any

from lewis_clark import Options
from lewis_clark.bots import LEVELS
from lewis_clark.bots.experimental.value import FEATURES, WEIGHTS_FILE, features
from lewis_clark.bots.race import RaceBot, Search
from lewis_clark.match import Match
from lewis_clark.rules import apply_legal, legal_actions
from lewis_clark.state import State
from lewis_clark.turn import CAMP

MAX_TURNS = 120
OUT = Path(__file__).resolve().parent.parent / "src" / "lewis_clark" / "bots" / "experimental" / WEIGHTS_FILE
ALPHA = 10.0  # ridge penalty on standardised features (few games: strong shrinkage)
FOLDS = 5
# The sign each feature's weight may take (+1: more of it, more turns to go), 0 for a feature left out.
# Unconstrained, the fit on few games learnt that heavier boats and more Indians shorten the way (they
# come with late positions in the data), and the planner then stalled loading its boats at its first
# Camp (seeds 1-3 of the screen: Camp 5 at turn 39). Raw resource counts and Indians are left out: a
# turn of gathering would lower the prediction with no progress; ``cargo`` weighs the cargo against the
# terrain ahead instead.
SIGNS: dict[str, int] = {
    "scout": -1, "river_left": 1, "mountain_left": 1, "river_power": -1, "mountain_power": -1, "togo_river": 1,
    "togo_mountain": 1, "hand_reach": -1, "cargo": -1, "boat_time": 1, "strength": -1,
}


def _won_line_positions(bot: RaceBot, deal: Search, seat: int) -> list[tuple[list[float], int]]:
    """(features after each Camp, turns still to go) along the deal's winning line."""
    won = deal.won
    if won is None or not won.turns:
        return []
    s = deal.root.copy()
    total = len(won.turns)
    out: list[tuple[list[float], int]] = []
    for n, steps in enumerate(won.turns, start=1):
        for a in steps:
            if s.over or a not in legal_actions(s):
                return out  # not replayable as searched (should not happen solo)
            apply_legal(s, a)
        if s.over:
            break
        if CAMP in steps and n < total:
            out.append((features(s, seat), total - n))
        bot._settle(s, seat)
    return out


def play(spec: str, seed: int, mackenzie: bool) -> tuple[list[dict[str, Any]], bool, int]:
    """One solo game on ``seed``: the labelled positions it gives, won or not, own turns. Without
    ``mackenzie`` he is taken off the board (as in a game of more seats, -1), so every game goes on
    to the Fort and the positions where the planner stalls get labels too."""
    match = Match(Options(players=1, seed=seed, mackenzie=0), [spec], keep_log=False)
    if not mackenzie:
        match.state.mackenzie = -1
    bot = match.bots[0]
    assert isinstance(bot, RaceBot)
    seen: set[tuple[tuple[float, ...], int]] = set()
    rows: list[dict[str, Any]] = []
    searches = 0
    camps: list[tuple[list[float], int]] = []  # real Camps: features and the turn made
    while not match.over and match.state.turn <= MAX_TURNS:
        turn = match.state.turn
        camped_before = match.state.camped
        match.step_bot()
        s: State = match.state
        if bot.searches != searches:
            searches = bot.searches
            for deal in bot.deals:
                for xs, togo in _won_line_positions(bot, deal, 0):
                    key = (tuple(xs), togo)
                    if key not in seen:
                        seen.add(key)
                        rows.append({"seed": seed, "source": "search", "x": xs, "y": togo})
        if not camped_before and s.camped and s.turn == turn and not s.over:
            camps.append((features(s, 0), turn))
    s = match.state
    won = s.over and s.winner == 0
    if won:
        last = s.turn
        for xs, turn in camps:
            rows.append({"seed": seed, "source": "game", "x": xs, "y": last - turn})
    return rows, won, s.turn


def make_data(spec: str, first: int, games: int, path: Path, mackenzie: bool) -> None:
    """Play the games and add their positions to ``path`` (a game's lines once it is over)."""
    with path.open("a", encoding="utf-8") as out:
        for seed in range(first, first + games):
            start = time.process_time()
            rows, won, turns = play(spec, seed, mackenzie)
            for row in rows:
                out.write(json.dumps(row) + "\n")
            out.flush()
            print(f"seed {seed}: {'won' if won else 'lost'} in {turns} turns, {len(rows)} positions, "
                  f"{time.process_time() - start:.0f} s CPU", flush=True)


def fit(path: Path, write: bool) -> None:
    import numpy as np
    from sklearn.ensemble import GradientBoostingRegressor
    from sklearn.linear_model import Ridge
    from sklearn.model_selection import GroupKFold
    from sklearn.preprocessing import StandardScaler

    rows = [json.loads(line) for line in path.read_text(encoding="utf-8").splitlines() if line]
    seeds = sorted({r["seed"] for r in rows})
    used = [i for i, name in enumerate(FEATURES) if SIGNS.get(name, 0)]
    signs = np.array([SIGNS[FEATURES[i]] for i in used], dtype=float)
    x = np.array([[r["x"][i] for i in used] for r in rows], dtype=float) * signs
    y = np.array([r["y"] for r in rows], dtype=float)
    groups = np.array([r["seed"] for r in rows])
    print(f"positions: {len(rows)} from {len(seeds)} games (seeds {', '.join(map(str, seeds))}); from searches "
          f"{sum(r['source'] == 'search' for r in rows)}, from the games played {sum(r['source'] == 'game' for r in rows)}")
    print(f"turns to go: mean {y.mean():.2f}, range {y.min():.0f}-{y.max():.0f}")

    def ridge(xs: Any, ys: Any) -> tuple[Any, Any]:
        scaler = StandardScaler().fit(xs)
        return scaler, Ridge(alpha=ALPHA, positive=True).fit(scaler.transform(xs), ys)

    # held out by game: each fold's games are predicted by a model fitted on the other games only
    pred = np.zeros_like(y)
    base = np.zeros_like(y)
    for fit_rows, test_rows in GroupKFold(n_splits=FOLDS).split(x, y, groups):
        scaler, model = ridge(x[fit_rows], y[fit_rows])
        pred[test_rows] = model.predict(scaler.transform(x[test_rows]))
        base[test_rows] = y[fit_rows].mean()
    mae = float(np.abs(pred - y).mean())
    rmse = float(np.sqrt(((pred - y) ** 2).mean()))
    print(f"held-out error ({FOLDS} folds by game): MAE {mae:.2f} turns, RMSE {rmse:.2f} "
          f"(predicting the mean: MAE {float(np.abs(base - y).mean()):.2f})")
    trees = np.zeros_like(y)
    for fit_rows, test_rows in GroupKFold(n_splits=FOLDS).split(x, y, groups):
        gbr = GradientBoostingRegressor(random_state=0, n_estimators=200, max_depth=3).fit(x[fit_rows], y[fit_rows])
        trees[test_rows] = gbr.predict(x[test_rows])
    print(f"for comparison, gradient-boosted trees: held-out MAE {float(np.abs(trees - y).mean()):.2f}")
    scaler, model = ridge(x, y)
    # back to the features' own signs, every feature in its place (those left out weigh 0)
    weights, mean, scale = [0.0] * len(FEATURES), [0.0] * len(FEATURES), [1.0] * len(FEATURES)
    for k, i in enumerate(used):
        weights[i] = float(model.coef_[k] * signs[k])
        mean[i] = float(scaler.mean_[k] * signs[k])
        scale[i] = float(scaler.scale_[k])
    for name, w in sorted(zip(FEATURES, weights, strict=True), key=lambda t: -abs(t[1])):
        print(f"  {name:>15} {w:+.3f}")
    data = {
        "about": "turns still needed to Camp at Fort Clatsop after a Camp; ridge regression, scripts/train_value.py",
        "data": {"file": path.name, "positions": len(rows), "seeds": seeds,
                 "held_out_mae": round(mae, 3), "held_out_rmse": round(rmse, 3), "alpha": ALPHA,
                 "folds": FOLDS},
        "features": list(FEATURES),
        "mean": [round(v, 6) for v in mean],
        "scale": [round(v, 6) for v in scale],
        "weights": [round(v, 6) for v in weights],
        "bias": round(float(model.intercept_), 6),
    }
    if write:
        OUT.write_text(json.dumps(data, indent=1) + "\n", encoding="utf-8")
        print(f"wrote {OUT}")


def main() -> None:
    parser = argparse.ArgumentParser(description=(__doc__ or "").splitlines()[0])
    parser.add_argument("--spec", default=LEVELS["hard"], help="the race planner that plays the games (default: hard)")
    parser.add_argument("--first-seed", type=int, default=101, help="first game seed (default 101)")
    parser.add_argument("--games", type=int, default=12, help="solo games at level 0 (default 12)")
    parser.add_argument("--data", type=Path, default=Path("value-data.jsonl"), help="positions file (JSON lines)")
    parser.add_argument("--no-mackenzie", action="store_true", help="Mackenzie off the board: every game reaches the Fort")
    parser.add_argument("--fit-only", action="store_true", help="fit on an existing data file")
    parser.add_argument("--no-write", action="store_true", help="print the fit, do not write value.json")
    args = parser.parse_args()
    print(f"command: python {' '.join(sys.argv)}")
    if not args.fit_only:
        make_data(LEVELS.get(args.spec, args.spec), args.first_seed, args.games, args.data, not args.no_mackenzie)
    fit(args.data, not args.no_write)


if __name__ == "__main__":
    main()
