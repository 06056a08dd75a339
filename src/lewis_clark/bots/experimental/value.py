"""A learned evaluation: the turns a seat still needs to Camp at Fort Clatsop, from cheap features.

``features`` describes a post-Camp position of a seat (where its Scout stands, the River and
Mountain spaces left, the movers owned and their power on each terrain, the hand's reach on the
cargo held, the boats and Indians); ``turns_to_fort`` is a linear model over them, fitted by
``scripts/train_value.py`` on positions from the race planner's own play and shipped as
``value.json`` beside this module. Play needs no numpy: the weights are read once with ``json``.
The training script imports ``features`` from here, so the features have one owner.
"""

from __future__ import annotations

import json
from importlib import resources

from lewis_clark.bots.evaluation import cargo_worth
from lewis_clark.bots.knowledge import terrain_left
from lewis_clark.bots.planning import BASE_RATE, CYCLE, POWER, TYPICAL_STRENGTH, hand_reach
from lewis_clark.cards import CARDS
from lewis_clark.expedition import boat_time, resource_capacity
from lewis_clark.state import State

FEATURES: tuple[str, ...] = (
    "scout", "river_left", "mountain_left", "river_power", "mountain_power", "togo_river", "togo_mountain",
    "hand_reach", "cargo", "wood", "fur", "food", "equipment", "canoe", "horse", "indians", "boat_time",
    "capacity", "cards", "strength",
)
WEIGHTS_FILE = "value.json"


def features(state: State, seat: int) -> list[float]:
    """The position of ``seat`` in ``state`` as numbers, in the order of ``FEATURES``."""
    p = state.players[seat]
    river = mountain = 0.0
    strength = 0
    owned = 0
    for cards in (p.hand, p.face_up, p.face_down):
        for c in cards:
            r, m = POWER[c]
            river += r
            mountain += m
            strength += CARDS[c].strength
            owned += 1
    left_river, left_mountain = terrain_left(state, seat)
    togo_river = CYCLE * left_river / (BASE_RATE[0] + TYPICAL_STRENGTH * river)
    togo_mountain = CYCLE * left_mountain / (BASE_RATE[1] + TYPICAL_STRENGTH * mountain)
    indians = p.indians + p.on_cards
    out = [float(p.scout), float(left_river), float(left_mountain), river, mountain, togo_river, togo_mountain,
           float(hand_reach(state, seat)), cargo_worth(p.resources, p.scout, state.options.route)]
    out.extend(float(n) for n in p.resources)
    out.extend([float(indians), float(boat_time(sum(p.resources), indians, p.tiles)),
                float(resource_capacity(p.tiles)), float(owned), float(strength)])
    return out


class Model:
    """A linear model over standardised features: ``bias + sum(w * (x - mean) / scale)``."""

    def __init__(self, names: list[str], mean: list[float], scale: list[float], weights: list[float],
                 bias: float) -> None:
        if names != list(FEATURES):
            raise ValueError(f"{WEIGHTS_FILE}: features {names} are not {list(FEATURES)}")
        if not len(mean) == len(scale) == len(weights) == len(FEATURES):
            raise ValueError(f"{WEIGHTS_FILE}: one mean, scale and weight a feature expected")
        # folded into one weight and one bias: a prediction is then a single dot product
        self.weights = [w / s if s else 0.0 for w, s in zip(weights, scale, strict=True)]
        self.bias = bias - sum(w * m for w, m in zip(self.weights, mean, strict=True))

    def predict(self, xs: list[float]) -> float:
        total = self.bias
        for w, x in zip(self.weights, xs, strict=True):
            total += w * x
        return total


_MODEL: list[Model] = []


def load(text: str | None = None) -> Model:
    """The model in ``text`` (JSON), or the shipped one (read once)."""
    if text is None:
        if _MODEL:
            return _MODEL[0]
        text = resources.files("lewis_clark.bots.experimental").joinpath(WEIGHTS_FILE).read_text(encoding="utf-8")
        model = _parse(text)
        _MODEL.append(model)
        return model
    return _parse(text)


def _parse(text: str) -> Model:
    data = json.loads(text)
    return Model([str(n) for n in data["features"]], [float(v) for v in data["mean"]],
                 [float(v) for v in data["scale"]], [float(v) for v in data["weights"]], float(data["bias"]))


LEAST_TO_GO = 1.0  # a post-Camp position short of the Fort needs at least one more turn


def turns_to_fort(state: State, seat: int) -> float:
    """Predicted turns ``seat`` still needs, from ``state`` (just after a Camp), to Camp at the Fort."""
    return max(LEAST_TO_GO, load().predict(features(state, seat)))


__all__ = ["FEATURES", "Model", "features", "load", "turns_to_fort"]
