"""The ``rollout`` bot (also the race planner's finisher, `finisher=1`): the heuristic, each turn's action chosen by playing
the Camp-to-Camp cycle out. Legal, reproducible by seed, and faster at the race than the heuristic."""

from __future__ import annotations

import pytest
from bot_games import play

from lewis_clark import apply_in_place, legal_actions, new_game, view
from lewis_clark.actions import Action, Verb
from lewis_clark.bots import make_bot
from lewis_clark.bots.base import Bot
from lewis_clark.bots.heuristic import CAMP, END, HeuristicBot
from lewis_clark.bots.knowledge import best_recruit
from lewis_clark.bots.options import RolloutOptions
from lewis_clark.bots.rollout import RolloutBot
from lewis_clark.state import State


def _first_turn(players: int, seed: int, turns: int) -> State:
    """A turn decision of the seat to play, after ``turns`` turns of heuristic play."""
    s = new_game(players=players, seed=seed)
    play(s, [make_bot("heuristic", k) for k in range(players)], turns)
    while s.stack or s.acted:
        apply_in_place(s, make_bot("heuristic", 9).choose(view(s, s.current), legal_actions(s)), s.current)
    return s


def test_the_rollout_options_reach_the_bot() -> None:
    bot = make_bot("rollout:camping=1:policy=3", 1)
    assert isinstance(bot, RolloutBot) and bot.camping == 1 and bot.width == 4 and bot.depth == 8 and bot.policy == 3


def test_reproducible_by_seed_and_legal() -> None:
    a = play(new_game(players=2, seed=6), [make_bot("rollout", s) for s in range(2)], 30)
    b = play(new_game(players=2, seed=6), [make_bot("rollout", s) for s in range(2)], 30)
    assert a == b and len(a) > 60


def test_differs_from_the_heuristic() -> None:
    """The play-outs change some of the heuristic's choices (else the bot would be the heuristic)."""
    rollout = play(new_game(players=2, seed=6), [make_bot("rollout", s) for s in range(2)], 30)
    heuristic = play(new_game(players=2, seed=6), [make_bot("heuristic", s) for s in range(2)], 30)
    assert rollout != heuristic


def test_openings_hold_the_heuristic_choice_and_a_camp() -> None:
    """The candidates are the heuristic's own opening, ``width`` others and, when it may, a Camp first;
    with ``recruits`` the most wanted affordable recruitments as well."""
    s = _first_turn(2, 4, 9)
    bot = RolloutBot(1, RolloutOptions(width=2))
    v = view(s, s.current)
    legal = legal_actions(s)
    p = v.players[v.current]
    base = HeuristicBot._action_plan(bot, v, legal, p)
    openings = bot._openings(v, legal, p, base)
    assert base and openings[0] == base
    assert len([o for o in openings if o != [CAMP]]) <= 3
    assert ([CAMP] in openings) == (CAMP in legal and bool(p.face_up))
    assert all(o[0] in legal for o in openings)


def test_the_choice_is_the_best_play_out() -> None:
    """The opening played is the one whose play-out to the next Camp scores best on the bot's deal."""
    s = _first_turn(1, 2, 4)
    v = view(s, s.current)
    legal = legal_actions(s)
    p = v.players[v.current]
    chooser, judge = RolloutBot(5), RolloutBot(5)
    openings = judge._openings(v, legal, p, HeuristicBot._action_plan(judge, v, legal, p))
    root = judge.deal(v)
    scores = [judge._play_out(root, v.current, o) for o in openings]
    assert len(set(scores)) > 1  # the openings lead to different Camps
    best = openings[scores.index(max(scores))]
    assert chooser.choose(v, legal) == best[0]


@pytest.mark.slow
def test_races_faster_than_the_heuristic() -> None:
    """Two-player self-play on fixed seeds: the rollout bot's games end in fewer turns."""
    def turns(spec: str) -> int:
        total = 0
        for seed in (1, 2, 3):
            s = new_game(players=2, seed=seed)
            play(s, [make_bot(spec, k) for k in range(2)], 400)
            assert s.over
            total += s.turn
        return total

    assert turns("rollout") < turns("heuristic")


def test_a_recruitment_opening_is_tried_when_asked() -> None:
    s = _first_turn(2, 4, 9)
    v = view(s, s.current)
    legal = legal_actions(s)
    p = v.players[v.current]
    bot = RolloutBot(1, RolloutOptions(recruits=2))
    openings = bot._openings(v, legal, p, HeuristicBot._action_plan(bot, v, legal, p))
    recruits = [o for o in openings if o[0].verb == Verb.RECRUIT]
    assert len(recruits) <= 2
    assert all(o[0] in legal and o == [Action(Verb.RECRUIT, o[0].subject)] for o in recruits)


def test_camping_weighs_a_camp_now_against_the_end_of_the_turn() -> None:
    """With ``camping``, after the action (Camp and end both legal, the heuristic's rule for a Camp
    or a short hand) the bot Camps exactly when the Camp's play-out beats the end of the turn's, on
    the deal it makes; and that differs from the heuristic's rule somewhere."""
    s = new_game(players=2, seed=5)
    bots: list[Bot] = [make_bot("rollout:camping=1:policy=3", k) for k in range(2)]
    checked = differs = 0
    while not s.over and s.turn <= 60:
        seat = s.current
        legal = legal_actions(s)
        v = view(s, seat)
        p = v.players[seat]
        judge = RolloutBot(77, RolloutOptions(camping=True))
        if (not s.stack and s.acted and CAMP in legal and END in legal and not s.must_camp
                and p.scout < s.options.route.fort_clatsop and best_recruit(v, seat, legal) is None
                and (0 < len(p.hand) < 3 or HeuristicBot._camp_now(judge, v, seat))):
            root = judge.deal(v)
            wants = judge._play_out(root, seat, [CAMP]) > judge._play_out(root, seat, [END])
            assert (RolloutBot(77, RolloutOptions(camping=True)).choose(v, legal) == CAMP) == wants
            checked += 1
            differs += wants != HeuristicBot._camp_now(judge, v, seat)  # the heuristic's own rule
        apply_in_place(s, bots[seat].choose(v, legal), seat)
    assert checked >= 3 and differs > 0
