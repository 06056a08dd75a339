"""Game records: lossless round trip, replay to the identical state, tampering detected."""

from __future__ import annotations

import json
import random
from dataclasses import replace
from pathlib import Path

import pytest

from lewis_clark import CorruptState, Options, apply_in_place, legal_actions, new_game
from lewis_clark.invariants import load_state
from lewis_clark.record import Record, load_record

pytestmark = pytest.mark.both_builds  # run on the pure build too (.ci/run)


def played(options: Options, steps: int, choice_seed: int = 1) -> tuple[Record, list[str]]:
    """A record of ``steps`` random decisions (fewer if the game ends) and the state text after each."""
    state = new_game(options)
    chooser = random.Random(choice_seed)
    record = Record(options)
    texts = [state.to_text()]
    for _ in range(steps):
        if state.over:
            break
        action = chooser.choice(legal_actions(state))
        apply_in_place(state, action)
        record.actions.append(str(action))
        texts.append(state.to_text())
    record.final_hash = state.hash()
    return record, texts


def test_record_round_trips_through_json_and_file(tmp_path: Path) -> None:
    record, _ = played(Options(players=3, seed=11, random_start=True), 120)
    again = load_record(json.loads(json.dumps(record.to_json())))
    # Compared as JSON: default colours () come back spelled out, which plays identically.
    assert again.to_json() == record.to_json()
    assert again.options.seat_colours == record.options.seat_colours
    path = tmp_path / "game.json"
    record.save(path)
    assert load_record(path).to_json() == record.to_json()
    assert json.loads(path.read_text())["format"] == "lewis-clark-record"


def test_solo_options_survive_the_round_trip() -> None:
    """R24/R25 options (Mackenzie level, random start) are part of the record, not defaults."""
    options = Options(players=1, seed=5, mackenzie=6, random_start=True, colours=("green",))
    record, _ = played(options, 400)
    again = load_record(record.to_json())
    assert again.options == options
    assert again.replay().hash() == record.final_hash


@pytest.mark.parametrize("players", [1, 2, 4])
def test_replay_gives_the_identical_final_state(players: int) -> None:
    record, texts = played(Options(players=players, seed=20 + players), 300)
    state = record.replay()
    assert state.to_text() == texts[-1]
    assert state.hash() == record.final_hash
    assert load_state(state.to_text()).hash() == record.final_hash


def test_replay_upto_k_gives_the_state_after_k_actions() -> None:
    record, texts = played(Options(players=3, seed=4), 150)
    for k in (0, 1, 2, 17, len(record.actions) // 2, len(record.actions)):
        assert record.replay(upto=k).to_text() == texts[k], f"upto={k}"


def test_replay_upto_skips_the_final_hash_check() -> None:
    record, texts = played(Options(players=2, seed=9), 60)
    record.final_hash = "0" * 16
    assert record.replay(upto=10).to_text() == texts[10]
    with pytest.raises(CorruptState, match="tampered"):
        record.replay()


def test_a_changed_final_hash_is_reported_as_tampered() -> None:
    record, _ = played(Options(players=2, seed=3), 80)
    record.final_hash = "f" * 16
    with pytest.raises(CorruptState, match="tampered"):
        record.replay()


def test_a_dropped_last_action_is_reported_as_tampered() -> None:
    record, _ = played(Options(players=2, seed=3), 80)
    record.actions.pop()
    with pytest.raises(CorruptState, match="tampered"):
        record.replay()


def test_a_different_seed_does_not_replay_silently() -> None:
    """The deck depends on the seed, so the same actions either fail or end elsewhere."""
    record, _ = played(Options(players=2, seed=3), 80)
    other = replace(record, options=replace(record.options, seed=4))
    with pytest.raises(CorruptState):
        other.replay()


def test_an_illegal_action_is_named_with_its_position() -> None:
    record, _ = played(Options(players=2, seed=8), 40)
    start = legal_actions(new_game(record.options))
    assert "return wood" not in [str(a) for a in start]
    record.actions[0] = "return wood"
    with pytest.raises(CorruptState, match=r"record action 1 \('return wood'\) does not apply"):
        record.replay()


def test_malformed_action_text_is_named_with_its_position() -> None:
    record, _ = played(Options(players=2, seed=8), 40)
    record.actions[5] = "fly to the moon"
    with pytest.raises(CorruptState, match="record action 6"):
        record.replay()


@pytest.mark.parametrize("data, message", [
    ([1, 2], "not a game record"),
    ({"format": "chess-pgn", "version": 1, "actions": []}, "not a game record"),
    ({"format": "lewis-clark-record", "version": 99, "actions": []}, "version"),
    ({"format": "lewis-clark-record", "version": 1, "actions": "play york"}, "actions"),
    ({"format": "lewis-clark-record", "version": 1, "actions": [3]}, "actions"),
    ({"format": "lewis-clark-record", "version": 1, "actions": [], "options": {"players": 9}}, "options"),
    ({"format": "lewis-clark-record", "version": 1, "actions": [], "seed": "seven"}, "seed"),
    ({"format": "lewis-clark-record", "version": 1, "actions": [], "final_hash": 5}, "final_hash"),
])
def test_malformed_records_are_refused(data: object, message: str) -> None:
    with pytest.raises(CorruptState, match=message):
        load_record(data)


def test_load_refuses_bad_json_and_missing_files(tmp_path: Path) -> None:
    bad = tmp_path / "bad.json"
    bad.write_text('{"format": "lewis-clark-record", "actions": [')
    with pytest.raises(CorruptState, match="not valid JSON"):
        load_record(bad)
    with pytest.raises(CorruptState, match="cannot read"):
        load_record(tmp_path / "missing.json")


@pytest.mark.parametrize("route", [5, [1], "R,M"])
def test_a_route_that_is_not_an_object_is_refused_as_corrupt(route: object) -> None:
    """Record.from_json promises CorruptState for bad options; a non-object route must not escape as
    AttributeError."""
    data = Record(Options(players=2)).to_json()
    data["options"]["route"] = route
    with pytest.raises(CorruptState, match="route"):
        load_record(data)
