"""The compiled build: the engine, plans and bots compiled with mypyc, from the pure-Python sources.

Which modules are compiled is a rule, not a list: every module directly in ``src/lewis_clark`` and
every module in ``src/lewis_clark/bots`` and ``bots/experimental``, except the front ends and tools named in ``PURE`` (the
command line, the benchmark, the simulator, the ratings and the package's ``__init__``, which holds
the switch to the pure build). A new engine module is compiled without editing this file; the
other subpackages (terminal, web, wording, rl) stay pure.

Where no C compiler works, or with ``LEWIS_CLARK_PURE=1`` set, the package installs as pure Python
and one line says so. The ``.py`` sources always ship beside the compiled modules; the pure build is
the reference and imports with ``LEWIS_CLARK_PURE=1`` (lewis_clark/__init__.py).
"""

from __future__ import annotations

import os
import sys
import tempfile
from pathlib import Path

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


def say(line: str) -> None:
    print(f"lewis-clark: {line}", file=sys.stderr)


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

    def run(self) -> None:
        try:
            super().run()
        except Exception as exc:
            say(f"compiling failed ({type(exc).__name__}: {exc}); installing the pure-Python build")
            self.extensions = []

    def build_extension(self, ext: object) -> None:
        super().build_extension(ext)  # type: ignore[arg-type]


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
    return list(mypycify([*flags, *compiled_sources()], opt_level="3", debug_level="0"))


if __name__ == "__main__":  # setuptools runs this file as __main__; tests import the rule alone
    setup(ext_modules=extensions(), cmdclass={"build_ext": OptionalBuildExt})
