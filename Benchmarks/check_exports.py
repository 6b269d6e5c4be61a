#!/usr/bin/env python3
"""Checks Frost's animation files with third-party decoders (issue: animated views and export).

Records the seed's ContentCard toggle (tap More at 0, 0.6 s at 60 fps, 3x) with `frost record`
three ways: a PNG sequence (the true frames), an APNG and a GIF. Then:

- Pillow reads the APNG: frame count, durations, and every frame against the true one (exact);
- Pillow reads the GIF: frame count, durations, and each frame's PSNR against the true frame;
- Pillow's own GIF writer encodes the same true frames (its default adaptive palette per
  frame, optimize on): file size and PSNR side by side with Frost's;
- headless Chromium, on a page served from 127.0.0.1 (a secure context, where WebCodecs
  exists), decodes the APNG with `ImageDecoder` (frame count, durations, and the first, middle
  and last frames drawn to a canvas and compared with the true frames) and plays the HTML player
  (`frost record -o card.html`): it starts, advances, and the scrubber seeks.

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


def serve(folder):
    """A local HTTP server on `folder` (127.0.0.1 is a secure context: WebCodecs is available there)."""
    import functools, http.server, threading
    class Quiet(http.server.SimpleHTTPRequestHandler):
        def log_message(self, *args):
            pass
    handler = functools.partial(Quiet, directory=folder)
    server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), handler)
    threading.Thread(target=server.serve_forever, daemon=True).start()
    return server


def chromium_checks(chromium, work, probe_frames):
    """Chromium decodes card.apng with WebCodecs' ImageDecoder (frame count, durations, and the
    pixels of `probe_frames` drawn to a canvas) and plays card.html (advances; the scrubber seeks)."""
    sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
    from compare_chromium import headless_chromium
    server = serve(work)
    base = f"http://127.0.0.1:{server.server_address[1]}/"
    try:
        with headless_chromium(chromium) as (dt, _):
            dt.call("Page.enable")
            dt.call("Page.navigate", url=base + "card.html")
            time.sleep(1.0)
            js = f"""(async () => {{
                const bytes = new Uint8Array(await (await fetch("card.apng")).arrayBuffer());
                const d = new ImageDecoder({{data: bytes, type: "image/apng"}});
                await d.tracks.ready; await d.completed;
                const t = d.tracks.selectedTrack, durations = [], probes = {{}};
                const want = {json.dumps(probe_frames)};
                for (let i = 0; i < t.frameCount; i++) {{
                    const f = (await d.decode({{frameIndex: i}})).image;
                    durations.push(f.duration / 1000);
                    if (want.includes(i)) {{
                        const c = new OffscreenCanvas(f.displayWidth, f.displayHeight);
                        const g = c.getContext("2d", {{colorSpace: "srgb"}});
                        g.drawImage(f, 0, 0);
                        const px = g.getImageData(0, 0, c.width, c.height).data;
                        let s = ""; for (let k = 0; k < px.length; k += 32768) s += String.fromCharCode.apply(null, px.subarray(k, k + 32768));
                        probes[i] = btoa(s);
                    }}
                    f.close();
                }}
                return JSON.stringify({{frames: t.frameCount, animated: t.animated, durations, probes}});
            }})()"""
            r = dt.call("Runtime.evaluate", expression=js, awaitPromise=True, returnByValue=True)
            value = r.get("result", {}).get("value")
            apng_info = json.loads(value) if isinstance(value, str) else {"error": r.get("exceptionDetails", {}).get("text", str(r))[:200]}
            state = lambda: json.loads(dt.call("Runtime.evaluate", expression="JSON.stringify({i: index, src: document.getElementById('frame').src.length, t: document.getElementById('time').textContent})", returnByValue=True)["result"]["value"])
            first = state()
            time.sleep(0.3)
            later = state()
            dt.call("Runtime.evaluate", expression="const s = document.getElementById('scrub'); s.value = 20; s.oninput();")
            seek = state()
            return apng_info, first, later, seek
    finally:
        server.shutdown()


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
            probes = [0, len(truth) // 2, len(truth) - 1]
            info, first, later, seek = chromium_checks(args.chromium, work, probes)
            if "error" in info:
                print(f"Chromium could not decode the APNG: {info['error']}")
            else:
                # Chromium hands back unpremultiplied 8-bit RGBA: compare with the truth frames
                # (Pillow's RGBA is unpremultiplied too) where alpha is not 0.
                worst = 0
                for k, b64 in info["probes"].items():
                    got = base64.b64decode(b64)
                    want = truth[int(k)].tobytes()
                    diff = max((abs(got[i + c] - want[i + c]) for i in range(0, len(want), 4) if want[i + 3] for c in range(4)), default=0)
                    worst = max(worst, diff)
                print(f"Chromium decodes the APNG (WebCodecs ImageDecoder): {info['frames']} frames, animated {info['animated']}, "
                      f"durations {sorted(set(round(x, 1) for x in info['durations']))} ms; frames {probes} drawn to a canvas "
                      f"differ from the truth by at most {worst} levels")
            print(f"Chromium plays the HTML player: frame {first['i']} ({first['t']}) then {later['i']} ({later['t']}) 0.3 s later; "
                  f"scrubbed to {seek['i']} ({seek['t']})")
        else:
            print("Chromium: not installed (Debian/Ubuntu: apt-get install chromium); browser checks skipped")
    finally:
        shutil.rmtree(work, ignore_errors=True)


if __name__ == "__main__":
    main()
