"""Bots that no level uses: kept to measure ideas against the levels, never imported by them.

``planner`` (the beam planner over Camp-to-Camp cycles that the race planner grew from), ``pace``
(the heuristic's race weights as options), ``mcts`` (Monte Carlo tree search over turn plans) and
``value`` (a learned turns-to-the-Fort estimate the race planner can be handed with ``value=1``).
The levels (bots/__init__.py LEVELS) are built only of the modules beside this package
(tests/project/test_imports.py keeps it so).
"""
