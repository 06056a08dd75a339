"""The one place for helpers that build positions and read them back, for rule tests.

One argument order everywhere: the state first, then the seat (when the helper concerns one), then
the rest. Helpers that change the state return it, so that calls can be chained.

    s = game(players=3)                      # seat 0 to play, deterministic deck
    hand(s, 0, "york", "hugh-mcneal")         # replace seat 0's hand (others go to the discard)
    area(s, 1, "black-cat")                   # lay cards face up in a Playing Area
    played(s, 1, "hay", under="york")         # a card played earlier, a Strength card under it (R1)
    load(s, 0, wood=2, food=1)                # set resources exactly (others 0)
    at(s, 1, 12, camp=10)                     # seat 1's Scout on space 12, its Camp on 10
    occupy(s, "hunting", 1)                   # a stock Indian on a Village place
    s = do(s, "play york", "under hugh-mcneal")  # a movement goes its whole way unless "move <n>" follows
"""

from __future__ import annotations

import importlib.util
import sys
from pathlib import Path
from types import ModuleType
from typing import Any

from lewis_clark import Action, Options, State, apply, legal_actions, new_game
from lewis_clark.cards import BY_SLUG, CARDS
from lewis_clark.invariants import problems
from lewis_clark.resources import KIND_INDEX, KINDS
from lewis_clark.state import Decision
from lewis_clark.village import PLACE_INDEX

SCRIPTS = Path(__file__).resolve().parents[1] / "scripts"


def script(name: str) -> ModuleType:
    """The module of ``scripts/NAME.py`` (scripts are files, not a package), loaded afresh and
    registered under NAME (its NamedTuples and dataclasses look their module up by name)."""
    spec = importlib.util.spec_from_file_location(name, SCRIPTS / f"{name}.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules[name] = module
    spec.loader.exec_module(module)
    return module


def game(players: int = 2, seed: int = 0, first: int = 0, **options: Any) -> State:
    """A fresh game with seat ``first`` to play (``options``: other Options fields, e.g. colours)."""
    s = new_game(Options(players=players, seed=seed, **options))
    s.current = first
    return s


def card(slug: str) -> int:
    """A card's id from its slug."""
    return BY_SLUG[slug].id


def slugs(ids: list[int]) -> list[str]:
    """Slugs of card ids, empty slots (0) left out."""
    return [CARDS[c].slug for c in ids if c]


def _unplace(s: State, c: int) -> None:
    """Take card ``c`` from wherever it is (so that cards stay in exactly one place)."""
    for lst in [s.deck, s.discard] + [x for p in s.players for x in (p.hand, p.face_up, p.face_down)]:
        if c in lst:
            lst.remove(c)
            return
    if c in s.journal:  # refilled from the deck, as play would (an empty slot only once the deck is empty, R14)
        s.journal[s.journal.index(c)] = s.deck.pop(0) if s.deck else 0


def hand(s: State, seat: int, *slugs: str) -> State:
    """Make ``slugs`` exactly seat's hand; its old hand goes to the discard deck."""
    p = s.players[seat]
    ids = [card(x) for x in slugs]
    for c in list(p.hand):
        if c not in ids:
            p.hand.remove(c)
            s.discard.append(c)
    for c in ids:
        if c not in p.hand:
            _unplace(s, c)
            p.hand.append(c)
    return s


def area(s: State, seat: int, *slugs: str, face_up: bool = True) -> State:
    """Lay cards in seat's Playing Area (face up = active, face down = Strength cards, at most one under
    each card already played there, R1: ``played`` lays the two together)."""
    p = s.players[seat]
    for x in slugs:
        c = card(x)
        _unplace(s, c)
        (p.face_up if face_up else p.face_down).append(c)
    assert len(p.face_down) <= len(p.face_up), "a Strength card lies under a played card: lay that first (R1)"
    return s


def played(s: State, seat: int, slug: str, under: str) -> State:
    """Lay ``slug`` in seat's Playing Area as played earlier, ``under`` face down beneath it (R1)."""
    return area(area(s, seat, slug), seat, under, face_up=False)


def journal(s: State, *slugs: str) -> State:
    """Set the Journal slots 1.. to these cards (taken from wherever they are; old ones to the deck)."""
    for c in s.journal:
        if c:
            s.deck.insert(0, c)
    s.journal = [0] * 5
    for i, x in enumerate(slugs):
        c = card(x)
        _unplace(s, c)
        s.journal[i] = c
    for i in range(len(slugs), 5):  # the other slots from the bottom of the deck, as refills would
        if s.deck:
            s.journal[i] = s.deck.pop(0)
    return s


def top_of_deck(s: State, *slugs: str) -> State:
    """Put cards on top of the draw deck, the first named drawn first."""
    for x in reversed(slugs):
        c = card(x)
        _unplace(s, c)
        s.deck.append(c)
    return s


def load(s: State, seat: int, **resources: int) -> State:
    """Set seat's resources exactly (unnamed ones become 0)."""
    p = s.players[seat]
    p.resources = [0] * 6
    for name, n in resources.items():
        p.resources[KIND_INDEX[name]] = n
    return s


def indians(s: State, seat: int, n: int) -> State:
    """Set the Indians on seat's boats, taking them from / returning them to the stock."""
    p = s.players[seat]
    s.indian_stock -= n - p.indians
    p.indians = n
    assert s.indian_stock >= 0, "not enough Indians in the stock for this position"
    return s


def at(s: State, seat: int, scout: int, camp: int | None = None) -> State:
    """Put seat's Scout (and, if given, its Camp) on route spaces."""
    s.players[seat].scout = scout
    if camp is not None:
        s.players[seat].camp = camp
    return s


def occupy(s: State, place: str, n: int) -> State:
    """Put ``n`` stock Indians on a Village place, as if other players had sent them."""
    s.village[PLACE_INDEX[place]] += n
    s.indian_stock -= n
    assert s.indian_stock >= 0, "not enough Indians in the stock for this position"
    return s


def powwow(s: State, n: int) -> State:
    """Put ``n`` stock Indians in the Powwow, as if cards had sent them there (R11)."""
    s.powwow += n
    s.indian_stock -= n
    assert s.indian_stock >= 0, "not enough Indians in the stock for this position"
    return s


def do(s: State, *texts: str, whole_moves: bool = True) -> State:
    """Apply actions by their text, checking invariants after each. With ``whole_moves`` a movement
    waiting for its "move" decision (R2) goes its whole way unless the next text says "move <n>"."""
    for t in texts:
        if whole_moves and not t.startswith("move "):
            s = _whole_move(s)
        s = apply(s, Action.parse(t))
        found = problems(s)
        assert not found, f"after {t!r}: {found}"
    return _whole_move(s) if whole_moves else s


def _whole_move(s: State) -> State:
    if s.stack and s.stack[-1].kind == Decision.MOVE:
        s = apply(s, legal_actions(s)[0])
    return s


def legal(s: State) -> list[str]:
    """Legal actions as text."""
    return [str(a) for a in legal_actions(s)]


def activate(s: State, slug: str, under: str = "york", n: int = 0) -> State:
    """Play ``slug`` with ``under`` face-down beneath it and ``n`` Indians on it (R1)."""
    s = do(s, f"play {slug}", f"under {under}")
    if s.stack and s.stack[-1].kind == "indians":
        s = do(s, f"indians {n}")
    return s


def held(s: State, seat: int = 0) -> dict[str, int]:
    """Seat's resources by name, zeros left out."""
    return {KINDS[i]: n for i, n in enumerate(s.players[seat].resources) if n}


def performs(s: State) -> list[str]:
    """The legal ``perform`` actions as text (``stop`` is always legal beside them, R2)."""
    return [a for a in legal(s) if a.startswith("perform")]


def remaining(s: State) -> int:
    """Performances left on the pending card (R2)."""
    assert s.stack and s.stack[-1].kind == "perform", s.stack
    return s.stack[-1].performances
