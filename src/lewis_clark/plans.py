"""Turn plans: whole options as a person thinks of them, expanded into the engine's single decisions.

"The Commander at Strength 3 from York, perform food three times" or "2 Indians to Hunting, keep
all both times" is one ``Plan``: its ``steps`` are the engine's actions (play, under, indians,
perform, take, ...) and its typed fields say what it does, so a wording layer never parses actions.

Plans only add shortcuts: every single decision stays legal and reachable. A plan never cheats: it
uses nothing the acting seat cannot see, because it ends at the step that reveals a card (a
recruitment, the Interpreter's refill, a Farewell): what follows depends on the card drawn. It also
ends where a real choice is left (a payment of any kind, a Journal pick, a copy target, a boat face,
a gain that must be split or that overflows the boats); the player then goes on with single
decisions.

    plans(state)                 the common whole options at the decision now (turn or inside an action)
    follow(state, plan)          apply a plan step by step, stopping at the first step no longer legal
    following(plans, taken)      the plans still being followed after the decisions ``taken``
"""

from __future__ import annotations

from collections.abc import Callable, Hashable, Sequence
from typing import NamedTuple

from lewis_clark.actions import Action, IllegalAction, Verb
from lewis_clark.cards import BY_SLUG, CARDS
from lewis_clark.decisions import STOP, futile, matching_alternative
from lewis_clark.queries import camp_landing, capacity
from lewis_clark.resources import NONE, Bundle
from lewis_clark.rules import apply_in_place, apply_legal, legal_actions
from lewis_clark.state import Decision, State

__all__ = ["ALL", "OFFERED", "Followed", "Plan", "cheapest", "following", "follow", "honest", "offered",
           "pays_for_nothing", "plans", "reached", "remainder", "sheds", "wasted"]

# Results whose subject or follow-up is a real choice (R12, R22, the boat face): the plan stops before.
_OPEN_RESULTS = frozenset({"pick", "copy", "village"})
LIMIT = 48  # plans offered at most at a turn decision (beyond one for each turn-level action)


class Plan(NamedTuple):
    """One whole option: the engine's steps and what they mean, in typed fields.

    ``verb``      the turn-level action the plan starts with (play, village, recruit, camp, end), or,
                  for a plan offered inside an action, the verb of its first step
    ``card``      play / recruit: the card's slug
    ``place``     village: the place's name
    ``under``     play: the Strength card's slug, "none" for Indians only, "" when not planned
    ``indians``   play: Indians giving Strength; village: Indians placed
    ``strength``  performances allowed (play: card under plus Indians; village: Indians placed)
    ``choice``    the perform choice repeated ("" when no performance is planned)
    ``pay``       what each performance pays beyond its fixed cost (NONE here: payments of choice end a plan)
    ``boost``     each performance uses Nicholas Jarrot's or Cut Nose's extra spaces (R19)
    ``times``     performances planned
    ``keep_all``  every gain planned is kept whole (else the most that fits the boats, R7)
    ``stops``     the plan declines the performances left (R2)
    ``discount``  recruit: the card discarded for the Equipment discount, "none" for none (R15)
    ``complete``  the plan runs to the end of its action; else single decisions follow its last step
    """

    steps: tuple[Action, ...]
    verb: Verb
    card: str = ""
    place: str = ""
    under: str = ""
    indians: int = 0
    strength: int = 0
    choice: str = ""
    pay: Bundle = NONE
    boost: bool = False
    times: int = 0
    keep_all: bool = True
    stops: bool = False
    discount: str = ""
    complete: bool = True

    def __str__(self) -> str:
        return "; ".join(str(a) for a in self.steps)


def _with(plan: Plan, *, steps: tuple[Action, ...] | None = None, under: str | None = None,
          indians: int | None = None, strength: int | None = None, choice: str | None = None,
          pay: Bundle | None = None, boost: bool | None = None, times: int | None = None,
          keep_all: bool | None = None, stops: bool | None = None, complete: bool | None = None) -> Plan:
    """``plan._replace(...)`` for the fields the builders change, compiled: a NamedTuple's generated
    ``_replace`` is interpreted and cost 8% of an expert's search (py-spy), twice this."""
    return Plan(plan.steps if steps is None else steps, plan.verb, plan.card, plan.place,
                plan.under if under is None else under, plan.indians if indians is None else indians,
                plan.strength if strength is None else strength, plan.choice if choice is None else choice,
                plan.pay if pay is None else pay, plan.boost if boost is None else boost,
                plan.times if times is None else times, plan.keep_all if keep_all is None else keep_all,
                plan.stops if stops is None else stops, plan.discount,
                plan.complete if complete is None else complete)


class Followed(NamedTuple):
    """What ``follow`` did: the state reached, how many steps applied, the first step refused."""

    state: State
    done: int
    refused: Action | None

    @property
    def complete(self) -> bool:
        return self.refused is None


def follow(state: State, plan: Plan | Sequence[Action], in_place: bool = False) -> Followed:
    """Apply a plan's steps in order, stopping at the first one not legal then. ``state`` is left as
    it was unless ``in_place``; a plan refused at its first step changes nothing."""
    steps = plan.steps if isinstance(plan, Plan) else tuple(plan)
    s = state if in_place else state.copy()
    for i, step in enumerate(steps):
        if s.over or not _try(s, step):
            return Followed(s, i, step)
    return Followed(s, len(steps), None)


def following(candidates: Sequence[Plan], taken: Sequence[Action]) -> list[Plan]:
    """The plans (offered when ``taken`` began) whose steps start with ``taken`` and go on after it."""
    n = len(taken)
    prefix = tuple(taken)
    return [p for p in candidates if len(p.steps) > n and p.steps[:n] == prefix]


def remainder(plan: Plan, taken: Sequence[Action]) -> Plan:
    """The rest of a plan being followed: the same description, the steps after ``taken``."""
    return plan._replace(steps=plan.steps[len(taken):])


Built = tuple[Plan, State | None]  # a plan with the state its steps reached while it was built (None: not kept)
Job = Callable[[], list[Built]]


def plans(state: State, limit: int = LIMIT, performances: bool = True) -> list[Plan]:
    """The common whole options at the decision now, verified, without duplicates, in a stable order.

    At a turn decision: each card with its Strength sources (Indians only, each card under it with
    the most Indians allowed or none, then the other counts), each followed by "the same performance
    as often as allowed, keeping the most" and "perform once"; each Village placement likewise; each
    recruitment with its cheapest discount; Camp; end. Every legal turn-level action starts at least
    one plan; beyond those, at most about ``limit`` plans, the rarer Strength sources left out first.
    Inside an action (under, indians, perform) the plans that finish it from there; none at other
    decisions. Grouped by the turn-level action, in the order of ``legal_actions``. Without
    ``performances`` a plan ends where its performances begin (the openings only: quicker).
    """
    return [plan for plan, _ in _built(state, limit, performances)]


def reached(state: State, limit: int = LIMIT, verbs: frozenset[Verb] | None = None) -> list[tuple[Plan, State]]:
    """``plans(state, limit)`` (those whose ``verb`` is in ``verbs``, if given), each with the state
    its steps reach, as ``follow`` would give it: a search need not apply the steps again. The states
    are new and the caller's own."""
    out: list[tuple[Plan, State]] = []
    for plan, s in _built(state, limit, True):
        if verbs is None or plan.verb in verbs:
            out.append((plan, s if s is not None else follow(state, plan).state))
    return out


def _built(state: State, limit: int, performances: bool) -> list[Built]:
    """See ``plans``: the plans with the states reached while building them."""
    if state.over:
        return []
    decision = state.decision
    jobs: list[tuple[int, int, Job]] = []  # (rank, group, job): rank 0 covers every action
    if decision == Decision.TURN:
        for group, action in enumerate(legal_actions(state)):
            jobs.extend((rank, group, job) for rank, job in enumerate(_turn_jobs(state, action, performances)))
    elif decision in (Decision.UNDER, Decision.INDIANS):
        base = Plan((), Verb.PLAY, card=CARDS[state.stack[-1].card].slug)
        jobs.extend((rank, 0, job) for rank, job in enumerate(_source_jobs(state, (), base, performances)))
    elif decision == Decision.PERFORM:
        base = Plan((), Verb.PERFORM, strength=state.stack[-1].performances)
        jobs.append((0, 0, lambda: _performances(state.copy(), (), base, performances)))
    jobs.sort(key=lambda j: (j[0], j[1]))
    made: list[tuple[int, int, int, Built]] = []
    seen: set[tuple[Action, ...]] = set()
    for order, (rank, group, job) in enumerate(jobs):
        if rank and len(made) >= limit:
            break
        for built in job():
            steps = built[0].steps
            if steps not in seen:
                seen.add(steps)
                made.append((group, order, len(made), built))
    made.sort(key=lambda m: m[:3])
    return [m[3] for m in made]


# --- building ------------------------------------------------------------------------------------------

def _try(state: State, action: Action) -> bool:
    """Apply ``action`` in place if it is legal (the state is unchanged if not)."""
    try:
        apply_in_place(state, action)
    except IllegalAction:
        return False
    return True


def _step(state: State, action: Action) -> bool:
    """Apply a legal ``action`` in place; True when it revealed a card (the deck or the Journal changed).
    Every caller builds ``action`` from the options it was just offered, so it is not checked again
    (``apply_legal``); the plans' tests follow every plan with the checked ``apply``."""
    deck, journal = len(state.deck), state.journal[:]
    apply_legal(state, action)
    return len(state.deck) != deck or state.journal != journal


def _in_action(state: State, seat: int) -> bool:
    return bool(state.stack) and not state.over and state.current == seat


def _turn_jobs(state: State, action: Action, whole: bool) -> list[Job]:
    verb = action.verb
    if verb == Verb.PLAY:
        s = state.copy()
        _step(s, action)
        return _source_jobs(s, (action,), Plan((), verb, card=action.subject), whole)
    if verb == Verb.VILLAGE:
        return [lambda: _village(state, action, whole)]
    if verb == Verb.RECRUIT:
        return [lambda: [(_recruit_plan(state, action), None)]]
    return [lambda: [(Plan((action,), verb), None)]]


def _village(state: State, action: Action, whole: bool) -> list[Built]:
    s = state.copy()
    revealed = _step(s, action)
    base = Plan((), action.verb, place=action.subject, indians=action.indians, strength=action.indians)
    if revealed or not _in_action(s, state.current):
        return [(_with(base, steps=(action,)), s)]
    return _performances(s, (action,), base, whole)


def _source_jobs(state: State, steps: tuple[Action, ...], base: Plan, whole: bool) -> list[Job]:
    """Jobs for each Strength source of the card played, the most common first: Indians only (the
    most allowed), each card under it (the strongest first, so that a limit never drops the strongest
    source) with the most Indians allowed, with none, then other counts."""
    unders: list[Action | None] = [None]
    if state.decision == Decision.UNDER:
        options = legal_actions(state)
        cards = sorted((a for a in options if a.subject != "none"), key=lambda a: -CARDS[BY_SLUG[a.subject].id].strength)
        unders = [a for a in options if a.subject == "none"]
        unders.extend(cards)
    after: dict[Action | None, State] = {}  # the state once the Strength card is chosen, shared by its jobs
    jobs: list[Job] = []
    for which in ("most", "none", "other"):
        for under in unders:
            jobs.append(_source_job(state, steps, base, under, which, after, whole))
    return jobs


def _source_job(state: State, steps: tuple[Action, ...], base: Plan, under: Action | None, which: str,
                after: dict[Action | None, State], whole: bool) -> Job:
    def job() -> list[Built]:
        seat = state.current
        s = after.get(under)
        if s is None:
            s = after[under] = state.copy()
            if under is not None:
                _step(s, under)
        done, desc = steps, base
        if under is not None:
            done += (under,)
            desc = _with(desc, under=under.subject)
        given = CARDS[BY_SLUG[desc.under].id].strength if desc.under not in ("", "none") else 0
        if not (s.decision == Decision.INDIANS and _in_action(s, seat)):
            if which != "most":
                return []
            forced = 1 if desc.under == "none" else 0  # Indians only with one Indian aboard: no choice (R1)
            return _performances(s, done, _with(desc, indians=forced, strength=given + forced), whole)
        options = legal_actions(s)
        if which == "most":
            chosen = options[-1:]
        elif which == "none":
            chosen = options[:1] if options[0].indians == 0 and len(options) > 1 else []
        else:
            chosen = [a for a in options[:-1] if a.indians]
        out: list[Built] = []
        for n in chosen:
            t = s.copy()
            _step(t, n)
            out.extend(_performances(t, done + (n,), _with(desc, indians=n.indians, strength=given + n.indians), whole))
        return out
    return job


def _performances(state: State, steps: tuple[Action, ...], base: Plan, whole: bool = True) -> list[Built]:
    """From the start of the performances: for each choice without a payment or subject to pick, "as
    often as allowed" and "once"; the plan up to here alone when no choice can be planned. ``state``
    is the plan's own (it is handed on as the state a plan ending here reaches)."""
    seat = state.current
    if not (_in_action(state, seat) and state.decision == Decision.PERFORM):
        # a permanent card, or nothing to perform: the action is over
        return [(_with(base, steps=steps, complete=not _in_action(state, seat)), state)]
    frame = state.stack[-1]
    base = _with(base, strength=frame.performances)
    if not whole:
        return [(_with(base, steps=steps, complete=False), state)]
    by_choice: dict[tuple[str, bool], list[Action]] = {}
    for a in legal_actions(state):
        if a.verb == Verb.PERFORM:
            by_choice.setdefault((a.subject, a.boost), []).append(a)
    out: list[Built] = []
    for same in by_choice.values():
        a = same[0]
        if len(same) > 1 or matching_alternative(frame, a).result in _OPEN_RESULTS:
            continue  # the payment or the subject is a real choice
        out.extend(_repeat(state, steps, base, a))
    if not out:
        out.append((_with(base, steps=steps, complete=False), state))
    return out


def _repeat(state: State, steps: tuple[Action, ...], base: Plan, perform: Action) -> list[Built]:
    """Perform ``perform`` as often as allowed, keeping the most that fits each time, and (when more
    was possible) once then stop; each ends early at a real choice or a revealed card."""
    s = state.copy()
    seat = s.current
    depth = len(s.stack)
    done = list(steps)
    times = 0
    keep_all = True
    once: Built | None = None
    desc = _with(base, choice=perform.subject, pay=perform.bundle, boost=perform.boost)
    while True:
        if not _in_action(s, seat):
            return _with_once((_with(desc, steps=tuple(done), times=times, keep_all=keep_all), s), once)
        kind = s.decision
        if kind == Decision.PERFORM and len(s.stack) == depth:
            if times == 1 and once is None and s.stack[-1].performances:
                t = s.copy()
                _step(t, STOP)
                once = (_with(desc, steps=tuple(done) + (STOP,), times=1, keep_all=keep_all, stops=True,
                                      complete=not _in_action(t, seat)), t)
            snapshot = len(s.deck), s.journal[:]
            if not _try(s, perform):
                break
            done.append(perform)
            times += 1
            if len(s.deck) != snapshot[0] or s.journal != snapshot[1]:
                break  # a card was revealed: what follows is not planned
            continue
        if kind == Decision.MOVE:  # the whole movement: a shorter one (R2) is a single decision
            whole_move = legal_actions(s)[0]
            _step(s, whole_move)
            done.append(whole_move)
            continue
        if kind == Decision.TAKE:
            take, whole = _keep(s)
            if take is None:
                break
            keep_all = keep_all and whole
            revealed = _step(s, take)
            done.append(take)
            if revealed:
                break
            continue
        break  # any other decision (overflow, boat face, Farewell, a nested performance) is a real choice
    # a card revealed on the last performance may have ended the action: then nothing is left to choose
    return _with_once((_with(desc, steps=tuple(done), times=times, keep_all=keep_all,
                                     complete=not _in_action(s, seat)), s), once)


def _with_once(most: Built, once: Built | None) -> list[Built]:
    return [most] if once is None else [most, once]


def _keep(state: State) -> tuple[Action | None, bool]:
    """The take that keeps the most that fits the boats (R7), if one bundle holds every other that
    fits; with whether it is the whole gain offered."""
    options = legal_actions(state)
    p = state.players[state.current]
    room = capacity(p) - sum(p.resources)
    fits = [a for a in options if sum(a.bundle[:6]) <= room]
    if not fits:
        return None, False
    best = max(fits, key=lambda a: sum(a.bundle))
    if any(_exceeds(a.bundle, best.bundle) for a in fits):
        return None, False  # two bundles neither of which holds the other: the player picks
    return best, not any(_exceeds(a.bundle, best.bundle) for a in options)


def _exceeds(a: Bundle, b: Bundle) -> bool:
    return any(x > y for x, y in zip(a, b, strict=True))


def _recruit_plan(state: State, action: Action) -> Plan:
    """Recruit a Journal card paying with the cheapest discount: none if the Equipment suffices, else
    the weakest card in hand that makes it affordable (R15). The plan ends at the refill (a draw)."""
    s = state.copy()
    apply_in_place(s, action)
    choices = legal_actions(s)
    none = Action(Verb.DISCARD, "none")
    if none in choices:
        discount = none
    else:
        discount = min(choices, key=lambda a: (CARDS[BY_SLUG[a.subject].id].strength, choices.index(a)))
    return Plan((action, discount), Verb.RECRUIT, card=action.subject, discount=discount.subject)


# --- the few offered as one-step choices ---------------------------------------------------------

# Turn-level actions that are single choices already: their plans add nothing to read.
SINGLE_VERBS = frozenset({Verb.RECRUIT, Verb.CAMP, Verb.END})
ALL = 10_000  # every plan (the offered few are chosen from all of them: a cheaper source is never cut)
OFFERED = 6  # plans offered as one-step choices at most; the single decisions stay behind "more"

Score = Callable[[State, int], float]  # how good a state is for a seat (the front ends pass the bots' evaluation)


def honest(state: State, plan: Plan) -> Plan | None:
    """``plan`` without what pays for nothing, or None when nothing of it is worth doing.

    A performance that could do nothing (``decisions.futile``) or whose gain nothing of fits the boats
    (R7) ends the plan before it, with a stop (R2) when more performances were allowed. A plan that
    spends Strength (a card under it, Indians) and then performs nothing useful is None: the
    "Joseph Barter at Strength 3" with no Canoe to pay; unless it lets a Camp land further (``sheds``)."""
    s = state.copy()
    seat = s.current
    kept: list[Action] = []
    before: State = s  # the state before the last perform step (where a cut puts its stop)
    times = 0
    keep_all = True
    cut = False
    kept_before = 0
    for step in plan.steps:
        if s.over or (kept and not _in_action(s, seat)):
            break
        if step.verb == Verb.PERFORM and futile(s, step):
            cut = True
            break
        if step.verb == Verb.TAKE:
            options = legal_actions(s)
            if not any(step.bundle) and any(any(a.bundle) for a in options):
                s, cut = before, True  # the gain is lost whole: the performance that made it is not worth it
                kept = kept[:kept_before]
                times -= 1
                break
            keep_all = keep_all and not any(_exceeds(a.bundle, step.bundle) for a in options)
        if step.verb == Verb.PERFORM:
            before, kept_before = s.copy(), len(kept)
        if not _try(s, step):
            break
        kept.append(step)
        times += step.verb == Verb.PERFORM
    complete = not _in_action(s, seat)
    stops = plan.stops
    if not cut and not complete and s.decision == Decision.PERFORM and not _useful_left(s, seat):
        cut = True  # what is left to choose could do nothing: the plan stops there (R2)
    if cut and _in_action(s, seat) and s.decision == Decision.PERFORM and STOP in legal_actions(s):
        _step(s, STOP)
        kept.append(STOP)
        stops, complete = True, not _in_action(s, seat)
    spent = plan.under not in ("", "none") or plan.indians > 0
    if times <= 0 and spent and (complete or not _useful_left(s, seat)) and not sheds(state, s, seat):
        return None
    if not cut:
        return plan
    return plan._replace(steps=tuple(kept), times=max(times, 0), keep_all=keep_all, stops=stops, complete=complete)


def _useful_left(state: State, seat: int) -> bool:
    """Whether the seat, inside its action at a performance, has one left that could do something."""
    if not (_in_action(state, seat) and state.decision == Decision.PERFORM):
        return _in_action(state, seat)
    return any(a.verb == Verb.PERFORM and not futile(state, a) for a in legal_actions(state))


def pays_for_nothing(state: State, plan: Plan) -> bool:
    """Whether ``plan`` spends something (Strength, a payment, a performance) for nothing: a futile
    performance, a gain of which nothing is kept, or Strength and no useful performance after it."""
    return honest(state, plan) is not plan


def wasted(state: State, action: Action) -> bool:
    """Whether the single legal ``action`` pays for nothing: a futile performance (``decisions.futile``),
    or a step that spends (a card played, a card under it, Indians to it or to a Village place) after
    which no performance could do anything and a Camp would land no further (``sheds``): one Indian to
    Expedition Upgrade with no Wood. Where a Strength choice is left after it, the cheapest is taken
    (more Strength performs no better)."""
    if action.verb == Verb.PERFORM:
        return futile(state, action)
    if action.verb not in (Verb.PLAY, Verb.UNDER, Verb.INDIANS, Verb.VILLAGE) or state.over:
        return False
    if action.verb == Verb.PLAY and CARDS[BY_SLUG[action.subject].id].permanent:
        return False  # its power lasts: it performs nothing and needs not
    seat = state.current
    s = state.copy()
    if _step(s, action):
        return False  # a card was revealed: what follows is not known yet
    while _in_action(s, seat) and s.decision in (Decision.UNDER, Decision.INDIANS):
        options = legal_actions(s)
        if not options:
            return False
        _step(s, min(options, key=lambda a: (a.subject != "none", a.indians)))
    if not _in_action(s, seat):  # the action ended at once: no performance was possible (the engine skips them)
        return not sheds(state, s, seat)
    return s.decision == Decision.PERFORM and not _useful_left(s, seat) and not sheds(state, s, seat)


def sheds(before: State, after: State, seat: int) -> bool:
    """Whether what led from ``before`` to ``after`` moves the Camp ``seat`` could make further up the
    route: cards out of the hand, Indians out of the boats, each a space less of Camp Time (R16). A card
    buried so, with nothing performed, is how a hand is spent before a Camp: not a futile play."""
    return camp_landing(after, seat).camp > camp_landing(before, seat).camp


def _outcome(plan: Plan) -> tuple[object, ...]:
    """What a plan does, whatever gives its Strength: two plans alike here differ only in their cost."""
    return plan.verb, plan.card, plan.place, plan.choice, plan.boost, plan.times, plan.keep_all, plan.complete


def _cost(plan: Plan) -> tuple[int, int]:
    """What a plan's Strength source costs: the Strength given (cards under it are out of the hand
    until Camp, Indians go back to the Village), then the Indians."""
    return plan.strength, plan.indians


def cheapest(state: State, every: Sequence[Plan]) -> list[Plan]:
    """The honest plans of ``every`` (see ``honest``), each outcome by its cheapest Strength source
    only (never "Strength 3 ... perform once" when 1 Indian does the same), in ``every``'s order."""
    made: list[Plan] = []
    seen: set[tuple[Action, ...]] = set()
    for plan in every:
        if plan.verb in SINGLE_VERBS or len(plan.steps) <= 1:
            made.append(plan)
            continue
        kept = honest(state, plan)
        if kept is not None and kept.steps not in seen:
            seen.add(kept.steps)
            made.append(kept)
    best: dict[tuple[object, ...], Plan] = {}
    for plan in made:
        key = _outcome(plan)
        if key not in best or _cost(plan) < _cost(best[key]):
            best[key] = plan
    return [p for p in made if p.verb in SINGLE_VERBS or len(p.steps) <= 1 or best[_outcome(p)] is p]


def offered(state: State, every: Sequence[Plan] | None = None, score: Score | None = None,
            limit: int = OFFERED) -> list[Plan]:
    """The few plans worth offering as one-step choices (a menu line, a button): at most ``limit``,
    the best first by ``score`` of the state each reaches (default: ``every``'s order). Only honest
    plans by their cheapest source (``cheapest``); for each card or Village place (inside an action:
    each Strength card, each count of Indians, each performance) its most useful plan, the highest
    Strength with every gain kept, and at most one other: a different performance choice, or "once,
    then stop" where that is a real difference (going on would lose gains, or the decision is whether
    to perform again). Plans of one step, recruitments, Camp and the turn's end are single choices
    already. ``every`` defaults to ``plans(state, ALL)``."""
    if every is None:
        every = plans(state, limit=ALL)
    every = cheapest(state, every)
    groups: dict[Hashable, list[Plan]] = {}
    for plan in every:
        if plan.verb in SINGLE_VERBS or len(plan.steps) <= 1:  # one step is one of the numbered actions
            continue
        groups.setdefault(_group(state, plan), []).append(plan)
    picked: set[int] = set()
    for members in groups.values():
        best = max(members, key=_usefulness)  # max keeps the first of equals: the plans' own order
        picked.add(id(best))
        other = _second(state, best, members)
        if other is not None:
            picked.add(id(other))
    chosen = [p for p in every if id(p) in picked]
    if score is not None:
        seat = state.current
        worth = {id(p): score(follow(state, p).state, seat) for p in chosen}
        chosen.sort(key=lambda p: -worth[id(p)])  # stable: equals keep the plans' own order
    return chosen[:limit]


def _group(state: State, plan: Plan) -> Hashable:
    """What a menu line stands for: the card or place at a turn, else the choice made at this decision."""
    if state.decision == Decision.TURN:
        return plan.verb, plan.card, plan.place
    return plan.steps[0]


def _usefulness(plan: Plan) -> tuple[bool, int, int, bool]:
    """Every gain kept first, then the most performances, the least Strength, going on to the end."""
    return plan.keep_all, plan.times, -plan.strength, not plan.stops


def _second(state: State, best: Plan, members: Sequence[Plan]) -> Plan | None:
    """The one other plan of a group worth a line: the best of another performance choice (Gift's fur
    or wood), else "once, then stop" when going on would lose gains, or at a performance (where that
    is the question asked)."""
    others = [p for p in members if (p.choice, p.boost) != (best.choice, best.boost) and p.times]
    if others:
        return max(others, key=_usefulness)
    if best.times < 2:
        return None
    stop = next((p for p in members if p.stops and p.times < best.times), None)
    if stop is not None and (not best.keep_all or state.decision == Decision.PERFORM):
        return stop
    return None
