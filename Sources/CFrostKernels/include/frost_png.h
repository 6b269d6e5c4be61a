#ifndef FROST_PNG_H
#define FROST_PNG_H
#include <stdint.h>

/// PNG scanline kernels for FrostImage's own PNG reader and writer (8-bit samples, `bpp` 1…4
/// bytes per pixel). The zlib streams and chunks around them stay in Swift.

/// Reverses filter `type` (0 None, 1 Sub, 2 Up, 3 Average, 4 Paeth) on one scanline of `n`
/// bytes in place; `up` is the previous, already unfiltered row (NULL for the first row, read as
/// zeros). Returns 0, or -1 for a filter type over 4 (a corrupt file).
int frost_png_unfilter_row(uint8_t *row, const uint8_t *up, int n, int bpp, int type);

/// Filters one scanline with the given `type` (0…4): writes the type byte then `n` bytes to
/// `out` (n + 1 bytes); `up` is the previous row (NULL for the first, read as zeros).
void frost_png_filter_row_type(const uint8_t *row, const uint8_t *up, int n, int bpp, int type, uint8_t *out);

/// One decoded row of `w` pixels with `channels` 1 (gray), 2 (gray+alpha), 3 (RGB) or 4 (RGBA)
/// 8-bit samples into premultiplied RGBA8 (round(c·a/255), as Premultiplication.mul).
void frost_png_row_to_rgba(const uint8_t *src, int w, int channels, uint8_t *dst);

/// One row of `w` premultiplied RGBA8 pixels into PNG samples: `channels` 3 drops alpha (the
/// image is opaque), 4 un-premultiplies (min(255, round(p·255/a)), 0 where a is 0, as
/// Premultiplication.div).
void frost_png_row_from_rgba(const uint8_t *src, int w, int channels, uint8_t *dst);

#endif
