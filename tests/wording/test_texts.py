"""The project's own wording of cards, Village places and actions (lewis_clark.wording): complete, with the
right numbers (components.md), shared by terminal and web, and never the rulebook's sentences."""

from __future__ import annotations

import random
import re

import pytest

from builders import game
from lewis_clark import effects_spec
from lewis_clark.actions import VERBS
from lewis_clark.cards import BY_SLUG, CARDS, ROLES, Card
from lewis_clark.effects_spec import Alternative
from lewis_clark.resources import KINDS, NONE, bundle
from lewis_clark.rules import apply, legal_actions
from lewis_clark.terminal.texts import card_help, help_text
from lewis_clark.village import PLACE_INDEX, PLACES, Place
from lewis_clark.web.views import meta_json
from lewis_clark.wording import (
    bundle_words,
    camp_preview,
    card_summary,
    card_text,
    decision_hint,
    label,
    place_summary,
    place_text,
)
from lewis_clark.wording.cards import COUNTERS, SHORT_COUNTERS, result_words, spaces
from lewis_clark.wording.guide import guide_sections
from lewis_clark.wording.names import choice_name
from rulebook_runs import copied


def text_of(slug: str) -> str:
    return card_text(BY_SLUG[slug])


def place(name: str) -> Place:
    return PLACES[PLACE_INDEX[name]]


# --- complete ------------------------------------------------------------------------------------

@pytest.mark.parametrize("c", CARDS[1:], ids=lambda c: c.slug)
def test_every_card_has_a_text_and_a_summary(c: Card) -> None:
    text = card_text(c)
    assert len(text.split()) >= 4 and text[0].isupper() and text.endswith("."), text
    assert card_summary(c).strip()


@pytest.mark.parametrize("p", PLACES, ids=lambda p: p.name)
def test_every_place_has_a_text_and_a_summary(p: Place) -> None:
    assert len(place_text(p).split()) >= 8 and place_summary(p).strip()


def test_every_result_and_counter_is_worded() -> None:
    """A result the effect language knows never falls back to "nothing"; every counter has both forms."""
    for result in effects_spec.RESULTS - {"none"}:
        assert result_words(Alternative(result=result, count=2, resource=0, counter="face-up")) != "nothing", result
    assert set(COUNTERS) == set(effects_spec.COUNTERS) == set(SHORT_COUNTERS)


@pytest.mark.parametrize("c", [c for c in CARDS[1:] if len(c.alternatives) > 1], ids=lambda c: c.slug)
def test_choices_are_named_in_words_and_their_notation_in_the_help(c: Card) -> None:
    """The card's text names each choice as its button does ('river with food': the notation is English
    whatever the language); the terminal's help adds what to type after perform (Commander
    food/canoe/horse, Newman river/mountain)."""
    assert all(f"'{choice_name(a.label, a.result)}'" in card_text(c) for a in c.alternatives)
    assert all(f"perform {a.label} (" in card_help(c) for a in c.alternatives)


# --- the right numbers ---------------------------------------------------------------------------

def test_commander_names_food_canoe_and_horse_with_their_distances() -> None:
    """components.md: pay 1 food, River 2 | pay 1 canoe, River 4 | pay 1 horse, Mountain 2."""
    for commander in (c for c in CARDS[1:] if c.role == ROLES[0]):
        text = card_text(commander)
        assert re.search(r"'river with food': pay 1 food, then move your Scout 2 spaces on the River", text), text
        assert re.search(r"'river by canoe': pay 1 canoe, then move your Scout 4 spaces on the River", text), text
        assert re.search(r"'mountains by horse': pay 1 horse, then move your Scout 2 spaces in the Mountains", text), text


@pytest.mark.parametrize("slug, words", [
    ("moses-b-reed", ("2 wood", "2 spaces", "River")),
    ("john-dame", ("2 wood", "1 space ", "Mountains")),
    ("comcomly", ("1 wood + 1 fur + 1 food + 1 equipment", "7 spaces", "River")),
    ("cutssahnem", ("3 different", "5 spaces")),
    ("big-horse", ("2 Indians", "Powwow", "1 horse")),
    ("twisted-hair", ("1 canoe", "2 canoes")),
    ("rene-jessaume", ("3 fur", "1 horse")),
    ("black-cat", ("2 resources", "wood, fur, food and equipment")),
    ("yellept", ("any 1 resource", "2 resources")),
    ("hay", ("at most 4", "Strength above 1 adds nothing")),
    ("little-raven", ("Strength above 1 adds nothing",)),
    ("george-drouillard", ("1 Indian", "any 1 resource", "2 spaces", "Mountains")),
    ("black-buffalo", ("1 food", "Food badge")),
    ("half-man", ("Mackenzie",)),  # R21
    ("daniel-boone", ("Powwow", "Newcomer")),  # R11
    ("little-thief", ("two resources",)),  # R21
    ("toussaint-charbonneau", ("holds an Indian",)),  # R12
    ("the-partisan", ("1 food", "Strength 1", "face-up")),  # R22
    ("joseph-gravelines", ("2 Fur",)),
    ("john-boley", ("1 Time",)),
    ("nicholas-jarrot", ("River", "2 spaces", "boost")),  # R19
    ("cut-nose", ("Mountain", "1 space", "boost")),
])
def test_card_texts_say_the_numbers(slug: str, words: tuple[str, ...]) -> None:
    text = text_of(slug)
    for w in words:
        assert w in text, (w, text)


@pytest.mark.parametrize("c", [c for c in CARDS[1:] if not c.permanent], ids=lambda c: c.slug)
def test_every_cost_and_gain_of_the_data_is_in_the_text(c: Card) -> None:
    """Each amount a card's data pays, takes or moves is written out, with its kind."""
    text = card_text(c)
    for a in c.alternatives:
        for b in (a.pay, a.take):
            for kind, n in zip(KINDS, b, strict=True):
                assert not n or re.search(rf"\b{n} {kind}", text, re.I), (kind, n, text)
        if a.is_move and not a.counter:
            assert spaces(a.count) in text
        for n in (a.pay_any, a.pay_different, a.powwow):
            assert not n or re.search(rf"\b{n} ", text)


@pytest.mark.parametrize("name, words", [
    ("hunting", ("1 fur + 1 food", "one circle")),
    ("crafts", ("1 wood + 1 equipment",)),
    ("gift", ("'fur': take 2 fur", "'wood': take 2 wood")),
    ("farewell", ("up to 3 cards", "Journal")),  # R12
    ("shamanism", ("1 food", "copy")),  # R22
    ("upgrade", ("3 wood", "boat tile", "two circles")),
    ("canoe", ("2 wood", "1 canoe", "1 to 3")),  # R9
    ("horse", ("3 different", "1 horse", "1 to 3")),  # R9
])
def test_place_texts_say_the_numbers(name: str, words: tuple[str, ...]) -> None:
    text = place_text(place(name))
    for w in words:
        assert w in text, (w, text)


def test_plural_and_bundles_read_as_english() -> None:
    assert spaces(1) == "1 space" and spaces(3) == "3 spaces"
    assert bundle_words(NONE) == "nothing"
    assert bundle_words(bundle(wood=2, canoe=2, indian=1)) == "2 wood + 2 canoes + 1 Indian"


# --- one wording, everywhere ---------------------------------------------------------------------

def test_terminal_help_and_web_tooltips_use_the_same_texts() -> None:
    cards = meta_json()["cards"]
    for c in CARDS[1:]:
        assert card_text(c) in card_help(c) and cards[c.slug]["text"] == card_text(c)
    for p, shown in zip(PLACES, meta_json()["places"], strict=True):
        assert place_text(p) in help_text(p.name) and shown["text"] == place_text(p)


def test_every_legal_action_has_a_label_in_words() -> None:
    """Through a few random games, each legal action's button label is words, not the notation."""
    rng = random.Random(5)
    seen: set[str] = set()
    for seed in range(3):
        s = game(3, seed=seed)
        for _ in range(120):
            legal = legal_actions(s)
            if s.over or not legal:
                break
            for a in legal:
                words = label(s, a)
                assert words and words[0].isupper() and words != str(a), (str(a), words)
                seen.add(a.verb)
            s = apply(s, rng.choice(legal))
    assert {"play", "under", "perform", "take", "end"} <= seen <= set(VERBS)


# --- our own words -------------------------------------------------------------------------------

def _hints_of_a_game() -> list[str]:
    """Every decision hint and Camp preview met through a seeded random game."""
    rng = random.Random(3)
    s, seen = game(2, seed=3), set()
    for _ in range(400):
        if s.over:
            break
        seen.update((decision_hint(s), camp_preview(s, s.current)))
        s = apply(s, rng.choice(legal_actions(s)))
    return sorted(seen)


def test_no_eight_word_run_of_the_rulebook() -> None:
    """Card and place texts and summaries are the project's own words, not the rulebook's."""
    texts = ([card_text(c) for c in CARDS[1:]] + [place_text(p) for p in PLACES]
             + [card_summary(c) for c in CARDS[1:]] + [place_summary(p) for p in PLACES]
             + [p for s in guide_sections() for p in (s.title, *s.paragraphs, *s.items)] + _hints_of_a_game())
    found = copied(texts)  # the rulebook's runs, checked in as fingerprints (tests/rulebook_runs.py)
    assert not found, found[:2]


def test_the_rulebook_fingerprints_are_checked_in_and_the_finder_matches_runs() -> None:
    import rulebook_runs

    book = rulebook_runs.rulebook()
    assert len(book) > 5000 and all(len(f) == 16 for f in book)
    text = "one two three four five six seven eight nine"
    assert len(rulebook_runs.fingerprints(text)) == 2
    assert rulebook_runs.fingerprints("One, two three four five six seven eight!") <= rulebook_runs.fingerprints(text)
