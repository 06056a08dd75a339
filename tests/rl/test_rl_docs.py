"""docs/rl.md's batch API example runs as printed, and says what it does."""

from __future__ import annotations

import contextlib
import io
import re
from pathlib import Path

DOCS = Path(__file__).resolve().parents[2] / "docs" / "rl.md"


def section(title: str) -> str:
    text = DOCS.read_text()
    start = text.index(f"## {title}\n")
    end = text.find("\n## ", start + 1)
    return text[start: end if end >= 0 else len(text)]


def test_the_batch_api_example_runs() -> None:
    blocks = re.findall(r"```python\n(.*?)```", section("The batch API"), re.S)
    assert len(blocks) == 1
    out = io.StringIO()
    with contextlib.redirect_stdout(out):
        exec(compile(blocks[0], str(DOCS), "exec"), {})
    shape, finished, wins = out.getvalue().strip().rsplit(" ", 2)
    assert shape == "(8, 2392)" and 0 <= int(wins) <= int(finished)


def test_the_docs_state_the_sizes() -> None:
    from lewis_clark.rl.actions_index import NUM_ACTIONS
    from lewis_clark.rl.observation import SIZE

    short = section("In short")  # the summary the README used to carry
    for text in (DOCS.read_text(), short):
        assert f"{SIZE} values" in text and "2389" not in text
    assert f"{NUM_ACTIONS} indices" in short and f"`NUM_ACTIONS` is {NUM_ACTIONS}" in DOCS.read_text()
