"""docs/components.md is generated from the engine's data (scripts/components_doc.py): the committed
page must equal what the data gives now, and its tables must say what the card data says."""

from __future__ import annotations

from pathlib import Path

import pytest

from builders import script
from lewis_clark.cards import CARDS, ENCOUNTERED_IDS
from lewis_clark.village import PLACES

ROOT = Path(__file__).resolve().parents[2]


components_doc = script("components_doc")


def test_the_page_matches_the_data() -> None:
    page = (ROOT / "docs" / "components.md").read_text(encoding="utf-8")
    assert page == components_doc.render(), "docs/components.md is stale: run python scripts/components_doc.py"


def test_every_encountered_card_has_its_row() -> None:
    page = components_doc.render()
    for i in ENCOUNTERED_IDS:
        c = CARDS[i]
        row = f"| {c.number} | {c.name} | {c.strength} | {components_doc.badge(c.badge)} |"
        assert row in page, row


def test_every_starting_card_and_place_is_named() -> None:
    page = components_doc.render()
    assert all(c.name in page for c in CARDS[1:])
    assert all(f"| {p.title} | `{p.name}` |" in page for p in PLACES)
    assert page.count("**assumed**") == 1 + sum(1 for p in PLACES if p.name not in components_doc.CONFIRMED_SOLO_BADGES)


def test_check_mode_reports_a_stale_page(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    stale = tmp_path / "components.md"
    stale.write_text("old\n", encoding="utf-8")
    monkeypatch.setattr(components_doc, "PAGE", stale)
    assert components_doc.main(["--check"]) == 1
    assert components_doc.main([]) == 0 and components_doc.main(["--check"]) == 0
