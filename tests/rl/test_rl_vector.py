"""The batch API: games stepped together, fixed-shape numpy outputs, masks equal to the legal actions,
Gymnasium's same-step autoreset, seeds per game, other seats played by the named bot, clear errors."""

from __future__ import annotations

from typing import Any

import numpy as np
import pytest

from lewis_clark import new_game, view
from lewis_clark.actions import IllegalAction
from lewis_clark.bots import BotSpecError, make_bot, sensible
from lewis_clark.match import HUMAN, Match, bot_seed
from lewis_clark.rl import VectorEnv
from lewis_clark.rl.actions_index import ACTIONS, NUM_ACTIONS, legal_indices
from lewis_clark.rl.observation import OFFSET, SIZE, observe
from lewis_clark.route import Route
from lewis_clark.rules import apply_legal, legal_actions
from lewis_clark.state import Options

SHORT = Route(("R",) * 5 + ("M", "MR", "R"), 1, 6)  # games that end within a few turns


def pick(masks: np.ndarray, rng: np.random.Generator) -> np.ndarray:
    """A uniformly random legal action in every game."""
    return np.array([rng.choice(np.flatnonzero(m)) for m in masks])


def run(envs: VectorEnv, seed: int, steps: int) -> list[Any]:
    obs, infos = envs.reset(seed=seed)
    rng = np.random.default_rng(seed)
    out: list[Any] = [obs, infos["action_mask"]]
    for _ in range(steps):
        obs, rewards, terminated, truncated, infos = envs.step(pick(infos["action_mask"], rng))
        out += [obs, rewards, terminated, truncated, infos["action_mask"]]
    return out


def test_spaces_and_shapes_follow_gymnasium() -> None:
    import gymnasium

    envs = VectorEnv(3, players=2)
    assert isinstance(envs, gymnasium.vector.VectorEnv) and envs.num_envs == 3
    assert envs.metadata["autoreset_mode"] == gymnasium.vector.AutoresetMode.SAME_STEP
    assert envs.single_observation_space.shape == (SIZE,) and envs.observation_space.shape == (3, SIZE)
    assert envs.single_action_space.n == NUM_ACTIONS and envs.action_space.shape == (3,)
    obs, infos = envs.reset(seed=0)
    assert obs.shape == (3, SIZE) and obs.dtype == np.float32 and envs.observation_space.contains(obs)
    assert infos["action_mask"].shape == (3, NUM_ACTIONS) and infos["action_mask"].dtype == np.int8
    assert infos["_action_mask"].all() and np.array_equal(envs.action_masks(), infos["action_mask"])
    obs, rewards, terminated, truncated, infos = envs.step(pick(infos["action_mask"], np.random.default_rng(0)))
    assert rewards.shape == terminated.shape == truncated.shape == (3,)
    assert rewards.dtype == np.float64 and terminated.dtype == truncated.dtype == np.bool_


def test_the_same_seeds_replay_the_same_batch() -> None:
    a = run(VectorEnv(4, players=2, opponents="random"), seed=11, steps=25)
    b = run(VectorEnv(4, players=2, opponents="random"), seed=11, steps=25)
    assert all(np.array_equal(x, y) for x, y in zip(a, b, strict=True))
    c = run(VectorEnv(4, players=2, opponents="random"), seed=12, steps=25)
    assert not np.array_equal(a[0], c[0])


def test_each_game_deals_from_its_own_seed() -> None:
    envs = VectorEnv(3, players=2, opponents=None)
    envs.reset(seed=[40, 7, 99])
    assert envs.seeds == [40, 7, 99]
    for lane, seed in enumerate([40, 7, 99]):
        assert envs.states[lane].to_text() == new_game(players=2, seed=seed).to_text()
    envs.reset(seed=5)
    assert envs.seeds == [5, 6, 7]


def test_observations_and_masks_are_the_learners() -> None:
    envs = VectorEnv(4, players=3, opponents="random", seat=1)
    obs, infos = envs.reset(seed=3)
    rng = np.random.default_rng(3)
    for _ in range(30):
        for lane, state in enumerate(envs.states):
            assert state.current == 1  # the bots have played up to the learner's decision
            assert np.array_equal(obs[lane], observe(state, 1))
            assert np.flatnonzero(infos["action_mask"][lane]).tolist() == legal_indices(state)
        assert (infos["seat"] == 1).all()
        obs, _, _, _, infos = envs.step(pick(infos["action_mask"], rng))


def test_other_seats_are_played_by_the_named_bot() -> None:
    envs = VectorEnv(2, players=3, opponents="heuristic", seat=2)
    envs.reset(seed=21)
    rng = np.random.default_rng(0)
    chosen = pick(envs.action_masks(), rng)
    envs.step(chosen)
    # The same game by hand: the same bots, seeded as lewis-clark seeds them, and the learner's action.
    for lane in range(2):
        seed = 21 + lane
        state = new_game(players=3, seed=seed)
        bots = {s: make_bot("heuristic", bot_seed(seed, s)) for s in (0, 1)}
        learner_moves = [ACTIONS[chosen[lane]]]
        while True:
            if state.current == 2:
                if not learner_moves:
                    break
                apply_legal(state, learner_moves.pop())
            else:
                seen = view(state, state.current)
                apply_legal(state, bots[state.current].choose(seen, sensible(seen, legal_actions(state))))
        assert state.to_text() == envs.states[lane].to_text()


def test_opponents_play_as_the_driver_offers() -> None:
    # The opponents are offered what Match.bot_turn offers (the futile actions left out,
    # bots.sensible), so training meets the same easy as `lewis-clark sim`: a Match with the same
    # seats, fed the learner's actions, plays the same games.
    envs = VectorEnv(3, players=2, opponents="easy", seat=1)
    obs, infos = envs.reset(seed=40)
    rng = np.random.default_rng(3)
    matches = [Match(Options(players=2, seed=40 + lane), ["easy", HUMAN], keep_log=False) for lane in range(3)]
    for m in matches:
        m.run_bots()
    for _ in range(60):
        chosen = pick(infos["action_mask"], rng)
        obs, _, terminated, truncated, infos = envs.step(chosen)
        for lane, m in enumerate(matches):
            m.apply(ACTIONS[chosen[lane]], 1)
            m.run_bots()
            if terminated[lane] or truncated[lane]:
                matches[lane] = Match(Options(players=2, seed=envs.seeds[lane]), ["easy", HUMAN], keep_log=False)
                matches[lane].run_bots()
            assert m.state.to_text() == envs.states[lane].to_text() or terminated[lane] or truncated[lane]


def test_autoreset_same_step_on_termination() -> None:
    envs = VectorEnv(3, players=1, mackenzie=7, route=SHORT, max_turns=200)
    obs, infos = envs.reset(seed=0)
    rng = np.random.default_rng(1)
    ended = 0
    for _ in range(400):
        before = list(envs.seeds)
        obs, rewards, terminated, truncated, infos = envs.step(pick(infos["action_mask"], rng))
        assert infos["action_mask"].any(axis=1).all()  # every observation returned is a live decision
        for lane in np.flatnonzero(terminated | truncated):
            ended += 1
            assert infos["_final_obs"][lane] and infos["final_obs"][lane].shape == (SIZE,)
            assert infos["final_obs"][lane][OFFSET["over"]] == 1.0  # the "over" value of the ending observation
            assert envs.seeds[lane] == before[lane] + 3  # the lane's next seed
            assert envs.states[lane].turn == 1 and np.array_equal(obs[lane], observe(envs.states[lane], 0))
            assert rewards[lane] == float(infos["final_info"]["winner"][lane] == 0)
        if "_final_obs" in infos:
            assert not infos["_final_obs"][~(terminated | truncated)].any()
    assert ended >= 3


def test_autoreset_on_truncation() -> None:
    envs = VectorEnv(2, players=2, opponents="random", max_turns=2)
    _, infos = envs.reset(seed=8)
    rng = np.random.default_rng(2)
    truncated_any = False
    for _ in range(120):
        _, rewards, terminated, truncated, infos = envs.step(pick(infos["action_mask"], rng))
        assert not terminated.any() and (rewards == 0).all()
        for lane in np.flatnonzero(truncated):
            truncated_any = True
            assert envs.states[lane].turn <= 2 and envs.states[lane].current == 0 and infos["_final_obs"][lane]
    assert truncated_any


def test_self_play_decides_for_the_seat_to_play() -> None:
    envs = VectorEnv(3, players=2, opponents=None)
    obs, infos = envs.reset(seed=2)
    rng = np.random.default_rng(5)
    seats_seen = set()
    for _ in range(40):
        for lane, state in enumerate(envs.states):
            assert infos["seat"][lane] == state.current
            assert np.array_equal(obs[lane], observe(state, state.current))
            seats_seen.add(int(state.current))
        obs, _, _, _, infos = envs.step(pick(infos["action_mask"], rng))
    assert seats_seen == {0, 1}


def test_the_learners_seat_from_the_seed() -> None:
    envs = VectorEnv(4, players=3, opponents="random", seat=None)
    envs.reset(seed=10)
    assert envs.learners == [10 % 3, 11 % 3, 12 % 3, 13 % 3]
    assert [s.current for s in envs.states] == envs.learners


def test_bad_actions_are_refused_and_nothing_moves() -> None:
    envs = VectorEnv(2, players=2)
    _, infos = envs.reset(seed=4)
    before = [s.to_text() for s in envs.states]
    legal = pick(infos["action_mask"], np.random.default_rng(0))
    illegal = int(np.flatnonzero(infos["action_mask"][1] == 0)[0])
    with pytest.raises(ValueError, match=r"shape \(2,\)"):
        envs.step(legal[:1])
    with pytest.raises(ValueError, match="out of range"):
        envs.step([legal[0], NUM_ACTIONS])
    with pytest.raises(ValueError, match="out of range"):
        envs.step([legal[0], -1])
    with pytest.raises(ValueError, match="whole action indices"):
        envs.step([0.5, 1.5])
    with pytest.raises(IllegalAction, match="not legal in game 1"):
        envs.step([legal[0], illegal])
    assert [s.to_text() for s in envs.states] == before
    envs.step(legal)  # and the batch still steps


def test_bad_settings_are_refused() -> None:
    with pytest.raises(ValueError, match="num_envs"):
        VectorEnv(0)
    with pytest.raises(ValueError, match="players"):
        VectorEnv(2, players=6)
    with pytest.raises(ValueError, match="max_turns"):
        VectorEnv(2, players=3, max_turns=2)
    with pytest.raises(ValueError, match="seat"):
        VectorEnv(2, players=2, seat=2)
    with pytest.raises(BotSpecError, match="unknown bot"):
        VectorEnv(2, opponents="nobody")
    with pytest.raises(ValueError, match="reset"):
        VectorEnv(2).step([0, 0])
    with pytest.raises(ValueError, match="one seed per game"):
        VectorEnv(2).reset(seed=[1, 2, 3])
