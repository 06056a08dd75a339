"""The planner's outlook terms: what the hand can reach, what the movers owned save."""

import pytest

from builders import area, at, card, game, hand, load
from lewis_clark.bots.options import PlannerOptions
from lewis_clark.bots.planning import hand_reach, turns_to_go
from lewis_clark.resources import EQUIPMENT


def test_a_mover_with_nothing_under_it_does_not_move() -> None:
    s = game(players=1)
    at(s, 0, 10, camp=10)
    load(s, 0, food=3)
    s.players[0].indians = 0
    hand(s, 0, "william-clark")
    assert hand_reach(s, 0) == 0
    hand(s, 0, "william-clark", "york")  # York gives Strength 1: one performance, 2 spaces on the River
    assert hand_reach(s, 0) == 2


def test_a_card_given_as_strength_is_used_up() -> None:
    s = game(players=1)
    at(s, 0, 10, camp=10)
    load(s, 0, food=3)
    s.players[0].indians = 0
    # Clark under York moves; Hawk's Feather (River 3, 1 Food) is left with nothing to go under it
    hand(s, 0, "william-clark", "york", "hawks-feather")
    one = hand_reach(s, 0)
    hand(s, 0, "william-clark", "york", "hawks-feather", "joseph-whitehouse")
    assert hand_reach(s, 0) > one


def test_turns_to_go_fall_with_progress_and_with_movers() -> None:
    s = game(players=1)
    at(s, 0, 15, camp=15)
    before = turns_to_go(s, 0)
    at(s, 0, 18, camp=18)
    after = turns_to_go(s, 0)
    assert after < before
    area(s, 0, "george-drouillard")
    assert turns_to_go(s, 0) < after


def test_the_planner_takes_a_camp_that_wins() -> None:
    """The search finds the Camp at Fort Clatsop itself (no rule tells it to camp)."""
    from lewis_clark.actions import Action, Verb
    from lewis_clark.bots.experimental.planner import PlannerBot
    from lewis_clark.rules import legal_actions
    from lewis_clark.state import view

    s = game(players=1)
    fort = s.options.route.fort_clatsop
    at(s, 0, fort, camp=fort - 4)
    load(s, 0)
    s.players[0].indians = 0
    hand(s, 0)
    choice = PlannerBot(seed=3, options=PlannerOptions(width=2, horizon=1)).choose(view(s, 0), legal_actions(s))
    assert choice == Action(Verb.CAMP)


def test_the_planner_plays_its_whole_planned_turn_then_plans_again() -> None:
    """One search a turn: the steps of the first turn of the best line are played in order."""
    from lewis_clark.match import Match
    from lewis_clark.state import Options

    m = Match(Options(players=1, seed=4), ["planner:width=2:horizon=1"], keep_log=False)
    bot = m.bots[0]
    while m.state.turn < 3:
        m.step_bot()
    assert 1 <= bot.searches <= 4  # about one search a turn, not one a decision


def test_discounts_1_also_tries_each_recruitment_paid_with_the_interpreter() -> None:
    """The strong solo records pay the Interpreter away once the Indians are aboard; the heuristic's
    discount never does, so only ``discounts=1`` puts that line before the search."""
    import pytest

    from builders import journal
    from lewis_clark.actions import Action, Verb
    from lewis_clark.bots import make_bot, parse_spec
    from lewis_clark.bots.experimental.planner import PlannerBot

    s = game(players=1)
    hand(s, 0, "william-clark", "francois-labiche", "york")
    journal(s, "one-eye")
    load(s, 0, fur=5, equipment=3)
    paid = [[a.subject for a in steps if a.verb == Verb.DISCARD]
            for steps, _ in PlannerBot(seed=1).whole.recruited(s, 0, "one-eye")]
    assert paid == [["york"]]
    ways = PlannerBot(seed=1, options=PlannerOptions(discounts=True)).whole.recruited(s, 0, "one-eye")
    assert [[a.subject for a in steps if a.verb == Verb.DISCARD] for steps, _ in ways] == [["york"], ["francois-labiche"]]
    after = ways[1][1].players[0]
    # Labiche's Strength 2 saves 2 of One Eye's 3 Equipment; York stays in hand
    assert after.resources[EQUIPMENT] == 2 and card("york") in after.hand
    assert Action(Verb.RECRUIT, "one-eye") == ways[1][0][0]
    assert make_bot("race:discounts=1", seed=1).whole.discounts is True  # type: ignore[attr-defined]
    with pytest.raises(ValueError, match="discounts"):
        parse_spec("planner:discounts=2")
    with pytest.raises((TypeError, ValueError)):  # the compiled build refuses a non-bool at the call
        PlannerOptions(discounts=2)  # type: ignore[arg-type]



def test_the_purse_credits_fur_and_equipment_saved_towards_a_mover_in_the_journal() -> None:
    """A line that gathers Fur for a mountain mover two turns off is progress (planning.purse):
    part of the mover's saving, by the share of its price held; nothing without a mover to buy."""
    from builders import journal
    from lewis_clark.bots.planning import PURSE_SHARE, camped, purse

    s = game(players=1)
    at(s, 0, 22, camp=22)
    hand(s, 0, "william-clark", "francois-labiche", "york")
    # One Eye the only mover, in slot 2: 2 Fur; its Strength 3 less York's discount 1: 2 Equipment
    journal(s, "john-boley", "one-eye", "john-b-thompson", "joseph-and-ruben-field", "hay")
    load(s, 0)
    assert purse(s, 0) == 0.0
    saving = turns_to_go(s, 0) - turns_to_go(s, 0, card("one-eye"))
    assert saving > 0
    load(s, 0, fur=1, equipment=2)
    assert purse(s, 0) == pytest.approx(PURSE_SHARE * 0.5 * saving)
    load(s, 0, fur=2, equipment=2)
    assert purse(s, 0) == pytest.approx(PURSE_SHARE * saving)
    assert camped(s, 0, 3, saving=True) > camped(s, 0, 3)
    journal(s, "john-boley", "joseph-whitehouse", "john-b-thompson", "joseph-and-ruben-field", "hay")
    # nothing in the Journal moves: nothing to save towards
    assert purse(s, 0) == 0.0


def test_mackenzie_jumps_count_the_spaces_he_gained_over_the_scout() -> None:
    """R24: Mackenzie moves one space a turn and jumps a Scout on the space he lands on; each jump is a
    turn sooner that he arrives, and ``race:jumps=1`` charges it (planning.mackenzie_jumps)."""
    from lewis_clark.bots import make_bot
    from lewis_clark.bots.planning import JUMP_CHARGE, mackenzie_jumps
    from lewis_clark.turn import mackenzie_moves

    s = game(players=1)
    start = s.mackenzie
    assert mackenzie_jumps(s) == 0
    at(s, 0, start + 5, camp=start + 5)
    mackenzie_moves(s)  # the space ahead is free: one space
    s.turn += 1
    assert s.mackenzie == start + 1 and mackenzie_jumps(s) == 0
    at(s, 0, start + 2, camp=start + 2)
    mackenzie_moves(s)  # the Scout holds the space he lands on: he goes on to the next free one
    s.turn += 1
    assert s.mackenzie == start + 3 and mackenzie_jumps(s) == 1
    assert mackenzie_jumps(game(players=2)) == 0
    bot = make_bot("race:jumps=1", seed=1)
    assert bot._jumped(s) == JUMP_CHARGE and make_bot("race", seed=1)._jumped(s) == 0.0
    with pytest.raises(ValueError, match="jumps"):
        make_bot("race:jumps=2", seed=1)
