"""``help`` finds cards by any part of their name, accents and case ignored, and tells the solo badge tokens
(the terminal's help)."""

from __future__ import annotations

from lewis_clark.cards import BY_SLUG, CARDS
from lewis_clark.terminal.texts import find_card, find_cards, help_text
from lewis_clark.village import PLACES
from lewis_clark.wording import card_help, card_summary, card_title, kind_name, language, place_token, rule


def test_help_john_lists_every_john_with_a_summary() -> None:
    johns = [c for c in CARDS[1:] if "john" in c.name.lower()]
    assert len(johns) > 3
    text = help_text("john")
    for c in johns:
        assert f"{card_title(c)}: {card_summary(c)}" in text
    assert {"John Colter", "John Shields", "John Ordway"} <= {c.name for c in find_cards("JOHN")}
    assert find_card("john") is None  # several: no single card


def test_exact_or_unique_match_shows_the_card() -> None:
    assert help_text("john hay") == card_help(BY_SLUG["john-hay"])  # "hay" alone is another card
    assert help_text("hay") == card_help(BY_SLUG["hay"])
    assert help_text("Colter") == card_help(BY_SLUG["john-colter"])
    assert help_text("#39") == card_help(CARDS[39])


def test_accents_and_case_are_ignored() -> None:
    rene = next(c for c in CARDS if c.name == "René Jessaume")
    assert find_card("rene") is rene and find_card("RENÉ") is rene
    assert help_text("rene jessaume") == card_help(rene)


def test_words_may_come_from_anywhere_in_the_name() -> None:
    assert find_card("joseph field") is BY_SLUG["joseph-and-ruben-field"]
    assert "No help on" in help_text("john zebra")


def test_place_and_solo_help_tell_the_badge_tokens() -> None:
    solo = rule("solo")
    for p in PLACES:
        text = help_text(p.name)
        assert f"{kind_name(p.solo_badge)} badge token" in text
        assert kind_name(p.solo_badge) in place_token(p)
        assert kind_name(p.solo_badge) in solo
    assert "Hunting: food" in solo and "badge token" in help_text("hunting")


def test_hungarian_list_has_no_english_heading() -> None:
    with language("hu"):
        text = help_text("john")
    assert "match" not in text and "találat" in text
