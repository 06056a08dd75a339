"""What happened since your turn: each seat's latest turn, as data read off the game's events and in words.

``last_turns(state, events)`` walks every event of the game (``lewis_clark.events``) and keeps, for
each seat, its latest turn that has begun: the cards it played and at what Strength, the Indians it
sent to the Village, what it took and paid, whom it recruited, where its Scout and Camp went, and
Mackenzie's step after it (solo, R24), plus the spaces, cards and Village places it touched, so a page
can light them. ``recap_parts``/``recap_line`` word a turn. The web page (``web/recap.py``) and the
terminal read the same data, so the two never tell a turn differently.

Scouts and Camps are followed from St Louis through the events alone (no state is replayed): a Scout
moves with ``ScoutMoved`` (a movement whose stop is chosen, R2, is one event once the stop is chosen);
a Camp puts both where ``Camped`` says (R16). Other players never move your Scout.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass, field, replace

from lewis_clark.actions import Verb
from lewis_clark.cards import BY_SLUG, CARDS
from lewis_clark.events import (
    Acted,
    Camped,
    Event,
    GameOver,
    JournalDrawn,
    MackenzieMoved,
    Recruited,
    ScoutMoved,
    TurnPassed,
)
from lewis_clark.resources import EQUIPMENT, FUR, NONE, Bundle
from lewis_clark.state import State
from lewis_clark.village import PLACE_INDEX, PLACES
from lewis_clark.wording.catalogue import t, tn
from lewis_clark.wording.log import spaces_list
from lewis_clark.wording.names import boat_face, bundle_words, card_title, place_title, player_name

__all__ = ["Played", "TurnRecap", "every_turn", "last_turns", "recap_line", "recap_parts", "mackenzie_words", "turn_from"]


@dataclass(frozen=True, slots=True)
class Played:
    """The turn's action: ``card`` played (its Strength from ``under`` and Indians, R1), or Indians sent to
    the Village ``place`` (R9); ``performed`` counts the performances."""

    card: int = 0
    place: int = -1
    under: int = 0
    indians: int = 0
    performed: int = 0

    @property
    def strength(self) -> int:
        """The card's Strength: the card under it and the Indians added."""
        return (CARDS[self.under].strength if self.under else 0) + self.indians


def _add(a: Bundle, b: Bundle) -> Bundle:
    return tuple(x + y for x, y in zip(a, b, strict=True))


@dataclass(frozen=True, slots=True)
class TurnRecap:
    """One seat's turn (``turn`` counts every seat's turns, ``round`` the seat's own); ``done`` once it
    ended. Positions are ``(from, to)``; a Camp's ``time`` is -1 when it did not Camp; Mackenzie's step
    is ``(-1, -1)`` when he did not move."""

    seat: int
    turn: int
    round: int
    played: tuple[Played, ...] = ()
    gained: Bundle = NONE
    paid: Bundle = NONE
    recruited: tuple[tuple[int, Bundle], ...] = ()  # each card with its fur and equipment paid (R15)
    discarded: tuple[int, ...] = ()  # cards discarded for a recruitment's discount
    boats: tuple[str, ...] = ()  # boat tile faces added
    scout: tuple[int, int] = (0, 0)
    reached: int = -1  # where the Scout stood before a Camp took it back (R16); -1 without a Camp
    camped: int = -1  # where the Camp left the Scout (R16); -1 without a Camp
    camp_first: bool = False  # the Camp came before the turn's action, which may move the Scout on from ``camped``
    camp: tuple[int, int] = (0, 0)
    time: int = -1
    mackenzie: tuple[int, int] = (-1, -1)
    mackenzie_past: int = -1  # the player's Scout he jumped over (R24), else -1
    drawn: tuple[int, ...] = ()  # cards new in the Journal during the turn
    jumped: tuple[int, ...] = ()  # spaces of other Scouts the Scout passed without counting them (R19)
    bumped: tuple[int, ...] = ()  # spaces of other Scouts a movement stopped on, left for a free one (R18)
    crowded: int = -1  # the space a Camp's Time aimed at, held by another Scout (R16), else -1
    solo: bool = False  # solo the only other pawn on the route is Mackenzie's (R24): the spaces above are his
    done: bool = False

    @property
    def cards(self) -> tuple[int, ...]:
        """Every card the turn touched: played, under, recruited, discarded for a discount, drawn."""
        out: list[int] = []
        for p in self.played:
            out += [c for c in (p.card, p.under) if c]
        out += [c for c, _ in self.recruited] + list(self.discarded) + list(self.drawn)
        return tuple(dict.fromkeys(out))

    @property
    def spaces(self) -> tuple[int, ...]:
        """The route spaces the turn touched: where the Scout, the Camp and Mackenzie came from and went."""
        out = [*self.scout, self.reached, self.camped] if self.scout[0] != self.scout[1] or self.reached >= 0 else []
        if self.time >= 0:
            out += [*self.camp]
        out = [s for s in out if s >= 0]
        if self.mackenzie[1] >= 0:
            out += [*self.mackenzie]
        return tuple(sorted(set(out)))

    @property
    def places(self) -> tuple[int, ...]:
        """The Village places the turn sent Indians to."""
        return tuple(p.place for p in self.played if p.place >= 0)


@dataclass
class _Walk:
    """Positions and turns under way while the events are read."""

    scouts: list[int]
    camps: list[int]
    players: int
    turn: int = 1
    mackenzie: int = -1
    acting: int = -1  # the seat of the last action: the Journal's draws happen in its turn
    latest: dict[int, TurnRecap] = field(default_factory=dict)
    every: list[TurnRecap] = field(default_factory=list)  # the turns ended, in order

    def of(self, seat: int) -> TurnRecap:
        """The seat's turn under way, begun on its first event of the turn."""
        r = self.latest.get(seat)
        if r is None or r.done:
            pos = self.scouts[seat]
            r = TurnRecap(seat, self.turn, (self.turn - 1) // self.players + 1, scout=(pos, pos),
                          camp=(self.camps[seat], self.camps[seat]), solo=self.players == 1)
            self.latest[seat] = r
        return r

    def put(self, r: TurnRecap) -> None:
        was = self.latest.get(r.seat)
        if r.done and (was is None or not was.done):  # the turn just ended
            self.every.append(r)
        self.latest[r.seat] = r

    def read(self, e: Event) -> None:
        if isinstance(e, Acted):
            self._acted(e)
        elif isinstance(e, ScoutMoved):
            r = self.of(e.seat)
            self.scouts[e.seat] = e.end
            self.put(replace(r, scout=(r.scout[0], e.end), jumped=(*r.jumped, *e.jumped),
                             bumped=(*r.bumped, e.bumped) if e.bumped >= 0 else r.bumped))
        elif isinstance(e, Camped):
            r = self.of(e.seat)
            reached = self.scouts[e.seat]
            self.scouts[e.seat], self.camps[e.seat] = e.scout, e.camp
            self.put(replace(r, scout=(r.scout[0], e.scout), reached=reached, camp=(r.camp[0], e.camp), time=e.time,
                             crowded=e.crowded, camped=e.scout, camp_first=not r.played))
        elif isinstance(e, Recruited):
            r = self.of(e.seat)
            paid = list(NONE)
            paid[FUR], paid[EQUIPMENT] = e.fur, e.equipment
            self.put(replace(r, recruited=(*r.recruited, (e.card, tuple(paid))), paid=_add(r.paid, tuple(paid)),
                             discarded=(*r.discarded, e.discarded) if e.discarded else r.discarded))
        elif isinstance(e, MackenzieMoved):
            start = e.start if e.start >= 0 else self.mackenzie
            self.mackenzie = e.space
            r = self.of(0)  # he steps after the solo player's turn
            first = r.mackenzie[0] if r.mackenzie[0] >= 0 else start
            self.put(replace(r, mackenzie=(first, e.space), mackenzie_past=e.past))
        elif isinstance(e, JournalDrawn) and self.acting >= 0:
            r = self.of(self.acting)
            self.put(replace(r, drawn=(*r.drawn, *e.cards)))
        elif isinstance(e, TurnPassed):
            self.put(replace(self.of(e.seat), done=True))
            self.turn = e.turn
        elif isinstance(e, GameOver):
            for r in list(self.latest.values()):
                if r.turn == self.turn:
                    self.put(replace(r, done=True))

    def _acted(self, e: Acted) -> None:
        a, r = e.action, self.of(e.seat)
        self.acting = e.seat
        played = list(r.played)
        if a.verb == Verb.PLAY:
            played.append(Played(card=BY_SLUG[a.subject].id))
        elif a.verb == Verb.VILLAGE:
            played.append(Played(place=PLACE_INDEX[a.subject], indians=a.indians))
        elif a.verb == Verb.UNDER and played and a.subject != "none":
            played[-1] = replace(played[-1], under=BY_SLUG[a.subject].id)
        elif a.verb == Verb.INDIANS and played:
            played[-1] = replace(played[-1], indians=played[-1].indians + a.indians)
        elif a.verb == Verb.PERFORM:
            source = e.card if e.card else -1
            for k in range(len(played) - 1, -1, -1):  # the performance belongs to what is performing
                p = played[k]
                if (p.card and p.card == source) or (p.place >= 0 and p.place == e.place):
                    played[k] = replace(p, performed=p.performed + 1)
                    break
            r = replace(r, paid=_add(r.paid, a.bundle))
        elif a.verb == Verb.TAKE:
            r = replace(r, gained=_add(r.gained, a.bundle))
        elif a.verb == Verb.BOAT:
            r = replace(r, boats=(*r.boats, a.subject))
        self.put(replace(r, played=tuple(played)))


def last_turns(state: State, events: Iterable[Event]) -> list[TurnRecap]:
    """Each seat's latest turn that has begun, oldest first, read off every event of the game so far
    (``state`` is the game now: it gives St Louis and the number of seats)."""
    n = len(state.players)
    start = state.options.route.st_louis
    walk = _Walk([start] * n, [start] * n, n)
    for e in events:
        walk.read(e)
    return sorted(walk.latest.values(), key=lambda r: r.turn)


def every_turn(state: State, events: Iterable[Event]) -> list[TurnRecap]:
    """Every turn ended so far, in order (the end screen's story of the game)."""
    n = len(state.players)
    start = state.options.route.st_louis
    walk = _Walk([start] * n, [start] * n, n)
    for e in events:
        walk.read(e)
    return walk.every


def turn_from(state: State, events: Iterable[Event]) -> TurnRecap:
    """The turn of ``state.current`` told by ``events`` that begin at ``state`` (a turn's start: the Scouts
    and Camps are read from it, not walked from St Louis), ended or not (the post-game review's turns)."""
    n = len(state.players)
    walk = _Walk([p.scout for p in state.players], [p.camp for p in state.players], n, turn=state.turn,
                 mackenzie=state.mackenzie)
    for e in events:
        walk.read(e)
    return walk.latest.get(state.current) or walk.of(state.current)


def _played_words(p: Played) -> str:
    if p.card:
        card = card_title(CARDS[p.card])
        if p.performed:
            return tn("played {card} at Strength {strength}, performed {n} time",
                      "played {card} at Strength {strength}, performed {n} times", p.performed, card=card,
                      strength=p.strength)
        return t("played {card} at Strength {strength}", card=card, strength=p.strength)
    return tn("sent {n} Indian to {place}", "sent {n} Indians to {place}", p.indians,
              place=place_title(PLACES[p.place]))


def mackenzie_words(r: TurnRecap) -> str:
    """Mackenzie's step after the turn (solo, R24), or "" when he did not move."""
    start, end = r.mackenzie
    if end < 0:
        return ""
    if r.mackenzie_past >= 0:
        return t("Mackenzie went from {start} to {end}, jumping over the Scout on {past}", start=start, end=end,
                 past=r.mackenzie_past)
    return t("Mackenzie went from {start} to {end}", start=start, end=end)


def _moved_words(start: int, end: int, r: TurnRecap) -> str:
    """Where the Scout went, with why it passed a space it did not count (R19) or left one it reached (R18)."""
    line = t("Scout from {start} to {end}", start=start, end=end)
    why = []
    if r.jumped and r.solo:
        why.append(t("jumping Mackenzie on {spaces} without counting him", spaces=spaces_list(r.jumped)))
    elif r.jumped:
        why.append(tn("jumping the Scout on {spaces} without counting it",
                      "jumping the Scouts on {spaces} without counting them", len(r.jumped),
                      spaces=spaces_list(r.jumped)))
    if r.bumped and r.solo:
        why.append(t("going on past Mackenzie on {spaces}", spaces=spaces_list(r.bumped)))
    elif r.bumped:
        why.append(tn("going on past the Scout on {spaces}", "going on past the Scouts on {spaces}", len(r.bumped),
                      spaces=spaces_list(r.bumped)))
    return t("{move} ({why})", move=line, why=", ".join(why)) if why else line


def _camp_words(r: TurnRecap) -> str:
    """A Camp as it reads at the table: its Time, where the Scout went back to, and whether the Camp moved up."""
    if r.camp[1] != r.camp[0]:
        line = tn("camped for {n} space of Time: Scout back to {scout}, Camp moved up to it",
                  "camped for {n} spaces of Time: Scout back to {scout}, Camp moved up to it", r.time,
                  scout=r.camped)
    else:
        line = tn("camped for {n} space of Time: Scout back to {scout}, Camp still on {camp}",
                  "camped for {n} spaces of Time: Scout back to {scout}, Camp still on {camp}", r.time,
                  scout=r.camped, camp=r.camp[1])
    if r.crowded >= 0 and r.solo:
        line = t("{camp} (past Mackenzie on {space})", camp=line, space=r.crowded)
    elif r.crowded >= 0:
        line = t("{camp} (past the Scout on {space})", camp=line, space=r.crowded)
    return line


def recap_parts(r: TurnRecap) -> list[str]:
    """The turn in short phrases without its player, in the order they happened to the expedition
    (Mackenzie's step is ``mackenzie_words``)."""
    out = _action_parts(r)
    if r.time >= 0 and r.camp_first:  # Camped first (R16), then the action moved the Scout on from there
        out.insert(0, _camp_words(r))
        if r.scout[1] != r.camped:
            out.append(_moved_words(r.camped, r.scout[1], r))
        return out
    reached = r.reached if r.time >= 0 else r.scout[1]
    if reached != r.scout[0]:
        out.append(_moved_words(r.scout[0], reached, r))
    if r.time >= 0:
        out.append(_camp_words(r))
    if not out:
        out.append(t("did nothing") if r.done else t("is starting the turn"))
    return out


def recap_brief(r: TurnRecap) -> str:
    """The turn for a table short of room: what was played, taken, recruited and added, without the
    Scout's move and the Camp, whose numbers the table shows beside it; as ``recap_parts`` when the
    turn did nothing else."""
    return "; ".join(_action_parts(r) or recap_parts(r))


def _action_parts(r: TurnRecap) -> list[str]:
    """The turn's action in short phrases: the cards played (and "did nothing" where they performed
    nothing), what was taken, recruited and added."""
    out = []
    for p in r.played:
        out.append(_played_words(p))
        if r.done and not p.performed and not (p.card and CARDS[p.card].permanent):
            out.append(t("did nothing"))  # Strength or Indians spent, no performance was possible or chosen
    if any(r.gained):
        out.append(t("took {what}", what=bundle_words(r.gained)))
    for card, paid in r.recruited:
        out.append(t("recruited {card} for {what}", card=card_title(CARDS[card]), what=bundle_words(paid)))
    out += [t("added a {face}", face=boat_face(face)) for face in r.boats]
    return out


def recap_line(state: State, r: TurnRecap) -> str:
    """The turn in one line with its player, e.g. "Blue: played York (Hunter) at Strength 2; took 2 food"."""
    parts = recap_parts(r)
    if mackenzie_words(r):
        parts.append(mackenzie_words(r))
    return t("{name}: {what}", name=player_name(state, r.seat), what="; ".join(parts))
