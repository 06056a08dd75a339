"""The compiled build and the pure one it is compiled from (setup.py, lewis_clark/pure.py): the same
games to the byte, the switch between them, and the rule that picks the compiled modules."""

from __future__ import annotations

import importlib.machinery
import json
import os
import runpy
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

import lewis_clark
from lewis_clark import build, rules
from lewis_clark.pure import stale_compiled
from pure_build import pure_env

pytestmark = pytest.mark.both_builds
ROOT = Path(__file__).resolve().parents[2]

# Plays the opening turns of games with every kind of bot (short: the pure build is slow), solo
# against Mackenzie, and a long random game (random play is offered only sensible actions, so it seldom
# ends: 150 turns are enough to meet every card and place), and prints what must not depend on the build:
# each record's JSON and the final state's canonical text and hash.
GAMES = """
import json, sys
from lewis_clark import build
from lewis_clark.selfplay import play_game
from lewis_clark.state import Options
out = {"build": build(), "games": []}
for options, bots, turns in ((Options(players=1, seed=4, mackenzie=2), ["hard"], 12),
                             (Options(players=3, seed=11), ["hard", "rollout:camping=1:policy=3", "random"], 12),
                             (Options(players=4, seed=5, random_start=True),
                              ["easy", "random", "mcts:iterations=20", "rollout:camping=1:policy=3"], 20),
                             (Options(players=2, seed=3), ["random", "random"], 150)):
    state, record, _ = play_game(options, bots, max_turns=turns)
    out["games"].append({"record": record.to_json(), "state": state.to_text(), "hash": state.hash()})
json.dump(out, sys.stdout)
"""


def play(env: dict[str, str]) -> dict[str, object]:
    done = subprocess.run([sys.executable, "-c", GAMES], env=env, cwd=ROOT, capture_output=True, text=True, check=True)
    result: dict[str, object] = json.loads(done.stdout)
    return result


def compiled_env() -> dict[str, str]:
    return {k: v for k, v in os.environ.items() if k != "LEWIS_CLARK_PURE"}


def test_a_game_is_byte_identical_under_both_builds() -> None:
    """Records, final states and hashes agree between the build installed and the pure sources."""
    installed, pure = play(compiled_env()), play(pure_env())
    assert pure["build"] == "pure"
    assert installed["games"] == pure["games"], f"{installed['build']} and pure builds differ"


def test_the_pure_switch_imports_every_module_from_its_source() -> None:
    script = ("import sys, lewis_clark, lewis_clark.bots.race, lewis_clark.match, lewis_clark.plans\n"
              "print(lewis_clark.build())\n"
              "print('\\n'.join(m.__file__ for n, m in sys.modules.items() if n.startswith('lewis_clark')))")
    lines = subprocess.run([sys.executable, "-c", script], env=pure_env(), capture_output=True, text=True,
                           check=True).stdout.split()
    assert lines[0] == "pure"
    assert len(lines) > 20 and all(path.endswith(".py") for path in lines[1:]), lines


def test_compiled_modules_beside_the_sources_are_the_ones_imported() -> None:
    """Where setup.py left compiled modules next to the sources (an editable install), they run."""
    source = Path(rules.__file__ or "")
    beside = [source.with_name("rules" + suffix) for suffix in importlib.machinery.EXTENSION_SUFFIXES]
    fresh = not stale_compiled(source.parent)  # older than an edited source, they are passed over
    compiled = any(p.exists() for p in beside) and fresh and not os.environ.get("LEWIS_CLARK_PURE")
    assert build() == ("compiled" if compiled else "pure")
    assert source.suffix == (".py" if build() == "pure" else source.suffix) and source.suffix != ".pyc"
    assert lewis_clark.build is build


def test_compiled_modules_older_than_their_sources_are_passed_over(tmp_path: Path) -> None:
    """After an edit or a merge in a checkout, the stale compiled module is named and not run."""
    package = tmp_path / "src" / "lewis_clark"
    (package / "bots").mkdir(parents=True)
    (tmp_path / "pyproject.toml").write_text("")
    compiled = package / f"turn{importlib.machinery.EXTENSION_SUFFIXES[0]}"
    compiled.write_bytes(b"")
    (package / "turn.py").write_text("")
    os.utime(compiled, (1_000_000, 1_000_000))
    assert stale_compiled(package) == ["lewis_clark/turn.py"]
    # The code itself is in mypyc's shared library, rebuilt on any change (the shim may stay old).
    shared = tmp_path / "src" / f"0a1b__mypyc{importlib.machinery.EXTENSION_SUFFIXES[0]}"
    shared.write_bytes(b"")
    assert stale_compiled(package) == []
    os.utime(shared, (1_000_000, 1_000_000))
    assert stale_compiled(package) == ["lewis_clark/turn.py"]


def test_a_build_dates_its_compiled_modules_so_an_edited_comment_does_not_stale_them(tmp_path: Path) -> None:
    """mypyc leaves a library whose C text did not change (a comment edited) as it was, with its old time:
    the build dates its outputs anew, or the checkout would fall back to the pure build for nothing."""
    from setuptools import Distribution

    package = tmp_path / "src" / "lewis_clark"
    (package / "bots").mkdir(parents=True)
    (tmp_path / "pyproject.toml").write_text("")
    suffix = importlib.machinery.EXTENSION_SUFFIXES[0]
    shim, shared = package / f"turn{suffix}", tmp_path / "src" / f"0a1b__mypyc{suffix}"
    for output in (shim, shared):
        output.write_bytes(b"")
        os.utime(output, (1_000_000, 1_000_000))
    (package / "turn.py").write_text("# a comment edited\n")
    assert stale_compiled(package) == ["lewis_clark/turn.py"]
    command = runpy.run_path(str(ROOT / "setup.py"))["OptionalBuildExt"](Distribution())
    built = tmp_path / "build" / shared.name  # setuptools builds there, then copies beside the sources
    built.parent.mkdir()
    built.write_bytes(b"")
    command.get_outputs = lambda: [str(built)]
    command.get_output_mapping = lambda: {str(built): str(shared), "build/turn.so": str(shim),
                                          "build/gone.so": str(tmp_path / "never-built.so")}
    command.mark_fresh()
    assert stale_compiled(package) == []
    assert shared.stat().st_mtime > 1_000_000


def test_the_rule_compiles_every_engine_module_and_no_front_end(tmp_path: Path) -> None:
    rule = runpy.run_path(str(ROOT / "setup.py"))  # not run as __main__: setup() is not called
    compiled = set(rule["compiled_sources"](ROOT))
    package = "src/lewis_clark/"
    for name in ("state", "rules", "turn", "decisions", "effects", "queries", "plans", "match", "record"):
        assert f"{package}{name}.py" in compiled
    assert {f"{package}bots/{p.name}" for p in (ROOT / package / "bots").glob("*.py")} <= compiled
    for name in ("cli", "bench", "sim", "__init__", "pure", "builds"):
        assert f"{package}{name}.py" not in compiled
    assert not any(p.startswith(f"{package}{sub}/") for p in compiled for sub in ("web", "terminal", "wording", "rl"))
    # A new engine module is compiled without editing setup.py.
    copy = tmp_path / "src" / "lewis_clark"
    shutil.copytree(ROOT / package, copy, ignore=shutil.ignore_patterns("*.so", "__pycache__"))
    (copy / "checks.py").write_text('"""A new engine module."""\n')
    assert f"{package}checks.py" in rule["compiled_sources"](tmp_path)


def test_mypyc_runs_only_when_setup_py_builds() -> None:
    """pip runs setup.py for its metadata first (egg_info, dist_info): mypyc's type check there would be
    thrown away, so only a build command compiles."""
    building = runpy.run_path(str(ROOT / "setup.py"))["building"]
    assert not building(["setup.py", "egg_info"]) and not building(["setup.py", "dist_info", "--output-dir", "x"])
    assert building(["setup.py", "editable_wheel", "--dist-dir", "x"]) and building(["setup.py", "bdist_wheel"])
    assert building(["setup.py", "build_ext", "--inplace"])


def test_the_build_compiles_an_extensions_files_side_by_side_in_order() -> None:
    """setuptools compiles one extension's C files one after another; the build's compile runs them a
    job a core and hands the objects back in the sources' order, counting each file done."""
    rule = runpy.run_path(str(ROOT / "setup.py"))
    seen: list[str] = []

    def compile_sources(sources: list[str], output_dir: str | None = None) -> list[str]:
        assert len(sources) == 1 and output_dir == "out"
        seen.append(sources[0])
        return [sources[0].replace(".c", ".o")]

    counter = rule["Counter"](total=5)
    rule["PROGRESS"].opened = True  # no terminal: nothing written
    compile_all = rule["parallel"](compile_sources, counter)
    files = [f"m{i}.c" for i in range(5)]
    assert compile_all(files, output_dir="out") == [f"m{i}.o" for i in range(5)]
    assert sorted(seen) == files and counter.done == 5
