"""``/docs`` as a person sees it: the vendored Swagger UI (static/swagger-ui/) renders the OpenAPI 3.1
the server writes, under the pages' own Content-Security-Policy, loading nothing from elsewhere; every
operation is listed with its summary, and an operation opened shows every answer it documents."""

from __future__ import annotations

import time
from pathlib import Path
from typing import Any
from urllib.parse import urlsplit

import pytest
from test_web_restart import Server

from conftest import needs_chromium

pytestmark = [needs_chromium, pytest.mark.browser, pytest.mark.slow]
ARTIFACTS = Path(__file__).resolve().parents[1] / "artifacts"


def shown(page: Any, selector: str) -> list[str]:
    """The texts a person reads in the elements ``selector`` (Swagger UI puts zero-width spaces in paths)."""
    return [" ".join(t.replace("\u200b", "").split()) for t in page.locator(selector).all_inner_texts()]


def until(check: Any, seconds: float = 20.0) -> None:
    """Poll ``check`` (the page's policy forbids the string evaluation ``wait_for_function`` uses)."""
    end = time.monotonic() + seconds
    while not check():
        assert time.monotonic() < end, "the page did not get there"
        time.sleep(0.1)


def test_docs_lists_every_operation_and_its_answers_under_the_pages_policy(server: Server, browser: Any) -> None:
    _, spec = server.call("GET", "/openapi.json")
    operations = [(method.upper(), path, op["summary"]) for path, ops in spec["paths"].items() for method, op in ops.items()]
    context = browser.new_context(viewport={"width": 1280, "height": 900})  # the page's own policy applies
    page = context.new_page()
    said: list[str] = []
    urls: list[str] = []
    page.on("console", lambda m: said.append(f"{m.type}: {m.text}") if m.type in ("error", "warning") else None)
    page.on("pageerror", lambda e: said.append(f"pageerror: {e}"))
    page.on("request", lambda r: urls.append(r.url))
    response = page.goto(server.base + "/docs")
    assert "script-src" not in response.headers["content-security-policy"]  # default-src 'self': no inline script
    until(lambda: page.locator(".opblock").count() == len(operations))

    # What a person sees: the title, each operation's method, path and summary, in the schema's order.
    assert shown(page, ".info .title")[0].startswith("Lewis & Clark")
    assert list(zip(shown(page, ".opblock-summary-method"), shown(page, ".opblock-summary-path"),
                    shown(page, ".opblock-summary-description"), strict=True)) == operations
    text = page.inner_text("body")
    assert "Unable to render" not in text and "Errors" not in shown(page, ".errors-wrapper h4")

    # One operation opened: every answer it documents is listed, the refusals with the error model.
    page.locator(".opblock-summary", has_text="Create a game").click()
    until(lambda: page.locator(".responses-table .response-col_status").count() > 0)
    statuses = shown(page, ".opblock.is-open .responses-table tbody > tr.response > .response-col_status")
    assert statuses == sorted(spec["paths"]["/api/games"]["post"]["responses"]), statuses
    assert {"201", "400", "411", "413", "422", "429", "503"} <= set(statuses)
    assert page.locator(".opblock.is-open", has_text="Retry-After").count() == 1

    ARTIFACTS.mkdir(exist_ok=True)
    page.screenshot(path=str(ARTIFACTS / "docs.png"), full_page=True)
    here = urlsplit(server.base).netloc
    assert [u for u in urls if urlsplit(u).netloc != here and not u.startswith(("data:", "blob:"))] == []
    assert said == []  # no script error, no refused resource, no Content-Security-Policy violation
    context.close()
