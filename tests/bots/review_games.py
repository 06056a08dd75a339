"""A game whose costliest turn is known, for the post-game review's tests (bots/review.py).

Seat 0 plays the expert's own turns, each found as the review finds it (the same small budget, the
seed taken from the seat's view), so the review finds nothing to say of them, except one turn: there
it sends Indians or plays a card for nothing (``plans.wasted``) and ends the turn. Seat 1 is the
rollout bot (the heuristic playing its turns out: seconds a game on the pure build). A short route
keeps the game to some twenty turns a seat.
"""

from __future__ import annotations

from dataclasses import replace

from lewis_clark import Options, legal_actions, view
from lewis_clark.actions import Action, Verb
from lewis_clark.bots.heuristic import HeuristicBot
from lewis_clark.bots.review import expert_turn, review_spec
from lewis_clark.match import Match
from lewis_clark.plans import wasted
from lewis_clark.route import Route

TINY = "race:samples=1:keep=1:beam=2:nodes=3:actions=3:recruits=1"  # a review budget for tests: seconds a game
ROUTE = "S R R R R M R R R R M M R R R R R R F"
WASTED_AT = 5  # seat 0's first turn from this one with a wasted action at hand is wasted


def expert_game(seed: int = 1, spec: str = TINY, wasted_at: int = WASTED_AT) -> tuple[Match, int]:
    """The finished game and the number of seat 0's wasted turn."""
    options = replace(Options(players=2, seed=seed), route=Route.parse(ROUTE))
    match = Match(options, ["human", "rollout:camping=1:policy=3"], keep_log=False)
    expert = review_spec(spec)
    own = injected = 0
    while not match.over and len(match.actions) < 3000:
        s = match.state
        if s.current != 0:
            match.step_bot()
            continue
        own += 1
        waste = [a for a in legal_actions(s) if wasted(s, a)]
        turn: list[Action]
        if own >= wasted_at and not injected and waste:
            injected, turn = own, [waste[0]]
        else:
            turn = list(expert_turn(view(s, 0), expert))
        start = s.turn
        for a in turn:
            if match.over or match.state.current != 0 or match.state.turn != start or a not in match.legal():
                break
            match.apply(a)
        while not match.over and match.state.current == 0 and match.state.turn == start:  # the turn's end
            legal = match.legal()
            pick = next((a for a in legal if a.verb in (Verb.END, Verb.STOP)), None)
            match.apply(pick if pick is not None else HeuristicBot(1).choose(match.state, legal))
    return match, injected
