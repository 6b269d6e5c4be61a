#ifndef FROST_KERNELS_H
#define FROST_KERNELS_H
#include <stdint.h>
#include "frost_blur.h"
#include "frost_png.h"
#include "frost_deflate.h"

/// Compositing inner loops over one row of premultiplied RGBA8 pixels (Canvas's hot paths).
/// Every source is premultiplied, 0…255 per channel as float; results round to nearest exactly
/// as Canvas.blend does (add ½, truncate, clamp colour to alpha), so the Swift and C paths agree
/// bit for bit. `clip` (nullable) is one clip coverage per pixel; `alpha` the canvas opacity.

/// Source-over of `colour` × coverage: `cover` (nullable: full) per pixel, × clip × alpha.
/// `opaque` with `word`: full coverage stores the word (the colour at alpha 255).
void frost_blend_coverage(uint8_t *dst, const float *cover, int n, const float *clip, float alpha,
                          const float *colour, uint32_t word, int opaque);

/// Source-over of `colour` × the alpha bytes of `mask` (RGBA8, alpha read) × clip × alpha.
void frost_blend_mask(uint8_t *dst, const uint8_t *mask, int n, const float *clip, float alpha,
                      const float *colour, uint32_t word, int opaque);

/// Linear magnification of one RGBA8 row (`sw` pixels) into float RGBA: out[x] =
/// lerp(row[i0[x]], row[i1[x]], fu[x]) for x < n; `scratch` holds sw × 4 floats.
void frost_magnify_row(const uint8_t *row, int sw, int n, const int32_t *i0, const int32_t *i1, const float *fu,
                       float *scratch, float *out);

/// Source-over of rows already magnified across (float RGBA, `n` pixels each, from
/// frost_magnify_row): target pixel x takes lerp(top[x], bottom[x], fv) × clip × alpha (with
/// `tint`: the sampled alpha as coverage of the tint); pixels in [cut0, cut1) are skipped.
void frost_blend_vertical(uint8_t *dst, const float *top, const float *bottom, float fv, int n,
                          const float *clip, float alpha, const float *tint, int cut0, int cut1);

/// frost_blend_vertical for a tinted shadow and then content over it, in one pass (the same
/// bytes as the two passes).
void frost_blend_vertical_pair(uint8_t *dst, int n, const float *clip, float alpha, const float *tint,
                               const float *stop, const float *sbottom, float sfv,
                               const float *ctop, const float *cbottom, float cfv);

/// Premultiplied source-over of n pixels at full opacity, no clip, in exact integer arithmetic
/// (d = s + round(d · (255 − sa) / 255)): opaque source pixels are copied, clear ones skipped,
/// four at a time where they come in fours.
void frost_source_over_row(uint8_t *dst, const uint8_t *src, int n);

/// Source-over of a premultiplied RGBA8 row (`n` pixels) scaled by alpha × clip[x] (clip may be
/// NULL): the same arithmetic and bytes as frost_blend_coverage's blend.
void frost_composite_row(uint8_t *dst, const uint8_t *src, int n, const float *clip, float alpha);

/// One PNG scanline filtered by the usual heuristic: of the five filters (None, Sub, Up,
/// Average, Paeth; `bpp` bytes per pixel), the one whose output has the least sum of absolute
/// values (bytes as signed). Writes the filter type then `n` filtered bytes to `out` (n + 1
/// bytes); `up` is the previous row (NULL for the first). Returns the type.
int frost_png_filter_row(const uint8_t *row, const uint8_t *up, int n, int bpp, uint8_t *out);

/// frost_png_filter_row choosing its kernel: `wide` 1 uses AVX2 where the CPU has it (run-time
/// detection), 0 the portable code; both give the same bytes (tested).
int frost_png_filter_row_with(const uint8_t *row, const uint8_t *up, int n, int bpp, uint8_t *out, int wide);

/// Cross-fade of two byte buffers of `n` bytes: out = (a·(256 − weight) + b·weight + 128) >> 8,
/// weight clamped to 0…256 (premultiplied RGBA stays valid). AVX2 where the CPU has it.
void frost_mix_bytes(const uint8_t *a, const uint8_t *b, uint8_t *out, long n, int weight);
/// frost_mix_bytes choosing its kernel: `wide` 0 forces the portable code (same bytes, tested).
void frost_mix_bytes_with(const uint8_t *a, const uint8_t *b, uint8_t *out, long n, int weight, int wide);

/// Progressive blur: the pair of rungs (k − 1, k) a pixel of σ `s` mixes (`nlevels` ≥ 2): the
/// smallest k ≥ 1 with levels[k] ≥ s, or the last; `t` gets the upper rung's weight
/// (s² − lo²)/(hi² − lo²), clamped to 0…1. Returns k.
int frost_vb_pair(float s, const float *levels, int nlevels, float *t);
/// Progressive blur: for each rung r < `ntrack`, the columns [spans[2r], spans[2r+1]) of a row
/// that mix it (empty: spans[2r] ≥ spans[2r+1]), by the pairs frost_vb_mix_gather picks.
/// `wide` 1: AVX2 where the CPU has it for finding the runs (the same spans either way).
void frost_vb_rung_spans(const float *sigma, int w, const float *levels, int nlevels, float cut, int ntrack, int32_t *spans,
                         int wide);
/// Progressive blur: where one rung's row comes from — rows `top` and `bottom` of `rw` RGBA8
/// pixels mixed by `fv`, then each output column x from columns u0[x] and u1[x] mixed by fu[x];
/// `u0` NULL: a full-resolution rung, whose row is `top`, holding columns from `x0` on.
typedef struct {
    const uint8_t *top, *bottom;
    int x0;
    float fv;
    int rw;
    const int32_t *u0, *u1;
    const float *fu;
} frost_vb_rung_row;
/// Progressive blur: one output row of one σ, `a` + (`b` − `a`)·`t` per channel, rounded and
/// clamped (`a` NULL: the unblurred `src`); the same bytes as frost_vb_mix_gather gives for
/// pixels of that σ. `scratch`: 4·(a.rw + b.rw) floats.
/// AVX2 where the CPU has it and `wide` is 1 (0 forces the portable code: the same bytes, tested).
void frost_vb_mix_rungs(uint8_t *dst, const uint8_t *src, const frost_vb_rung_row *a, const frost_vb_rung_row *b,
                        float t, int w, float *scratch, int wide);
/// Progressive blur: one output row, each pixel with σ ≥ `cut` mixing the two rungs around its
/// σ by variance (rung 0 is `src`; `rungs[r]` describes rung r's row — only the rungs some
/// pixel's pair names need to be valid); pixels below `cut` (or NaN) are copied from `src`.
/// `spans`: the row's spans from frost_vb_rung_spans with `ntrack` = `nlevels` (the caller has
/// them already, so the row's runs are not found twice). Scratch: `scratch` 4·Σ rungs[r].rw
/// floats over the reduced rungs (nlevels ≤ 64). AVX2 as frost_vb_mix_rungs; the same bytes either way, and the same as
/// frost_vb_mix_rungs gives for a row of one σ.
void frost_vb_mix_gather(uint8_t *dst, const uint8_t *src, const float *sigma, int w,
                         const float *levels, int nlevels, const frost_vb_rung_row *rungs, float cut,
                         const int32_t *spans, float *scratch, int wide);
/// Progressive blur's tint: premultiplied `color` (0…255 per channel) over each pixel with
/// opacity σ / `top` (σ from `sigma`, or `sigma_all` for the whole row when `sigma` is NULL).
void frost_vb_tint_row(uint8_t *row, const float *sigma, float sigma_all, int w, const float *color, float top);

/// A row of `w` RGBA8 pixels' alpha bytes into `alpha`, and the smallest and largest of them
/// (255 and 0 for an empty row).
void frost_alpha_row(const uint8_t *rgba, int w, uint8_t *alpha, uint8_t *lowest, uint8_t *highest);

/// A linear gradient's σ over `n` pixels from column `x0` (see SigmaField.linearRow): the same
/// floats with AVX2 (`wide`, when the CPU has it) or without.
void frost_vb_linear_row(int x0, int n, double fx, double dx, double across, double inverse, float top, float *out, int wide);

/// The smallest and largest of `n` bytes in each run of `block`, folded into `mins` and `maxs`
/// (one entry per run, ⌈n / block⌉).
void frost_block_minmax(const uint8_t *row, int n, int block, uint8_t *mins, uint8_t *maxs);

/// σ for `n` alpha bytes: `lut[a]`, where `lut[a]` = `top` · a / 255 in float (computed so,
/// eight at a time, with AVX2 when `wide` and the CPU has it: the same floats).
void frost_vb_alpha_sigma_row(const uint8_t *alpha, int n, const float *lut, float top, float *out, int wide);

/// 2×2 block means through index maps (−1: a transparent sample): `dw × dh` pixels into `dst`
/// (row stride `dw`); `xmap` has 2·dw source columns, `ymap` 2·dh source rows.
void frost_halve_mapped(const uint8_t *src, int sw, const int32_t *xmap, const int32_t *ymap,
                        uint8_t *dst, int dw, int dh);

#endif
