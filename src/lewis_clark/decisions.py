"""The decisions inside an action, each kind's options and handler side by side.

A pending decision is a ``Frame`` on the state's stack (state.py names its fields). For every
``Decision`` kind there is one ``Rule``: ``options(state, frame)`` lists the legal actions and
``apply(state, frame, action)`` carries one out. The turn's own decision lives in turn.py.

    under     which card gives Strength to the card played (or none)        R1
    indians   how many Indians add Strength                                 R1
    perform   perform the action once more (which way, paying what) or stop  R2, R3
    take      how much of a gain to keep                                    R2
    move      where a movement stops: all its spaces or fewer               R2
    overflow  which resource goes back when a gain overfills the boats      R7
    recruit   which card (if any) to discard for the Equipment discount     R15
    farewell  which cards to discard before the Journal is replaced         R12
    boat      which face of a boat tile to add                             components.md
"""

from __future__ import annotations

from collections.abc import Callable
from enum import StrEnum
from typing import Final, NamedTuple, cast

from lewis_clark import journal
from lewis_clark.actions import Action, Verb
from lewis_clark.cards import BY_SLUG, CARDS, CUT_NOSE, JARROT
from lewis_clark.effects import CUT_NOSE_USED, JARROT_USED, RESULTS, after_take, alternatives, offer
from lewis_clark.effects_spec import Alternative
from lewis_clark.expedition import LARGE_RESOURCE, SMALL_RESOURCE, TILE_FACES, TILE_STACK
from lewis_clark.queries import capacity, payable, recruit_equipment, recruit_fur
from lewis_clark.resources import (
    INDIAN,
    KIND_INDEX,
    KINDS,
    NONE,
    RESOURCES,
    Bundle,
    any_payments,
    different_payments,
    single,
    up_to_choices,
)
from lewis_clark.state import AfterTake, Decision, Frame, Player, State
from lewis_clark.village import PLACE_INDEX, PLACES

MOST_STRENGTH: Final = 3  # R1c: a card never gets more than 3 Strength
MOST_INDIANS_WITH_CARD: Final = 2  # R1c: at most 2 Indians beside a Strength card
BOAT_TILE_RESOURCES: Final = 2  # resources of your choice that come with a resource boat tile


class Rule(NamedTuple):
    """How one kind of decision is offered and carried out."""

    options: Callable[[State, Frame], list[Action]]
    apply: Callable[[State, Frame, Action], None]


# Actions are immutable, so the common ones are built once.
STOP: Final = Action(Verb.STOP)
DISCARD_NONE: Final = Action(Verb.DISCARD, "none")
UNDER_NONE: Final = Action(Verb.UNDER, "none")
UNDER: Final = [Action(Verb.UNDER, c.slug) for c in CARDS]
DISCARD: Final = [Action(Verb.DISCARD, c.slug) for c in CARDS]
INDIANS: Final = [Action(Verb.INDIANS, "", n) for n in range(MOST_STRENGTH + 1)]
RETURN: Final = [Action(Verb.RETURN, KINDS[r]) for r in RESOURCES]
BOAT: Final = [Action(Verb.BOAT, face) for face in TILE_FACES]
_TAKE: Final[dict[Bundle, Action]] = {}
MOVES: Final[list[Action]] = []  # MOVES[k]: go k spaces of the movement, built on demand
_ANY: Final[dict[int, list[Bundle]]] = {n: any_payments(n) for n in (1, 2)}
_DIFFERENT: Final[dict[int, list[Bundle]]] = {3: different_payments(3)}


_PERFORM: Final[dict[tuple[str, Bundle, bool], Action]] = {}
_NO_PAYMENT: Final[list[Bundle]] = [NONE]  # only read: the payments of an alternative that costs nothing
# Enum members bound once: looking a member up on its class is slow on Python 3.11, and these run
# at every decision.
_STOP: Final = Verb.STOP
_PERFORM_VERB: Final = Verb.PERFORM
_TAKE_VERB: Final = Verb.TAKE


def perform_action(choice: str, pay: Bundle, boost: bool) -> Action:
    """The (shared) action that performs ``choice`` paying ``pay``."""
    key = (choice, pay, boost)
    action = _PERFORM.get(key)
    if action is None:
        action = _PERFORM[key] = Action(_PERFORM_VERB, choice, 0, pay, boost)
    return action


def take_action(b: Bundle) -> Action:
    """The (shared) action that keeps bundle ``b``."""
    action = _TAKE.get(b)
    if action is None:
        action = _TAKE[b] = Action(Verb.TAKE, bundle=b)
    return action


def _player(state: State) -> Player:
    return state.players[state.current]


def begin_action(state: State, p: Player) -> None:
    """What may pay during the action is what is held as it begins (R3)."""
    r = p.resources
    state.spendable = [r[0], r[1], r[2], r[3], r[4], r[5], p.indians]
    state.moved = False
    state.boosts = 0


# --- under: which card gives Strength (R1) ---------------------------------------------------------

def _under_options(state: State, frame: Frame) -> list[Action]:
    p = _player(state)
    out = [UNDER[c] for c in p.hand if c != frame.card]
    if p.indians:
        out.append(UNDER_NONE)
    return out


def _under(state: State, frame: Frame, action: Action) -> None:
    p = _player(state)
    state.stack.pop()
    strength = 0
    if action.subject != "none":
        under = BY_SLUG[action.subject].id
        p.hand.remove(under)
        p.face_down.append(under)
        strength = CARDS[under].strength
    # Two-argument min, nested: compiled, that is a comparison; three arguments call the builtin.
    most = min(min(MOST_STRENGTH - strength, MOST_INDIANS_WITH_CARD if strength else MOST_STRENGTH), p.indians)
    least = 0 if strength else 1
    if most > least:
        state.stack.append(Frame(Decision.INDIANS, frame.card, strength=strength))
    else:
        give_strength(state, frame.card, strength, least)


# --- indians: how many Indians add Strength (R1) ---------------------------------------------------

def _indians_options(state: State, frame: Frame) -> list[Action]:
    p = _player(state)
    if frame.strength:  # a card gave Strength: add 0, 1 or 2 Indians, total at most 3 (R1c)
        return INDIANS[: min(min(MOST_STRENGTH - frame.strength, MOST_INDIANS_WITH_CARD), p.indians) + 1]
    return INDIANS[1: min(MOST_STRENGTH, p.indians) + 1]


def _indians(state: State, frame: Frame, action: Action) -> None:
    state.stack.pop()
    give_strength(state, frame.card, frame.strength, action.indians)


def give_strength(state: State, card: int, strength: int, indians: int) -> None:
    """The card played gets its Strength; its performances begin (R1, R2)."""
    p = _player(state)
    p.indians -= indians
    p.on_cards += indians
    begin_action(state, p)
    total = strength + indians
    if CARDS[card].once_only:
        total = min(total, 1)
    if not CARDS[card].permanent:
        state.stack.append(Frame(Decision.PERFORM, card, performances=total))


# --- perform: once more, or stop (R2, R3) ------------------------------------------------------------

def _fits(payment: Bundle, can_pay: list[int]) -> bool:
    for i in range(7):
        if payment[i] > can_pay[i]:
            return False
    return True


def _affordable(alt: Alternative, can_pay: list[int]) -> bool:
    """Whether the seat can pay ``alt``'s Indians for the Powwow and its fixed cost (a payment of its
    choice, ``pay_any`` or ``pay_different``, is checked by the caller)."""
    if alt.powwow and can_pay[INDIAN] < alt.powwow:
        return False
    return alt.pay == NONE or _fits(alt.pay, can_pay)


def perform_options(state: State, frame: Frame) -> list[Action]:
    """The performances possible now (without "stop"); empty when none is."""
    if frame.performances <= 0:
        return []
    p = _player(state)
    can_pay = payable(state, p)
    out: list[Action] = []
    for alt in alternatives(frame):
        if not _affordable(alt, can_pay):
            continue
        choices = perform_choices(state, frame, alt)
        if not choices:
            continue
        payments: list[Bundle]
        if alt.pay_any:
            payments = [b for b in _ANY[alt.pay_any] if _fits(b, can_pay)]
        elif alt.pay_different:
            payments = [b for b in _DIFFERENT[alt.pay_different] if _fits(b, can_pay)]
        else:
            payments = _NO_PAYMENT
        boost = boost_available(state, p, alt)
        for choice in choices:
            for pay in payments:
                out.append(perform_action(choice, pay, False))
                if boost:
                    out.append(perform_action(choice, pay, True))
    return out


def can_perform(state: State, frame: Frame) -> bool:
    """Whether ``perform_options`` offers anything (else the frame closes, rules._settle), found
    without making the actions: no subject lists, payment lists or action lookups."""
    if frame.performances <= 0:
        return False
    can_pay = payable(state, _player(state))
    for alt in alternatives(frame):
        if not _affordable(alt, can_pay):
            continue
        choices = _CHOICES.get(alt.result)
        if choices is not None and not choices(state, frame, alt):
            continue
        if alt.pay_any:
            payments = _ANY[alt.pay_any]
        elif alt.pay_different:
            payments = _DIFFERENT[alt.pay_different]
        else:
            return True
        for b in payments:
            if _fits(b, can_pay):
                return True
    return False


def offers_performance(state: State, frame: Frame, action: Action) -> bool:
    """Whether ``action`` is among ``perform_options(state, frame)`` (equal to one of them), found
    without listing them: the check of one performance (rules.check) tests only its own subject,
    payment and boost against each alternative."""
    if frame.performances <= 0:
        return False
    # The fields as the tuple's own items, compared as the offered tuples compare: an action made
    # elsewhere may hold other types (boost=1), which a typed read would refuse on the compiled build.
    verb, subject, indians, pay, boost, spaces = cast("tuple[object, ...]", action)
    if verb != _PERFORM_VERB or indians != 0 or spaces != 0:
        return False
    if boost == True:  # noqa: E712 (equal, as the tuples compare; ``boost`` itself is not read as a bool)
        boosted = True
    elif boost == False:  # noqa: E712
        boosted = False
    else:
        return False
    p = _player(state)
    can_pay = payable(state, p)
    for alt in alternatives(frame):
        if not _affordable(alt, can_pay):
            continue
        choices = _CHOICES.get(alt.result)
        if choices is None:
            if subject != alt.label:
                continue
        elif subject not in choices(state, frame, alt):
            continue
        if alt.pay_any:
            if not _offered_payment(pay, _ANY[alt.pay_any], can_pay):
                continue
        elif alt.pay_different:
            if not _offered_payment(pay, _DIFFERENT[alt.pay_different], can_pay):
                continue
        elif pay != NONE:
            continue
        if boosted and not boost_available(state, p, alt):
            continue
        return True
    return False


def _offered_payment(pay: object, payments: list[Bundle], can_pay: list[int]) -> bool:
    for b in payments:
        if b == pay:
            return _fits(b, can_pay)
    return False


class Subject(StrEnum):
    """What a performance's subject names (the RL action index enumerates each kind)."""

    LABEL = "label"  # the alternative's own label
    JOURNAL_CARD = "journal card"
    PLACE = "place"
    CARD_TO_COPY = "card to copy"


_SUBJECTS: Final = {"pick": Subject.JOURNAL_CARD, "village": Subject.PLACE, "copy": Subject.CARD_TO_COPY}


def subject_of(result: str) -> Subject:
    """What kind of subject a performance with this result names."""
    return _SUBJECTS.get(result, Subject.LABEL)


def perform_choices(state: State, frame: Frame, alt: Alternative) -> list[str]:
    """The subjects an alternative offers (``subject_of``): usually just its label; a Journal card, a
    Village place or a card to copy where the result names one."""
    choices = _CHOICES.get(alt.result)
    return [alt.label] if choices is None else choices(state, frame, alt)


def _journal_cards(state: State, frame: Frame, alt: Alternative) -> list[str]:
    return [CARDS[c].slug for c in state.journal if c]


def _places(state: State, frame: Frame, alt: Alternative) -> list[str]:
    return [pl.name for pl in PLACES if not alt.occupied_only or state.village[pl.index]]


def _cards_to_copy(state: State, frame: Frame, alt: Alternative) -> list[str]:
    # R22: face-up, not permanent, not the copier itself
    return [CARDS[c].slug for q in state.players for c in q.face_up if not CARDS[c].permanent and c != frame.card]


def _boat_faces(state: State, frame: Frame, alt: Alternative) -> list[str]:
    return [alt.label] if any(state.tile_stacks) else []  # no tile left: nothing to perform


# The results whose subject is not just the label, by effects_spec result word (a dict lookup: this
# runs for every alternative at every perform decision). ``subject_of`` says what each names.
_CHOICES: Final[dict[str, Callable[[State, Frame, Alternative], list[str]]]] = {
    "pick": _journal_cards, "village": _places, "copy": _cards_to_copy, "boat": _boat_faces,
}
assert all(result in _CHOICES for result in _SUBJECTS)


def boost_available(state: State, p: Player, alt: Alternative) -> bool:
    """Whether a movement may be boosted now: Jarrot or Cut Nose face-up and unused this action (R19)."""
    if alt.result == "river":
        return JARROT in p.face_up and not state.boosts & JARROT_USED
    if alt.result == "mountain":
        return CUT_NOSE in p.face_up and not state.boosts & CUT_NOSE_USED
    return False


def _perform_or_stop(state: State, frame: Frame) -> list[Action]:
    out = perform_options(state, frame)
    out.append(STOP)  # R2: remaining performances may always be declined
    return out


def _perform(state: State, frame: Frame, action: Action) -> None:
    if action.verb == _STOP:
        close_perform(state)
        return
    state.stack[-1] = frame._replace(performances=frame.performances - 1)
    p = _player(state)
    alt = matching_alternative(frame, action)
    _pay(state, p, alt.pay)
    _pay(state, p, action.bundle)
    if alt.powwow:
        p.indians -= alt.powwow
        state.spendable[INDIAN] -= alt.powwow
        state.powwow += alt.powwow  # R11: they wait for the next Interpreter
    RESULTS[alt.result](state, p, frame, alt, action)


def futile(state: State, action: Action) -> bool:
    """Whether a legal perform action would pay (or spend a performance) for nothing: the card it copies
    or the Village place it acts through could then do nothing at all (R12, R22). Legal, but the
    interfaces warn before the player pays."""
    if action.verb != _PERFORM_VERB or not state.stack or state.stack[-1].kind != Decision.PERFORM:
        return False
    return _futile(state, state.stack[-1], action)


def reached_frame(frame: Frame, action: Action) -> Frame | None:
    """The performance a copy or a Village action reaches (R12, R22); None for other results."""
    result = matching_alternative(frame, action).result
    if result == "copy":
        return Frame(Decision.PERFORM, BY_SLUG[action.subject].id, performances=1, copied=True)
    if result == "village":
        return Frame(Decision.PERFORM, place=PLACE_INDEX[action.subject], performances=1)
    return None


def _futile(state: State, frame: Frame, action: Action) -> bool:
    reached = reached_frame(frame, action)
    if reached is None:
        return False
    s = state.copy()  # what is left to pay with once this performance has paid (R3)
    p = _player(s)
    alt = matching_alternative(frame, action)
    _pay(s, p, alt.pay)
    _pay(s, p, action.bundle)
    s.stack.append(reached)
    return all(_futile(s, reached, a) for a in perform_options(s, reached))


def matching_alternative(frame: Frame, action: Action) -> Alternative:
    """The alternative a perform action chose."""
    alts = alternatives(frame)
    if len(alts) == 1:
        return alts[0]
    for alt in alts:
        if alt.label == action.subject:
            return alt
    return alts[0]  # dynamic subjects (places, cards) only occur on single-alternative actions


def close_perform(state: State) -> None:
    """The performances end (stopped, or none left)."""
    frame = state.stack.pop()
    if frame.place < 0 and any(a.result == "pick" for a in CARDS[frame.card].alternatives):
        journal.refill(state)  # Cuscalar: the Journal is refilled once, after all picks


def _pay(state: State, p: Player, b: Bundle) -> None:
    if b is NONE or b == NONE:
        return
    for r in RESOURCES:
        if b[r]:
            p.resources[r] -= b[r]
            state.spendable[r] -= b[r]


# --- take: how much of a gain to keep (R2) -----------------------------------------------------------

def _take_options(state: State, frame: Frame) -> list[Action]:
    return [take_action(b) for b in frame.bundles]


def offers_take(frame: Frame, action: Action) -> bool:
    """Whether ``action`` equals one of ``_take_options`` (a take of a bundle the frame offers), without
    making them: the check of one take (rules.check)."""
    verb, subject, indians, kept, boost, spaces = cast("tuple[object, ...]", action)  # as offers_performance
    return (verb == _TAKE_VERB and subject == "" and indians == 0 and boost == False  # noqa: E712
            and spaces == 0 and kept in frame.bundles)


def _take(state: State, frame: Frame, action: Action) -> None:
    state.stack.pop()
    p = _player(state)
    b = action.bundle
    for r in RESOURCES:
        p.resources[r] += b[r]
    if b[INDIAN]:
        p.indians += b[INDIAN]
        if frame.then == AfterTake.INTERPRETER:
            state.powwow -= b[INDIAN]
        else:
            state.indian_stock -= b[INDIAN]
    excess = sum(n for n in p.resources) - capacity(p)  # a loop, compiled (queries.camp_time)
    if excess > 0:  # R7: the player chooses what goes back
        state.stack.append(Frame(Decision.OVERFLOW, returns=excess))
    if frame.then:
        after_take(state, frame.then)


# --- move: where a movement stops (R2) ----------------------------------------------------------------

def move_action(spaces: int) -> Action:
    """The (shared) action that goes ``spaces`` spaces of a movement."""
    while len(MOVES) <= spaces:
        MOVES.append(Action(Verb.MOVE, spaces=len(MOVES)))
    return MOVES[spaces]


def _move_options(state: State, frame: Frame) -> list[Action]:
    # The whole movement first, as a take offers the whole gain first: bots and plans pick it by default.
    move_action(frame.spaces)
    return MOVES[frame.spaces::-1]


def _move(state: State, frame: Frame, action: Action) -> None:
    state.stack.pop()
    _player(state).scout -= frame.spaces - action.spaces


# --- overflow: what goes back when the boats are full (R7) -------------------------------------------

def _overflow_options(state: State, frame: Frame) -> list[Action]:
    p = _player(state)
    return [RETURN[r] for r in RESOURCES if p.resources[r]]


def _overflow(state: State, frame: Frame, action: Action) -> None:
    _player(state).resources[KIND_INDEX[action.subject]] -= 1
    if frame.returns == 1:
        state.stack.pop()
    else:
        state.stack[-1] = frame._replace(returns=frame.returns - 1)


# --- recruit: a discard for the Equipment discount (R15) ---------------------------------------------

def _recruit_options(state: State, frame: Frame) -> list[Action]:
    p = _player(state)
    need = CARDS[frame.card].strength
    out = [DISCARD[c] for c in p.hand if p.resources[3] >= need - CARDS[c].strength]
    if p.resources[3] >= need:
        out.append(DISCARD_NONE)
    return out


def _recruit(state: State, frame: Frame, action: Action) -> None:
    """Pay Fur by slot and Equipment by Strength less the discard's discount, take the card (R15)."""
    state.stack.pop()
    p = _player(state)
    card = frame.card
    discarded = 0 if action.subject == "none" else BY_SLUG[action.subject].id
    slot = state.journal.index(card)
    if discarded:
        p.hand.remove(discarded)
        state.discard.append(discarded)
    p.resources[1] -= recruit_fur(state, p, slot)
    p.resources[3] -= recruit_equipment(card, discarded)
    journal.take(state, slot)
    journal.refill(state)
    p.hand.append(card)
    state.recruited = True


# --- farewell: discards before the Journal is replaced (R12) -----------------------------------------

def _farewell_options(state: State, frame: Frame) -> list[Action]:
    p = _player(state)
    out = [DISCARD[c] for c in p.hand] if frame.discards else []
    out.append(DISCARD_NONE)
    return out


def _farewell(state: State, frame: Frame, action: Action) -> None:
    if action.subject != "none":
        card = BY_SLUG[action.subject].id
        p = _player(state)
        p.hand.remove(card)
        state.discard.append(card)
        if frame.discards > 1:
            state.stack[-1] = frame._replace(discards=frame.discards - 1)
            return
    state.stack.pop()
    journal.replace_all(state)


# --- boat: the face of a new boat tile ---------------------------------------------------------------

def _boat_options(state: State, frame: Frame) -> list[Action]:
    return [BOAT[f] for f in range(len(TILE_FACES)) if state.tile_stacks[TILE_STACK[f]]]


def _boat(state: State, frame: Frame, action: Action) -> None:
    state.stack.pop()
    p = _player(state)
    face = TILE_FACES.index(action.subject)
    state.tile_stacks[TILE_STACK[face]] -= 1
    p.tiles[face] += 1
    if face in (SMALL_RESOURCE, LARGE_RESOURCE):  # a resource face comes with 2 resources of your choice
        offer(state, up_to_choices(BOAT_TILE_RESOURCES))
    elif state.indian_stock:  # an Indian face comes with an Indian from the stock
        offer(state, [single(INDIAN, 1), NONE], AfterTake.STOCK)


DECISIONS: Final[dict[Decision, Rule]] = {
    Decision.UNDER: Rule(_under_options, _under),
    Decision.INDIANS: Rule(_indians_options, _indians),
    Decision.PERFORM: Rule(_perform_or_stop, _perform),
    Decision.TAKE: Rule(_take_options, _take),
    Decision.MOVE: Rule(_move_options, _move),
    Decision.OVERFLOW: Rule(_overflow_options, _overflow),
    Decision.RECRUIT: Rule(_recruit_options, _recruit),
    Decision.FAREWELL: Rule(_farewell_options, _farewell),
    Decision.BOAT: Rule(_boat_options, _boat),
}


# The table above as direct calls, the commonest kinds first: compiled, a call through the table goes
# through Python's calling convention (a method lookup on the Rule, the arguments parsed again), a
# direct call does not. A kind not listed (or a frame whose kind is plain text) takes the table;
# tests/engine/test_properties.py checks both ways agree on every kind.
_UNDER: Final = Decision.UNDER
_PERFORM_KIND: Final = Decision.PERFORM
_TAKE_KIND: Final = Decision.TAKE
_INDIANS_KIND: Final = Decision.INDIANS
_RECRUIT_KIND: Final = Decision.RECRUIT


def options_of(state: State, frame: Frame) -> list[Action]:
    """``DECISIONS[frame.kind].options(state, frame)``."""
    kind = frame.kind
    if kind is _UNDER:
        return _under_options(state, frame)
    if kind is _PERFORM_KIND:
        return _perform_or_stop(state, frame)
    if kind is _TAKE_KIND:
        return _take_options(state, frame)
    if kind is _RECRUIT_KIND:
        return _recruit_options(state, frame)
    if kind is _INDIANS_KIND:
        return _indians_options(state, frame)
    return DECISIONS[kind].options(state, frame)


def apply_frame(state: State, frame: Frame, action: Action) -> None:
    """``DECISIONS[frame.kind].apply(state, frame, action)``."""
    kind = frame.kind
    if kind is _UNDER:
        _under(state, frame, action)
    elif kind is _PERFORM_KIND:
        _perform(state, frame, action)
    elif kind is _TAKE_KIND:
        _take(state, frame, action)
    elif kind is _RECRUIT_KIND:
        _recruit(state, frame, action)
    elif kind is _INDIANS_KIND:
        _indians(state, frame, action)
    else:
        DECISIONS[kind].apply(state, frame, action)
