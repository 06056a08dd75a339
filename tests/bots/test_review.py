"""The post-game review (bots/review.py, wording/review.py): the expert replays a seat's turns and says
what each cost against its own choice, from the seat's view only."""

from __future__ import annotations

import json
import random

import pytest
from review_games import TINY, expert_game

from lewis_clark.actions import Action, Verb
from lewis_clark.bots import parse_spec
from lewis_clark.bots.options import CampJudge, RaceOptions
from lewis_clark.bots.review import (
    DEFAULT_LEVEL,
    REVIEW_FORMAT,
    REVIEW_LEVELS,
    Review,
    ReviewError,
    TurnPlayed,
    _expert,
    costliest,
    review_game,
    review_json,
    review_spec,
    review_turn,
    turns_played,
    visible_part,
)
from lewis_clark.cards import CARDS
from lewis_clark.match import Match
from lewis_clark.state import State, view
from lewis_clark.wording import language
from lewis_clark.wording.review import chart_line, expert_words, review_text, review_words

pytestmark = pytest.mark.both_builds


@pytest.fixture(scope="module")
def game() -> tuple[Match, int]:
    return expert_game()


@pytest.fixture(scope="module")
def reviewed(game: tuple[Match, int]) -> tuple[Review, list[TurnPlayed]]:
    match, _ = game
    return review_game(match.record, TINY, seats=[0]), turns_played(match.record, [0])


@pytest.mark.slow
def test_the_wasted_turn_is_the_costliest_and_the_expert_s_own_turns_cost_nothing(
        game: tuple[Match, int], reviewed: tuple[Review, list[TurnPlayed]]) -> None:
    match, wasted_turn = game
    review, _ = reviewed
    assert match.over and wasted_turn >= 5
    (seat,) = review.seats
    assert [r.number for r in seat.turns] == list(range(1, len(seat.turns) + 1)) and len(seat.turns) > 10
    ranked = costliest(seat)
    assert ranked and ranked[0].number == wasted_turn and ranked[0].cost > 0
    assert ranked[0].after_played > ranked[0].after_expert
    # every other turn was the expert's own: nothing to say of it
    assert all(r.cost == 0 and r.played == r.expert for r in seat.turns if r.number != wasted_turn and not r.expert_cut)


def test_turns_are_whole_turns_of_the_seats_asked_for(game: tuple[Match, int]) -> None:
    match, _ = game
    every = turns_played(match.record)
    assert {t.seat for t in every} == {0, 1}
    assert sum(len(t.actions) for t in every) == len(match.record.actions)
    assert all(t.state.current == t.seat and not t.state.stack for t in every)
    assert [t.step for t in every] == sorted(t.step for t in every)
    with pytest.raises(ReviewError, match="no seat 3"):
        turns_played(match.record, [2])


def test_the_review_level_must_be_the_race_planner() -> None:
    assert review_spec("quick").startswith("race:") and review_spec("Expert").startswith("race:")
    assert review_spec("medium") == "medium"  # a level of the race planner: its estimate is there to read
    for bad in ("heuristic", "rollout:camping=1", "easy", "race:nodes=0", "nosuchbot"):
        with pytest.raises(ReviewError, match="review level|race planner"):
            review_spec(bad)


def test_every_review_level_reviews_a_turn_with_its_learned_parts(game: tuple[Match, int]) -> None:
    """The default level (the expert) orders its Camps with the learned value: the review's planner gets
    it as the level's own does (it once raised ValueError for want of it, so the review never ran)."""
    for level in REVIEW_LEVELS:
        bot = _expert(review_spec(level), 1)
        assert isinstance(bot.options, RaceOptions)
        assert (bot.worth is not None) == (bot.options.learned_camps != CampJudge.HAND)
    assert parse_spec(review_spec(DEFAULT_LEVEL)).options.learned_camps != CampJudge.HAND
    match, _ = game
    first = turns_played(match.record, [0])[0]
    reviewed = review_turn(first, TINY + ":learned_camps=2")
    assert reviewed.number == 1 and reviewed.expert


def test_the_json_shape(reviewed: tuple[Review, list[TurnPlayed]]) -> None:
    review, played = reviewed
    data = json.loads(json.dumps(review_json(review)))
    assert data["format"] == REVIEW_FORMAT and data["version"] == 1 and data["players"] == 2
    (seat,) = data["seats"]
    assert seat["seat"] == 0 and isinstance(seat["total_cost"], float) and len(seat["costliest"]) <= 3
    keys = {"turn", "step", "played", "expert", "expert_cut", "arrival", "after_played", "after_expert", "cost"}
    assert all(set(turn) == keys for turn in seat["turns"])
    assert all(isinstance(a, str) for turn in seat["turns"] for a in turn["played"] + turn["expert"])
    assert seat["costliest"][0] == max(seat["turns"], key=lambda t: t["cost"])["turn"]
    words = review_words(review, played)["seats"][0]
    assert set(words) == {"seat", "name", "legend", "total", "costliest"}
    assert [c["turn"] for c in words["costliest"]] == seat["costliest"]
    assert all({"turn", "step", "cost", "cost_words", "table", "played", "expert"} <= set(c) for c in words["costliest"])


def test_the_text_has_the_chart_and_the_costliest_turns_in_english_and_hungarian(
        game: tuple[Match, int], reviewed: tuple[Review, list[TurnPlayed]]) -> None:
    review, played = reviewed
    _, wasted_turn = game
    text = review_text(review, played)
    assert chart_line(review.seats[0]) in text and len(chart_line(review.seats[0])) == len(review.seats[0].turns)
    assert f"1. Turn {wasted_turn}: cost" in text and "Played: " in text and "The expert: " in text
    with language("hu"):
        hungarian = review_text(review, played)
    assert "Played: " not in hungarian and f"{wasted_turn}. kör" in hungarian


def _twin(state: State, seed: int) -> State:
    """The same table, the draw deck in another order (another card on top) and another generator."""
    twin = state.copy()
    shuffle = random.Random(seed)
    while twin.deck[-1] == state.deck[-1]:
        shuffle.shuffle(twin.deck)
    twin.rng = shuffle.getrandbits(63) | 1
    return twin


@pytest.mark.slow
def test_a_turn_s_review_is_the_same_behind_another_hidden_deck(game: tuple[Match, int]) -> None:
    """The review reads the seat's view only: shuffle what the seat cannot see, nothing changes."""
    match, _ = game
    turns = [t for t in turns_played(match.record) if len(set(t.state.deck)) > 1][::3][:8]
    assert len(turns) >= 6 and {t.seat for t in turns} == {0, 1}
    for i, turn in enumerate(turns):
        twin = turn._replace(state=_twin(turn.state, i))
        assert twin.state.deck != turn.state.deck and view(twin.state, turn.seat) == view(turn.state, turn.seat)
        one, other = review_turn(turn, TINY), review_turn(twin, TINY)
        assert one == other
        assert expert_words(turn, one) == expert_words(twin, other)


def test_the_expert_s_turn_is_cut_before_a_card_the_seat_cannot_see(game: tuple[Match, int]) -> None:
    match, _ = game
    turn = turns_played(match.record)[6]
    seen = view(turn.state, turn.seat)
    unseen = CARDS[seen.deck[0]].slug  # a card still in the draw deck: the seat cannot know it is there
    hand = CARDS[seen.players[turn.seat].hand[0]].slug
    assert visible_part(seen, (Action(Verb.RECRUIT, subject=unseen), Action(Verb.END))) == ((), True)
    mine = (Action(Verb.PLAY, subject=hand), Action(Verb.RECRUIT, subject=unseen), Action(Verb.END))
    assert visible_part(seen, mine) == (mine[:1], True)
    assert visible_part(seen, mine[:1]) == (mine[:1], False)
