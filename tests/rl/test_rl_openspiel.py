"""The OpenSpiel game: OpenSpiel's random simulation test, chance nodes for every draw (set-up,
recruitment, reshuffle R14), consistency with the engine, and OpenSpiel's MCTS bot playing."""

from __future__ import annotations

import random

import numpy as np
import pyspiel
from open_spiel.python.algorithms import mcts

import lewis_clark.rl.openspiel_game as osg
from lewis_clark import legal_actions
from lewis_clark.cards import CARDS, ENCOUNTERED_IDS
from lewis_clark.invariants import problems
from lewis_clark.rl.actions_index import INDEX, NUM_ACTIONS, index_of
from lewis_clark.rl.observation import SIZE, observe

SHORT_ROUTE = "S R F R R"


def load(**params: object) -> pyspiel.Game:
    return pyspiel.load_game(osg.SHORT_NAME, params)


def past_setup(game: pyspiel.Game, seed: int = 0) -> osg.LewisClarkState:
    state: osg.LewisClarkState = game.new_initial_state()
    rng = random.Random(seed)
    while state.is_chance_node():
        state.apply_action(rng.choice([o for o, _ in state.chance_outcomes()]))
    return state


def test_random_sim_test_passes() -> None:
    for players in (1, 2, 4):
        pyspiel.random_sim_test(load(players=players, max_turns=40), num_sims=2, serialize=True, verbose=False)


def test_game_info() -> None:
    game = load(players=3)
    assert game.num_players() == 3 and game.num_distinct_actions() == NUM_ACTIONS
    assert game.max_chance_outcomes() == len(CARDS) - 1
    assert game.get_type().chance_mode == pyspiel.GameType.ChanceMode.EXPLICIT_STOCHASTIC
    assert game.observation_tensor_size() == SIZE


def test_setup_is_five_uniform_draws_then_the_first_player() -> None:
    """R13: five Journal cards drawn from the whole encountered deck, then the first player."""
    state = load(players=3).new_initial_state()
    seen: list[int] = []
    for _ in range(5):
        assert state.is_chance_node()
        outcomes = state.chance_outcomes()
        assert sorted(o + 1 for o, _ in outcomes) == sorted(set(ENCOUNTERED_IDS) - set(seen))
        assert all(abs(p - 1 / len(outcomes)) < 1e-12 for _, p in outcomes)
        seen.append(outcomes[-1][0] + 1)
        state.apply_action(outcomes[-1][0])
    assert state.is_chance_node() and [o for o, _ in state.chance_outcomes()] == [0, 1, 2]
    state.apply_action(2)
    assert state.current_player() == 2
    assert sorted(state.engine.journal) == sorted(seen)
    strengths = [CARDS[c].strength for c in state.engine.journal]
    assert strengths == sorted(strengths)  # laid by Strength (R13)
    assert not problems(state.engine)


def _recruit_position(deck_cards: int) -> osg.LewisClarkState:
    """Seat to play can recruit; the draw deck keeps ``deck_cards`` cards, the rest go to the discard."""
    state = past_setup(load(players=2))
    e = state.engine
    e.discard = e.deck[deck_cards:]
    e.deck = e.deck[:deck_cards]
    e.players[e.current].resources = [0, 5, 0, 5, 0, 0]
    return state


def test_a_recruitment_draws_from_the_deck() -> None:
    state = _recruit_position(3)
    deck = sorted(state.engine.deck)
    card = state.engine.journal[0]
    state.apply_action(index_of(f"recruit {CARDS[card].slug}"))
    state.apply_action(index_of("discard none"))
    assert state.is_chance_node()
    assert [o + 1 for o, _ in state.chance_outcomes()] == deck
    state.apply_action(deck[1] - 1)
    assert not state.is_chance_node() and state.engine.journal[-1] == deck[1]
    assert card in state.engine.players[state.engine.current].hand and len(state.engine.deck) == 2
    assert not problems(state.engine)


def test_an_empty_deck_draws_from_the_discard() -> None:
    """R14: with the draw deck empty, the discard deck becomes the deck the card is drawn from."""
    state = _recruit_position(0)
    discard = sorted(state.engine.discard)
    card = state.engine.journal[2]
    state.apply_action(index_of(f"recruit {CARDS[card].slug}"))
    state.apply_action(index_of("discard none"))
    assert [o + 1 for o, _ in state.chance_outcomes()] == discard
    state.apply_action(discard[0] - 1)
    assert state.engine.journal[-1] == discard[0] and state.engine.discard == []
    assert sorted(state.engine.deck) == discard[1:]
    assert not problems(state.engine)


def test_random_games_keep_the_engine_consistent() -> None:
    game = load(players=3, max_turns=150)
    rng = random.Random(3)
    state = game.new_initial_state()
    draws = 0
    while not state.is_terminal():
        if state.is_chance_node():
            state.apply_action(rng.choice([o for o, _ in state.chance_outcomes()]))
            draws += 1
        else:
            legal = state.legal_actions()
            assert legal == sorted(INDEX[a] for a in legal_actions(state.engine))
            assert np.array_equal(np.asarray(state.observation_tensor(state.current_player()), np.float32),
                                  observe(state.engine, state.current_player()))
            state.apply_action(rng.choice(legal))
        if not state.is_chance_node():  # a chance node holds the Journal slot it is about to fill
            assert not problems(state.engine)
    assert draws > 6  # set-up and at least one draw in play
    assert state.returns() == [0.0, 0.0, 0.0] or sorted(state.returns()) == [0.0, 0.0, 1.0]


def test_clone_is_independent() -> None:
    state = past_setup(load(players=2))
    clone = state.clone()
    clone.apply_action(clone.legal_actions()[0])
    assert str(state) != str(clone) and state.history() != clone.history()


def test_mcts_bot_beats_random_on_a_short_route() -> None:
    game = load(players=2, max_turns=12, route=SHORT_ROUTE)
    wins = 0
    for seed in range(3):
        rng = np.random.RandomState(seed)
        bot = mcts.MCTSBot(game, uct_c=2, max_simulations=40, evaluator=mcts.RandomRolloutEvaluator(1, rng),
                           random_state=rng)
        state = game.new_initial_state()
        while not state.is_terminal():
            if state.is_chance_node():
                outcomes, probs = zip(*state.chance_outcomes(), strict=True)
                state.apply_action(int(rng.choice(outcomes, p=probs)))
            elif state.current_player() == 0:
                action = bot.step(state)
                assert action in state.legal_actions()
                state.apply_action(action)
            else:
                state.apply_action(int(rng.choice(state.legal_actions())))
        wins += state.returns()[0] == 1.0
    assert wins >= 2


def test_docs_example_runs() -> None:
    import re
    from pathlib import Path

    docs = Path(__file__).resolve().parents[2] / "docs" / "rl.md"
    blocks = [b for b in re.findall(r"```python\n(.*?)```", docs.read_text(), re.S) if "pyspiel" in b or "mcts" in b]
    assert len(blocks) == 2
    exec(compile("\n".join(blocks), str(docs), "exec"), {"__name__": "docs"})


def test_information_state_is_refused_as_declared() -> None:
    game = load(players=2)
    assert not game.get_type().provides_information_state_tensor
    assert not game.get_type().provides_information_state_string
    state = past_setup(game)
    for ask in (state.information_state_tensor, state.information_state_string):
        try:
            ask(0)
        except Exception as exc:  # pyspiel passes the observer's ValueError on
            assert "no information state" in str(exc)
        else:
            raise AssertionError("an information state was answered though the game declares none")
    assert len(state.observation_tensor(0)) == SIZE  # observations still work


def _play(game: pyspiel.Game, seed: int) -> list[int]:
    rng = random.Random(seed)
    state = game.new_initial_state()
    while not state.is_terminal():
        if state.is_chance_node():
            state.apply_action(rng.choice([o for o, _ in state.chance_outcomes()]))
        else:
            state.apply_action(rng.choice(state.legal_actions()))
    return state.history()


def test_game_pickles_and_deep_copies_with_its_parameters() -> None:
    import copy
    import pickle

    game = load(players=3, max_turns=6, route=SHORT_ROUTE, mackenzie=0)
    for other in (pickle.loads(pickle.dumps(game)), copy.deepcopy(game)):
        assert isinstance(other, osg.LewisClarkGame)
        assert other.get_parameters() == game.get_parameters()
        assert other.max_turns == 6 and other.options == game.options
        assert other.max_game_length() == game.max_game_length()
        assert _play(other, 3) == _play(game, 3)  # the same game under the same choices, the turn cap included
