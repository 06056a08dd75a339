"""Adapters for AI research (the ``rl`` extra): a fixed action space and observation, a Gymnasium
single-agent environment, a PettingZoo environment, an OpenSpiel game, and a Ray backend for
``lewis-clark sim``.

Heavy libraries are imported only by the module that needs them: ``lewis_clark.rl.actions_index``
needs nothing beyond the engine, ``observation`` needs numpy, ``gym_env`` Gymnasium, ``pettingzoo_env``
PettingZoo, ``openspiel_game`` pyspiel and ``ray_backend`` Ray. See docs/rl.md.

The Gymnasium ids (``LewisClark-Solo-v0``, ``LewisClark-Vs-v0``) are registered by importing
``lewis_clark.rl.gym_env``, or by importing this package once Gymnasium is imported, so
``gymnasium.make("lewis_clark.rl:LewisClark-Solo-v0")`` always works; a program that never imports
Gymnasium never loads it from here.
"""

import sys

if "gymnasium" in sys.modules:
    from lewis_clark.rl import gym_env as _gym_env  # noqa: F401  (registers the ids)
