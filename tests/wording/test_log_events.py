"""The log tells what people watch: Mackenzie's steps, turns ending and rounds, Journal draws and
discards with their slots, a recruit's price, a Camp, counts in the right number; a whole game's log
names every card that entered the Journal and never a "#0"."""

from __future__ import annotations

import io
import re
from collections.abc import Iterator

import pytest
from rich.console import Console

from builders import area, at, do, game, hand, indians, journal, load, top_of_deck
from lewis_clark import journal as journal_module
from lewis_clark.actions import Action
from lewis_clark.events import JournalDrawn, Reshuffled, events
from lewis_clark.match import Match
from lewis_clark.plans import plans
from lewis_clark.queries import round_number
from lewis_clark.rules import apply, legal_actions
from lewis_clark.state import Options, State
from lewis_clark.terminal.screen import render_journal
from lewis_clark.web.store import Seat
from lewis_clark.web.views import game_json
from lewis_clark.wording import label, language, log_lines, plan_label
from lewis_clark.wording.recap import TurnRecap, last_turns, recap_parts
from pure_build import rerun_pure


def said(s: State, text: str) -> tuple[State, list[str]]:
    """The state after ``text`` and the log lines of that one step."""
    action = Action.parse(text)
    after = apply(s, action)
    return after, log_lines(s, action, after)


def idle(s: State, seat: int) -> State:
    """Seat has nothing to act with or to recruit with: it may end its first turn at once; later it
    must Camp first, which then ends the turn (R17)."""
    hand(s, seat)
    load(s, seat)
    return indians(s, seat, 0)


# --- solo: Mackenzie ---------------------------------------------------------------------------

def test_mackenzie_steps_after_the_turn_and_says_where() -> None:
    s = idle(game(1), 0)
    s.mackenzie = 8
    at(s, 0, 12)
    s, lines = said(s, "end")
    assert lines == ["Orange ends the turn", "Mackenzie moves from space 8 to 9", "Round 2: Orange to play"]


def test_mackenzie_jumps_over_the_scout_and_says_why() -> None:
    s = idle(game(1), 0)
    s.mackenzie = 8
    at(s, 0, 9)
    s, lines = said(s, "end")
    assert lines == ["Orange ends the turn", "Mackenzie moves from space 8 to 10, jumping over Orange's Scout on 9",
                     "Round 2: Orange to play"]


# --- turns and rounds --------------------------------------------------------------------------

def test_turn_end_names_who_and_the_round_counts_each_players_own_turns() -> None:
    s = idle(idle(game(3), 0), 1)
    idle(s, 2)
    at(s, 1, 9, camp=9)
    s, first = said(s, "end")
    s, second = said(s, "camp")
    s, third = said(s, "camp")
    assert first == ["Orange ends the turn", "Round 1: Blue to play"]
    assert second == ["Blue camps", "Blue's Camp: Time 0 spaces, Scout back to 9, Camp at 9",
                      "Blue's turn ends: nothing is left to do", "Round 1: Yellow to play"]
    assert third[-2:] == ["Yellow's turn ends: nothing is left to do", "Round 2: Orange to play"]
    assert s.turn == 4 and round_number(s) == 2


def test_a_turn_that_ends_by_itself_after_a_camp_says_so() -> None:
    s = game(2)
    hand(s, 0, "york", "joseph-whitehouse")
    indians(s, 0, 0)
    load(s, 0)  # no fur: nothing to recruit, so the Camp after the action ends the turn (R16, R17)
    at(s, 0, 12, camp=8)
    s = do(s, "play york", "under joseph-whitehouse", "stop")
    s, lines = said(s, "camp")
    assert lines == ["Orange camps", "Orange's Camp: Time 0 spaces, Scout back to 12, Camp at 12; back: 2 cards to the hand",
                     "Orange's turn ends: nothing is left to do", "Round 1: Blue to play"]


# --- the Journal -------------------------------------------------------------------------------

def test_a_recruit_says_what_it_paid_and_which_card_came_into_which_slot() -> None:
    s = game(2)
    journal(s, "hay", "john-hay", "black-cat", "cuscalar", "cameahwait")
    top_of_deck(s, "comcomly")
    hand(s, 0, "york", "william-clark")
    load(s, 0, fur=3, equipment=2)
    s, asked = said(s, "recruit john-hay")
    s, lines = said(s, "discard york")
    assert asked == ["Orange recruits John Hay (#19)"]
    assert lines == ["Orange discards York for the discount",
                     "Orange pays 2 fur + 1 equipment for John Hay (discarding York for the discount)",
                     "New in the Journal: Comcomly (slot 5)"]
    assert s.journal[4] == 40 + 3  # Comcomly is #43


def test_a_recruit_without_a_discount_pays_its_full_price() -> None:
    s = game(2)
    journal(s, "hay", "john-hay", "black-cat", "cuscalar", "cameahwait")
    top_of_deck(s, "comcomly")
    load(s, 0, fur=3, equipment=3)
    s = do(s, "recruit black-cat")
    s, lines = said(s, "discard none")
    assert lines == ["Orange discards no card for the discount", "Orange pays 3 fur + 3 equipment for Black Cat",
                     "New in the Journal: Comcomly (slot 5)"]


def test_the_interpreter_names_the_journal_card_it_discards() -> None:
    s = game(2)
    journal(s, "hay", "john-hay", "black-cat", "cuscalar", "cameahwait")
    top_of_deck(s, "comcomly")
    hand(s, 0, "francois-labiche", "york")
    s.village[0] = 1
    s.indian_stock -= 1
    s, played = said(s, "play francois-labiche")
    s = do(s, "under york", "indians 0")
    s, gathered = said(s, "perform")
    s, took = said(s, "take 1 indian")
    assert played == ["Orange plays François Labiche (Interpreter)"]
    assert gathered == ["Orange performs François Labiche (Interpreter)",
                        "2 Indians from the Village and the Newcomer gather at the Powwow"]  # the Newcomer's too
    assert took == ["Orange takes 1 Indian", "François Labiche (Interpreter) discards Hay (slot 1) from the Journal",
                    "New in the Journal: Comcomly (slot 5)", "1 Indian comes from the stock to the Newcomer"]


# --- a Camp, and counts in the right number ----------------------------------------------------

@pytest.mark.parametrize(("n", "added", "camp"), [
    (1, "Orange adds 1 Indian", "Time 1 space, Scout back to 19, Camp at 19; back: 2 cards to the hand, "
                                "1 Indian to the boats"),
    (2, "Orange adds 2 Indians", "Time 2 spaces, Scout back to 18, Camp at 18; back: 2 cards to the hand, "
                                 "2 Indians to the boats")])
def test_a_camp_says_its_time_where_scout_and_camp_land_and_what_came_back(n: int, added: str, camp: str) -> None:
    s = game(2)
    hand(s, 0, "york", "joseph-whitehouse", "william-clark")
    indians(s, 0, n)
    load(s, 0)
    at(s, 0, 20, camp=10)
    s, play = said(s, "play york")
    s, under = said(s, "under joseph-whitehouse")
    s, adding = said(s, f"indians {n}")
    s = do(s, "stop")
    s, lines = said(s, "camp")
    assert (play, under, adding) == (["Orange plays York (Hunter)"],
                                     ["Orange gives it Strength 1 from Joseph Whitehouse"], [added])
    # Time: the one card left in hand, and a second Indian aboard costs 1 (R16)
    assert lines[:2] == ["Orange camps", f"Orange's Camp: {camp}"]


def test_one_is_singular_everywhere_in_a_village_action() -> None:
    s = game(2)
    indians(s, 0, 3)
    load(s, 0, wood=4)
    s, one = said(s, "village canoe 1")
    assert one == ["Orange sends 1 Indian to Canoe Manufacturing"]
    s = game(2)
    indians(s, 0, 3)
    s, two = said(s, "village canoe 2")
    assert two == ["Orange sends 2 Indians to Canoe Manufacturing"]


def test_a_movement_says_how_many_spaces() -> None:
    s = game(2)
    hand(s, 0, "william-clark", "york")
    load(s, 0, food=1)
    at(s, 0, 5, camp=5)
    indians(s, 0, 0)
    s = do(s, "play william-clark", "under york")
    s, lines = said(s, "perform food")
    assert lines == ["Orange performs William Clark (Commander): river with food"]  # the stop is still to choose (R2)
    after, lines = said(s, "move 2")
    assert lines == ["Orange's Scout moves 2 spaces, from 5 to 7"]  # once, with the stop chosen
    assert after.players[0].scout == 7
    after, lines = said(s, "move 1")
    assert lines == ["Orange's Scout moves 1 space, from 5 to 6"]
    after, lines = said(s, "move 0")
    assert lines == ["Orange's Scout stays where it was"] and after.players[0].scout == 5


def _commander_river(s: State, seat: int = 0) -> State:
    """Seat ``seat`` has played William Clark with York under it and 1 food: river 2 with food next."""
    hand(s, seat, "william-clark", "york")
    load(s, seat, food=1)
    indians(s, seat, 0)
    return do(s, "play william-clark", "under york")


def test_a_movement_that_ends_on_another_scout_says_why_it_goes_on() -> None:
    """R18: stopping on a space another Scout holds, the Scout goes on to the nearest free one; in the
    log and in the recap."""
    s = game(2)
    at(s, 0, 5, camp=5)
    at(s, 1, 7, camp=5)
    s = _commander_river(s)
    s = do(s, "perform food", whole_moves=False)
    after, lines = said(s, "move 2")
    assert after.players[0].scout == 8
    assert lines[-1] == "Orange's Scout moves 2 spaces, from 5 to 7; another Scout holds 7, so it goes on to 8, " \
                        "the nearest free space"
    with language("hu"):
        hu = log_lines(s, Action.parse("move 2"), after)[-1]
    assert hu == "Narancs Felderítője 2 mezőt lép: 5 -> 7; a 7. mezőn másik Felderítő áll, ezért a legközelebbi " \
                 "szabad mezőre, a 8. mezőre lép"
    turn = _recap(s, after, "move 2")
    assert turn.bumped == (7,) and turn.scout == (5, 8)
    assert "Scout from 5 to 8 (going on past the Scout on 7)" in recap_parts(turn)


def test_a_scout_left_on_another_scout_by_an_earlier_performance_says_why_it_moves_on() -> None:
    """R18: only the end of the whole action settles the Scout; the step that ends it tells the move."""
    s = game(2)
    at(s, 0, 5, camp=5)
    at(s, 1, 7, camp=5)
    hand(s, 0, "william-clark", "york", "francois-labiche")
    load(s, 0, food=2)
    indians(s, 0, 0)
    s = do(s, "play william-clark", "under francois-labiche", "perform food", "move 2")  # on 7 with Yellow, 1 more left
    assert s.players[0].scout == 7
    after, lines = said(s, "stop")
    assert after.players[0].scout == 8
    assert lines[-1] == "Orange's Scout may not stay on space 7 with another Scout: it goes to 8, the nearest free space"


def test_larocque_jumps_the_other_scouts_and_the_log_says_so() -> None:
    """R19: with F. Antoine Larocque face-up, spaces held by other Scouts are passed without counting."""
    s = game(3)
    at(s, 0, 5, camp=5)
    at(s, 1, 6, camp=5)
    at(s, 2, 7, camp=5)
    area(s, 0, "f-antoine-larocque")
    s = _commander_river(s)
    s = do(s, "perform food", whole_moves=False)
    after, lines = said(s, "move 4")
    assert after.players[0].scout == 9
    assert lines[-1] == "Orange's Scout moves from 5 to 9, jumping the other Scouts on 6, 7 without counting them " \
                        "(F. Antoine Larocque)"
    with language("hu"):
        hu = log_lines(s, Action.parse("move 4"), after)[-1]
    assert hu.startswith("Narancs Felderítője: 5 -> 9, átugorva a 6, 7. mezőn álló többi Felderítőt")
    turn = _recap(s, after, "move 4")
    assert turn.jumped == (6, 7)
    assert "Scout from 5 to 9 (jumping the Scouts on 6, 7 without counting them)" in recap_parts(turn)


@pytest.mark.parametrize(("players", "holder", "past"), [(2, "another Scout", "the Scout"), (1, "Mackenzie", "Mackenzie")])
def test_a_camp_that_goes_back_past_another_scout_says_so(players: int, holder: str, past: str) -> None:
    """R16: a Camp's Scout that would land on another Scout's space goes on back to the nearest free one;
    solo (R24) the only other pawn on the route is Mackenzie's, and the log and the recap name him."""
    s = game(players)
    at(s, 0, 12, camp=6)
    if players == 1:
        s.mackenzie = 10
    else:
        at(s, 1, 10, camp=5)
    hand(s, 0, "york", "hugh-mcneal")  # Time 2: 12 -> 10, held -> 9
    indians(s, 0, 0)
    after, lines = said(s, "camp")
    assert after.players[0].scout == 9
    assert lines[-1].startswith(f"Orange's Camp: Time 2 spaces, Scout back to 9 ({holder} holds 10), Camp at 9")
    with language("hu"):
        hu = log_lines(s, Action.parse("camp"), after)[-1]
    assert ("10. mezőn Mackenzie áll" in hu) == (players == 1)
    turn = _recap(s, after, "camp")
    assert turn.crowded == 10 and turn.solo == (players == 1)
    assert f"camped for 2 spaces of Time: Scout back to 9, Camp moved up to it (past {past} on 10)" in \
        recap_parts(turn)


@pytest.mark.parametrize(("mackenzie", "larocque", "move", "line", "recap"), [
    (7, False, "move 2", "Orange's Scout moves 2 spaces, from 5 to 7; Mackenzie holds 7, so it goes on to 8, the nearest "
     "free space", "Scout from 5 to 8 (going on past Mackenzie on 7)"),  # R18
    (6, True, "move 3", "Orange's Scout moves from 5 to 8, jumping Mackenzie on 6 without counting him (F. Antoine "
     "Larocque)", "Scout from 5 to 8 (jumping Mackenzie on 6 without counting him)"),  # R19
])
def test_solo_a_movement_past_mackenzie_names_him(mackenzie: int, larocque: bool, move: str, line: str,
                                                   recap: str) -> None:
    """R18, R19, R24: solo a movement that stops on Mackenzie's space goes on to the nearest free one, and
    with F. Antoine Larocque face-up it passes his space without counting it; the log and the recap say
    it of him (they said "another Scout")."""
    s = game(1)
    s.mackenzie = mackenzie
    at(s, 0, 5, camp=5)
    if larocque:
        area(s, 0, "f-antoine-larocque")
    s = _commander_river(s)
    s = do(s, "perform food", whole_moves=False)
    after, lines = said(s, move)
    assert after.players[0].scout == 8
    assert lines[-1] == line
    assert recap in recap_parts(_recap(s, after, move))


def _recap(before: State, after: State, text: str) -> TurnRecap:
    """The recap of the one step ``text`` from ``before``: Orange's turn."""
    turns = last_turns(after, events(before, Action.parse(text), after))
    return next(r for r in turns if r.seat == 0)


def test_farewell_names_the_whole_journal_it_discards_and_every_new_card() -> None:
    s = game(2)
    journal(s, "hay", "john-hay", "black-cat", "cuscalar", "cameahwait")
    top_of_deck(s, "comcomly", "little-thief", "watkuweis", "daniel-boone", "old-toby")
    indians(s, 0, 1)
    hand(s, 0, "york", "joseph-whitehouse")
    s = do(s, "village farewell 1", "perform")
    s, lines = said(s, "discard none")
    assert lines == ["Orange discards nothing",
                     "Farewell discards Hay (slot 1), John Hay (slot 2), Black Cat (slot 3), Cuscalar (slot 4), "
                     "Cameahwait (slot 5) from the Journal",
                     "New in the Journal: Comcomly (slot 1), Little Thief (slot 2), Watkuweis (slot 3), "
                     "Daniel Boone (slot 4), Old Toby (slot 5)"]


PLURAL_SLIPS = re.compile(r"(?<![\d.])1 (Indians|cards|spaces|canoes|horses|rounds|turns|actions)\b")


# --- whole games -------------------------------------------------------------------------------

@pytest.fixture
def draws(monkeypatch: pytest.MonkeyPatch) -> Iterator[list[int]]:
    """Every card the engine draws from now on, in order (what the log must name)."""
    seen: list[int] = []
    real = journal_module.draw

    def recording(state: State) -> int:
        card = real(state)
        if card:
            seen.append(card)
        return card

    monkeypatch.setattr(journal_module, "draw", recording)
    yield seen


@pytest.mark.parametrize("seed", [0, 1])
def test_a_whole_game_log_names_every_card_that_entered_the_journal(draws: list[int], seed: int,
                                                                   request: pytest.FixtureRequest) -> None:
    if rerun_pure(request):  # the draws are watched by patching journal.draw, which compiled callers skip
        return
    match = Match(Options(players=3, seed=seed), ["random"] * 3)
    s = match.state
    s.discard[:0] = s.deck[2:]  # a short deck: the game reshuffles early, starting Characters among the cards
    del s.deck[2:]
    while not match.state.over and match.state.turn <= 150:
        draws.clear()
        step = match.step_bot()
        told = [(c, slot) for e in step.events if isinstance(e, JournalDrawn) for c, slot in zip(e.cards, e.slots,
                                                                                               strict=True)]
        assert [c for c, _ in told] == draws, (step.action, step.lines)
        assert all(match.state.journal[slot - 1] == c for c, slot in told)
    lines = match.log_lines()
    assert any(isinstance(e, Reshuffled) for step in match.steps for e in step.events)
    assert sum(isinstance(e, JournalDrawn) for step in match.steps for e in step.events) >= 5
    assert not [line for line in lines if "#0" in line]
    assert not [line for line in lines if PLURAL_SLIPS.search(line)]


def test_a_starting_character_in_the_journal_shows_its_role_not_number_0() -> None:
    s = game(2)
    journal(s, "seaman", "hay", "john-hay", "black-cat", "cuscalar")
    console = Console(file=io.StringIO(), width=160)
    console.print(render_journal(s, 0))
    text = console.file.getvalue()  # type: ignore[attr-defined]
    assert "Seaman Hunter" in text and "Hay #1" in text and "#0" not in text


def test_the_web_view_counts_the_whole_log() -> None:
    match = Match(Options(players=2, seed=3), ["human", "random"])
    for _ in range(30):
        match.step_bot() if match.is_bot(match.state.current) else match.apply(match.legal()[0])
    view = game_json("g", 0, [Seat("human", "", "x"), Seat("bot", "random", "")], match)
    assert view["log_total"] == len(match.log_lines()) > len(view["log"])
    assert view["round"] == round_number(match.state) and view["round"] < match.state.turn


def test_the_commanders_choices_are_named_by_what_pays_not_after_village_places() -> None:
    """William Clark's "horse" and "canoe" are movements paid with a Horse or a Canoe (R13), never the
    Horse Trade or Canoe Manufacturing places; the label, the plan and the log say the same."""
    s = game(2)
    hand(s, 0, "william-clark", "york")
    load(s, 0, horse=1, canoe=1)
    at(s, 0, 5, camp=5)
    indians(s, 0, 0)
    s = do(s, "play william-clark", "under york")
    words = [label(s, a) for a in legal_actions(s)] + [plan_label(s, p) for p in plans(s)]
    assert any("mountains by horse" in w for w in words) and any("river by canoe" in w for w in words), words
    assert not any("Horse Trade" in w or "Canoe Manufacturing" in w for w in words), words
    _, lines = said(s, "perform horse")
    assert lines[0] == "Orange performs William Clark (Commander): mountains by horse", lines

