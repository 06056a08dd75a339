"""No level plays a futile action while another is left: the one driver offers a bot the legal
actions less those ``plans.wasted`` marks (``bots.sensible``), and every level chooses among them.
Counted over seeded whole games against the full legal list, so a bot that ignored its choices
would be caught (``Match.checked`` refuses it) and so would a filter that let one through."""

from __future__ import annotations

import pytest

from builders import card, game, hand, load
from lewis_clark.actions import Action, Verb
from lewis_clark.bots import LEVELS, FutileTally, make_bot, sensible
from lewis_clark.bots.hint import expert_hint
from lewis_clark.match import Match
from lewis_clark.plans import wasted
from lewis_clark.rules import legal_actions
from lewis_clark.state import Options, State, view

BARTER = Action(Verb.PLAY, "joseph-barter")


def _no_canoe() -> State:
    """Solo, Joseph Barter (pay 1 Canoe: River 5) in hand with no Canoe: playing him does nothing."""
    s = game(players=1, seed=3)
    hand(s, 0, "joseph-barter", "york", "john-b-thompson")
    load(s, 0, canoe=0)
    assert card("joseph-barter") in s.players[0].hand
    return s


def test_sensible_drops_the_futile_and_keeps_the_rest() -> None:
    s = _no_canoe()
    legal = legal_actions(s)
    assert BARTER in legal and wasted(s, BARTER)
    kept = sensible(view(s, 0), legal)
    assert BARTER not in kept and kept and all(a in legal and not wasted(s, a) for a in kept)


def test_the_tally_counts_a_futile_choice_only_where_a_sensible_one_was_offered() -> None:
    s = _no_canoe()
    legal = legal_actions(s)
    other = next(a for a in legal if not wasted(s, a))
    tally = FutileTally()
    tally.note(view(s, 0), legal, BARTER)
    assert (tally.offered, tally.chosen) == (1, 1)
    tally.note(view(s, 0), legal, other)
    assert (tally.offered, tally.chosen) == (2, 1)
    tally.note(view(s, 0), [BARTER], BARTER)  # nothing else was legal: not a choice against the rule
    assert (tally.offered, tally.chosen) == (2, 1)


def test_sensible_keeps_everything_when_all_are_futile() -> None:
    s = _no_canoe()
    futile = [a for a in legal_actions(s) if wasted(s, a)]
    assert futile and sensible(s, futile) == futile
    assert sensible(s, [BARTER]) == [BARTER]


def test_the_noise_and_the_hint_choose_among_sensible_actions() -> None:
    s = _no_canoe()
    seen = view(s, 0)
    offered = sensible(seen, legal_actions(s))
    picks = {make_bot("heuristic:noise=1", seed).choose(seen, offered) for seed in range(60)}
    assert len(picks) > 3 and not any(wasted(s, a) for a in picks)
    assert not wasted(s, expert_hint(seen, spec="race:samples=1:keep=1:beam=2:nodes=2").action)


def futile_choices(spec: str, games: int, players: int = 1, turns: int = 400) -> tuple[int, int]:
    """Seeded games of ``spec`` at every seat through the one driver: the choices that were futile
    while another legal action was not, and the decisions at which a futile one was legal."""
    tally = FutileTally()
    for g in range(games):
        match = Match(Options(players=players, seed=500 + g, mackenzie=0), [spec] * players, keep_log=False)
        while not match.state.over and match.state.turn <= turns:
            seat = match.state.current
            seen = view(match.state, seat)
            action = match.bot_choice()
            tally.note(seen, legal_actions(match.state), action)
            match.apply(action, seat)
    return tally.chosen, tally.offered


@pytest.mark.slow
@pytest.mark.parametrize(("level", "games", "turns"), [("easy", 100, 400), ("medium", 1, 4),
                                                       ("hard", 1, 3), ("expert", 1, 2)])
def test_no_level_plays_a_futile_action(level: str, games: int, turns: int) -> None:
    # hard and expert: a few turns of one game (a race-planner game is minutes of CPU on the pure build)
    futile, offered = futile_choices(level, games, turns=turns)
    assert offered > 0, f"{level}: no futile action was ever legal: the count proves nothing"
    assert futile == 0, f"{level}: {futile} futile choices of {offered} decisions where one was legal"
    assert level in LEVELS
