"""Adapters for AI research (the ``rl`` extra): a fixed action space and observation, a PettingZoo
environment, an OpenSpiel game, and a Ray backend for ``lewis-clark sim``.

Heavy libraries are imported only by the module that needs them: ``lewis_clark.rl.actions_index``
needs nothing beyond the engine, ``observation`` needs numpy, ``pettingzoo_env`` PettingZoo,
``openspiel_game`` pyspiel and ``ray_backend`` Ray. See docs/rl.md.
"""
