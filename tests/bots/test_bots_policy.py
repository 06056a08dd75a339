"""The distilled policy (bots/policy.py), its training script and ``rollout``'s ``policy`` option (the faster medium)."""

from __future__ import annotations

import json
from pathlib import Path

import numpy as np
import pytest
from bot_games import play

from builders import at, game, hand, indians, load, script
from lewis_clark import Options, legal_actions, new_game, view
from lewis_clark.actions import Action, Verb
from lewis_clark.bots import make_bot, parse_spec
from lewis_clark.bots.heuristic import CAMP, END, HeuristicBot
from lewis_clark.bots.options import RolloutOptions
from lewis_clark.bots.policy import FEATURES, Model, PolicyBot, features, model, options, outcome
from lewis_clark.bots.rollout import STALL, RolloutBot
from lewis_clark.cards import BY_SLUG, CARDS
from lewis_clark.match import Match

ROOT = Path(__file__).resolve().parents[2]
SHIPPED = ROOT / "src" / "lewis_clark" / "bots" / "policy.json"


def _turn() -> tuple[object, list[Action]]:
    """A solo turn decision with cards, Indians and cargo to choose from."""
    s = game(players=1, mackenzie=0)
    hand(s, 0, "william-clark", "york", "john-b-thompson", "joseph-whitehouse", "francois-labiche")
    indians(s, 0, 2)
    load(s, 0, fur=2, equipment=3, food=2)
    return s, legal_actions(s)


def test_the_shipped_weights_load_with_the_modules_features() -> None:
    data = json.loads(SHIPPED.read_text(encoding="utf-8"))
    assert data["features"] == list(FEATURES)
    assert len(model().weights) == len(FEATURES)


def test_weights_for_other_features_are_refused() -> None:
    names = list(FEATURES)[::-1]
    with pytest.raises(ValueError, match="features"):
        Model(names, [0.0] * len(names), [1.0] * len(names), [0.0] * len(names))
    with pytest.raises(ValueError, match="weights"):
        Model(list(FEATURES), [0.0], [1.0], [0.0])


def test_a_score_is_the_weighted_sum_of_standardised_features() -> None:
    n = len(FEATURES)
    m = Model(list(FEATURES), [1.0] * n, [2.0] * n, [0.0] * (n - 1) + [3.0])
    assert m.score([5.0] * n) == pytest.approx(3.0 * (5.0 - 1.0) / 2.0)


def test_the_options_are_every_card_placement_recruitment_and_the_turns_end() -> None:
    s, legal = _turn()
    plans = options(HeuristicBot(1), view(s, 0), legal)  # type: ignore[arg-type]
    firsts = {p[0] for p in plans}
    for a in legal:
        if a.verb in (Verb.VILLAGE, Verb.RECRUIT, Verb.CAMP, Verb.END):
            assert a in firsts, a
        if a.verb == Verb.PLAY and not CARDS[BY_SLUG[a.subject].id].permanent:
            assert a in firsts, a
    plays = [p for p in plans if p[0] == Action(Verb.PLAY, "york")]
    assert len(plays) >= 2  # the card at more than one Strength
    assert all(p[1].verb == Verb.UNDER for p in plays)


def test_an_option_is_finished_by_the_heuristic_and_a_wrong_one_is_none() -> None:
    s, _ = _turn()
    v = view(s, 0)  # type: ignore[arg-type]
    after = outcome(HeuristicBot(1), v, [Action(Verb.PLAY, "york"), Action(Verb.UNDER, "john-b-thompson")])
    assert after is not None and not after.stack and after.acted
    assert len(after.players[0].hand) == 3  # the card played and the one under it
    assert outcome(HeuristicBot(1), v, [Action(Verb.PLAY, "seaman")]) is None  # not in the hand
    assert v.players[0].hand == s.players[0].hand  # type: ignore[attr-defined]  # the view is untouched


def test_features_say_what_an_option_did() -> None:
    s = game(players=1, mackenzie=0)
    hand(s, 0, "york", "seaman")
    at(s, 0, 10, camp=6)
    v = view(s, 0)
    helper = HeuristicBot(1)
    camp = outcome(helper, v, [CAMP])
    assert camp is not None
    x = dict(zip(FEATURES, features(v, camp, [CAMP], [END]), strict=True))
    assert x["camp"] == 1.0 and x["play"] == 0.0 and x["heuristic"] == 0.0
    assert x["camp_moved"] == camp.players[0].camp - 6 == 2  # two cards of Time: from 10 back to 8
    assert x["camp_hand"] == 2.0 and x["end_hand"] == 0.0
    york = [Action(Verb.PLAY, "york"), Action(Verb.UNDER, "seaman")]
    played = outcome(helper, v, york)
    assert played is not None
    y = dict(zip(FEATURES, features(v, played, york, york), strict=True))
    assert y["play"] == 1.0 and y["heuristic"] == 1.0 and y["camp_moved"] == 0.0
    assert y["hand"] == -2.0 and y["strength"] == CARDS[BY_SLUG["seaman"].id].strength


def test_the_training_script_uses_the_packages_features_and_matches_the_experts_option() -> None:
    module = script("train_policy")
    assert module.features is features and module.options is options
    play_ = [Action(Verb.PLAY, "york"), Action(Verb.UNDER, "none"), Action(Verb.INDIANS, "", 0)]
    assert module.same(play_[:2], play_)  # no Indians step means none
    assert not module.same(play_, [Action(Verb.PLAY, "york"), Action(Verb.UNDER, "seaman")])
    record = [*play_, END, CAMP]
    assert module.expert_plan(record, 0) == play_ and module.expert_plan(record, 3) == [END]


def test_the_policy_plays_legal_reproducible_games() -> None:
    a = play(new_game(players=2, seed=4), [make_bot("policy", k) for k in range(2)], 20)
    b = play(new_game(players=2, seed=4), [make_bot("policy", k) for k in range(2)], 20)
    assert a == b and len(a) > 40
    assert isinstance(make_bot("policy", 1), PolicyBot)


def test_the_policy_camps_at_the_fort_when_it_can() -> None:
    """R23: a Camp that reaches Fort Clatsop wins, whatever the score says."""
    s = game(players=1, mackenzie=0)
    fort = s.options.route.fort_clatsop
    at(s, 0, fort, camp=fort - 3)
    hand(s, 0)
    assert PolicyBot(1).choose(view(s, 0), legal_actions(s)) == CAMP


def test_policy_is_an_option_of_rollout_that_stops_when_the_camp_stands_still() -> None:
    assert parse_spec("rollout:policy=2").options == RolloutOptions(policy=2)
    with pytest.raises(ValueError):
        parse_spec("rollout:policy=-1")
    bot = make_bot("rollout:policy=2", 1)
    assert isinstance(bot, RolloutBot) and bot.policy == 2 and make_bot("rollout", 1).policy == 0  # type: ignore[attr-defined]
    s = game(players=2)
    at(s, 0, 8, camp=8)
    p = s.players[0]
    assert not bot._stalled(s, p)
    s.turn += STALL * 2
    assert not bot._stalled(s, p)  # exactly STALL rounds: not yet
    s.turn += 1
    assert bot._stalled(s, p)
    at(s, 0, 9, camp=9)
    assert not bot._stalled(s, p)  # the Camp moved: the policy's options are back


def test_rollout_with_the_policy_plays_out_more_openings() -> None:
    s, legal = _turn()
    v = view(s, 0)  # type: ignore[arg-type]
    plain, with_policy = RolloutBot(1), RolloutBot(1, RolloutOptions(policy=2))
    base = HeuristicBot._action_plan(plain, v, legal, v.players[0])
    a = plain._openings(v, legal, v.players[0], base)
    b = with_policy._openings(v, legal, v.players[0], base)
    assert b[: len(a)] == a and 1 <= len(b) - len(a) <= 2


def test_the_training_script_learns_to_imitate_the_player_of_a_record(tmp_path: Path) -> None:
    """Trained on a heuristic game, the fit finds the heuristic's own verdict: it ranks the chosen
    option first far more often than a score of zero would (which takes the first option)."""
    module = script("train_policy")
    match = Match(Options(players=1, seed=5, mackenzie=0), ["heuristic"], keep_log=False)
    while not match.over and match.state.turn <= 12:
        match.step_bot()
    path = tmp_path / "game.json"
    match.record.save(path)
    data = module.choices(path)
    assert len(data) >= 12
    assert all(x.shape[1] == len(FEATURES) and 0 <= y < len(x) for x, y in data)
    every = np.vstack([x for x, _ in data])
    mean, scale = every.mean(axis=0), every.std(axis=0)
    scale[scale == 0] = 1.0
    fitted = module.accuracy(data, mean, scale, module.fit(data, mean, scale))
    assert fitted >= 0.9 > module.accuracy(data, mean, scale, np.zeros(len(FEATURES)))
