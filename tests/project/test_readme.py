"""The README's library example runs as written."""

import re
from pathlib import Path

from lewis_clark import State


def test_library_example_runs() -> None:
    text = (Path(__file__).parents[2] / "README.md").read_text(encoding="utf-8")
    section = text.split("## The library", 1)[1]
    blocks = re.findall(r"```python\n(.*?)```", section.split("\n## ", 1)[0], re.S)
    assert len(blocks) >= 3  # the engine, the match driver, the wording layer
    namespace: dict[str, object] = {}
    for code in blocks:  # one namespace, in order, as a reader would type them
        exec(compile(code, "README.md", "exec"), namespace)  # noqa: S102 - our own README
    state = namespace["state"]
    assert isinstance(state, State)
    assert state.decision in ("under", "indians", "perform", "turn")
