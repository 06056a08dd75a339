"""The turn's own decision: the compulsory action, a recruitment, a Camp, the end of the turn.

A turn is the compulsory action (a card given Strength, or Indians in the Village) plus an optional
recruitment and an optional Camp, each once, before or after the action (R15, R16, R17). In solo,
Mackenzie moves after each of the player's turns (R24). Options and handlers sit side by side.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Final

from lewis_clark.actions import Action, Verb
from lewis_clark.cards import BY_SLUG, CARDS
from lewis_clark.decisions import begin_action
from lewis_clark.queries import camp_landing, can_act, recruitable
from lewis_clark.state import Decision, Frame, State
from lewis_clark.village import PLACE_INDEX, PLACES

MOST_PER_PLACEMENT: Final = 3  # R9: 1-3 Indians at a time on a semicircle

# Actions are immutable, so the common ones are built once.
CAMP: Final = Action(Verb.CAMP)
END: Final = Action(Verb.END)
PLAY: Final = [Action(Verb.PLAY, c.slug) for c in CARDS]
RECRUIT: Final = [Action(Verb.RECRUIT, c.slug) for c in CARDS]
_PLAY: Final = Verb.PLAY
_VILLAGE: Final = Verb.VILLAGE
_RECRUIT: Final = Verb.RECRUIT
_CAMP: Final = Verb.CAMP
_END: Final = Verb.END
VILLAGE: Final = [[Action(Verb.VILLAGE, p.name, n) for n in range(MOST_PER_PLACEMENT + 1)] for p in PLACES]


def options(state: State, only: str = "") -> list[Action]:
    """What the player whose turn it is may do between actions; with ``only`` a verb, just the actions
    of that verb (the check of one action builds its own verb's, not every one: no Journal scan to
    check a Camp)."""
    p = state.players[state.current]
    out: list[Action] = []
    able = can_act(p)
    blocked = state.must_camp and not state.camped  # R17: Camp first
    if not state.acted and able and not blocked:
        if not only or only == _PLAY:
            for c in p.hand:  # able: an Indian or a second card can give Strength (R1)
                out.append(PLAY[c])
        if p.indians and (not only or only == _VILLAGE):
            village = state.village
            for place in PLACES:
                if place.semicircle:
                    placements = VILLAGE[place.index]
                    for n in range(1, min(MOST_PER_PLACEMENT, p.indians) + 1):
                        out.append(placements[n])
                elif village[place.index] < place.spots:
                    out.append(VILLAGE[place.index][1])
    if not state.recruited and (not only or only == _RECRUIT):
        for c in recruitable(state, p):
            out.append(RECRUIT[c])
    if not state.camped and (not only or only == _CAMP):
        out.append(CAMP)
    if (state.acted or (not able and not blocked)) and (not only or only == _END):
        out.append(END)
    return out


def _play(state: State, action: Action) -> None:
    p = state.players[state.current]
    card = BY_SLUG[action.subject].id
    p.hand.remove(card)
    p.face_up.append(card)
    state.acted = True
    state.stack.append(Frame(Decision.UNDER, card))


def _village(state: State, action: Action) -> None:
    p = state.players[state.current]
    place = PLACE_INDEX[action.subject]
    p.indians -= action.indians
    state.village[place] += action.indians  # R9: the Indians leave the player for good
    state.acted = True
    begin_action(state, p)
    state.stack.append(Frame(Decision.PERFORM, place=place, performances=action.indians))


def _recruit(state: State, action: Action) -> None:
    state.stack.append(Frame(Decision.RECRUIT, BY_SLUG[action.subject].id))


def _camp(state: State, action: Action) -> None:
    camp(state)


def camp(state: State) -> None:
    """Set up Camp for the player whose turn it is (R16): the Scout goes back by the Camp's Time, the
    Camp moves up to it, the cards return to the hand; the game ends at Fort Clatsop (R23)."""
    p = state.players[state.current]
    landing = camp_landing(state, state.current)
    p.indians += p.on_cards
    p.on_cards = 0
    p.scout, p.camp = landing.scout, landing.camp
    p.hand.extend(p.face_up)
    p.hand.extend(p.face_down)
    p.face_up.clear()
    p.face_down.clear()
    state.camped = True
    if p.camp >= state.options.route.fort_clatsop:
        state.over = True
        state.winner = state.current


def _end(state: State, action: Action) -> None:
    end_turn(state)


def end_turn(state: State) -> None:
    """Pass the turn; in solo Mackenzie first moves one space (R24)."""
    if state.mackenzie >= 0:
        mackenzie_moves(state)
        if state.over:
            return
    state.current = (state.current + 1) % len(state.players)
    state.turn += 1
    state.acted = state.recruited = state.camped = False
    state.must_camp = not can_act(state.players[state.current])  # R17


def mackenzie_moves(state: State) -> None:
    """Solo: Mackenzie moves one space, jumping over the player's Scout; he wins if he reaches Fort
    Clatsop before the player's Camp (R24)."""
    route = state.options.route
    pos = min(state.mackenzie + 1, route.last)
    you = state.players[0]
    if pos == you.scout and not route.shared(pos) and pos < route.last:
        pos += 1
    state.mackenzie = pos
    if pos >= route.fort_clatsop and you.camp < route.fort_clatsop:
        state.over = True
        state.winner = -1


def mackenzie_arrival(state: State) -> int:
    """Solo: how many more of your turns until Mackenzie reaches Fort Clatsop, if your Scout stayed where
    it is (R24: one space a turn, two when he jumps it); 0 when he is there or it is no solo game."""
    if state.mackenzie < 0:
        return 0
    ahead = state.copy()
    turns = 0
    while ahead.mackenzie < ahead.options.route.fort_clatsop and ahead.mackenzie < ahead.options.route.last:
        mackenzie_moves(ahead)
        turns += 1
    return turns


HANDLERS: Final[dict[str, Callable[[State, Action], None]]] = {
    Verb.PLAY: _play, Verb.VILLAGE: _village, Verb.RECRUIT: _recruit, Verb.CAMP: _camp, Verb.END: _end,
}


def handle(state: State, action: Action) -> None:
    """``HANDLERS[action.verb](state, action)`` as direct calls (compiled, no call through the table's
    function objects); a verb given as plain text takes the table."""
    verb = action.verb
    if verb is _PLAY:
        _play(state, action)
    elif verb is _CAMP:
        camp(state)
    elif verb is _END:
        end_turn(state)
    elif verb is _VILLAGE:
        _village(state, action)
    elif verb is _RECRUIT:
        _recruit(state, action)
    else:
        HANDLERS[verb](state, action)
