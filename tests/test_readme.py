"""The README's library example runs as written."""

import re
from pathlib import Path

from lewis_clark import State


def test_library_example_runs() -> None:
    text = (Path(__file__).parent.parent / "README.md").read_text(encoding="utf-8")
    section = text.split("## The library", 1)[1]
    code = re.search(r"```python\n(.*?)```", section, re.S)
    assert code is not None
    namespace: dict[str, object] = {}
    exec(compile(code.group(1), "README.md", "exec"), namespace)  # noqa: S102 - our own README
    state = namespace["state"]
    assert isinstance(state, State)
    assert state.decision in ("under", "indians", "perform", "turn")
