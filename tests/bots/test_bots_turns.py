"""Whole turns and the plan a planning bot follows (bots/turns.py): a plan is played out step by step,
forced steps included, while the table is as it expected."""

from __future__ import annotations

from collections.abc import Callable

from builders import at, game, hand, indians, journal, load
from lewis_clark import legal_actions, view
from lewis_clark.actions import Action, Verb
from lewis_clark.bots import make_bot
from lewis_clark.bots.heuristic import HeuristicBot
from lewis_clark.bots.turns import Following
from lewis_clark.rules import apply_in_place
from lewis_clark.state import State


def never_search(view: State) -> tuple[Action, ...]:
    raise AssertionError("the plan was dropped: a new search was asked for")


def follow(s: State, steps: list[str], search: Callable[[State], tuple[Action, ...]] = never_search) -> list[str]:
    """Play ``steps`` as a plan through ``Following.choose`` on ``s`` (in place) until the plan is played
    out or dropped (emptied: the rules of thumb would go on); the steps taken."""
    plan = [Action.parse(x) for x in steps]
    following = Following()
    following.record(s, tuple(plan))
    taken: list[str] = []
    while plan:
        legal = legal_actions(s)
        a = following.choose(plan, view(s, s.current), legal, search, HeuristicBot(0))
        taken.append(str(a))
        apply_in_place(s, a)
    return taken


def fields_and_one_card(seed: int) -> State:
    """Solo, the seat's hand the Fields and Joseph Barter, no Indian and nothing aboard: once the Fields
    are played, Barter under them is the only legal step."""
    s = game(players=1, seed=seed, mackenzie=0)
    hand(s, 0, "joseph-and-ruben-field", "joseph-barter")
    load(s, 0, fur=0, food=0, equipment=0)
    s.players[0].indians = s.players[0].on_cards = 0
    return s


def test_a_forced_step_of_the_plan_keeps_the_plan_in_step() -> None:
    # The plan goes on past the forced step with its own performance and Camp (a game of seed 2,000,111
    # once fell to the rules of thumb here, stopped the Fields for nothing and Camped a turn late).
    probe = fields_and_one_card(2_000_111)
    apply_in_place(probe, Action.parse("play joseph-and-ruben-field"))
    assert [str(a) for a in legal_actions(probe)] == ["under joseph-barter"]
    for step in ("under joseph-barter", "perform"):
        apply_in_place(probe, Action.parse(step))
    gain = str(legal_actions(probe)[0])  # the Fields' Fur, as many as they take here
    assert gain.startswith("take")
    plan = ["play joseph-and-ruben-field", "under joseph-barter", "perform", gain, "camp"]
    assert follow(fields_and_one_card(2_000_111), plan) == plan


def test_a_forced_step_the_plan_did_not_expect_is_taken_and_not_taken_off_the_plan() -> None:
    # the plan says "under york", but York is not in hand: the forced step is taken, and the plan's own
    # step stays first, to be found not legal at the next decision (the plan was made for another table)
    s = fields_and_one_card(3)
    plan = [Action.parse(x) for x in ("play joseph-and-ruben-field", "under york", "perform")]
    following = Following()
    following.record(s, tuple(plan[:1]))
    apply_in_place(s, following.choose(plan, view(s, 0), legal_actions(s), never_search, HeuristicBot(0)))
    forced = following.choose(plan, view(s, 0), legal_actions(s), never_search, HeuristicBot(0))
    assert str(forced) == "under joseph-barter"
    assert [str(a) for a in plan] == ["under york", "perform"]


def test_the_search_never_recruits_by_paying_its_last_source_away() -> None:
    """A recruitment payable only with the seat's last card that gains without paying (here its
    Interpreter, or its Fur Trader) is not a way the search grows: its lines are too short to see
    that no mover could be paid again. With a second source owned it is."""
    whole = make_bot("race:discounts=1", seed=1).whole  # type: ignore[attr-defined]

    def paid(*cards: str, equipment: int) -> list[list[str]]:
        s = game(players=1)
        hand(s, 0, *cards)
        journal(s, "one-eye")
        load(s, 0, fur=5, equipment=equipment)
        return [[a.subject for a in steps if a.verb == Verb.DISCARD] for steps, _ in whole.recruited(s, 0, "one-eye")]

    assert paid("william-clark", "francois-labiche", equipment=1) == []
    assert paid("william-clark", "francois-labiche", "york", equipment=1) == [["francois-labiche"]]
    assert paid("william-clark", "joseph-and-ruben-field", equipment=2) == []
    assert paid("william-clark", "joseph-and-ruben-field", "york", equipment=2) == [["york"]]  # the cheaper one


def test_the_search_never_pays_its_interpreter_away_with_no_indian_owned() -> None:
    """R10: only an Interpreter gains Indians. Paid away with no Indian aboard or on a card, the seat
    could never use the Village again (tuning seed 2,000,107: a 400-turn stall); with one Indian kept,
    as the strong solo records do, it is a way the search grows."""
    whole = make_bot("race:discounts=1", seed=1).whole  # type: ignore[attr-defined]

    def paid(aboard: int) -> list[list[str]]:
        s = game(players=1)
        hand(s, 0, "william-clark", "francois-labiche", "york", "hugh-mcneal")
        journal(s, "one-eye")
        load(s, 0, fur=5, equipment=2)
        indians(s, 0, aboard)
        at(s, 0, 12, 12)
        return [[a.subject for a in steps if a.verb == Verb.DISCARD] for steps, _ in whole.recruited(s, 0, "one-eye")]

    assert ["francois-labiche"] in paid(1)
    assert all("francois-labiche" not in way for way in paid(0))
    assert paid(0)  # still recruited, paid with a spare card


def test_the_search_never_spends_its_last_indian_without_an_interpreter() -> None:
    """An Indian placed in the Village leaves for good (R9): with no Interpreter owned, the last one spent
    so closes the Village for good while Mountains lie ahead; the search grows every other action."""
    whole = make_bot("race", seed=1).whole  # type: ignore[attr-defined]
    s = game(players=1)
    hand(s, 0, "william-clark", "york", "joseph-whitehouse", "hugh-mcneal")
    indians(s, 0, 1)
    at(s, 0, 12, 12)
    grown = [steps for steps, _ in whole.acted(s, 0)]
    assert grown
    assert not any(a.verb == Verb.VILLAGE for steps in grown for a in steps)
    hand(s, 0, "william-clark", "york", "joseph-whitehouse", "francois-labiche")  # with an Interpreter it may
    assert any(a.verb == Verb.VILLAGE for steps, _ in whole.acted(s, 0) for a in steps)
