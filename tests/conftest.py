"""Fixtures the web tests share: a game database and the app on it, a real server on a temporary
database, Debian's chromium, and a throwaway PostgreSQL server for the web store's tests; and English
for the command-line tests (tests/cli)."""

from __future__ import annotations

import glob
import itertools
import os
import shutil
import subprocess
import tempfile
import time
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import pytest
from test_web_restart import Server, free_port, serving

CHROMIUM = "/usr/bin/chromium"
ARGS = ["--headless", "--no-sandbox", "--disable-gpu", "--disable-background-networking", "--disable-component-update",
        "--disable-sync", "--no-first-run"]
# Every browser test module: `pytestmark = needs_chromium`.
needs_chromium = pytest.mark.skipif(not os.path.exists(CHROMIUM), reason="needs Debian's chromium (.ci/run installs it)")


@pytest.fixture(autouse=True)
def english_tools(request: pytest.FixtureRequest, monkeypatch: pytest.MonkeyPatch) -> None:
    """tests/cli reads English output, and the tools speak the environment's language
    (LEWIS_CLARK_LANGUAGE, else LANG): a Hungarian desktop must not turn them Hungarian. Only there: other
    tests choose the language through LANG on purpose."""
    if request.path.parent.name == "cli":
        monkeypatch.setenv("LEWIS_CLARK_LANGUAGE", "en")


@pytest.fixture
def db(tmp_path: Path) -> Path:
    """A new game database (SQLite) for one test."""
    return tmp_path / "games.sqlite3"


@pytest.fixture
def client(db: Path) -> Iterator[Any]:
    """The web application on ``db``, through Starlette's TestClient (lifespan run)."""
    from fastapi.testclient import TestClient

    from lewis_clark.web.app import create_app

    with TestClient(create_app(db)) as c:
        yield c


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Server]:
    """A real `lewis-clark serve` (bots without delay) on a database of its own, for one test module."""
    with serving(tmp_path_factory.mktemp("web") / "games.sqlite3", bot_delay=0.0) as s:
        yield s


@pytest.fixture(scope="module")
def browser() -> Iterator[Any]:
    """Debian's chromium, headless, driven by Playwright (never a downloaded browser). Per module: while
    Playwright's sync API runs, its event loop is the thread's, and tests that call asyncio.run() fail."""
    from playwright.sync_api import sync_playwright

    with sync_playwright() as p:
        b = p.chromium.launch(executable_path=CHROMIUM, args=ARGS)
        yield b
        b.close()


# Short turns first, so that Mackenzie (level 7) ends a solo game within about 32 turns.
PREFERENCE = ("end", "stop", "under ", "play ", "discard none", "take ", "camp")


def open_more(page: Any) -> None:
    """Unfold the single choices the page folds behind "more" when it offers plans (a no-op when there
    is no "more" or it is open already)."""
    more = page.locator("#more")
    if more.count() and more.get_attribute("aria-expanded") != "true":
        more.click()


def single(page: Any, selector: str = "#actions button[data-action]") -> Any:
    """The single choices matching ``selector`` (inside #actions), "more" opened first so they can be clicked."""
    open_more(page)
    return page.locator(selector)


def play_to_the_end(page: Any, act: Callable[[str], None], steps: int = 600) -> None:
    """Play a game page on from its list of choices until the end screen shows: ``act`` takes the action
    text to pick (a "data-action" of #actions, "more" opened first, never one that pays for nothing) and
    clicks or taps it."""
    for _ in range(steps):
        if page.locator("#end").is_visible():
            return
        # A choice that pays for nothing (class "futile") would be asked about first: never picked.
        texts = page.eval_on_selector_all("#actions button[data-action]:not(.futile)",
                                          "bs => bs.map(b => b.dataset.action)")
        if not texts:
            page.wait_for_timeout(50)
            continue
        pick = next((t for p in PREFERENCE for t in texts if t.startswith(p) or t == p.strip()), texts[0])
        try:
            open_more(page)
        except Exception:  # a newer view redrew the choices meanwhile: look again
            continue
        act(pick)


# --- PostgreSQL ----------------------------------------------------------------------------------

def postgres_bin() -> str | None:
    """The folder of Debian's PostgreSQL programs (the newest installed), or None."""
    found = sorted(glob.glob("/usr/lib/postgresql/*/bin/initdb"), key=lambda p: int(p.split("/")[4]))
    return os.path.dirname(found[-1]) if found else None


def _as_postgres(args: list[str]) -> list[str]:
    """PostgreSQL refuses to run as root: as root, run it as the ``postgres`` user."""
    return ["runuser", "-u", "postgres", "--", *args] if os.geteuid() == 0 else args


@pytest.fixture(scope="session")
def postgres_url() -> Iterator[str]:
    """A PostgreSQL server of its own in a temporary folder for the whole session (listening on a Unix
    socket there and on a free loopback port): the address of its ``postgres`` database."""
    pg = postgres_bin()
    if pg is None:
        pytest.skip("needs Debian's PostgreSQL (/usr/lib/postgresql/*/bin; .ci/run installs it)")
    top = tempfile.mkdtemp(prefix="lewis-clark-pg-")  # under /tmp: the postgres user can reach it
    if os.geteuid() == 0:
        shutil.chown(top, "postgres")
    data, port = os.path.join(top, "data"), free_port()
    subprocess.run(_as_postgres([f"{pg}/initdb", "-D", data, "-A", "trust", "-U", "postgres", "--no-sync"]),
                   check=True, stdout=subprocess.DEVNULL)
    options = f"-k {top} -p {port} -c listen_addresses=127.0.0.1 -c fsync=off -c max_connections=200"
    subprocess.run(_as_postgres([f"{pg}/pg_ctl", "-D", data, "-o", options, "-l", f"{top}/log", "-w", "start"]),
                   check=True, stdout=subprocess.DEVNULL)
    try:
        yield f"postgresql://postgres@127.0.0.1:{port}/postgres"
    finally:
        subprocess.run(_as_postgres([f"{pg}/pg_ctl", "-D", data, "-m", "immediate", "stop"]), stdout=subprocess.DEVNULL)
        shutil.rmtree(top, ignore_errors=True)


_databases = itertools.count()


@pytest.fixture
def pg_db(postgres_url: str) -> Iterator[str]:
    """A new empty database on the session's PostgreSQL server, for one test: its address."""
    import psycopg

    name = f"t{os.getpid()}_{next(_databases)}_{int(time.time() * 1000) % 100000}"
    with psycopg.connect(postgres_url, autocommit=True) as c:
        c.execute(f"CREATE DATABASE {name}")
    yield postgres_url.rsplit("/", 1)[0] + "/" + name
    with psycopg.connect(postgres_url, autocommit=True) as c:
        c.execute(f"DROP DATABASE IF EXISTS {name} WITH (FORCE)")


# --- markers (pyproject.toml registers them): ``pytest -m "not slow"`` is the inner loop -----------------

# Test files whose tests take over ~3 s each or in all (whole games by bots, hypothesis games, servers,
# subprocesses), measured with ``pytest --durations``; CI runs everything.
SLOW_FILES = frozenset({
    "test_properties.py", "test_terminal_app.py", "test_web_pool.py", "test_web_postgres.py", "test_web_restart.py",
    "test_rl_ray.py", "test_sim.py", "test_bots_hidden.py", "test_elo.py", "test_rl_openspiel.py",
    "test_doctests.py",  # every module imported, the Ray doctest starts Ray (about 20 s)
})
# Single slow tests in files that are otherwise quick (``pytest -m "not slow" --durations=25``).
SLOW_TESTS = frozenset({
    "test_an_unfinished_web_style_record_plays_on_in_the_terminal",
    "test_illegal_actions_in_random_games_are_refused_and_change_nothing",
    "test_solo_game_against_mackenzie_to_the_end_screen", "test_self_play_reaches_fort_clatsop",
    "test_the_log_tells_mackenzie_turn_ends_journal_draws_and_what_a_recruit_paid", "test_installed_console_script",
    "test_a_web_record_loads_in_the_terminal", "test_bot_never_reads_the_draw_deck_order",
})


def pytest_collection_modifyitems(items: list[pytest.Item]) -> None:
    """Playwright tests (those that take the ``browser`` fixture) are ``browser`` and ``slow``; the tests
    of SLOW_FILES are ``slow``."""
    for item in items:
        if "browser" in getattr(item, "fixturenames", ()):
            item.add_marker(pytest.mark.browser)
            item.add_marker(pytest.mark.slow)
        elif item.path.name in SLOW_FILES or getattr(item, "originalname", item.name) in SLOW_TESTS:
            item.add_marker(pytest.mark.slow)
