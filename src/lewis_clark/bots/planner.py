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

Opponents are not modelled: in the search they only pass (Camp, end), so the bot races; in solo
Mackenzie moves as the rules say and his arrival is a loss the search sees.
"""

from __future__ import annotations

import time
from typing import NamedTuple

from lewis_clark import plans as turn_plans
from lewis_clark.actions import Action, IllegalAction, Verb
from lewis_clark.bots.autoplay import finish_action, pass_others
from lewis_clark.bots.base import Bot
from lewis_clark.bots.heuristic import HeuristicBot
from lewis_clark.bots.knowledge import KEEP_ROLES
from lewis_clark.bots.planning import camped, distinct, recruit_order, underway
from lewis_clark.cards import CARDS
from lewis_clark.queries import camp_time
from lewis_clark.rules import apply_in_place, legal_actions
from lewis_clark.state import Decision, State
from lewis_clark.turn import CAMP, END

ACTING = frozenset({Verb.PLAY, Verb.VILLAGE})
KEPT = frozenset(c.slug for c in CARDS if c.role in KEEP_ROLES)  # never paid away by the heuristic's discount
INTERPRETERS = frozenset(c.slug for c in CARDS if c.role == "interpreter")
CYCLE_TURNS = 7  # turns a line may go without a Camp before the search stops growing it


class Line(NamedTuple):
    """One searched line: the state after its last turn, the first turn's actions, its score and
    the turns it took."""

    state: State
    first: tuple[Action, ...]
    score: float
    turns: int


def _score(line: Line) -> float:
    return -line.score


class PlannerBot(Bot):
    """Beam search over whole turns on a sampled deck; ``width`` lines kept, ``horizon`` cycles deep."""

    name = "planner"

    def __init__(self, seed: int = 0, width: int = 4, horizon: int = 4, actions: int = 5,
                 recruits: int = 2, seconds: float | None = None, discounts: int = 0, purse: int = 0) -> None:
        super().__init__(seed)
        for key, value in (("width", width), ("horizon", horizon), ("actions", actions)):
            if not isinstance(value, int) or value < 1:
                raise ValueError(f"{key} must be a whole number of at least 1, got {value!r}")
        if not isinstance(recruits, int) or recruits < 0:
            raise ValueError(f"recruits must be a whole number of at least 0, got {recruits!r}")
        if discounts not in (0, 1):
            raise ValueError(f"discounts must be 0 or 1, got {discounts!r}")
        if purse not in (0, 1):
            raise ValueError(f"purse must be 0 or 1, got {purse!r}")
        if seconds is not None and not seconds > 0:
            raise ValueError(f"seconds must be positive, got {seconds!r}")
        self.width = width
        self.horizon = horizon
        self.actions = actions  # actions kept per line before recruitments and Camps are tried
        self.recruits = recruits  # recruitments tried per action
        self.discounts = discounts  # 1: each recruitment also tried paid with the Interpreter
        self.saving = bool(purse)  # the scores credit the Fur and Equipment held towards a mover (planning.purse)
        self.seconds = seconds  # a time budget per search: the horizon stops growing when it is spent
        self.helper = HeuristicBot(seed ^ 0x706C616E)  # the small decisions inside an action
        self._journal: tuple[int, ...] = ()  # the Journal the next planned step expects
        self._after_journal: list[tuple[int, ...]] = []  # the Journal expected after each planned step
        self.searches = 0

    # --- the decision -----------------------------------------------------------------------------

    def choose(self, view: State, legal: list[Action]) -> Action:
        if len(legal) == 1:
            return legal[0]
        step = self._planned(view, legal)
        if step is not None:
            return step
        if view.stack:  # inside an action with no plan (a card drawn changed things): the rules decide
            self.helper.forget_plan()
            return self.helper.choose(view, legal)
        line = self.search(view)
        self.plan = list(line)
        step = self._planned(view, legal, fresh=True)
        if step is not None:
            return step
        self.helper.forget_plan()
        return self.helper.choose(view, legal)

    def _planned(self, view: State, legal: list[Action], fresh: bool = False) -> Action | None:
        """The next planned step, if the table is still as the plan expected and the step is legal."""
        if not self.plan:
            return None
        step = self.plan[0]
        journal = tuple(view.journal)
        if step not in legal or (not fresh and journal != self._journal):
            self.plan = []
            return None
        self.plan.pop(0)
        self._journal = self._after_journal.pop(0) if self._after_journal else journal
        return step

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
        frontier = [Line(root, (), 0.0, 0)]
        won: Line | None = None
        lost: Line | None = None
        for _cycle in range(self.horizon):
            pool: list[Line] = []
            inner = frontier
            for _turn in range(CYCLE_TURNS):
                grown: list[Line] = []
                for line in inner:
                    for actions, after, camps in self.turns(line.state, seat):
                        first = line.first or actions
                        turns = line.turns + 1
                        if after.over:
                            if after.winner == seat:
                                if won is None or turns < won.turns:
                                    won = Line(after, first, 1e6 - turns, turns)
                            elif lost is None:
                                lost = Line(after, first, -1e6, turns)
                            continue
                        if camps:
                            pool.append(Line(after, first, camped(after, seat, turns, self.saving), turns))
                        else:
                            grown.append(Line(after, first, underway(after, seat, turns, self.saving), turns))
                grown.sort(key=_score)
                inner = distinct(grown, self.width, _state, -1)
                if not inner:
                    break
            if won is not None or not pool:
                if not pool and inner and won is None:
                    frontier = inner  # nothing camped within the cycle: keep the lines under way
                break
            pool.sort(key=_score)
            frontier = distinct(pool, self.width, _state, -1)
            if deadline is not None and time.perf_counter() > deadline:
                break
        chosen = won or (frontier[0] if frontier and frontier[0].first else lost)
        first = chosen.first if chosen else ()
        self._record(root, first)
        return first

    def _record(self, root: State, first: tuple[Action, ...]) -> None:
        """Remember the Journal the plan expects after each of its steps (to notice a different draw)."""
        s = root.copy()
        self._journal = tuple(s.journal)
        self._after_journal = []
        for a in first:
            try:
                apply_in_place(s, a)
            except IllegalAction:  # a plan cut short is replanned, never fatal
                break
            self._after_journal.append(tuple(s.journal))

    # --- whole turns ------------------------------------------------------------------------------

    def turns(self, state: State, seat: int) -> list[tuple[tuple[Action, ...], State, bool]]:
        """Whole turns of ``seat`` from a turn decision: each ends with the next turn of ``seat``
        (other seats pass in between) or the end of the game; True for the turns with a Camp."""
        out: list[tuple[tuple[Action, ...], State, bool]] = []
        for steps, s in self._acted(state, seat):
            for more, t in self._finishes(s, seat):
                u = t if t.over else self._others(t, seat)
                whole = steps + more
                out.append((whole, u, CAMP in whole))
        return out

    def _acted(self, state: State, seat: int) -> list[tuple[tuple[Action, ...], State]]:
        """The best few ways to take the turn's action (or none when it cannot be taken), scored."""
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
                    steps += self._complete(s, seat)
                made.append((0.0 if s.over else underway(s, seat, 0, self.saving), steps, s))
        made.sort(key=lambda m: -m[0])
        return [(steps, s) for _, steps, s in _varied(made, self.actions)]

    def _complete(self, s: State, seat: int) -> tuple[Action, ...]:
        """Finish the action under way by the heuristic's rules (in place); the steps taken."""
        return finish_action(s, self.helper, seat)

    def _finishes(self, state: State, seat: int) -> list[tuple[tuple[Action, ...], State]]:
        """After the action: none or one of the best recruitments, then the end of the turn or a Camp."""
        if state.over or state.current != seat:
            return [((), state)]
        bases: list[tuple[tuple[Action, ...], State]] = [((), state)]
        legal = legal_actions(state)
        if not state.recruited and self.recruits:
            for card in recruit_order(state, seat, legal)[: self.recruits]:
                bases += self._recruited(state, seat, card)
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

    def _recruited(self, state: State, seat: int, card: str) -> list[tuple[tuple[Action, ...], State]]:
        """``card`` recruited, the discount paid by the heuristic's rule (never the Commander or the
        Interpreter) and, with ``discounts=1``, also with the Interpreter: the strong solo records pay
        it away once enough Indians are aboard (6 of their 7 games), and the search judges whether it pays."""
        s = state.copy()
        first = Action(Verb.RECRUIT, card)
        apply_in_place(s, first)
        ways: list[Action | None] = [None]
        if self.discounts and s.stack and s.stack[-1].kind == Decision.RECRUIT and s.current == seat:
            ways += [a for a in legal_actions(s) if a.verb == Verb.DISCARD and a.subject in INTERPRETERS]
        out: list[tuple[tuple[Action, ...], State]] = []
        for way in ways:
            t = s if len(ways) == 1 else s.copy()
            steps: tuple[Action, ...] = (first,)
            if way is not None:
                apply_in_place(t, way)
                steps += (way,)
            steps += self._complete(t, seat)
            if way is None and any(a.verb == Verb.DISCARD and a.subject in KEPT for a in steps):
                continue  # affordable only by giving up the Commander or the Interpreter
            if not t.over and t.current == seat:
                out.append((steps, t))
        return out

    @staticmethod
    def _others(state: State, seat: int) -> State:
        """Every other seat passes until ``seat`` is to play (the planner's stand-in for them)."""
        return pass_others(state, seat)


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


def _state(line: Line) -> State:
    return line.state


__all__ = ["Line", "PlannerBot"]
