"""Set-up: a new game laid out as the rulebook says, for 1-5 players, and its option checks."""

from __future__ import annotations

import pytest

from lewis_clark import Options, new_game, rng
from lewis_clark.cards import CARDS, COLOURS, ENCOUNTERED_IDS, crew
from lewis_clark.route import PRINTED_ST_LOUIS

PLAYER_COUNTS = [1, 2, 3, 4, 5]
INDIANS_IN_PLAY = {1: 6, 2: 9, 3: 12, 4: 15, 5: 18}  # rulebook set-up table


def drawn_order(seed: int) -> list[int]:
    """The five cards set-up draws, in draw order, from the game's own shuffle of the deck."""
    deck = list(ENCOUNTERED_IDS)
    position, key = rng.start(rng.KEYED, seed)
    rng.shuffle(position, deck, key)
    return [deck[-1 - i] for i in range(5)]  # the top of the deck is its last card


@pytest.mark.parametrize("n", PLAYER_COUNTS)
def test_indians_by_player_count(n: int) -> None:
    """6/9/12/15/18 Indians: one on the Newcomer, one on each expedition, the rest in the stock."""
    s = new_game(players=n, seed=3)
    assert s.newcomer == 1
    assert [p.indians for p in s.players] == [1] * n
    assert all(p.on_cards == 0 for p in s.players)
    assert s.powwow == 0 and sum(s.village) == 0
    assert s.indian_stock + s.newcomer + n == INDIANS_IN_PLAY[n]


@pytest.mark.parametrize("n", PLAYER_COUNTS)
def test_hands_are_the_six_starting_cards_of_each_seats_colour(n: int) -> None:
    s = new_game(players=n, seed=1)
    for seat, p in enumerate(s.players):
        assert p.colour == COLOURS[seat]
        assert sorted(p.hand) == sorted(crew(p.colour))
        assert len(p.hand) == 6
        assert {CARDS[c].colour for c in p.hand} == {p.colour}
        assert sorted(CARDS[c].role for c in p.hand) == sorted(
            ["commander", "interpreter", "lumberjack", "hunter", "blacksmith", "fur-trader"])
        assert p.face_up == [] and p.face_down == []


def test_chosen_colours_give_their_crews() -> None:
    s = new_game(players=2, colours=("purple", "green"))
    assert [p.colour for p in s.players] == ["purple", "green"]
    assert sorted(s.players[0].hand) == sorted(crew("purple"))
    assert sorted(s.players[1].hand) == sorted(crew("green"))
    assert not set(crew("orange")) & {c for p in s.players for c in p.hand}


@pytest.mark.parametrize("n", PLAYER_COUNTS)
def test_starting_resources_one_fur_food_equipment(n: int) -> None:
    s = new_game(players=n, seed=2)
    for p in s.players:
        assert p.resources == [0, 1, 1, 1, 0, 0]  # wood fur food equipment canoe horse
        assert p.tiles == [0, 0, 0, 0]


@pytest.mark.parametrize("seed", range(40))
def test_journal_sorted_by_strength_ties_in_draw_order(seed: int) -> None:
    """R13: the five drawn cards by ascending Strength from slot 1, equal Strengths in draw order."""
    s = new_game(players=2, seed=seed)
    drawn = drawn_order(seed)
    expected = [c for strength in (1, 2, 3) for c in drawn if CARDS[c].strength == strength]
    assert s.journal == expected
    strengths = [CARDS[c].strength for c in s.journal]
    assert strengths == sorted(strengths)


def test_journal_ordering_is_exercised() -> None:
    """The seeds above include deals that needed sorting and deals with ties (else the test is idle)."""
    deals = [drawn_order(seed) for seed in range(40)]
    assert any([CARDS[c].strength for c in d] != sorted(CARDS[c].strength for c in d) for d in deals)
    assert any(len({CARDS[c].strength for c in d}) < 5 for d in deals)


@pytest.mark.parametrize("n", PLAYER_COUNTS)
def test_deck_holds_the_other_49_encountered_cards(n: int) -> None:
    s = new_game(players=n, seed=5)
    assert len(s.deck) == 49 and s.discard == []
    assert all(s.journal)
    assert sorted(s.deck + s.journal) == list(ENCOUNTERED_IDS)
    assert s.deck == [c for c in s.deck if c not in s.journal]


@pytest.mark.parametrize("n", PLAYER_COUNTS)
def test_tile_stacks_scouts_and_camps(n: int) -> None:
    s = new_game(players=n, seed=4)
    assert s.tile_stacks == [6, 6]
    assert s.options.route.st_louis == PRINTED_ST_LOUIS
    for p in s.players:
        assert p.scout == PRINTED_ST_LOUIS and p.camp == PRINTED_ST_LOUIS
    assert s.stack == [] and not s.over and s.winner == -1
    assert s.turn == 1 and not (s.acted or s.recruited or s.camped or s.must_camp)


def test_mackenzie_only_in_solo() -> None:
    assert new_game(players=2).mackenzie == -1
    assert new_game(players=1).mackenzie == PRINTED_ST_LOUIS
    assert new_game(players=1, mackenzie=7).mackenzie == PRINTED_ST_LOUIS + 7


def test_first_player_is_deterministic_per_seed() -> None:
    for seed in range(10):
        a = new_game(players=4, seed=seed)
        b = new_game(players=4, seed=seed)
        assert a.current == b.current
        assert a.to_text() == b.to_text()


def test_first_player_varies_across_seeds() -> None:
    firsts = {new_game(players=4, seed=seed).current for seed in range(60)}
    assert firsts == {0, 1, 2, 3}


def test_deck_order_varies_across_seeds() -> None:
    assert len({tuple(new_game(players=2, seed=seed).deck) for seed in range(10)}) == 10


def test_solo_first_player_is_seat_zero() -> None:
    assert {new_game(players=1, seed=seed).current for seed in range(10)} == {0}


def test_options_object_and_keywords_agree() -> None:
    assert new_game(Options(players=3, seed=9)).to_text() == new_game(players=3, seed=9).to_text()
    with pytest.raises(TypeError):
        new_game(Options(players=3), seed=9)


@pytest.mark.parametrize("kwargs", [
    {"players": 0}, {"players": 6}, {"players": -1},
    {"players": 2, "colours": ("orange",)},
    {"players": 2, "colours": ("orange", "red")},
    {"players": 2, "colours": ("blue", "blue")},
    {"players": 1, "mackenzie": -1}, {"players": 1, "mackenzie": 8},
])
def test_bad_options_are_refused(kwargs: dict[str, object]) -> None:
    with pytest.raises(ValueError):
        new_game(**kwargs)


def test_bad_option_messages_say_what_is_wrong() -> None:
    with pytest.raises(ValueError, match="players"):
        new_game(players=6)
    with pytest.raises(ValueError, match="red"):
        new_game(players=2, colours=("orange", "red"))
    with pytest.raises(ValueError, match="mackenzie"):
        new_game(players=1, mackenzie=9)
