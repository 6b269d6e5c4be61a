#!/usr/bin/env python3
"""Whole-process blur of a PNG file: `frost blur` vs `vips gaussblur`, wall time and peak memory.

Both read the same PNG photo (the built-in sample tiled to --size), blur it with the same σ
and write a PNG; each command runs --repeat times, alternating, and the medians are printed
with peak resident memory (from /usr/bin/time). Needs the `vips` command (Debian/Ubuntu:
libvips-tools; macOS: brew install vips) for the comparison column.

    python3 Benchmarks/whole_process.py [--size 1920x1080] [--sigma 8] [--repeat 7]
"""
import argparse
import os
import shutil
import statistics
import subprocess
import sys
import tempfile

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))


def timed(cmd):
    """(seconds, peak KiB) of one run of `cmd` under /usr/bin/time."""
    out = subprocess.run(["/usr/bin/time", "-f", "%e %M"] + cmd, capture_output=True, text=True)
    if out.returncode != 0:
        sys.exit(f"failed: {' '.join(cmd)}\n{out.stderr}")
    seconds, kib = out.stderr.strip().splitlines()[-1].split()
    return float(seconds), int(kib)


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--size", default="1920x1080")
    ap.add_argument("--sigma", default="8")
    ap.add_argument("--repeat", type=int, default=7)
    args = ap.parse_args()
    w, h = (int(v) for v in args.size.lower().split("x"))

    subprocess.run(["swift", "build", "-c", "release", "--product", "frost"], cwd=ROOT, check=True,
                   stdout=subprocess.DEVNULL)
    frost = os.path.join(ROOT, ".build", "release", "frost")
    vips = shutil.which("vips")
    with tempfile.TemporaryDirectory() as tmp:
        src = os.path.join(tmp, "photo.png")
        # The sample photo tiled to the size, written by frost itself (bench's tiling, σ 0).
        tile = os.path.join(tmp, "tile.png")
        subprocess.run([frost, "demo", "--out-dir", tmp], check=True, stdout=subprocess.DEVNULL)
        shutil.copy(os.path.join(tmp, "astronaut-sigma-0.png"), tile)
        import numpy as np
        from PIL import Image
        base = np.asarray(Image.open(tile).convert("RGB"))
        reps = (-(-h // base.shape[0]), -(-w // base.shape[1]), 1)
        Image.fromarray(np.ascontiguousarray(np.tile(base, reps)[:h, :w])).save(src)

        rows = {"frost": [], "vips": []}
        for i in range(args.repeat):
            rows["frost"].append(timed([frost, "blur", src, "-o", os.path.join(tmp, f"f{i}.png"),
                                        "--sigma", args.sigma]))
            if vips:
                rows["vips"].append(timed([vips, "gaussblur", src, os.path.join(tmp, f"v{i}.png"), args.sigma]))
        baseline = timed([frost, "--version"])[1]

    decoded_mib = w * h * 4 / 2**20
    print(f"# {w}x{h} PNG, sigma {args.sigma}, {args.repeat} runs each; medians")
    print(f"# decoded image {decoded_mib:.1f} MiB; frost baseline RSS {baseline / 1024:.1f} MiB")
    print(f"{'tool':<6} {'wall_ms':>8} {'peak_MiB':>9} {'peak/decoded':>13}")
    for tool, runs in rows.items():
        if not runs:
            print(f"{tool:<6} {'(not installed)':>8}")
            continue
        ms = statistics.median(r[0] for r in runs) * 1000
        mib = statistics.median(r[1] for r in runs) / 1024
        print(f"{tool:<6} {ms:>8.0f} {mib:>9.1f} {(mib - baseline / 1024) / decoded_mib:>13.2f}")


if __name__ == "__main__":
    main()
