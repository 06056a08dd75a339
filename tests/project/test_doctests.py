"""The docstring examples of src/lewis_clark run (house style 19), on the pure build: pytest collects a
module's doctests by its source file, which a compiled module beside it would shadow."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]


def test_every_docstring_example_runs() -> None:
    env = {**os.environ, "LEWIS_CLARK_PURE": "1"}
    done = subprocess.run([sys.executable, "-m", "pytest", "--doctest-modules", "-p", "no:cacheprovider",
                           str(ROOT / "src" / "lewis_clark")], cwd=ROOT, env=env, capture_output=True, text=True,
                          timeout=280)
    assert done.returncode == 0, done.stdout[-3000:] + done.stderr[-2000:]
    assert " passed" in done.stdout and " failed" not in done.stdout
