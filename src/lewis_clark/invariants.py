"""Invariants of a state, and the checked loader: what a state must be for the engine to play on from it.

``State.from_json`` (state.py) reads a saved state's shape only; ``load_state`` here reads it and then
refuses whatever play could not have produced (conservation of Indians, cards and boat tiles, the
route, the end of the game, Mackenzie, counters, the player's view and every pending decision), so
that whatever it accepts can be played on. Each problem names its field by path
(``players.1.camp: ...``), as the loader's other errors do. The tests run ``problems`` after every step.

This module sits above the rules (it asks ``queries`` what a player could pay); the state module
never imports it.
"""

from __future__ import annotations

import json
from collections import Counter
from typing import Any

from lewis_clark import canonical
from lewis_clark.cards import CARDS, COLOURS, FIRST_STARTING_ID, crew
from lewis_clark.decisions import MOST_STRENGTH  # R1c, R9: the one home of the limit
from lewis_clark.effects import ALL_BOOSTS, FAREWELL_DISCARDS  # R19, R12
from lewis_clark.errors import CorruptState
from lewis_clark.expedition import MOST_RESOURCES, TILE_STACK, TILES_PER_STACK, resource_capacity
from lewis_clark.journal import SLOTS
from lewis_clark.queries import recruitable
from lewis_clark.resources import INDIAN
from lewis_clark.state import COUNTED_KINDS, AfterTake, Decision, Frame, State
from lewis_clark.village import INDIANS_BY_PLAYERS, PLACES


def problems(state: State) -> list[str]:
    """Every broken invariant, as sentences; empty when the state is sound."""
    out: list[str] = []
    n = len(state.players)
    route = state.options.route
    # Indians are conserved.
    indians = (state.indian_stock + sum(state.village) + state.powwow + state.newcomer
               + sum(p.indians + p.on_cards for p in state.players))
    if indians != INDIANS_BY_PLAYERS.get(n, -1):
        out.append(f"{indians} Indians in play, expected {INDIANS_BY_PLAYERS.get(n)}")
    counts = [state.indian_stock, state.powwow, state.newcomer] + list(state.village)
    if any(c < 0 for c in counts):
        out.append("a negative count of Indians")
    # Every card is in exactly one place.
    if not _cards_each_once(state):  # the quick test; the sentences below say what is wrong
        places: Counter[int] = Counter(state.deck + state.discard + [c for c in state.journal if c])
        for p in state.players:
            places.update(p.hand + p.face_up + p.face_down)
        expected = set(range(1, FIRST_STARTING_ID))  # the encountered Characters
        for p in state.players:
            expected.update(crew(p.colour))
        doubles = [CARDS[c].name for c, k in places.items() if k > 1 or not 0 < c < len(CARDS)]
        if doubles:
            out.append(f"cards in two places or unknown: {doubles[:3]}")
        if set(places) != expected:
            missing = expected - set(places)
            out.append(f"cards missing: {sorted(missing)[:5]}" if missing else "cards that do not belong in this game")
    if len(state.journal) != SLOTS:
        out.append(f"the Journal must have {SLOTS} slots")
    overflowing = state.current if state.stack and state.stack[-1].kind == Decision.OVERFLOW else -1  # R7
    for seat, p in enumerate(state.players):
        if any(r < 0 for r in p.resources) or p.indians < 0 or p.on_cards < 0:
            out.append(f"{p.colour} holds a negative amount")
        if sum(p.resources) > resource_capacity(p.tiles) and seat != overflowing:
            out.append(f"{p.colour} holds more resources than the boats carry")
        if not 0 <= p.scout <= route.last or not 0 <= p.camp <= route.last:
            out.append(f"{p.colour}'s Scout or Camp is off the route")
        if p.camp < route.st_louis:
            out.append(f"{p.colour}'s Camp is behind St Louis")
    if sum(state.tile_stacks) + sum(sum(p.tiles) for p in state.players) != 2 * TILES_PER_STACK:
        out.append("boat tiles are not conserved")
    spaces = [p.scout for p in state.players] + ([state.mackenzie] if state.mackenzie >= 0 else [])
    if not state.stack or not state.moved:
        alone = [s for s in spaces if not route.shared(s)]
        if len(set(alone)) != len(alone):
            out.append("two Scouts share a space")
    for place in PLACES:
        if not place.semicircle and state.village[place.index] > place.spots:
            out.append(f"{place.title} holds too many Indians")
    if not 0 <= state.current < n:
        out.append("the current seat does not exist")
        return out  # the checks below read the current player
    out.extend(_consistency_problems(state))
    return out


def _cards_each_once(state: State) -> bool:
    """Whether every card of the game (the 54 encountered, each seat's crew) is in exactly one place,
    and no other: one pass over a table of seen ids, where ``problems`` would build Counters and sets
    (it runs on every load, so it counts in the JSON round trip's speed target)."""
    known = len(CARDS)  # a local: a module global is a dict lookup each time under mypyc
    seen = [False] * known
    count = 0
    for c in state.journal:
        if c:  # 0: an empty Journal slot
            if not 0 < c < known or seen[c]:
                return False
            seen[c] = True
            count += 1
    piles = [state.deck, state.discard]
    for p in state.players:
        piles.append(p.hand)
        piles.append(p.face_up)
        piles.append(p.face_down)
    for pile in piles:
        for c in pile:
            if not 0 < c < known or seen[c]:
                return False
            seen[c] = True
            count += 1
    expected = FIRST_STARTING_ID - 1  # with no card twice, the right count and each expected id seen
    for c in range(1, FIRST_STARTING_ID):
        if not seen[c]:
            return False
    for colour in {p.colour for p in state.players}:
        if colour not in COLOURS:
            return False  # crew() would refuse it: problems says so
        ids = crew(colour)
        expected += len(ids)
        for c in ids:
            if not seen[c]:
                return False
    return count == expected


def check_state(state: State) -> None:
    """Raise CorruptState naming the first broken invariant."""
    found = problems(state)
    if found:
        raise CorruptState("state is inconsistent: " + "; ".join(found))


MOST_NEWCOMERS = 1  # the Newcomer spot holds the one Indian an Interpreter sends there (R10)
MOST_FRAMES = 32  # far above any real nesting (a card, a place, a copy, a take)


def _consistency_problems(state: State) -> list[str]:
    """Every way ``state`` could not have come from play beyond conservation, each naming its field."""
    out: list[str] = []
    _check_counters(state, out)
    _check_players(state, out)
    _check_tiles(state, out)
    _check_mackenzie(state, out)
    _check_end(state, out)
    _check_view(state, out)
    _check_stack(state, out)
    return out


def _check_counters(state: State, out: list[str]) -> None:
    if state.turn < 1:
        out.append(f"turn: {state.turn}, turns count from 1")
    if not 0 <= state.boosts <= ALL_BOOSTS:
        out.append(f"boosts: {state.boosts} is not a set of the two boost bits (0-{ALL_BOOSTS})")
    if any(x < 0 for x in state.spendable):
        out.append(f"spendable: negative count {min(state.spendable)}")
    if state.newcomer > MOST_NEWCOMERS:
        out.append(f"newcomer: {state.newcomer} Indians, the Newcomer spot holds at most {MOST_NEWCOMERS}")
    for i, n in enumerate(state.tile_stacks):
        if not 0 <= n <= TILES_PER_STACK:
            out.append(f"tile_stacks.{i}: {n} tiles, a stack holds 0-{TILES_PER_STACK}")
    if not -1 <= state.winner < len(state.players):
        out.append(f"winner: no seat {state.winner} (-1 for none)")


def _check_players(state: State, out: list[str]) -> None:
    for i, p in enumerate(state.players):
        where = f"players.{i}"
        if any(t < 0 for t in p.tiles):
            out.append(f"{where}.tiles: negative count {min(p.tiles)}")
        if p.scout < 0 or p.camp < 0:
            out.append(f"{where}: Scout {p.scout}, Camp {p.camp}: negative route space")
        # R1: each card played takes at most 3 Indians on it.
        if p.on_cards > MOST_STRENGTH * len(p.face_up):
            out.append(f"{where}.on_cards: {p.on_cards} Indians on {len(p.face_up)} played card(s), at most "
                       f"{MOST_STRENGTH} on each (R1)")
        else:
            _check_strength_given(state, i, out)
    _check_camped(state, out)
    _check_newcomer(state, out)
    if not state.stack and not state.over:
        _check_between_actions(state, out)


def _check_strength_given(state: State, seat: int, out: list[str]) -> None:
    """R1: each played card has at most one Strength card under it, and at most 3 Strength from that card
    and its Indians together (R1c). The card whose Strength is being chosen (an ``under`` or ``indians``
    decision) has none yet, or only its Strength card's, so the counts are of the other played cards:
    what the decision then gives can never overfill them."""
    p = state.players[seat]
    where = f"players.{seat}"
    first = state.stack[0] if seat == state.current and state.stack else None
    choosing = first is not None and first.kind in (Decision.UNDER, Decision.INDIANS)
    cards = max(len(p.face_up) - 1, 0) if choosing else len(p.face_up)
    under = list(p.face_down)
    if first is not None and first.kind == Decision.INDIANS and first.strength:
        mine = next((c for c in under if CARDS[c].strength == first.strength), 0)
        if not mine:
            out.append(f"{where}.face_down: no Strength card of {first.strength} for the card whose Indians are "
                       "being chosen (stack.0.remaining) (R1)")
            return
        under.remove(mine)
    besides = " besides the one whose Strength is being chosen" if choosing else ""
    if len(under) > cards:
        if not p.face_up:
            out.append(f"{where}.face_down: {len(under)} Strength card(s) with no played card (R1)")
        else:
            out.append(f"{where}.face_down: {len(under)} Strength card(s) under {cards} played card(s){besides}, "
                       "at most one under each (R1)")
        return
    worth = sum(CARDS[c].strength for c in under)
    if p.on_cards + worth > MOST_STRENGTH * cards:
        out.append(f"{where}.on_cards: {p.on_cards} Indians and Strength cards worth {worth} give "
                   f"{p.on_cards + worth} Strength to {cards} played card(s){besides}, at most {MOST_STRENGTH} "
                   "each (R1c)")


def _check_camped(state: State, out: list[str]) -> None:
    """A Camp takes the Playing Area back to the hand (R16): after this turn's Camp only the turn's action,
    if it came after the Camp, can have played a card."""
    p = state.players[state.current]
    most = 1 if state.acted else 0
    if state.camped and len(p.face_up) > most:
        out.append(f"players.{state.current}.face_up: {len(p.face_up)} played card(s) after this turn's Camp, "
                   f"which took the Playing Area back to the hand; at most {most} since (R16)")


def _check_newcomer(state: State, out: list[str]) -> None:
    """An Interpreter gathers the Village and the Newcomer into the Powwow and, once its take is answered,
    puts a stock Indian on the Newcomer (R10): the Newcomer is empty with Indians in the stock only while
    that take is pending, and the places and the Newcomer are empty then."""
    top = state.stack[-1] if state.stack else None
    gathering = top is not None and top.kind == Decision.TAKE and top.then == AfterTake.INTERPRETER
    if gathering:
        if state.newcomer or any(state.village):
            out.append(f"{'newcomer' if state.newcomer else 'village'}: Indians left on the board while an "
                       "Interpreter's take is pending, which gathered them all into the Powwow (R10)")
    elif not state.newcomer and state.indian_stock:
        out.append(f"newcomer: empty while the stock holds {state.indian_stock} Indians; only an Interpreter's "
                   "pending take leaves it so (R10)")


def _check_between_actions(state: State, out: list[str]) -> None:
    """With no decision pending every refill is done: the Journal refills from the deck (R14)."""
    if state.deck and 0 in state.journal:
        out.append(f"journal.{state.journal.index(0)}: an empty slot while the draw deck holds "
                   f"{len(state.deck)} cards (R14)")
    # The empty Newcomer (R10) and the Camp (R16) are checked in every position, mid-action included
    # (_check_newcomer, _check_camped): checked only here, play reached them from mid-action positions
    # the loader accepted (tests/engine/test_state_consistency.py's play-on test found it).


def _check_tiles(state: State, out: list[str]) -> None:
    """Each stack's tiles are conserved on their own: a small face never comes from the large stack."""
    taken = [0, 0]
    faces = TILE_STACK  # a local, as in _cards_each_once
    for p in state.players:
        for face, stack in enumerate(faces):
            taken[stack] += p.tiles[face]
    for stack, name in enumerate(("small", "large")):
        if state.tile_stacks[stack] + taken[stack] != TILES_PER_STACK:
            out.append(f"tile_stacks.{stack}: {state.tile_stacks[stack]} left and {taken[stack]} on boats, "
                       f"the {name} stack has {TILES_PER_STACK} tiles")


def _check_mackenzie(state: State, out: list[str]) -> None:
    """Solo only; he starts his level above St Louis and only moves forward (R24)."""
    route = state.options.route
    if len(state.players) > 1:
        if state.mackenzie != -1:
            out.append(f"mackenzie: {state.mackenzie} in a {len(state.players)}-player game (-1 unless solo)")
        return
    start = min(route.st_louis + state.options.mackenzie, route.last)
    if not start <= state.mackenzie <= route.last:
        out.append(f"mackenzie: space {state.mackenzie}, he starts on {start} (level {state.options.mackenzie}) "
                   f"and stays on the route (up to {route.last})")
    elif not state.over and state.mackenzie >= route.fort_clatsop and state.mackenzie != start:
        out.append(f"mackenzie: on space {state.mackenzie}, past Fort Clatsop, in a game not over (R24)")


def _check_end(state: State, out: list[str]) -> None:
    """The game ends the moment a Camp reaches Fort Clatsop (R23) or Mackenzie does first (R24)."""
    fort = state.options.route.fort_clatsop
    if not -1 <= state.winner < len(state.players):
        return  # _check_counters names it
    at_fort = [i for i, p in enumerate(state.players) if p.camp >= fort]
    if not state.over:
        if state.winner != -1:
            out.append(f"winner: seat {state.winner} in a game not over")
        for i in at_fort:
            out.append(f"players.{i}.camp: at Fort Clatsop ({state.players[i].camp}) in a game not over (R23)")
        return
    if state.stack:
        out.append("stack: decisions pending in a game that is over")
    if state.winner >= 0:
        if state.winner not in at_fort:
            out.append(f"players.{state.winner}.camp: the winner's Camp is on {state.players[state.winner].camp}, "
                       f"not at Fort Clatsop ({fort}) (R23)")
        if state.current != state.winner:
            out.append(f"current: seat {state.current}, but the winner (seat {state.winner}) ended the game on "
                       "its own turn")
        for i in at_fort:
            if i != state.winner:
                out.append(f"players.{i}.camp: at Fort Clatsop too, but the game ended at the winner's Camp")
    elif len(state.players) > 1:
        out.append("winner: none in a game that is over (only Mackenzie wins without a seat)")
    else:
        if state.mackenzie < fort:
            out.append(f"winner: none, but Mackenzie is on {state.mackenzie}, short of Fort Clatsop ({fort}) (R24)")
        for i in at_fort:
            out.append(f"players.{i}.camp: at Fort Clatsop, so the player won, not Mackenzie")


def _check_view(state: State, out: list[str]) -> None:
    if state.hidden and state.deck != sorted(state.deck):
        out.append("deck: a player's view gives the deck sorted")


def _check_stack(state: State, out: list[str]) -> None:
    """Every frame is one the rules push, where they push it, with what its decision needs."""
    stack = state.stack
    if not stack:
        if state.moved:
            out.append("moved: a Scout moving outside an action")
        return
    if len(stack) > MOST_FRAMES:
        out.append(f"stack: {len(stack)} frames, no action nests that deep")
        return
    for i, frame in enumerate(stack):
        where = f"stack.{i}"
        _check_unused(frame, where, out)
        if i == 0 and frame.kind not in (Decision.UNDER, Decision.INDIANS, Decision.PERFORM, Decision.RECRUIT):
            out.append(f"{where}.kind: a {frame.kind} decision cannot begin an action")
        if i > 0 and frame.kind in (Decision.UNDER, Decision.INDIANS, Decision.RECRUIT):
            out.append(f"{where}.kind: a {frame.kind} decision only begins an action")
        if i > 0 and stack[i - 1].kind != Decision.PERFORM:
            out.append(f"{where}: follows a {stack[i - 1].kind} decision, only a performance leads to another")
        if i < len(stack) - 1 and frame.kind != Decision.PERFORM:
            out.append(f"{where}: a {frame.kind} decision is answered before anything else")
        check = _FRAME_CHECKS.get(frame.kind)
        if check:
            check(state, frame, where, out)
    if stack[0].kind != Decision.RECRUIT and not state.acted:
        out.append("acted: false while the turn's action is under way")


def _check_unused(frame: Frame, where: str, out: list[str]) -> None:
    """The saved fields a kind does not use keep their empty values, so a save loads back the same."""
    uses_card = frame.kind in (Decision.UNDER, Decision.INDIANS, Decision.PERFORM, Decision.RECRUIT)
    if not uses_card and frame.card:
        out.append(f"{where}.card: a {frame.kind} decision names no card")
    if frame.kind != Decision.PERFORM and frame.place != -1:
        out.append(f"{where}.place: a {frame.kind} decision names no Village place")
    if frame.kind != Decision.TAKE and frame.bundles:
        out.append(f"{where}.options: only a take decision offers bundles")
    counts = frame.performances or frame.strength or frame.returns or frame.discards or frame.spaces
    if frame.kind not in COUNTED_KINDS and counts:
        out.append(f"{where}.remaining: a {frame.kind} decision counts nothing")


def _card_in_play(state: State, frame: Frame, where: str, out: list[str]) -> None:
    """The card played (under, indians) lies face up in the current player's area."""
    if not frame.card:
        out.append(f"{where}.card: the card played is missing")
    elif frame.card not in state.players[state.current].face_up:
        out.append(f"{where}.card: {CARDS[frame.card].name} is not face up in seat {state.current}'s area")


def _check_under(state: State, frame: Frame, where: str, out: list[str]) -> None:
    _card_in_play(state, frame, where, out)
    p = state.players[state.current]
    if not p.indians and not any(c != frame.card for c in p.hand):
        out.append(f"{where}: nothing can give Strength (no card in hand, no Indian) (R1)")


def _check_indians(state: State, frame: Frame, where: str, out: list[str]) -> None:
    _card_in_play(state, frame, where, out)
    if not 0 <= frame.strength <= MOST_STRENGTH:
        out.append(f"{where}.remaining: Strength {frame.strength}, a card gives 0-{MOST_STRENGTH} (R1)")
    elif not frame.strength and not state.players[state.current].indians:
        out.append(f"{where}: no Indian on the boats to give Strength (R1)")


def _check_perform(state: State, frame: Frame, where: str, out: list[str]) -> None:
    if not 0 <= frame.performances <= MOST_STRENGTH:
        out.append(f"{where}.remaining: {frame.performances} performances, at most {MOST_STRENGTH} (R1, R9)")
    if frame.place >= 0:
        if frame.card or frame.copied:
            out.append(f"{where}.card: a Village place performs, not a card")
        return
    if not frame.card:
        out.append(f"{where}.card: neither a card nor a Village place performs")
        return
    card = CARDS[frame.card]
    if card.permanent:
        out.append(f"{where}.card: {card.name} is permanent and never performs")
    if frame.copied:
        if not any(frame.card in q.face_up for q in state.players):
            out.append(f"{where}.card: the copied {card.name} is face up in no area (R22)")
    elif frame.card not in state.players[state.current].face_up:
        out.append(f"{where}.card: {card.name} is not face up in seat {state.current}'s area")


def _check_take(state: State, frame: Frame, where: str, out: list[str]) -> None:
    if not frame.bundles:
        out.append(f"{where}.options: a take decision with nothing on offer")
        return
    source, stock = ("powwow", state.powwow) if frame.then == AfterTake.INTERPRETER else ("indian_stock", state.indian_stock)
    most = max(b[INDIAN] for b in frame.bundles)
    if most > stock:
        out.append(f"{where}.options: {most} Indians on offer, {source} holds {stock}")
    if any(sum(b[:INDIAN]) > MOST_RESOURCES for b in frame.bundles):
        out.append(f"{where}.options: more resources on offer than any boats hold ({MOST_RESOURCES})")


def _check_overflow(state: State, frame: Frame, where: str, out: list[str]) -> None:
    p = state.players[state.current]
    excess = sum(p.resources) - resource_capacity(p.tiles)
    if frame.returns < 1 or frame.returns != excess:
        out.append(f"{where}.remaining: {frame.returns} resources to return, the boats hold {excess} too many (R7)")


def _check_recruit(state: State, frame: Frame, where: str, out: list[str]) -> None:
    if frame.card not in state.journal or not frame.card:
        out.append(f"{where}.card: {CARDS[frame.card].name or 'no card'} is not in the Journal (R15)")
    elif frame.card not in recruitable(state, state.players[state.current]):
        out.append(f"{where}.card: seat {state.current} cannot pay for {CARDS[frame.card].name} (R15)")
    if state.recruited:
        out.append("recruited: true while a recruitment is under way (one per turn, R15)")


def _check_farewell(state: State, frame: Frame, where: str, out: list[str]) -> None:
    if not 1 <= frame.discards <= FAREWELL_DISCARDS:
        out.append(f"{where}.remaining: {frame.discards} discards, a Farewell allows 1-{FAREWELL_DISCARDS} (R12)")


def _check_boat(state: State, frame: Frame, where: str, out: list[str]) -> None:
    if not any(state.tile_stacks):
        out.append(f"{where}: a boat tile to choose, but both stacks are empty")


def _check_move(state: State, frame: Frame, where: str, out: list[str]) -> None:
    """A movement that went 1 or more spaces, which its Scout may give back (R2)."""
    scout = state.players[state.current].scout
    if not state.options.move_choice:
        out.append(f"{where}.kind: a move decision in a game whose movements are whole (options.move_choice)")
    if not 1 <= frame.spaces <= scout:
        out.append(f"{where}.remaining: {frame.spaces} spaces moved, with the Scout on {scout} (R2)")


_FRAME_CHECKS = {
    Decision.UNDER: _check_under, Decision.INDIANS: _check_indians, Decision.PERFORM: _check_perform,
    Decision.TAKE: _check_take, Decision.OVERFLOW: _check_overflow, Decision.RECRUIT: _check_recruit,
    Decision.FAREWELL: _check_farewell, Decision.BOAT: _check_boat, Decision.MOVE: _check_move,
}


def load_state(source: str | dict[str, Any], *, view: bool = False) -> State:
    """A saved state (canonical text or its parsed JSON), checked: raises CorruptState naming the first
    thing wrong with its shape or the first way play could not have produced it. A player's view
    (``hidden``) loads only with ``view=True``."""
    if isinstance(source, str):
        try:
            data = canonical.loads(source)  # json.loads, faster where orjson is installed
        except json.JSONDecodeError as exc:
            raise CorruptState(f"state is not valid JSON: {exc}") from exc
        except RecursionError as exc:
            raise CorruptState("state is not a saved state: JSON nested too deeply") from exc
    else:
        data = source
    state = State.from_json(data, view=view)
    check_state(state)
    return state
