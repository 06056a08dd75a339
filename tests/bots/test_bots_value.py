"""The learned evaluation (bots/value.py) and the race planner's ``value`` option (a try at the levels' strength targets)."""

from __future__ import annotations

import json
import math
from pathlib import Path

import pytest

from builders import at, game, load, script
from lewis_clark import Options
from lewis_clark.bots import make_bot, parse_spec
from lewis_clark.bots.experimental.value import FEATURES, features, turns_to_fort
from lewis_clark.bots.experimental.value import load as load_model
from lewis_clark.bots.options import RaceOptions, Valuation
from lewis_clark.bots.race import FALLBACK_PACE, Line, RaceBot
from lewis_clark.match import Match

ROOT = Path(__file__).resolve().parents[2]
SHIPPED = ROOT / "src" / "lewis_clark" / "bots" / "experimental" / "value.json"


def _positions() -> list[tuple[object, int]]:
    """A few post-Camp positions: the start, and Scouts (with their Camps) up the route with cargo."""
    out: list[tuple[object, int]] = [(game(players=1, mackenzie=0), 0)]
    for space, cargo in ((8, {"canoe": 1}), (20, {"horse": 2, "food": 1}), (30, {"fur": 3})):
        s = game(players=1, mackenzie=0)
        at(s, 0, space, camp=space)
        load(s, 0, **cargo)
        s.players[0].indians = space // 10
        out.append((s, 0))
    return out


def test_the_shipped_file_loads_and_gives_finite_values() -> None:
    data = json.loads(SHIPPED.read_text(encoding="utf-8"))
    assert data["features"] == list(FEATURES)
    model = load_model()
    assert len(model.weights) == len(FEATURES)
    for s, seat in _positions():
        value = turns_to_fort(s, seat)  # type: ignore[arg-type]
        assert math.isfinite(value) and value >= 1.0


def test_further_up_the_route_is_fewer_turns_to_go() -> None:
    behind, ahead = game(players=1, mackenzie=0), game(players=1, mackenzie=0)
    at(behind, 0, 6, camp=6)
    at(ahead, 0, 18, camp=18)
    assert turns_to_fort(ahead, 0) < turns_to_fort(behind, 0)
    near = game(players=1, mackenzie=0)
    at(near, 0, near.options.route.fort_clatsop - 4, camp=near.options.route.fort_clatsop - 4)
    assert turns_to_fort(near, 0) < turns_to_fort(ahead, 0)


def test_a_model_with_other_features_is_refused() -> None:
    data = json.loads(SHIPPED.read_text(encoding="utf-8"))
    data["features"] = data["features"][::-1]
    with pytest.raises(ValueError):
        load_model(json.dumps(data))


def test_the_training_script_uses_the_packages_features() -> None:
    """One owner for the features: the script's ``features`` is the evaluator's, value for value."""
    module = script("train_value")
    for s, seat in _positions():
        assert module.features(s, seat) == features(s, seat)  # type: ignore[arg-type]
        assert len(features(s, seat)) == len(FEATURES)  # type: ignore[arg-type]


def test_value_is_an_option_of_the_race_planner() -> None:
    assert parse_spec("race:value=1").options == RaceOptions(value=Valuation.LEARNED)
    with pytest.raises(ValueError):
        parse_spec("race:value=3")
    bot = make_bot("race:value=1", 1)
    assert isinstance(bot, RaceBot) and bot.value == Valuation.LEARNED and bot.to_fort is turns_to_fort
    assert make_bot("race", 1).value == Valuation.HAND  # type: ignore[attr-defined]
    with pytest.raises(ValueError, match="learned value"):
        RaceBot(1, RaceOptions(value=Valuation.LEARNED))  # no value handed in


def test_valued_camps_score_minus_their_turn_of_arrival() -> None:
    s = game(players=1, mackenzie=0)
    at(s, 0, 12, camp=12)
    valued, plain = RaceBot(1, RaceOptions(value=Valuation.LEARNED), turns_to_fort), RaceBot(1)
    assert valued._camp_score(s, 0, 3) == pytest.approx(-(3 + turns_to_fort(s, 0)))
    made = Line(s, (), -10.0)
    assert valued._camp_rank(made, 0, 3) == -10.0  # the score already counts the turns
    assert plain._camp_score(s, 0, 3) != valued._camp_score(s, 0, 3)
    # Camps of one turn by ``camped``, of different turns by the value
    # Camps of one turn by ``camped``, of different turns by the value
    ranked = RaceBot(1, RaceOptions(value=Valuation.ACROSS), turns_to_fort)
    assert ranked._camp_score(s, 0, 3) == plain._camp_score(s, 0, 3)
    assert ranked._camp_rank(made, 0, 3) == pytest.approx(-(3 + turns_to_fort(s, 0)))
    assert plain._camp_rank(made, 0, 3) == pytest.approx(-10.0 - FALLBACK_PACE * 3)


def _moves(spec: str, seed: int, turns: int) -> list[str]:
    match = Match(Options(players=1, seed=seed, mackenzie=0), [spec], keep_log=False)
    while not match.over and match.state.turn <= turns:
        match.step_bot()
    return [str(a) for a in match.actions]


@pytest.mark.slow
def test_a_valued_game_replays_from_its_seed() -> None:
    spec = "race:samples=1:keep=2:beam=3:nodes=6:value=1"
    first = _moves(spec, 3, 8)
    assert first == _moves(spec, 3, 8) and len(first) > 10
