"""Every bot honours the one bot interface: legal choices only, reproducible by seed, blind to the
draw deck's order; bot specs, difficulty levels and the noise wrapper."""

from __future__ import annotations

import random
from dataclasses import replace

import pytest

from lewis_clark import apply, legal_actions, new_game, view
from lewis_clark.actions import Action, Verb
from lewis_clark.bots import LEVELS, NoisyBot, Spec, bot_names, make_bot, parse_spec
from lewis_clark.bots.experimental.mcts import MCTSBot
from lewis_clark.bots.options import CampJudge, MCTSOptions, Network, RaceOptions
from lewis_clark.state import State

# Small budgets: these tests check behaviour, not strength.
SPECS = ["random", "heuristic", "mcts:iterations=6:depth=1", "heuristic:noise=0.5"]


def _positions() -> list[State]:
    """A spread of positions: fresh games, mid-turn decisions, solo."""
    out = []
    for players in (1, 2, 4):
        s = new_game(players=players, seed=players)
        rnd = random.Random(players)
        for step in range(120):
            if s.over:
                break
            if step % 17 == 0:
                out.append(s)
            s = apply(s, rnd.choice(legal_actions(s)))
    return out


POSITIONS = _positions()


@pytest.mark.parametrize("spec", SPECS)
def test_bot_returns_only_legal_actions(spec: str) -> None:
    bot = make_bot(spec, seed=3)
    for s in POSITIONS:
        legal = legal_actions(s)
        assert bot.choose(view(s, s.current), legal) in legal


@pytest.mark.parametrize("spec", SPECS)
def test_bot_is_reproducible_by_seed(spec: str) -> None:
    first = [make_bot(spec, seed=11).choose(view(s, s.current), legal_actions(s)) for s in POSITIONS]
    again = [make_bot(spec, seed=11).choose(view(s, s.current), legal_actions(s)) for s in POSITIONS]
    assert first == again


@pytest.mark.parametrize("spec", SPECS)
def test_bot_never_reads_the_draw_deck_order(spec: str) -> None:
    """Shuffle the real deck behind the bot's back: with the same seed it decides the same."""
    for s in POSITIONS:
        other = s.copy()
        random.Random(5).shuffle(other.deck)
        other.rng ^= 0xABCDEF
        assert other.deck != s.deck or len(s.deck) < 2
        a = make_bot(spec, seed=2).choose(view(s, s.current), legal_actions(s))
        b = make_bot(spec, seed=2).choose(view(other, other.current), legal_actions(other))
        assert a == b


def test_mcts_reports_its_iterations_and_respects_a_time_budget() -> None:
    s = new_game(players=2, seed=4)
    bot = MCTSBot(seed=1, options=MCTSOptions(iterations=12, depth=1))
    bot.choose(view(s, s.current), legal_actions(s))
    assert bot.last_iterations == 12
    timed = MCTSBot(seed=1, options=MCTSOptions(seconds=0.05, depth=1))
    timed.choose(view(s, s.current), legal_actions(s))
    assert 0 < timed.last_iterations and timed.last_seconds < 0.5


def test_mcts_takes_an_immediate_win() -> None:
    """Blue can camp on Fort Clatsop now: a search of any size should see it."""
    s = new_game(players=2, seed=0)
    s.current = 1
    p = s.players[1]
    fort = s.options.route.fort_clatsop
    p.scout, p.camp, p.hand, p.resources = fort + 3, fort - 5, [], [0] * 6
    s.discard.extend(c for c in list(s.players[1].hand))
    s.players[1].face_up = list(range(61, 67))  # blue's crew, all played: camp Time 0
    legal = legal_actions(s)
    assert any(a.verb == "camp" for a in legal)
    choice = MCTSBot(seed=0, options=MCTSOptions(iterations=20, depth=1)).choose(view(s, 1), legal)
    assert choice.verb == "camp"


def test_specs_levels_and_errors() -> None:
    assert parse_spec("mcts:seconds=0.5:depth=16") == Spec("mcts", MCTSOptions(seconds=0.5, depth=16))
    race_options = RaceOptions(samples=2, keep=4, beam=15, actions=8, recruits=4, finish=1, discounts=True,
                               purse=True, jumps=True, racing=True)
    # hard and expert read expert iteration's value and follow only first turns the driver offers
    learned = replace(race_options, learned_camps=CampJudge.BLEND, offered=True)
    # the expert: one deal, searched twice as wide, 2,400 lines a turn, at a table too, and solo more moves a
    # turn; its value is generation 6's fit, on its own games (docs/bots.md)
    assert parse_spec("expert") == Spec("race", replace(learned, samples=1, keep=8, beam=30, nodes=2400, replan=600,
                                                        later=300, actions=10, recruits=5, table_actions=8,
                                                        table_recruits=4, network=Network.GEN6))
    # hard also grows the prior's actions, both parts read from generation 4's fit (docs/bots.md)
    assert parse_spec("hard") == Spec("race", replace(learned, nodes=300, learned_prior=True, network=Network.GEN4))
    assert parse_spec("medium") == Spec("race", replace(race_options, nodes=150))
    assert parse_spec("easy") == Spec("heuristic", None, 0.3)
    with pytest.raises(ValueError, match="bot 'race': nodes must be a whole number at least 1"):
        make_bot("race:nodes=0", 1)
    assert set(LEVELS) <= set(bot_names())
    with pytest.raises(ValueError, match="unknown bot"):
        make_bot("alphazero", 1)
    with pytest.raises(ValueError, match="bad bot option"):
        make_bot("mcts:fast", 1)
    with pytest.raises(ValueError, match="bot 'random' has no option 'depth'"):
        make_bot("random:depth=3", 1)
    with pytest.raises(ValueError, match="noise"):
        make_bot("heuristic:noise=2", 1)
    assert isinstance(make_bot("easy", 1), NoisyBot)
    for level in LEVELS:
        assert make_bot(level, 1) is not None


def _turn_actions(s: State) -> list[Action]:
    return [a for a in legal_actions(s) if a.verb in (Verb.PLAY, Verb.VILLAGE)]


def test_noise_one_takes_a_random_turn_action_and_zero_plays_like_the_bot() -> None:
    s = next(p for p in POSITIONS[3:] if len(_turn_actions(p)) >= 4)  # a real choice for noise to change
    legal = legal_actions(s)
    plain = make_bot("heuristic", 4).choose(view(s, s.current), legal)
    assert make_bot("heuristic:noise=0", 4).choose(view(s, s.current), legal) == plain
    picks = {make_bot("heuristic:noise=1", seed).choose(view(s, s.current), legal) for seed in range(40)}
    assert len(picks) > 3 and picks <= set(_turn_actions(s))


def test_noise_never_recruits_camps_or_ends_the_turn_at_random() -> None:
    """A random recruitment, Camp or end of the turn stalls the race (two easy bots never finished), so
    at every decision without a card to play or a Village place the noisy bot is the bot itself."""
    inside = [p for p in POSITIONS if not _turn_actions(p) and len(legal_actions(p)) >= 2]
    assert len(inside) >= 5 and any(a.verb in (Verb.RECRUIT, Verb.CAMP, Verb.END) for p in inside
                                    for a in legal_actions(p))
    for s in inside:
        legal = legal_actions(s)
        plain = make_bot("heuristic", 4).choose(view(s, s.current), legal)
        assert {make_bot("heuristic:noise=1", seed).choose(view(s, s.current), legal) for seed in range(5)} == {plain}


@pytest.mark.slow
def test_two_easy_bots_finish_their_game() -> None:
    """easy plays weakly, not nothing: a 2-player table of easy bots reaches the Fort."""
    from lewis_clark.match import Match
    from lewis_clark.state import Options

    for seed in (1, 3):
        match = Match(Options(players=2, seed=seed), ["easy", "easy"], keep_log=False).play_out(400)
        assert match.state.over, f"seed {seed}: still running after {match.state.turn} turns"


def test_a_bot_above_the_bots_package_is_found_by_its_entry_point_and_a_missing_one_is_named() -> None:
    from lewis_clark.bots import BotSpecError, plugin

    assert plugin("ppo").__module__ == "lewis_clark.rl.ppo_bot"  # pyproject.toml's group lewis_clark.bots
    with pytest.raises(BotSpecError, match="'nothing-here' is not installed"):
        plugin("nothing-here")
