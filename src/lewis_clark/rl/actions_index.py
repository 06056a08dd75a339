"""A fixed global action space: every Action the engine can ever offer, numbered densely.

Reinforcement-learning libraries want a fixed ``Discrete(N)`` action space; the engine offers a
varying list of ``Action`` values. This module enumerates every value that can ever be legal, from
the card and Village data (cards.py, village.py), in groups by verb (``VERBS`` order) and, inside a
group, in a canonical sorted order. The numbering is therefore a function of the game data only:
it changes only if a card or a place changes. ``ACTIONS[i]`` is the action of index ``i``;
``index_of(action)`` goes back. docs/rl.md lists the groups.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from typing import NamedTuple, assert_never

from lewis_clark.actions import Action, Verb
from lewis_clark.cards import CARDS
from lewis_clark.decisions import BOAT_TILE_RESOURCES, MOST_STRENGTH, Subject, subject_of
from lewis_clark.effects import MOST_DIFFERENT
from lewis_clark.effects_spec import Alternative
from lewis_clark.expedition import MOST_RESOURCES, TILE_FACES
from lewis_clark.resources import (
    INDIAN,
    KINDS,
    NONE,
    PRIMARY,
    RESOURCES,
    Bundle,
    any_payments,
    different_payments,
    single,
    sub_bundles,
    up_to_choices,
)
from lewis_clark.route import PRINTED_ROUTE
from lewis_clark.state import State
from lewis_clark.tensor import MaskFiller
from lewis_clark.turn import MOST_PER_PLACEMENT
from lewis_clark.village import INDIANS_BY_PLAYERS, PLACES

MAX_RESOURCES = MOST_RESOURCES  # R6, R8: boats with every resource tile (expedition owns it)
# The most Indians in play (five players); an Interpreter can offer at most all of them.
MAX_INDIANS = max(INDIANS_BY_PLAYERS.values())
MAX_SEMICIRCLE = MOST_PER_PLACEMENT  # R9: 1-3 Indians per placement on a semicircle (turn owns it)
MAX_INDIANS_ON_CARD = MOST_STRENGTH  # R1c: at most 3 Strength from Indians (decisions owns it)


class Group(NamedTuple):
    """A contiguous block of indices holding one verb's actions."""

    verb: str
    start: int
    stop: int  # exclusive


def _alternative_sources() -> list[tuple[Alternative, ...]]:
    return [c.alternatives for c in CARDS[1:]] + [p.alternatives for p in PLACES]


def _every_subject(alt: Alternative) -> list[str]:
    """Every subject a performance of ``alt`` can name in any state: ``decisions.perform_choices``
    over all states, by the engine's own ``subject_of``."""
    subject = subject_of(alt.result)
    if subject == Subject.LABEL:
        return [alt.label]
    if subject == Subject.JOURNAL_CARD:  # any card: starting ones too, once discarded and reshuffled (R14)
        return [c.slug for c in CARDS[1:]]
    if subject == Subject.PLACE:
        return [p.name for p in PLACES]
    if subject == Subject.CARD_TO_COPY:  # any card that is not permanent (R22)
        return [c.slug for c in CARDS[1:] if not c.permanent]
    assert_never(subject)


def _payments(alt: Alternative) -> list[Bundle]:
    if alt.pay_any:
        return any_payments(alt.pay_any)
    if alt.pay_different:
        return different_payments(alt.pay_different)
    return [NONE]


def _perform_actions() -> set[Action]:
    out: set[Action] = set()
    for alternatives in _alternative_sources():
        for alt in alternatives:
            boosts = (False, True) if alt.is_move else (False,)  # R19: Jarrot / Cut Nose boost a movement
            for label in _every_subject(alt):
                for pay in _payments(alt):
                    for boost in boosts:
                        out.add(Action(Verb.PERFORM, label, bundle=pay, boost=boost))
    return out


def _take_bundles() -> set[Bundle]:
    """Every bundle a "take" decision can offer (rules._result_* and _do_boat)."""
    out: set[Bundle] = set()
    for alternatives in _alternative_sources():
        for alt in alternatives:
            if alt.result == "take":
                out.update(sub_bundles(alt.take))
            elif alt.result == "choose":
                out.update(up_to_choices(alt.count))
    out.update(up_to_choices(BOAT_TILE_RESOURCES))  # a resource boat tile
    out.update(up_to_choices(MOST_DIFFERENT, distinct=True))  # Hay: different primary resources (R5)
    for kind in PRIMARY:  # collections (R4) and face-up counts (R5), capped by the boats
        out.update(single(kind, n) for n in range(MAX_RESOURCES + 1))
    out.update(single(INDIAN, n) for n in range(MAX_INDIANS + 1))  # the Interpreter's Powwow (R10)
    return out


def _bundle_key(b: Bundle) -> tuple[int, Bundle]:
    return sum(b), b


def _enumerate() -> tuple[list[Action], list[Group]]:
    groups: list[tuple[str, Iterable[Action]]] = [
        ("play", (Action(Verb.PLAY, c.slug) for c in CARDS[1:])),
        ("under", [Action(Verb.UNDER, "none")] + [Action(Verb.UNDER, c.slug) for c in CARDS[1:]]),
        ("indians", (Action(Verb.INDIANS, "", n) for n in range(MAX_INDIANS_ON_CARD + 1))),
        ("village", (Action(Verb.VILLAGE, p.name, n) for p in PLACES
                     for n in range(1, (MAX_SEMICIRCLE if p.semicircle else 1) + 1))),
        # Any card: a discarded starting Character can come back through a reshuffle (R14).
        ("recruit", (Action(Verb.RECRUIT, c.slug) for c in CARDS[1:])),
        ("discard", [Action(Verb.DISCARD, "none")] + [Action(Verb.DISCARD, c.slug) for c in CARDS[1:]]),
        ("camp", [Action(Verb.CAMP)]),
        ("end", [Action(Verb.END)]),
        ("stop", [Action(Verb.STOP)]),
        ("perform", sorted(_perform_actions(), key=lambda a: (a.subject, a.boost, _bundle_key(a.bundle)))),
        ("take", (Action(Verb.TAKE, bundle=b) for b in sorted(_take_bundles(), key=_bundle_key))),
        ("return", (Action(Verb.RETURN, KINDS[r]) for r in RESOURCES)),
        ("boat", (Action(Verb.BOAT, face) for face in TILE_FACES)),
        # Last, so that the indices above stay as they were before the move decision came; 0 to every route space (R2).
        ("move", (Action(Verb.MOVE, spaces=n) for n in range(PRINTED_ROUTE.last + 1))),
    ]
    actions: list[Action] = []
    spans: list[Group] = []
    for verb, members in groups:
        start = len(actions)
        actions.extend(members)
        spans.append(Group(verb, start, len(actions)))
    return actions, spans


_ACTIONS, _GROUPS = _enumerate()
ACTIONS: tuple[Action, ...] = tuple(_ACTIONS)
GROUPS: tuple[Group, ...] = tuple(_GROUPS)
NUM_ACTIONS = len(ACTIONS)
INDEX: dict[Action, int] = {a: i for i, a in enumerate(ACTIONS)}
assert len(INDEX) == NUM_ACTIONS, "the action space must not hold an action twice"


def index_of(action: Action | str) -> int:
    """The index of an action (or its notation text); ValueError if no state can ever offer it."""
    if isinstance(action, str):
        action = Action.parse(action)
    try:
        return INDEX[action]
    except KeyError:
        raise ValueError(f"{str(action)!r} is not in the action space") from None


def action_at(index: int) -> Action:
    """The action of an index; ValueError when out of range."""
    if not 0 <= index < NUM_ACTIONS:
        raise ValueError(f"action index {index} out of range 0-{NUM_ACTIONS - 1}")
    return ACTIONS[index]


# The compiled lookup of legal actions' indices (lewis_clark.tensor): masks and index lists.
MASKS = MaskFiller(INDEX)


def legal_indices(state: State) -> list[int]:
    """The indices of the legal actions, ascending."""
    return MASKS.indices(state)


def indices_of(actions: Sequence[Action]) -> list[int]:
    """Indices of a list of actions, ascending."""
    return sorted(INDEX[a] for a in actions)
