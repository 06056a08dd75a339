"""A bot that plans its whole turns many turns ahead, the way a strong player races.

Each of its turns it deals the unseen draw deck anew (the view gives the deck's cards, sorted) and
runs a beam search over whole turns of its own seat: the action as a turn plan (lewis_clark.plans:
the card, its Strength source, the performances), the small decisions left inside it by the
heuristic's rules, then each of the best recruitments (with the discount card) or none, then the
Camp or the end of the turn. Turns are grouped into Camp-to-Camp cycles: lines under way are ranked
by ``planning.underway``, lines that have just Camped by ``planning.camped``, the best ``width``
kept, for ``horizon`` cycles or to Fort Clatsop. The first turn of the best line is played; the
search runs again at the next turn, or at once when a card drawn differs from the deal (a
recruitment, the Interpreter's refill).

Whole turns are built by ``bots.turns.WholeTurns``, as the race planner builds them. Opponents are
not modelled: in the search they only pass (Camp, end), so the bot races; in solo Mackenzie moves as
the rules say and his arrival is a loss the search sees.
"""

from __future__ import annotations

import time

from lewis_clark.actions import Action
from lewis_clark.bots.autoplay import pass_others
from lewis_clark.bots.base import Bot
from lewis_clark.bots.heuristic import HeuristicBot
from lewis_clark.bots.options import PlannerOptions
from lewis_clark.bots.planning import CYCLE_TURNS, camped, distinct, underway
from lewis_clark.bots.turns import Following, Line, WholeTurns, line_state
from lewis_clark.state import State


def _score(line: Line) -> float:
    return -line.score


class PlannerBot(Bot):
    """Beam search over whole turns on a sampled deck; ``width`` lines kept, ``horizon`` cycles deep."""

    name = "planner"

    def __init__(self, seed: int = 0, options: PlannerOptions | None = None) -> None:
        super().__init__(seed)
        o = options if options is not None else PlannerOptions()
        self.options = o
        self.width = o.width
        self.horizon = o.horizon
        self.seconds = o.seconds  # a time budget per search: the horizon stops growing when it is spent
        self.saving = o.purse  # the scores credit the Fur and Equipment held towards a mover (planning.purse)
        self.helper = HeuristicBot(seed ^ 0x706C616E)  # the small decisions inside an action
        self.whole = WholeTurns(self.helper, o.actions, o.recruits, o.discounts, o.purse)
        self.following = Following()
        self.searches = 0

    # --- the decision -----------------------------------------------------------------------------

    def choose(self, view: State, legal: list[Action]) -> Action:
        return self.following.choose(self.plan, view, legal, self.search, self.helper)

    # --- the search -------------------------------------------------------------------------------

    def search(self, view: State) -> tuple[Action, ...]:
        """The best first turn found from ``view`` (a turn decision of the bot's seat).

        A beam over Camp-to-Camp cycles: inside a cycle every line is grown a turn at a time (the
        ``width`` best kept by ``planning.underway``); a line that Camps joins the cycle's pool, of
        which the ``width`` best by ``planning.camped`` start the next cycle. Lines that camp at
        different turns compare fairly because both scores charge every turn taken."""
        self.searches += 1
        seat = view.current
        root = self.deal(view)
        deadline = time.perf_counter() + self.seconds if self.seconds else None
        frontier = [Line(root, (), 0.0)]
        won: Line | None = None
        lost: Line | None = None
        for _cycle in range(self.horizon):
            pool: list[Line] = []
            inner = frontier
            for _turn in range(CYCLE_TURNS):
                grown: list[Line] = []
                for line in inner:
                    for actions, after, camps in self.turns(line.state, seat):
                        turns = line.turns + (actions,)
                        n = len(turns)
                        if after.over:
                            if after.winner == seat:
                                if won is None or n < len(won.turns):
                                    won = Line(after, turns, 1e6 - n)
                            elif lost is None:
                                lost = Line(after, turns, -1e6)
                            continue
                        if camps:
                            pool.append(Line(after, turns, camped(after, seat, n, self.saving)))
                        else:
                            grown.append(Line(after, turns, underway(after, seat, n, self.saving)))
                grown.sort(key=_score)
                inner = distinct(grown, self.width, line_state, -1)
                if not inner:
                    break
            if won is not None or not pool:
                if not pool and inner and won is None:
                    frontier = inner  # nothing camped within the cycle: keep the lines under way
                break
            pool.sort(key=_score)
            frontier = distinct(pool, self.width, line_state, -1)
            if deadline is not None and time.perf_counter() > deadline:
                break
        chosen = won or (frontier[0] if frontier and frontier[0].turns else lost)
        first = chosen.turns[0] if chosen and chosen.turns else ()
        self.following.record(root, first)
        return first

    def turns(self, state: State, seat: int) -> list[tuple[tuple[Action, ...], State, bool]]:
        """Whole turns of ``seat`` (``WholeTurns``), every other seat then passing until ``seat`` is to
        play again (the planner's stand-in for them)."""
        return [(steps, t if t.over else pass_others(t, seat), camps)
                for steps, t, camps in self.whole.turns(state, seat)]


__all__ = ["PlannerBot"]
