#!/usr/bin/env python3
"""Frost vs a headless Chromium screenshot loop on the seed's ContentCard toggle (issue: animated views).

Chromium (Debian's `chromium`, driven over the DevTools protocol with websocket-client from
PyPI) shows the same card as HTML/CSS: 390 x 320 pt at device scale 3, a white rounded card with
a shadow, the header, three label/value rows and a 10 % blue chart, the rows blurred with CSS
`filter: blur()` while the card's height animates: the blur bridge. Each frame sets the
animation's state for time t (a spring for the height, the bridge's blur radius) and takes a
PNG screenshot (`Page.captureScreenshot`), which is what a screenshot-based exporter does.

Frost's time is `frost bench animation` (render only: `host.frame(at:)` per frame of the same
0.6 s at 60 fps). Both run in this one process run, alternating; medians.

    python3 Benchmarks/compare_chromium.py [--rounds 3] [--frost .build/release/frost] [--chromium /usr/bin/chromium]
"""
import argparse
import base64
import contextlib
import json
import os
import re
import shutil
import socket
import statistics
import subprocess
import sys
import tempfile
import time
import urllib.request

from compare_peers import ensure  # installs a missing module from PyPI

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))

PAGE = """<!doctype html><html><head><meta charset="utf-8"><style>
body { margin: 0; background: #fff; font-family: 'DejaVu Sans', sans-serif; }
#card { position: absolute; left: 16px; right: 16px; top: 16px; background: #fff; border-radius: 16px;
        box-shadow: 0 2px 8px rgba(0,0,0,0.08); padding: 16px; overflow: hidden; }
.head { display: flex; justify-content: space-between; font-size: 17px; }
.head b { font-weight: 600; } .head span { color: #007AFF; font-size: 15px; }
#rows { margin-top: 8px; }
.row { display: flex; justify-content: space-between; font-size: 17px; line-height: 22px; margin-bottom: 8px; }
.row span:last-child { color: rgba(60,60,67,0.6); }
.chart { height: 120px; border-radius: 8px; background: rgba(0,122,255,0.1); display: flex; align-items: center;
         justify-content: center; color: rgba(60,60,67,0.6); }
</style></head><body><div id="card"><div class="head"><b>Project Status</b><span>Less</span></div>
<div id="rows"><div class="row"><span>Completed</span><span>73%</span></div>
<div class="row"><span>In Progress</span><span>18%</span></div><div class="row"><span>Blocked</span><span>9%</span></div>
<div class="chart">Chart Placeholder</div></div></div>
<script>
function spring(t, d) { const w = 2 * Math.PI / d; return t <= 0 ? 0 : 1 - Math.exp(-w * t) * (1 + w * t); }
function setTime(t) {
  const card = document.getElementById('card'), rows = document.getElementById('rows');
  card.style.height = (40 + 210 * spring(t, 0.3)) + 'px';
  const blur = 6 * spring(t, 0.15) - 6 * spring(t - 0.25, 0.2);
  rows.style.filter = 'blur(' + Math.max(0, blur).toFixed(3) + 'px)';
  return blur;
}
</script></body></html>"""


class DevTools:
    def __init__(self, ws_url, websocket):
        self.ws = websocket.create_connection(ws_url, timeout=60, suppress_origin=True)
        self.next = 0

    def call(self, method, **params):
        self.next += 1
        self.ws.send(json.dumps({"id": self.next, "method": method, "params": params}))
        while True:
            msg = json.loads(self.ws.recv())
            if msg.get("id") == self.next:
                if "error" in msg:
                    raise RuntimeError(f"{method}: {msg['error']}")
                return msg["result"]


def free_port():
    s = socket.socket()
    s.bind(("127.0.0.1", 0))
    port = s.getsockname()[1]
    s.close()
    return port


@contextlib.contextmanager
def headless_chromium(chromium, extra_args=()):
    """A headless Chromium on a free port with a fresh profile; yields (DevTools of its page, profile dir)."""
    websocket = ensure("websocket", "websocket-client")
    port = free_port()
    profile = tempfile.mkdtemp(prefix="frost-chromium-")
    proc = subprocess.Popen([chromium, "--headless=new", "--no-sandbox", "--disable-gpu", "--hide-scrollbars", *extra_args,
                             f"--remote-debugging-port={port}", f"--user-data-dir={profile}", "about:blank"],
                            stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    try:
        for _ in range(100):
            try:
                targets = json.load(urllib.request.urlopen(f"http://127.0.0.1:{port}/json/list", timeout=1))
                page = next(t for t in targets if t.get("type") == "page")
                break
            except Exception:
                time.sleep(0.1)
        else:
            sys.exit("chromium did not start")
        yield DevTools(page["webSocketDebuggerUrl"], websocket), profile
    finally:
        proc.terminate()
        proc.wait()
        shutil.rmtree(profile, ignore_errors=True)


def chromium_frames(chromium, times, out_png=None):
    """Per-frame ms of set-time + screenshot, in one long-lived headless browser."""
    with headless_chromium(chromium) as (dt, profile):
        page_file = os.path.join(profile, "card.html")
        with open(page_file, "w") as f:
            f.write(PAGE)
        dt.call("Emulation.setDeviceMetricsOverride", width=390, height=320, deviceScaleFactor=3, mobile=False)
        dt.call("Page.enable")
        dt.call("Page.navigate", url="file://" + page_file)
        time.sleep(0.5)
        durations = []
        for i, t in enumerate(times):
            t0 = time.perf_counter()
            dt.call("Runtime.evaluate", expression=f"setTime({t})")
            shot = dt.call("Page.captureScreenshot", format="png")
            png = base64.b64decode(shot["data"])
            durations.append((time.perf_counter() - t0) * 1000)
            if out_png and i == len(times) // 2:
                with open(out_png, "wb") as f:
                    f.write(png)
        return durations


def frost_frame_ms(frost):
    out = subprocess.run([frost, "bench", "animation", "--repeat", "3"], check=True, capture_output=True, text=True).stdout
    m = re.search(r"render: ([0-9.]+) ms/frame median", out)
    if not m:
        sys.exit(f"compare_chromium: unexpected frost output: {out!r}")
    return float(m.group(1)), out


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--rounds", type=int, default=3)
    ap.add_argument("--frost", default=os.path.join(ROOT, ".build", "release", "frost"))
    ap.add_argument("--chromium", default=shutil.which("chromium") or shutil.which("chromium-browser") or "/usr/bin/chromium")
    ap.add_argument("--png", help="write Chromium's middle frame here")
    args = ap.parse_args()
    if not os.access(args.frost, os.X_OK):
        sys.exit(f"compare_chromium: {args.frost} is not built; run `swift build -c release --product frost` first")
    if not os.access(args.chromium, os.X_OK):
        sys.exit("compare_chromium: no chromium; install it (Debian/Ubuntu: apt-get install chromium)")
    times = [i / 60 for i in range(37)]
    chrome, frost = [], []
    for r in range(args.rounds):
        chrome.append(statistics.median(chromium_frames(args.chromium, times, args.png if r == 0 else None)))
        ms, _ = frost_frame_ms(args.frost)
        frost.append(ms)
    c, f = statistics.median(chrome), statistics.median(frost)
    print(f"chromium (set time + PNG screenshot): {c:.2f} ms per frame (rounds: {', '.join(f'{t:.2f}' for t in chrome)})")
    print(f"frost (host.frame(at:)):              {f:.2f} ms per frame (rounds: {', '.join(f'{t:.2f}' for t in frost)})")
    print(f"frost is {c / f:.1f}x faster per frame (target >= 20x)")


if __name__ == "__main__":
    main()
