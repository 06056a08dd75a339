"""Take the screenshots of docs/web.md: the game page at 1280x800, 1366x768 and on a 390x844 phone, a solo
game with Mackenzie's panel, and the end screen, from a throwaway `lewis-clark serve` in Debian's chromium.

    python scripts/web_screenshots.py            # writes docs/web-*.png
    python scripts/web_screenshots.py --out DIR

Every game is made from a fixed seed, so the pictures change only when the page does.
"""

from __future__ import annotations

import argparse
import json
import socket
import subprocess
import sys
import tempfile
import time
import urllib.request
from pathlib import Path
from typing import Any

from lewis_clark.events import MackenzieMoved
from lewis_clark.match import Match
from lewis_clark.state import Options

ROOT = Path(__file__).resolve().parent.parent
CHROMIUM = "/usr/bin/chromium"
PHONE = {"viewport": {"width": 390, "height": 844}, "has_touch": True, "is_mobile": True, "device_scale_factor": 2}


def call(base: str, method: str, path: str, body: Any = None, token: str = "") -> Any:
    data = json.dumps(body).encode() if body is not None else None
    req = urllib.request.Request(base + path, data=data, method=method)
    req.add_header("Content-Type", "application/json")
    if token:
        req.add_header("X-Token", token)
    with urllib.request.urlopen(req) as answer:
        return json.loads(answer.read())


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


def serve(db: Path) -> tuple[subprocess.Popen[bytes], str]:
    port = free_port()
    proc = subprocess.Popen([sys.executable, "-m", "lewis_clark.cli", "serve", "--port", str(port), "--db", str(db),
                             "--bot-delay", "0", "--create-limit", "0"], stdout=subprocess.DEVNULL, stderr=subprocess.PIPE)
    base = f"http://127.0.0.1:{port}"
    for _ in range(200):
        try:
            urllib.request.urlopen(base + "/api/meta", timeout=1).read()
            return proc, base
        except OSError:
            time.sleep(0.1)
    proc.kill()
    raise RuntimeError("the server did not start")


def jumped_solo(base: str) -> str:
    """A solo game just after Mackenzie jumped your Scout: the easy bot's turns, played as a person's."""
    m = Match(Options(players=1, seed=3, mackenzie=0), ["easy"])
    actions = []
    while not m.over:
        step = m.step_bot()
        actions.append(str(step.action))
        if any(isinstance(e, MackenzieMoved) and e.past >= 0 for e in step.events):
            break
    g = call(base, "POST", "/api/games", {"seats": [{"kind": "human"}], "mackenzie": 0, "seed": 3})
    token = g["seats"][0]["token"]
    for action in actions:
        call(base, "POST", f"/api/games/{g['id']}/actions", {"action": action}, token)
    return str(g["seats"][0]["link"])


def shoot(base: str, out: Path) -> None:
    from playwright.sync_api import sync_playwright

    two = call(base, "POST", "/api/games", {"seats": [{"kind": "human"}, {"kind": "bot", "level": "random"}], "seed": 6})
    five = call(base, "POST", "/api/games", {"seats": [{"kind": "human"}] + [{"kind": "bot", "level": "random"}] * 4,
                                             "seed": 4})
    ended = call(base, "POST", "/api/games", {"seats": [{"kind": "bot", "level": "easy"}], "mackenzie": 7, "seed": 5})
    solo = jumped_solo(base)
    scenes: list[tuple[str, str, dict[str, Any], str]] = [  # file, link, device, what to wait for
        ("web-desktop.png", two["seats"][0]["link"], {"viewport": {"width": 1280, "height": 800}}, "#plans button.plan"),
        ("web-1366.png", five["seats"][0]["link"], {"viewport": {"width": 1366, "height": 768}}, "#plans button.plan"),
        ("web-phone.png", two["seats"][0]["link"], PHONE, "#plans button.plan"),
        ("web-solo.png", solo, {"viewport": {"width": 1280, "height": 800}}, "#board .panel-rival"),
        ("web-phone-end.png", ended["spectator"], PHONE, "#end:not([hidden])"),
    ]
    with sync_playwright() as p:
        browser = p.chromium.launch(executable_path=CHROMIUM, args=["--no-sandbox"])
        for name, link, device, ready in scenes:
            context = browser.new_context(**device)
            page = context.new_page()
            page.goto(base + link)
            page.wait_for_selector(ready, timeout=60_000)
            page.wait_for_timeout(1200)  # the markers' slides end
            page.screenshot(path=str(out / name))
            context.close()
            print(out / name)
        browser.close()


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--out", type=Path, default=ROOT / "docs", help="folder for the PNG files (default: docs/)")
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as tmp:
        proc, base = serve(Path(tmp) / "games.sqlite3")
        try:
            shoot(base, args.out)
        finally:
            proc.terminate()
            proc.wait(10)


if __name__ == "__main__":
    main()
