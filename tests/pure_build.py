"""Running a test under the pure build: for the few tests that watch the engine from inside by
monkeypatching one of its functions, which compiled callers (bound at compile time) never look up."""

from __future__ import annotations

import os
import subprocess
import sys

import pytest

from lewis_clark import build


def pure_env() -> dict[str, str]:
    """The environment with ``LEWIS_CLARK_PURE`` set: the package imports its .py sources."""
    return {**os.environ, "LEWIS_CLARK_PURE": "1"}


def rerun_pure(request: pytest.FixtureRequest) -> bool:
    """Under the compiled build, run this test again in a pure-build pytest and assert that it passed
    (then True: the caller returns); under the pure build, False: the test runs here."""
    if build() == "pure":
        return False
    done = subprocess.run([sys.executable, "-m", "pytest", "-q", "-p", "no:cacheprovider", request.node.nodeid],
                          cwd=request.config.rootpath, env=pure_env(), capture_output=True, text=True)
    assert done.returncode == 0, done.stdout[-3000:] + done.stderr[-2000:]
    return True
