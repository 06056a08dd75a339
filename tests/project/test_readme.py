"""The README and the library page: their examples run as written, and the README stays a short read
with exactly the two set-up commands and a link for each docs page."""

import re
from pathlib import Path

from lewis_clark import State

ROOT = Path(__file__).parents[2]
README = (ROOT / "README.md").read_text(encoding="utf-8")


def python_blocks(text: str) -> list[str]:
    return re.findall(r"```python\n(.*?)```", text, re.S)


def run_blocks(blocks: list[str], where: str) -> dict[str, object]:
    namespace: dict[str, object] = {}
    for code in blocks:  # one namespace, in order, as a reader would type them
        exec(compile(code, where, "exec"), namespace)  # noqa: S102 - our own docs
    return namespace


def test_readme_library_example_runs() -> None:
    section = README.split("## The library", 1)[1].split("\n## ", 1)[0]
    blocks = python_blocks(section)
    assert len(blocks) == 1
    state = run_blocks(blocks, "README.md")["state"]
    assert isinstance(state, State)
    assert state.decision in ("under", "indians", "perform", "turn")


def test_library_page_examples_run() -> None:
    blocks = python_blocks((ROOT / "docs" / "library.md").read_text(encoding="utf-8"))
    assert len(blocks) >= 3  # the engine, the match driver, the wording layer
    state = run_blocks(blocks, "docs/library.md")["state"]
    assert isinstance(state, State)
    assert state.decision in ("under", "indians", "perform", "turn")


def test_readme_has_the_two_setup_commands() -> None:
    setup = README.split("## Set-up", 1)[1].split("\n## ", 1)[0]
    block = re.findall(r"```sh\n(.*?)```", setup, re.S)
    commands = [line for b in block for line in b.splitlines() if line and not line.startswith("#")]
    assert commands == [
        "python3 -m venv .venv && .venv/bin/pip install -q -e '.[web]' && .venv/bin/lewis-clark serve",
        "python3 -m venv .venv && .venv/bin/pip install -q -e '.[test]' && .venv/bin/python -m pytest",
    ]
    # CI runs the second one (the tests on the compiled build)
    assert ".venv/bin/pip install --quiet -e '.[test]'" in (ROOT / ".ci" / "run").read_text(encoding="utf-8")


def test_every_docs_page_is_linked_from_the_readme_or_another_page() -> None:
    docs = ROOT / "docs"
    linked = set(re.findall(r"\(docs/([\w/.-]+\.md)\)", README))
    for page in docs.rglob("*.md"):
        for target in re.findall(r"\]\(([\w/.-]+\.md)\)", page.read_text(encoding="utf-8")):
            linked.add((page.parent / target).resolve().relative_to(docs.resolve()).as_posix())
    pages = {p.relative_to(docs).as_posix() for p in docs.rglob("*.md")}
    assert pages - linked - {"index.md"} == set()


def test_readme_is_a_short_read() -> None:
    words = len(re.sub(r"```.*?```", "", README, flags=re.S).split())
    assert words <= 800, words  # about two minutes' reading


def test_no_issue_numbers_in_code_tests_or_docs() -> None:
    """Code, tests and docs name the feature, never a tracker's number (the word "issue" and a number)."""
    pattern = re.compile(r"issues? ?#?[0-9]+", re.I)
    found = []
    for folder in ("src", "tests", "docs", "scripts", ".ci"):
        for path in (ROOT / folder).rglob("*"):
            if path.is_file() and path.suffix in {"", ".py", ".md", ".js", ".html", ".css", ".json", ".toml", ".txt"}:
                text = path.read_text(encoding="utf-8", errors="replace")
                found += [f"{path.relative_to(ROOT)}: {m.group()}" for m in pattern.finditer(text)]
    found += [f"README.md: {m.group()}" for m in pattern.finditer(README)]
    assert found == []
