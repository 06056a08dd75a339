"""Each rule limit has one home (docs/rulings.md): every sentence that states a limit takes the number
from there, in every language, so that no sentence can say another number than the engine plays by.
Each case gives the limit an odd value in the wording module that reads it and looks for that value
in the sentence; a number written into the sentence (or its translation) stays put and fails."""

from __future__ import annotations

from collections.abc import Callable
from types import ModuleType

import pytest

from lewis_clark import decisions, effects, expedition, journal, new_game, queries, turn
from lewis_clark.cards import BY_SLUG
from lewis_clark.village import PLACE_INDEX, PLACES
from lewis_clark.wording import cards as card_words
from lewis_clark.wording import decisions as decision_words
from lewis_clark.wording import guide, help, language
from lewis_clark.wording.cards import card_summary, card_text, place_text

ODD = 97  # a value no sentence holds by chance


def _card(slug: str) -> Callable[[], str]:
    return lambda: card_text(BY_SLUG[slug]) + " " + card_summary(BY_SLUG[slug])


def _place(name: str) -> Callable[[], str]:
    return lambda: place_text(PLACES[PLACE_INDEX[name]])


def _guide() -> str:
    return " ".join(p for s in guide.guide_sections() for p in s.paragraphs)


def _must_camp() -> str:
    s = new_game(players=2, seed=0)
    s.must_camp = True
    return decision_words.prompt(s)


# (the wording module, the limit's name there, its home, the sentence)
CASES: list[tuple[ModuleType, str, ModuleType, Callable[[], str]]] = [
    (card_words, "FAREWELL_DISCARDS", effects, _place("farewell")),  # R12
    (card_words, "MOST_PER_PLACEMENT", turn, _place("canoe")),  # R9
    (card_words, "MOST_DIFFERENT", effects, _card("hay")),  # R5
    (card_words, "GRAVELINES_DISCOUNT", queries, _card("joseph-gravelines")),  # R15
    (card_words, "BOLEY_DISCOUNT", queries, _card("john-boley")),  # R16
    (card_words, "JARROT_BONUS", effects, _card("nicholas-jarrot")),  # R19
    (card_words, "CUT_NOSE_BONUS", effects, _card("cut-nose")),  # R19
    (help, "MOST_STRENGTH", decisions, lambda: help.rule("strength")),  # R1c
    (help, "MOST_INDIANS_WITH_CARD", decisions, lambda: help.rule("strength")),  # R1c
    (help, "MOST_PER_PLACEMENT", turn, lambda: help.rule("village")),  # R9
    (help, "SLOTS", journal, lambda: help.rule("journal")),
    (help, "FREE_BOAT_CAPACITY", expedition, lambda: help.rule("boats")),  # R6
    (help, "FLAT_BOAT_CAPACITY", expedition, lambda: help.rule("boats")),
    (help, "PER_RESOURCE_BOAT_CAPACITY", expedition, lambda: help.rule("boats")),
    (help, "FREE_INDIANS", expedition, lambda: help.rule("boats")),
    (guide, "MOST_STRENGTH", decisions, _guide),  # R1c
    (guide, "MOST_PER_PLACEMENT", turn, _guide),  # R9
    (guide, "FEWEST_CARDS_TO_ACT", queries, _guide),  # R17
    (decision_words, "FEWEST_CARDS_TO_ACT", queries, _must_camp),  # R17
]


@pytest.mark.parametrize("code", ["en", "hu"])
@pytest.mark.parametrize(("module", "name", "home", "sentence"), CASES,
                         ids=[f"{m.__name__.rsplit('.', 1)[-1]}.{n}" for m, n, _, _ in CASES])
def test_the_sentence_says_the_limit_of_its_home(module: ModuleType, name: str, home: ModuleType,
                                                 sentence: Callable[[], str], code: str,
                                                 monkeypatch: pytest.MonkeyPatch) -> None:
    assert getattr(module, name) == getattr(home, name), f"{name} is defined again outside its home"
    with language(code):
        assert str(ODD) not in sentence()
        monkeypatch.setattr(module, name, ODD)
        assert str(ODD) in sentence(), f"{module.__name__} writes {name} into the sentence ({code})"
