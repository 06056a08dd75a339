"""Futile payments: a Charbonneau, Shamanism or Partisan performance that could then do nothing is legal,
and the engine (``decisions.futile``) and both interfaces' words (label, hint) say so before paying."""

from __future__ import annotations

from builders import area, do, game, hand, indians, load, occupy
from lewis_clark import Action, State, legal_actions
from lewis_clark.decisions import futile
from lewis_clark.wording.labels import hint, label


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
