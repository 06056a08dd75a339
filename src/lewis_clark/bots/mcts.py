"""Monte Carlo tree search for a many-player game with hidden cards and chance.

Information-set MCTS with determinisation: each iteration deals the unseen draw deck anew from what
the bot's seat can see (the view gives the deck's cards, sorted), then walks one shared tree in which
a node's children are the actions tried from it; an action that is illegal in this deal is passed
over, and UCB counts how often each child was available (SO-ISMCTS). Every node keeps one value per
seat and the seat to move picks by its own (max^n). Rollouts stop after ``depth`` decisions and are
scored by ``evaluation.win_value``. The budget is in iterations or seconds; all randomness comes from
the bot's seed.
"""

from __future__ import annotations

import math
import time
from collections.abc import Callable

from lewis_clark.actions import Action
from lewis_clark.bots.base import Bot
from lewis_clark.rules import apply_in_place, legal_actions
from lewis_clark.state import State

Evaluator = Callable[[State, int], float]


class Node:
    """Statistics of one action sequence from the root."""

    __slots__ = ("children", "visits", "available", "values", "seat")

    def __init__(self, seats: int, seat: int) -> None:
        self.children: dict[Action, Node] = {}
        self.visits = 0
        self.available = 0
        self.values = [0.0] * seats  # summed rewards per seat
        self.seat = seat  # the seat deciding at this node


def default_evaluator() -> Evaluator:
    from lewis_clark.bots.evaluation import win_value

    return win_value


class MCTSBot(Bot):
    """Determinised MCTS; ``iterations`` or ``seconds`` bound each decision."""

    name = "mcts"

    def __init__(self, seed: int = 0, iterations: int | None = None, seconds: float | None = None,
                 depth: int = 24, exploration: float = 0.7, evaluator: Evaluator | None = None) -> None:
        super().__init__(seed)
        if iterations is None and seconds is None:
            iterations = 400
        self.iterations = iterations
        self.seconds = seconds
        self.depth = depth
        self.exploration = exploration
        self.evaluator = evaluator or default_evaluator()
        self.last_iterations = 0  # iterations run for the last decision (for reports)
        self.last_seconds = 0.0

    def choose(self, view: State, legal: list[Action]) -> Action:
        if len(legal) == 1:
            return legal[0]
        seats = len(view.players)
        root = Node(seats, view.current)
        start = time.perf_counter()
        deadline = start + self.seconds if self.seconds is not None else math.inf
        limit = self.iterations if self.iterations is not None else 1 << 60
        n = 0
        while n < limit and (n & 7 or time.perf_counter() < deadline):
            self._iterate(root, self._determinise(view))
            n += 1
        self.last_iterations = n
        self.last_seconds = time.perf_counter() - start
        best = max(legal, key=lambda a: (root.children[a].visits if a in root.children else -1,
                                         root.children[a].values[view.current] if a in root.children else 0.0))
        return best

    def _determinise(self, view: State) -> State:
        """One deal of what the seat cannot see: the draw deck's order and the generator."""
        state = view.copy()
        self.rng.shuffle(state.deck)
        state.rng = self.rng.getrandbits(64)
        state.hidden = False
        return state

    def _iterate(self, root: Node, state: State) -> None:
        path = [root]
        node = root
        rng = self.rng
        # Selection and expansion.
        while not state.over:
            legal = legal_actions(state)
            untried = [a for a in legal if a not in node.children]
            for a in legal:
                child = node.children.get(a)
                if child is not None:
                    child.available += 1
            if untried:
                action = untried[rng.randrange(len(untried))]
                apply_in_place(state, action)
                child = Node(len(root.values), state.current)
                node.children[action] = child
                path.append(child)
                node = child
                break
            action = self._select(node, legal, state.current)
            apply_in_place(state, action)
            node = node.children[action]
            path.append(node)
        # Rollout, cut off after ``depth`` decisions.
        steps = 0
        while not state.over and steps < self.depth:
            legal = legal_actions(state)
            apply_in_place(state, legal[rng.randrange(len(legal))])
            steps += 1
        rewards = [self.evaluator(state, s) for s in range(len(root.values))]
        for visited in path:
            visited.visits += 1
            vals = visited.values
            for s, r in enumerate(rewards):
                vals[s] += r

    def _select(self, node: Node, legal: list[Action], seat: int) -> Action:
        c = self.exploration
        best_score = -math.inf
        best = legal[0]
        for a in legal:
            child = node.children[a]
            score = child.values[seat] / child.visits + c * math.sqrt(math.log(max(child.available, 1)) / child.visits)
            if score > best_score:
                best_score, best = score, a
        return best
