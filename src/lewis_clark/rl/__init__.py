"""Adapters for AI research (the ``rl`` extra): a fixed action space and observation, a PettingZoo
environment, an OpenSpiel game, and a Ray backend for ``lewis-clark sim``.

Heavy libraries are imported only by the module that needs them: ``lewis_clark.rl.actions_index``
needs nothing beyond the engine, ``observation`` needs numpy, ``pettingzoo_env`` PettingZoo,
``openspiel_game`` pyspiel, ``vector`` (the batch API, ``lewis_clark.rl.VectorEnv``) Gymnasium and
``ray_backend`` Ray. See docs/rl.md.
"""

from typing import Any

__all__ = ["VectorEnv"]


def __getattr__(name: str) -> Any:
    # ``lewis_clark.rl.VectorEnv`` without importing Gymnasium for the modules that do not need it.
    if name == "VectorEnv":
        from lewis_clark.rl.vector import VectorEnv

        return VectorEnv
    raise AttributeError(f"module 'lewis_clark.rl' has no attribute {name!r}")
