"""Golden playthroughs: a few seeded games, every step written down, so that tests catch any change
of rules, notation, log wording or state that nobody meant.

    python scripts/golden.py            # (re)write every tests/golden/<name>.txt
    python scripts/golden.py solo-3     # only the named ones

Each game is played by the ``heuristic`` bot through ``lewis_clark.selfplay.play_game``. A file starts
with ``#`` lines (options, bots, the start state's hash) and then holds one line per step, tab-separated:
step number, acting seat, the action's notation, the log line, the state's hash after the step.
tests/engine/test_golden.py replays the actions and compares every column. Run this script again when a
change is intended, and review the diff of the files.
"""

from __future__ import annotations

import json
import sys
from collections.abc import Iterator
from pathlib import Path
from typing import NamedTuple

from lewis_clark.actions import Action
from lewis_clark.rng import SPLITMIX64
from lewis_clark.rules import apply_in_place
from lewis_clark.selfplay import play_game
from lewis_clark.setup import new_game
from lewis_clark.state import Options, State
from lewis_clark.wording import log_lines

GOLDEN_DIR = Path(__file__).resolve().parent.parent / "tests" / "golden"
REGENERATE = "python scripts/golden.py"


class Game(NamedTuple):
    """A seeded game to record: its options, one bot per seat, and a cap on turns (files stay small)."""

    options: Options
    bots: tuple[str, ...]
    max_turns: int


# On the old generator, as the files were written before the keyed one: they are also the test that games
# recorded then still replay exactly (their options name no generator, which means splitmix64, and no
# move_choice: their movements are whole).
OLD = SPLITMIX64
GAMES: dict[str, Game] = {
    "solo-mackenzie-3": Game(Options(players=1, seed=1, mackenzie=3, generator=OLD, move_choice=False), ("heuristic",),
                             200),
    "two-players": Game(Options(players=2, seed=1, generator=OLD, move_choice=False), ("heuristic",) * 2, 400),
    "four-players": Game(Options(players=4, seed=2, generator=OLD, move_choice=False), ("heuristic",) * 4, 160),
}


class Step(NamedTuple):
    """One line of a golden file."""

    number: int
    seat: int
    action: str
    log: str
    hash: str

    def line(self) -> str:
        return "\t".join((str(self.number), str(self.seat), self.action, self.log, self.hash))

    @classmethod
    def parse(cls, line: str) -> Step:
        number, seat, action, log, hash_ = line.split("\t")
        return cls(int(number), int(seat), action, log, hash_)


def log_line(before: State, action: Action, after: State) -> str:
    """The log column: the one sentence a person reads for this step. The only place the golden
    files take their wording from: every event of the step, in the wording layer's English."""
    return " | ".join(log_lines(before, action, after))


def replay(options: Options, actions: list[str]) -> Iterator[Step]:
    """Apply the actions from a new game, yielding each step as a golden line would hold it.
    Raises the engine's IllegalAction (or NotationError) at the first action that no longer applies."""
    state = new_game(options)
    for number, text in enumerate(actions, start=1):
        action = Action.parse(text)
        seat = state.current
        before = state.copy()
        apply_in_place(state, action, seat)
        yield Step(number, seat, str(action), log_line(before, action, state), state.hash())


def record(game: Game) -> tuple[str, list[Step]]:
    """Play a game with its bots; the start state's hash and its steps."""
    _, rec, _ = play_game(game.options, list(game.bots), max_turns=game.max_turns, keep_log=False)
    return new_game(game.options).hash(), list(replay(game.options, rec.actions))


def header(name: str, game: Game, start_hash: str) -> list[str]:
    """The ``#`` lines that open a golden file."""
    return [
        f"# golden playthrough {name}: regenerate with `{REGENERATE}` when a change is intended",
        f"# options: {json.dumps(game.options.to_json(), sort_keys=True)}",
        f"# bots: {' '.join(game.bots)}; at most {game.max_turns} turns",
        f"# start: {start_hash}",
        "# columns: step, seat, action, log, hash after the step (tab-separated)",
    ]


def read(path: Path) -> tuple[Options, str, list[Step]]:
    """A golden file's options, start hash and steps."""
    options: Options | None = None
    start = ""
    steps: list[Step] = []
    for line in path.read_text(encoding="utf-8").splitlines():
        if line.startswith("# options: "):
            options = Options.from_json(json.loads(line.removeprefix("# options: ")))
        elif line.startswith("# start: "):
            start = line.removeprefix("# start: ")
        elif line and not line.startswith("#"):
            steps.append(Step.parse(line))
    if options is None or not start:
        raise ValueError(f"{path}: no '# options:' or '# start:' line")
    return options, start, steps


def write(name: str) -> Path:
    """Play and write one golden file."""
    game = GAMES[name]
    start, steps = record(game)
    for step in steps:
        if "\t" in step.log or "\n" in step.log:
            raise ValueError(f"{name} step {step.number}: the log line holds a tab or a newline")
    GOLDEN_DIR.mkdir(parents=True, exist_ok=True)
    path = GOLDEN_DIR / f"{name}.txt"
    path.write_text("\n".join(header(name, game, start) + [s.line() for s in steps]) + "\n", encoding="utf-8")
    return path


def main(argv: list[str]) -> int:
    names = argv or list(GAMES)
    unknown = [n for n in names if n not in GAMES]
    if unknown:
        print(f"unknown game {unknown[0]!r}; known: {', '.join(GAMES)}", file=sys.stderr)
        return 2
    for name in names:
        path = write(name)
        print(f"{path}: {path.stat().st_size // 1024} KB")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
