"""The race planner (bots/race.py): it finds the Camp at Fort Clatsop, keeps its search between
turns while the table follows its deal, replays from its seed, and seeds a new deal with its line."""

from __future__ import annotations

import math
from collections.abc import Callable
from dataclasses import asdict, replace
from pathlib import Path

import pytest

from builders import at, game, hand, indians, load, script
from lewis_clark import Options, legal_actions, view
from lewis_clark.actions import Verb
from lewis_clark.bots import HELD_OUT_SEEDS, LEVELS, make_bot, parse_spec, planning, race, sensible
from lewis_clark.bots.base import refused
from lewis_clark.bots.options import CampJudge, Finisher, NoWin, RaceOptions
from lewis_clark.bots.race import Line, RaceBot, Search, finished_score
from lewis_clark.match import Match
from lewis_clark.rules import apply, apply_in_place
from lewis_clark.setup import new_game
from lewis_clark.state import State

TINY = RaceOptions(samples=1, keep=2, beam=3, nodes=8)  # budgets for tests: they check behaviour, not strength


def test_expert_and_hard_are_race_planners_with_budgets_in_lines() -> None:
    for level in ("hard", "expert"):
        spec = parse_spec(level)
        assert spec.name == "race" and isinstance(spec.options, RaceOptions) and spec.noise is None
        assert isinstance(make_bot(level, 1), RaceBot)
    expert, hard = parse_spec("expert").options, parse_spec("hard").options
    assert isinstance(expert, RaceOptions) and isinstance(hard, RaceOptions)
    # the expert grows more lines a turn than hard, as many at a table as solo, each Camp bucket kept wider
    assert expert.table == 0 and expert.samples * expert.nodes > hard.samples * hard.nodes
    assert expert.keep > hard.keep and expert.beam > hard.beam


def test_a_camp_at_the_fort_within_reach_is_found_and_called_a_win() -> None:
    s = game(players=1, mackenzie=0)
    fort = s.options.route.fort_clatsop
    at(s, 0, fort - 3, camp=fort - 3)
    load(s, 0, canoe=2, food=2, horse=2)
    bot = RaceBot(1, TINY)
    action = bot.choose(view(s, 0), legal_actions(s))
    assert action.verb == Verb.PLAY
    outlook = bot.outlook()
    assert outlook is not None and outlook.win_in == 1 and outlook.camp_in == 1
    won = bot.deals[0].won
    assert won is not None and won.state.over and won.state.winner == 0 and len(won.turns) == 1


def test_far_from_the_fort_the_plan_is_a_camp_ahead() -> None:
    s = game(players=1, mackenzie=0)
    bot = RaceBot(1, TINY)
    bot.choose(view(s, 0), legal_actions(s))
    outlook = bot.outlook()
    assert outlook is not None and outlook.win_in == 0
    assert outlook.camp_in >= 1 and outlook.camp_at > 0 and outlook.camp_time >= 0


def _play(spec: str, seed: int, turns: int, players: int = 1) -> tuple[list[str], Match]:
    match = Match(Options(players=players, seed=seed, mackenzie=0 if players == 1 else 0),
                  [spec] * players, keep_log=False)
    while not match.over and match.state.turn <= turns:
        match.step_bot()
    return [str(a) for a in match.actions], match


@pytest.mark.slow
def test_same_seed_same_moves_solo_and_with_two_seats() -> None:
    spec = "race:samples=2:keep=2:beam=3:nodes=6"
    for players in (1, 2):
        first, _ = _play(spec, 5, 6, players)
        again, _ = _play(spec, 5, 6, players)
        assert first == again and len(first) > 10


def test_the_search_goes_on_between_turns_while_the_table_follows_the_deal() -> None:
    """Solo, Mackenzie moves as the rules say: a turn without a card drawn leaves the table as the
    deal had it, so the deal's search carries on (lines grown add up) instead of starting again."""
    _, match = _play("race:samples=1:keep=2:beam=3:nodes=6", 1, 12)
    bot = match.bots[0]
    assert isinstance(bot, RaceBot)
    assert bot.searches >= 10
    assert 0 < bot.carried < bot.searches


def test_reroot_keeps_lines_of_the_turn_played_only() -> None:
    s = game(players=1, mackenzie=0)
    bot = RaceBot(2, TINY)
    seen = view(s, 0)
    bot.choose(seen, legal_actions(s))
    deal = bot.deals[0]
    first = bot.committed
    assert first and deal.buckets
    # play the committed turn on the deal itself: the table then is exactly what the deal expects
    after = deal.root.copy()
    for a in first:
        apply_in_place(after, a)
    moved = bot._reroot(deal, view(after, 0), 0)
    assert moved is not None and moved.grown == deal.grown
    assert all(len(line.turns) == turn for turn, lines in moved.buckets.items() for line in lines if line.turns)
    # a table that differs (another Scout) is dealt anew
    other = after.copy()
    other.players[0].scout += 1
    assert bot._reroot(deal, view(other, 0), 0) is None


def test_a_new_deal_is_seeded_with_the_line_followed() -> None:
    s = game(players=1, mackenzie=0)
    bot = RaceBot(3, TINY)
    bot.choose(view(s, 0), legal_actions(s))
    line = bot.line
    assert line is not None and len(line.turns) >= 2
    fresh = Search(bot.deal(view(s, 0)))
    bot._warm(fresh, 0, line.turns)
    camps = [t for t, lines in fresh.buckets.items() if t > 0 and lines]
    assert camps and fresh.best is not None  # the line's Camps are in their turns' buckets


def test_levels_decide_fast_inside_an_action() -> None:
    """Inside an action without a plan the heuristic's rules finish it: no search there."""
    s = game(players=1, mackenzie=0)
    bot = RaceBot(4, TINY)
    legal = legal_actions(s)
    play = next(a for a in legal if a.verb == Verb.PLAY)
    inside = apply(s, play)
    before = bot.searches
    bot.choose(view(inside, 0), legal_actions(inside))
    assert bot.searches == before


def _acted(s: State) -> State:
    """``s`` after seat 0 has played its first card and finished the action (a search from it replans)."""
    after = apply(s, next(a for a in legal_actions(s) if a.verb == Verb.PLAY))
    while after.stack:
        after = apply(after, make_bot("heuristic", 1).choose(view(after, 0), legal_actions(after)))
    return after


def test_replan_is_the_budget_of_a_search_inside_a_turn_only() -> None:
    """After the action a card drawn may make the bot search again for the turn's rest: with ``replan``
    that search grows fewer lines on each deal than a turn's first search, which keeps ``nodes``."""
    s = game(players=1, mackenzie=0)
    after = _acted(s)  # the action finished by the heuristic's rules: a decision inside the turn
    assert after.acted and after.current == 0 and not after.over
    grown = {}
    for replan in (0, 2):
        for state in (s, after):
            bot = RaceBot(5, replace(TINY, nodes=40, replan=replan))
            bot.search(view(state, 0))
            grown[replan, state is after] = sum(stat.grown for stat in bot.root_stats)
    assert grown[2, True] < grown[0, True]  # inside the turn: the smaller budget
    assert grown[2, False] == grown[0, False]  # a turn's first search: nodes either way
    assert parse_spec("expert:replan=150").options == replace(parse_spec("expert").options, replan=150)
    with pytest.raises(ValueError, match="replan"):
        RaceOptions(replan=-1)


def test_replan_solo_off_keeps_a_whole_replan_solo_and_the_bound_at_a_table() -> None:
    """``replan_solo=0``: solo a search inside a turn grows ``nodes`` like the turn's first; at a table
    of two seats it grows ``replan``, as with the option on."""
    grown: dict[tuple[int, bool], int] = {}
    for players in (1, 2):
        s = game(players=players, mackenzie=0)
        after = _acted(s)
        assert after.acted and after.current == 0 and not after.over
        for solo in (True, False):
            bot = RaceBot(5, replace(TINY, nodes=40, replan=2, replan_solo=solo))
            bot.search(view(after, 0))
            grown[players, solo] = sum(stat.grown for stat in bot.root_stats)
    assert grown[1, False] > grown[1, True]  # solo: the whole budget with the option off
    assert grown[2, False] == grown[2, True]  # two seats: the bound either way
    assert parse_spec("expert:replan_solo=0").options == replace(parse_spec("expert").options, replan_solo=False)
    assert parse_spec("expert").options.replan_solo  # the expert bounds its replans solo and at a table


def test_table_bounds_a_turns_first_search_at_a_table_only() -> None:
    """``table``: a turn's first search grows ``table`` lines a deal at a table of several seats (each of
    its lines also plays the rivals' turns), and ``nodes`` solo; 0 means ``nodes`` everywhere."""
    grown: dict[tuple[int, int], int] = {}
    for players in (1, 2):
        s = game(players=players, mackenzie=0)
        for table in (0, 3):
            bot = RaceBot(5, replace(TINY, nodes=40, table=table))
            bot.search(view(s, 0))
            grown[players, table] = sum(stat.grown for stat in bot.root_stats)
    assert grown[1, 3] == grown[1, 0]  # solo: ``nodes`` either way
    assert grown[2, 3] < grown[2, 0]  # two seats: the table's bound
    with pytest.raises(ValueError, match="table"):
        RaceOptions(table=-1)


def test_table_actions_and_recruits_are_the_moves_a_turn_grows_at_a_table_only() -> None:
    """``table_actions`` and ``table_recruits``: at a table of several seats each turn grows that many
    actions and recruitments, and the search is the one with ``actions`` and ``recruits`` set so; solo they
    are not read; 0 means ``actions`` and ``recruits`` everywhere."""
    split = replace(TINY, nodes=40, actions=5, recruits=3, table_actions=2, table_recruits=1)
    for players, same in ((1, replace(TINY, nodes=40, actions=5, recruits=3)),
                          (2, replace(TINY, nodes=40, actions=2, recruits=1))):
        s = view(game(players=players, mackenzie=0), 0)
        bot, twin = RaceBot(5, split), RaceBot(5, same)
        assert bot.search(s) == twin.search(s)
        assert (bot.whole.actions, bot.whole.recruits) == (same.actions, same.recruits)
        assert [stat.grown for stat in bot.root_stats] == [stat.grown for stat in twin.root_stats]
    unset = RaceBot(5, replace(TINY, actions=5, recruits=3))
    unset.search(view(game(players=2, mackenzie=0), 0))
    assert (unset.whole.actions, unset.whole.recruits) == (5, 3)
    with pytest.raises(ValueError, match="table_recruits"):
        RaceOptions(table_recruits=-1)


def test_table_turn_bounds_the_lines_of_a_whole_turn_at_a_table_only() -> None:
    """``table_turn``: at a table of several seats the searches of one turn (its first and the replans of a
    card drawn) grow at most that many lines together, each at least a bucket; a new turn has the whole bound
    again; solo it is not read; 0 leaves each search its own budget."""
    grown: dict[tuple[int, int], list[int]] = {}
    for players in (1, 2):
        s = game(players=players, mackenzie=0)
        after = _acted(s)
        assert after.acted and after.current == 0 and not after.over
        for whole in (0, 60):
            bot = RaceBot(5, replace(TINY, nodes=40, replan=30, table_turn=whole))
            grown[players, whole] = []
            for state in (s, after, after, s):  # the turn's search, two replans, the next turn's
                bot.search(view(state, 0))
                grown[players, whole].append(bot.turn_grown)
    assert grown[1, 60] == grown[1, 0]  # solo: each search its own budget either way
    unbounded, bounded = grown[2, 0], grown[2, 60]
    assert unbounded[2] > 60  # without it the turn's searches together grow more than the bound
    assert bounded[0] == unbounded[0] <= 60  # the first search's own budget is under the bound
    # each replan grows only what is left, and a bucket at least (a started bucket is finished)
    assert unbounded[1] - unbounded[0] > bounded[1] - bounded[0] > 0
    assert unbounded[2] - unbounded[1] > bounded[2] - bounded[1] > 0
    assert bounded[2] < unbounded[2] - 40
    assert bounded[3] == unbounded[3]  # the next turn: the whole bound again (its first search under it)
    assert parse_spec("expert:table_turn=2600").options == replace(parse_spec("expert").options, table_turn=2600)
    with pytest.raises(ValueError, match="table_turn"):
        RaceOptions(table_turn=-1)


def test_later_is_the_budget_of_a_turns_third_search_on() -> None:
    """Each card drawn inside a turn may replan its rest: the third and later searches of one turn grow
    ``later`` lines a deal (a turn's thinking stays bounded), the first two keep ``nodes`` and ``replan``."""
    s = game(players=1, mackenzie=0)
    after = _acted(s)
    grown: dict[int, list[int]] = {}
    for later in (0, 2):
        bot = RaceBot(5, replace(TINY, nodes=40, later=later))
        grown[later] = []
        for state in (s, after, after, after, s):  # the turn's search, three replans, the next turn's
            bot.search(view(state, 0))
            grown[later].append(sum(stat.grown for stat in bot.root_stats))
    assert grown[2][:2] == grown[0][:2]  # the first search and the first replan: as without ``later``
    assert grown[2][2] < grown[0][2] and grown[2][3] < grown[0][3]  # the third and fourth: fewer lines
    assert grown[2][4] >= 40  # a new turn's search has ``nodes`` again
    assert parse_spec("expert").options.later > 0  # the expert bounds its turns so
    with pytest.raises(ValueError, match="later"):
        RaceOptions(later=-1)


def test_levels_table_names_every_level() -> None:
    assert set(LEVELS) == {"easy", "medium", "hard", "expert"}


def test_a_line_played_out_that_wins_is_the_win_to_beat() -> None:
    """``finish``: a Camp played out to the end by the heuristic's rules that reaches the Fort before
    Mackenzie is the deal's win, and the search then grows nothing that could not arrive sooner."""
    s = game(players=1, mackenzie=0)
    fort = s.options.route.fort_clatsop
    at(s, 0, fort - 8, camp=fort - 8)
    load(s, 0, canoe=3, food=3, horse=3)
    bot = RaceBot(5, replace(TINY, finish=1))
    bot.choose(view(s, 0), legal_actions(s))
    deal = bot.deals[0]
    assert deal.won is not None and deal.won.state.winner == 0
    assert all(turn + 1 < len(deal.won.turns) for turn in deal.buckets)


def test_with_no_win_the_line_played_out_furthest_is_followed() -> None:
    """Far from the Fort at level 7 no play-out arrives first; the line followed is the played-out
    one (the deal's ``finished``), judged by its turns and the spaces its Camp still lacked."""
    s = game(players=1, mackenzie=7)
    bot = RaceBot(6, replace(TINY, finish=1))
    bot.choose(view(s, 0), legal_actions(s))
    deal = bot.deals[0]
    if deal.won is None:
        assert deal.finished is not None and deal.pick() is deal.finished
        fort = s.options.route.fort_clatsop
        lacking = max(0, fort - deal.finished.state.players[0].camp)
        assert deal.finished.score == pytest.approx(-(len(deal.finished.turns) + lacking / 1.2))
    else:
        assert deal.pick() is deal.won
    assert bot.line is deal.pick()


def margins(asked: list[tuple[State, float]]) -> Callable[[list[State], int], list[float]]:
    """A stand-in for the learned value: a Camp's margin is how far it got, less a tenth a space of Time
    spent (so that Camps of one turn differ), each state asked noted in ``asked``."""

    def worth(states: list[State], seat: int) -> list[float]:
        out = [float(st.players[seat].camp) - 0.1 * st.players[seat].scout for st in states]
        asked.extend(zip(states, out, strict=True))
        return out

    return worth


def test_with_no_win_value_the_camp_the_value_rates_best_is_followed() -> None:
    """Solo at level 7 far from the Fort nothing a small search (40 lines, so that later turns are reached)
    grows wins: with ``no_win=1`` the line followed is the Camp of any turn (not the root) that the value
    rated best, not the best play-out."""
    s = game(players=1, mackenzie=7)
    asked: list[tuple[State, float]] = []
    bot = RaceBot(6, replace(TINY, nodes=40, finish=1, no_win=NoWin.VALUE), worth=margins(asked))
    bot.choose(view(s, 0), legal_actions(s))
    deal = bot.deals[0]
    assert deal.won is None and deal.finished is not None  # a play-out was made, and it is not followed
    assert deal.valued is not None and deal.pick() is deal.valued and bot.line is deal.valued
    rated = [value for state, value in asked if state is not deal.root]
    assert rated and deal.valued.score == max(rated)
    assert deal.valued.turns and deal.valued.turns[0] == bot.committed
    # without the option the same search follows its best play-out, and the value is never asked
    plain = RaceBot(6, replace(TINY, nodes=40, finish=1))
    plain.choose(view(s, 0), legal_actions(s))
    assert plain.deals[0].valued is None and plain.deals[0].pick() is plain.deals[0].finished


def test_no_win_value_is_solo_only_and_needs_the_value() -> None:
    """At a table the play-outs (which play the rivals) still judge: the value, fitted on solo games, notes
    nothing there and the game is the one without the option. Without a value the option is refused."""
    options = replace(TINY, finish=1, no_win=NoWin.VALUE)
    asked: list[tuple[State, float]] = []
    with_it = Match(Options(players=2, seed=4), ["heuristic", "heuristic"], keep_log=False)
    with_it.bots[0] = RaceBot(5, options, worth=margins(asked))
    with_it.play_out(max_turns=6)
    without = Match(Options(players=2, seed=4), ["heuristic", "heuristic"], keep_log=False)
    without.bots[0] = RaceBot(5, replace(TINY, finish=1))
    without.play_out(max_turns=6)
    assert with_it.actions == without.actions and not asked
    with pytest.raises(ValueError, match="no_win .*worth"):
        RaceBot(1, options)
    assert parse_spec("expert:no_win=1").options.no_win is NoWin.VALUE
    assert make_bot("race:no_win=1", seed=1).worth is not None  # the registry hands it the network


def test_finish_is_checked() -> None:
    with pytest.raises(ValueError, match="finish"):
        RaceOptions(finish=-1)
    assert parse_spec("race:finish=2").options == RaceOptions(finish=2)


def _near_the_fort(players: int) -> State:
    s = game(players=players, mackenzie=0)
    fort = s.options.route.fort_clatsop
    at(s, 0, fort - 8, camp=fort - 8)
    load(s, 0, canoe=3, food=3, horse=3)
    return s


@pytest.mark.parametrize("players", [1, 2])
def test_a_play_out_win_bounds_the_search_only_solo_with_bound_0(players: int) -> None:
    """``bound=0``: at a table of several seats a play-out that wins beat the other seats as the
    heuristic plays them, so it is only a finished line (judged by its turns), not the win to beat;
    solo, Mackenzie is played as the engine plays him and the win stands. ``bound=1`` always bounds."""
    for bound in (0, 1):
        bot = RaceBot(5, replace(TINY, finish=1, bound=bool(bound)))
        s = _near_the_fort(players)
        deal = Search(bot.deal(view(s, 0)))
        bot._finish(deal, 0, Line(deal.root.copy(), (), 0.0))
        if bound or players == 1:
            assert deal.won is not None and deal.won.state.winner == 0 and deal.finished is None
        else:
            assert deal.won is None
            assert deal.finished is not None and deal.finished.state.winner == 0
            assert deal.finished.score == -len(deal.finished.turns)


def test_bound_is_checked() -> None:
    with pytest.raises(ValueError, match="bound must be 0 or 1"):
        parse_spec("race:bound=2")
    with pytest.raises((TypeError, ValueError)):  # the compiled build refuses a non-bool at the call
        RaceOptions(bound=2)  # type: ignore[arg-type]
    assert parse_spec("race:bound=0").options == RaceOptions(bound=False)


def test_finisher_2_plays_out_by_the_heuristic_and_by_medium() -> None:
    from lewis_clark.bots.heuristic import HeuristicBot
    from lewis_clark.bots.rollout import RolloutBot

    kinds = [type(b) for b in RaceBot(1, RaceOptions(finish=1, finisher=Finisher.BOTH)).finishers]
    assert kinds == [HeuristicBot, RolloutBot]
    assert [type(b) for b in RaceBot(1, RaceOptions(finish=1)).finishers] == [HeuristicBot]
    with pytest.raises(ValueError, match="finisher"):
        parse_spec("race:finisher=3")
    with pytest.raises((TypeError, ValueError)):  # the compiled build refuses a non-Finisher at the call
        RaceOptions(finisher=3)  # type: ignore[arg-type]


def test_the_solo_benchmark_takes_a_list_of_seeds() -> None:
    """``scripts/solo_cpu.py --seeds 4,8,10-12`` replays chosen seeds (the losses of a run, say)."""
    module = script("solo_cpu")
    assert module.parse_seeds("4,8,10-12") == [4, 8, 10, 11, 12]
    assert module.parse_seeds("1-3") == [1, 2, 3]
    assert module.parse_seeds("7") == [7]


def test_the_table_measure_plays_every_seat_as_the_arm_and_counts_the_deals_carried_on() -> None:
    """``scripts/expert_iteration.py --measure --players 2``: a table of the arm, its length a player."""
    script("solo_cpu")  # the benchmark's loop, which the table's game shares
    module = script("expert_iteration")
    r = module.at_table(("race:samples=1:keep=2:beam=3:nodes=6", 1, 2))
    fort = Options(players=2).route.fort_clatsop
    assert r["won"] and r["camps"][r["winner"]] >= fort and len(r["camps"]) == 2
    assert r["turns"] * 2 == int(r["turns"] * 2) and r["turns"] > 10  # the game's turns over two seats
    assert 0.0 < r["carried"] < 1.0 and r["decisions"] > r["turns"]


def test_every_recipe_pins_its_player_whole_and_plays_outside_the_held_out_seeds() -> None:
    """``--reproduce N`` replays generation N's games: its bot is a whole spec (not a level's name, which
    follows the level) naming the model it reads, and its seeds never touch 1,000,001-1,000,200."""
    module = script("expert_iteration")
    assert module.RECIPES, "no generation can be reproduced"
    for generation, recipe in module.RECIPES.items():
        spec = parse_spec(recipe.bot)
        assert spec.name == "race" and recipe.bot.split(":")[0] not in LEVELS
        # the model it reads is part of the recipe
        assert isinstance(spec.options, RaceOptions) and spec.options.learned and "network=" in recipe.bot
        first = module.SEED_BASE + generation * 100_000
        assert 0 < recipe.games <= 100_000 and not set(range(first, first + recipe.games)) & set(HELD_OUT_SEEDS)
        assert set(recipe.reads) <= set(module.RECIPES) and generation in recipe.reads


def test_reproducing_a_generation_without_a_recipe_names_those_that_have_one(tmp_path: Path) -> None:
    module = script("expert_iteration")
    args = module.arguments().parse_args(["--reproduce", "--generation", "2", "--out", str(tmp_path)])
    with pytest.raises(SystemExit, match=r"no recipe for generation 2: recipes exist for \[6\]"):
        module.reproduce(args)
    assert not any(tmp_path.iterdir())  # nothing played, nothing written


def test_a_reproduction_refuses_a_folder_with_games_the_recipe_has_not(tmp_path: Path) -> None:
    """The fit reads every game of the folder, so one game more would make another model: refused before
    anything is played."""
    module = script("expert_iteration")
    recipe = module.RECIPES[6]
    folder = tmp_path / "gen6"
    folder.mkdir()
    stray = folder / f"g{module.SEED_BASE + 6 * 100_000 + recipe.games}.npz"  # the first seed past the recipe's
    stray.write_bytes(b"")
    args = module.arguments().parse_args(["--reproduce", "--generation", "6", "--out", str(tmp_path)])
    with pytest.raises(SystemExit, match=f"{folder} holds games outside the recipe's 235 seeds \\(1, the first "
                                         f"{stray.name}\\); use another --out"):
        module.reproduce(args)
    assert [p.name for p in folder.iterdir()] == [stray.name]  # nothing played


def test_a_recipe_pins_the_fit_it_was_made_with() -> None:
    """Generation 6 was fitted with ``--fit``'s defaults but for ``--rank-weight 1 --suffix=-ranked``: the
    recipe says so itself, so a later change of a default does not change what ``--reproduce`` makes."""
    module = script("expert_iteration")
    defaults = vars(module.arguments().parse_args(["--fit"]))
    pinned = asdict(module.RECIPES[6].fitting)
    assert pinned == {**{k: defaults[k] for k in pinned}, "rank_weight": 1.0, "suffix": "-ranked"}


def test_the_deck_seeing_evidence_deals_the_truth_and_its_search_carries_on() -> None:
    """``scripts/deck_seeing.py``: the level's own search, its generator dealing the real deck and
    generator; solo, every deal then comes out as the table does, so each search is carried on."""
    module = script("deck_seeing")
    s = game(players=1, seed=3, mackenzie=0)
    spec = module.with_samples("race:samples=2:keep=2:beam=3:nodes=8", 1)
    assert spec == "race:samples=1:keep=2:beam=3:nodes=8"
    assert module.with_samples("planner:width=2", 1) == "planner:width=2"
    bot, dealer = module.deck_seeing(spec, 3)
    dealer.truth = s
    dealt = bot.deal(view(s, 0))
    assert dealt.deck == s.deck and dealt.rng == s.rng and dealt.rng_key == s.rng_key
    assert view(s, 0).deck != s.deck  # the view alone does not give the order
    for _ in range(60):
        dealer.truth = s
        apply_in_place(s, bot.choose(view(s, 0), legal_actions(s)))
    # one search a turn (no card ever drawn other than dealt), each after the first carried on
    assert s.turn > 4 and bot.searches == s.turn and bot.carried == s.turn - 1
    with pytest.raises(ValueError, match="planner, race or rollout"):
        module.deck_seeing("heuristic", 1)


def test_racing_reckons_each_rival_at_a_racers_pace() -> None:
    """``racing``: the seat's horizon is the turns until the nearest rival's Camp, gaining 1.3 spaces a
    turn, reaches the Fort (St Louis to the Fort: 30 turns); solo it is the usual last turn."""
    s = game(players=3)
    fort = s.options.route.fort_clatsop
    assert planning.rivals_arrive(s, 0, race.LAST_TURN) == math.ceil((fort - s.players[1].camp) / planning.RIVAL_PACE) == 30
    at(s, 2, fort - 4, camp=fort - 4)
    assert planning.rivals_arrive(s, 0, race.LAST_TURN) == 4  # 4 / 1.3 = 3.1: the fourth turn
    assert planning.rivals_arrive(s, 2, race.LAST_TURN) == 30  # a seat's own Camp is not its rival
    at(s, 1, fort, camp=fort)
    assert planning.rivals_arrive(s, 0, race.LAST_TURN) == 1
    assert planning.rivals_arrive(game(players=1, mackenzie=0), 0, race.LAST_TURN) == race.LAST_TURN


@pytest.mark.parametrize("racing", [False, True])
def test_with_racing_no_line_arriving_after_a_rival_is_grown_or_called_a_win(racing: bool) -> None:
    """Near the Fort with a rival 8 spaces from it (7 turns at a racer's pace), the search with ``racing``
    keeps no Camp bucket and no win past the rival's turn; without it, a play-out's win may be later."""
    s = _near_the_fort(2)
    fort = s.options.route.fort_clatsop
    at(s, 1, fort - 8, camp=fort - 8)
    bot = RaceBot(5, replace(TINY, finish=1, racing=racing))
    bot.choose(view(s, 0), legal_actions(s))
    assert race.CLOSING <= 7
    assert bot.horizon == (7 if racing else race.LAST_TURN)
    for deal in bot.deals:
        if racing:
            assert deal.won is None or len(deal.won.turns) <= 7
            assert all(turn < 7 for turn in deal.buckets)
    assert parse_spec("race:racing=1").options == RaceOptions(racing=True)


def test_a_rival_reckoned_within_closing_turns_no_longer_bounds_the_lines() -> None:
    """A rival 4 spaces from the Fort is reckoned there in 4 turns, fewer than ``CLOSING``: the seat races
    for its own earliest arrival (the horizon is the usual last turn), so a seat whose Scout has fallen far
    behind its Camp searches the turns it needs to get there, not only the rival's 4."""
    s = game(players=2, mackenzie=0)
    fort = s.options.route.fort_clatsop
    at(s, 0, fort - 20, camp=fort - 1)  # the Scout sent back far behind a Camp next to the Fort
    load(s, 0, canoe=2, food=2, horse=2)
    at(s, 1, fort - 4, camp=fort - 4)
    assert planning.rivals_arrive(s, 0, race.LAST_TURN) == 4 < race.CLOSING
    bot = RaceBot(5, replace(TINY, finish=1, racing=True))
    bot.choose(view(s, 0), legal_actions(s))
    assert bot.horizon == race.LAST_TURN
    at(s, 1, fort - 8, camp=fort - 8)  # 7 turns away: racing bounds the lines again
    bot = RaceBot(5, replace(TINY, finish=1, racing=True))
    bot.choose(view(s, 0), legal_actions(s))
    assert bot.horizon == 7


def test_racing_changes_nothing_solo_and_every_race_level_races() -> None:
    """Solo, Mackenzie is in the deal as the engine plays him, so ``racing`` keeps the usual horizon and
    the search grows the same lines; every race level has it on (it only acts at several seats)."""
    s = game(players=1, seed=4, mackenzie=0)
    plain, racing = RaceBot(3, replace(TINY, finish=1)), RaceBot(3, replace(TINY, finish=1, racing=True))
    for bot in (plain, racing):
        bot.choose(view(s, 0), legal_actions(s))
    assert racing.horizon == plain.horizon == race.LAST_TURN
    assert racing.committed == plain.committed
    assert [d.grown for d in racing.deals] == [d.grown for d in plain.deals]
    for level in ("medium", "hard", "expert"):
        options = parse_spec(level).options
        assert isinstance(options, RaceOptions) and options.racing


def test_a_search_runs_with_fewer_collections_and_puts_the_threshold_back() -> None:
    """The cyclic collector passes over its youngest objects every ``SEARCH_COLLECTION`` allocations while
    the race planner searches (it makes no cycles), and the caller's threshold is back when the last
    search running ends, even when a search fails."""
    import gc

    from lewis_clark.bots.base import SEARCH_COLLECTION, FewerCollections

    saved = gc.get_threshold()
    try:
        gc.set_threshold(700, 10, 10)
        with FewerCollections():
            assert gc.get_threshold() == (SEARCH_COLLECTION, 10, 10)
        assert gc.get_threshold() == (700, 10, 10)
        with pytest.raises(RuntimeError), FewerCollections():
            raise RuntimeError("a failed search")
        assert gc.get_threshold() == (700, 10, 10)
        outer, inner = FewerCollections(), FewerCollections()  # nested, or two threads' searches
        outer.__enter__()
        inner.__enter__()
        outer.__exit__(None, None, None)  # the first to end: another search still runs
        assert gc.get_threshold() == (SEARCH_COLLECTION, 10, 10)
        inner.__exit__(None, None, None)
        assert gc.get_threshold() == (700, 10, 10)
        seen: list[tuple[int, int, int]] = []

        def worth(states: list[State], seat: int) -> list[float]:  # asked inside the search: note the threshold
            seen.append(gc.get_threshold())
            return [0.0] * len(states)

        options = RaceOptions(samples=1, keep=1, beam=3, nodes=8, learned_camps=CampJudge.VALUE)
        match = Match(Options(players=1, seed=12, mackenzie=2), ["heuristic"], keep_log=False)
        match.bots[0] = RaceBot(3, options, worth=worth)
        match.play_out(max_turns=4)
        assert seen and all(t[0] == SEARCH_COLLECTION for t in seen)
        assert gc.get_threshold() == (700, 10, 10)
    finally:
        gc.set_threshold(*saved)


def test_a_finished_line_counts_the_spaces_its_scout_must_win_back_behind_its_camp() -> None:
    """Two lines played out to the horizon, Camps alike at 32: the one whose Camp Time sent the Scout
    back behind the Camp lacks those spaces too, and the one whose Scout stands at or ahead of the Camp
    is kept (tuning seed 2,000,102: judged by the Camp alone, every line scored alike and two experts
    Camped in place each turn, their Scouts sent back to St Louis, for 300 turns)."""
    fort = Options(players=2).route.fort_clatsop
    behind, level = game(players=2), game(players=2)
    at(behind, 0, 24, camp=32)
    at(level, 0, 32, camp=32)
    deal = Search(behind)
    RaceBot._judge_finished(deal, 0, Line(behind, ((),) * 3, 0.0))
    assert deal.finished is not None and deal.finished.score == pytest.approx(-(3 + (fort - 32 + 8) / race.FINISH_PACE))
    RaceBot._judge_finished(deal, 0, Line(level, ((),) * 3, 0.0))
    assert deal.finished.state is level and deal.finished.score == pytest.approx(-(3 + (fort - 32) / race.FINISH_PACE))


def _heuristic_turn_start(seed: int, turn: int) -> State:
    """The solo table of seed ``seed`` at the start of turn ``turn``, the heuristic playing."""
    s = new_game(Options(players=1, seed=seed))
    bot = make_bot("heuristic", seed)
    while s.turn < turn or s.stack or s.acted or s.camped or s.recruited:
        s = apply(s, bot.choose(view(s, 0), legal_actions(s)))
    return s


def test_cross_plays_each_deals_line_on_every_deal_and_follows_the_best_on_average() -> None:
    """``cross``: deals that pick different first turns judge each other's lines; the line followed is
    the one whose play on every deal (``_played_on``) does best on average, not the vote's (which judges
    each deal's line on its own cards only)."""
    opts = RaceOptions(samples=2, keep=2, beam=4, nodes=30, finish=1)
    s = _heuristic_turn_start(16, 9)
    plain, crossed = RaceBot(7, opts), RaceBot(7, replace(opts, cross=1))
    voted, chosen = plain.search(view(s, 0)), crossed.search(view(s, 0))
    picks = [deal.pick() for deal in crossed.deals]
    assert len({stat.first for stat in crossed.root_stats}) == 2  # the deals disagree here
    means = [sum(crossed._played_on(deal, 0, line.turns) for deal in crossed.deals) / 2
             for line in picks if line is not None]
    best = picks[max(range(len(means)), key=lambda i: means[i])]
    assert best is not None and chosen == best.turns[0]
    assert chosen != voted  # here the vote would have followed the other deal's line
    own = [finished_score(line.state, 0, len(line.turns)) for line in picks if line is not None]
    assert own != means  # a line played on the other deal's cards does not fare as on its own
    assert parse_spec("expert:cross=1").options.cross == 1


def test_cross_above_one_also_weighs_each_deals_best_first_turns() -> None:
    """``cross=K`` (K > 1): every deal also offers the lines of its K best first turns (``by_first``: the
    best line played to the end for each first turn), and the one that does best played on every deal
    is followed, whether or not the deals' own picks agree."""
    opts = RaceOptions(samples=2, keep=2, beam=4, nodes=30, finish=2, cross=3)
    s = _heuristic_turn_start(9, 7)
    bot = RaceBot(7, opts)
    chosen = bot.search(view(s, 0))
    # here the turn followed is neither deal's own pick
    assert race._acting(chosen) not in {race._acting(line.turns[0]) for deal in bot.deals if (line := deal.pick())}
    offered = [line for deal in bot.deals for line in sorted(
        deal.by_first.values(), key=lambda ln: -finished_score(ln.state, 0, len(ln.turns)))[:3]]
    offered += [line for deal in bot.deals if (line := deal.pick()) is not None]
    assert len({race._acting(line.turns[0]) for line in offered}) > 1  # first turns to choose among
    for deal in bot.deals:  # each first turn's line is the best played-out line beginning with it
        for key, line in deal.by_first.items():
            assert race._acting(line.turns[0]) == key and line.state.over
    means = [sum(bot._played_on(deal, 0, line.turns) for deal in bot.deals) / 2 for line in offered]
    assert chosen == offered[max(range(len(means)), key=lambda i: means[i])].turns[0]
    assert not parse_spec("expert").options.cross
    with pytest.raises(ValueError, match="cross"):
        parse_spec("expert:cross=9")


def _stalled_in_the_rockies() -> State:
    """Tuning seed 2,000,455, turn 29 (condensed): Scout and Camp on 36 before three Mountain spaces, 2 Fur
    and 1 Food aboard, no Indian; Joseph Barter (pays a Canoe) and George Drouillard (pays an Indian to the
    powwow) can pay for nothing, so the driver refuses them while something else is left."""
    s = game(players=1, mackenzie=0)
    at(s, 0, 36, camp=36)
    hand(s, 0, "joseph-and-ruben-field", "william-clark", "joseph-barter", "george-drouillard")
    indians(s, 0, 0)
    return load(s, 0, fur=2, food=1)


def test_offered_grows_and_follows_only_first_turns_the_driver_offers() -> None:
    s = _stalled_in_the_rockies()
    legal = legal_actions(s)
    offered = sensible(view(s, 0), legal)
    assert {str(a) for a in legal if refused(s, a)} == {"play joseph-barter", "play george-drouillard"}
    # without the option the search picks a turn that opens with a refused play: the bot's choice is then
    # the heuristic's rules of thumb, not its search's
    plain = RaceBot(1, TINY)
    chosen = plain.choose(view(s, 0), offered)
    assert refused(s, plain.committed[0]) and chosen != plain.committed[0]
    bot = RaceBot(1, replace(TINY, offered=True))
    chosen = bot.choose(view(s, 0), offered)
    assert chosen == bot.committed[0] and chosen in offered
    for deal in bot.deals:
        lines = [ln for lines in deal.buckets.values() for ln in lines] + [deal.won, deal.finished, deal.best]
        firsts = {ln.turns[0] for ln in lines if ln is not None and ln.turns}
        assert firsts and all(bot._is_offered(deal.root, 0, first) for first in firsts)


def test_a_first_turn_is_offered_until_a_step_of_it_is_refused() -> None:
    s = _stalled_in_the_rockies()
    bot = RaceBot(1, replace(TINY, offered=True))
    barter = tuple(a for a in legal_actions(s) if str(a) == "play joseph-barter")
    assert not bot._is_offered(s, 0, barter)
    assert bot._is_offered(s, 0, tuple(a for a in legal_actions(s) if str(a) == "camp"))
    # a play that can pay for something is offered
    clark = next(a for a in legal_actions(s) if str(a) == "play william-clark")
    assert bot._is_offered(s, 0, (clark,))


def _dropped_deal(seed: int) -> tuple[RaceBot, Search, State]:
    """A bot with ``revive`` after one search, its deal, and a table one turn on that the deal no longer
    matches (the committed turn played on the deal, then the Scout one space further)."""
    s = game(players=1, mackenzie=0)
    bot = RaceBot(seed, replace(TINY, revive=True))
    bot.choose(view(s, 0), legal_actions(s))
    deal = bot.deals[0]
    after = deal.root.copy()
    for a in bot.committed:
        apply_in_place(after, a)
    after.players[0].scout += 1
    assert bot._reroot(deal, view(after, 0), 0) is None
    return bot, deal, after


def test_revive_hands_the_camps_not_yet_grown_one_turn_on() -> None:
    bot, deal, _ = _dropped_deal(2)
    handed = bot._handed_on(deal)
    first = bot.committed
    expected = sum(1 for lines in deal.buckets.values() for ln in lines if len(ln.turns) > 1 and ln.turns[0] == first)
    assert expected and sum(len(lines) for lines in handed.values()) == expected
    for turn, lines in handed.items():
        assert all(len(ln.turns) == turn for ln in lines)  # one turn on: the committed turn is behind


def test_revived_camps_are_replayed_on_the_fresh_deal_and_scored_anew() -> None:
    bot, deal, after = _dropped_deal(2)
    handed = bot._handed_on(deal)
    turn = max(handed)
    fresh = Search(bot.deal(view(after, 0)))
    old = {id(ln.state) for ln in handed[turn]}
    revived = bot._revived(fresh, 0, list(handed[turn]))
    assert revived and len(revived) <= 2 * bot.keep
    for line in revived:
        assert id(line.state) not in old and len(line.turns) == turn
        # the line's state is its turns played on the fresh deal's root, not the old deal's state
        s = fresh.root.copy()
        for k, steps in enumerate(line.turns):
            if k:
                bot._settle(s, 0)
            for a in steps:
                apply_in_place(s, a)
        assert planning.position(s, 0) == planning.position(line.state, 0)
        assert line.score == bot._camp_score(line.state, 0, turn)


def test_a_search_with_revive_grows_the_camps_handed_on_and_without_it_starts_again() -> None:
    for revive in (True, False):
        s = game(players=1, mackenzie=0)
        bot = RaceBot(2, replace(TINY, revive=revive))
        bot.choose(view(s, 0), legal_actions(s))
        deal = bot.deals[0]
        handed = bot._handed_on(deal)
        after = deal.root.copy()
        for a in bot.committed:
            apply_in_place(after, a)
        after.players[0].scout += 1
        # grow nothing: the fresh deal keeps what it was handed
        bot.nodes = bot.replan = bot.later = 0
        bot.search(view(after, 0))
        fresh = bot.deals[0]
        assert fresh is not deal
        if revive:
            assert handed and {t: len(v) for t, v in fresh.stale.items()} == {t: len(v) for t, v in handed.items()}
        else:
            assert fresh.stale == {}


def test_revive_at_a_table_replays_from_the_seed() -> None:
    spec = "race:samples=2:keep=2:beam=3:nodes=6:revive=1"
    first, match = _play(spec, 7, 6, players=2)
    again, _ = _play(spec, 7, 6, players=2)
    assert first == again and len(first) > 10
    assert parse_spec(spec).options == replace(RaceOptions(samples=2, keep=2, beam=3, nodes=6), revive=True)


def test_widen_grows_the_camps_keep_passed_over_when_lines_are_left_unspent() -> None:
    s = _near_the_fort(1)  # a small search finds a win, then runs out of Camps earlier than it
    grown: dict[int, int] = {}
    wins: dict[int, int] = {}
    for widen in (0, 2):
        bot = RaceBot(4, replace(TINY, nodes=400, widen=widen))
        bot.search(view(s, 0))
        deal = bot.deals[0]
        assert deal.won is not None
        grown[widen], wins[widen] = deal.grown, len(deal.won.turns)
        if widen == 0:
            assert deal.reserve == {}  # nothing is remembered without ``widen``
    assert grown[0] < 400  # the search ran out of Camps earlier than its win before its budget
    assert grown[2] > grown[0]  # ``widen`` spent more of it on the Camps passed over
    assert wins[2] <= wins[0]  # the win it follows is never a later one
    with pytest.raises(ValueError, match="widen"):
        RaceOptions(widen=-1)
    assert parse_spec("race:widen=8").options == RaceOptions(widen=8)


def test_the_camps_passed_over_are_kept_by_turn_and_handed_on_one_turn_on() -> None:
    s = game(players=1, mackenzie=0)
    bot = RaceBot(2, replace(TINY, keep=1, nodes=30, widen=1))
    bot.choose(view(s, 0), legal_actions(s))
    deal = bot.deals[0]
    assert deal.reserve and all(0 < len(lines) <= race.RESERVE_KEPT for lines in deal.reserve.values())
    for turn, lines in deal.reserve.items():
        assert all(len(ln.turns) == turn for ln in lines)
        # distinct positions: two Camps reaching the same position would only crowd each other out
        assert len({planning.position(ln.state, 0) for ln in lines}) == len(lines)
    first = bot.committed
    after = deal.root.copy()
    for a in first:
        apply_in_place(after, a)
    moved = bot._reroot(deal, view(after, 0), 0)
    assert moved is not None
    expected = sum(1 for t, lines in deal.reserve.items() if t > 1 for ln in lines if ln.turns[0] == first)
    assert sum(len(lines) for lines in moved.reserve.values()) == expected
    assert all(len(ln.turns) == turn and turn > 0 for turn, lines in moved.reserve.items() for ln in lines)


def test_the_held_out_table_names_each_games_longest_turn() -> None:
    """``scripts/held_out.py``: each game's line says how long the seat's longest own turn took, and which
    turn it was (where to look when a turn goes over the 5 s bound)."""
    module = script("held_out")
    (seat,) = module.play(module.Job(("race:samples=1:keep=2:beam=3:nodes=6",), 1_000_001, 0))
    assert seat.turns > 10 and 1 <= seat.longest_at <= seat.turns
    assert 0 < seat.longest <= seat.cpu


def test_the_turn_by_turn_benchmark_counts_each_turns_lines_and_searches() -> None:
    """``scripts/solo_turns.py``: where a race bot's thinking goes, own turn by own turn, solo and at a
    table (every seat the spec, a row per seat and turn)."""
    module = script("solo_turns")
    out = module.game(("race:samples=1:keep=2:beam=3:nodes=6", 3, 0, 1))
    turns = out["turns"]
    assert out["seed"] == 3 and isinstance(out["won"], bool) and len(turns) > 10
    assert {row[0] for row in turns} == {0}
    assert [row[1] for row in turns] == sorted(row[1] for row in turns)
    assert turns[0][3] >= 6 and turns[0][5] == 0  # the first turn's deal is fresh and grows its budget
    assert any(row[5] for row in turns)  # solo most deals carry on
    assert out["longest"] == max(row[2] for row in turns)
    table = module.game(("race:samples=1:keep=2:beam=3:nodes=6", 3, 0, 2))["turns"]
    assert {row[0] for row in table} == {0, 1}
    firsts = {seat: min(row[1] for row in table if row[0] == seat) for seat in (0, 1)}
    assert firsts == {0: 1, 1: 2}  # the table's turns alternate between the seats
    assert all(row[3] >= 6 for row in table if row[1] in firsts.values())


def test_rivals_plays_the_other_seats_only_on_a_lines_first_turns() -> None:
    """With ``rivals=1`` the other seats play by the heuristic's rules after a line's first turn only; on
    its later turns they pass, so their Scouts stand where that first turn left them."""
    s = game(players=2)
    scouts: dict[int, set[int]] = {}
    for rivals in (0, 1):
        bot = RaceBot(3, replace(TINY, nodes=40, rivals=rivals))
        bot.search(view(s, 0))
        deal = bot.deals[0]
        lines = [ln for turn, kept in deal.buckets.items() if turn >= 3 for ln in kept]
        assert lines
        scouts[rivals] = {ln.state.players[1].scout for ln in lines}
    start = s.players[1].scout
    assert max(scouts[0]) > start + 2  # played by the heuristic, the rival travels on with every turn
    assert max(scouts[1]) < max(scouts[0])  # passing, it stands still after the line's first turn
    with pytest.raises(ValueError, match="rivals"):
        RaceOptions(rivals=-1)
    solo = _near_the_fort(1)
    picks = [RaceBot(4, replace(TINY, nodes=60, rivals=rivals)).choose(view(solo, 0), legal_actions(solo))
             for rivals in (0, 1)]
    assert picks[0] == picks[1]  # solo there is nobody to pass
