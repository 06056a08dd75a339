"""Whole turns of one seat, for the searches that plan turn by turn, and the plan they follow.

``WholeTurns`` builds a seat's whole turns from a turn decision: the action as a turn plan
(lewis_clark.plans: the card, its Strength source, the performances), the small decisions left in
it by the heuristic's rules, then none or one of the best recruitments (with the discount card),
then the Camp or the end of the turn. ``Following`` is the plan a bot is playing out: its next step
while the table is still as the plan expected (the Journal after each step; a card drawn
differently means replanning). ``Line`` is one searched line. A ``Prior`` (a learned move prior,
handed in from above: bots/learned.py) may choose half the actions a turn grows. The race planner (bots/race.py) is
built of these; so is the beam planner (bots/experimental/planner.py).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import NamedTuple

from lewis_clark import plans as turn_plans
from lewis_clark.actions import Action, IllegalAction, Verb
from lewis_clark.bots.autoplay import finish_action
from lewis_clark.bots.heuristic import HeuristicBot
from lewis_clark.bots.knowledge import INTERPRETER_SLUGS, KEEP_ROLES, cuts_off, sources
from lewis_clark.bots.planning import recruit_order, underway
from lewis_clark.cards import CARDS
from lewis_clark.queries import camp_time
from lewis_clark.rules import apply_in_place, legal_actions
from lewis_clark.state import Decision, State
from lewis_clark.turn import CAMP, END

ACTING = frozenset({Verb.PLAY, Verb.VILLAGE})
KEPT = frozenset(c.slug for c in CARDS if c.role in KEEP_ROLES)  # never paid away by the heuristic's discount

Acted = list[tuple[tuple[Action, ...], State]]  # ways to take a turn's action, each with the state it reaches
# A move prior: from ``pool`` (the ways ranked best first, twice as many as wanted) at a turn decision of
# ``seat``, the ``wanted`` to grow (bots/learned.py ``Learner.pick``)
Prior = Callable[[State, int, Acted, int], Acted]


class Line(NamedTuple):
    """One searched line: the state after its last turn (other seats perhaps still to move), the
    seat's whole turns from the root, and its score (only to prune)."""

    state: State
    turns: tuple[tuple[Action, ...], ...]
    score: float


def line_state(line: Line) -> State:
    return line.state


class WholeTurns:
    """A seat's whole turns from a turn decision: the ``actions`` best actions, each followed by none
    or one of the ``recruits`` best recruitments (also paid with the Interpreter when ``discounts``),
    then the end of the turn or a Camp; scored by ``planning.underway`` (``saving``: the purse). With a
    ``prior``, twice ``actions`` are ranked and the prior chooses the ``actions`` grown from them."""

    # Defaults for all: a compiled class is made empty before its state is restored when unpickled (the
    # web sends bots to its workers).
    def __init__(self, helper: HeuristicBot | None = None, actions: int = 6, recruits: int = 3, discounts: bool = False,
                 saving: bool = False, prior: Prior | None = None) -> None:
        self.helper = helper if helper is not None else HeuristicBot()  # the small decisions inside an action
        self.actions = actions
        self.recruits = recruits
        self.discounts = discounts
        self.saving = saving
        self.prior = prior

    def turns(self, state: State, seat: int) -> list[tuple[tuple[Action, ...], State, bool]]:
        """Whole turns of ``seat`` from a turn decision: each ends with the end of its turn (the other
        seats not yet moved) or the end of the game; True for the turns with a Camp."""
        out: list[tuple[tuple[Action, ...], State, bool]] = []
        for steps, s in self.acted(state, seat):
            for more, t in self.finishes(s, seat):
                whole = steps + more
                out.append((whole, t, CAMP in whole))
        return out

    def acted(self, state: State, seat: int) -> Acted:
        """The best few ways to take the turn's action (or none when it cannot be taken), scored; with a
        ``prior``, the ones it chooses among twice as many."""
        if state.acted:
            return [((), state)]
        legal = legal_actions(state)
        starts: list[tuple[tuple[Action, ...], State]] = []
        if any(a.verb in ACTING for a in legal) and not (state.must_camp and not state.camped):
            starts.append(((), state))
        if CAMP in legal and (state.must_camp or camp_time(state.players[seat]) <= 1
                              or not any(a.verb in ACTING for a in legal)):
            s = state.copy()
            apply_in_place(s, CAMP)
            if s.over or s.current != seat:
                return [((CAMP,), s)]
            starts.append(((CAMP,), s))
        made: list[tuple[float, tuple[Action, ...], State]] = []
        for prefix, start in starts:
            if start.acted or not any(a.verb in ACTING for a in (legal_actions(start) if prefix else legal)):
                made.append((underway(start, seat, 0, self.saving), prefix, start))
                continue
            # each plan with the state it reaches (built once: the plan's steps are not applied again)
            for plan, s in turn_plans.reached(start, limit=24, verbs=ACTING):
                steps = prefix + plan.steps
                if s.stack:
                    steps += self.complete(s, seat)
                made.append((0.0 if s.over else underway(s, seat, 0, self.saving), steps, s))
        made.sort(key=lambda m: -m[0])
        # never the action that spends the seat's last Indian with no Interpreter owned (``knowledge.cut_off``),
        # unless nothing else is left: the search's lines are too short to see the stall it makes
        kept = [m for m in made if not cuts_off(state, m[2], seat)]
        made = kept or made
        if self.prior is None:
            return [(steps, s) for _, steps, s in _varied(made, self.actions)]
        pool = [(steps, s) for _, steps, s in _varied(made, 2 * self.actions)]
        return self.prior(state, seat, pool, self.actions)

    def complete(self, s: State, seat: int) -> tuple[Action, ...]:
        """Finish the action under way by the heuristic's rules (in place); the steps taken."""
        return finish_action(s, self.helper, seat)

    def finishes(self, state: State, seat: int) -> list[tuple[tuple[Action, ...], State]]:
        """After the action: none or one of the best recruitments, then the end of the turn or a Camp."""
        if state.over or state.current != seat:
            return [((), state)]
        bases: list[tuple[tuple[Action, ...], State]] = [((), state)]
        legal = legal_actions(state)
        if not state.recruited and self.recruits:
            for card in recruit_order(state, seat, legal)[: self.recruits]:
                bases += self.recruited(state, seat, card)
        out: list[tuple[tuple[Action, ...], State]] = []
        for steps, s in bases:
            if s is not state:
                legal = legal_actions(s)
            if END in legal:
                t = s.copy()
                apply_in_place(t, END)
                out.append((steps + (END,), t))
            if CAMP in legal:
                t = s.copy()
                apply_in_place(t, CAMP)
                more: tuple[Action, ...] = (CAMP,)
                if not t.over and t.current == seat and END in legal_actions(t):
                    apply_in_place(t, END)
                    more += (END,)
                if t.over or t.current != seat or not t.stack:
                    out.append((steps + more, t))
        return out

    def recruited(self, state: State, seat: int, card: str) -> list[tuple[tuple[Action, ...], State]]:
        """``card`` recruited, the discount paid by the heuristic's rule (never the Commander or the
        Interpreter) and, with ``discounts``, also with the Interpreter: the strong solo records pay
        it away once enough Indians are aboard (6 of their 7 games), and the search judges whether it pays.
        Never with the seat's last source (``knowledge.sources``), nor with the Interpreter when no Indian
        is owned (``knowledge.cut_off``): the search's lines are too short to see that no mover could be
        paid again, or that the Village is closed for good."""
        had = sources(state.players[seat])
        s = state.copy()
        first = Action(Verb.RECRUIT, card)
        apply_in_place(s, first)
        ways: list[Action | None] = [None]
        if self.discounts and s.stack and s.stack[-1].kind == Decision.RECRUIT and s.current == seat:
            ways += [a for a in legal_actions(s) if a.verb == Verb.DISCARD and a.subject in INTERPRETER_SLUGS]
        out: list[tuple[tuple[Action, ...], State]] = []
        for way in ways:
            t = s if len(ways) == 1 else s.copy()
            steps: tuple[Action, ...] = (first,)
            if way is not None:
                apply_in_place(t, way)
                steps += (way,)
            steps += self.complete(t, seat)
            if way is None and any(a.verb == Verb.DISCARD and a.subject in KEPT for a in steps):
                continue  # affordable only by giving up the Commander or the Interpreter
            if sources(t.players[seat]) == 0 < had:
                continue  # paid with the last card that gains anything
            if cuts_off(state, t, seat):
                continue  # the Interpreter paid away with no Indian owned: the Village closed for good
            if not t.over and t.current == seat:
                out.append((steps, t))
        return out


class Following:
    """The plan a bot is playing out, step by step, with the Journal expected before each step: a
    card drawn differently (a recruitment, the Interpreter's refill) shows as another Journal."""

    def __init__(self) -> None:
        self.journal: tuple[int, ...] = ()  # the Journal the next planned step expects
        self.after: list[tuple[int, ...]] = []  # the Journal expected after each planned step

    def next_step(self, plan: list[Action], view: State, legal: list[Action], fresh: bool = False) -> Action | None:
        """The next step of ``plan`` (taken off it), if the table is still as the plan expected and the
        step is legal; else None, and the plan is emptied."""
        if not plan:
            return None
        step = plan[0]
        journal = tuple(view.journal)
        if step not in legal or (not fresh and journal != self.journal):
            plan.clear()
            return None
        plan.pop(0)
        self.journal = self.after.pop(0) if self.after else journal
        return step

    def choose(self, plan: list[Action], view: State, legal: list[Action],
               search: Callable[[State], tuple[Action, ...]], helper: HeuristicBot) -> Action:
        """A planning bot's decision: the next step of ``plan`` while the table is as it expected; at a
        turn's decision, a new plan by ``search`` (put in ``plan``); inside an action with no plan (a card
        drawn changed things) or with no step to follow, the rules of thumb of ``helper``."""
        if len(legal) == 1:
            if plan and plan[0] == legal[0]:
                # a forced step of the plan is still its step: taken off it, or the plan's next step would
                # be this one, no longer legal, and the rest of the plan dropped for the rules of thumb
                self.next_step(plan, view, legal)
            return legal[0]
        step = self.next_step(plan, view, legal)
        if step is not None:
            return step
        if not view.stack:
            plan[:] = search(view)
            step = self.next_step(plan, view, legal, fresh=True)
            if step is not None:
                return step
        helper.forget_plan()
        return helper.choose(view, legal)

    def record(self, root: State, first: tuple[Action, ...]) -> None:
        """Remember the Journal the plan ``first`` expects after each of its steps from ``root``."""
        s = root.copy()
        self.journal = tuple(s.journal)
        self.after = []
        for a in first:
            try:
                apply_in_place(s, a)
            except IllegalAction:  # a plan cut short is replanned, never fatal
                break
            self.after.append(tuple(s.journal))


def _acting_key(steps: tuple[Action, ...]) -> tuple[Verb, str]:
    """What an action does at heart: the card played or the Village place (a Camp before it aside)."""
    for a in steps:
        if a.verb in ACTING:
            return a.verb, a.subject
    return Verb.END, ""


def _varied(made: list[tuple[float, tuple[Action, ...], State]], count: int
            ) -> list[tuple[float, tuple[Action, ...], State]]:
    """The ``count`` best actions (``made`` sorted best first), the best of each card or place first:
    an action that gathers what a recruitment or a later mover needs scores low right after it, and
    would otherwise be crowded out by the same mover played under different Strength cards."""
    firsts: list[tuple[float, tuple[Action, ...], State]] = []
    rest: list[tuple[float, tuple[Action, ...], State]] = []
    seen: set[tuple[Verb, str]] = set()
    for m in made:
        key = _acting_key(m[1])
        if key in seen:
            rest.append(m)
        else:
            seen.add(key)
            firsts.append(m)
    return (firsts + rest)[:count]


__all__ = ["ACTING", "KEPT", "Acted", "Following", "Line", "Prior", "WholeTurns", "line_state"]
