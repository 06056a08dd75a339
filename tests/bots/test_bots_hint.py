"""The "what would the expert do?" hint (bots/hint.py, wording/advice.py, the terminal's ``hint``
and ``GET /api/games/{id}/hint``): a legal choice from the seat's view, the same behind another
deck order, worded in English and Hungarian, refused without the seat's token."""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any

import pytest
from test_bots_hidden import TURNS, hidden_twin

from builders import at, game, load
from lewis_clark import legal_actions, view
from lewis_clark.bots import LEVELS
from lewis_clark.bots.hint import Reason, Why, expert_hint
from lewis_clark.cards import CARDS
from lewis_clark.record import Record
from lewis_clark.state import State
from lewis_clark.terminal.game import Game
from lewis_clark.wording import language
from lewis_clark.wording.advice import advice_why, hint_line

TINY = "race:samples=2:keep=2:beam=3:nodes=4"


def test_the_hint_is_a_legal_choice_with_a_plan() -> None:
    s = game(players=1, mackenzie=0)
    found = expert_hint(view(s, 0), spec=TINY)
    assert found.action in legal_actions(s)
    assert found.why.reason == Reason.CAMP and found.why.turns >= 1 and found.why.space > 0


def test_near_the_fort_the_hint_says_it_wins() -> None:
    s = game(players=1, mackenzie=0)
    fort = s.options.route.fort_clatsop
    at(s, 0, fort - 3, camp=fort - 3)
    load(s, 0, canoe=2, food=2, horse=2)
    found = expert_hint(view(s, 0), spec=TINY)
    assert found.why == Why(Reason.WIN, 1)
    assert advice_why(found.why) == "this turn it reaches Fort Clatsop and wins"


def test_one_legal_choice_is_said_so_without_a_search() -> None:
    s = TURNS[0].copy()
    only = legal_actions(s)[:1]
    found = expert_hint(view(s, s.current), only, spec=TINY)
    assert found.action == only[0] and found.why == Why(Reason.ONLY) and found.steps[0] == only[0]


def test_the_hint_is_the_same_behind_another_deck_order_and_asked_twice() -> None:
    for i, state in enumerate(TURNS[:2]):
        seat = state.current
        twin = hidden_twin(state, 500 + i)
        one = expert_hint(view(state, seat), spec=TINY)
        assert one == expert_hint(view(twin, seat), spec=TINY) == expert_hint(view(state, seat), spec=TINY)


def _hidden_names(state: State) -> set[str]:
    """Names of the cards only in the draw deck (nowhere a seat can see them)."""
    seen = set(state.journal) | set(state.discard)
    for p in state.players:
        seen |= set(p.hand) | set(p.face_up) | set(p.face_down)
    return {CARDS[c].name for c in state.deck if c not in seen}


def test_the_hint_names_no_card_of_the_draw_deck() -> None:
    for state in TURNS[:4]:
        seen = view(state, state.current)
        line = hint_line(seen, expert_hint(seen, spec=TINY))
        assert line.startswith("Expert: ")
        assert not any(name in line for name in _hidden_names(state))


@pytest.mark.parametrize("why", [Why(Reason.WIN, 1), Why(Reason.WIN, 2), Why(Reason.WIN, 4),
                                 Why(Reason.CAMP, 1, 18, 0), Why(Reason.CAMP, 2, 18, 1),
                                 Why(Reason.CAMP, 3, 18, 0), Why(Reason.ACTION), Why(Reason.ONLY)])
def test_every_reason_is_worded_in_english_and_hungarian(why: Why) -> None:
    english = advice_why(why)
    with language("hu"):
        hungarian = advice_why(why)
    assert english and hungarian and english != hungarian
    if why.reason == Reason.CAMP:
        assert "space 18" in english and "18" in hungarian
        assert (f"losing {why.time} space" in english) if why.time else ("losing no Time" in english)
    assert advice_why(Why(Reason.CAMP, 3, 18, 0)) == ("its next Camp comes in about 3 of your turns, counting this one, "
                                                      "at space 18, losing no Time; an estimate, the cards still hidden "
                                                      "may change it")
    assert advice_why(Why(Reason.WIN, 2)).startswith("it reaches Fort Clatsop and wins next turn; an estimate")


def test_the_hint_names_the_whole_action_and_the_option_the_page_offers() -> None:
    """The expert's steps run to the end of the action they start; the whole option they begin with
    (a plan the pages offer as one choice) names it: the card, what goes under it and the Indians."""
    s = game(players=1, mackenzie=0, seed=3)
    found = expert_hint(view(s, 0), spec=TINY)
    assert found.steps[0] == found.action and len(found.steps) > 1
    assert found.plan is not None and found.steps[:len(found.plan.steps)] == found.plan.steps
    line = hint_line(view(s, 0), found)
    card = CARDS[next(c.id for c in CARDS[1:] if c.slug == found.action.subject)]
    assert card.name in line and ("under it" in line or "Indian" in line), line


def test_the_terminal_hint_command(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setitem(LEVELS, "expert", TINY)
    g = Game(Record(game(players=1, mackenzie=0).options, []), ["human"])
    meant = g.interpret("hint")
    assert getattr(meant, "name", "") == "hint"
    line = g.hint()
    assert line.startswith("Expert: ") and "Camp" in line
    # it says what to type in the menu for the choice it names: a plan's letter or a choice's number
    typed = line.rsplit("; in the menu: ", 1)[1]
    meant = g.interpret(typed)
    found = expert_hint(view(g.state, 0))
    if typed.isalpha():  # the plan lettered so: the expert's steps begin with it
        assert found.steps[:len(meant.steps)] == meant.steps  # type: ignore[union-attr]
    else:
        assert meant == found.action
    assert g.state.turn == 1 and not g.record.actions  # asking changes nothing


# --- the web endpoint -----------------------------------------------------------------------------

def _create(client: Any, seats: list[dict[str, str]]) -> dict[str, Any]:
    r = client.post("/api/games", json={"seats": seats, "seed": 7})
    assert r.status_code == 201, r.text
    data: dict[str, Any] = r.json()
    return data


def test_the_web_hint_needs_the_token_of_the_seat_to_play(client: Any, db: Path,
                                                         monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setitem(LEVELS, "expert", TINY)
    created = _create(client, [{"kind": "human"}, {"kind": "human"}])
    gid = created["id"]
    url = f"/api/games/{gid}/hint"
    assert client.get(url).status_code == 401
    assert client.get(url, headers={"X-Token": "nobody"}).status_code == 403
    state = client.get(f"/api/games/{gid}").json()["state"]
    to_play = state["current"]
    waiting = created["seats"][1 - to_play]["token"]
    r = client.get(url, headers={"X-Token": waiting})
    assert r.status_code == 409 and "not your turn" in r.json()["detail"]
    r = client.get(url, headers={"X-Token": created["seats"][to_play]["token"]})
    assert r.status_code == 200, r.text
    body = r.json()
    assert set(body) == {"action", "label", "why", "plan", "steps"}
    assert body["steps"].split("; ")[0] == body["action"]
    assert not body["plan"] or body["steps"].startswith(body["plan"])
    assert re.match(r"^(play|village) ", body["action"]) and body["label"] and body["why"]
    r = client.get(url + "?lang=hu", headers={"X-Token": created["seats"][to_play]["token"]})
    assert r.status_code == 200 and r.json()["action"] == body["action"] and r.json()["why"] != body["why"]
    assert client.get("/api/games/nosuchgame0/hint", headers={"X-Token": "x"}).status_code == 404
