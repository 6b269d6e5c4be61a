#!/usr/bin/env python3
"""The compatibility corpus, end to end: every app folder under Compatibility/ is rendered by
`frost preview` as it is written (`import SwiftUI`, UIKit, Combine, OSLog, asset catalogues,
`#if os(iOS)`, `#Preview` and PreviewProvider), one `frost preview` run per app, and every
preview is compared with its golden in Compatibility/Goldens/<App>/.

A preview matches when it has the golden's size and at most 0.5 % of its pixels differ by more
than 24 levels in a channel (room for anti-aliasing across FreeType builds, none for a moved or
missing view). A folder that does not compile, a preview that fails, a golden with no preview or
a preview with no golden fails the check.

Usage: check_corpus.py FROST [--record] [--app NAME]...
  --record   write the renders as the goldens (review them before committing)
"""
import argparse, os, shutil, struct, subprocess, sys, tempfile, time, zlib

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
CORPUS = os.path.join(ROOT, "Compatibility")
GOLDENS = os.path.join(CORPUS, "Goldens")
LEVELS, FRACTION = 24, 0.005


def decode_png(path):
    """(width, height, RGBA bytes) of an 8-bit RGB or RGBA, non-interlaced PNG (what Frost writes)."""
    data = open(path, "rb").read()
    if data[:8] != b"\x89PNG\r\n\x1a\n":
        raise ValueError(f"{path}: not a PNG")
    pos, idat, width = 8, [], None
    while pos < len(data):
        length, kind = struct.unpack(">I4s", data[pos:pos + 8])
        body = data[pos + 8:pos + 8 + length]
        pos += 12 + length
        if kind == b"IHDR":
            width, height, depth, color, _, _, interlace = struct.unpack(">IIBBBBB", body)
            if depth != 8 or color not in (2, 6) or interlace:
                raise ValueError(f"{path}: only 8-bit RGB(A) non-interlaced PNGs are read here")
            channels = 4 if color == 6 else 3
        elif kind == b"IDAT":
            idat.append(body)
        elif kind == b"IEND":
            break
    raw = zlib.decompress(b"".join(idat))
    stride = width * channels
    out = bytearray(height * stride)
    prev = bytearray(stride)
    i = 0
    for y in range(height):
        f = raw[i]
        line = bytearray(raw[i + 1:i + 1 + stride])
        i += 1 + stride
        if f == 1:
            for x in range(channels, stride):
                line[x] = (line[x] + line[x - channels]) & 255
        elif f == 2:
            for x in range(stride):
                line[x] = (line[x] + prev[x]) & 255
        elif f == 3:
            for x in range(stride):
                left = line[x - channels] if x >= channels else 0
                line[x] = (line[x] + ((left + prev[x]) >> 1)) & 255
        elif f == 4:
            for x in range(stride):
                a = line[x - channels] if x >= channels else 0
                b = prev[x]
                c = prev[x - channels] if x >= channels else 0
                p = a + b - c
                pa, pb, pc = abs(p - a), abs(p - b), abs(p - c)
                line[x] = (line[x] + (a if pa <= pb and pa <= pc else (b if pb <= pc else c))) & 255
        out[y * stride:(y + 1) * stride] = line
        prev = line
    if channels == 3:
        rgba = bytearray(width * height * 4)
        rgba[0::4], rgba[1::4], rgba[2::4] = out[0::3], out[1::3], out[2::3]
        rgba[3::4] = b"\xff" * (width * height)
        out = rgba
    return width, height, bytes(out)


def differs(a_path, b_path):
    """None when the images match, else why not."""
    wa, ha, a = decode_png(a_path)
    wb, hb, b = decode_png(b_path)
    if (wa, ha) != (wb, hb):
        return f"size {wa}x{ha}, golden {wb}x{hb}"
    bad = 0
    for p in range(0, len(a), 4):
        if a[p:p + 4] != b[p:p + 4] and max(abs(a[p + k] - b[p + k]) for k in range(4)) > LEVELS:
            bad += 1
    if bad > FRACTION * wa * ha:
        return f"{bad} of {wa * ha} pixels ({100 * bad / (wa * ha):.2f} %) differ by more than {LEVELS} levels"
    return None


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("frost")
    ap.add_argument("--record", action="store_true")
    ap.add_argument("--app", action="append", default=[])
    args = ap.parse_args()
    apps = sorted(d for d in os.listdir(CORPUS) if d != "Goldens" and os.path.isdir(os.path.join(CORPUS, d)))
    if args.app:
        apps = [a for a in apps if a in args.app]
    scratch = tempfile.mkdtemp(prefix="frost-corpus-")
    failures, screens, files = [], 0, 0
    try:
        for app in apps:
            sources = sorted(os.path.join(CORPUS, app, f) for f in os.listdir(os.path.join(CORPUS, app)) if f.endswith(".swift"))
            files += len(sources)
            out = os.path.join(scratch, app)
            start = time.time()
            run = subprocess.run([args.frost, "preview", *sources, "-o", out, "--scale", "1"], capture_output=True, text=True)
            rendered = sorted(f for f in os.listdir(out) if f.endswith(".png")) if os.path.isdir(out) else []
            print(f"corpus: {app}: {len(sources)} files, {len(rendered)} previews in {time.time() - start:.0f} s")
            if run.returncode != 0:
                failures.append(f"{app}: frost preview failed:\n" + "\n".join((run.stdout + run.stderr).strip().splitlines()[-15:]))
                continue
            screens += len(rendered)
            golden_dir = os.path.join(GOLDENS, app)
            if args.record:
                shutil.rmtree(golden_dir, ignore_errors=True)
                os.makedirs(golden_dir)
                for f in rendered:
                    shutil.copy(os.path.join(out, f), os.path.join(golden_dir, f))
                continue
            goldens = sorted(f for f in os.listdir(golden_dir) if f.endswith(".png")) if os.path.isdir(golden_dir) else []
            for f in sorted(set(goldens) - set(rendered)):
                failures.append(f"{app}/{f}: a golden with no preview")
            for f in rendered:
                if f not in goldens:
                    failures.append(f"{app}/{f}: no golden (run with --record and review it)")
                    continue
                why = differs(os.path.join(out, f), os.path.join(golden_dir, f))
                if why:
                    failures.append(f"{app}/{f}: {why}")
                    keep = os.environ.get("FROST_CORPUS_ARTIFACTS")
                    if keep:
                        os.makedirs(os.path.join(keep, app), exist_ok=True)
                        shutil.copy(os.path.join(out, f), os.path.join(keep, app, f))
    finally:
        shutil.rmtree(scratch, ignore_errors=True)
    verb = "recorded" if args.record else "checked"
    print(f"corpus: {files} files in {len(apps)} apps compiled with their imports untouched; {screens} previews {verb}")
    if failures:
        for f in failures:
            print(f"corpus: FAIL {f}", file=sys.stderr)
        sys.exit(1)


if __name__ == "__main__":
    main()
