"""The switch to the pure build: import every ``lewis_clark`` module from its ``.py`` source, even where
a compiled module (``.so``, ``.pyd``) sits beside it. The package's ``__init__`` turns it on when
``LEWIS_CLARK_PURE`` is set, or when a source checkout's compiled modules are older than their
sources (after an edit or a merge: rebuild with ``pip install --no-deps -e .``), before
any other of its modules is imported, so that the reference
build and the compiled one can be compared in one checkout (tests/cli/test_builds.py).
"""

from __future__ import annotations

import importlib.abc
import importlib.machinery
import sys
from collections.abc import Sequence
from pathlib import Path
from types import ModuleType

PREFIX = "lewis_clark."


class PureSourceFinder(importlib.abc.MetaPathFinder):
    """Finds ``lewis_clark.*`` modules among source files only, ahead of the usual finders."""

    def find_spec(self, fullname: str, path: Sequence[str] | None,
                  target: ModuleType | None = None) -> importlib.machinery.ModuleSpec | None:
        if not fullname.startswith(PREFIX) or path is None:
            return None
        sources = (importlib.machinery.SourceFileLoader, importlib.machinery.SOURCE_SUFFIXES)
        for entry in path:
            spec = importlib.machinery.FileFinder(entry, sources).find_spec(fullname)
            if spec is not None:
                return spec
        return None


def import_pure_sources() -> None:
    """From now on, import the package's modules from their sources (once; later calls do nothing)."""
    if not any(isinstance(f, PureSourceFinder) for f in sys.meta_path):
        sys.meta_path.insert(0, PureSourceFinder())


def stale_compiled(package: Path) -> list[str]:
    """In a source checkout (an editable install), the sources edited since their modules were compiled:
    the compiled ones would run yesterday's code, so the package imports the pure build instead."""
    if package.parent.name != "src" or not (package.parent.parent / "pyproject.toml").exists():
        return []  # an installed wheel: its files' times say nothing
    suffixes = tuple(importlib.machinery.EXTENSION_SUFFIXES)
    # mypyc compiles every module into one shared library beside the package (rebuilt on any change);
    # each module's own extension is a small shim, left as it was when its C text did not change.
    built = [p.stat().st_mtime for p in package.parent.glob("*__mypyc*") if p.name.endswith(suffixes)]
    stale = []
    for folder in (package, package / "bots"):
        for compiled in folder.iterdir():
            if compiled.name.endswith(suffixes):
                source = compiled.with_name(compiled.name.split(".", 1)[0] + ".py")
                when = max(built, default=compiled.stat().st_mtime)
                if source.exists() and source.stat().st_mtime > when:
                    stale.append(str(source.relative_to(package.parent)))
    return stale
