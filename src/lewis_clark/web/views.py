"""The page JSON: everything the browser pages receive, built here and nowhere else.

The game's view (``game_json``: what every page of a game sees, sent by ``GET /api/games/{id}`` and
the WebSocket), its log (``log_json``), the replay's table (``replay_json``), the expert's hint
(``hint_json``), the static game data (``meta_json``) and their parts: cards, places, actions, plans,
the table's numbers, the "since your turn" recap and the end screen's story.

Every sentence comes from ``lewis_clark.wording`` (in the language of the calling context), so the page
composes no English and re-derives no rule: boat capacity, the Camp preview and room in the Village
arrive here as numbers and words; a card's face comes from ``faces``.
"""

from __future__ import annotations

import json
from collections.abc import Iterable, Sequence
from typing import Any

from lewis_clark.actions import Action, Verb
from lewis_clark.bots import LEVELS
from lewis_clark.bots.evaluation import evaluate
from lewis_clark.bots.hint import Hint
from lewis_clark.cards import BY_SLUG, CARDS, COLOURS, Card
from lewis_clark.events import Event
from lewis_clark.journal import fur_cost
from lewis_clark.match import Match, Step
from lewis_clark.plans import Plan, offered, wasted
from lewis_clark.queries import capacity, round_number
from lewis_clark.resources import KINDS, RESOURCES
from lewis_clark.rules import legal_actions
from lewis_clark.state import State, view
from lewis_clark.turn import mackenzie_arrival
from lewis_clark.village import PLACE_INDEX, PLACES
from lewis_clark.web.faces import card_face
from lewis_clark.web.store import Seat
from lewis_clark.wording import (
    KNOWN,
    card_text,
    card_title,
    current_language,
    decision_hint,
    discard_warning,
    event_line,
    kind_name,
    label,
    language,
    outcome,
    place_room,
    place_text,
    place_title,
    player_name,
    prompt,
    resources_line,
    seat_names,
    t,
    tn,
    village_room,
)
from lewis_clark.wording import (
    camp_preview as camp_words,
)
from lewis_clark.wording.advice import advice_why, hint_choice
from lewis_clark.wording.names import COLOUR_NAMES, LEVEL_NAMES, level_name
from lewis_clark.wording.page import page_words
from lewis_clark.wording.plans import choice_label, compact_choice_label
from lewis_clark.wording.recap import TurnRecap, every_turn, last_turns, mackenzie_words, recap_parts
from lewis_clark.wording.table import mackenzie_panel

__all__ = ["action_json", "card_json", "game_json", "hint_json", "label", "lines_of", "log_json", "meta_json", "personal_view",
           "plan_json", "recap_json", "replay_json", "solo_json", "story_json", "table_json", "target"]

LOG_TAIL = 40  # log lines sent with each update; the whole log is at /api/games/{id}/log


def game_json(game_id: str, version: int, seats: Sequence[Seat], match: Match) -> dict[str, Any]:
    """What every page of a game sees (hands are public; the deck's order and the seed are not, R-view),
    in the language of the calling context: the one view ``GET /api/games/{id}`` and the WebSocket send."""
    s = match.state
    seen = view(s, 0).to_json()
    seen["deck"] = len(s.deck)
    seen["rng"] = 0
    options = match.options.to_json()
    if not s.over:
        del options["seed"]  # seed + actions would foretell every draw
    person = not s.over and not match.is_bot(s.current)
    # Which choices pay for nothing, for a person only (the page asks before sending one).
    legal = [action_json(s, a, judged=person) for a in legal_actions(s)]
    # One-click whole actions, for a person only: a bot's seat needs none (and bots move fast). They are
    # honest (``plans.offered``): none of them pays for nothing.
    plans = [plan_json(s, p) for p in offered(s, score=evaluate)] if person else []
    winner = s.outcome.winner  # the client's JSON keeps -1 for "no winning seat"
    undo = match.undoable_by()
    moves = len(match.actions)
    names = [st.name for st in seats]
    turns = last_turns(s, (e for step in match.steps for e in step.events))
    return {
        "type": "game", "id": game_id, "version": version, "moves": moves, "over": s.over,
        "winner": -1 if winner is None else winner, "result": outcome(s), "options": options,
        "seats": seats_json(s, seats),
        "state": seen, "current": -1 if s.over else s.current, "prompt": prompt(s), "hint": decision_hint(s),
        "plans": plans, "legal": legal,
        "undo": undo,
        # what one click takes back: the last choice whole (a plan's steps), the turn to its start
        "undo_steps": moves - match.choice_start() if undo >= 0 else 0,
        "restart_steps": moves - match.turn_start if undo >= 0 else 0,
        "table": table_json(s),
        "log": log_json(match, names, LOG_TAIL, current_language()),
        "recap": recap_json(s, turns),  # since your turn
        "solo": solo_json(s, turns),
        "story": story_json(s, (e for step in match.steps for e in step.events)) if s.over else None,
        "log_total": sum(len(step.lines) for step in match.steps),  # more than "log" holds: link the whole log
        "round": round_number(s),  # the people-facing turn number (state.turn counts every player's turns)
        "progress": tn("{n} action · round {round}", "{n} actions · round {round}", moves, round=round_number(s)),
    }


def seats_json(state: State, seats: Sequence[Seat]) -> list[dict[str, Any]]:
    """The seats as the pages name them: ``called`` the typed name or the colour in words, ``bot_name``
    a bot's level in words ("" for a person), so that no page shows a colour's or a level's key."""
    return [{"seat": i, "colour": state.players[i].colour, "kind": st.kind, "bot": st.bot, "name": st.name,
             "called": st.name or player_name(state, i), "bot_name": level_name(st.bot) if st.kind == "bot" else ""}
            for i, st in enumerate(seats)]


def lines_of(match: Match, names: Sequence[str], step: Step, lang: str = "en") -> Sequence[str]:
    """A step's log lines in ``lang`` with the seats' typed ``names``: English without names as the match
    keeps them, else worded again from the step's events."""
    if lang == "en" and not any(names):
        return step.lines
    with language(lang), seat_names(list(names)):  # the colours never change: today's state names the players
        return [line for e in step.events if (line := event_line(match.state, e))]


def log_json(match: Match, names: Sequence[str], lines: int | None = None, lang: str = "en") -> list[dict[str, Any]]:
    """The last ``lines`` log lines (all by default), each with the number of its action; in ``lang``
    the steps' events are worded again (English reads the lines the match keeps)."""
    out: list[dict[str, Any]] = []
    for step in reversed(match.steps):
        worded = lines_of(match, names, step, lang)
        out.extend({"n": step.index + 1, "text": t} for t in reversed(worded))
        if lines is not None and len(out) >= lines:
            break
    out.reverse()
    return out if lines is None else out[-lines:]


def replay_json(game_id: str, seats: Sequence[Seat], match: Match, state: State, step: int) -> dict[str, Any]:
    """The replay page's table after ``step`` actions of a finished game (``state``), with that step's
    log lines, in the language of the calling context."""
    seen = view(state, 0).to_json()
    seen["deck"] = len(state.deck)
    actions = match.actions
    names = [st.name for st in seats]
    lines = list(lines_of(match, names, match.steps[step - 1], current_language())) if step else [t("Set-up")]
    return {"id": game_id, "step": step, "moves": len(actions), "state": seen,
            "action": actions[step - 1] if step else "", "line": "; ".join(lines), "lines": lines,
            "seats": seats_json(state, seats),
            "options": match.options.to_json(), "result": outcome(match.state), "table": table_json(state)}


def hint_json(seen: State, hint: Hint, lang: str = "en") -> dict[str, str]:
    """The expert's hint as the page shows it, worded in ``lang``: its first step (``action``), the whole
    action in words (``label``), why, and what the page lights: the whole option's steps (``plan``, as a
    plan button's ``data-plan``; "" when none) or else the single choice ``action``."""
    with language(lang if lang in KNOWN else "en"):
        return {"action": str(hint.action), "label": hint_choice(seen, hint), "why": advice_why(hint.why),
                "plan": "; ".join(str(a) for a in hint.plan.steps) if hint.plan is not None else "",
                "steps": "; ".join(str(a) for a in hint.steps or (hint.action,))}


def card_json(card: Card) -> dict[str, Any]:
    """A card for the page: its data, and its title and text in words."""
    return {"id": card.id, "slug": card.slug, "name": card.name, "title": card_title(card), "strength": card.strength,
            "badge": KINDS[card.badge], "badge_name": kind_name(card.badge), "text": card_text(card),
            "colour": card.colour, "role": card.role, "number": card.number, "permanent": card.permanent,
            "face": card_face(card),
            "tip": t("{title} - Strength {strength}, {badge} badge. {text}", title=card_title(card), strength=card.strength,
                     badge=kind_name(card.badge), text=card_text(card))}


def meta_json() -> dict[str, Any]:
    """Static game data for the page: cards, places, resource kinds, the pages' own words (``page_words``),
    bot levels and colours."""
    return {
        "cards": {c.slug: card_json(c) for c in CARDS[1:]},
        "places": [{"name": p.name, "title": place_title(p), "spots": p.spots if not p.semicircle else 0,
                    "text": place_text(p), "room": place_room(p), "solo_badge": KINDS[p.solo_badge]} for p in PLACES],
        "kinds": list(KINDS),
        "kind_names": [kind_name(k) for k in range(len(KINDS))],
        "fur_costs": [fur_cost(i) for i in range(5)],
        "colour_names": {c: name() for c, name in COLOUR_NAMES.items()},
        "level_names": {level: name() for level, name in LEVEL_NAMES.items()},
        "words": page_words(),
        "levels": ["random", *LEVELS],
        "colours": list(COLOURS),
    }


def table_json(state: State) -> dict[str, Any]:
    """Per-seat numbers and words the page shows as they are (``queries`` answers the rules)."""
    seats = []
    for seat, p in enumerate(state.players):
        held = sum(p.resources[r] for r in RESOURCES)
        seats.append({
            "held": held, "capacity": capacity(p),
            "boats": t("Boats: {held}/{capacity} resources", held=held, capacity=capacity(p)),
            "resources": resources_line(state, seat),
            "camp": camp_words(state, seat) if not state.over else "",
        })
    return {"seats": seats, "village": [village_room(state, place) for place in PLACES]}


def action_json(state: State, action: Action, judged: bool = True) -> dict[str, Any]:
    """A legal action for the page: its text, a label in words, the thing it acts on, the question
    to ask before sending it ("" for most; ``discard_warning``) and whether it pays for nothing
    (``plans.wasted``; only when ``judged``: a bot's choices are not)."""
    return {"text": str(action), "label": label(state, action), "target": target(state, action), "verb": action.verb,
            "warn": discard_warning(state, action), "futile": judged and wasted(state, action)}


def plan_json(state: State, plan: Plan) -> dict[str, Any]:
    """A plan for the page: its label (and a compact one for phones), its steps in the notation, what its
    first step acts on, and whether it finishes its action (else single choices follow)."""
    return {"label": choice_label(state, plan), "short": compact_choice_label(state, plan),
            "steps": [str(a) for a in plan.steps],
            "target": target(state, plan.steps[0]), "complete": plan.complete}


def target(state: State, a: Action) -> str:
    """What a click on the table means for ``a``: "card:york", "journal:hay", "village:hunting", "boat:..."."""
    v = a.verb
    if v in (Verb.PLAY, Verb.UNDER, Verb.DISCARD) and a.subject != "none":
        return f"card:{a.subject}"
    if v == Verb.RECRUIT:
        return f"journal:{a.subject}"
    if v == Verb.VILLAGE:
        return f"village:{a.subject}"
    if v == Verb.PERFORM and a.subject:
        if a.subject in PLACE_INDEX:
            return f"village:{a.subject}"
        card = BY_SLUG.get(a.subject)
        if card is not None:
            return f"journal:{a.subject}" if card.id in state.journal else f"card:{a.subject}"
    if v == Verb.BOAT:
        return f"boat:{a.subject}"
    return ""


# --- the recap ("since your turn") and the end screen's story (``wording.recap`` reads and words them)

def recap_json(state: State, turns: Sequence[TurnRecap]) -> list[dict[str, Any]]:
    """Every seat's latest turn (``last_turns``), oldest first: its phrases, positions and what to light
    on the table."""
    return [{
        "seat": r.seat, "turn": r.turn, "round": r.round, "done": r.done, "parts": recap_parts(r),
        "mackenzie_text": mackenzie_words(r), "scout": list(r.scout), "camp": list(r.camp), "camped": r.time >= 0,
        "mackenzie": list(r.mackenzie), "spaces": list(r.spaces), "cards": [CARDS[c].slug for c in r.cards],
        "places": [PLACES[p].name for p in r.places],
        "begun": bool(r.played or r.recruited or r.time >= 0 or any(r.gained) or r.boats),
    } for r in turns]


def solo_json(state: State, turns: Sequence[TurnRecap]) -> dict[str, Any] | None:
    """Solo: Mackenzie's panel (R24), his numbers and its words, with why he jumped if his last step
    (in the latest ``turns``) went over your Scout; None in a game of several players."""
    if state.mackenzie < 0:
        return None
    last = next((r for r in reversed(turns) if r.mackenzie[1] >= 0), None)
    moved, past = (last.mackenzie, last.mackenzie_past) if last else ((-1, -1), -1)
    return {"level": state.options.mackenzie, "space": state.mackenzie, "turns": mackenzie_arrival(state),
            "fort_clatsop": state.options.route.fort_clatsop, "jumped": past,
            "words": mackenzie_panel(state, moved, past)}


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


def personal_view(view_text: str, you: Sequence[int], plan: dict[str, Any] | None = None) -> str:
    """A game's view (JSON text, cached per change) as one request receives it: with ``you``, the seats
    the request's tokens hold, and what its plan did (``manager.Planned``)."""
    extra = '"plan":' + json.dumps(plan, separators=(",", ":")) + "," if plan is not None else ""
    return '{"you":' + str(list(you)) + "," + extra + view_text[1:]
