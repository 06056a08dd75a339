"""The observation: fixed size, every value in [0, 1], built from a seat's view only, seats relative
to the observer."""

from __future__ import annotations

import random

import numpy as np
import pytest

from builders import card, hand
from lewis_clark import apply_in_place, legal_actions, new_game, view
from lewis_clark.cards import CARDS
from lewis_clark.rl import observation
from lewis_clark.rl.observation import LAYOUT, OFFSET, SIZE, encode, layout_table, observe


def block(x: np.ndarray, name: str) -> np.ndarray:
    seg = next(s for s in LAYOUT if s.name == name)
    return x[seg.start: seg.start + seg.size]


def test_layout_is_contiguous_and_documented() -> None:
    at = 0
    for seg in LAYOUT:
        assert seg.start == at and seg.size > 0
        at += seg.size
    assert at == SIZE
    table = layout_table()
    assert "`player<k>.hand`" in table and f"Total size {SIZE}" in table


@pytest.mark.parametrize("players", [1, 3, 5])
def test_values_stay_in_the_unit_interval_through_a_game(players: int) -> None:
    state = new_game(players=players, seed=players)
    rng = random.Random(players)
    while not state.over and state.turn <= 120:
        for seat in range(players):
            x = observe(state, seat)
            assert x.shape == (SIZE,) and x.dtype == np.float32
            assert 0.0 <= float(x.min()) and float(x.max()) <= 1.0
        apply_in_place(state, rng.choice(legal_actions(state)))


def test_hidden_deck_order_and_generator_do_not_show() -> None:
    a = new_game(players=3, seed=4)
    b = a.copy()
    b.deck.reverse()
    b.rng ^= 12345
    for seat in range(3):
        assert np.array_equal(observe(a, seat), observe(b, seat))


def test_encode_refuses_the_full_state() -> None:
    with pytest.raises(ValueError):
        encode(new_game(), 0)


def test_blocks_are_relative_to_the_observer() -> None:
    state = new_game(players=3, seed=2)
    hand(state, 1, "black-cat")
    x = observe(state, 1)
    mine = block(x, "player0.hand")
    assert mine[card("black-cat") - 1] == 1 and mine.sum() == 1
    left = block(observe(state, 0), "player1.hand")  # seat 1 is the next seat after seat 0
    assert left[card("black-cat") - 1] == 1
    assert block(x, "player0.present")[0] == 1 and block(observe(new_game(players=3), 0), "player3.present")[0] == 0
    decider = block(observe(state, (state.current + 1) % 3), "to_decide")
    assert decider[2] == 1  # the current seat sits two places after the observer


def test_the_decision_frame_is_shown() -> None:
    state = new_game(players=2, seed=0)
    played = state.players[state.current].hand[0]
    apply_in_place(state, f"play {CARDS[played].slug}")
    x = observe(state, state.current)
    assert block(x, "frame0.kind")[observation.FRAME_KIND_LIST.index("under")] == 1
    assert block(x, "frame0.card")[played] == 1
    assert block(x, "frame1.kind").sum() == 0
    assert OFFSET["frame1.kind"] > OFFSET["frame0.kind"]


def test_view_is_what_it_encodes() -> None:
    state = new_game(players=2, seed=9)
    assert np.array_equal(observe(state, 1), encode(view(state, 1), 1))


def test_docs_show_the_current_layout() -> None:
    from pathlib import Path

    docs = (Path(__file__).resolve().parents[2] / "docs" / "rl.md").read_text()
    assert layout_table() in docs


def played_states(players: int, seed: int, turns: int = 60) -> list:  # states of a random game, every 3rd decision
    state = new_game(players=players, seed=seed, mackenzie=seed % 8 if players == 1 else 0)
    rng = random.Random(seed)
    out = []
    while not state.over and state.turn <= turns:
        if rng.random() < 0.3:
            out.append(state.copy())
        apply_in_place(state, rng.choice(legal_actions(state)))
    out.append(state)
    return out


@pytest.mark.both_builds
@pytest.mark.parametrize("players", [1, 2, 3, 4, 5])
def test_the_fast_fill_equals_the_plain_encoder(players: int) -> None:
    from reference_observation import encode as reference

    for seed in range(2):
        for state in played_states(players, seed):
            for seat in range(players):
                seen = view(state, seat)
                assert np.array_equal(observe(state, seat), reference(seen, seat))
                assert np.array_equal(encode(seen, seat), reference(seen, seat))


def test_a_short_route_and_a_saturated_turn_count() -> None:
    from reference_observation import encode as reference

    from lewis_clark.route import Route

    state = new_game(players=2, seed=3, route=Route(("R",) * 6 + ("M", "MR", "R", "R"), 1, 8))
    state.turn = 999  # saturates at 1; 999 needs the count's high byte before it is capped
    state.players[0].scout = 5  # four spaces left after it (M, MR, R, R): the rest of "ahead" is zeros
    x = observe(state, 0)
    assert block(x, "turn")[0] == 1.0
    assert np.array_equal(x, reference(view(state, 0), 0))
    assert block(x, "player0.ahead").tolist() == [0, 1, 1, 1, 1, 0, 1, 0] + [0] * 8


def test_observe_many_stacks_the_single_observations() -> None:
    from lewis_clark.route import Route

    states = played_states(3, 1)[:5] + [new_game(players=2, seed=5, route=Route(("R",) * 12, 2, 9))]
    seats = [k % len(s.players) for k, s in enumerate(states)]
    batch = observation.observe_many(states, seats)
    assert batch.shape == (len(states), SIZE) and batch.dtype == np.float32
    for k, state in enumerate(states):
        assert np.array_equal(batch[k], observe(state, seats[k]))
    out = np.full((len(states), SIZE), 7.0, np.float32)
    assert observation.observe_many(states, seats, out) is out and np.array_equal(out, batch)
    with pytest.raises(ValueError, match="seats"):
        observation.observe_many(states, seats[:-1])
    with pytest.raises(ValueError, match="no seat 3"):
        observe(states[0], 3)


def test_masks_are_the_legal_actions() -> None:
    from lewis_clark.rl.actions_index import INDEX, NUM_ACTIONS, legal_indices

    states = played_states(2, 4) + played_states(1, 2)
    masks = observation.legal_masks(states)
    assert masks.shape == (len(states), NUM_ACTIONS) and masks.dtype == np.int8
    for k, state in enumerate(states):
        expected = sorted(INDEX[a] for a in legal_actions(state))
        assert legal_indices(state) == expected
        assert np.flatnonzero(masks[k]).tolist() == expected
        assert np.array_equal(observation.legal_mask(state), masks[k])
    finished = states[0].copy()
    finished.over = True
    assert not observation.legal_mask(finished).any() and legal_indices(finished) == []
