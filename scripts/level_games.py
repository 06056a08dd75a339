"""The levels' own choices on a few seeded games, written down: a test replays the games with the
bots and compares every action, so a change to the bots that nobody meant (a restructuring that was
to keep behaviour) is caught.

    python scripts/level_games.py            # (re)write tests/bots/level_games.json
    python scripts/level_games.py --check    # play them again and name the first difference

Each game: a level at every seat through the one driver (``Match``), to the end or to a turn cap
(the race levels: a few turns, a whole game is minutes of CPU on the pure build). Run it again when a
change of play is intended, and say so in the commit.
"""

from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path
from typing import NamedTuple

from lewis_clark.match import Match
from lewis_clark.state import Options

FILE = Path(__file__).resolve().parent.parent / "tests" / "bots" / "level_games.json"


class Game(NamedTuple):
    """One recorded game: the level at every seat, the table, and the turns played at most."""

    name: str
    level: str
    players: int
    seed: int
    mackenzie: int
    turns: int


GAMES = (
    Game("easy-solo-0", "easy", 1, 11, 0, 400),
    Game("easy-solo-7", "easy", 1, 12, 7, 400),
    Game("easy-2p", "easy", 2, 13, 0, 60),
    Game("medium-solo-0", "medium", 1, 21, 0, 6),
    Game("medium-solo-7", "medium", 1, 22, 7, 4),
    Game("medium-2p", "medium", 2, 23, 0, 6),
    Game("hard-solo-0", "hard", 1, 31, 0, 3),
    Game("expert-solo-7", "expert", 1, 41, 7, 3),
)


def play(game: Game) -> list[str]:
    """The actions the level chooses in ``game``, as notation."""
    match = Match(Options(players=game.players, seed=game.seed, mackenzie=game.mackenzie),
                  [game.level] * game.players, keep_log=False)
    out: list[str] = []
    while not match.over and match.state.turn <= game.turns:
        out.append(str(match.step_bot().action))
    return out


def difference(game: Game, expected: list[str]) -> str:
    """The first step at which ``game`` played now differs from ``expected`` ("" if none)."""
    got = play(game)
    for i, (a, b) in enumerate(zip(expected, got, strict=False)):
        if a != b:
            return f"{game.name} step {i + 1}: recorded {a!r}, played {b!r}"
    if len(got) != len(expected):
        return f"{game.name}: recorded {len(expected)} steps, played {len(got)}"
    return ""


def main() -> None:
    parser = argparse.ArgumentParser(description=(__doc__ or "").splitlines()[0])
    parser.add_argument("--check", action="store_true", help="compare with the file instead of writing it")
    parser.add_argument("names", nargs="*", help="only these games")
    args = parser.parse_args()
    games = [g for g in GAMES if not args.names or g.name in args.names]
    if args.check:
        recorded = json.loads(FILE.read_text(encoding="utf-8"))
        bad = [d for g in games if (d := difference(g, recorded[g.name]))]
        print("\n".join(bad) or f"{len(games)} games replay the same")
        sys.exit(1 if bad else 0)
    data = json.loads(FILE.read_text(encoding="utf-8")) if FILE.exists() else {}
    for g in games:
        data[g.name] = play(g)
        print(f"{g.name}: {len(data[g.name])} steps", flush=True)
    FILE.write_text(json.dumps(data, indent=0) + "\n", encoding="utf-8")


if __name__ == "__main__":
    main()
