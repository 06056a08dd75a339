"""The learned value and move prior (bots/learned.py): the shipped model fits the observation,
the numpy forward pass is the network's (checked against a plain-Python one, and against torch where
installed), it reads only a seat's view, and the race bot's learned options are checked, off in every
level, handed in by the registry, and replay by seed."""

from __future__ import annotations

import math
import pickle
import random
from dataclasses import replace
from typing import Any

import numpy as np
import pytest

from lewis_clark import Options, legal_actions, tensor, view
from lewis_clark.actions import Action, Verb
from lewis_clark.bots import LEVELS, BotSpecError, make_bot, parse_spec
from lewis_clark.bots.learned import (
    ACTING_MOVES,
    LAYERS,
    MARGIN_SCALE,
    MODEL_FILES,
    MOVES,
    Learner,
    ModelError,
    acting_move,
    recruit_move,
    shipped,
)
from lewis_clark.bots.options import CampJudge, Network, RaceOptions
from lewis_clark.bots.race import RaceBot, blended
from lewis_clark.cards import CARDS
from lewis_clark.match import Match
from lewis_clark.state import State
from lewis_clark.village import PLACES


def tiny_arrays(seed: int, hidden: int = 6, second: int = 4) -> dict[str, Any]:
    """A small random network of the model's shape (the observation in, MOVES out)."""
    rng = np.random.default_rng(seed)
    shapes = {"w0": (tensor.SIZE, hidden), "b0": (hidden,), "w1": (hidden, second), "b1": (second,),
              "value_w": (second, 2), "value_b": (2,), "prior_w": (second, len(MOVES)), "prior_b": (len(MOVES),)}
    return {k: rng.normal(0, 0.3, shape).astype(np.float32) for k, shape in shapes.items()}


def positions() -> list[State]:
    """Turn decisions from a short solo game and a two-seat game of the heuristic."""
    out: list[State] = []
    for options in (Options(players=1, seed=4, mackenzie=2), Options(players=2, seed=9)):
        match = Match(options, ["heuristic"] * options.players, keep_log=False)
        while not match.over and len(out) < 4 * options.players and match.state.turn < 30:
            if not match.state.stack and match.state.turn % 3 == 0:
                out.append(match.state.copy())
            match.step_bot()
    return out


STATES = positions()


def plain_forward(arrays: dict[str, Any], x: list[float]) -> list[float]:
    """The network in plain Python floats: the value's two outputs, then the prior's."""

    def layer(v: list[float], w: Any, b: Any, relu: bool) -> list[float]:
        out = [float(b[j]) + sum(v[i] * float(w[i, j]) for i in range(len(v)) if v[i]) for j in range(w.shape[1])]
        return [max(0.0, o) for o in out] if relu else out

    h = layer(layer(x, arrays["w0"], arrays["b0"], True), arrays["w1"], arrays["b1"], True)
    return layer(h, arrays["value_w"], arrays["value_b"], False) + layer(h, arrays["prior_w"], arrays["prior_b"], False)


def test_moves_are_every_card_played_every_place_and_every_card_recruited() -> None:
    assert len(MOVES) == 2 * (len(CARDS) - 1) + len(PLACES) and ACTING_MOVES == len(CARDS) - 1 + len(PLACES)
    assert len(set(MOVES)) == len(MOVES)
    play = Action(Verb.PLAY, CARDS[5].slug)
    recruit = Action(Verb.RECRUIT, CARDS[7].slug)
    assert MOVES[acting_move((play, recruit))] == (Verb.PLAY, CARDS[5].slug)
    assert MOVES[recruit_move((play, recruit))] == (Verb.RECRUIT, CARDS[7].slug)
    assert acting_move((recruit,)) == -1 and recruit_move((play,)) == -1


@pytest.mark.parametrize("generation", sorted(MODEL_FILES))
def test_each_shipped_model_fits_the_observation_and_the_moves(generation: int) -> None:
    model = shipped(generation)
    assert model.w["w0"].shape[0] == tensor.SIZE
    assert model.w["prior_w"].shape[1] == len(MOVES) and model.w["value_w"].shape[1] == 2
    values = model.values(STATES[:3], STATES[0].current)
    assert len(values) == 3 and all(math.isfinite(v) for v in values)
    assert 0.0 < model.win_chance(STATES[0], STATES[0].current) < 1.0


def test_each_network_option_names_a_shipped_fit_of_its_own() -> None:
    assert sorted(MODEL_FILES) == sorted(n.value for n in Network)
    assert shipped(3) is shipped(3) and shipped(3) is not shipped(4)  # loaded once; different fits
    assert not np.array_equal(shipped(3).w["w0"], shipped(4).w["w0"])
    assert not np.array_equal(shipped(4).w["w0"], shipped(6).w["w0"])
    with pytest.raises(ModelError, match="no shipped model of generation 2: shipped are \\[3, 4, 6\\]"):
        shipped(2)
    with pytest.raises(BotSpecError, match=r"network must be 3 \(gen3\) or 4 \(gen4\) or 6 \(gen6\)"):
        make_bot("race:network=2", seed=1)


def test_numpy_forward_matches_plain_python() -> None:
    arrays = tiny_arrays(1)
    model = Learner(arrays)
    for state in STATES[:3]:
        x = model.observe([state], state.current)
        value, prior = model.forward(x)
        want = plain_forward(arrays, [float(v) for v in x[0]])
        got = [float(v) for v in value[0]] + [float(v) for v in prior[0]]
        assert got == pytest.approx(want, rel=1e-4, abs=1e-4)


def test_values_and_prior_are_the_forward_pass_heads_to_the_last_bit() -> None:
    # the search's lean paths (one head, tolist) must give exactly forward's numbers: a last-bit
    # difference could reorder two Camps or two moves and change what a level plays
    model = shipped(Network.GEN4)
    for state in STATES[:12]:
        seat = state.current
        value, prior = model.forward(model.observe([state], seat))
        assert model.prior(state, seat) == [float(v) for v in prior[0]]
    group = STATES[:9]
    value, _ = model.forward(model.observe(group, 0))
    assert model.values(group, 0) == [float(v) * MARGIN_SCALE for v in value[:, 1]]
    assert model.values([], 0) == []


def test_numpy_forward_matches_torch() -> None:
    torch = pytest.importorskip("torch")  # the train extra's torch; the test extra does not install it
    arrays = tiny_arrays(2)
    x = Learner(arrays).observe(STATES[:4], 0)
    with torch.no_grad():
        t = {k: torch.from_numpy(v) for k, v in arrays.items()}
        h = torch.relu(torch.relu(torch.from_numpy(x) @ t["w0"] + t["b0"]) @ t["w1"] + t["b1"])
        want_value, want_prior = h @ t["value_w"] + t["value_b"], h @ t["prior_w"] + t["prior_b"]
    value, prior = Learner(arrays).forward(x)
    assert np.allclose(value, want_value.numpy(), atol=1e-5) and np.allclose(prior, want_prior.numpy(), atol=1e-5)


def test_a_model_of_the_wrong_shape_or_missing_an_array_is_refused() -> None:
    arrays = tiny_arrays(3)
    arrays["w0"] = arrays["w0"][:-1]
    with pytest.raises(ModelError, match="w0"):
        Learner(arrays)
    arrays = tiny_arrays(3)
    del arrays["prior_b"]
    with pytest.raises(ModelError, match="prior_b"):
        Learner(arrays)
    assert set(LAYERS) == set(tiny_arrays(3))


def test_the_model_reads_only_the_seats_view() -> None:
    model = Learner(tiny_arrays(4))
    for state in STATES:
        twin = state.copy()
        random.Random(state.turn).shuffle(twin.deck)
        twin.rng ^= 0x5A5A
        seat = state.current
        assert model.values([state], seat) == model.values([twin], seat) == model.values([view(state, seat)], seat)
        assert model.prior(state, seat) == model.prior(twin, seat)


def test_pick_keeps_the_planners_best_half_and_fills_by_the_prior() -> None:
    model = Learner(tiny_arrays(5))
    def acting(s: State) -> list[Action]:
        return [a for a in legal_actions(s) if a.verb in (Verb.PLAY, Verb.VILLAGE)]

    state = max(STATES, key=lambda s: len(acting(s)))
    seat = state.current
    pool = [((a,), state) for a in acting(state)]
    assert len(pool) >= 6
    chosen = model.pick(state, seat, pool, 4)
    assert len(chosen) == 4 and chosen[:2] == pool[:2]
    logits = model.prior(state, seat)
    seen = {acting_move(steps) for steps, _ in pool[:2]}
    fresh = sorted({acting_move(steps) for steps, _ in pool[2:]} - seen, key=lambda m: -logits[m])
    assert len(fresh) >= 2  # so the two picked are the prior's best moves the planner's half lacks
    assert [acting_move(steps) for steps, _ in chosen[2:]] == fresh[:2]
    assert model.pick(state, seat, pool[:3], 4) == pool[:3]


LEARNED = ("learned_beam", "learned_prior")


def test_the_learned_options_are_typed_and_only_hard_and_expert_blend_the_value() -> None:
    for key in LEARNED:
        with pytest.raises(BotSpecError, match=f"{key} must be 0 or 1"):
            make_bot(f"race:{key}=2", seed=1)
    with pytest.raises(BotSpecError, match=r"learned_camps must be 0 \(hand\) or 1 \(value\) or 2 \(blend\)"):
        make_bot("race:learned_camps=3", seed=1)
    blend = parse_spec("race:learned_camps=2").options
    assert isinstance(blend, RaceOptions) and blend.learned_camps is CampJudge.BLEND
    races = {name: o for name, o in ((n, parse_spec(spec).options) for n, spec in LEVELS.items())
             if isinstance(o, RaceOptions)}
    assert sorted(races) == ["expert", "hard", "medium"]
    judged = {name: o.learned_camps for name, o in races.items()}
    assert judged == {"medium": CampJudge.HAND, "hard": CampJudge.BLEND, "expert": CampJudge.BLEND}
    # only hard grows the prior's actions (generation 4's fit); no level keeps its beam by the value
    assert {name: o.learned_prior for name, o in races.items()} == {"medium": False, "hard": True, "expert": False}
    assert {name: o.network for name, o in races.items()} == {
        "medium": Network.GEN3, "hard": Network.GEN4, "expert": Network.GEN6}
    assert not any(o.learned_beam for o in races.values())
    hard, expert = make_bot("hard", seed=1), make_bot("expert", seed=1)
    assert isinstance(hard, RaceBot) and isinstance(expert, RaceBot)
    assert hard.worth.__self__ is hard.whole.prior.__self__ is shipped(4)  # type: ignore[attr-defined]
    assert expert.worth.__self__ is shipped(6) and expert.whole.prior is None  # type: ignore[attr-defined]
    assert make_bot("medium", seed=1).worth is None
    plain = make_bot("race", seed=1)
    assert isinstance(plain, RaceBot) and plain.worth is None and plain.whole.prior is None


def test_the_blend_adds_each_camps_two_places() -> None:
    # score order 0, 1, 2, 3; by the value 1, 2, 3, 0: sums 3, 1, 3, 5, so 1 first and 0 before 2 (the score's tie)
    assert blended([0.0, 3.0, 2.0, 1.0]) == [1, 0, 2, 3]
    assert blended([5.0, 4.0, 3.0]) == [0, 1, 2]  # the two agree: nothing moves
    assert blended([1.0, 2.0]) == [0, 1]  # one place each way: the score's order breaks the tie
    assert blended([1.0, 2.0, 3.0]) == [0, 1, 2]  # reversed: every sum is 2, the score's order stays
    assert blended([0.0, 0.0, 9.0, 0.0]) == [0, 2, 1, 3]  # a Camp the value likes best rises, not to the top
    assert blended([]) == []


def played_with(judge: CampJudge, worth: Any) -> list[str]:
    """A short solo game of a small race bot whose Camps are ordered by ``judge`` with ``worth``."""
    options = RaceOptions(samples=1, keep=1, beam=3, nodes=8, learned_camps=judge)
    match = Match(Options(players=1, seed=12, mackenzie=2), ["heuristic"], keep_log=False)
    match.bots[0] = RaceBot(3, options, worth=worth)
    match.play_out(max_turns=10)
    return list(match.actions)


def test_each_camp_judge_orders_the_buckets_camps_its_own_way() -> None:
    """keep=1: which Camp of a bucket is grown is the judge's first. A value that ranks every Camp alike
    changes nothing (the blend and the value keep the score's order); one that ranks them backwards
    changes the value's game, and not the blend's (every sum is equal: the score's order stays)."""
    asked: list[int] = []

    def alike(states: list[State], seat: int) -> list[float]:
        asked.append(len(states))
        return [0.0] * len(states)

    def backwards(states: list[State], seat: int) -> list[float]:
        return [float(i) for i in range(len(states))]

    hand = played_with(CampJudge.HAND, None)
    assert played_with(CampJudge.BLEND, alike) == hand and asked  # asked, and changed nothing
    assert played_with(CampJudge.VALUE, alike) == hand
    assert played_with(CampJudge.BLEND, backwards) == hand
    assert played_with(CampJudge.VALUE, backwards) != hand


def test_the_registry_hands_the_shipped_model_to_the_options_that_read_it() -> None:
    camps = make_bot("expert:learned_camps=1", seed=1)
    assert isinstance(camps, RaceBot) and camps.worth is not None and camps.whole.prior is None
    expert = parse_spec("expert").options
    assert camps.options == replace(expert, learned_camps=CampJudge.VALUE)  # the expert's own options kept
    prior = make_bot("medium:learned_prior=1", seed=1)
    assert isinstance(prior, RaceBot) and prior.worth is None and prior.whole.prior is not None
    # each reads its own network: the expert generation 6, medium the default (generation 3)
    assert camps.worth.__self__ is shipped(6)  # type: ignore[attr-defined]
    assert prior.whole.prior.__self__ is shipped()  # type: ignore[attr-defined]


def test_a_bot_with_the_model_is_sent_to_another_process_whole() -> None:
    """The web pickles a bot for its workers: the model goes with it, and the copy chooses as the original."""
    bot = make_bot("race:samples=1:keep=2:beam=3:nodes=3:learned_camps=1:learned_prior=1", seed=2)
    copy = pickle.loads(pickle.dumps(bot))
    assert isinstance(copy, RaceBot) and copy.worth is not None
    state = STATES[1]
    seen = view(state, state.current)
    assert copy.choose(seen, legal_actions(state)) == bot.choose(seen, legal_actions(state))


def test_a_learned_option_without_its_model_is_refused() -> None:
    with pytest.raises(ValueError, match="learned_beam .*worth"):
        RaceBot(1, RaceOptions(learned_beam=True))
    with pytest.raises(ValueError, match="learned_prior=1 .*prior"):
        RaceBot(1, RaceOptions(learned_prior=True), worth=shipped().values)


def test_a_level_takes_options_after_its_name() -> None:
    options = parse_spec("expert:nodes=30:learned_camps=1").options
    assert isinstance(options, RaceOptions)
    assert options.nodes == 30 and options.learned_camps and options.finish == 1  # the rest is the expert's
    with pytest.raises(BotSpecError, match="given twice"):
        parse_spec("expert:nodes=30:nodes=40")
    with pytest.raises(BotSpecError, match="no option 'width'"):
        parse_spec("hard:width=2")


def test_every_play_out_to_the_end_is_told_with_its_outcome() -> None:
    """Expert iteration's free labels: each play-out that finished the game, from the line it started."""
    state = STATES[0]
    bot = make_bot("race:samples=1:keep=2:beam=3:nodes=4:finish=1", seed=5)
    assert isinstance(bot, RaceBot)
    heard: list[tuple[State, int, State, int]] = []
    bot.on_play_out = lambda start, seat, end, turns: heard.append((start, seat, end, turns))
    bot.choose(view(state, state.current), legal_actions(state))
    assert heard
    for start, seat, end, turns in heard:
        assert seat == state.current and end.over and not start.over and turns >= 1


@pytest.mark.slow
def test_the_race_bot_with_the_learned_model_replays_by_seed() -> None:
    spec = "race:samples=2:keep=2:beam=3:nodes=6:learned_camps=1:learned_beam=1:learned_prior=1"
    records = []
    for _ in range(2):
        match = Match(Options(players=1, seed=31, mackenzie=3), [spec], keep_log=False)
        match.play_out(max_turns=12)
        records.append(list(match.actions))
    assert records[0] == records[1] and len(records[0]) > 20


def test_the_race_bot_exposes_what_each_deal_picked() -> None:
    """The root statistics expert iteration labels with: one a deal, the first turn played among them."""
    state = STATES[0]
    bot = make_bot("race:samples=3:keep=2:beam=3:nodes=4", seed=7)
    assert bot.root_stats == ()  # type: ignore[attr-defined]
    bot.choose(view(state, state.current), legal_actions(state))
    stats = bot.root_stats  # type: ignore[attr-defined]
    assert 1 <= len(stats) <= 3
    assert all(r.first and r.grown >= 1 and r.turns >= 1 for r in stats)
    assert bot.committed in [r.first for r in stats]  # type: ignore[attr-defined]
