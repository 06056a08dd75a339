"""A bot that plays a trained policy network: the bot spec ``ppo:PATH`` (``ppo`` alone: the shipped one).

The network is a small multilayer perceptron from the observation (``observation.observe``) to one
logit per action index (``actions_index``), saved by scripts/train_ppo.py as a ``.npz`` file: arrays
``w0, b0, w1, b1, ...`` (layer ``k`` computes ``x @ w<k> + b<k>``, tanh between layers) and
``observation_size`` / ``num_actions`` to check it fits this version's encoding. Play needs numpy only
(no torch): the bot picks the legal action of highest logit, so it never plays an illegal one.
"""

from __future__ import annotations

from pathlib import Path

import numpy as np
import numpy.typing as npt

from lewis_clark.actions import Action
from lewis_clark.bots.base import Bot
from lewis_clark.rl import observation
from lewis_clark.rl.actions_index import INDEX, NUM_ACTIONS
from lewis_clark.state import State

SHIPPED = Path(__file__).resolve().parent / "ppo_vs_easy.npz"  # trained against easy at 2 players (docs/rl.md)

Layers = list[tuple[npt.NDArray[np.float32], npt.NDArray[np.float32]]]


def load_layers(path: str | Path) -> Layers:
    """The layers of a saved policy; raises ValueError naming the file when it does not fit."""
    path = Path(path)
    if not path.is_file():
        raise ValueError(f"no policy file {str(path)!r}")
    try:
        data = np.load(path)
    except (OSError, ValueError) as exc:
        raise ValueError(f"{str(path)!r} is not a saved policy (.npz): {exc}") from None
    with data:
        if "observation_size" not in data or int(data["observation_size"]) != observation.SIZE:
            raise ValueError(f"{str(path)!r}: made for another observation (size "
                             f"{int(data['observation_size']) if 'observation_size' in data else '?'}, "
                             f"this version's is {observation.SIZE})")
        if int(data["num_actions"]) != NUM_ACTIONS:
            raise ValueError(f"{str(path)!r}: made for {int(data['num_actions'])} actions, this version has {NUM_ACTIONS}")
        layers: Layers = []
        k = 0
        while f"w{k}" in data:
            layers.append((data[f"w{k}"].astype(np.float32), data[f"b{k}"].astype(np.float32)))
            k += 1
    if not layers or layers[0][0].shape[0] != observation.SIZE or layers[-1][0].shape[1] != NUM_ACTIONS:
        raise ValueError(f"{str(path)!r}: layers do not map {observation.SIZE} values to {NUM_ACTIONS} logits")
    return layers


def logits(layers: Layers, x: npt.NDArray[np.float32]) -> npt.NDArray[np.float32]:
    """The network's output for one observation (or a batch, rows)."""
    for k, (w, b) in enumerate(layers):
        x = x @ w + b
        if k < len(layers) - 1:
            x = np.tanh(x)
    return x


class PPOBot(Bot):
    """Plays the legal action the saved policy ranks highest (deterministic: the seed is not used)."""

    name = "ppo"

    def __init__(self, seed: int = 0, path: str | Path = SHIPPED) -> None:
        super().__init__(seed)
        self.path = str(path)
        self.layers = load_layers(path)

    def __reduce__(self) -> tuple[type[PPOBot], tuple[int, str]]:
        return (PPOBot, (self.seed, self.path))

    def choose(self, view: State, legal: list[Action]) -> Action:
        if len(legal) == 1:
            return legal[0]
        seat = view.current
        scores = logits(self.layers, observation.observe(view, seat))
        return max(legal, key=lambda a: float(scores[INDEX[a]]))
