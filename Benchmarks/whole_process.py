#!/usr/bin/env python3
"""Whole-process blur of image files: `frost blur` vs `vips gaussblur`, wall time, CPU use and
peak memory, one file at a time (PNG and JPEG in and out) and as a batch (`frost blur
--out-dir` over many files against vips run by `xargs -P <cores>`).

The input is the built-in sample photo tiled to --size (default 1920x1080) and saved by Pillow
(PNG with its Paeth filter, JPEG at quality 90); the batch uses --batch copies, each shifted so
no two files are alike. Commands alternate; medians are printed. Needs the `vips` command for
the comparison (Debian/Ubuntu: libvips-tools; macOS: brew install vips).

    python3 Benchmarks/whole_process.py [--frost PATH] [--size 1920x1080] [--sigma 8] [--repeat 9] [--batch 50]
"""
import argparse
import os
import shutil
import statistics
import subprocess
import sys
import tempfile

from bench_common import ROOT, SAMPLE, ensure


def timed(cmd, shell=False):
    """(wall seconds, peak resident KiB, CPU seconds) of one run. Memory comes from
    /usr/bin/time, whose child is the command itself (a child forked from this Python process
    would count Python's pages until it execs); wall and CPU time from wait4."""
    import time
    wrapped = ["/usr/bin/time", "-f", "%M"] + (["sh", "-c", cmd] if shell else cmd)
    t0 = time.perf_counter()
    p = subprocess.Popen(wrapped, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE)
    err = p.stderr.read().decode()
    _, status, usage = os.wait4(p.pid, 0)
    wall = time.perf_counter() - t0
    if status != 0:
        sys.exit(f"failed: {cmd}\n{err}")
    return wall, int(err.strip().splitlines()[-1]), usage.ru_utime + usage.ru_stime


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--frost", help="frost binary (default: build release in this checkout)")
    ap.add_argument("--size", default="1920x1080")
    ap.add_argument("--sigma", default="8")
    ap.add_argument("--repeat", type=int, default=9)
    ap.add_argument("--batch", type=int, default=50)
    args = ap.parse_args()
    w, h = (int(v) for v in args.size.lower().split("x"))
    np = ensure("numpy", "numpy")
    Image = ensure("PIL.Image", "Pillow")

    frost = args.frost
    if not frost:
        subprocess.run(["swift", "build", "-c", "release", "--product", "frost"], cwd=ROOT, check=True,
                       stdout=subprocess.DEVNULL)
        frost = os.path.join(ROOT, ".build", "release", "frost")
    vips = shutil.which("vips")
    cores = os.cpu_count() or 1
    with tempfile.TemporaryDirectory() as tmp:
        base = np.asarray(Image.open(SAMPLE).convert("RGB"))
        reps = (-(-h // base.shape[0]) + 1, -(-w // base.shape[1]) + 1, 1)
        tiled = np.tile(base, reps)

        def photo(shift):
            return Image.fromarray(np.ascontiguousarray(tiled[shift:shift + h, 3 * shift:3 * shift + w]))
        photo(0).save(os.path.join(tmp, "photo.png"))
        photo(0).save(os.path.join(tmp, "photo.jpg"), quality=90)

        rows = {}
        for i in range(args.repeat):
            for ext in ("png", "jpg"):
                src = os.path.join(tmp, f"photo.{ext}")
                rows.setdefault(("frost", ext), []).append(
                    timed([frost, "blur", src, "-o", os.path.join(tmp, f"f.{ext}"), "--sigma", args.sigma]))
                if vips:
                    rows.setdefault(("vips", ext), []).append(
                        timed([vips, "gaussblur", src, os.path.join(tmp, f"v.{ext}"), args.sigma]))
        baseline = timed([frost, "--version"])[1]

        decoded_mib = w * h * 4 / 2**20
        print(f"# {w}x{h} photo, sigma {args.sigma}, {args.repeat} runs each, medians; {cores} cores")
        print(f"# decoded image {decoded_mib:.1f} MiB; frost's own baseline RSS {baseline / 1024:.1f} MiB")
        print(f"{'format':<7}{'tool':<7}{'wall_ms':>8}{'vs_vips':>9}{'peak_MiB':>10}{'(peak-base)/decoded':>21}")
        for ext in ("png", "jpg"):
            vips_ms = statistics.median(r[0] for r in rows[("vips", ext)]) * 1000 if vips else None
            for tool in ("frost", "vips"):
                runs = rows.get((tool, ext))
                if not runs:
                    print(f"{ext:<7}{tool:<7}{'(not installed)':>17}")
                    continue
                ms = statistics.median(r[0] for r in runs) * 1000
                mib = statistics.median(r[1] for r in runs) / 1024
                ratio = f"{ms / vips_ms:.2f}" if vips_ms else "-"
                extra = f"{(mib - baseline / 1024) / decoded_mib:.2f}" if tool == "frost" else "-"
                print(f"{ext:<7}{tool:<7}{ms:>8.0f}{ratio:>9}{mib:>10.1f}{extra:>21}")

        if args.batch > 0:
            batch = os.path.join(tmp, "batch")
            os.makedirs(batch)
            names = []
            for i in range(args.batch):
                name = f"p{i:03d}.png"
                photo(i % 97).save(os.path.join(batch, name))
                names.append(name)
            results = {}
            for i in range(3):
                out = os.path.join(tmp, f"fo{i}")
                os.makedirs(out)
                results.setdefault("frost", []).append(timed(
                    f"cd {batch} && {frost} blur *.png --out-dir {out} --sigma {args.sigma}", shell=True))
                if vips:
                    out = os.path.join(tmp, f"vo{i}")
                    os.makedirs(out)
                    results.setdefault("vips", []).append(timed(
                        f"cd {batch} && ls *.png | xargs -P {cores} -I{{}} {vips} gaussblur {{}} {out}/{{}} {args.sigma}",
                        shell=True))
            print(f"\n# batch: {args.batch} PNG files, medians of 3; vips by xargs -P {cores}")
            print(f"{'tool':<7}{'wall_s':>8}{'files/s':>9}{'cpu_busy':>10}")
            for tool, runs in results.items():
                wall = statistics.median(r[0] for r in runs)
                cpu = statistics.median(r[2] / r[0] for r in runs) / cores
                print(f"{tool:<7}{wall:>8.2f}{args.batch / wall:>9.1f}{cpu:>9.0%}")


if __name__ == "__main__":
    main()
