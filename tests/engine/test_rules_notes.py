"""Readings of docs/rules-notes.md that no other test pins down: N4, N11 and N14."""

from __future__ import annotations

from builders import at, card, do, game, hand, indians, journal, load, performs, slugs, top_of_deck


def test_n4_indians_paid_to_the_powwow_come_from_those_held_at_the_start() -> None:
    """Big Horse pays 2 Indians from the boats to the Powwow per performance: with none held nothing is
    offered; with 3 held and Strength 2, the second performance is not offered (1 left)."""
    s = game()
    hand(s, 0, "big-horse", "york")
    indians(s, 0, 0)
    s = do(s, "play big-horse", "under york")
    assert performs(s) == [] and not s.stack  # nothing to pay with: the action closes (R2, N2)
    s = game()
    hand(s, 0, "big-horse", "francois-labiche")
    indians(s, 0, 3)
    s = do(s, "play big-horse", "under francois-labiche", "indians 0", "perform", "take 1 horse")
    assert s.powwow == 2 and s.players[0].indians == 1 and not s.stack


def test_n11_a_scout_bumped_past_the_last_space_steps_back_to_a_free_one() -> None:
    s = game(3)
    hand(s, 0, "william-clark", "hugh-mcneal")
    load(s, 0, canoe=1)
    last = s.options.route.last
    at(s, 0, last - 4)
    at(s, 1, last)  # the canoe move ends on the last space, held: no space beyond
    at(s, 2, last - 1)
    s = do(s, "play william-clark", "under hugh-mcneal", "indians 0", "perform canoe")
    assert s.players[0].scout == last - 2


def test_n14_interpreter_with_slot_one_empty_discards_nothing() -> None:
    s = game()
    hand(s, 0, "francois-labiche", "william-clark")
    indians(s, 0, 0)
    journal(s, "hay", "john-newman", "john-hay", "black-cat")  # slot 5 empty, and now slot 1 too
    s.deck.insert(0, s.journal[4])
    s.journal[4] = 0
    s.deck.append(s.journal[0])
    s.journal[0] = 0
    top_of_deck(s, "cut-nose", "comcomly")
    discard = list(s.discard)
    s = do(s, "play francois-labiche", "under william-clark", "perform", "take 1 indian")
    assert s.discard == discard
    assert slugs(s.journal) == ["john-newman", "john-hay", "black-cat", "cut-nose", "comcomly"]
    assert card("hay") in s.deck
