"""Elo ratings from two-player games: a Bradley-Terry fit by maximum likelihood.

The chance that ``a`` beats ``b`` is ``1 / (1 + 10 ** ((R_b - R_a) / 400))``. A drawn or unfinished
game counts half a win to each side. So that a bot that wins (or loses) every game still gets a
finite rating, ``prior`` virtual drawn games are added between every two players (a light pull
towards equal ratings: one draw beside a hundred real games moves a 75% record from +191 to +189).
Ratings are anchored so that one named player is 0 (``anchor``), or else their mean is 1000.

Intervals come from the Fisher information at the fit (the curvature of the log-likelihood, prior
included): rating +- 1.96 standard errors of the anchored rating. The anchor's own interval is
therefore 0 wide, and every other interval is the uncertainty of its difference to the anchor.
"""

from __future__ import annotations

import math
from collections.abc import Iterable, Sequence
from dataclasses import dataclass

SCALE = 400 / math.log(10)  # Elo points per natural-log unit of strength
MEAN = 1000.0
Z95 = 1.959963984540054


@dataclass(frozen=True)
class Game:
    """One game between two players: ``score`` is ``first``'s (1 win, 0.5 draw, 0 loss)."""

    first: str
    second: str
    score: float


@dataclass(frozen=True)
class Rating:
    """One player's fitted rating with its 95% interval, and the real games behind it."""

    name: str
    games: int
    wins: float  # real games only; a draw counts a half
    rating: float
    low: float
    high: float


def expected(rating_a: float, rating_b: float) -> float:
    """The Elo chance that a player rated ``rating_a`` beats one rated ``rating_b``."""
    return 1 / (1 + 10 ** ((rating_b - rating_a) / 400))


def fit(games: Iterable[Game], players: Sequence[str] | None = None, anchor: str | None = None,
        prior: float = 1.0) -> list[Rating]:
    """Ratings of ``players`` (default: everyone in ``games``, in order of appearance) by maximum
    likelihood; raises ValueError when the games cannot separate the players (no prior and a player
    with no games, or groups that never met)."""
    games = list(games)
    names = list(players) if players is not None else list(dict.fromkeys(n for g in games for n in (g.first, g.second)))
    index = {name: i for i, name in enumerate(names)}
    if len(index) != len(names):
        raise ValueError("elo: a player is named twice")
    if anchor is not None and anchor not in index:
        raise ValueError(f"elo: anchor {anchor!r} is not among the players")
    n = len(names)
    played = [[0.0] * n for _ in range(n)]  # games between i and j, prior included
    won = [[0.0] * n for _ in range(n)]  # i's score against j, prior included
    games_of, wins_of = [0] * n, [0.0] * n
    for g in games:
        if g.first not in index or g.second not in index:
            raise ValueError(f"elo: game between unknown players {g.first!r} and {g.second!r}")
        if g.first == g.second or not 0 <= g.score <= 1:
            raise ValueError(f"elo: bad game {g}")
        i, j = index[g.first], index[g.second]
        played[i][j] += 1
        played[j][i] += 1
        won[i][j] += g.score
        won[j][i] += 1 - g.score
        games_of[i] += 1
        games_of[j] += 1
        wins_of[i] += g.score
        wins_of[j] += 1 - g.score
    for i in range(n):
        for j in range(n):
            if i != j:
                played[i][j] += prior
                won[i][j] += prior / 2
    theta = _newton(played, won)
    cov = _covariance(played, theta)
    # anchored ratings are a linear map of theta: r = SCALE * (theta - a . theta) + offset
    weights = [1.0 if name == anchor else 0.0 for name in names] if anchor is not None else [1 / n] * n
    offset = 0.0 if anchor is not None else MEAN
    centre = sum(w * t for w, t in zip(weights, theta, strict=True))
    ratings = []
    for i, name in enumerate(names):
        row = [(1.0 if k == i else 0.0) - weights[k] for k in range(n)]
        variance = sum(row[a] * cov[a][b] * row[b] for a in range(n) for b in range(n))
        half = Z95 * SCALE * math.sqrt(max(variance, 0.0))
        rating = SCALE * (theta[i] - centre) + offset
        ratings.append(Rating(name, games_of[i], wins_of[i], rating, rating - half, rating + half))
    return ratings


def _gradient_and_hessian(played: list[list[float]], won: list[list[float]],
                          theta: list[float]) -> tuple[list[float], list[list[float]], float]:
    """Log-likelihood, its gradient and Hessian at ``theta`` (natural-log strengths)."""
    n = len(theta)
    grad = [0.0] * n
    hess = [[0.0] * n for _ in range(n)]
    loglik = 0.0
    for i in range(n):
        for j in range(i + 1, n):
            if played[i][j] == 0:
                continue
            d = theta[i] - theta[j]
            p = 1 / (1 + math.exp(-d))
            loglik += won[i][j] * _log_sigmoid(d) + won[j][i] * _log_sigmoid(-d)
            g = won[i][j] - played[i][j] * p
            grad[i] += g
            grad[j] -= g
            h = played[i][j] * p * (1 - p)
            hess[i][i] -= h
            hess[j][j] -= h
            hess[i][j] += h
            hess[j][i] += h
    return grad, hess, loglik


def _log_sigmoid(x: float) -> float:
    return -math.log1p(math.exp(-x)) if x >= 0 else x - math.log1p(math.exp(x))


def _newton(played: list[list[float]], won: list[list[float]], tolerance: float = 1e-10,
            steps: int = 200) -> list[float]:
    """Maximise the log-likelihood by Newton steps, halved while they do not improve it; player 0
    is held at 0 because only differences of strength are identified."""
    n = len(played)
    theta = [0.0] * n
    if n < 2:
        return theta
    _, _, current = _gradient_and_hessian(played, won, theta)
    for _ in range(steps):
        grad, hess, _ = _gradient_and_hessian(played, won, theta)
        step = _solve([[-h for h in row[1:]] for row in hess[1:]], grad[1:])
        size = 1.0
        while True:
            trial = [0.0] + [t + size * s for t, s in zip(theta[1:], step, strict=True)]
            _, _, value = _gradient_and_hessian(played, won, trial)
            if value >= current - 1e-12 or size < 1e-6:
                break
            size /= 2
        theta, current = trial, value
        if max((abs(s) for s in step), default=0.0) * size < tolerance:
            break
    return theta


def _covariance(played: list[list[float]], theta: list[float]) -> list[list[float]]:
    """The inverse Fisher information of the strengths, player 0 held at 0 (its row and column 0)."""
    n = len(theta)
    cov = [[0.0] * n for _ in range(n)]
    if n < 2:
        return cov
    won = [[0.0] * n for _ in range(n)]  # the Hessian does not depend on the scores
    _, hess, _ = _gradient_and_hessian(played, won, theta)
    info = [[-h for h in row[1:]] for row in hess[1:]]
    for k in range(n - 1):
        unit = [1.0 if m == k else 0.0 for m in range(n - 1)]
        column = _solve(info, unit)
        for m in range(n - 1):
            cov[m + 1][k + 1] = column[m]
    return cov


def _solve(matrix: list[list[float]], vector: list[float]) -> list[float]:
    """Solve ``matrix @ x = vector`` by Gaussian elimination with partial pivoting."""
    n = len(vector)
    a = [row[:] + [v] for row, v in zip(matrix, vector, strict=True)]
    for col in range(n):
        pivot = max(range(col, n), key=lambda r: abs(a[r][col]))
        if abs(a[pivot][col]) < 1e-12:
            raise ValueError("elo: the games do not connect every player (add games or a prior)")
        a[col], a[pivot] = a[pivot], a[col]
        for r in range(col + 1, n):
            factor = a[r][col] / a[col][col]
            for c in range(col, n + 1):
                a[r][c] -= factor * a[col][c]
    x = [0.0] * n
    for r in range(n - 1, -1, -1):
        x[r] = (a[r][n] - sum(a[r][c] * x[c] for c in range(r + 1, n))) / a[r][r]
    return x


def win_matrix(games: Iterable[Game], players: Sequence[str]) -> list[list[float | None]]:
    """Row player's score rate against the column player (draws a half), None where they never met."""
    index = {name: i for i, name in enumerate(players)}
    n = len(players)
    score = [[0.0] * n for _ in range(n)]
    count = [[0] * n for _ in range(n)]
    for g in games:
        i, j = index[g.first], index[g.second]
        score[i][j] += g.score
        score[j][i] += 1 - g.score
        count[i][j] += 1
        count[j][i] += 1
    return [[score[i][j] / count[i][j] if count[i][j] else None for j in range(n)] for i in range(n)]
