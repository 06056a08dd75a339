"""Which build of the engine runs: ``compiled`` (the modules setup.py compiles with mypyc) or ``pure``
(the Python sources they are compiled from, the reference)."""

from __future__ import annotations

import importlib.machinery

from lewis_clark import rules

COMPILED = "compiled"
PURE = "pure"
__all__ = ["COMPILED", "PURE", "build", "build_text"]


def build() -> str:
    """``"compiled"`` when the engine's modules were loaded from compiled extensions, else ``"pure"``."""
    origin = rules.__file__ or ""
    return COMPILED if origin.endswith(tuple(importlib.machinery.EXTENSION_SUFFIXES)) else PURE


def build_text() -> str:
    """The build in a few words, for ``--version`` and ``bench``."""
    return "compiled (mypyc)" if build() == COMPILED else "pure Python"
