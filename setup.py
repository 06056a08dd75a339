"""The compiled build: the engine, plans and bots compiled with mypyc, from the pure-Python sources.

Which modules are compiled is a rule, not a list: every module directly in ``src/lewis_clark`` and
every module in ``src/lewis_clark/bots`` and ``bots/experimental``, except the front ends and tools named in ``PURE`` (the
command line, the benchmark, the simulator, the ratings and the package's ``__init__``, which holds
the switch to the pure build). A new engine module is compiled without editing this file; the
other subpackages (terminal, web, wording, rl) stay pure.

Where no C compiler works, or with ``LEWIS_CLARK_PURE=1`` set, the package installs as pure Python
and one line says so. The ``.py`` sources always ship beside the compiled modules; the pure build is
the reference and imports with ``LEWIS_CLARK_PURE=1`` (lewis_clark/__init__.py).

A first install must be quick on a two-core machine (docs/install.md has the figures): mypyc runs only
for a build command, not for the metadata steps pip runs first; it writes one C file a module
(``multi_file``) and gcc compiles them one job a core; and a progress line goes to the terminal, which
``pip -q`` (that hides a build's output) does not hide.
"""

from __future__ import annotations

import os
import sys
import tempfile
import threading
import time
from collections.abc import Callable
from concurrent.futures import ThreadPoolExecutor, as_completed
from pathlib import Path
from typing import Any, TextIO

from setuptools import setup
from setuptools.command.build_ext import build_ext

PACKAGE = Path("src") / "lewis_clark"
COMPILED_PACKAGES = (PACKAGE, PACKAGE / "bots", PACKAGE / "bots" / "experimental")
# Front ends and tools: they call the engine, nothing calls them in a loop, and the benchmark must time
# the engine from interpreted code as a program would (the same loop as OpenSpiel's backgammon).
PURE = {"__init__.py", "builds.py", "pure.py", "bench.py", "cli.py", "cli_checks.py", "sim.py", "elo.py"}


def compiled_sources(root: Path = Path()) -> list[str]:
    """The modules the compiled build compiles, by the rule above (paths relative to ``root``)."""
    found = []
    for folder in COMPILED_PACKAGES:
        for path in sorted((root / folder).glob("*.py")):
            if not (folder == PACKAGE and path.name in PURE):
                found.append(path.relative_to(root).as_posix())
    return found


# The setup.py commands that build the extensions; pip's metadata steps (egg_info, dist_info) run
# setup.py too, and mypyc's type check there would only be thrown away.
BUILDS = {"build", "build_ext", "bdist_wheel", "editable_wheel", "develop", "install", "bdist"}


def say(line: str) -> None:
    """One line for the person installing: on the terminal (pip -q hides the build's output), and in the
    build's output too, where pip -v and logs see it."""
    print(f"lewis-clark: {line}", file=sys.stderr)
    PROGRESS.show(line, end="\n", echo=False)


def terminal() -> TextIO | None:
    """The terminal pip was started from: pip captures a build's output (and shows it only with -v or on a
    failure), so the progress line goes to the terminal itself. None without one (CI, a container build)."""
    try:
        return open("/dev/tty", "w", encoding="utf-8")  # noqa: SIM115 - kept open for the build's progress
    except OSError:
        return None


class Progress:
    """One line, rewritten in place on a terminal: what the build is doing and how far it got."""

    def __init__(self) -> None:
        self.start = time.monotonic()
        self.opened = False
        self.out: TextIO | None = None

    def show(self, what: str, end: str = "", echo: bool = True) -> None:
        """``what`` on the terminal's last line; with ``end`` a line of its own, which ``echo`` also
        prints to the build's output where there is no terminal."""
        if not self.opened:
            self.opened, self.out = True, terminal()
        line = f"lewis-clark: {what}" + ("" if end and not echo else f" ({time.monotonic() - self.start:.0f} s)")
        if self.out is not None:
            self.out.write(f"\r\033[K{line}{end}")
            self.out.flush()
        elif end and echo:
            print(line, file=sys.stderr)


PROGRESS = Progress()


def jobs() -> int:
    """One compiler job a core this process may use."""
    return max(1, len(os.sched_getaffinity(0)) if hasattr(os, "sched_getaffinity") else os.cpu_count() or 1)


class Counter:
    """The C files compiled so far, of all the build's extensions (they compile side by side)."""

    def __init__(self, total: int) -> None:
        self.total, self.done = total, 0
        self.lock = threading.Lock()

    def one_more(self) -> None:
        with self.lock:
            self.done += 1
            PROGRESS.show(f"compiling the engine with gcc, {jobs()} jobs: {self.done}/{self.total} C files")


def parallel(compile_sources: Callable[..., list[str]], counter: Counter) -> Callable[..., list[str]]:
    """A compiler's ``compile`` that runs one gcc a source file, ``jobs()`` at once (setuptools compiles
    the files of one extension one after another), counting them."""

    def compile_all(sources: list[str], *args: Any, **kwargs: Any) -> list[str]:
        objects: dict[str, list[str]] = {}
        with ThreadPoolExecutor(jobs()) as pool:
            # The largest first, so that no core is left idle at the end waiting on one big file.
            biggest_first = sorted(sources, key=lambda source: -os.path.getsize(source) if os.path.exists(source) else 0)
            running = {pool.submit(compile_sources, [source], *args, **kwargs): source for source in biggest_first}
            for future in as_completed(running):
                objects[running[future]] = future.result()
                counter.one_more()
        return [obj for source in sources for obj in objects[source]]

    return compile_all


def compiler_works() -> bool:
    """A C compiler that can build a Python extension is present (tried on a one-line file)."""
    try:
        from setuptools._distutils.ccompiler import new_compiler
        from setuptools._distutils.sysconfig import customize_compiler, get_python_inc

        compiler = new_compiler()
        customize_compiler(compiler)
        with tempfile.TemporaryDirectory() as tmp:
            source = Path(tmp) / "probe.c"
            source.write_text("#include <Python.h>\nint probe(void) { return 0; }\n")
            compiler.compile([str(source)], output_dir=tmp, include_dirs=[get_python_inc()])
        return True
    except Exception:
        return False


class OptionalBuildExt(build_ext):
    """Build the compiled modules, or say in one line that the pure build is installed instead."""

    def finalize_options(self) -> None:
        super().finalize_options()
        if self.parallel is None:
            self.parallel = jobs()  # the small per-module extensions, side by side

    def run(self) -> None:
        self.counter = Counter(sum(len(ext.sources) for ext in self.extensions))
        try:
            super().run()
        except Exception as exc:
            say(f"compiling failed ({type(exc).__name__}: {exc}); installing the pure-Python build")
            self.extensions = []
        else:
            if self.extensions:
                self.mark_fresh()
                PROGRESS.show("compiled build ready", end="\n")

    def mark_fresh(self) -> None:
        """Date every compiled module now: a module whose C text did not change (an edit to a comment) is
        not compiled again and keeps its old time, which ``pure.stale_compiled`` would read as older than
        the source just edited, falling back to the pure build for nothing. With ``--inplace`` the copies
        beside the sources too (setuptools maps each built file to its copy)."""
        outputs = {*self.get_outputs(), *self.get_output_mapping().values()}
        for output in sorted(outputs):
            if os.path.exists(output):
                os.utime(output)

    def build_extension(self, ext: Any) -> None:
        # The same compiler serves the extensions built side by side: the wrapper is the same for all.
        self.compiler.compile = parallel(type(self.compiler).compile.__get__(self.compiler), self.counter)
        super().build_extension(ext)


def extensions() -> list[object]:
    if os.environ.get("LEWIS_CLARK_PURE"):
        say("LEWIS_CLARK_PURE is set; installing the pure-Python build")
        return []
    if not compiler_works():
        say("no working C compiler; installing the pure-Python build")
        return []
    try:
        from mypyc.build import mypycify
    except ImportError:
        say("mypyc (part of mypy) is missing; installing the pure-Python build")
        return []
    # Imports followed outside the compiled modules (click, babel... absent from the build environment)
    # are typed Any and not reported: `mypy --strict` checks the whole package elsewhere.
    flags = ["--ignore-missing-imports", "--follow-imports=silent"]
    sources = compiled_sources()
    PROGRESS.show(f"type-checking {len(sources)} modules and writing their C with mypyc")
    # One C file a module (multi_file), so that gcc runs on every core: a single 22 MB file took one
    # core 140 s, most of a first install.
    return list(mypycify([*flags, *sources], opt_level="3", debug_level="0", multi_file=True))


def building(argv: list[str]) -> bool:
    """Whether this run of setup.py builds the extensions (not pip's metadata steps)."""
    return any(arg in BUILDS for arg in argv[1:])


if __name__ == "__main__":  # setuptools runs this file as __main__; tests import the rule alone
    if not building(sys.argv):
        PROGRESS.show("pip is fetching what the game needs; the engine compiles next")
    setup(ext_modules=extensions() if building(sys.argv) else [], cmdclass={"build_ext": OptionalBuildExt})
