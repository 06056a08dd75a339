"""docs/rulings.md stays true to the code: every ruling R1-R25 and note N1-N14 has its entry, and every
function and test it names exists (so renaming one without updating the page fails here)."""

from __future__ import annotations

import ast
import importlib
import re
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
PAGE = (ROOT / "docs" / "rulings.md").read_text(encoding="utf-8")
TEST_REF = re.compile(r"`(test_\w+)::(test_\w+)`")
CODE_REF = re.compile(r"`([a-z_]+(?:\.[A-Za-z_]+)+)`")


def _sections() -> dict[str, str]:
    """Ruling number -> its text up to the next heading."""
    parts = re.split(r"^### (R\d+) ", PAGE, flags=re.M)
    return {parts[i]: parts[i + 1].split("\n## ")[0] for i in range(1, len(parts), 2)}


SECTIONS = _sections()


def _test_names(file: str) -> set[str]:
    tree = ast.parse(next((ROOT / "tests").rglob(f"{file}.py")).read_text(encoding="utf-8"))
    return {n.name for n in tree.body if isinstance(n, ast.FunctionDef) and n.name.startswith("test_")}


def test_every_ruling_has_code_and_tests() -> None:
    assert list(SECTIONS) == [f"R{i}" for i in range(1, 26)]
    for number, text in SECTIONS.items():
        assert "- Code: `" in text and "- Tests: `" in text, number
        # Each ruling lists at least one test named after it in test_rulings.py.
        assert f"test_rulings::test_{number.lower()}" in text, number


def test_every_note_has_its_row() -> None:
    for i in range(1, 15):
        assert re.search(rf"^\| N{i} \| .+ \| `.+` \| `.+` \|$", PAGE, flags=re.M), f"N{i}"


@pytest.mark.parametrize("file,name", sorted(set(TEST_REF.findall(PAGE))))
def test_named_tests_exist(file: str, name: str) -> None:
    assert name in _test_names(file), f"docs/rulings.md names {file}::{name}, which does not exist"


@pytest.mark.parametrize("ref", sorted({r for r in CODE_REF.findall(PAGE) if not r.startswith(("test_", "shared"))}))
def test_named_code_exists(ref: str) -> None:
    module, *attrs = ref.split(".")
    obj: object = importlib.import_module(f"lewis_clark.{module}")
    for attr in attrs:
        assert hasattr(obj, attr), f"docs/rulings.md names {ref}: lewis_clark.{module} has no {'.'.join(attrs)}"
        obj = getattr(obj, attr)


def test_every_ruling_test_in_test_rulings_is_listed() -> None:
    listed = {name for file, name in TEST_REF.findall(PAGE) if file == "test_rulings"}
    missing = {n for n in _test_names("test_rulings") if re.match(r"test_r\d", n)} - listed
    assert not missing, f"add to docs/rulings.md: {sorted(missing)}"
