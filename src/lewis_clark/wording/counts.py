"""Where a collection's or a counted movement's number comes from, in words.

    "food badges: 2 here + 1 next door (Red): up to 3 food"
    "Indians in the Village: 2 on places + 1 at the Powwow: 3 spaces"

The numbers come from the engine's own queries (``queries.badge_sources``, ``queries.counter_parts``),
so a sentence always says what the engine gives (R4, R5, R11, R21, R22, R24).
"""

from __future__ import annotations

from lewis_clark.effects import MOST_DIFFERENT, alternatives
from lewis_clark.effects_spec import Alternative
from lewis_clark.queries import BADGE_COUNTERS, badge_sources, counted_resources, counter_parts, gains_ignored
from lewis_clark.resources import NONE
from lewis_clark.state import Decision, Frame, State
from lewis_clark.village import PLACES
from lewis_clark.wording.catalogue import t, tn
from lewis_clark.wording.names import kind_count, kind_name, place_title, player_name

COLLECTIONS = ("collect", "face-up")  # effects_spec results whose amount is counted


def _seat_of(state: State, colour: str) -> int:
    return next(i for i, q in enumerate(state.players) if q.colour == colour)


def token_places(state: State, kind: int) -> list[str]:
    """Occupied Village places whose solo badge token is ``kind`` (R4, R24), by title."""
    return [place_title(pl) for pl in PLACES if state.village[pl.index] and pl.solo_badge == kind]


def badge_parts(state: State, seat: int, kind: int, copied: int = 0) -> str:
    """The badges a collection by ``seat`` counts, part by part: "2 here + 1 next door (Red) + 1 Village token
    (Hunting)", or "none" (``queries.badge_sources``)."""
    own = state.players[seat].colour
    parts: list[str] = []
    for key, n in badge_sources(state, seat, kind, copied).items():
        if key == own:
            parts.append(tn("{n} here", "{n} here", n))
        elif key == "village":
            parts.append(tn("{n} Village token ({places})", "{n} Village tokens ({places})", n,
                            places=", ".join(token_places(state, kind))))
        elif key == "copied":
            parts.append(tn("{n} on the copied card", "{n} on the copied card", n))
        else:
            parts.append(tn("{n} next door ({name})", "{n} next door ({name})", n,
                            name=player_name(state, _seat_of(state, key))))
    return " + ".join(parts) if parts else t("none")


def _face_up_parts(state: State, seat: int, copied: int) -> str:
    parts = counter_parts(state, seat, state.players[seat], "face-up", copied)
    words = [tn("{n} here", "{n} here", parts.get("face-up", 0))]
    if parts.get("copied"):
        words.append(tn("{n} on the copied card", "{n} on the copied card", parts["copied"]))
    return " + ".join(words)


def collection_words(state: State, seat: int, alt: Alternative, copied: int = 0) -> str:
    """What a collecting alternative would give ``seat`` now and why, e.g. "food badges: 2 here + 1 next door
    (Red): up to 3 food"; "" for an alternative that counts nothing."""
    if alt.result == "collect":
        n = sum(badge_sources(state, seat, alt.resource, copied).values())
        what = kind_count(alt.resource, n) if n else t("nothing")
        return t("{kind} badges: {parts}: up to {what}", kind=kind_name(alt.resource),
                 parts=badge_parts(state, seat, alt.resource, copied), what=what)
    if alt.result == "face-up":
        n = sum(counter_parts(state, seat, state.players[seat], "face-up", copied).values())
        if alt.resource < 0:
            what = tn("{n} different resource", "{n} different resources", min(n, MOST_DIFFERENT))
        else:
            what = kind_count(alt.resource, n)
        return t("face-up cards: {parts}: up to {what}", parts=_face_up_parts(state, seat, copied), what=what)
    return ""


def _spaces(n: int) -> str:
    return tn("{n} space", "{n} spaces", n)


def movement_words(state: State, seat: int, alt: Alternative, copied: int = 0) -> str:
    """What a counted movement counts now and why, e.g. "Scouts on or ahead of your Camp: Blue, Mackenzie:
    2 spaces"; "" for a fixed movement (R11, R21)."""
    counter = alt.counter
    if not counter:
        return ""
    p = state.players[seat]
    parts = counter_parts(state, seat, p, counter, copied)
    n = sum(parts.values())
    if counter in BADGE_COUNTERS:
        kind = BADGE_COUNTERS[counter]
        return t("{kind} badges: {parts}: {spaces}", kind=kind_name(kind),
                 parts=badge_parts(state, seat, kind, copied), spaces=_spaces(n))
    if counter == "scouts-ahead":
        names = [player_name(state, _seat_of(state, key)) if key != "mackenzie" else t("Mackenzie") for key in parts]
        return t("Scouts on or ahead of your Camp: {names}: {spaces}", names=", ".join(names) or t("none"),
                 spaces=_spaces(n))
    if counter == "indians-in-village":
        words = {"places": lambda k: tn("{n} on places", "{n} on places", k),
                 "powwow": lambda k: tn("{n} at the Powwow", "{n} at the Powwow", k),
                 "newcomer": lambda k: tn("{n} Newcomer", "{n} Newcomers", k)}
        return t("Indians in the Village: {parts}: {spaces}",
                 parts=" + ".join(words[key](k) for key, k in parts.items()) or t("none"), spaces=_spaces(n))
    if counter == "indians-on-boats" and gains_ignored(state):  # R3
        return tn("{n} Indian held since the action began: {spaces}",
                  "{n} Indians held since the action began: {spaces}", n, spaces=_spaces(n))
    if counter == "indians-on-boats":
        return tn("{n} Indian on your boats: {spaces}", "{n} Indians on your boats: {spaces}", n, spaces=_spaces(n))
    if counter in ("resource-pairs", "resource-triples"):
        held = counted_resources(state, p)
        if gains_ignored(state):  # R3: what this action gained is not taken into account
            if counter == "resource-pairs":
                return tn("{n} resource held since the action began, one space per pair: {spaces}",
                          "{n} resources held since the action began, one space per pair: {spaces}", held,
                          spaces=_spaces(n))
            return tn("{n} resource held since the action began, one space per three: {spaces}",
                      "{n} resources held since the action began, one space per three: {spaces}", held,
                      spaces=_spaces(n))
        if counter == "resource-pairs":
            return tn("{n} resource on your boats, one space per pair: {spaces}",
                      "{n} resources on your boats, one space per pair: {spaces}", held, spaces=_spaces(n))
        return tn("{n} resource on your boats, one space per three: {spaces}",
                  "{n} resources on your boats, one space per three: {spaces}", held, spaces=_spaces(n))
    if counter == "face-up":
        return t("face-up cards: {parts}: {spaces}", parts=_face_up_parts(state, seat, copied), spaces=_spaces(n))
    raise AssertionError(counter)


def count_words(state: State, frame: Frame, alt: Alternative) -> str:
    """Where the number of a perform frame's alternative comes from, for the current player; "" when it
    counts nothing."""
    copied = frame.card if frame.copied else 0
    if alt.result in COLLECTIONS:
        return collection_words(state, state.current, alt, copied)
    if alt.is_move:
        return movement_words(state, state.current, alt, copied)
    return ""


def performing(state: State) -> Frame | None:
    """The perform frame whose card or place is acting (the nearest below a take), or None."""
    return next((f for f in reversed(state.stack) if f.kind == Decision.PERFORM), None)


def perform_counts(state: State, frame: Frame) -> list[str]:
    """Where each counting alternative of a perform frame gets its number, one sentence each."""
    return [words for alt in alternatives(frame) if (words := count_words(state, frame, alt))]


def take_counts(state: State) -> str:
    """At a "take" after a collection: where the amount on offer comes from; "" for other takes (an exact
    gain, the Interpreter's Powwow)."""
    frame = performing(state)
    if frame is None or not state.stack or state.stack[-1].kind != Decision.TAKE:
        return ""
    alts = [a for a in alternatives(frame) if a.result in COLLECTIONS]
    if len(alts) > 1:  # several kinds (John Hay, Little Raven): the one whose kind is on offer
        offered = next((b for b in state.stack[-1].bundles if b != NONE), NONE)
        alts = [a for a in alts if a.resource >= 0 and offered[a.resource]]
    return count_words(state, frame, alts[0]) if alts else ""

