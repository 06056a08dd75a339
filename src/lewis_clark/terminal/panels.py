"""The table's facts, once: plain dataclasses that both terminal front ends draw.

``panels(state, seats, seat, menu)`` reads a state as ``seat`` may see it (``state.view``) and says, in
the game's words, what every panel holds: the header, each expedition, the Journal with its recruiting
costs for ``seat``, the Village, ``seat``'s hand and the decision with its choices. The full screen
(``app.py`` through ``table.py``) and the line-by-line game (``session.py`` through ``screen.py``) only
lay these out; neither reads a state for a fact of its own, so the two cannot disagree.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass

from lewis_clark.actions import Action, Verb
from lewis_clark.cards import CARDS, GRAVELINES
from lewis_clark.events import Event
from lewis_clark.expedition import TILE_FACES
from lewis_clark.journal import fur_cost
from lewis_clark.plans import Plan
from lewis_clark.queries import recruit_fur, round_number
from lewis_clark.resources import RESOURCES
from lewis_clark.state import State, view
from lewis_clark.terminal.choices import Choices, code
from lewis_clark.village import PLACES
from lewis_clark.wording import (
    boat_count,
    boats_load,
    camp_preview,
    card_summary,
    decision_hint,
    discard_warning,
    futile_mark,
    hint,
    place_summary,
    player_name,
    prompt,
    resources_words,
    seat_name,
    village_room,
)
from lewis_clark.wording.names import card_tag
from lewis_clark.wording.plans import choice_label, compact_choice_label
from lewis_clark.wording.recap import every_turn, last_turns, mackenzie_words, recap_brief, recap_line, recap_parts
from lewis_clark.wording.terminal_app import place_label

__all__ = ["Choice", "Decision", "Expedition", "Hand", "HandCard", "Header", "Journal", "JournalSlot", "Panels",
           "Recap", "Village", "VillagePlace", "decision", "expeditions", "hand", "header", "journal", "panels",
           "recaps", "village"]

WHOLE_VERBS = frozenset({Verb.CAMP, Verb.END})  # single choices that are a whole action of the turn


@dataclass(frozen=True)
class Header:
    """The top line: the round, whose decision it is (or that the game is over), the warnings."""

    round: int
    to_play: int  # the seat to play, -1 once the game is over
    name: str  # that seat's name with who sits there
    colour: str
    chosen_seed: bool  # someone chose the seed and knows every draw
    mackenzie: int  # solo: Mackenzie's level, else -1


@dataclass(frozen=True)
class Expedition:
    """One expedition as everyone sees it."""

    seat: int
    name: str  # with who sits there ("Blue (medium)")
    colour: str
    scout: int
    camp: int
    to_play: bool
    resources: str  # in words, "nothing" when none
    counts: tuple[tuple[int, int], ...]  # (kind, count) of each resource held, for colour
    load: str  # the boats' room ("6/11 aboard")
    indians: int  # on boats
    on_cards: int
    boats: tuple[str, ...]  # the boat tiles in words ("1 small boat"); empty: only the starting boats
    hand: int  # cards in hand
    area: tuple[str, ...]  # the cards face up in the playing area
    under: tuple[str, ...]  # and face down
    camp_now: str  # what a Camp now would do ("" once the game is over)


@dataclass(frozen=True)
class JournalSlot:
    """One Journal slot and what recruiting its card costs the seat shown (R15)."""

    slot: int  # from 1
    card: str  # the card's name, "" when the slot is empty
    tag: str  # the card's number and kind in short
    strength: int  # equipment to pay
    badge: int  # the badge's kind
    fur: int  # fur to pay (by slot, less Gravelines)
    lowered: bool  # Gravelines lowers the fur
    action: str  # the card's action in short


@dataclass(frozen=True)
class Journal:
    slots: tuple[JournalSlot, ...]
    deck: int
    discards: int
    gravelines: bool  # the seat shown has Joseph Gravelines face up


@dataclass(frozen=True)
class HandCard:
    name: str
    strength: int
    badge: int
    action: str


@dataclass(frozen=True)
class Hand:
    owner: str  # the player's name
    cards: tuple[HandCard, ...]  # by Strength


@dataclass(frozen=True)
class VillagePlace:
    label: str
    indians: int
    room: str  # how many more fit, in words
    action: str
    solo_badge: int  # solo: the badge token it gives while occupied (R24), else -1


@dataclass(frozen=True)
class Village:
    places: tuple[VillagePlace, ...]
    powwow: int
    newcomer: int
    stock: int
    small_tiles: int
    large_tiles: int


@dataclass(frozen=True)
class Choice:
    """One line of the menu: a lettered plan or a numbered legal action."""

    code: str  # "a" or "12": what is typed
    text: str  # a plan's words in full, or the action's notation
    short: str  # a plan in a compact line (the full screen's choices); the notation for an action
    hint: str  # what an action does
    mark: str  # "pays for nothing", or ""
    warning: str  # before a discard that loses the Commander or a mover, or ""
    plan: bool
    whole: bool  # a whole action in one choice: a plan, Camp, the turn's end


@dataclass(frozen=True)
class Decision:
    """The decision to make: its prompt and hint, the plans shown and the legal actions."""

    prompt: str
    hint: str
    plans: tuple[Choice, ...]
    actions: tuple[Choice, ...]
    total_plans: int  # plans of the decision in all (the ``plans`` command lists them)

    @property
    def first(self) -> tuple[Choice, ...]:
        """Every choice, the whole ones first (plans, Camp, the end): what a small screen must keep in view."""
        return self.plans + tuple(c for c in self.actions if c.whole) + tuple(c for c in self.actions if not c.whole)


@dataclass(frozen=True)
class Recap:
    """What another seat did in its latest turn (in solo: Mackenzie's last step)."""

    seat: int  # -1 for Mackenzie
    name: str  # the player's name, "" for Mackenzie
    line: str  # with the name ("Blue: played Seaman ...")
    words: str  # without it ("played Seaman ...")
    brief: str  # without the Scout's move and the Camp, for a table short of room (``recap_brief``)


@dataclass(frozen=True)
class Panels:
    """Everything the table shows at one moment, for one seat."""

    header: Header
    expeditions: tuple[Expedition, ...]
    journal: Journal
    village: Village
    hand: Hand
    recaps: tuple[Recap, ...]
    decision: Decision | None  # None when nobody decides (a bot to play, the game over)


def header(state: State, seats: Sequence[str] = ()) -> Header:
    over = state.over
    return Header(round_number(state), -1 if over else state.current,
                  "" if over else seat_name(state, state.current, seats),
                  "" if over else state.players[state.current].colour, state.options.chosen_seed,
                  state.options.mackenzie if state.mackenzie >= 0 else -1)


def expeditions(state: State, seats: Sequence[str] = ()) -> tuple[Expedition, ...]:
    out = []
    for seat, p in enumerate(state.players):
        out.append(Expedition(
            seat, seat_name(state, seat, seats), p.colour, p.scout, p.camp, seat == state.current and not state.over,
            resources_words(state, seat), tuple((r, p.resources[r]) for r in RESOURCES if p.resources[r]),
            boats_load(state, seat), p.indians, p.on_cards,
            tuple(boat_count(face, n) for face, n in zip(TILE_FACES, p.tiles, strict=True) if n), len(p.hand),
            tuple(CARDS[c].name for c in p.face_up), tuple(CARDS[c].name for c in p.face_down),
            "" if state.over else camp_preview(state, seat)))
    return tuple(out)


def journal(state: State, seat: int) -> Journal:
    p = state.players[seat]
    slots = []
    for slot, card in enumerate(state.journal):
        fur = recruit_fur(state, p, slot)
        if not card:
            slots.append(JournalSlot(slot + 1, "", "", 0, -1, fur, fur != fur_cost(slot), ""))
            continue
        c = CARDS[card]
        slots.append(JournalSlot(slot + 1, c.name, card_tag(c), c.strength, c.badge, fur, fur != fur_cost(slot),
                                 card_summary(c)))
    return Journal(tuple(slots), len(state.deck), len(state.discard), GRAVELINES in p.face_up)


def village(state: State) -> Village:
    solo = len(state.players) == 1
    places = tuple(VillagePlace(place_label(place), state.village[place.index], village_room(state, place),
                                place_summary(place), place.solo_badge if solo else -1) for place in PLACES)
    return Village(places, state.powwow, state.newcomer, state.indian_stock, state.tile_stacks[0], state.tile_stacks[1])


def hand(state: State, seat: int) -> Hand:
    cards = tuple(HandCard(CARDS[c].name, CARDS[c].strength, CARDS[c].badge, card_summary(CARDS[c]))
                  for c in sorted(state.players[seat].hand, key=lambda c: (CARDS[c].strength, c)))
    return Hand(player_name(state, seat), cards)


def recaps(state: State, events: Iterable[Event], seat: int) -> tuple[Recap, ...]:
    """What happened since ``seat``'s turn, oldest first: each other seat's latest turn
    (``wording.recap``); in solo, Mackenzie's last step."""
    events = list(events)
    if len(state.players) == 1:
        ended = [r for r in every_turn(state, events) if r.mackenzie[1] >= 0]
        said = mackenzie_words(ended[-1]) if ended else ""
        return (Recap(-1, "", said, said, said),) if ended else ()
    return tuple(Recap(r.seat, player_name(state, r.seat), recap_line(state, r), "; ".join(recap_parts(r)),
                       recap_brief(r))
                 for r in last_turns(state, events) if r.seat != seat)


def plan_choice(state: State, plan: Plan, i: int) -> Choice:
    return Choice(code(i), choice_label(state, plan), compact_choice_label(state, plan), "", "", "", True, True)


def action_choice(state: State, action: Action, i: int) -> Choice:
    return Choice(str(i), str(action), str(action), hint(state, action), futile_mark(state, action),
                  discard_warning(state, action), False, action.verb in WHOLE_VERBS)


def decision(state: State, actions: Sequence[Action], plans: Sequence[Plan] = (), total: int = 0) -> Decision:
    """The decision with ``plans`` (lettered a, b, ... in their order) and ``actions`` (numbered from 1)."""
    return Decision(prompt(state), decision_hint(state), tuple(plan_choice(state, p, i) for i, p in enumerate(plans)),
                    tuple(action_choice(state, a, i) for i, a in enumerate(actions, 1)), max(total, len(plans)))


def panels(state: State, seats: Sequence[str], seat: int, menu: Choices | None = None, events: Iterable[Event] = (),
           *, every_plan: bool = False) -> Panels:
    """Every panel of ``state`` as ``seat`` sees it, with the last turns read off ``events``; the decision
    from ``menu`` (its handful of plans, or all of them with ``every_plan``) when a person decides."""
    seen = view(state, seat)
    asked = None
    if menu is not None and not state.over:
        plans = menu.plans if every_plan else menu.plans[:menu.shown]
        asked = decision(seen, menu.actions, plans, len(menu.plans))
    return Panels(header(seen, seats), expeditions(seen, seats), journal(seen, seat), village(seen), hand(seen, seat),
                  recaps(seen, events, seat), asked)
