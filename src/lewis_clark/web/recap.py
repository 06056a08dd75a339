"""The page's "since your turn": each seat's latest turn as JSON (``wording.recap`` reads and words it)."""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

from lewis_clark.cards import CARDS
from lewis_clark.events import Event
from lewis_clark.state import State
from lewis_clark.village import PLACES
from lewis_clark.wording.recap import every_turn, last_turns, mackenzie_words, recap_parts

__all__ = ["recap_json", "story_json"]


def recap_json(state: State, events: Iterable[Event]) -> list[dict[str, Any]]:
    """Every seat's latest turn, oldest first: its phrases, positions and what to light on the table."""
    return [{
        "seat": r.seat, "turn": r.turn, "round": r.round, "done": r.done, "parts": recap_parts(r),
        "mackenzie_text": mackenzie_words(r), "scout": list(r.scout), "camp": list(r.camp), "camped": r.time >= 0,
        "mackenzie": list(r.mackenzie), "spaces": list(r.spaces), "cards": [CARDS[c].slug for c in r.cards],
        "places": [PLACES[p].name for p in r.places],
        "begun": bool(r.played or r.recruited or r.time >= 0 or any(r.gained) or r.boats),
    } for r in last_turns(state, events)]


def story_json(state: State, events: Iterable[Event]) -> dict[str, Any]:
    """The end screen's story: per seat its Camps, the Time they cost, and where its Scout and Camp stood
    after each of its turns (the chart); Mackenzie's space after each solo turn."""
    turns = every_turn(state, events)
    seats = []
    for seat in range(len(state.players)):
        mine = [r for r in turns if r.seat == seat]
        seats.append({"seat": seat, "camps": sum(r.time >= 0 for r in mine), "time": sum(max(r.time, 0) for r in mine),
                      "rounds": [r.round for r in mine], "scout": [r.scout[1] for r in mine],
                      "camp": [r.camp[1] for r in mine]})
    solo = [r for r in turns if r.mackenzie[1] >= 0]
    return {"rounds": max((r.round for r in turns), default=0), "seats": seats,
            "mackenzie": {"rounds": [r.round for r in solo], "space": [r.mackenzie[1] for r in solo]},
            "last_space": state.options.route.fort_clatsop}
