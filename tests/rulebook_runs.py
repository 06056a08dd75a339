"""The rulebook's eight-word runs as fingerprints, checked in (tests/data/rulebook-runs.txt), so that the
tests that our texts are our own words always run, with no rulebook text in the repository and no
path outside it. ``scripts/rulebook_runs.py`` writes the file from the rulebook."""

from __future__ import annotations

import hashlib
import re
from functools import cache
from pathlib import Path

RUNS_FILE = Path(__file__).resolve().parent / "data" / "rulebook-runs.txt"
RUN = 8  # words: shorter runs are common phrases ("at the end of the"), longer ones miss a copied sentence


def runs(text: str, n: int = RUN) -> set[tuple[str, ...]]:
    words = re.findall(r"[a-z']+", text.lower())
    return {tuple(words[i:i + n]) for i in range(len(words) - n + 1)}


def fingerprints(text: str) -> set[str]:
    """A short hash of each run of ``RUN`` words in ``text``."""
    return {hashlib.blake2b(" ".join(r).encode(), digest_size=8).hexdigest() for r in runs(text)}


@cache
def rulebook() -> frozenset[str]:
    """The rulebook's fingerprints, as checked in."""
    return frozenset(RUNS_FILE.read_text(encoding="utf-8").split())


def copied(texts: list[str]) -> list[str]:
    """The texts holding a run of the rulebook's words."""
    book = rulebook()
    return [t for t in texts if fingerprints(t) & book]
