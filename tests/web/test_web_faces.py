"""Card faces for the browser table (web/faces.py): every card gets one, and known cards draw as printed."""

from __future__ import annotations

import json

from lewis_clark.cards import BY_SLUG, CARDS
from lewis_clark.web.faces import card_face
from lewis_clark.web.views import card_json

ICONS = {"wood", "fur", "food", "equipment", "canoe", "horse", "indian", "any", "different", "river", "mountain",
         "card", "village", "copy", "boat", "powwow"}


def test_every_card_has_a_face_of_known_icons() -> None:
    assert len(CARDS[1:]) == 84
    for card in CARDS[1:]:
        face = card_json(card)["face"]
        json.dumps(face)  # plain JSON
        assert bool(face["alts"]) != card.permanent, card.name
        assert bool(face["power"]) == card.permanent, card.name
        for alt in face["alts"]:
            assert alt["gain"], card.name  # every alternative gives something
            for icon, n in alt["pay"] + alt["gain"]:
                assert icon in ICONS and isinstance(n, int) and n >= 0, (card.name, icon, n)
            assert all(n > 0 for _, n in alt["pay"]), card.name


def test_commander_has_three_alternatives() -> None:
    assert card_face(BY_SLUG["william-clark"])["alts"] == [
        {"pay": [["food", 1]], "gain": [["river", 2]]},
        {"pay": [["canoe", 1]], "gain": [["river", 4]]},
        {"pay": [["horse", 1]], "gain": [["mountain", 2]]},
    ]


def test_moses_reed_pays_two_wood_for_river_two() -> None:
    assert card_face(BY_SLUG["moses-b-reed"]) == {"alts": [{"pay": [["wood", 2]], "gain": [["river", 2]]}],
                                                   "power": "", "once": False}


def test_counted_and_special_results() -> None:
    assert card_face(BY_SLUG["black-buffalo"])["alts"] == [
        {"pay": [["food", 1]], "gain": [["river", 0]], "per": "food-badges"}]
    assert card_face(BY_SLUG["seaman"])["alts"] == [{"pay": [], "gain": [["food", 0]], "per": "badge"}]
    assert card_face(BY_SLUG["big-horse"])["alts"] == [{"pay": [["indian", 2]], "gain": [["horse", 1]]}]
    assert card_face(BY_SLUG["george-drouillard"])["alts"] == [
        {"pay": [["indian", 1], ["any", 1]], "gain": [["mountain", 2]]}]
    assert card_face(BY_SLUG["cutssahnem"])["alts"][0]["pay"] == [["different", 3]]
    assert card_face(BY_SLUG["toussaint-charbonneau"])["alts"] == [
        {"pay": [["any", 1]], "gain": [["village", 1]], "per": "occupied"}]
    assert card_face(BY_SLUG["hay"]) == {"alts": [{"pay": [], "gain": [["wood", 0], ["fur", 0], ["food", 0],
                                                                       ["equipment", 0]], "per": "face-up"}],
                                         "power": "", "once": True}
    assert card_face(BY_SLUG["cuscalar"])["alts"] == [{"pay": [["horse", 1]], "gain": [["card", 1]]}]
    assert card_face(BY_SLUG["pierre-cruzatte"])["alts"] == [{"pay": [], "gain": [["powwow", 1]]}]


def test_permanent_card_says_its_power() -> None:
    face = card_face(BY_SLUG["nicholas-jarrot"])
    assert face["alts"] == [] and "river" in face["power"]
