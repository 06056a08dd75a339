"""The Gymnasium single-agent environment: Gymnasium's checker, registration, illegal actions, the
shaped reward (potential-based: it telescopes) and the curriculum levers."""

from __future__ import annotations

import subprocess
import sys
import warnings

import gymnasium
import numpy as np
import pytest
from gymnasium.utils.env_checker import check_env

from lewis_clark.rl.actions_index import NUM_ACTIONS
from lewis_clark.rl.gym_env import SOLO_ID, VS_ID, LewisClarkGymEnv, potential, solo_env, vs_env
from lewis_clark.rl.observation import SIZE
from lewis_clark.route import Route

SHORT = "S R R R F R"


@pytest.mark.parametrize(("env_id", "kwargs"), [
    (SOLO_ID, {"mackenzie": 0}),
    (SOLO_ID, {"mackenzie": 7, "route": SHORT}),
    (VS_ID, {"opponents": ("random",)}),
    (VS_ID, {"opponents": ("easy", "random", "random", "random"), "max_turns": 30}),
])
def test_gymnasium_check_env_passes(env_id: str, kwargs: dict[str, object]) -> None:
    with warnings.catch_warnings():
        warnings.simplefilter("error")  # the checker's warnings (bounds, dtypes, determinism) fail the test
        check_env(gymnasium.make(env_id, **kwargs).unwrapped, skip_render_check=False)


def test_ids_are_registered_and_make_works() -> None:
    solo = gymnasium.make(SOLO_ID, mackenzie=3, route=SHORT)
    assert solo.unwrapped.players == 1 and solo.unwrapped.mackenzie == 3
    vs = gymnasium.make(VS_ID, opponents=("random", "easy"))
    assert vs.unwrapped.players == 3
    obs, info = vs.reset(seed=4)
    assert obs.shape == (SIZE,) and obs.dtype == np.float32
    assert info["action_mask"].shape == (NUM_ACTIONS,) and info["action_mask"].any()
    assert vs.action_space == gymnasium.spaces.Discrete(NUM_ACTIONS)


def test_module_prefixed_id_registers_through_the_package() -> None:
    env = gymnasium.make("lewis_clark.rl:LewisClark-Solo-v0")
    assert isinstance(env.unwrapped, LewisClarkGymEnv)


def test_importing_the_package_does_not_import_gymnasium() -> None:
    code = "import sys, lewis_clark.rl, lewis_clark.rl.actions_index; print('gymnasium' in sys.modules)"
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True).stdout
    assert out.strip() == "False"


def test_same_seed_same_game_and_seat() -> None:
    a, b = vs_env(opponents=("easy",)), vs_env(opponents=("easy",))
    oa, ia = a.reset(seed=11)
    ob, ib = b.reset(seed=11)
    assert np.array_equal(oa, ob) and a.seat == b.seat and a.state == b.state
    for _ in range(40):
        move = int(np.flatnonzero(ia["action_mask"])[0])
        oa, ra, ta, ua, ia = a.step(move)
        ob, rb, tb, ub, ib = b.step(move)
        assert np.array_equal(oa, ob) and ra == rb
        if ta or ua:
            break


def test_seats_vary_unless_fixed() -> None:
    env = vs_env(opponents=("random",))
    seats = {env.reset(seed=s)[1]["seat"] for s in range(12)}
    assert seats == {0, 1}
    fixed = vs_env(opponents=("random",), seat=1)
    assert {fixed.reset(seed=s)[1]["seat"] for s in range(6)} == {1}


def test_mask_is_the_learners_legal_actions() -> None:
    env = vs_env(opponents=("random", "random"))
    obs, info = env.reset(seed=2)
    for _ in range(30):
        state = env.state
        assert state.current == env.seat
        from lewis_clark.rl.actions_index import legal_indices
        assert sorted(np.flatnonzero(info["action_mask"]).tolist()) == sorted(legal_indices(state))
        assert np.array_equal(env.action_masks(), info["action_mask"].astype(bool))
        obs, _, term, trunc, info = env.step(int(np.flatnonzero(info["action_mask"])[-1]))
        if term or trunc:
            break


def test_illegal_action_changes_nothing_and_truncates_after_a_run() -> None:
    env = vs_env(opponents=("easy",), max_illegal=5)
    obs, info = env.reset(seed=3)
    before = env.state.copy()
    illegal = int(np.flatnonzero(info["action_mask"] == 0)[0])
    for k in range(1, 6):
        obs2, reward, term, trunc, info2 = env.step(illegal)
        assert info2["illegal"] and reward == pytest.approx(-0.01)
        assert np.array_equal(obs2, obs) and env.state == before
        assert not term and trunc == (k == 5)
    env.reset(seed=3)
    env.step(illegal)
    _, _, _, trunc, info3 = env.step(int(np.flatnonzero(info["action_mask"])[0]))  # a legal one ends the run
    assert not info3["illegal"] and not trunc
    for _ in range(4):
        assert not env.step(illegal)[3]
    assert not env.step(NUM_ACTIONS + 5)[3] or True  # out of range counts as illegal too
    assert env.step(-1)[4]["illegal"]


def test_bad_arguments_are_named() -> None:
    with pytest.raises(ValueError, match="unknown bot"):
        vs_env(opponents=("nobody",))
    with pytest.raises(ValueError, match="sequence of bot specs"):
        vs_env(opponents="easy")  # type: ignore[arg-type]
    with pytest.raises(ValueError, match="seat"):
        vs_env(opponents=("easy",), seat=2)
    with pytest.raises(ValueError, match="mackenzie"):
        solo_env(mackenzie=9)
    with pytest.raises(ValueError, match="route"):
        solo_env(route="R R R")


def _random_episode(env: LewisClarkGymEnv, seed: int, illegal_every: int = 0) -> tuple[list[float], list[float], bool]:
    """Rewards and potentials (phi(s_0) .. phi(s_T)) of one episode with random legal actions."""
    rng = np.random.default_rng(seed)
    _, info = env.reset(seed=seed)
    phis = [potential(env.state, env.seat)]
    rewards: list[float] = []
    t = 0
    while True:
        t += 1
        if illegal_every and t % illegal_every == 0:
            action = int(np.flatnonzero(info["action_mask"] == 0)[0])
        else:
            action = int(rng.choice(np.flatnonzero(info["action_mask"])))
        _, reward, term, trunc, info = env.step(action)
        rewards.append(reward)
        phis.append(potential(env.state, env.seat))
        if term or trunc:
            return rewards, phis, term


def test_shaping_is_off_by_default() -> None:
    env = solo_env(route=SHORT)
    assert not env.shaping
    rewards, phis, _ = _random_episode(env, 5)
    assert set(rewards) <= {0.0, 1.0} and any(p != 0.0 for p in phis)


@pytest.mark.parametrize("make", [
    lambda g: solo_env(route=SHORT, shaping=True, gamma=g),
    lambda g: vs_env(opponents=("easy",), route=SHORT, shaping=True, gamma=g, max_turns=40),
    lambda g: vs_env(opponents=("random", "random"), shaping=True, gamma=g, max_turns=8),
])
@pytest.mark.parametrize("gamma", [1.0, 0.97])
def test_shaping_telescopes(make, gamma: float) -> None:  # type: ignore[no-untyped-def]
    """sum_t gamma^t F_t = gamma^T phi(s_T) - phi(s_0), F_t the shaped minus the plain reward."""
    for seed in (1, 2):
        shaped_rewards, phis, term = _random_episode(make(gamma), seed, illegal_every=7)
        plain = make(gamma)
        plain.shaping = False
        plain_rewards, _, _ = _random_episode(plain, seed, illegal_every=7)
        assert len(plain_rewards) == len(shaped_rewards)
        bonus = [s - p for s, p in zip(shaped_rewards, plain_rewards, strict=True)]
        total = sum(gamma**t * f for t, f in enumerate(bonus))
        horizon = len(bonus)
        assert total == pytest.approx(gamma**horizon * phis[-1] - phis[0], abs=1e-9)
        if term:
            assert phis[-1] == 0.0  # a finished game has no future


def test_potential_reads_progress_and_the_gap() -> None:
    env = vs_env(opponents=("random",), seat=0)
    env.reset(seed=1)
    state = env.state.copy()
    route = state.options.route
    length = route.fort_clatsop - route.st_louis
    state.players[0].camp = route.st_louis + 4
    state.players[1].camp = route.st_louis + 1
    assert potential(state, 0) == pytest.approx(4 / length + 3 / length)
    assert potential(state, 1) == pytest.approx(1 / length - 3 / length)
    assert potential(state, 0, progress_weight=0.0, gap_weight=2.0) == pytest.approx(6 / length)
    solo = solo_env(mackenzie=2)
    solo.reset(seed=1)
    s = solo.state
    assert potential(s, 0) == pytest.approx((s.players[0].camp - s.options.route.st_louis + s.players[0].camp
                                            - s.mackenzie) / (s.options.route.fort_clatsop - s.options.route.st_louis))


def test_short_route_ends_episodes_early() -> None:
    """The curriculum lever: on a short route every solo episode ends within a few turns (terminated, a
    signal), where random play on the printed route at two players never finishes."""
    for seed in range(6):
        env = solo_env(route=SHORT)
        _, _, term = _random_episode(env, seed)
        assert term and env.state.turn <= 6
    assert vs_env(route=Route.parse(SHORT)).route.fort_clatsop == 4


def test_render_ansi() -> None:
    env = solo_env(render_mode="ansi")
    env.reset(seed=1)
    text = env.render()
    assert text is not None and "Mackenzie" in text and "seat 0" in text
