"""The switch to the pure build: import every ``lewis_clark`` module from its ``.py`` source, even where
a compiled module (``.so``, ``.pyd``) sits beside it. The package's ``__init__`` turns it on when
``LEWIS_CLARK_PURE`` is set, before any other of its modules is imported, so that the reference
build and the compiled one can be compared in one checkout (tests/test_builds.py).
"""

from __future__ import annotations

import importlib.abc
import importlib.machinery
import sys
from collections.abc import Sequence
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
