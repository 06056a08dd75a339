"""What happened since your turn (wording/recap.py): each seat's latest turn read off the events alone,
its Scout, Camp and Mackenzie where the engine put them, and worded in English and Hungarian."""

from __future__ import annotations

from typing import Any

import pytest

from lewis_clark.actions import Verb
from lewis_clark.bots.heuristic import HeuristicBot
from lewis_clark.events import Camped, Event
from lewis_clark.match import Match
from lewis_clark.state import Decision, Options, view
from lewis_clark.wording import language
from lewis_clark.wording.recap import last_turns, recap_line, recap_parts


@pytest.mark.parametrize(("players", "move_choice", "seed"), [(1, True, 3), (2, False, 1), (3, True, 2), (2, True, 4)])
def test_scouts_camps_and_mackenzie_follow_the_engine(players: int, move_choice: bool, seed: int) -> None:
    options = Options(players=players, seed=seed, move_choice=move_choice, mackenzie=4 if players == 1 else 0)
    match = Match(options, ["easy"] * players)
    events: list[Event] = []
    moved = camped = 0
    for _ in range(250):
        if match.over:
            break
        events.extend(match.step_bot().events)
        turns = last_turns(match.state, events)
        assert len({r.seat for r in turns}) == len(turns)
        if match.state.decision == Decision.MOVE:
            continue  # the Scout went the whole way for now; the movement is told once its stop is chosen (R2)
        for r in turns:  # nobody moves another player's Scout: each seat's latest turn ends where it stands
            p = match.state.players[r.seat]
            assert (r.scout[1], r.camp[1]) == (p.scout, p.camp), r
            moved += r.scout[0] != r.scout[1]
            camped += r.time >= 0
        if players == 1 and turns and turns[-1].mackenzie[1] >= 0:
            assert turns[-1].mackenzie[1] == match.state.mackenzie
    assert moved and camped  # the games did move and Camp


def test_a_turn_names_its_card_strength_gains_and_end() -> None:
    match = Match(Options(players=2, seed=19), ["easy", "easy"])
    events: list[Event] = []
    first = match.state.current
    while match.state.current == first:
        events.extend(match.step_bot().events)
    played = [s.action for s in match.steps if s.action.verb in (Verb.PLAY, Verb.VILLAGE)]
    (r,) = [r for r in last_turns(match.state, events) if r.seat == first]
    assert r.done and r.round == 1 and r.turn == 1
    assert len(r.played) == len(played)
    takes = [s.action.bundle for s in match.steps if s.action.verb == Verb.TAKE]
    assert r.gained == tuple(map(sum, zip(*takes, strict=True))) if takes else not any(r.gained)
    line = recap_line(match.state, r)
    assert line.startswith(f"{match.state.players[first].colour.capitalize()}: ")
    with language("hu"):
        hu = recap_parts(r)
    assert hu and hu != recap_parts(r)
    assert not any(w in " ".join(hu) for w in ("played", "Strength", "took", "Scout"))


def test_a_camp_before_the_action_is_told_first_and_the_scout_moves_on_from_it() -> None:
    """R16: a seat may Camp and then play (the race planner often does): the Camp is told first, with
    the space it sent the Scout back to, and then the card's move from there (they were once told in the
    other order, the Camp with the Scout's space at the turn's end)."""
    match = Match(Options(players=1, seed=1, mackenzie=0), ["human"])
    events: list[Event] = list(match.apply(next(a for a in match.legal() if a.verb == Verb.CAMP)).events)
    camp = next(e for e in events if isinstance(e, Camped))
    helper = HeuristicBot(1)
    while match.state.turn == 1 and not match.over:
        commander = [a for a in match.legal() if a.verb == Verb.PLAY and a.subject == "william-clark"]
        a = commander[0] if commander else helper.choose(view(match.state, 0), match.legal())
        events.extend(match.apply(a).events)
    (r,) = last_turns(match.state, events)
    p = match.state.players[0]
    assert r.camp_first and r.camped == camp.scout != p.scout == r.scout[1]
    parts = recap_parts(r)
    assert parts[0].startswith("camped for") and f"Scout back to {camp.scout}," in parts[0]
    assert parts[1].startswith("played William Clark")
    assert parts[-1] == f"Scout from {camp.scout} to {p.scout}"


def test_the_page_view_carries_each_seats_latest_turn(client: Any) -> None:
    r = client.post("/api/games", json={"seats": [{"kind": "human"}, {"kind": "human"}], "seed": 5})
    assert r.status_code == 201, r.text
    game = r.json()
    url = f"/api/games/{game['id']}"
    view = client.get(url).json()
    first = view["current"]
    token = game["seats"][first]["token"]
    while view["current"] == first:  # the first seat plays its turn through the API, ending it when it can
        texts = [a["text"] for a in view["legal"]]
        pick = next((x for x in texts if x in ("end", "stop")), texts[0])
        r = client.post(f"{url}/actions", json={"action": pick}, headers={"X-Token": token})
        assert r.status_code == 200, r.text
        view = r.json()
    recaps = view["recap"]
    assert [x["seat"] for x in recaps] == [first] and recaps[0]["done"] and recaps[0]["parts"]
    assert set(recaps[0]) >= {"scout", "camp", "mackenzie", "spaces", "cards", "places", "mackenzie_text"}
    hu = client.get(f"{url}?lang=hu").json()["recap"]
    assert hu[0]["parts"] != recaps[0]["parts"]


def test_every_turn_tells_the_whole_game_for_the_end_screen() -> None:
    from lewis_clark.events import TurnPassed
    from lewis_clark.web.views import story_json
    from lewis_clark.wording.recap import every_turn

    match = Match(Options(players=1, seed=5, mackenzie=7), ["easy"])
    events: list[Event] = []
    while not match.over:
        events.extend(match.step_bot().events)
    turns = every_turn(match.state, events)
    passed = sum(isinstance(e, TurnPassed) for e in events)
    assert len(turns) in (passed, passed + 1) and all(r.done for r in turns)
    assert sum(r.time >= 0 for r in turns) == sum(isinstance(e, Camped) for e in events)
    assert [r.turn for r in turns] == sorted(r.turn for r in turns)
    story = story_json(match.state, events)
    assert story["seats"][0]["scout"][-1] == match.state.players[0].scout
    assert story["mackenzie"]["space"][-1] == match.state.mackenzie
