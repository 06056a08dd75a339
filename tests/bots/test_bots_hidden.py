"""Bots decide on what their seat may know: two real games that differ only in the draw deck's order
and the generator (so their futures differ) look the same to a seat, and every bot chooses the same in
both. And bots are reproducible by seed, one decision or a whole game."""

from __future__ import annotations

import random

import pytest

from lewis_clark import Options, legal_actions, view
from lewis_clark.bots import make_bot
from lewis_clark.match import Match
from lewis_clark.state import State

pytestmark = pytest.mark.both_builds  # run on the pure build too (.ci/run)

# Every kind of bot, with small budgets in iterations, never in seconds (a time budget is not
# reproducible): these tests check what a bot reads, not how well it plays.
SPECS = ["random", "heuristic", "easy", "rollout", "policy", "rollout:policy=2", "mcts:iterations=20:depth=2",
         "planner:width=2:horizon=2",
         pytest.param("race:samples=2:keep=2:beam=3:nodes=4", marks=pytest.mark.slow),
         pytest.param("race:samples=2:keep=2:beam=3:nodes=4:learned_camps=1:learned_beam=1:learned_prior=1",
                      marks=pytest.mark.slow)]

ROLLOUT = "rollout:camping=1:policy=3"  # plays the positions' games: a reasonable bot, seconds a game on the pure build


def _positions(stack: bool) -> list[State]:
    """Real positions from bot games (solo and two seats) where the seat to play has a choice and the
    draw deck holds at least two cards: at turn decisions (``stack`` False) or inside an action."""
    out: list[State] = []
    for options, seats in ((Options(players=2, seed=8), [ROLLOUT, "easy"]),
                           (Options(players=1, seed=3, mackenzie=4), [ROLLOUT])):
        match = Match(options, seats, keep_log=False)
        taken = -99
        while not match.over and len(out) < 6 * (1 + (options.players == 1)):
            s = match.state
            if (bool(s.stack) == stack and len(match.actions) - taken >= 9 and len(legal_actions(s)) > 1
                    and len(set(s.deck)) > 1):
                out.append(s.copy())
                taken = len(match.actions)
            match.step_bot()
    return out


TURNS = _positions(stack=False)
INSIDE = _positions(stack=True)


def hidden_twin(state: State, seed: int) -> State:
    """The same table with the draw deck in another order (another card on top) and another
    generator: what happens next differs, what any seat can see does not."""
    twin = state.copy()
    shuffle = random.Random(seed)
    while twin.deck[-1] == state.deck[-1]:
        shuffle.shuffle(twin.deck)
    twin.rng = shuffle.getrandbits(63) | 1
    return twin


def test_positions_cover_turns_and_actions_in_several_games() -> None:
    assert len(TURNS) >= 8 and len(INSIDE) >= 8
    assert all(not s.stack for s in TURNS) and all(s.stack for s in INSIDE)
    assert {s.options.players for s in TURNS} == {1, 2} == {s.options.players for s in INSIDE}


@pytest.mark.parametrize("state", TURNS + INSIDE, ids=lambda s: f"p{s.options.players}-t{s.turn}-{s.decision}")
def test_twins_differ_in_the_deck_and_look_the_same_to_every_seat(state: State) -> None:
    twin = hidden_twin(state, 1)
    assert twin.deck != state.deck and twin.deck[-1] != state.deck[-1] and twin.rng != state.rng
    assert sorted(twin.deck) == sorted(state.deck)
    assert legal_actions(twin) == legal_actions(state)
    for seat in range(state.options.players):
        assert view(twin, seat) == view(state, seat)
    assert view(twin, 0).to_json() == view(state, 0).to_json()


def test_a_bot_reading_the_real_deck_would_be_caught() -> None:
    """The twins are different enough: a choice made from the top card of the real deck differs
    between twins somewhere, and made from the views it never does."""

    def peek(s: State) -> str:
        legal = legal_actions(s)
        return str(legal[s.deck[-1] % len(legal)])

    pairs = [(s, hidden_twin(s, 300 + i)) for i, s in enumerate(TURNS + INSIDE)]
    assert any(peek(s) != peek(twin) for s, twin in pairs)
    assert all(peek(view(s, s.current)) == peek(view(twin, s.current)) for s, twin in pairs)


@pytest.mark.parametrize("spec", SPECS)
def test_bots_choose_the_same_behind_different_real_decks(spec: str) -> None:
    """Two fresh bots with the same seed, one facing the real game and one its hidden twin."""
    for i, state in enumerate(TURNS + INSIDE):
        twin = hidden_twin(state, 100 + i)
        seat = state.current
        real = make_bot(spec, seed=5 + i).choose(view(state, seat), legal_actions(state))
        other = make_bot(spec, seed=5 + i).choose(view(twin, seat), legal_actions(twin))
        assert real == other, f"{spec} at turn {state.turn} ({state.decision}): {real} then {other}"


@pytest.mark.parametrize("spec", SPECS)
def test_a_bot_plays_on_the_same_behind_different_real_decks(spec: str) -> None:
    """The bot keeps state between decisions (its generator, its plans): one bot carried through a run
    of real positions decides as one carried through their twins."""
    one, two = make_bot(spec, seed=9), make_bot(spec, seed=9)
    for i, state in enumerate(TURNS):
        twin = hidden_twin(state, 200 + i)
        seat = state.current
        assert one.choose(view(state, seat), legal_actions(state)) == two.choose(view(twin, seat), legal_actions(twin))


@pytest.mark.parametrize("spec", SPECS)
def test_same_seed_same_view_same_choice(spec: str) -> None:
    for state in TURNS + INSIDE:
        seen, legal = view(state, state.current), legal_actions(state)
        assert make_bot(spec, seed=21).choose(seen, legal) == make_bot(spec, seed=21).choose(seen, legal)


@pytest.mark.parametrize("spec", SPECS)
def test_same_seed_same_whole_game(spec: str) -> None:
    """A whole solo game, and the first turns of a two-seat game: the same seed gives the same record."""
    solo = Options(players=1, seed=12, mackenzie=7)
    first = Match(solo, [spec], keep_log=False).play_out(200)
    again = Match(solo, [spec], keep_log=False).play_out(200)
    assert first.over and first.record == again.record
    duo = Options(players=2, seed=12)
    assert (Match(duo, [spec, "easy"], keep_log=False).play_out(8).record
            == Match(duo, [spec, "easy"], keep_log=False).play_out(8).record)


def test_another_game_seed_gives_another_game() -> None:
    """The records above are not equal by accident: the seed (deck and bots) changes the game."""
    one = Match(Options(players=1, seed=12, mackenzie=7), ["random"], keep_log=False).play_out(200)
    two = Match(Options(players=1, seed=13, mackenzie=7), ["random"], keep_log=False).play_out(200)
    assert one.record.actions != two.record.actions
