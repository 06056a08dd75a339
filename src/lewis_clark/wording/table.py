"""Sentences about the table: a Camp's preview, an expedition's resources, room in the Village, the outcome."""

from __future__ import annotations

from collections.abc import Sequence

from lewis_clark.queries import camp_landing, capacity, round_number
from lewis_clark.resources import RESOURCES
from lewis_clark.state import MOST_LEVEL, State
from lewis_clark.turn import mackenzie_arrival
from lewis_clark.village import Place
from lewis_clark.wording.catalogue import t, tn
from lewis_clark.wording.names import kind_count, seat_name


def camp_effect(state: State, seat: int) -> str:
    """What a Camp by ``seat`` would do now (R16), e.g. "lose 2 spaces, Camp moves to 14"."""
    landing = camp_landing(state, seat)
    return camp_effect_words(landing.time, landing.scout, landing.camp, state.players[seat].camp)


def camp_effect_words(time: int, scout: int, camp: int, was: int) -> str:
    """A Camp's effect from its numbers: ``time`` spaces lost, the Scout and the Camp where they end, the
    Camp where it was; a Camp that costs nothing says the Scout stays."""
    if camp > was:
        if not time:
            return t("costs nothing: Scout stays, Camp moves to {camp}", camp=camp)
        return tn("lose {n} space, Camp moves to {camp}", "lose {n} spaces, Camp moves to {camp}", time, camp=camp)
    if not time:
        return t("costs nothing: Scout stays, Camp stays at {camp}", camp=camp)
    return tn("lose {n} space, Scout back to {scout}, Camp stays at {camp}",
              "lose {n} spaces, Scout back to {scout}, Camp stays at {camp}", time, scout=scout, camp=camp)


def camp_preview(state: State, seat: int) -> str:
    """A Camp now in plain words, e.g. "Camp now: lose 2 spaces, Camp moves to 14"."""
    return t("Camp now: {effect}", effect=camp_effect(state, seat))


def resources_words(state: State, seat: int) -> str:
    """What an expedition carries, e.g. "2 wood, 1 canoe", or "no resources"."""
    p = state.players[seat]
    parts = [kind_count(r, p.resources[r]) for r in RESOURCES if p.resources[r]]
    return ", ".join(parts) if parts else t("no resources")


def boats_load(state: State, seat: int) -> str:
    """How full the boats are, e.g. "3/11 aboard" (``queries.capacity``)."""
    p = state.players[seat]
    return t("{held}/{capacity} aboard", held=sum(p.resources[r] for r in RESOURCES), capacity=capacity(p))


def resources_line(state: State, seat: int) -> str:
    """Resources and room on the boats, e.g. "2 wood, 1 canoe (3/11 aboard)"."""
    return t("{resources} ({load})", resources=resources_words(state, seat), load=boats_load(state, seat))


def village_room(state: State, place: Place) -> str:
    """Room left on a Village place, in a few words: "1-3 any time", "2 circles", "1 circle" or "full" (R9)."""
    if place.semicircle:
        return t("1-3 any time")
    if state.village[place.index] >= place.spots:
        return t("full")
    return tn("{n} circle", "{n} circles", place.spots)


def outcome(state: State, seats: Sequence[str] = ()) -> str:
    """How the game ended, e.g. "Blue sets up Camp at Fort Clatsop and wins!"; "" while it goes on."""
    result = state.outcome
    if not result.over:
        return ""
    if result.winner is not None:
        return t("{name} sets up Camp at Fort Clatsop and wins!", name=seat_name(state, result.winner, seats))
    return t("Mackenzie reaches Fort Clatsop first: the expedition loses.")


def unfinished(state: State, max_turns: int | None = None) -> str:
    """Why a game that is not over stopped: a turn limit, or a record that ends early."""
    if max_turns is not None and state.turn > max_turns:
        return tn("stopped after {n} turn, no winner", "stopped after {n} turns, no winner", max_turns)
    return t("the record stops before the game ends (round {round}), no winner", round=round_number(state))


def mackenzie_panel(state: State, moved: tuple[int, int] = (-1, -1), past: int = -1) -> dict[str, str]:
    """Solo: what the page's Mackenzie panel says (R24): his level, space, pace and arrival, and why he
    jumped when his last step (``moved``: from, to) went over your Scout on ``past``."""
    route = state.options.route
    level = state.options.mackenzie
    turns = mackenzie_arrival(state)
    start = min(route.st_louis + level, route.last)
    return {
        "title": t("Mackenzie, your rival"),
        "level": tn("Level {level} of {most}: he started {n} space past St Louis",
                    "Level {level} of {most}: he started {n} spaces past St Louis", start - route.st_louis,
                    level=level, most=MOST_LEVEL) if start > route.st_louis else
        t("Level {level} of {most}: he started on St Louis", level=level, most=MOST_LEVEL),
        "space": t("On space {space}; Fort Clatsop is {fort}", space=state.mackenzie, fort=route.fort_clatsop),
        "pace": t("Pace: 1 space after each of your turns; he jumps over your Scout"),
        "arrives": tn("Arrives in about {n} turn", "Arrives in about {n} turns", turns) if turns else
        t("He has reached Fort Clatsop"),
        "goal": t("You win by Camping at Fort Clatsop before he gets there."),
        "jump": t("He jumped: your Scout held space {past}, so he went on from {start} to {end}.",
                  past=past, start=moved[0], end=moved[1]) if past >= 0 else "",
    }
