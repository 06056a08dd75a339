"""Turn plans: whole options expanded into single decisions, legal, covering, honest and deterministic."""

from __future__ import annotations

import random

from builders import game, hand, indians, load
from lewis_clark import Action, State, legal_actions
from lewis_clark.actions import Verb
from lewis_clark.bots.heuristic import HeuristicBot
from lewis_clark.plans import Plan, follow, following, plans, reached, remainder
from lewis_clark.rules import apply_in_place
from lewis_clark.state import view

TURN_VERBS = {Verb.PLAY, Verb.VILLAGE, Verb.RECRUIT, Verb.CAMP, Verb.END}


def _hunter_at_strength_two() -> State:
    s = game()
    hand(s, 0, "york", "francois-labiche", "william-clark")
    indians(s, 0, 0)
    load(s, 0)
    return s


def _turn_states(seed: int, count: int) -> list[State]:
    """Turn decisions before the action from a heuristic game (2 players)."""
    s = game(seed=seed)
    bot = HeuristicBot(seed)
    out: list[State] = []
    for _ in range(4000):
        if s.over or len(out) >= count:
            break
        if not s.stack and not s.acted:
            out.append(s.copy())
        apply_in_place(s, bot.choose(view(s, s.current), legal_actions(s)))
    return out


def test_a_strength_two_hunter_is_one_plan() -> None:
    s = _hunter_at_strength_two()
    found = [p for p in plans(s) if p.card == "york" and p.under == "francois-labiche"]
    assert [p.times for p in found] == [2, 1]  # as often as allowed, then once
    plan, once = found
    assert once.stops and once.steps == plan.steps[:4] + (Action(Verb.STOP),)
    assert [str(a) for a in plan.steps] == ["play york", "under francois-labiche", "perform", "take 1 food",
                                            "perform", "take 1 food"]
    assert (plan.strength, plan.times, plan.keep_all, plan.complete, plan.indians) == (2, 2, True, True, 0)
    after = follow(s, plan)
    assert after.complete and after.done == 6
    assert after.state.players[0].resources[2] == 2 and not after.state.stack


def test_every_plan_is_legal_in_sequence_and_covers_every_turn_action() -> None:
    for seed in (1, 2):
        for s in _turn_states(seed, 25):
            offered = plans(s)
            for plan in offered:
                assert plan.steps and plan.steps[0].verb == plan.verb
                result = follow(s, plan)
                assert result.complete, f"{plan} refused at {result.refused}"
                assert result.done == len(plan.steps)
                if plan.complete:
                    assert not result.state.stack or result.state.current != s.current
            starts = {p.steps[0] for p in offered}
            for action in legal_actions(s):
                assert action.verb in TURN_VERBS
                assert action in starts, f"no plan starts with {action}"
            assert len({p.steps for p in offered}) == len(offered)  # no duplicates


def test_reached_gives_each_plan_with_the_state_follow_reaches() -> None:
    acting = frozenset({Verb.PLAY, Verb.VILLAGE})
    for seed in (1, 4):
        for s in _turn_states(seed, 20):
            before = s.hash()
            every = reached(s, limit=24)
            assert [plan for plan, _ in every] == plans(s, limit=24)
            for plan, after in every:
                assert after.hash() == follow(s, plan).state.hash(), str(plan)
            assert [p for p, _ in reached(s, limit=24, verbs=acting)] == [p for p in plans(s, limit=24) if p.verb in acting]
            assert len({id(after) for _, after in every}) == len(every)  # each state the caller's own
            assert s.hash() == before


def test_plans_do_not_read_the_deck_order() -> None:
    for s in _turn_states(3, 15):
        shuffled = s.copy()
        random.Random(7).shuffle(shuffled.deck)
        shuffled.rng ^= 0x5EED
        assert plans(s) == plans(shuffled)
        assert plans(s) == plans(view(s, s.current))


def test_a_plan_ends_at_a_revealed_card() -> None:
    for s in _turn_states(4, 20):
        for plan in plans(s):
            state = s.copy()
            for i, step in enumerate(plan.steps):
                deck, journal = len(state.deck), state.journal[:]
                apply_in_place(state, step)
                if len(state.deck) != deck or state.journal != journal:
                    assert i == len(plan.steps) - 1, f"{plan} goes on after a draw"


def test_follow_stops_at_an_illegal_step_without_changing_anything() -> None:
    s = _hunter_at_strength_two()
    before = s.to_text()
    bad = Plan((Action(Verb.PLAY, "york"), Action(Verb.UNDER, "hugh-mcneal")), Verb.PLAY, card="york")
    result = follow(s, bad)
    assert (result.done, result.refused, result.complete) == (1, Action(Verb.UNDER, "hugh-mcneal"), False)
    assert s.to_text() == before  # the state given is untouched
    refused_first = follow(s, [Action(Verb.CAMP), Action(Verb.CAMP)])
    assert refused_first.done == 1 and refused_first.refused == Action(Verb.CAMP)
    nothing = follow(s, [Action(Verb.PLAY, "black-cat")])
    assert nothing.done == 0 and nothing.state.to_text() == before


def test_plans_are_deterministic() -> None:
    for s in _turn_states(5, 10):
        assert plans(s) == plans(s.copy())


def test_following_and_remainder() -> None:
    s = _hunter_at_strength_two()
    offered = plans(s)
    taken = [Action(Verb.PLAY, "york"), Action(Verb.UNDER, "francois-labiche")]
    still = following(offered, taken)
    assert still and all(p.card == "york" and p.under == "francois-labiche" for p in still)
    state = follow(s, taken).state
    for plan in still:
        rest = remainder(plan, taken)
        assert follow(state, rest).complete
    # plans offered inside the action finish it the same way
    assert [p.steps for p in plans(state)] == [remainder(p, taken).steps for p in still]


def test_choices_end_a_plan_early() -> None:
    s = game()
    hand(s, 0, "black-cat", "york")  # Black Cat: choose 2 primary resources, a real choice
    indians(s, 0, 1)
    load(s, 0)
    for plan in plans(s):
        if plan.card == "black-cat":
            assert not plan.complete
            assert plan.steps[-1].verb in (Verb.PERFORM, Verb.INDIANS, Verb.UNDER)


def test_plans_take_the_whole_movement_by_default_r2() -> None:
    """A movement may stop early (R2), but every plan goes the whole way: its "move" is the full distance."""
    s = game()
    hand(s, 0, "william-clark", "francois-labiche")
    indians(s, 0, 0)
    load(s, 0, food=2)
    found = [p for p in plans(s) if p.card == "william-clark" and p.times == 2]
    assert found
    steps = [str(a) for a in found[0].steps]
    assert steps.count("move 2") == 2 and not any(a.startswith("move ") and a != "move 2" for a in steps)
    after = follow(s, found[0]).state
    assert after.players[0].scout == s.players[0].scout + 4
