"""What every bot knows (bots/knowledge.py): the terrain ahead, movers, the Strength-source cost,
recruit scoring and the discount card, in one place read by the heuristic and the planners."""

from __future__ import annotations

from builders import at, card, game, hand, indians, journal, load
from lewis_clark import legal_actions
from lewis_clark.actions import Action, Verb
from lewis_clark.bots import heuristic, planning
from lewis_clark.bots.knowledge import (
    LAST_FUR_SOURCE,
    RECRUIT_WORTH,
    affordable_keeping,
    best_recruit,
    cheapest_discount,
    collects,
    cut_off,
    cuts_off,
    discount_cost,
    is_mover,
    is_source,
    last_source,
    moves_over,
    recruit_order,
    recruit_score,
    source_cost,
    sources,
    spare,
    terrain_ahead,
    terrain_mostly_ahead,
)
from lewis_clark.decisions import DISCARD_NONE
from lewis_clark.resources import FUR
from lewis_clark.route import MOUNTAIN, RIVER


def test_one_home_the_heuristic_and_the_planners_read_the_same_functions() -> None:
    assert vars(heuristic)["terrain_ahead"] is terrain_ahead and vars(heuristic)["source_cost"] is source_cost
    assert vars(planning)["recruit_order"] is recruit_order
    assert vars(planning)["terrain_mostly_ahead"] is terrain_mostly_ahead


def test_terrain_next_and_mostly_ahead() -> None:
    s = game(players=1)
    at(s, 0, 6, camp=6)
    assert terrain_ahead(s, s.players[0]) == RIVER and terrain_mostly_ahead(s, 0) == RIVER
    at(s, 0, 23, camp=23)
    assert terrain_ahead(s, s.players[0]) == MOUNTAIN and terrain_mostly_ahead(s, 0) == MOUNTAIN


def test_movers_and_what_they_cross() -> None:
    assert is_mover(card("moses-b-reed")) and moves_over(card("moses-b-reed"), RIVER)
    assert not moves_over(card("moses-b-reed"), MOUNTAIN)
    assert moves_over(card("charles-mackenzie"), MOUNTAIN)
    assert not is_mover(card("little-raven")) and spare(card("little-raven"))
    assert not spare(card("moses-b-reed"))  # a mover is never paid away


def test_a_card_under_is_cheaper_than_the_same_strength_from_indians() -> None:
    spare_card = card("little-raven")  # Strength 1, no movement
    assert source_cost(1, 1, 0, spare_card) < source_cost(1, 1, 1, 0)
    assert source_cost(3, 1, 0, spare_card) > source_cost(1, 1, 0, spare_card)  # short of Strength costs most


def test_a_mover_for_the_terrain_mostly_ahead_scores_higher() -> None:
    s = game(players=1)
    journal(s, "moses-b-reed", "charles-mackenzie", "john-hay")
    at(s, 0, 6, camp=6)
    river, mountain = card("moses-b-reed"), card("charles-mackenzie")
    on_river = recruit_score(s, 0, river) - recruit_score(s, 0, mountain)
    at(s, 0, 23, camp=23)
    in_mountains = recruit_score(s, 0, river) - recruit_score(s, 0, mountain)
    assert on_river > in_mountains


def test_recruit_order_and_best_recruit_agree() -> None:
    s = game(players=1)
    load(s, 0, fur=5, equipment=5)
    legal = legal_actions(s)
    order = recruit_order(s, 0, legal + [Action(Verb.CAMP)])
    assert set(order) == {a.subject for a in legal if a.verb == Verb.RECRUIT}
    chosen = best_recruit(s, 0, legal)
    scores = [recruit_score(s, 0, card(slug)) for slug in order]
    assert scores == sorted(scores, reverse=True)
    if chosen is not None:
        assert chosen.subject == order[0] and scores[0] >= RECRUIT_WORTH
    else:
        assert scores[0] < RECRUIT_WORTH


def test_no_recruit_with_a_full_hand() -> None:
    s = game(players=1)
    load(s, 0, fur=5, equipment=5)
    hand(s, 0, "william-clark", "york", "moses-b-reed", "john-robertson", "joseph-barter",
         "j-baptiste-deschamps", "john-newman", "john-dame")
    assert best_recruit(s, 0, legal_actions(s)) is None


def test_the_discount_is_the_least_worth_spare_card_else_none() -> None:
    paid = [Action(Verb.DISCARD, "moses-b-reed"), Action(Verb.DISCARD, "little-raven"), DISCARD_NONE]
    assert cheapest_discount(paid) == Action(Verb.DISCARD, "little-raven")
    assert cheapest_discount([Action(Verb.DISCARD, "moses-b-reed"), DISCARD_NONE]) == DISCARD_NONE
    assert cheapest_discount([Action(Verb.DISCARD, "moses-b-reed")]) == Action(Verb.DISCARD, "moses-b-reed")


def test_the_deck_s_last_fur_collector_is_kept_from_the_discount() -> None:
    # The expert once paid its Fur Trader away on turn 5 and never recruited again: Fur pays every
    # recruitment. With another Fur collector owned, the Fur Trader is as cheap as the Hunter.
    s = game(players=1)
    hand(s, 0, "william-clark", "francois-labiche", "york", "joseph-and-ruben-field")
    p = s.players[0]
    offered = [Action(Verb.DISCARD, "joseph-and-ruben-field"), Action(Verb.DISCARD, "york"), DISCARD_NONE]
    assert collects(card("joseph-and-ruben-field"), FUR) and not collects(card("york"), FUR)
    assert discount_cost(p, card("joseph-and-ruben-field")) == discount_cost(p, card("york")) + LAST_FUR_SOURCE
    assert cheapest_discount(offered, p) == Action(Verb.DISCARD, "york")
    hand(s, 0, "william-clark", "francois-labiche", "york", "joseph-and-ruben-field", "john-hay")
    p = s.players[0]
    assert discount_cost(p, card("joseph-and-ruben-field")) == discount_cost(p, card("york"))
    # a Fur collector already played this cycle still counts as owned
    hand(s, 0, "william-clark", "york", "joseph-and-ruben-field")
    s.players[0].face_up.append(card("hugh-heney"))
    assert discount_cost(s.players[0], card("joseph-and-ruben-field")) == discount_cost(s.players[0], card("york"))


def test_the_last_card_that_gains_anything_is_never_a_discount() -> None:
    # Two experts at a table (tuning seed 2,000,102): one paid its Interpreter and then its last Fur
    # Trader away as discounts; with nothing left that gains without paying, it Camped in place for 20
    # turns, its Scout sent back to St Louis.
    s = game(players=1)
    hand(s, 0, "william-clark", "joseph-and-ruben-field", "moses-b-reed")
    p = s.players[0]
    assert is_source(card("joseph-and-ruben-field")) and is_source(card("francois-labiche"))
    assert not is_source(card("moses-b-reed")) and not is_source(card("william-clark"))
    assert sources(p) == 1 and last_source(p, card("joseph-and-ruben-field"))
    assert spare(card("joseph-and-ruben-field")) and not spare(card("joseph-and-ruben-field"), p)
    offered = [Action(Verb.DISCARD, "joseph-and-ruben-field"), DISCARD_NONE]
    assert cheapest_discount(offered) == Action(Verb.DISCARD, "joseph-and-ruben-field")  # no owner known
    assert cheapest_discount(offered, p) == DISCARD_NONE
    # with a second source owned (a Hunter, even one played this cycle) the Fur Trader may go
    s.players[0].face_up.append(card("york"))
    assert sources(s.players[0]) == 2 and spare(card("joseph-and-ruben-field"), s.players[0])
    assert cheapest_discount(offered, s.players[0]) == Action(Verb.DISCARD, "joseph-and-ruben-field")


def test_a_recruitment_is_not_affordable_by_paying_the_last_source_away() -> None:
    s = game(players=1)
    hand(s, 0, "william-clark", "joseph-and-ruben-field")
    journal(s, "one-eye")
    load(s, 0, fur=5, equipment=2)  # One Eye's 3 Equipment: 2 held and the Fur Trader's Strength 1
    assert not affordable_keeping(s.players[0], card("one-eye"))
    hand(s, 0, "william-clark", "joseph-and-ruben-field", "hugh-mcneal")
    assert affordable_keeping(s.players[0], card("one-eye"))


def test_a_seat_with_no_interpreter_and_no_indian_is_cut_off_from_the_village_while_mountains_lie_ahead() -> None:
    # R10: only an Interpreter gains Indians; R9/R11: placed Indians leave for good. An expert and a medium
    # at a table (tuning seed 2,000,107) reached this state and stood at Camps 24 and 27 for 200 turns each.
    s = game(players=1)
    hand(s, 0, "william-clark", "york", "george-drouillard")
    indians(s, 0, 0)
    at(s, 0, 20, 20)
    assert cut_off(s, 0)
    indians(s, 0, 1)
    assert not cut_off(s, 0)  # one Indian still reaches the Village
    indians(s, 0, 0)
    s.players[0].on_cards = 1
    assert not cut_off(s, 0)  # an Indian under a card comes back aboard at the Camp
    s.players[0].on_cards = 0
    hand(s, 0, "william-clark", "york", "francois-labiche")
    assert not cut_off(s, 0)  # the Interpreter gathers new ones
    hand(s, 0, "william-clark", "york")
    at(s, 0, 40, 40)
    assert not cut_off(s, 0)  # past the last Mountain: the River to the Fort needs no Village
    before = s.copy()
    at(before, 0, 20, 20)
    indians(before, 0, 1)
    after = before.copy()
    indians(after, 0, 0)
    assert cuts_off(before, after, 0) and not cuts_off(after, after, 0)
