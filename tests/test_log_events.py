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
from lewis_clark.events import JournalDrawn, Reshuffled
from lewis_clark.match import Match
from lewis_clark.queries import round_number
from lewis_clark.rules import apply
from lewis_clark.state import Options, State
from lewis_clark.terminal.screen import render_journal
from lewis_clark.web.games import LiveGame, Seat
from lewis_clark.wording import log_lines


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
