#!/usr/bin/env python3
"""Side-by-side Gaussian blur timings: Frost vs OpenCV, Pillow and libvips.

Same RGBA8 image (the built-in photo tiled to each size), same sigma, same thread count,
kernel only (no decode/encode), medians of --repeat runs, all in one process run so the
ratios are comparable on a shared machine. Installs the peers from PyPI when missing.

    python3 Benchmarks/compare_peers.py [--sizes 3840x2160] [--sigma 2,8,32,100] [--threads 2] [--repeat 5]
"""
import argparse
import json
import os
import subprocess
import sys
import tempfile

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from bench_common import ROOT, SAMPLE, ensure, median_ms  # noqa: E402


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--sizes", default="3840x2160")
    ap.add_argument("--sigma", default="2,8,32,100")
    ap.add_argument("--threads", type=int, default=os.cpu_count())
    ap.add_argument("--repeat", type=int, default=5)
    ap.add_argument("--quality", default="default", help="Frost quality to compare")
    ap.add_argument("--skip", default="", help="comma-separated peers to skip: opencv,pillow,vips")
    args = ap.parse_args()
    skip = set(filter(None, args.skip.split(",")))

    np = ensure("numpy", "numpy")
    cv2 = ensure("cv2", "opencv-python-headless") if "opencv" not in skip else None
    PIL = ensure("PIL.Image", "Pillow") if "pillow" not in skip else None
    from PIL import ImageFilter  # noqa: E402 (Pillow is needed to read the sample)
    from PIL import Image as PILImage
    vips = None
    if "vips" not in skip:
        os.environ.setdefault("VIPS_CONCURRENCY", str(args.threads))
        try:
            vips = ensure("pyvips", "pyvips[binary]")
        except Exception as e:  # libvips missing: report and go on
            print(f"# libvips unavailable ({e}); skipping it", file=sys.stderr)
    if cv2 is not None:
        cv2.setNumThreads(args.threads)

    subprocess.run(["swift", "build", "-c", "release", "--product", "frost"], cwd=ROOT, check=True,
                   stdout=subprocess.DEVNULL)
    frost = os.path.join(ROOT, ".build", "release", "frost")
    base = np.asarray(PILImage.open(SAMPLE).convert("RGBA"))
    sigmas = [float(s) for s in args.sigma.split(",")]

    print(f"# threads={args.threads} repeat={args.repeat} frost quality={args.quality}; times are medians in ms")
    header = f"{'size':>10} {'sigma':>6} {'frost':>9} {'opencv':>9} {'pillow':>9} {'vips':>9} {'cv/frost':>9} {'vips/frost':>10}"
    print(header)
    for size in args.sizes.split(","):
        w, h = (int(v) for v in size.lower().split("x"))
        reps = (-(-h // base.shape[0]), -(-w // base.shape[1]), 1)
        img = np.ascontiguousarray(np.tile(base, reps)[:h, :w])
        with tempfile.TemporaryDirectory() as tmp:
            path = os.path.join(tmp, "bench.png")
            PILImage.fromarray(img).save(path, compress_level=1)
            out = subprocess.run([frost, "bench", "--input", path, "--sigma", args.sigma, "--threads",
                                  str(args.threads), "--repeat", str(args.repeat), "--quality", args.quality,
                                  "--json"], check=True, capture_output=True, text=True).stdout
        frost_ms = {row["sigma"]: row["median_ms"] for row in json.loads(out)}
        pil_img = PILImage.fromarray(img, "RGBA") if PIL is not None else None
        vimg = vips.Image.new_from_memory(img.tobytes(), w, h, 4, "uchar") if vips is not None else None
        for s in sigmas:
            # Both frost bench and OpenCV write into a preallocated output (kernel only).
            cv_out = np.empty_like(img)
            cv_ms = median_ms(lambda: cv2.GaussianBlur(img, (0, 0), s, dst=cv_out, borderType=cv2.BORDER_REPLICATE),
                              args.repeat) if cv2 is not None else float("nan")
            pil_ms = median_ms(lambda: pil_img.filter(ImageFilter.GaussianBlur(s)), args.repeat) \
                if pil_img is not None else float("nan")
            vips_ms = median_ms(lambda: vimg.gaussblur(s).write_to_memory(), args.repeat) \
                if vimg is not None else float("nan")
            f = frost_ms[s]
            print(f"{size:>10} {s:>6g} {f:>9.1f} {cv_ms:>9.1f} {pil_ms:>9.1f} {vips_ms:>9.1f} "
                  f"{cv_ms / f:>9.2f} {vips_ms / f:>10.2f}", flush=True)


if __name__ == "__main__":
    main()
