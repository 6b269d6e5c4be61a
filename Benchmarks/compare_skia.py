#!/usr/bin/env python3
"""Frost vs Skia's CPU raster on the seed's ContentCard mid-bridge (issue: FrostUI performance),
and on a small scene's fixed cost: two overlapping translucent circles (`--scene circles`).

Skia (skia-python, installed from PyPI when missing) draws the same card Frost's
`content-card-mid-bridge` example lays out: 1170 x 960 px (390 x 320 pt at 3x), a white
rounded card (r 16 pt) with a shadow (black 8 %, sigma 4 pt, y 2 pt) over the whole card, the
header in DejaVu Sans Bold 17 pt, and the bridged section (three label/value rows, a 10 % blue
rounded chart with a caption) blurred by sigma 6 pt = 18 px. Geometry is taken from
`frost render --example content-card-mid-bridge --print-display-list` (points).

The circles: Frost's `TwoCircles` (FrostExamples), 1170 x 600 px (390 x 200 pt at 3x), white,
a blue (0, 122, 255) and a red (255, 59, 48) circle of radius 80 pt at 50 % opacity, centred
50 pt left and right of the middle.

Both run in this one process run, alternating, single-threaded frames; medians of --repeat.
Frost's time is `frost bench ui --only card` (or `circles`; layout + render of a fresh frame,
text cached), on one thread as Skia's.

    python3 Benchmarks/compare_skia.py [--scene card,circles] [--repeat 15] [--frost .build/release/frost] [--png skia.png]
"""
import argparse
import os
import re
import statistics
import subprocess
import sys
import time

from compare_peers import ensure  # installs a missing peer from PyPI

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
FONT_DIRS = ["/usr/share/fonts/truetype/dejavu", "/usr/share/fonts/TTF", "/Library/Fonts", "/opt/homebrew/share/fonts"]


def font_file(name):
    for d in FONT_DIRS:
        p = os.path.join(d, name)
        if os.path.exists(p):
            return p
    sys.exit(f"compare_skia: {name} not found in {FONT_DIRS} (install fonts-dejavu-core)")


def skia_card(skia, regular, bold):
    """Draws one frame; returns the surface."""
    s = 3.0
    surface = skia.Surface(1170, 960)
    c = surface.getCanvas()
    c.clear(skia.ColorWHITE)
    c.scale(s, s)
    card = skia.RRect.MakeRectXY(skia.Rect.MakeXYWH(16, 24, 358, 272), 16, 16)
    # Skia's fastest shadow for this card: the rounded rectangle's own blurred mask (its
    # analytic blur path), not a drop-shadow filter over a layer (about 3x slower here).
    c.drawRRect(card.makeOffset(0, 2), skia.Paint(Color=skia.Color(0, 0, 0, 20), AntiAlias=True,
                                                  MaskFilter=skia.MaskFilter.MakeBlur(skia.kNormal_BlurStyle, 4, True)))
    c.drawRRect(card, skia.Paint(Color=skia.ColorWHITE, AntiAlias=True))
    x0, y0 = 16 + 16, 24 + 16
    black = skia.Paint(Color=skia.ColorBLACK, AntiAlias=True)
    grey = skia.Paint(Color=skia.Color(0x3C, 0x3C, 0x43, 0x99), AntiAlias=True)
    blue = skia.Paint(Color=skia.Color(0x00, 0x7A, 0xFF), AntiAlias=True)
    headline = skia.Font(bold, 17)
    sub = skia.Font(regular, 15)
    body = skia.Font(regular, 17)
    c.drawString("Project Status", x0, y0 + 16.5, headline, black)
    c.drawString("Less", x0 + 293.33, y0 + 1 + 15, sub, blue)
    # The bridged section, blurred sigma 6 pt (the layer's filter works in device pixels: 18 px).
    top = y0 + 30
    # The layer is bounded by the section plus the blur's reach (3 sigma), as Frost's is.
    c.saveLayer(skia.Rect.MakeXYWH(x0 - 18, top - 18, 326 + 36, 210 + 36), skia.Paint(ImageFilter=skia.ImageFilters.Blur(6, 6)))
    for i, (label, value, vx) in enumerate([("Completed", "73%", 288.67), ("In Progress", "18%", 288.67), ("Blocked", "9%", 299.33)]):
        c.drawString(label, x0, top + 30 * i + 16.5, body, black)
        c.drawString(value, x0 + vx, top + 30 * i + 16.5, body, grey)
    chart = skia.RRect.MakeRectXY(skia.Rect.MakeXYWH(x0, top + 90, 326, 120), 8, 8)
    c.drawRRect(chart, skia.Paint(Color=skia.Color(0x00, 0x7A, 0xFF, 0x1A), AntiAlias=True))
    c.drawString("Chart Placeholder", x0 + 87.67, top + 90 + 49 + 16.5, body, grey)
    c.restore()
    return surface


def skia_circles(skia):
    """Draws the two-circle scene; returns the surface."""
    surface = skia.Surface(1170, 600)
    c = surface.getCanvas()
    c.clear(skia.ColorWHITE)
    c.scale(3, 3)
    c.drawCircle(145, 100, 80, skia.Paint(Color=skia.Color(0, 122, 255, 128), AntiAlias=True))
    c.drawCircle(245, 100, 80, skia.Paint(Color=skia.Color(255, 59, 48, 128), AntiAlias=True))
    return surface


def frost_frame_ms(frost, repeat, scene="card"):
    out = subprocess.run([frost, "bench", "ui", "--only", scene, "--threads", "1", "--repeat", str(repeat)], check=True,
                         capture_output=True, text=True).stdout
    m = re.search(r"frame \(layout \+ render\) ([0-9.]+) ms", out)
    if not m:
        sys.exit(f"compare_skia: unexpected frost output: {out!r}")
    return float(m.group(1))


def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--repeat", type=int, default=15)
    ap.add_argument("--rounds", type=int, default=3, help="alternating rounds of Skia then Frost")
    ap.add_argument("--frost", default=os.path.join(ROOT, ".build", "release", "frost"))
    ap.add_argument("--png", help="write Skia's frame here (to compare by eye)")
    ap.add_argument("--scene", default="card,circles", help="card and/or circles (comma-separated)")
    args = ap.parse_args()
    if not (1 <= args.repeat <= 1000 and 1 <= args.rounds <= 20):
        sys.exit("compare_skia: --repeat must be 1...1000 and --rounds 1...20")
    if not os.access(args.frost, os.X_OK):
        sys.exit(f"compare_skia: {args.frost} is not built; run `swift build -c release --product frost` first")
    skia = ensure("skia", "skia-python")
    regular = skia.Typeface.MakeFromFile(font_file("DejaVuSans.ttf"))
    bold = skia.Typeface.MakeFromFile(font_file("DejaVuSans-Bold.ttf"))
    scenes = [x.strip() for x in args.scene.split(",") if x.strip()]
    if not scenes or not set(scenes) <= {"card", "circles"}:
        sys.exit("compare_skia: --scene takes card and/or circles")
    draw = {"card": lambda: skia_card(skia, regular, bold), "circles": lambda: skia_circles(skia)}
    target = {"card": 4.0, "circles": 1.0}
    for scene in scenes:
        draw[scene]()  # warm-up (font caches)
        skia_times, frost_times = [], []
        for _ in range(args.rounds):
            times = []
            for _ in range(args.repeat):
                t0 = time.perf_counter()
                surface = draw[scene]()
                surface.makeImageSnapshot()  # CPU raster draws immediately; the snapshot pins the frame
                times.append((time.perf_counter() - t0) * 1000)
            skia_times.append(statistics.median(times))
            frost_times.append(frost_frame_ms(args.frost, args.repeat, scene))
        if args.png:
            path = args.png if len(scenes) == 1 else args.png.replace(".png", f"-{scene}.png")
            draw[scene]().makeImageSnapshot().save(path)
        sk, fr = statistics.median(skia_times), statistics.median(frost_times)
        print(f"[{scene}] skia-python {skia.__version__} CPU raster: {sk:.3f} ms per frame (rounds: {', '.join(f'{t:.3f}' for t in skia_times)})")
        print(f"[{scene}] frost (layout + render), 1 thread: {fr:.3f} ms per frame (rounds: {', '.join(f'{t:.3f}' for t in frost_times)})")
        print(f"[{scene}] frost is {sk / fr:.2f}x Skia's speed (target >= {target[scene]:g}x)")

if __name__ == "__main__":
    main()
