"""Playing a dealt game forward (bots/autoplay.py): each loop stops where it says, and leaves the
bot with no plan."""

from __future__ import annotations

from builders import game
from lewis_clark.bots.autoplay import finish_action, pass_others, play_others, play_turn
from lewis_clark.bots.heuristic import HeuristicBot
from lewis_clark.rules import apply_legal, legal_actions
from lewis_clark.turn import CAMP, END


def test_play_turn_plays_the_seat_to_the_end_of_its_turn_only() -> None:
    s = game(players=2, seed=3)
    bot = HeuristicBot(1)
    turn = s.turn
    steps = play_turn(s, bot, 0)
    assert steps and steps[-1] in (END, CAMP)
    assert s.current == 1 and s.turn == turn + 1
    assert bot.plan == []


def test_play_others_and_pass_others_stop_when_the_seat_is_to_play() -> None:
    for settle in (lambda st: play_others(st, HeuristicBot(2), 0), lambda st: pass_others(st, 0)):
        s = game(players=3, seed=4)
        play_turn(s, HeuristicBot(1), 0)
        assert s.current == 1
        assert settle(s) is s
        assert s.current == 0 and not s.over


def test_finish_action_stops_when_the_action_under_way_is_done() -> None:
    s = game(players=2, seed=6)
    bot = HeuristicBot(1)
    # start an action that asks for decisions: the first legal card play that leaves a decision open
    for a in legal_actions(s):
        t = s.copy()
        apply_legal(t, a)
        if t.stack:
            s = t
            break
    assert s.stack, "no opening action asks for a decision on this seed"
    steps = finish_action(s, bot, 0)
    assert steps and not s.stack and s.current == 0
    assert bot.plan == []
