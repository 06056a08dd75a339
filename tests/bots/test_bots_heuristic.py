"""The heuristic bot and the evaluation: legal, reproducible, blind to hidden order, finishes games."""

import random

import pytest
from bot_games import play

from builders import at, game, hand, indians, load
from lewis_clark import legal_actions, new_game, view
from lewis_clark.actions import Action, Verb
from lewis_clark.bots.evaluation import evaluate, win_value
from lewis_clark.bots.heuristic import HeuristicBot

TURNS_PER_PLAYER = 250  # a generous cap: the test is that games end, not how fast




def test_only_legal_actions_and_reproducible_by_seed() -> None:
    a = play(new_game(players=3, seed=5), [HeuristicBot(s) for s in range(3)], 25)
    b = play(new_game(players=3, seed=5), [HeuristicBot(s) for s in range(3)], 25)
    assert a == b and len(a) > 25


def test_hidden_deck_order_does_not_change_the_choice() -> None:
    s = new_game(players=2, seed=11)
    play(s, [HeuristicBot(0), HeuristicBot(1)], 6)
    for trial in range(5):
        shuffled = s.copy()
        random.Random(trial).shuffle(shuffled.deck)
        seat = s.current
        legal = legal_actions(s)
        assert HeuristicBot(3).choose(view(shuffled, seat), legal) == HeuristicBot(3).choose(view(s, seat), legal)


@pytest.mark.parametrize("players", [2, 3, 4, 5])
def test_self_play_reaches_fort_clatsop(players: int) -> None:
    s = new_game(players=players, seed=players)
    play(s, [HeuristicBot(seat) for seat in range(players)], TURNS_PER_PLAYER * players)
    assert s.over and s.winner >= 0
    assert s.players[s.winner].camp >= s.options.route.fort_clatsop


def test_solo_game_ends_and_the_expedition_travels() -> None:
    """R24: level 0 Mackenzie starts at St Louis and gains one space a turn, so the game ends within
    the route's length in turns; meanwhile the heuristic's Camp must have left St Louis well behind."""
    s = new_game(players=1, mackenzie=0, seed=1)
    play(s, [HeuristicBot(0)], TURNS_PER_PLAYER)
    route = s.options.route
    assert s.over and s.turn <= route.fort_clatsop - route.st_louis + 1
    assert s.players[0].camp >= route.st_louis + 10


def test_evaluation_prefers_scout_and_camp_further_ahead() -> None:
    s = game(players=2)
    base = evaluate(s, 0)
    ahead = s.copy()
    ahead.players[0].scout += 4
    assert evaluate(ahead, 0) > base
    assert evaluate(ahead, 1) < evaluate(s, 1)  # relative: the opponent's position got worse
    camped = ahead.copy()
    camped.players[0].camp = camped.players[0].scout
    assert evaluate(camped, 0) > evaluate(ahead, 0)


def test_evaluation_prefers_canoes_before_a_river_and_light_boats() -> None:
    s = game(players=2)
    load(s, 0)
    canoes = load(s.copy(), 0, canoe=2)
    assert evaluate(canoes, 0) > evaluate(s, 0)
    heavy = load(s.copy(), 0, fur=11)  # eleven Furs: the boats cost Time and Fur carries no one
    assert evaluate(heavy, 0) < evaluate(load(s.copy(), 0, fur=3), 0)


def test_win_value_is_one_for_a_win_zero_for_a_loss_and_squashed_between() -> None:
    s = game(players=2)
    assert win_value(s, 0) == pytest.approx(0.5)
    ahead = s.copy()
    ahead.players[0].scout += 6
    assert 0.5 < win_value(ahead, 0) < 1.0
    won = s.copy()
    won.over, won.winner = True, 1
    assert win_value(won, 1) == 1.0 and win_value(won, 0) == 0.0


def test_the_heuristic_never_spends_its_last_indian_without_an_interpreter() -> None:
    """Before the Mountains it trades for Horses, but an Indian placed in the Village leaves for good
    (R9) and only an Interpreter gains more (R10): the last one, with no Interpreter owned, is kept
    (``knowledge.cut_off``), whatever one Horse would gain."""
    def choice(*cards: str) -> Action:
        s = game(players=1)
        hand(s, 0, *cards)
        load(s, 0, wood=1, fur=1, equipment=1)
        indians(s, 0, 1)
        at(s, 0, 21, 21)
        return HeuristicBot(1).choose(s, legal_actions(s))

    assert choice("william-clark", "york", "joseph-whitehouse", "francois-labiche") == Action(Verb.VILLAGE, "horse", 1)
    assert choice("william-clark", "york", "joseph-whitehouse", "hugh-mcneal").verb != Verb.VILLAGE
