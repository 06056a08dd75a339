"""The PettingZoo environment: PettingZoo's own API and seed tests, masks equal to the legal actions,
rewards only at the end (win 1, else 0), truncation at the turn cap, and the docs' loops run."""

from __future__ import annotations

import re
import warnings
from pathlib import Path

import numpy as np
import pytest
from pettingzoo.test import api_test, seed_test

from lewis_clark import IllegalAction, apply_in_place, legal_actions, new_game, view
from lewis_clark.bots import make_bot
from lewis_clark.rl.actions_index import ACTIONS, INDEX, NUM_ACTIONS, index_of
from lewis_clark.rl.observation import observe
from lewis_clark.rl.pettingzoo_env import LewisClarkEnv, env, raw_env
from lewis_clark.route import Route

DOCS = Path(__file__).resolve().parents[2] / "docs" / "rl.md"
SHORT = Route.parse("S R F R R")  # Fort Clatsop two river spaces past St Louis: games end in a few turns


@pytest.mark.parametrize("players", [1, 2, 3, 4, 5])
def test_pettingzoo_api_test_passes(players: int) -> None:
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")  # api_test warns that a dict observation is not a Box
        api_test(env(players=players, max_turns=40), num_cycles=200)


def test_api_test_passes_through_game_ends() -> None:
    """Games end inside api_test's cycles: wins on a short route, or truncation at the turn cap."""
    e = env(players=2, route=SHORT, max_turns=100)
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        api_test(e, num_cycles=1000)


@pytest.mark.parametrize("players", [1, 2, 3, 4, 5])
def test_seed_test_passes(players: int) -> None:
    seed_test(lambda: env(players=players, max_turns=30), num_cycles=100)


def test_reset_seed_deals_the_engine_game() -> None:
    e = raw_env(players=3)
    e.reset(seed=11)
    assert e.state.hash() == new_game(players=3, seed=11).hash()
    e.reset()
    assert e.state.hash() == new_game(players=3, seed=12).hash()


def test_mask_is_the_legal_actions_of_the_deciding_agent_only() -> None:
    e = raw_env(players=3, max_turns=400)
    e.reset(seed=5)
    rng = np.random.default_rng(5)
    for _ in range(150):
        deciding = e.agent_selection
        for agent in e.agents:
            obs = e.observe(agent)
            seat = e.seat(agent)
            assert np.array_equal(obs["observation"], observe(e.state, seat))
            expected = np.zeros(NUM_ACTIONS, np.int8)
            if agent == deciding:
                expected[[INDEX[a] for a in legal_actions(e.state)]] = 1
            assert np.array_equal(obs["action_mask"], expected), agent
        mask = e.observe(deciding)["action_mask"]
        e.step(int(rng.choice(np.flatnonzero(mask))))
        assert e.agent_selection == e.possible_agents[e.state.current]


def test_illegal_index_raises_and_changes_nothing() -> None:
    e = raw_env(players=2)
    e.reset(seed=0)
    before = e.state.hash()
    with pytest.raises(IllegalAction):
        e.step(index_of("boat small-resource"))
    with pytest.raises(IllegalAction):
        e.step(NUM_ACTIONS)
    assert e.state.hash() == before


def _play_with_bots(e: LewisClarkEnv, seed: int) -> dict[str, float]:
    """Drive the environment with heuristic bots, summing each agent's rewards from last()."""
    e.reset(seed=seed)
    bots = [make_bot("heuristic", seed * 10 + k) for k in range(e.players)]
    totals = {a: 0.0 for a in e.possible_agents}
    for agent in e.agent_iter():
        obs, reward, terminated, truncated, _ = e.last()
        totals[agent] += reward
        if terminated or truncated:
            e.step(None)
            continue
        assert reward == 0.0  # rewards come only at the end
        seen = view(e.state, e.seat(agent))
        e.step(INDEX[bots[e.seat(agent)].choose(seen, legal_actions(seen))])
    return totals


def test_the_winner_alone_is_rewarded() -> None:
    for players in (2, 3):
        e = raw_env(players=players, route=SHORT, max_turns=60)
        totals = _play_with_bots(e, seed=players)
        assert e.state.over and e.state.winner >= 0
        assert totals == {a: 1.0 if e.seat(a) == e.state.winner else 0.0 for a in e.possible_agents}
        assert e.agents == []


def test_solo_loss_to_mackenzie_rewards_nothing() -> None:
    """R24: Mackenzie reaching Fort Clatsop first ends the game with no winner."""
    e = raw_env(players=1, mackenzie=7, route=Route.parse("S R R R R R R R R F R R"), max_turns=60)
    e.reset(seed=3)
    for _agent in e.agent_iter():
        obs, reward, terminated, truncated, _ = e.last()
        if terminated or truncated:
            assert reward == 0.0
            e.step(None)
            continue
        e.step(int(np.flatnonzero(obs["action_mask"])[-1]))
    assert e.state.over and e.state.winner == -1 and e.state.turn <= 3


def test_turn_cap_truncates_without_reward() -> None:
    e = raw_env(players=2, max_turns=3)
    e.reset(seed=0)
    seen_truncated = set()
    for agent in e.agent_iter():
        obs, reward, terminated, truncated, _ = e.last()
        if terminated or truncated:
            assert truncated and not terminated and reward == 0.0
            seen_truncated.add(agent)
            e.step(None)
            continue
        e.step(int(np.flatnonzero(obs["action_mask"])[0]))
    assert seen_truncated == set(e.possible_agents) and e.state.turn == 4


def test_render_names_the_decision() -> None:
    e = raw_env(players=2, render_mode="ansi")
    e.reset(seed=1)
    e.step(int(np.flatnonzero(e.observe(e.agent_selection)["action_mask"])[0]))
    text = e.render()
    assert text is not None and "last: player_" in text and str(ACTIONS[0].verb)


def test_docs_loops_run() -> None:
    blocks = re.findall(r"```python\n(.*?)```", DOCS.read_text(), re.S)
    loops = [b for b in blocks if "pettingzoo_env" in b]
    assert len(loops) == 2
    for code in loops:
        exec(compile(code, str(DOCS), "exec"), {"__name__": "docs"})


def test_the_mask_handed_out_is_the_agents_own_and_step_still_refuses_what_it_did_not_offer() -> None:
    """``step`` skips the engine's second legality check only for an index the env's own copy of the
    mask offered for the state as it is: the agent's mask changed by hand, or a game moved on since
    the observation by another step, still gets the checked path (IllegalAction, nothing changed)."""
    e = raw_env(players=2)
    e.reset(seed=3)
    obs = e.observe(e.agent_selection)
    illegal = int(np.flatnonzero(obs["action_mask"] == 0)[0])
    obs["action_mask"][illegal] = 1  # the agent's copy: the env's is untouched
    assert not e.observe(e.agent_selection)["action_mask"][illegal]
    before = e.state.hash()
    with pytest.raises(IllegalAction):
        e.step(illegal)
    assert e.state.hash() == before
    # Observed, then the game moved on by a step: an index that mask offered is checked again.
    offered = np.flatnonzero(e.observe(e.agent_selection)["action_mask"])
    e.step(int(offered[0]))
    stale = [int(i) for i in offered if ACTIONS[int(i)] not in legal_actions(e.state)]
    assert stale
    before = e.state.hash()
    with pytest.raises(IllegalAction):
        e.step(stale[0])
    assert e.state.hash() == before


def test_env_games_are_the_engines_games_step_for_step() -> None:
    """The env's steps (masks offered, then the unchecked apply) make the same game as the engine's
    checked apply_in_place on the same actions, and the same record."""
    e = env(players=3, max_turns=400)
    e.reset(seed=21)
    s = new_game(players=3, seed=21)
    rng = np.random.default_rng(21)
    steps = 0
    for _agent in e.agent_iter():
        obs, _, terminated, truncated, _ = e.last()
        if terminated or truncated:
            e.step(None)
            continue
        index = int(rng.choice(np.flatnonzero(obs["action_mask"])))
        e.step(index)
        apply_in_place(s, ACTIONS[index])
        assert e.unwrapped.state.to_text() == s.to_text()
        steps += 1
        if steps == 600:
            break
    assert steps == 600
    assert e.unwrapped.actions[-1] == ACTIONS[index] and len(e.unwrapped.actions) == steps
    record = e.unwrapped.record()
    assert record.replay().hash() == s.hash() == record.final_hash
    assert e.unwrapped.last_action.endswith(f": {ACTIONS[index]}")


def test_the_wrappers_agent_iter_is_pettingzoos_order_enforcing_iterator() -> None:
    """``env()``'s own agent iterator (it reads the environment directly) yields what PettingZoo's
    order-enforcing iterator yields, stops at ``max_iter``, refuses a second agent without a step
    between, and before ``reset`` refuses as PettingZoo's does."""
    from pettingzoo.utils.wrappers.order_enforcing import AECOrderEnforcingIterable

    with pytest.raises(AssertionError, match="reset"):
        env(players=2).agent_iter()
    ours, theirs = env(players=3), env(players=3)
    ours.reset(seed=5)
    theirs.reset(seed=5)
    seen = []
    for mine, base in zip(ours.agent_iter(40), AECOrderEnforcingIterable(theirs, 40), strict=True):
        assert mine == base
        seen.append(mine)
        first = int(np.flatnonzero(ours.observe(mine)["action_mask"])[0])
        ours.step(first)
        theirs.step(first)
    assert len(seen) == 40 and len(set(seen)) > 1
    agents = iter(ours.agent_iter())
    next(agents)
    with pytest.raises(AssertionError, match="need to call step"):
        next(agents)
