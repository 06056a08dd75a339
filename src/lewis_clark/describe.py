"""TEMPORARY shim: removed at merge. The words live in ``lewis_clark.wording``; callers import from there:
``describe.describe -> wording.log_lines``, ``describe.prompt -> wording.prompt``."""

from __future__ import annotations

from lewis_clark.actions import Action
from lewis_clark.state import State
from lewis_clark.wording import log_lines, prompt

__all__ = ["describe", "prompt"]


def describe(before: State, action: Action, after: State) -> str:
    """Every log line of one step, on one line (TEMPORARY shim: use ``wording.log_lines``)."""
    return "; ".join(log_lines(before, action, after))
