"""The command-line tests read English output: the tools speak the environment's language
(``LEWIS_CLARK_LANGUAGE``, else ``LANG``), so a Hungarian desktop must not turn them Hungarian."""

from __future__ import annotations

import pytest


@pytest.fixture(autouse=True)
def english(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("LEWIS_CLARK_LANGUAGE", "en")
