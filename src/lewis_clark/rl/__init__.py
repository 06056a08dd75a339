"""Adapters for AI research (the ``rl`` extra): a fixed action space and observation, a Gymnasium
single-agent environment, a PettingZoo environment, an OpenSpiel game, and a Ray backend for
``lewis-clark sim``.

Heavy libraries are imported only by the module that needs them: ``lewis_clark.rl.actions_index``
needs nothing beyond the engine, ``observation`` needs numpy, ``gym_env`` Gymnasium, ``pettingzoo_env``
PettingZoo, ``openspiel_game`` pyspiel, ``vector`` (the batch API, ``lewis_clark.rl.VectorEnv``) Gymnasium
and ``ray_backend`` Ray. See docs/rl.md.

The Gymnasium ids (``LewisClark-Solo-v0``, ``LewisClark-Vs-v0``) are registered by importing
``lewis_clark.rl.gym_env``, or by importing this package once Gymnasium is imported, so
``gymnasium.make("lewis_clark.rl:LewisClark-Solo-v0")`` always works; a program that never imports
Gymnasium never loads it from here.
"""

import sys
from typing import Any

__all__ = ["VectorEnv"]

if "gymnasium" in sys.modules:
    from lewis_clark.rl import gym_env as _gym_env  # noqa: F401  (registers the ids)


def __getattr__(name: str) -> Any:
    # ``lewis_clark.rl.VectorEnv`` without importing Gymnasium for the modules that do not need it.
    if name == "VectorEnv":
        from lewis_clark.rl.vector import VectorEnv

        return VectorEnv
    raise AttributeError(f"module 'lewis_clark.rl' has no attribute {name!r}")
