"""schemathesis (a property-based API fuzzer) against a real server: every operation of /openapi.json,
every check it has (``--checks all``: server errors, statuses, content types, headers and bodies against
the schema, schema-valid data accepted and invalid data refused, unsupported methods and ``Allow``,
auth ignored, resources after delete, ...), through its coverage, fuzzing and stateful phases (the
schema's links from a new game to acting, undoing, hinting and deleting it). 0 failures, not only 0 5xx.

The server is the application under uvicorn in a thread, as `lewis-clark serve` runs it, on a database
of its own, with no creation limit (the fuzzer creates hundreds of games), no bots moving (the fuzzer
tests the API, not the bots' thinking) and the expert's hint at a small search budget (the real one
searches for seconds, past the fuzzer's request timeout). Where the game refuses what a schema cannot
forbid (a route's text, a legal action), tests/web/schemathesis.toml names the statuses the API
documents for it.
"""

from __future__ import annotations

import json
import re
import subprocess
import sys
import threading
import time
import urllib.request
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
import uvicorn
from test_web_restart import free_port

from lewis_clark.bots.hint import expert_hint
from lewis_clark.state import State
from lewis_clark.web import hints as hint_route
from lewis_clark.web.app import create_app
from lewis_clark.web.limits import CreationLimit

pytestmark = pytest.mark.slow
CONFIG = Path(__file__).with_name("schemathesis.toml")
EXAMPLES = 100  # test cases per operation and phase: about a minute on 2 cores
TINY = "race:samples=2:keep=2:beam=3:nodes=4"  # the expert at a tiny budget (tests/bots/test_bots_hint.py)


@pytest.fixture
def base(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Iterator[str]:
    """A real server (uvicorn in a thread) on a database of its own: its base URL. No bot workers: the
    hint is searched in a thread of this process, where the small budget is patched in."""
    assert hasattr(hint_route, "expert_hint"), "the hints no longer call expert_hint: patch what they call"

    def quick_hint(view: State) -> Any:
        return expert_hint(view, spec=TINY)

    monkeypatch.setattr(hint_route, "expert_hint", quick_hint)
    app = create_app(tmp_path / "games.sqlite3", bots=False, bot_workers=0, create_limit=CreationLimit(0, 0), expire_days=None,
                     keep_finished_days=None)
    port = free_port()
    # log_config=None: uvicorn's own dictConfig would close every logging handler of the test process
    server = uvicorn.Server(uvicorn.Config(app, host="127.0.0.1", port=port, log_level="warning", log_config=None))
    thread = threading.Thread(target=server.run, daemon=True)
    thread.start()
    end = time.monotonic() + 20
    while not server.started:
        assert time.monotonic() < end and thread.is_alive(), "the server did not start"
        time.sleep(0.05)
    try:
        yield f"http://127.0.0.1:{port}"
    finally:
        server.should_exit = True
        thread.join(10)


def test_schemathesis_finds_nothing_on_any_operation(base: str, tmp_path: Path) -> None:
    report = tmp_path / "report.json"
    done = subprocess.run(
        [sys.executable, "-m", "schemathesis.cli", "--config-file", str(CONFIG), "run", f"{base}/openapi.json",
         "--checks", "all", "--max-examples", str(EXAMPLES), "--seed", "38", "--workers", "1",
         "--request-timeout", "20", "--no-color", "--report", "json", "--report-json-path", str(report)],
        capture_output=True, text=True, timeout=600, cwd=tmp_path)
    summary = done.stdout[done.stdout.find("SUMMARY"):]
    print(summary)  # the figures: operations, phases, test cases
    assert done.returncode == 0, done.stdout[-6000:] + done.stderr[-2000:]
    with urllib.request.urlopen(f"{base}/openapi.json") as answer:
        spec = json.loads(answer.read())
    operations = sum(len(ops) for ops in spec["paths"].values())
    assert f"Selected: {operations}/{operations}" in summary and f"Tested: {operations}" in summary, summary
    for phase in ("Examples", "Coverage", "Fuzzing", "Stateful"):
        assert f"✅ {phase}" in summary, summary  # every phase ran and passed
    cases = re.search(r"(\d+) generated, (\d+) passed", summary)
    assert cases and cases[1] == cases[2] and int(cases[1]) >= 20 * operations, summary
    assert report.exists()
