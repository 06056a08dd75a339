"""The expert's hint in headless Chromium, unstubbed: it names the whole action and lights that choice
among the page's choices (the plan button of the whole option, else the single choice), in English and
in Hungarian."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from test_web_restart import Server

from conftest import needs_chromium

pytestmark = needs_chromium

ARTIFACTS = Path(__file__).resolve().parents[1] / "artifacts"


def _in_view(page: Any, selector: str) -> bool:
    """Whether the element is inside the window (its scrolling boxes scrolled to it)."""
    return bool(page.evaluate(f"""(() => {{ const r = document.querySelector({selector!r}).getBoundingClientRect();
        return r.top >= 0 && r.bottom <= window.innerHeight; }})()"""))


def test_the_hint_lights_the_choice_it_names_in_both_languages(server: Server, browser: Any) -> None:
    # Seed 5, two people: the first decision is a turn's, where the page offers whole options.
    status, g = server.call("POST", "/api/games", {"seats": [{"kind": "human"}, {"kind": "human"}], "seed": 5})
    assert status == 201, g
    path, fragment = g["hotseat"].split("#")
    _, v = server.call("GET", f"/api/games/{g['id']}")
    token = next(s["token"] for s in g["seats"] if s["seat"] == v["current"])
    words = []
    for lang in ("en", "hu"):
        context = browser.new_context(viewport={"width": 1280, "height": 800}, bypass_csp=True)
        page = context.new_page()
        errors: list[str] = []
        page.on("pageerror", lambda e: errors.append(str(e)))  # noqa: B023 (read before the next page)
        page.goto(f"{server.base}{path}?lang={lang}#{fragment}")
        page.wait_for_selector("#expert:not([hidden])")
        assert page.locator("button.expert-pick").count() == 0  # nothing lit before asking
        page.click("#expert")
        # A real search in the bot workers (seconds; minutes on a loaded machine without the compiled
        # build); the second language is answered from the cache (the same view).
        page.wait_for_selector("#expert-answer:not([hidden])", timeout=300_000)
        status, hint = server.call("GET", f"/api/games/{g['id']}/hint?lang={lang}", token=token)
        assert status == 200, hint
        assert hint["label"] in page.inner_text("#expert-answer")
        lit = page.locator("button.expert-pick")
        assert lit.count() == 1
        if hint["plan"] and page.locator("#plans button[data-plan]").filter(has_text=hint["label"]).count():
            assert lit.get_attribute("data-plan") == hint["plan"]  # the whole option's button
        else:
            assert lit.get_attribute("data-action") == hint["action"]  # its first single choice
        assert lit.is_visible() and _in_view(page, "#expert-answer")
        assert lit.get_attribute("title") == hint["label"] or lit.get_attribute("data-action") == hint["action"]
        assert lit.get_attribute("aria-describedby") == "expert-answer"
        words.append((hint["label"], hint["why"]))
        ARTIFACTS.mkdir(exist_ok=True)
        page.screenshot(path=str(ARTIFACTS / f"expert-lit-{lang}.png"))
        context.close()
        assert errors == []
    (en_label, en_why), (hu_label, hu_why) = words
    assert en_why != hu_why and en_label != hu_label  # worded in each page's language
    assert "turns" in en_why or "turn" in en_why  # the estimate says when, in the seat's own turns
