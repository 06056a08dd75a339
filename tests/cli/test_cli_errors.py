"""Every bad command line gets one ``error:`` line naming what is wrong and a non-zero exit: never a
traceback, never a hang, never found only after the long work is done (cli_checks.py)."""

from __future__ import annotations

import json
import os
import pickle
import subprocess
import sys
from dataclasses import fields
from enum import IntEnum
from pathlib import Path
from typing import Any

import pytest
from click.testing import CliRunner

from lewis_clark.bots import BOTS, BotSpecError, make_bot, parse_spec, spec_options
from lewis_clark.bots.options import Opt
from lewis_clark.cli import cli

RECORD = {"format": "lewis-clark-record", "version": 1, "options": {"players": 2, "seed": 0}, "actions": []}


@pytest.fixture(scope="module")
def files(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """Bad files to read, by name."""
    d = tmp_path_factory.mktemp("bad")
    (d / "binary.json").write_bytes(b"\x80\x81\xff\xfe binary")
    (d / "deep.json").write_text("[" * 100_000 + "]" * 100_000)
    (d / "short-bots.json").write_text(json.dumps({**RECORD, "bots": ["random"]}))
    (d / "inf-seed.json").write_text(json.dumps(RECORD).replace('"seed": 0', '"seed": 1e400'))
    (d / "flag-players.json").write_text(json.dumps({**RECORD, "options": {"players": True}}))
    (d / "text.json").write_text("not json at all")
    subprocess.run([sys.executable, "-m", "lewis_clark.cli", "selfplay", "--players", "random,random", "--seed", "1",
                    "--max-turns", "1", "--record", str(d / "ten.json")], check=True, capture_output=True,
                   env={**os.environ, "PYTHONPATH": str(Path(__file__).parents[2] / "src")})
    ten = json.loads((d / "ten.json").read_text())
    (d / "ten.json").write_text(json.dumps({**ten, "actions": ten["actions"][:10], "final_hash": ""}))
    return d


# (arguments, words the error line must contain). FILES stands for the fixture's directory.
CORPUS: list[tuple[str, str]] = [
    # bot specs, in every command that takes them
    *[(f"{command} --players {spec}", words)
      for command in ("selfplay", "sim --games 1", "play --plain")
      for spec, words in (("heuristic:noise=2,random", "noise"), ("mcts:seconds=abc,random", "seconds"),
                          ("random:foo=1,random", "foo"), ("mcts:seconds=nan,random", "seconds"),
                          ("mcts:iterations=0,random", "iterations"), ("planner:width=1.5,random", "width"),
                          ("alphazero,random", "alphazero"), ("random:noise,random", "noise"))],
    # numbers
    ("selfplay --seed -1", "--seed"), ("sim --seed -1 --games 1", "--seed"), ("bench --seed -1", "--seed"),
    ("play --plain --seed -1", "--seed"), ("selfplay --seed abc", "--seed"), ("selfplay --max-turns 0", "--max-turns"),
    ("bench --seconds nan", "--seconds"), ("bench --seconds inf", "--seconds"), ("bench --seconds -1", "--seconds"),
    ("bench --seconds 0", "--seconds"), ("bench --players 0,7", "--players"),
    ("play --plain --delay nan", "--delay"), ("play --plain --delay -1", "--delay"), ("play --plain --delay inf", "--delay"),
    ("sim --workers 0", "--workers"), ("sim --games 0", "--games"),
    ("selfplay --max-turns 99999999999999999999999", "--max-turns"),
    ("sim --games 1 --max-turns 99999999999999999999999", "--max-turns"), ("sim --workers 100000", "--workers"),
    ("sim --players random --mackenzie 9", "--mackenzie"),
    ("replay --upto -3 FILES/text.json", "--upto"),
    # solo options with several seats
    ("selfplay --players random,random --mackenzie 3", "--mackenzie"),
    ("selfplay --players random,random --mackenzie 0", "--mackenzie"),
    ("sim --players random,random --mackenzie 3", "--mackenzie"), ("play --plain --players random,random --mackenzie 3",
                                                                  "--mackenzie"),
    ("selfplay --players random,random,random,random,random,random", "players"),
    # files that cannot be written, found before any game is played (100,000 games would never end)
    ("selfplay --record /nonexistent/dir/game.json", "--record"), ("selfplay --record FILES", "--record"),
    ("sim --games 100000 --records /proc/no/such/dir", "--records"),
    ("sim --games 100000 --plot /nonexistent/dir/plot.png", "--plot"),
    ("play --plain --players random,random --autosave /proc/no/such", "--autosave"),
    # files that cannot be read
    ("replay FILES/binary.json", "binary.json"), ("replay FILES/deep.json", "deep.json"),
    ("replay FILES/short-bots.json", "bots"), ("replay FILES/inf-seed.json", "seed"),
    ("replay FILES/flag-players.json", "players"), ("replay FILES/text.json", "text.json"),
    ("replay FILES/missing.json", "missing.json"), ("replay FILES", "FILES"),
    ("play --plain --load FILES/binary.json", "binary.json"), ("play --plain --load FILES/deep.json", "deep.json"),
    ("play --plain --load FILES/short-bots.json", "bots"),
    # the server's hardening: databases the server cannot open, files without end, options that conflict
    ("serve --db FILES", "folder"), ("serve --db FILES/text.json", "not a SQLite database"),
    ("serve --db postgresql://postgres@127.0.0.1:1/x", "cannot reach the PostgreSQL database"),
    ("bots --db postgresql://postgres@127.0.0.1:1/x", "cannot reach the PostgreSQL database"),
    ("replay /dev/zero", "over 16 MiB"), ("replay --upto 99999 FILES/ten.json", "the record has"),
    ("play --plain --load FILES/ten.json --resume", "--resume and --load"),
    ("sim --games 1 --plot FILES/x.nosuchext", ".nosuchext"),
    ("sim --games 1 --backend ray --address ray://127.0.0.1:1", "--address"),
    ("sim --mackenzie a,b", "--mackenzie"),
    # usage
    ("nosuchcommand", "nosuchcommand"), ("selfplay --bogus", "--bogus"), ("replay", "RECORD"),
    ("sim --batch-size 3", "--batch-size"), ("play --plain --colours pink", "colour"),
]


@pytest.mark.parametrize(("args", "words"), CORPUS, ids=[a for a, _ in CORPUS])
def test_a_bad_command_gets_one_error_line(files: Path, args: str, words: str) -> None:
    argv = [word.replace("FILES", str(files)) for word in args.split()]
    result = CliRunner().invoke(cli, argv, catch_exceptions=False)
    assert result.exit_code in (1, 2), result.output
    assert "Traceback" not in result.output
    lines = result.stderr.strip().splitlines()
    assert len(lines) == 1 and lines[0].startswith("error: "), result.stderr
    assert words.replace("FILES", str(files)) in lines[0], lines[0]


HANGS = ["bench --seconds nan", "play --plain --players random,random --delay nan", "bench --seconds inf"]


@pytest.mark.parametrize("args", HANGS)
def test_no_hang_and_no_traceback_from_the_real_program(args: str) -> None:
    """Through the real entry point: a value that used to run for ever stops at once."""
    env = {**os.environ, "PYTHONPATH": str(Path(__file__).parents[2] / "src")}
    done = subprocess.run([sys.executable, "-m", "lewis_clark.cli", *args.split()], capture_output=True, text=True,
                          timeout=60, stdin=subprocess.DEVNULL, env=env)
    assert done.returncode == 2, done.stderr
    assert "Traceback" not in done.stderr + done.stdout
    assert done.stderr.startswith("error: ") and done.stderr.count("\n") == 1, done.stderr


def _real(*args: str, **kwargs: Any) -> subprocess.CompletedProcess[str]:
    env = {**os.environ, "PYTHONPATH": str(Path(__file__).parents[2] / "src")}
    return subprocess.run([sys.executable, "-m", "lewis_clark.cli", *args], text=True, env=env, **kwargs)


def test_output_that_cannot_be_written_is_one_error_line() -> None:
    """``sim --json > /dev/full`` (a full disk): one error line and status 1, no traceback."""
    if not os.path.exists("/dev/full"):
        pytest.skip("needs /dev/full")
    with open("/dev/full", "w") as full:
        done = _real("sim", "--games", "2", "--json", stdout=full, stderr=subprocess.PIPE, timeout=120)
    assert done.returncode == 1, done.stderr
    assert done.stderr.startswith("error: cannot write the output: No space left on device"), done.stderr
    assert done.stderr.count("\n") == 1 and "Traceback" not in done.stderr


def test_ctrl_c_stops_sim_workers_cleanly() -> None:
    """Ctrl+C (SIGINT to the whole process group, as a terminal sends it) while two workers play: the
    workers leave it to the parent, which stops them; no worker's traceback."""
    import signal
    import time

    # games enough that no machine finishes them before the signal (400 took under 6 s on a fast Xeon)
    proc = subprocess.Popen([sys.executable, "-m", "lewis_clark.cli", "sim", "--games", "20000", "--workers", "2",
                             "--players", "heuristic,heuristic"], stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                            text=True, start_new_session=True,
                            env={**os.environ, "PYTHONPATH": str(Path(__file__).parents[2] / "src")})
    try:
        time.sleep(6)  # the workers are started and playing
        os.killpg(proc.pid, signal.SIGINT)
        _, err = proc.communicate(timeout=60)
    finally:
        if proc.poll() is None:
            os.killpg(proc.pid, signal.SIGKILL)
    assert proc.returncode != 0
    assert "Traceback" not in err and "KeyboardInterrupt" not in err, err


def test_sim_says_when_it_starts_fewer_workers_than_asked() -> None:
    result = CliRunner().invoke(cli, ["sim", "--games", "2", "--workers", "50", "--json"])
    assert result.exit_code == 0, result.output
    assert "note: " in result.stderr and "instead of 50" in result.stderr
    assert json.loads(result.stdout)  # the output itself is unchanged


def test_nothing_is_written_for_a_refused_run(tmp_path: Path) -> None:
    record = tmp_path / "game.json"
    result = CliRunner().invoke(cli, ["selfplay", "--players", "mcts:seconds=abc,random", "--record", str(record)])
    assert result.exit_code == 2 and not record.exists()


def test_a_writable_record_path_is_left_as_found(tmp_path: Path) -> None:
    """The writability check creates no file of its own: a refused --players leaves no empty record."""
    record = tmp_path / "game.json"
    result = CliRunner().invoke(cli, ["selfplay", "--players", "random,random", "--mackenzie", "2",
                                      "--record", str(record)])
    assert result.exit_code == 2 and not record.exists()


# --- bot specs ------------------------------------------------------------------------------------------

def test_every_spec_option_is_a_field_of_the_bots_options() -> None:
    """Each bot's options class says what its spec takes: one field a ``SPEC`` entry, each with a
    default the table allows, and the bot made keeps the options it was given."""
    for name, maker in BOTS.items():
        if maker.options is None:
            assert spec_options(name) == {}
            continue
        assert list(spec_options(name)) == [f.name for f in fields(maker.options)], name  # in order: pickling
        assert pickle.loads(pickle.dumps(maker.options())) == maker.options()
        maker.options()  # the defaults pass their own checks
        bot = make_bot(name, 1)
        assert getattr(bot, "options", None) == maker.options(), name


def _bounds(option: Opt) -> list[str]:
    """Values at the edges of what ``option`` allows, as a spec writes them."""
    if option.kind is bool:
        return ["0", "1"]
    if issubclass(option.kind, IntEnum):
        return [str(m.value) for m in option.kind]
    low = option.low + (0.5 if option.low_open else 0)
    return [str(int(low) if option.kind is int else low)]


@pytest.mark.parametrize("name", sorted(n for n, m in BOTS.items() if m.options is not None))
def test_every_option_at_its_bounds_makes_a_bot(name: str) -> None:
    for key, option in spec_options(name).items():
        for value in _bounds(option):
            assert make_bot(f"{name}:{key}={value}", 1) is not None


@pytest.mark.parametrize(("spec", "words"), [
    ("heuristic:noise=2", "noise must be a number at least 0 and at most 1, got '2'"),
    ("mcts:seconds=abc", "seconds must be a number above 0, got 'abc'"),
    ("random:foo=1", "bot 'random' has no option 'foo'"), ("mcts:seconds=-1", "seconds"),
    ("mcts:depth=1:depth=2", "given twice"), ("planner:recruits=-1", "recruits"), ("mcts:seconds=inf", "seconds"),
])
def test_bot_spec_errors(spec: str, words: str) -> None:
    with pytest.raises(BotSpecError) as info:
        parse_spec(spec)
    assert words in str(info.value)
    assert isinstance(info.value, ValueError)
