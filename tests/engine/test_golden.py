"""Golden playthroughs (tests/golden/*.txt, written by scripts/golden.py): replaying each file's actions
gives the same notation, log line and state hash at every step.

A failure names the first step that differs. If the change is intended (a rules fix, new wording),
regenerate the files with ``python scripts/golden.py`` and review their diff.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from builders import script
from lewis_clark import IllegalAction, NotationError, Options, new_game

pytestmark = pytest.mark.both_builds  # run on the pure build too (.ci/run)

golden = script("golden")
FILES = sorted(golden.GOLDEN_DIR.glob("*.txt"))
HINT = f"if the change is intended, regenerate with `{golden.REGENERATE}` and review the diff"


def test_every_game_has_its_file_and_every_file_its_game() -> None:
    assert {p.stem for p in FILES} == set(golden.GAMES), HINT


def test_files_stay_small() -> None:
    assert 0 < sum(p.stat().st_size for p in FILES) < 300 * 1024


def first_difference(name: str, options: Options, expected: list[Any]) -> str:
    """Replay the expected actions; describe the first step whose seat, notation, log or hash differs ("" if none)."""
    replayed = golden.replay(options, [step.action for step in expected])
    for want in expected:
        try:
            got = next(replayed)
        except (IllegalAction, NotationError) as error:
            return f"{name} step {want.number}: {want.action!r} no longer applies: {error}; {HINT}"
        for field in ("number", "seat", "action", "log", "hash"):
            if getattr(got, field) != getattr(want, field):
                return (f"{name} step {want.number} ({want.action!r}): {field} differs\n"
                        f"  golden: {getattr(want, field)!r}\n  now:    {getattr(got, field)!r}\n{HINT}")
    return ""


@pytest.mark.parametrize("path", FILES, ids=lambda p: p.stem)
def test_replay_matches_the_golden_file(path: Path) -> None:
    options, start, expected = golden.read(path)
    assert expected, f"{path.name}: no steps"
    assert new_game(options).hash() == start, f"{path.name}: the start state differs (setup changed); {HINT}"
    assert first_difference(path.name, options, expected) == ""


def test_a_changed_step_is_reported_at_that_step() -> None:
    options, _, expected = golden.read(FILES[0])
    steps = expected[:6]
    assert [golden.Step.parse(s.line()) for s in steps] == steps
    wrong_hash = steps[:3] + [steps[3]._replace(hash="0" * 16)] + steps[4:]
    message = first_difference("f", options, wrong_hash)
    assert message.startswith("f step 4 (") and "hash differs" in message and golden.REGENERATE in message
    wrong_log = steps[:1] + [steps[1]._replace(log="something else")] + steps[2:]
    assert first_difference("f", options, wrong_log).startswith("f step 2 (")
    illegal = steps[:2] + [steps[2]._replace(action="play the-moon")]
    assert "step 3: 'play the-moon' no longer applies" in first_difference("f", options, illegal)


def test_the_log_column_comes_from_log_line(monkeypatch: pytest.MonkeyPatch) -> None:
    """One function owns the log column: re-pointing it changes what replay compares."""
    options, _, expected = golden.read(FILES[0])
    monkeypatch.setattr(golden, "log_line", lambda before, action, after: f"{action}!")
    (step,) = golden.replay(options, [expected[0].action])
    assert step.log == f"{expected[0].action}!" and step.hash == expected[0].hash
