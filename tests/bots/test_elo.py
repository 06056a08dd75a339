"""Elo fitting: known results give ratings in the right order, equal records equal ratings, a 75%
head-to-head about +191, and intervals that contain the rating and narrow with more games."""

from __future__ import annotations

import math

import pytest

from lewis_clark import elo
from lewis_clark.elo import Game


def _games(first: str, second: str, wins: int, losses: int, draws: int = 0) -> list[Game]:
    return [Game(first, second, 1.0)] * wins + [Game(first, second, 0.0)] * losses + [Game(first, second, 0.5)] * draws


def _by_name(ratings: list[elo.Rating]) -> dict[str, elo.Rating]:
    return {r.name: r for r in ratings}


def test_a_75_percent_head_to_head_is_about_191_elo() -> None:
    r = _by_name(elo.fit(_games("a", "b", 75, 25), anchor="b", prior=0))
    assert r["b"].rating == 0
    assert r["a"].rating == pytest.approx(400 * math.log10(3), abs=0.01)  # 190.85
    assert r["a"].rating == pytest.approx(191, abs=0.5)
    assert elo.expected(r["a"].rating, r["b"].rating) == pytest.approx(0.75, abs=1e-6)
    # one virtual draw is a light pull towards equality
    pulled = _by_name(elo.fit(_games("a", "b", 75, 25), anchor="b", prior=1))
    assert 185 < pulled["a"].rating < 190.85


def test_a_known_result_set_gives_ratings_in_the_right_order() -> None:
    games = (_games("strong", "middle", 70, 30) + _games("strong", "weak", 90, 10) + _games("middle", "weak", 65, 35)
             + _games("weak", "random", 80, 20) + _games("strong", "random", 100, 0) + _games("middle", "random", 97, 3))
    ratings = elo.fit(games, anchor="random")
    r = _by_name(ratings)
    assert r["random"].rating == 0 and r["random"].low == r["random"].high == 0
    assert r["strong"].rating > r["middle"].rating > r["weak"].rating > r["random"].rating
    assert r["strong"].games == 300 and r["strong"].wins == 260
    for x in ratings:
        assert x.low <= x.rating <= x.high
    # a perfect record stays finite thanks to the prior
    assert math.isfinite(r["strong"].rating) and r["strong"].high - r["strong"].low < 1000


def test_equal_records_give_equal_ratings_and_the_mean_anchor_is_1000() -> None:
    games = _games("a", "b", 30, 30, 10) + _games("b", "c", 25, 25) + _games("c", "a", 40, 40)
    ratings = elo.fit(games)
    assert [x.rating for x in ratings] == pytest.approx([1000, 1000, 1000], abs=1e-6)
    lopsided = elo.fit(_games("a", "b", 60, 40) + _games("c", "b", 60, 40))
    r = _by_name(lopsided)
    assert r["a"].rating == pytest.approx(r["c"].rating, abs=1e-6)
    assert sum(x.rating for x in lopsided) / 3 == pytest.approx(1000)


def test_intervals_narrow_with_more_games() -> None:
    few = _by_name(elo.fit(_games("a", "b", 15, 5), anchor="b"))["a"]
    many = _by_name(elo.fit(_games("a", "b", 150, 50), anchor="b"))["a"]
    assert many.high - many.low < (few.high - few.low) / 2
    # about +-1.96 * 400/ln10 / sqrt(n p (1-p)) for one pair
    expected_half = 1.959964 * 400 / math.log(10) / math.sqrt(201 * 0.75 * 0.25)
    assert (many.high - many.low) / 2 == pytest.approx(expected_half, rel=0.03)


def test_win_matrix_and_errors() -> None:
    games = _games("a", "b", 3, 1) + _games("b", "c", 1, 1, 2)
    matrix = elo.win_matrix(games, ["a", "b", "c"])
    assert matrix[0][1] == 0.75 and matrix[1][0] == 0.25
    assert matrix[1][2] == 0.5 and matrix[0][2] is None and matrix[0][0] is None
    with pytest.raises(ValueError, match="anchor"):
        elo.fit(games, anchor="nobody")
    with pytest.raises(ValueError, match="connect"):
        elo.fit(_games("a", "b", 1, 1) + _games("c", "d", 1, 1), prior=0)
