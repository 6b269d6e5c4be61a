#ifndef FROST_KERNELS_H
#define FROST_KERNELS_H
#include <stdint.h>

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

/// Linear magnification of one RGBA8 row into float RGBA: out[x] = lerp(row[i0[x]], row[i1[x]], fu[x]).
void frost_magnify_row(const uint8_t *row, int n, const int32_t *i0, const int32_t *i1, const float *fu, float *out);

/// Source-over of lerp(top, bottom, fv) (float RGBA rows from frost_magnify_row) × clip × alpha;
/// with `tint` (nullable, premultiplied 0…1), only the sampled alpha is used, as coverage of the
/// tint. Pixels in [cut0, cut1) are skipped.
void frost_blend_magnified(uint8_t *dst, const float *top, const float *bottom, float fv, int n,
                           const float *clip, float alpha, const float *tint, int cut0, int cut1);

/// One RGBA8 row as float RGBA (4 floats per pixel), for frost_blend_magnified_rows.
void frost_row_to_float(const uint8_t *row, int n, float *out);

/// Source-over of a bilinear magnification of two reduced rows: `small0`, `small1` (float RGBA,
/// `sw` pixels, from frost_row_to_float) are mixed by `fv` into `scratch` (sw × 4 floats),
/// and target pixel x samples it between columns i0[x] and i1[x] with weight fu[x]. Sources are
/// rounded to bytes and blended in integers (exact /255 rounding), × clip × alpha; with `tint`,
/// the sampled alpha is coverage of the tint. Pixels in [cut0, cut1) are skipped.
void frost_blend_magnified_rows(uint8_t *dst, const float *small0, const float *small1, int sw, float fv, float *scratch,
                                int n, const int32_t *i0, const int32_t *i1, const float *fu,
                                const float *clip, float alpha, const float *tint, int cut0, int cut1);

/// Both passes of a blurred view with its shadow in one: per target pixel, the tinted shadow
/// sample (reduced rows `s0`/`s1`, columns si0/si1/sfu) is blended, then the content sample
/// (rows `c0`/`c1`, columns ci0/ci1/cfu) over it; the same bytes as the two passes one after
/// the other (frost_blend_magnified_rows with the tint, then without).
void frost_blend_magnified_pair(uint8_t *dst, int n, const float *clip, float alpha, const float *tint,
                                const float *s0, const float *s1, int ssw, float sfv, float *sscratch,
                                const int32_t *si0, const int32_t *si1, const float *sfu,
                                const float *c0, const float *c1, int csw, float cfv, float *cscratch,
                                const int32_t *ci0, const int32_t *ci1, const float *cfu);

#endif
