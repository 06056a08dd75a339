"""The rules: which actions are legal, and what applying one does.

``legal_actions(state)`` is the single source of what may be done. ``apply(state, action)`` returns
a new state and never touches the one given; ``apply_in_place`` is the fast path for searches that
own their copy. A turn is the compulsory action (a card given Strength, or Indians in the Village)
plus an optional recruitment and an optional Camp, each once, before or after the action (R15, R16).
Inside an action every choice is its own decision, held as a ``Frame`` on the state's stack:

    under     which card gives Strength to the card played (or none)        R1
    indians   how many Indians add Strength                                 R1
    perform   perform the action once more (which way, paying what) or stop  R2, R3
    take      how much of a gain to keep                                    R2
    overflow  which resource goes back when a gain overfills the boats      R7
    recruit   which card (if any) to discard for the Equipment discount     R15
    farewell  which cards to discard before the Journal is replaced         R12
    boat      which face of a boat tile to add                             components.md
"""

from __future__ import annotations

from collections.abc import Callable

from lewis_clark import journal
from lewis_clark.actions import Action, IllegalAction
from lewis_clark.cards import BOLEY, BY_SLUG, CARDS, CUT_NOSE, GRAVELINES, JARROT, LAROCQUE
from lewis_clark.effects_spec import Alternative
from lewis_clark.expedition import TILE_FACES, TILE_STACK, boat_time, resource_capacity
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
    sub_bundles,
    up_to_choices,
)
from lewis_clark.route import MOUNTAIN, RIVER
from lewis_clark.state import Frame, Player, State
from lewis_clark.village import PLACE_INDEX, PLACES

JARROT_USED, CUT_NOSE_USED = 1, 2
JARROT_BONUS, CUT_NOSE_BONUS = 2, 1  # R19

# Actions are immutable, so the common ones are built once.
CAMP, END, STOP = Action("camp"), Action("end"), Action("stop")
DISCARD_NONE, UNDER_NONE = Action("discard", "none"), Action("under", "none")
PLAY = [Action("play", c.slug) for c in CARDS]
UNDER = [Action("under", c.slug) for c in CARDS]
RECRUIT = [Action("recruit", c.slug) for c in CARDS]
DISCARD = [Action("discard", c.slug) for c in CARDS]
INDIANS = [Action("indians", "", n) for n in range(4)]
RETURN = [Action("return", KINDS[r]) for r in RESOURCES]
BOAT = [Action("boat", face) for face in TILE_FACES]
VILLAGE = [[Action("village", p.name, n) for n in range(4)] for p in PLACES]
_TAKE: dict[Bundle, Action] = {}
_ANY: dict[int, list[Bundle]] = {n: any_payments(n) for n in (1, 2)}
_DIFFERENT: dict[int, list[Bundle]] = {3: different_payments(3)}


def take_action(b: Bundle) -> Action:
    action = _TAKE.get(b)
    if action is None:
        action = _TAKE[b] = Action("take", "", 0, b)
    return action


# --- questions about a state ---------------------------------------------------------------------

def can_act(p: Player) -> bool:
    """Whether a compulsory action is possible: a card with another card or an Indian behind it, or
    an Indian for the Village (its semicircles are never full)."""
    return p.indians > 0 or len(p.hand) >= 2


def capacity(p: Player) -> int:
    return resource_capacity(p.tiles)


def camp_time(p: Player) -> int:
    """The Time a Camp would cost right now (R16): cards in hand, boat Time with the Indians on cards
    back aboard, minus 1 for John Boley face-up, never below zero."""
    time = len(p.hand) + boat_time(sum(p.resources), p.indians + p.on_cards, p.tiles)
    if BOLEY in p.face_up and time > 0:
        time -= 1
    return time


def counted_seats(state: State, seat: int) -> list[int]:
    """Playing Areas whose badges a collection counts (R4): yours and your neighbours' (one with two
    players); solo: yours only (the Village badge tokens are added by ``badge_count``)."""
    n = len(state.players)
    if n == 1:
        return [seat]
    if n == 2:
        return [seat, 1 - seat]
    return [seat, (seat - 1) % n, (seat + 1) % n]


def badge_count(state: State, seat: int, kind: int, copied: int = 0) -> int:
    """Badges of ``kind`` visible for a collection by ``seat`` (R4). A copied card counts as if it
    lay in the copier's area (R22), so it adds its badge when its own area is not counted."""
    seats = counted_seats(state, seat)
    n = 0
    for s in seats:
        p = state.players[s]
        for c in p.face_up:
            if CARDS[c].badge == kind:
                n += 1
        for c in p.face_down:
            if CARDS[c].badge == kind:
                n += 1
    if len(state.players) == 1:  # solo rule: occupied places give their badge token (R4, R24)
        n += sum(1 for place in PLACES if state.village[place.index] and place.solo_badge == kind)
    if copied and CARDS[copied].badge == kind and not any(copied in state.players[s].face_up for s in seats):
        n += 1
    return n


def face_up_count(p: Player, copied: int = 0) -> int:
    """Face-up Characters in your own area, a copied card counting as yours (R5, R22)."""
    return len(p.face_up) + (1 if copied and copied not in p.face_up else 0)


def scout_spaces(state: State, seat: int) -> set[int]:
    """Spaces held by other Scouts (Mackenzie included in solo)."""
    spaces = {p.scout for i, p in enumerate(state.players) if i != seat}
    if state.mackenzie >= 0:
        spaces.add(state.mackenzie)
    return spaces


def decision_player(state: State) -> int:
    """Seat that must decide next (-1 when the game is over)."""
    return -1 if state.over else state.current


# --- legal actions -------------------------------------------------------------------------------

def legal_actions(state: State) -> list[Action]:
    """Every action the rules allow now, in a stable order; empty once the game is over."""
    if state.over:
        return []
    if not state.stack:
        return _turn_options(state)
    frame = state.stack[-1]
    return _OPTIONS[frame.kind](state, frame)


def _turn_options(state: State) -> list[Action]:
    p = state.players[state.current]
    out: list[Action] = []
    able = can_act(p)
    blocked = state.must_camp and not state.camped  # R17: Camp first
    if not state.acted and able and not blocked:
        if p.indians or len(p.hand) >= 2:
            out.extend(PLAY[c] for c in p.hand)
        if p.indians:
            for place in PLACES:
                occupied = state.village[place.index]
                if place.semicircle:
                    out.extend(VILLAGE[place.index][n] for n in range(1, min(3, p.indians) + 1))
                elif occupied < place.spots:
                    out.append(VILLAGE[place.index][1])
    if not state.recruited:
        out.extend(RECRUIT[c] for c in _recruitable(state, p))
    if not state.camped:
        out.append(CAMP)
    if state.acted or (not able and not blocked):
        out.append(END)
    return out


def recruit_fur(state: State, p: Player, slot: int) -> int:
    """Fur to recruit from ``slot``: its number, 2 less with Joseph Gravelines face-up (R15)."""
    fur = journal.fur_cost(slot)
    if GRAVELINES in p.face_up:
        fur -= 2
    return max(0, fur)


def _recruitable(state: State, p: Player) -> list[int]:
    fur, equipment = p.resources[1], p.resources[3]
    best = 0
    for c in p.hand:
        if CARDS[c].strength > best:
            best = CARDS[c].strength
    discount = 2 if GRAVELINES in p.face_up else 0
    out = []
    for slot, card in enumerate(state.journal):
        # inline of recruit_fur(): this runs at every turn-level decision
        if card and fur >= slot + 1 - discount and equipment >= CARDS[card].strength - best:
            out.append(card)
    return out


def _under_options(state: State, frame: Frame) -> list[Action]:
    p = state.players[state.current]
    out = [UNDER[c] for c in p.hand if c != frame.card]
    if p.indians:
        out.append(UNDER_NONE)
    return out


def _indians_options(state: State, frame: Frame) -> list[Action]:
    p = state.players[state.current]
    if frame.remaining:  # a card gave Strength: add 0, 1 or 2 Indians, total at most 3 (R1c)
        return INDIANS[: min(3 - frame.remaining, 2, p.indians) + 1]
    return INDIANS[1: min(3, p.indians) + 1]


def _payable(state: State, p: Player) -> list[int]:
    """What may pay now: held, and held since the action began (R3)."""
    sp = state.spendable
    r = p.resources
    return [min(sp[0], r[0]), min(sp[1], r[1]), min(sp[2], r[2]), min(sp[3], r[3]), min(sp[4], r[4]),
            min(sp[5], r[5]), min(sp[6], p.indians)]


def _fits(payment: Bundle, payable: list[int]) -> bool:
    for i in range(7):
        if payment[i] > payable[i]:
            return False
    return True


def _alternatives(frame: Frame) -> tuple[Alternative, ...]:
    return CARDS[frame.card].alternatives if frame.place < 0 else PLACES[frame.place].alternatives


def _perform_options(state: State, frame: Frame) -> list[Action]:
    if frame.remaining <= 0:
        return []
    p = state.players[state.current]
    payable = _payable(state, p)
    out: list[Action] = []
    for alt in _alternatives(frame):
        if alt.powwow and payable[INDIAN] < alt.powwow:
            continue
        if alt.pay != NONE and not _fits(alt.pay, payable):
            continue
        labels = _labels(state, p, frame, alt)
        if not labels:
            continue
        payments: list[Bundle]
        if alt.pay_any:
            payments = [b for b in _ANY[alt.pay_any] if _fits(b, payable)]
        elif alt.pay_different:
            payments = [b for b in _DIFFERENT[alt.pay_different] if _fits(b, payable)]
        else:
            payments = [NONE]
        boost = _boost_available(state, p, alt)
        for label in labels:
            for pay in payments:
                out.append(Action("perform", label, 0, pay))
                if boost:
                    out.append(Action("perform", label, 1, pay))
    return out


def _labels(state: State, p: Player, frame: Frame, alt: Alternative) -> list[str]:
    """The choices an alternative offers: usually just its label; a Journal card, a Village place
    or a card to copy where the result names one."""
    result = alt.result
    if result == "pick":
        return [CARDS[c].slug for c in state.journal if c]
    if result == "village":
        return [pl.name for pl in PLACES if not alt.occupied_only or state.village[pl.index]]
    if result == "copy":  # R22: face-up, not permanent, not the copier itself
        return [CARDS[c].slug for q in state.players for c in q.face_up
                if not CARDS[c].permanent and c != frame.card]
    if result == "boat" and not any(state.tile_stacks):
        return []
    return [alt.label]


def _boost_available(state: State, p: Player, alt: Alternative) -> bool:
    if alt.result == "river":
        return JARROT in p.face_up and not state.boosts & JARROT_USED
    if alt.result == "mountain":
        return CUT_NOSE in p.face_up and not state.boosts & CUT_NOSE_USED
    return False


def _take_options(state: State, frame: Frame) -> list[Action]:
    return [take_action(b) for b in frame.options]


def _overflow_options(state: State, frame: Frame) -> list[Action]:
    p = state.players[state.current]
    return [RETURN[r] for r in RESOURCES if p.resources[r]]


def _recruit_options(state: State, frame: Frame) -> list[Action]:
    p = state.players[state.current]
    need = CARDS[frame.card].strength
    out = [DISCARD[c] for c in p.hand if p.resources[3] >= need - CARDS[c].strength]
    if p.resources[3] >= need:
        out.append(DISCARD_NONE)
    return out


def _farewell_options(state: State, frame: Frame) -> list[Action]:
    p = state.players[state.current]
    out = [DISCARD[c] for c in p.hand] if frame.remaining else []
    out.append(DISCARD_NONE)
    return out


def _boat_options(state: State, frame: Frame) -> list[Action]:
    return [BOAT[f] for f in range(4) if state.tile_stacks[TILE_STACK[f]]]


def _perform_or_stop(state: State, frame: Frame) -> list[Action]:
    out = _perform_options(state, frame)
    out.append(STOP)  # R2: remaining performances may always be declined
    return out


_OPTIONS: dict[str, Callable[[State, Frame], list[Action]]] = {
    "under": _under_options, "indians": _indians_options, "perform": _perform_or_stop,
    "take": _take_options, "overflow": _overflow_options, "recruit": _recruit_options,
    "farewell": _farewell_options, "boat": _boat_options,
}


# --- applying ------------------------------------------------------------------------------------

def apply(state: State, action: Action | str, player: int | None = None) -> State:
    """A new state with ``action`` applied; ``state`` is left unchanged. Raises IllegalAction
    (a ValueError) naming the action and the reason; ``player`` checks whose decision it is."""
    new = state.copy()
    apply_in_place(new, action, player)
    return new


def apply_in_place(state: State, action: Action | str, player: int | None = None) -> None:
    """Apply ``action`` to ``state`` itself. On an illegal action nothing is changed."""
    if isinstance(action, str):
        action = Action.parse(action)
    check(state, action, player)
    _HANDLERS[action.verb](state, action)
    _settle(state)


def check(state: State, action: Action, player: int | None = None) -> None:
    """Raise IllegalAction unless ``action`` is legal now (for ``player``, if given)."""
    if state.over:
        raise IllegalAction(action, "the game is over")
    if player is not None and player != state.current:
        raise IllegalAction(action, f"it is {state.players[state.current].colour}'s decision, "
                                    f"not seat {player}'s")
    legal = legal_actions(state)
    if action in legal:
        return
    from lewis_clark.describe import prompt  # local: describe imports rules

    same_verb = [str(a) for a in legal if a.verb == action.verb]
    if same_verb:
        shown = ", ".join(same_verb[:8]) + (" ..." if len(same_verb) > 8 else "")
        raise IllegalAction(action, f"not a legal choice now; {prompt(state)}; legal {action.verb} actions: {shown}")
    verbs = sorted({a.verb for a in legal})
    raise IllegalAction(action, f"'{action.verb}' is not possible now; {prompt(state)} (legal verbs: {', '.join(verbs)})")


def _player(state: State) -> Player:
    return state.players[state.current]


def _do_play(state: State, action: Action) -> None:
    p = _player(state)
    card = BY_SLUG[action.subject].id
    p.hand.remove(card)
    p.face_up.append(card)
    state.acted = True
    state.stack.append(Frame("under", card))


def _do_under(state: State, action: Action) -> None:
    p = _player(state)
    frame = state.stack.pop()
    strength = 0
    if action.subject != "none":
        under = BY_SLUG[action.subject].id
        p.hand.remove(under)
        p.face_down.append(under)
        strength = CARDS[under].strength
    most = min(3 - strength, 2 if strength else 3, p.indians)
    least = 0 if strength else 1
    if most > least:
        state.stack.append(Frame("indians", frame.card, remaining=strength))
    else:
        _give_strength(state, frame.card, strength, least)


def _do_indians(state: State, action: Action) -> None:
    frame = state.stack.pop()
    _give_strength(state, frame.card, frame.remaining, action.amount)


def _give_strength(state: State, card: int, strength: int, indians: int) -> None:
    p = _player(state)
    p.indians -= indians
    p.on_cards += indians
    _begin_action(state, p)
    total = strength + indians
    if CARDS[card].once_only:
        total = min(total, 1)
    if not CARDS[card].permanent:
        state.stack.append(Frame("perform", card, remaining=total))


def _begin_action(state: State, p: Player) -> None:
    r = p.resources
    state.spendable = [r[0], r[1], r[2], r[3], r[4], r[5], p.indians]
    state.moved = False
    state.boosts = 0


def _do_village(state: State, action: Action) -> None:
    p = _player(state)
    place = PLACE_INDEX[action.subject]
    p.indians -= action.amount
    state.village[place] += action.amount  # R9: the Indians leave the player for good
    state.acted = True
    _begin_action(state, p)
    state.stack.append(Frame("perform", 0, place, action.amount))


def _do_recruit(state: State, action: Action) -> None:
    state.stack.append(Frame("recruit", BY_SLUG[action.subject].id))


def _do_discard(state: State, action: Action) -> None:
    frame = state.stack[-1]
    p = _player(state)
    card = 0 if action.subject == "none" else BY_SLUG[action.subject].id
    if frame.kind == "recruit":
        state.stack.pop()
        _recruit(state, p, frame.card, card)
    elif card:  # Farewell: one more card discarded (R12)
        p.hand.remove(card)
        state.discard.append(card)
        state.stack[-1] = frame._replace(remaining=frame.remaining - 1)
        if frame.remaining == 1:
            state.stack.pop()
            journal.replace_all(state)
    else:
        state.stack.pop()
        journal.replace_all(state)


def _recruit(state: State, p: Player, card: int, discarded: int) -> None:
    """Pay Fur by slot and Equipment by Strength less the discard's discount, take the card (R15)."""
    slot = state.journal.index(card)
    discount = 0
    if discarded:
        p.hand.remove(discarded)
        state.discard.append(discarded)
        discount = CARDS[discarded].strength
    p.resources[1] -= recruit_fur(state, p, slot)
    p.resources[3] -= max(0, CARDS[card].strength - discount)
    journal.take(state, slot)
    journal.refill(state)
    p.hand.append(card)
    state.recruited = True


def _do_camp(state: State, action: Action) -> None:
    camp(state)


def camp(state: State) -> None:
    """Set up Camp for the player whose turn it is (R16); the game ends if the Camp reaches Fort
    Clatsop (R23)."""
    p = _player(state)
    time = camp_time(p)
    p.indians += p.on_cards
    p.on_cards = 0
    route = state.options.route
    pos = max(0, p.scout - time)
    others = scout_spaces(state, state.current)
    while pos > 0 and pos in others and not route.shared(pos):
        pos -= 1
    p.scout = pos
    if pos > p.camp:
        p.camp = pos
    p.hand.extend(p.face_up)
    p.hand.extend(p.face_down)
    p.face_up.clear()
    p.face_down.clear()
    state.camped = True
    if p.camp >= route.fort_clatsop:
        state.over = True
        state.winner = state.current


def _do_end(state: State, action: Action) -> None:
    end_turn(state)


def end_turn(state: State) -> None:
    """Pass the turn; in solo Mackenzie first moves one space (R24)."""
    n = len(state.players)
    if state.mackenzie >= 0:
        _mackenzie_moves(state)
        if state.over:
            return
    state.current = (state.current + 1) % n
    state.turn += 1
    state.acted = state.recruited = state.camped = False
    state.must_camp = not can_act(state.players[state.current])  # R17


def _mackenzie_moves(state: State) -> None:
    route = state.options.route
    pos = min(state.mackenzie + 1, route.last)
    you = state.players[0]
    if pos == you.scout and not route.shared(pos) and pos < route.last:
        pos += 1
    state.mackenzie = pos
    if pos >= route.fort_clatsop and you.camp < route.fort_clatsop:
        state.over = True
        state.winner = -1


def _do_stop(state: State, action: Action) -> None:
    _close_perform(state)


def _close_perform(state: State) -> None:
    frame = state.stack.pop()
    if frame.place < 0 and any(a.result == "pick" for a in CARDS[frame.card].alternatives):
        journal.refill(state)  # Cuscalar: the Journal is refilled once, after all picks


def _do_perform(state: State, action: Action) -> None:
    frame = state.stack[-1]
    state.stack[-1] = frame._replace(remaining=frame.remaining - 1)
    p = _player(state)
    alt = _matching_alternative(frame, action)
    _pay(state, p, alt.pay)
    _pay(state, p, action.bundle)
    if alt.powwow:
        p.indians -= alt.powwow
        state.spendable[INDIAN] -= alt.powwow
        state.powwow += alt.powwow  # R11: they wait for the next Interpreter
    _RESULTS[alt.result](state, p, frame, alt, action)


def _matching_alternative(frame: Frame, action: Action) -> Alternative:
    alts = _alternatives(frame)
    if len(alts) == 1:
        return alts[0]
    for alt in alts:
        if alt.label == action.subject:
            return alt
    return alts[0]  # dynamic labels (places, cards) only occur on single-alternative actions


def _pay(state: State, p: Player, b: Bundle) -> None:
    if b is NONE or b == NONE:
        return
    for r in RESOURCES:
        if b[r]:
            p.resources[r] -= b[r]
            state.spendable[r] -= b[r]


def _offer(state: State, options: list[Bundle], note: str = "") -> None:
    """Push a "take" decision unless the only choice is to take nothing."""
    if len(options) > 1 or (options and options[0] != NONE):
        state.stack.append(Frame("take", options=tuple(options), after=note))
    elif note:
        _after_take(state, note)


def _upto(p: Player, kind: int, most: int) -> list[Bundle]:
    most = min(most, capacity(p))
    return [single(kind, n) for n in range(most, -1, -1)]


def _result_take(state: State, p: Player, frame: Frame, alt: Alternative, action: Action) -> None:
    _offer(state, sub_bundles(alt.take))


def _result_choose(state: State, p: Player, frame: Frame, alt: Alternative, action: Action) -> None:
    _offer(state, up_to_choices(alt.count))


def _copied(frame: Frame) -> int:
    return frame.card if frame.after == "copy" else 0


def _result_collect(state: State, p: Player, frame: Frame, alt: Alternative, action: Action) -> None:
    n = badge_count(state, state.current, alt.resource, _copied(frame))
    _offer(state, _upto(p, alt.resource, n))


def _result_face_up(state: State, p: Player, frame: Frame, alt: Alternative, action: Action) -> None:
    n = face_up_count(p, _copied(frame))
    if alt.resource < 0:  # Hay: different primary resources (R5)
        _offer(state, up_to_choices(min(n, 4), distinct=True))
    else:
        _offer(state, _upto(p, alt.resource, n))


def _result_move(state: State, p: Player, frame: Frame, alt: Alternative, action: Action) -> None:
    distance = alt.count if not alt.counter else _count(state, p, alt.counter, _copied(frame))
    terrain = RIVER if alt.result == "river" else MOUNTAIN
    if action.amount:  # boost (R19)
        if terrain == RIVER:
            distance += JARROT_BONUS
            state.boosts |= JARROT_USED
        else:
            distance += CUT_NOSE_BONUS
            state.boosts |= CUT_NOSE_USED
    move(state, p, terrain, distance)


def _count(state: State, p: Player, counter: str, copied: int) -> int:
    if counter == "food-badges":
        return badge_count(state, state.current, KIND_INDEX["food"], copied)
    if counter == "equipment-badges":
        return badge_count(state, state.current, KIND_INDEX["equipment"], copied)
    if counter == "scouts-ahead":  # R21: every Scout, yours and Mackenzie's included
        n = sum(1 for q in state.players if q.scout >= p.camp)
        return n + (1 if state.mackenzie >= 0 and state.mackenzie >= p.camp else 0)
    if counter == "indians-on-boats":
        return p.indians
    if counter == "indians-in-village":  # R11: places, Powwow and Newcomer
        return sum(state.village) + state.powwow + state.newcomer
    if counter == "resource-pairs":
        return sum(p.resources) // 2
    if counter == "resource-triples":
        return sum(p.resources) // 3
    if counter == "face-up":
        return face_up_count(p, copied)
    raise AssertionError(counter)


def move(state: State, p: Player, terrain: str, distance: int) -> None:
    """Step forward while the next space admits the terrain (R18); with F. Antoine Larocque face-up,
    spaces held by other Scouts are passed without counting (R19)."""
    route = state.options.route
    pos = p.scout
    skip = scout_spaces(state, state.current) if LAROCQUE in p.face_up else None
    while distance > 0 and pos < route.last:
        nxt = pos + 1
        if not route.admits(nxt, terrain):
            break
        pos = nxt
        if skip and nxt in skip and not route.shared(nxt):
            continue
        distance -= 1
    p.scout = pos
    state.moved = True


def _settle_scout(state: State) -> None:
    """At the end of an action, a Scout on another Scout's space moves on to the next free space,
    whatever its terrain (R18)."""
    p = _player(state)
    route = state.options.route
    others = scout_spaces(state, state.current)
    pos = p.scout
    while pos in others and not route.shared(pos):
        if pos == route.last:  # no free space ahead: fall back to the nearest free one behind
            while pos in others and not route.shared(pos):
                pos -= 1
            break
        pos += 1
    p.scout = pos
    state.moved = False


def _result_interpreter(state: State, p: Player, frame: Frame, alt: Alternative, action: Action) -> None:
    # R10: gather every Village and Newcomer Indian into the Powwow, then take any number.
    state.powwow += sum(state.village) + state.newcomer
    state.village = [0] * len(PLACES)
    state.newcomer = 0
    _offer(state, [single(INDIAN, n) for n in range(state.powwow, -1, -1)], "interpreter")


def _result_pick(state: State, p: Player, frame: Frame, alt: Alternative, action: Action) -> None:
    card = BY_SLUG[action.subject].id
    p.hand.append(journal.take(state, state.journal.index(card)))


def _result_village(state: State, p: Player, frame: Frame, alt: Alternative, action: Action) -> None:
    # R12: perform one place's action once; no Indian moves.
    state.stack.append(Frame("perform", 0, PLACE_INDEX[action.subject], 1))


def _result_copy(state: State, p: Player, frame: Frame, alt: Alternative, action: Action) -> None:
    # R22: the copied card acts once, at Strength 1, as if in the copier's area.
    state.stack.append(Frame("perform", BY_SLUG[action.subject].id, remaining=1, after="copy"))


def _result_boat(state: State, p: Player, frame: Frame, alt: Alternative, action: Action) -> None:
    state.stack.append(Frame("boat"))


def _result_farewell(state: State, p: Player, frame: Frame, alt: Alternative, action: Action) -> None:
    state.stack.append(Frame("farewell", remaining=3))


def _result_none(state: State, p: Player, frame: Frame, alt: Alternative, action: Action) -> None:
    return


_RESULTS: dict[str, Callable[[State, Player, Frame, Alternative, Action], None]] = {
    "take": _result_take, "choose": _result_choose, "collect": _result_collect, "face-up": _result_face_up,
    "river": _result_move, "mountain": _result_move, "interpreter": _result_interpreter,
    "pick": _result_pick, "village": _result_village, "copy": _result_copy, "boat": _result_boat,
    "farewell": _result_farewell, "none": _result_none,
}


def _do_boat(state: State, action: Action) -> None:
    state.stack.pop()
    p = _player(state)
    face = TILE_FACES.index(action.subject)
    state.tile_stacks[TILE_STACK[face]] -= 1
    p.tiles[face] += 1
    if face in (0, 1):
        _offer(state, up_to_choices(2))
    elif state.indian_stock:
        _offer(state, [single(INDIAN, 1), NONE], "stock")


def _do_take(state: State, action: Action) -> None:
    frame = state.stack.pop()
    p = _player(state)
    b = action.bundle
    for r in RESOURCES:
        p.resources[r] += b[r]
    if b[INDIAN]:
        p.indians += b[INDIAN]
        if frame.after == "interpreter":
            state.powwow -= b[INDIAN]
        else:
            state.indian_stock -= b[INDIAN]
    excess = sum(p.resources) - capacity(p)
    if excess > 0:  # R7: the player chooses what goes back
        state.stack.append(Frame("overflow", remaining=excess))
    if frame.after:
        _after_take(state, frame.after)


def _after_take(state: State, note: str) -> None:
    if note == "interpreter":  # R10: discard slot 1, refill, a stock Indian to the Newcomer
        discarded = journal.take(state, 0)
        if discarded:
            state.discard.append(discarded)
        journal.refill(state)
        if state.indian_stock:
            state.indian_stock -= 1
            state.newcomer += 1


def _do_return(state: State, action: Action) -> None:
    frame = state.stack[-1]
    _player(state).resources[KIND_INDEX[action.subject]] -= 1
    if frame.remaining == 1:
        state.stack.pop()
    else:
        state.stack[-1] = frame._replace(remaining=frame.remaining - 1)


_HANDLERS: dict[str, Callable[[State, Action], None]] = {
    "play": _do_play, "under": _do_under, "indians": _do_indians, "village": _do_village,
    "recruit": _do_recruit, "discard": _do_discard, "camp": _do_camp, "end": _do_end, "stop": _do_stop,
    "perform": _do_perform, "take": _do_take, "return": _do_return, "boat": _do_boat,
}


def _settle(state: State) -> None:
    """Close what is finished: performance frames with nothing left to perform, then the action
    itself (Scout collisions, R18); end the turn when nothing is left to choose in it."""
    stack = state.stack
    while stack and stack[-1].kind == "perform" and not _perform_options(state, stack[-1]):
        _close_perform(state)
    if stack or state.over:
        return
    if state.moved:
        _settle_scout(state)
    p = _player(state)
    done = state.acted or not can_act(p)  # R17: no action possible after the Camp ends the turn
    if done and state.camped and (state.recruited or not _recruitable(state, p)):
        end_turn(state)
