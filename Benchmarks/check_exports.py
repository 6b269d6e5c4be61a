#!/usr/bin/env python3
"""Checks Frost's animation files with third-party decoders (issue: animated views and export).

Records the seed's ContentCard toggle (tap More at 0, 0.6 s at 60 fps, 3x) with `frost record`
three ways: a PNG sequence (the true frames), an APNG and a GIF. Then:

- Pillow reads the APNG: frame count, durations, and every frame against the true one (exact);
- Pillow reads the GIF: frame count, durations, and each frame's PSNR against the true frame;
- Pillow's own GIF writer encodes the same true frames (its default adaptive palette per
  frame, optimize on): file size and PSNR side by side with Frost's;
- headless Chromium decodes the APNG (WebCodecs `ImageDecoder`: frame count, size) and plays
  the HTML player (`frost record -o card.html`): it starts, advances, and the scrubber seeks.

    python3 Benchmarks/check_exports.py [--frost .build/release/frost] [--chromium /usr/bin/chromium]
"""
import argparse
import base64
import json
import math
import os
import shutil
import subprocess
import sys
import tempfile
import time

from compare_peers import ensure

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))


def psnr(a, b):
    """PSNR in dB over RGB of two same-size Pillow images (inf when equal)."""
    pa, pb = a.convert("RGB").tobytes(), b.convert("RGB").tobytes()
    se = sum((x - y) * (x - y) for x, y in zip(pa, pb))
    return math.inf if se == 0 else 10 * math.log10(255 * 255 * len(pa) / se)


def frames_of(Image, path):
    im = Image.open(path)
    out, durations = [], []
    for i in range(im.n_frames):
        im.seek(i)
        out.append(im.convert("RGBA").copy())
        durations.append(im.info.get("duration"))
    return out, durations


def chromium_checks(chromium, apng, html):
    sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
    from compare_chromium import headless_chromium
    with headless_chromium(chromium, ["--allow-file-access-from-files"]) as (dt, _):
        data = base64.b64encode(open(apng, "rb").read()).decode()
        js = f"""(async () => {{
            const bytes = Uint8Array.from(atob("{data}"), c => c.charCodeAt(0));
            const d = new ImageDecoder({{data: bytes, type: "image/apng"}});
            await d.tracks.ready; await d.completed;
            const t = d.tracks.selectedTrack;
            const f = await d.decode({{frameIndex: t.frameCount - 1}});
            return JSON.stringify({{frames: t.frameCount, animated: t.animated, width: f.image.displayWidth, height: f.image.displayHeight}});
        }})()"""
        r = dt.call("Runtime.evaluate", expression=js, awaitPromise=True, returnByValue=True)
        value = r.get("result", {}).get("value")
        apng_info = json.loads(value) if isinstance(value, str) else {"error": r.get("exceptionDetails", {}).get("text", str(r))[:200]}
        dt.call("Page.enable")
        dt.call("Page.navigate", url="file://" + os.path.abspath(html))
        time.sleep(1.0)
        state = lambda: json.loads(dt.call("Runtime.evaluate", expression="JSON.stringify({i: index, src: document.getElementById('frame').src.length, t: document.getElementById('time').textContent})", returnByValue=True)["result"]["value"])
        first = state()
        time.sleep(0.3)
        later = state()
        dt.call("Runtime.evaluate", expression="const s = document.getElementById('scrub'); s.value = 20; s.oninput();")
        seek = state()
        return apng_info, first, later, seek


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--frost", default=os.path.join(ROOT, ".build", "release", "frost"))
    ap.add_argument("--chromium", default=shutil.which("chromium") or "/usr/bin/chromium")
    args = ap.parse_args()
    Image = ensure("PIL.Image", "pillow")
    work = tempfile.mkdtemp(prefix="frost-exports-")
    try:
        common = ["record", "--example", "content-card", "--tap", "More@0", "--until", "0.6", "--fps", "60", "--scale", "3",
                  "--width", "390", "--height", "320"]
        for out in ["truth/", "card.apng", "card.gif", "card.html"]:
            subprocess.run([args.frost] + common + ["-o", os.path.join(work, out)], check=True, capture_output=True)
        names = sorted(os.listdir(os.path.join(work, "truth")))
        truth = [Image.open(os.path.join(work, "truth", n)).convert("RGBA") for n in names]
        print(f"true frames: {len(truth)} of {truth[0].size[0]}x{truth[0].size[1]} px")

        apng, apng_d = frames_of(Image, os.path.join(work, "card.apng"))
        exact = sum(1 for a, b in zip(apng, truth) if a.tobytes() == b.tobytes())
        # Repeated frames are merged into one longer frame: expand by duration to compare.
        print(f"APNG (Pillow): {len(apng)} frames, durations {sorted(set(apng_d))} ms, "
              f"{os.path.getsize(os.path.join(work, 'card.apng'))} bytes; frames equal to the truth: {exact} of {len(apng)}")

        gif, gif_d = frames_of(Image, os.path.join(work, "card.gif"))
        p = [psnr(a, b) for a, b in zip(gif, truth)]
        print(f"GIF (Pillow):  {len(gif)} frames, durations {sorted(set(gif_d))} ms, {os.path.getsize(os.path.join(work, 'card.gif'))} bytes; "
              f"PSNR vs truth: worst {min(p):.1f} dB, median {sorted(p)[len(p) // 2]:.1f} dB")
        pil_path = os.path.join(work, "pillow.gif")
        rgb = [t.convert("RGB") for t in truth]
        rgb[0].save(pil_path, save_all=True, append_images=rgb[1:], duration=20, loop=0, optimize=True)
        pil, _ = frames_of(Image, pil_path)
        q = [psnr(a, b) for a, b in zip(pil, truth)]
        print(f"Pillow's GIF:  {len(pil)} frames, {os.path.getsize(pil_path)} bytes; PSNR vs truth: worst {min(q):.1f} dB, median {sorted(q)[len(q) // 2]:.1f} dB")

        if os.access(args.chromium, os.X_OK):
            info, first, later, seek = chromium_checks(args.chromium, os.path.join(work, "card.apng"), os.path.join(work, "card.html"))
            print(f"Chromium decodes the APNG: {info}")
            print(f"Chromium plays the HTML player: frame {first['i']} ({first['t']}) then {later['i']} ({later['t']}) 0.3 s later; "
                  f"scrubbed to {seek['i']} ({seek['t']})")
        else:
            print("Chromium: not installed (Debian/Ubuntu: apt-get install chromium); browser checks skipped")
    finally:
        shutil.rmtree(work, ignore_errors=True)


if __name__ == "__main__":
    main()
