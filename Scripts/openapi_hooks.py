"""schemathesis hooks for Scripts/check_openapi.py: what the OpenAPI document cannot say.

An image body is "a string of binary" to a JSON schema, so schemathesis would send random bytes as
a schema-valid PNG; here image/png and image/jpeg bodies are real images (seeded through
hypothesis, 1…48 px a side). Two constraints depend on the request as a whole and are applied to
positive cases only (map_case): a rect or region lies inside the image that was sent, and a transition's
`transition` and `animation` strings are SwiftUI expressions drawn from a grammar (FrostUI's
parser reads them; random text is rightly a 400). Negative cases are left alone: the server must
refuse every one of them with a 4xx.
"""
import atexit
import collections
import io
import json
import os
import random
import struct
import zlib

import schemathesis

import frost_serve_process  # check_openapi.py puts Scripts/ on PYTHONPATH
from hypothesis import strategies as st
from schemathesis.generation import GenerationMode


@st.composite
def png_images(draw):
    width, height = draw(st.integers(1, 48)), draw(st.integers(1, 48))
    alpha = draw(st.booleans())
    # A few random colours in blocks: photographs are not noise, and noise would make every
    # blur look alike.
    seed = draw(st.integers(0, 2**32 - 1))
    state = seed
    pixels = bytearray()
    channels = 4 if alpha else 3
    for y in range(height):
        for x in range(width):
            state = (state * 6364136223846793005 + 1442695040888963407 + (x // 8) * 31 + (y // 8)) % 2**64
            pixels += bytes((state >> (8 * c)) & 0xFF for c in range(channels))
    return frost_serve_process.png(width, height, bytes(pixels), alpha)


@st.composite
def jpeg_images(draw):
    from PIL import Image  # Pillow: the only JPEG encoder at hand
    raw = draw(png_images())
    image = Image.open(io.BytesIO(raw)).convert("RGB")
    out = io.BytesIO()
    image.save(out, format="JPEG", quality=draw(st.integers(30, 95)))
    return out.getvalue()


schemathesis.openapi.media_type("image/png", png_images())
try:
    import PIL  # noqa: F401
    schemathesis.openapi.media_type("image/jpeg", jpeg_images())
except ImportError:  # without Pillow a JPEG body is a PNG; the server reads the signature
    schemathesis.openapi.media_type("image/jpeg", png_images())


def image_size(body):
    if isinstance(body, (bytes, bytearray)):
        if body[:8] == b"\x89PNG\r\n\x1a\n" and len(body) >= 24:
            return struct.unpack(">II", body[16:24])
        if body[:2] == b"\xff\xd8":
            from PIL import Image
            return Image.open(io.BytesIO(body)).size
    return None


EDGES = [".top", ".bottom", ".leading", ".trailing"]
ANCHORS = [".center", ".topLeading", ".bottom", ".trailing"]


def transition(rng, depth=2):
    """A SwiftUI transition expression FrostUI's parser reads."""
    kind = rng.randrange(9 if depth else 7)
    if kind == 0:
        return rng.choice([".identity", ".opacity", ".slide", ".scale", ".blurReplace", ".blurReplace(.upUp)"])
    if kind == 1:
        return f".move(edge: {rng.choice(EDGES)})"
    if kind == 2:
        return f".push(from: {rng.choice(EDGES)})"
    if kind == 3:
        return f".scale({round(rng.uniform(0, 2), 2)}, anchor: {rng.choice(ANCHORS)})"
    if kind == 4:
        return f".offset(x: {rng.randint(-300, 300)}, y: {rng.randint(-300, 300)})"
    if kind in (5, 6):
        return rng.choice([".opacity", ".scale", f".move(edge: {rng.choice(EDGES)})"])
    if kind == 7:
        return f"{transition(rng, depth - 1)}.combined(with: {transition(rng, depth - 1)})"
    return f".asymmetric(insertion: {transition(rng, depth - 1)}, removal: {transition(rng, depth - 1)})"


def animation(rng):
    """A SwiftUI animation expression ending well within the server's 10 s."""
    duration = round(rng.uniform(0.05, 1.0), 3)
    base = rng.choice([
        rng.choice([".default", ".linear", ".easeIn", ".easeOut", ".easeInOut", ".spring", ".smooth", ".snappy", ".bouncy"]),
        f".{rng.choice(['linear', 'easeIn', 'easeOut', 'easeInOut'])}(duration: {duration})",
        f".spring(duration: {duration}, bounce: {round(rng.uniform(-0.5, 0.7), 2)})",
        f".{rng.choice(['smooth', 'snappy', 'bouncy'])}(duration: {duration})",
    ])
    return base + rng.choice(["", ".delay(0.1)", ".speed(2)", ".speed(0.5)", ".repeatCount(2)"])


MAX_PIXELS = 40000  # check_openapi.py starts the server with --max-pixels 40000


@schemathesis.hook
def map_case(context, case):
    """Valid cases made valid as a whole (every phase: coverage calls map_case, not flatmap).
    The choices are seeded by the case's own values, so a run replays."""
    meta = case.meta
    if meta is None or meta.generation.mode != GenerationMode.POSITIVE:
        return case
    rng = random.Random(zlib.crc32(repr((case.operation.path, case.query, case.body)).encode()))
    size = image_size(case.body)
    if size and case.query:
        query = dict(case.query)
        for name in ("rect", "region"):
            if name in query:
                w, h = size
                x, y = rng.randrange(w), rng.randrange(h)
                query[name] = f"{x},{y},{rng.randint(1, w - x)},{rng.randint(1, h - y)}"
        case.query = query
    if isinstance(case.body, dict) and case.operation.path == "/v1/transition":
        body = dict(case.body)
        if "transition" in body:
            body["transition"] = transition(rng)
        if "animation" in body:
            body["animation"] = animation(rng)
        # Three times in four, fit the frames and their size under the limits so it renders (else
        # rightly a 413).
        w, h, s = body.get("width", 320), body.get("height", 220), body.get("scale", 1)
        fit = rng.random() < 0.75
        if fit and body.get("fps", 30) > 12:
            body["fps"] = 12  # at most ~17 frames of a ≤ 1.4 s animation: under --max-frames 40
        if w * s * h * s > MAX_PIXELS and fit:
            k = (MAX_PIXELS / (w * s * h * s)) ** 0.5 * 0.99
            body["width"], body["height"] = max(16, int(w * k)), max(16, int(h * k))
            if body["width"] * s * body["height"] * s > MAX_PIXELS:
                body["scale"] = 0.5
        case.body = body
    return case


STATUSES = collections.Counter()


@schemathesis.hook
def after_call(context, case, response):
    STATUSES[(case.method.upper(), case.operation.path, case.meta.generation.mode.value if case.meta else "-", response.status_code)] += 1


@atexit.register
def write_statuses():
    """The answers' statuses per operation and mode, for check_openapi.py to print."""
    path = os.environ.get("FROST_OPENAPI_STATUSES")
    if path:
        with open(path, "w") as f:
            json.dump([[*key, n] for key, n in sorted(STATUSES.items())], f)


@schemathesis.hook
def before_call(context, case, kwargs):
    """FROST_OPENAPI_LOG=file: every request as sent, one line each (to find one that hangs)."""
    path = os.environ.get("FROST_OPENAPI_LOG")
    if path:
        with open(path, "a") as f:
            f.write(f"{case.method} {case.operation.path} {case.query} {case.headers} {repr(case.body)[:120]} {kwargs.get('headers')}\n")
