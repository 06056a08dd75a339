"""Futile payments: a Charbonneau, Shamanism or Partisan performance that could then do nothing is legal,
and the engine (``decisions.futile``) and both interfaces' words (label, hint) say so before paying; and
no plan offered as one choice pays for nothing (``plans.honest``)."""

from __future__ import annotations

import pytest

from builders import area, at, do, game, hand, indians, load, occupy
from lewis_clark import Action, State, legal_actions
from lewis_clark.actions import Verb
from lewis_clark.bots.evaluation import evaluate
from lewis_clark.decisions import futile
from lewis_clark.match import Match
from lewis_clark.plans import ALL, OFFERED, Plan, cheapest, follow, offered, plans, wasted
from lewis_clark.queries import camp_landing, capacity
from lewis_clark.rules import apply_in_place
from lewis_clark.state import Options
from lewis_clark.web.views import action_json
from lewis_clark.wording import language
from lewis_clark.wording.labels import hint, label
from lewis_clark.wording.plans import camp_after_burial, compact_label, plan_label
from lewis_clark.wording.recap import last_turns, recap_parts


def _offered(s: State, text: str) -> Action:
    action = Action.parse(text)
    assert action in legal_actions(s), (text, [str(a) for a in legal_actions(s)])
    return action


def test_charbonneau_to_a_place_that_cannot_act_is_futile() -> None:
    """Canoe Manufacturing needs 2 Wood held from the start; with 1 Wood (paid to Charbonneau) it can do nothing."""
    s = game()
    hand(s, 0, "toussaint-charbonneau", "francois-labiche")
    indians(s, 0, 0)
    load(s, 0, wood=1, food=1)
    occupy(s, "canoe", 1)
    occupy(s, "hunting", 1)
    s = do(s, "play toussaint-charbonneau", "under francois-labiche")
    lost = _offered(s, "perform canoe pay 1 food")
    assert futile(s, lost)
    assert label(s, lost).endswith("(pays 1 food for nothing: Canoe Manufacturing could do nothing now)")
    assert hint(s, lost) == "pays 1 food for nothing: Canoe Manufacturing could do nothing now"
    useful = _offered(s, "perform hunting pay 1 food")
    assert not futile(s, useful) and "for nothing" not in label(s, useful) + hint(s, useful)


def test_charbonneau_to_shamanism_with_nothing_that_could_act_is_futile() -> None:
    """Two levels deep: Shamanism could pay its Food but every card it could copy is John Robertson, who
    needs 2 Equipment."""
    s = game()
    hand(s, 0, "toussaint-charbonneau", "francois-labiche")
    indians(s, 0, 0)
    load(s, 0, wood=1, food=1)
    occupy(s, "shamanism", 1)
    area(s, 1, "john-robertson")
    s = do(s, "play toussaint-charbonneau", "under francois-labiche")
    assert futile(s, _offered(s, "perform shamanism pay 1 wood"))
    load(s, 0, wood=1, food=1, equipment=2)
    s.spendable = [1, 0, 1, 2, 0, 0, 0]
    assert not futile(s, _offered(s, "perform shamanism pay 1 wood"))


def test_shamanism_copying_a_card_that_cannot_act_is_futile() -> None:
    """Little Thief needs an Indian on the boats; the only one went to Shamanism."""
    s = game()
    hand(s, 0, "william-clark")
    indians(s, 0, 1)
    load(s, 0, food=1, wood=4)
    area(s, 1, "little-thief", "black-cat")
    s = do(s, "village shamanism 1")
    lost = _offered(s, "perform little-thief")
    assert futile(s, lost)
    assert "pays 1 food for nothing: Little Thief (#44) could do nothing now" in label(s, lost)
    assert hint(s, lost) == "pays 1 food for nothing: Little Thief (#44) could do nothing now"
    assert not futile(s, _offered(s, "perform black-cat"))


def test_partisan_copying_a_card_that_cannot_act_is_futile() -> None:
    """John Robertson pays 2 Equipment; none is held."""
    s = game()
    hand(s, 0, "the-partisan", "francois-labiche")
    indians(s, 0, 0)
    load(s, 0, food=2)
    area(s, 1, "john-robertson", "black-cat")
    s = do(s, "play the-partisan", "under francois-labiche")
    lost = _offered(s, "perform john-robertson")
    assert futile(s, lost)
    assert "for nothing" in label(s, lost) and "for nothing" in hint(s, lost)
    assert not futile(s, _offered(s, "perform black-cat"))
    assert not futile(s, Action.parse("stop"))


# --- plans: none offered pays for nothing ------------------------------------------------------------

def _wasted_step(state: State, plan: Plan) -> str:
    """The first step of ``plan`` that pays for nothing, worded for the failure ("" when none): a futile
    performance, a gain of which nothing is kept though something was offered, or Strength spent
    (a card under it, Indians) with no performance at all, unless it lets a Camp land further (R16)."""
    s = state.copy()
    performed = 0
    for step in plan.steps:
        if step.verb == Verb.PERFORM and futile(s, step):
            return f"futile {step}"
        if step.verb == Verb.TAKE and not any(step.bundle) and any(any(a.bundle) for a in legal_actions(s)):
            return f"keeps nothing: {step}"
        performed += step.verb == Verb.PERFORM
        apply_in_place(s, step)
    spent = plan.under not in ("", "none") or plan.indians > 0
    if spent and not performed and (not s.stack or not any(
            a.verb == Verb.PERFORM and not futile(s, a) for a in legal_actions(s))) \
            and camp_landing(s, state.current).camp <= camp_landing(state, state.current).camp:
        return "Strength spent, nothing performed"
    return ""


@pytest.mark.parametrize("seed", range(20))
def test_no_offered_plan_pays_for_nothing_over_seeded_games(seed: int) -> None:
    """Twenty seeded games (2-4 players, bots choosing), every decision of their first 16 rounds: at
    most six plans offered, none wasting a step, each by its cheapest Strength source among every plan
    of the same outcome, the best-evaluated first."""
    match = Match(Options(players=2 + seed % 3, seed=seed), ["random"] * (2 + seed % 3))
    checked = 0
    while not match.over and match.state.turn <= 16 * match.options.players:
        s = match.state
        shown = offered(s, score=evaluate)
        assert len(shown) <= OFFERED
        every = plans(s, limit=ALL)
        for plan in shown:
            assert not (why := _wasted_step(s, plan)), (seed, s.turn, str(plan), why)
            alike = [p for p in every if (p.card, p.place, p.choice, p.boost, p.times, p.keep_all, p.complete) ==
                     (plan.card, plan.place, plan.choice, plan.boost, plan.times, plan.keep_all, plan.complete)
                     and not _wasted_step(s, p)]
            assert all(plan.strength <= p.strength for p in alike), (seed, str(plan), [str(p) for p in alike])
            checked += 1
        worth = [evaluate(follow(s, p).state, s.current) for p in shown]
        assert worth == sorted(worth, reverse=True)
        match.step_bot()
    assert checked > 20


def test_a_plan_that_pays_for_nothing_is_cut_or_left_out() -> None:
    """Joseph Barter needs a Canoe to pay (none aboard): no plan playing him with Strength is offered.
    Whitehouse with full boats keeps nothing: no plan performs him."""
    s = game()
    hand(s, 0, "joseph-barter", "francois-labiche", "joseph-whitehouse")
    indians(s, 0, 1)
    load(s, 0, food=1)
    shown = offered(s)
    assert shown and not [p for p in shown if p.card == "joseph-barter"], [str(p) for p in shown]
    assert all(not _wasted_step(s, p) for p in cheapest(s, plans(s, limit=ALL)) if len(p.steps) > 1)
    full = game()
    hand(full, 0, "joseph-whitehouse", "francois-labiche")
    indians(full, 0, 0)
    room = capacity(full.players[0])
    load(full, 0, wood=room)
    assert not [p for p in offered(full) if p.card == "joseph-whitehouse" and p.times], \
        [str(p) for p in offered(full)]


# --- single choices that pay for nothing (plans.wasted): flagged for the page, marked in the terminal ---

def test_one_indian_to_expedition_upgrade_without_wood_pays_for_nothing() -> None:
    """The Indian is spent and the action ends at once (3 Wood are needed); with 3 Wood it is worth it."""
    s = load(indians(game(), 0, 2), 0, food=1)
    upgrade = _offered(s, "village upgrade 1")
    assert wasted(s, upgrade)
    assert not wasted(s, _offered(s, "village hunting 1"))
    assert not wasted(s, _offered(s, "camp"))
    load(s, 0, wood=3)
    assert not wasted(s, _offered(s, "village upgrade 1"))


def test_a_card_played_that_could_perform_nothing_pays_for_nothing() -> None:
    """William Clark with no food, canoe or horse: any Strength given him is lost; with 1 food he moves."""
    s = indians(hand(game(), 0, "william-clark", "york"), 0, 2)
    load(s, 0)
    assert wasted(s, _offered(s, "play william-clark"))
    assert not wasted(s, _offered(s, "play york"))
    after = do(s.copy(), "play william-clark")
    assert wasted(after, _offered(after, "under york"))
    load(s, 0, food=1)
    assert not wasted(s, _offered(s, "play william-clark"))


def test_a_card_buried_to_cut_the_camp_s_time_is_not_futile() -> None:
    """R16: every card in hand costs a space of Camp Time. William Clark with nothing to pay performs
    nothing, but played with Yellept under him the hand is spent: a Camp from 28 lands on 28, not on 26
    (tuning seed 2,000,354: an expert camped so three times, on 26 each time, the play refused as futile).
    At the start, the Camp held at St Louis whatever the hand, the same play is futile."""
    s = indians(hand(at(game(players=1), 0, 28, 26), 0, "william-clark", "yellept"), 0, 0)
    load(s, 0, wood=1, fur=1, equipment=1)
    assert camp_landing(s, 0).camp == 26
    assert not wasted(s, _offered(s, "play william-clark"))
    after = do(s.copy(), "play william-clark")
    assert not wasted(after, _offered(after, "under yellept"))
    assert camp_landing(do(after, "under yellept"), 0).camp == 28
    assert [p for p in offered(s) if p.card == "william-clark"], [str(p) for p in offered(s)]
    start = indians(hand(game(players=1), 0, "william-clark", "york"), 0, 2)
    load(start, 0)
    assert wasted(start, _offered(start, "play william-clark"))


def test_a_burial_offered_before_a_camp_says_where_the_camp_would_land() -> None:
    """The plan that only buries a card says what it is for (R16), in both wordings and languages; a plan
    that performs is worded as before."""
    s = indians(hand(at(game(players=1), 0, 28, 26), 0, "william-clark", "yellept"), 0, 0)
    load(s, 0, wood=1, fur=1, equipment=1)
    burial = next(p for p in offered(s) if p.card == "william-clark")
    assert camp_after_burial(s, burial) == 28
    assert plan_label(s, burial) == ("William Clark (Commander) at Strength 2 (Yellept under it): "
                                     "performs nothing, but empties the hand: a Camp would land on 28")
    assert compact_label(s, burial) == "William Clark (Yellept under), empties the hand: Camp on 28"
    with language("hu"):
        assert "kiüríti a kezet" in plan_label(s, burial) and "28" in compact_label(s, burial)
    york = load(hand(game(players=1), 0, "york", "hugh-mcneal"), 0, food=2)
    for plan in offered(york):
        assert camp_after_burial(york, plan) is None and "empties the hand" not in plan_label(york, plan)


def test_the_page_json_flags_the_choices_that_pay_for_nothing() -> None:
    """One owner: the page's ``futile`` flag is ``plans.wasted``; a bot's choices are not judged."""
    s = load(indians(game(), 0, 2), 0, food=1)
    flags = {str(a): action_json(s, a)["futile"] for a in legal_actions(s)}
    assert flags["village upgrade 1"] is True and flags["village hunting 1"] is False
    assert flags == {str(a): wasted(s, a) for a in legal_actions(s)}
    assert not any(action_json(s, a, judged=False)["futile"] for a in legal_actions(s))


def test_the_recap_says_an_action_that_performed_nothing_did_nothing() -> None:
    match = Match(Options(players=2, seed=5), ["human", "human"])
    seat = match.state.current
    match.apply("village upgrade 1")
    match.apply("end")
    (r,) = [r for r in last_turns(match.state, (e for step in match.steps for e in step.events)) if r.seat == seat]
    assert recap_parts(r) == ["sent 1 Indian to Expedition Upgrade", "did nothing"]
    with language("hu"):
        hu = recap_parts(r)
    assert len(hu) == 2 and "did nothing" not in hu and hu[1]
