"""Monte Carlo tree search for a many-player game with hidden cards and chance.

Information-set MCTS with determinisation: each iteration deals the unseen draw deck anew from what
the bot's seat can see (the view gives the deck's cards, sorted) and walks one shared tree. The tree
branches on turn-level choices only: the opening of a turn plan (lewis_clark.plans) — the card with
its Strength card and Indians, or a Village placement — at the most Strength and at Strength 1, the
Strength card chosen as the heuristic would; the small decisions inside the action are left to the
heuristic bot, which keeps the tree shallow and wide.
A node's children are the plans tried from it; a plan that does not apply in this deal is passed
over, and UCB counts how often each child was available (SO-ISMCTS). Every node keeps one value
per seat and the seat to move picks by its own (max^n). Rollouts let the heuristic play every seat
for ``depth`` turns, then score each seat with ``evaluation.win_value``. The budget is in iterations
or seconds; all randomness comes from the bot's seed.
"""

from __future__ import annotations

import math
import time
from collections.abc import Callable

from lewis_clark import plans as turn_plans
from lewis_clark.actions import Action, Verb
from lewis_clark.bots.autoplay import drive
from lewis_clark.bots.base import Bot
from lewis_clark.bots.heuristic import HeuristicBot
from lewis_clark.bots.knowledge import source_cost
from lewis_clark.bots.options import MCTSOptions
from lewis_clark.cards import BY_SLUG, CARDS
from lewis_clark.decisions import MOST_STRENGTH
from lewis_clark.rules import apply_in_place, legal_actions
from lewis_clark.state import State

Evaluator = Callable[[State, int], float]
Plan = tuple[Action, ...]  # a searched plan's opening: the turn-level action and its Strength source
_ALL = 1 << 10  # every Strength source: the openings alone are quick to make


class Node:
    """Statistics of one sequence of plans from the root."""

    __slots__ = ("children", "visits", "available", "values", "plans")

    def __init__(self, seats: int) -> None:
        self.children: dict[Plan, Node] = {}
        self.plans: list[Plan] | None = None  # the plans searched from here, made at the first visit
        self.visits = 0
        self.available = 0
        self.values = [0.0] * seats  # summed rewards per seat


def default_evaluator() -> Evaluator:
    from lewis_clark.bots.evaluation import race_value

    return race_value


class MCTSBot(Bot):
    """Determinised MCTS over turn-level plans; ``iterations`` or ``seconds`` bound each decision."""

    name = "mcts"

    def __init__(self, seed: int = 0, options: MCTSOptions | None = None, evaluator: Evaluator | None = None) -> None:
        super().__init__(seed)
        o = options if options is not None else MCTSOptions()
        self.options = o
        self.iterations = 200 if o.iterations is None and o.seconds is None else o.iterations
        self.seconds = o.seconds
        self.depth = o.depth  # turns of heuristic play after the tree, then the evaluation
        self.exploration = o.exploration
        self.evaluator = evaluator or default_evaluator()
        self.helper = HeuristicBot(seed ^ 0x6D637473)  # small decisions inside a chosen plan
        self.rollout_bot = HeuristicBot(seed ^ 0x726F6C6C)
        self.last_iterations = 0  # iterations run for the last searched decision (for reports)
        self.last_seconds = 0.0

    # --- the decision -------------------------------------------------------------------------------

    def choose(self, view: State, legal: list[Action]) -> Action:
        planned = self.given(legal)
        if planned is not None:
            return planned
        if view.stack:  # inside a plan: the heuristic's small decisions
            return self.helper.choose(view, legal)
        hint = self.helper.choose(view, legal)
        if hint.verb not in ("play", "village"):
            # Camp timing and recruiting follow the heuristic's rules; the search picks the action.
            self.helper.forget_plan()
            return hint
        self.helper.forget_plan()
        plans = [pl for pl in self.plans(view, legal) if pl[0].verb in ("play", "village")]
        decisive = self._decisive(view, plans)
        if decisive is not None:
            best = decisive
        elif len(plans) == 1:
            best = plans[0]
        else:
            best = self.search(view, plans)
        self.plan = list(best[1:])
        return best[0]

    def plans(self, state: State, legal: list[Action]) -> list[Plan]:
        """The turn-level choices searched: the openings of the turn plans (lewis_clark.plans), each
        card at the most Strength it can get and at Strength 1 from the cheapest source, and every
        other legal action as it is."""
        out: list[Plan] = [(a,) for a in legal if a.verb != Verb.PLAY and a.verb != Verb.VILLAGE]
        best: dict[tuple[str, int], tuple[float, Plan]] = {}
        for plan in turn_plans.plans(state, limit=_ALL, performances=False):
            if plan.steps[0] not in legal:  # an opening the offer left out (futile: bots.sensible)
                continue
            if plan.verb == Verb.VILLAGE:
                opening: Plan = plan.steps[:1]
                if opening not in out:
                    out.append(opening)
                continue
            if plan.verb != Verb.PLAY:
                continue
            opening = plan.steps
            for want in (MOST_STRENGTH, 1):  # R1c: full Strength, or a single performance
                cost = self._source_cost(plan, want)
                key = (plan.card, want)
                if key not in best or cost < best[key][0]:
                    best[key] = (cost, opening)
        for _, (_, opening) in sorted(best.items(), key=lambda kv: (legal.index(kv[1][1][0]), -kv[0][1])):
            if opening not in out:
                out.append(opening)
        return out

    @staticmethod
    def _source_cost(plan: turn_plans.Plan, want: int) -> float:
        """How poor a Strength source is for about ``want`` Strength: short of it costs most, then
        burying a useful card (the Commander, the Interpreter, movers), then the Indians used."""
        card = BY_SLUG[plan.card].id
        if CARDS[card].once_only or CARDS[card].permanent:
            want = 1
        under = BY_SLUG[plan.under].id if plan.under not in ("", "none") else 0
        return source_cost(want, plan.strength, plan.indians, under)

    @staticmethod
    def _decisive(view: State, plans: list[Plan]) -> Plan | None:
        """A one-step plan that wins at once (a Camp reaching Fort Clatsop): no search needed."""
        for plan in plans:
            if len(plan) == 1 and plan[0].verb == "camp":
                after = view.copy()
                apply_in_place(after, plan[0])
                if after.over and after.winner == view.current:
                    return plan
        return None

    def search(self, view: State, plans: list[Plan]) -> Plan:
        seats = len(view.players)
        root = Node(seats)
        start = time.perf_counter()
        deadline = start + self.seconds if self.seconds is not None else math.inf
        limit = self.iterations if self.iterations is not None else 1 << 60
        n = 0
        while n < limit and (n == 0 or time.perf_counter() < deadline):
            self._iterate(root, self.deal(view), plans)
            n += 1
        self.last_iterations = n
        self.last_seconds = time.perf_counter() - start
        me = view.current
        return max(plans, key=lambda pl: (root.children[pl].visits if pl in root.children else -1,
                                          root.children[pl].values[me] if pl in root.children else 0.0))

    # --- one iteration ---------------------------------------------------------------------------------

    def _iterate(self, root: Node, state: State, root_plans: list[Plan]) -> None:
        path = [root]
        node = root
        plans = root_plans
        while not state.over:
            applicable = [pl for pl in plans if self._applies(state, pl)]
            if not applicable:
                break
            for pl in applicable:
                child = node.children.get(pl)
                if child is not None:
                    child.available += 1
            untried = [pl for pl in applicable if pl not in node.children]
            if untried:
                plan = untried[self.rng.randrange(len(untried))]
                self._play_plan(state, plan)
                child = Node(len(root.values))
                node.children[plan] = child
                path.append(child)
                break
            plan = self._select(node, applicable, state.current)
            self._play_plan(state, plan)
            node = node.children[plan]
            path.append(node)
            if state.over or state.stack:
                break
            if node.plans is None:
                node.plans = self._tree_plans(state)
            plans = node.plans
        self._rollout(state)
        rewards = [self.evaluator(state, s) for s in range(len(root.values))]
        for visited in path:
            visited.visits += 1
            vals = visited.values
            for s, r in enumerate(rewards):
                vals[s] += r

    def _tree_plans(self, state: State) -> list[Plan]:
        """Plans at a later node: the heuristic's own choice when it would not act (Camp, end,
        recruit), else every action plan."""
        legal = legal_actions(state)
        bot = self.rollout_bot
        bot.forget_plan()
        hint = bot.choose(state, legal)
        bot.forget_plan()
        if hint.verb not in ("play", "village"):
            return [(hint,)]
        return [pl for pl in self.plans(state, legal) if pl[0].verb in ("play", "village")]

    @staticmethod
    def _applies(state: State, plan: Plan) -> bool:
        return plan[0] in legal_actions(state)

    def _play_plan(self, state: State, plan: Plan) -> None:
        """Apply a plan's opening, then let the heuristic finish the action it started."""
        for a in plan:
            if a in legal_actions(state):
                apply_in_place(state, a)
            elif a.verb != "indians":
                break
        drive(state, self.rollout_bot, lambda s: bool(s.stack), 60)

    def _rollout(self, state: State) -> None:
        """The heuristic plays every seat for ``depth`` more turns (the deal is already fixed)."""
        end_turn = state.turn + self.depth * len(state.players)
        drive(state, self.rollout_bot, lambda s: s.turn < end_turn, 400)

    def _select(self, node: Node, plans: list[Plan], seat: int) -> Plan:
        c = self.exploration
        best_score = -math.inf
        best = plans[0]
        for pl in plans:
            child = node.children[pl]
            score = child.values[seat] / child.visits + c * math.sqrt(math.log(max(child.available, 1)) / child.visits)
            if score > best_score:
                best_score, best = score, pl
        return best
