"""Race pace in tournaments: turns per player and the own turn at which each seat's Camp first
reaches the foot of the Rockies, the end of the mountains and Fort Clatsop."""

from __future__ import annotations

import json

from click.testing import CliRunner

from lewis_clark import sim
from lewis_clark.cli import cli
from lewis_clark.route import Route


def test_race_marks_of_the_printed_route_are_23_31_and_the_fort() -> None:
    marks = sim.race_marks(Route())
    assert marks.spaces() == (23, 31, 44)


def test_race_marks_follow_the_terrain_of_any_route() -> None:
    # the mountain stretch is 4-6 (M M MR); the later M at 8 is not part of it
    route = Route.parse("R S R R M M MR R M R F R")
    assert sim.race_marks(route).spaces() == (4, 6, 10)
    flat = Route.parse("R S R R R F R")
    assert sim.race_marks(flat).spaces() == (5, 5, 5)


def test_mark_turns_on_a_hand_made_progress_list() -> None:
    # (scout, camp) after each own turn: the Camp jumps over 23 and lands exactly on 31 and 44
    progress = [(8, 5), (14, 5), (26, 25), (27, 25), (33, 31), (40, 38), (44, 44)]
    assert sim.mark_turns(progress, (23, 31, 44)) == [3, 5, 7]
    assert sim.mark_turns(progress[:4], (23, 31, 44)) == [3, None, None]
    assert sim.mark_turns([], (23,)) == [None]


def _outcome(index: int, seats: tuple[str, ...], camps_by_seat: list[list[int]], winner: int) -> sim.GameOutcome:
    """An outcome built by hand in the old shape (no own_turns, no marks): per_bot derives them."""
    progress = [[(c, c) for c in camps] for camps in camps_by_seat]
    return sim.GameOutcome(index, seats, 0, winner, 0, sum(len(p) for p in progress), [0] * len(seats), progress,
                           seconds=[0.0] * len(seats), decisions=[1] * len(seats))


def test_per_bot_averages_turns_per_player_and_marks() -> None:
    outcomes = [
        _outcome(0, ("a", "b"), [[10, 23, 31, 44], [10, 20, 22]], winner=0),
        _outcome(1, ("b", "a"), [[23, 23, 40, 44], [5, 24, 30, 31]], winner=0),
    ]
    stats = sim.SimResult(("a", "b"), outcomes).to_json()["bots"]
    a, b = stats["a"], stats["b"]
    assert a["turns_per_player"] == 4.0 and b["turns_per_player"] == 3.5
    assert a["marks"]["rockies"] == {"space": 23, "reached": 2, "avg_turn": 2.0}
    assert a["marks"]["mountains_end"] == {"space": 31, "reached": 2, "avg_turn": 3.5}
    assert a["marks"]["fort"] == {"space": 44, "reached": 1, "avg_turn": 4.0}
    assert b["marks"]["rockies"] == {"space": 23, "reached": 1, "avg_turn": 1.0}
    assert b["marks"]["fort"] == {"space": 44, "reached": 1, "avg_turn": 4.0}
    # nobody reached nothing: an average of no games is None, not 0
    assert sim.BotStats("c", spaces=(23,), mark_turns=[[]]).marks_json()["rockies"]["avg_turn"] is None


def test_a_real_two_player_game_has_consistent_marks() -> None:
    outcome = sim.play_spec(sim.specs(["heuristic", "heuristic"], 1, seed=7, max_turns=1000)[0])
    assert outcome.over and outcome.winner in (0, 1)
    # every turn counted belongs to exactly one seat; the winner's last turn is the one that ended the game
    assert sum(outcome.own_turns) == outcome.turns
    assert max(outcome.own_turns) - min(outcome.own_turns) <= 1
    assert outcome.own_turns == [len(p) for p in outcome.progress]
    for seat, reached in enumerate(outcome.marks):
        assert reached == sim.mark_turns(outcome.progress[seat], (23, 31, 44))
        seen = [t for t in reached if t is not None]
        assert seen == sorted(seen)  # a later mark is never reached before an earlier one
        assert reached[len(seen):] == [None] * (3 - len(seen))  # and never reached while an earlier one is not
        for turn, space in zip(reached, (23, 31, 44), strict=True):
            if turn is not None:
                assert outcome.progress[seat][turn - 1][1] >= space
                assert turn == 1 or outcome.progress[seat][turn - 2][1] < space
    assert outcome.marks[outcome.winner][2] == outcome.own_turns[outcome.winner]
    assert outcome.marks[1 - outcome.winner][2] is None


def test_a_solo_game_counts_only_the_players_turns() -> None:
    outcome = sim.play_spec(sim.specs(["heuristic"], 1, seed=3, mackenzie=7)[0])
    assert outcome.own_turns == [outcome.turns]
    assert len(outcome.marks) == 1 and len(outcome.marks[0]) == 3


def test_cli_sim_json_and_tables_carry_the_race_columns() -> None:
    runner = CliRunner()
    res = runner.invoke(cli, ["sim", "--players", "heuristic,heuristic", "--games", "2", "--seed", "1", "--json"])
    assert res.exit_code == 0, res.output
    st = json.loads(res.output)["bots"]["heuristic"]
    assert st["games"] == 4
    assert 20 < st["turns_per_player"] < st["avg_turns"]
    assert set(st["marks"]) == {"rockies", "mountains_end", "fort"}
    assert [st["marks"][k]["space"] for k in ("rockies", "mountains_end", "fort")] == [23, 31, 44]
    assert st["marks"]["fort"]["reached"] == 2  # one Camp reaches the Fort in each finished game
    assert all(0 <= m["reached"] <= st["games"] for m in st["marks"].values())
    res = runner.invoke(cli, ["sim", "--players", "heuristic,heuristic", "--games", "2", "--seed", "1"])
    assert res.exit_code == 0, res.output
    assert "turns/player" in res.output and "Camp at 23" in res.output and "Camp at Fort (44)" in res.output
    assert "(2/4)" in res.output
    res = runner.invoke(cli, ["sim", "--players", "heuristic", "--mackenzie", "0,7", "--games", "1"])
    assert res.exit_code == 0, res.output
    assert "turns/player" in res.output and "Camp at 31" in res.output
