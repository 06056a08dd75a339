"""What the game page costs a phone and a desktop: bytes fetched, time to the first drawn table, and the
time to draw the table again, in Debian's chromium (a benchmark: it prints figures, it asserts nothing).

    python scripts/page_bench.py                 # starts its own server on a free port
    python scripts/page_bench.py --players 5 --redraws 50
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

from playwright.sync_api import sync_playwright

CHROMIUM = "/usr/bin/chromium"
DEVICES = {"phone 390x844": {"viewport": {"width": 390, "height": 844}, "has_touch": True, "is_mobile": True},
           "desktop 1280x800": {"viewport": {"width": 1280, "height": 800}}}


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--players", type=int, default=5)
    ap.add_argument("--redraws", type=int, default=30)
    args = ap.parse_args()
    port = free_port()
    base = f"http://127.0.0.1:{port}"
    with tempfile.TemporaryDirectory() as tmp:
        server = subprocess.Popen([sys.executable, "-m", "lewis_clark.cli", "serve", "--port", str(port), "--db",
                                   str(Path(tmp) / "g.sqlite3"), "--bot-workers", "0"],
                                  stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        try:
            for _ in range(100):
                try:
                    urllib.request.urlopen(base + "/api/meta")
                    break
                except OSError:
                    time.sleep(0.1)
            seats = [{"kind": "human"}] + [{"kind": "human"}] * (args.players - 1)
            req = urllib.request.Request(base + "/api/games", data=json.dumps({"seats": seats, "seed": 7}).encode(),
                                         headers={"Content-Type": "application/json"})
            game = json.load(urllib.request.urlopen(req))
            with sync_playwright() as p:
                browser = p.chromium.launch(executable_path=CHROMIUM, args=["--no-sandbox", "--headless"])
                print(f"game page, {args.players} players ({args.redraws} redraws each)")
                for name, device in DEVICES.items():
                    context = browser.new_context(**device, bypass_csp=True)
                    page = context.new_page()
                    sizes: list[int] = []
                    page.on("response", lambda r, sizes=sizes: sizes.append(len(r.body())))
                    start = time.perf_counter()
                    page.goto(base + game["hotseat"])
                    page.wait_for_selector("#board svg")
                    first = time.perf_counter() - start
                    redraw = page.evaluate(f"""(async () => {{
                        const {{ drawBoard }} = await import('/static/board.js');
                        const view = await (await fetch(location.pathname.replace('/play/', '/api/games/'))).json();
                        const meta = await (await fetch('/api/meta')).json();
                        const b = document.getElementById('board');
                        const t0 = performance.now();
                        for (let i = 0; i < {args.redraws}; i++) {{
                          b.innerHTML = drawBoard(view, meta, new Set(), [0], b.clientWidth);
                        }}
                        return (performance.now() - t0) / {args.redraws};
                    }})()""")
                    print(f"  {name}: {len(sizes)} requests, {sum(sizes) / 1024:.0f} KiB, first table drawn after "
                          f"{first * 1000:.0f} ms, redraw {redraw:.1f} ms")
                    context.close()
                browser.close()
        finally:
            server.terminate()
            server.wait()


if __name__ == "__main__":
    main()
