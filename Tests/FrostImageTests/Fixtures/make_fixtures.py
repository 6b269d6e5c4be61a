#!/usr/bin/env python3
"""Regenerates the codec fixtures (small, made from scratch): `python3 make_fixtures.py`.

Needs pypng and Pillow (pip install pypng Pillow). Every image is a 13x7 pattern whose pixel
(x, y) has a known value, so the Swift tests can check decoded pixels exactly:
  R = 18*x + 7, G = 30*y + 11, B = (x*y*5) % 256, A = 255 - 9*x  (where alpha exists)
"""
import io
import png
from PIL import Image

W, H = 13, 7


def rgba(x, y):
    return (18 * x + 7, 30 * y + 11, (x * y * 5) % 256, 255 - 9 * x)


def rows(channels, depth=8):
    out = []
    for y in range(H):
        row = []
        for x in range(W):
            px = rgba(x, y)[:channels] if channels != 1 and channels != 2 else None
            if channels == 1:
                px = (rgba(x, y)[0],)
            elif channels == 2:
                px = (rgba(x, y)[0], rgba(x, y)[3])
            if depth == 16:
                px = tuple(v * 257 for v in px)
            row.extend(px)
        out.append(row)
    return out


def write(name, writer, data):
    with open(name, "wb") as f:
        writer.write(f, data)


write("rgba8.png", png.Writer(W, H, greyscale=False, alpha=True), rows(4))
write("rgb8.png", png.Writer(W, H, greyscale=False), rows(3))
write("gray8.png", png.Writer(W, H, greyscale=True), rows(1))
write("graya8.png", png.Writer(W, H, greyscale=True, alpha=True), rows(2))
write("rgba16.png", png.Writer(W, H, greyscale=False, alpha=True, bitdepth=16), rows(4, 16))
write("rgba8-interlaced.png", png.Writer(W, H, greyscale=False, alpha=True, interlace=True), rows(4))
# Palette with tRNS: 4 colours, the last one half transparent.
palette = [(255, 0, 0, 255), (0, 255, 0, 255), (0, 0, 255, 255), (255, 255, 0, 128)]
write("palette-trns.png", png.Writer(W, H, palette=palette, bitdepth=2),
      [[(x + y) % 4 for x in range(W)] for y in range(H)])

img = Image.new("RGB", (W * 4, H * 4))
img.putdata([rgba(x // 4, y // 4)[:3] for y in range(H * 4) for x in range(W * 4)])
img.save("baseline.jpg", quality=95)
img.save("progressive.jpg", quality=95, progressive=True)
img.convert("L").save("gray.jpg", quality=95)
img.convert("CMYK").save("cmyk.jpg", quality=95)
# EXIF orientation 6 (rotate 90° clockwise to display): stored 52x28, shown 28x52.
exif = Image.Exif()
exif[0x0112] = 6
img.save("orientation6.jpg", quality=95, exif=exif.tobytes())
