/* Progressive blur (FrostEffects' VariableBlur): expanding its rungs to full-resolution rows,
   mixing them per pixel, the tint, and the area pyramid's halving.

   Each kernel has an SSE2 form (one pixel's four channels per register) and a scalar form doing
   the same IEEE operations in the same order, so both give identical bytes on every machine. */
#include <string.h>
#include "frost_kernels.h"

#pragma STDC FP_CONTRACT OFF

#if defined(__SSE2__)
#include <emmintrin.h>

static inline __m128 load_px(const uint8_t *p) {
    uint32_t word; memcpy(&word, p, 4);
    __m128i zero = _mm_setzero_si128();
    return _mm_cvtepi32_ps(_mm_unpacklo_epi16(_mm_unpacklo_epi8(_mm_cvtsi32_si128((int)word), zero), zero));
}

/* Truncates v (already + 0.5) clamped to 0…255 and stores the four bytes. */
static inline void store_px(uint8_t *p, __m128 v) {
    v = _mm_min_ps(_mm_max_ps(v, _mm_setzero_ps()), _mm_set1_ps(255.0f));
    __m128i i = _mm_cvttps_epi32(v);
    i = _mm_packs_epi32(i, i);
    uint32_t word = (uint32_t)_mm_cvtsi128_si32(_mm_packus_epi16(i, i));
    memcpy(p, &word, 4);
}
#endif

static inline uint8_t clamp_byte(float v) { return (uint8_t)(v < 0 ? 0 : v > 255 ? 255 : v); }

void frost_vb_expand(const uint8_t *top, const uint8_t *bottom, float fv, int rw,
                     const int32_t *u0, const int32_t *u1, const float *fu, int w, float *vertical, float *out) {
#if defined(__SSE2__)
    const __m128 f = _mm_set1_ps(fv);
    for (int i = 0; i < rw; i++) {
        __m128 a = load_px(top + 4 * i), b = load_px(bottom + 4 * i);
        _mm_storeu_ps(vertical + 4 * i, _mm_add_ps(a, _mm_mul_ps(_mm_sub_ps(b, a), f)));
    }
    for (int x = 0; x < w; x++) {
        __m128 a = _mm_loadu_ps(vertical + 4 * u0[x]), b = _mm_loadu_ps(vertical + 4 * u1[x]);
        _mm_storeu_ps(out + 4 * x, _mm_add_ps(a, _mm_mul_ps(_mm_sub_ps(b, a), _mm_set1_ps(fu[x]))));
    }
#else
    for (int i = 0; i < 4 * rw; i++) vertical[i] = (float)top[i] + ((float)bottom[i] - (float)top[i]) * fv;
    for (int x = 0; x < w; x++) {
        const float *a = vertical + 4 * u0[x], *b = vertical + 4 * u1[x];
        float k = fu[x];
        for (int c = 0; c < 4; c++) out[4 * x + c] = a[c] + (b[c] - a[c]) * k;
    }
#endif
}

void frost_vb_convert(const uint8_t *src, int w, float *out) {
    for (int i = 0; i < 4 * w; i++) out[i] = (float)src[i];
}

/* One rung's value at output column x, from its row description (vertical mix in `vert`). */
#if defined(__SSE2__)
static inline __m128 rung_px(const frost_vb_rung_row *r, const float *vert, int x) {
    if (!r->u0) return load_px(r->top + 4 * x);
    __m128 a = _mm_loadu_ps(vert + 4 * r->u0[x]), b = _mm_loadu_ps(vert + 4 * r->u1[x]);
    return _mm_add_ps(a, _mm_mul_ps(_mm_sub_ps(b, a), _mm_set1_ps(r->fu[x])));
}
#endif

static void rung_vertical(const frost_vb_rung_row *r, float *vert) {
    if (!r->u0) return;
#if defined(__SSE2__)
    const __m128 f = _mm_set1_ps(r->fv);
    for (int i = 0; i < r->rw; i++) {
        __m128 a = load_px(r->top + 4 * i), b = load_px(r->bottom + 4 * i);
        _mm_storeu_ps(vert + 4 * i, _mm_add_ps(a, _mm_mul_ps(_mm_sub_ps(b, a), f)));
    }
#else
    for (int i = 0; i < 4 * r->rw; i++) vert[i] = (float)r->top[i] + ((float)r->bottom[i] - (float)r->top[i]) * r->fv;
#endif
}

#if defined(__SSE2__) && defined(__x86_64__) && (defined(__clang__) || defined(__GNUC__))
#include <immintrin.h>
#define VB_AVX2 __attribute__((target("avx2")))
#define VB_INLINE static inline __attribute__((always_inline))

/* Two pixels per register: the same IEEE operations as the SSE2 form, lane for lane. */
VB_AVX2 VB_INLINE __m256 load2_bytes(const uint8_t *p) {
    return _mm256_cvtepi32_ps(_mm256_cvtepu8_epi32(_mm_loadl_epi64((const __m128i *)p)));
}

VB_AVX2 VB_INLINE __m256 load2_scaled(const frost_vb_rung_row *r, const float *vert, int x) {
    __m256 a = _mm256_insertf128_ps(_mm256_castps128_ps256(_mm_loadu_ps(vert + 4 * r->u0[x])), _mm_loadu_ps(vert + 4 * r->u0[x + 1]), 1);
    __m256 b = _mm256_insertf128_ps(_mm256_castps128_ps256(_mm_loadu_ps(vert + 4 * r->u1[x])), _mm_loadu_ps(vert + 4 * r->u1[x + 1]), 1);
    __m256 k = _mm256_insertf128_ps(_mm256_castps128_ps256(_mm_set1_ps(r->fu[x])), _mm_set1_ps(r->fu[x + 1]), 1);
    return _mm256_add_ps(a, _mm256_mul_ps(_mm256_sub_ps(b, a), k));
}

VB_AVX2 VB_INLINE void store2(uint8_t *p, __m256 v) {
    v = _mm256_min_ps(_mm256_max_ps(v, _mm256_setzero_ps()), _mm256_set1_ps(255.0f));
    __m256i i = _mm256_cvttps_epi32(v);
    __m128i w = _mm_packs_epi32(_mm256_castsi256_si128(i), _mm256_extracti128_si256(i, 1));
    _mm_storel_epi64((__m128i *)p, _mm_packus_epi16(w, w));
}

/* ka: 0 the unblurred src, 1 a full-resolution rung, 2 a reduced one; kb: 1 or 2. Constant at
   each call site below, so each pairing compiles to its own branch-free loop. */
VB_AVX2 VB_INLINE void mix_rungs_avx2(uint8_t *dst, const uint8_t *src, const frost_vb_rung_row *a, const float *va, int ka,
                                      const frost_vb_rung_row *b, const float *vb, int kb, float t, int w) {
    const __m256 tt = _mm256_set1_ps(t), half = _mm256_set1_ps(0.5f);
    int x = 0;
    for (; x + 2 <= w; x += 2) {
        __m256 av = ka == 0 ? load2_bytes(src + 4 * x) : ka == 1 ? load2_bytes(a->top + 4 * x) : load2_scaled(a, va, x);
        __m256 bv = kb == 1 ? load2_bytes(b->top + 4 * x) : load2_scaled(b, vb, x);
        store2(dst + 4 * x, _mm256_add_ps(_mm256_add_ps(av, _mm256_mul_ps(_mm256_sub_ps(bv, av), tt)), half));
    }
    for (; x < w; x++) {
        __m128 av = ka == 0 ? load_px(src + 4 * x) : rung_px(a, va, x);
        __m128 bv = rung_px(b, vb, x);
        store_px(dst + 4 * x, _mm_add_ps(_mm_add_ps(av, _mm_mul_ps(_mm_sub_ps(bv, av), _mm_set1_ps(t))), _mm_set1_ps(0.5f)));
    }
}

#define VB_PAIR(ka, kb) \
    VB_AVX2 static void mix_rungs_avx2_##ka##kb(uint8_t *dst, const uint8_t *src, const frost_vb_rung_row *a, const float *va, \
                                               const frost_vb_rung_row *b, const float *vb, float t, int w) { \
        mix_rungs_avx2(dst, src, a, va, ka, b, vb, kb, t, w); }
VB_PAIR(0, 1) VB_PAIR(0, 2) VB_PAIR(1, 1) VB_PAIR(1, 2) VB_PAIR(2, 1) VB_PAIR(2, 2)

/* 1 when the AVX2 pairing ran. */
static int mix_rungs_wide(uint8_t *dst, const uint8_t *src, const frost_vb_rung_row *a, const float *va,
                          const frost_vb_rung_row *b, const float *vb, float t, int w) {
    if (!__builtin_cpu_supports("avx2")) return 0;
    int ka = !a ? 0 : !a->u0 ? 1 : 2, kb = !b->u0 ? 1 : 2;
    switch (ka * 3 + kb) {
    case 1: mix_rungs_avx2_01(dst, src, a, va, b, vb, t, w); break;
    case 2: mix_rungs_avx2_02(dst, src, a, va, b, vb, t, w); break;
    case 4: mix_rungs_avx2_11(dst, src, a, va, b, vb, t, w); break;
    case 5: mix_rungs_avx2_12(dst, src, a, va, b, vb, t, w); break;
    case 7: mix_rungs_avx2_21(dst, src, a, va, b, vb, t, w); break;
    default: mix_rungs_avx2_22(dst, src, a, va, b, vb, t, w); break;
    }
    return 1;
}
#else
static int mix_rungs_wide(uint8_t *dst, const uint8_t *src, const frost_vb_rung_row *a, const float *va,
                          const frost_vb_rung_row *b, const float *vb, float t, int w) {
    (void)dst; (void)src; (void)a; (void)va; (void)b; (void)vb; (void)t; (void)w;
    return 0;
}
#endif

void frost_vb_mix_rungs(uint8_t *dst, const uint8_t *src, const frost_vb_rung_row *a, const frost_vb_rung_row *b,
                        float t, int w, float *scratch, int wide) {
    float *va = scratch, *vb = scratch + (a && a->u0 ? 4 * a->rw : 0);
    if (a) rung_vertical(a, va);
    rung_vertical(b, vb);
    if (wide && mix_rungs_wide(dst, src, a, va, b, vb, t, w)) return;
#if defined(__SSE2__)
    const __m128 tt = _mm_set1_ps(t), half = _mm_set1_ps(0.5f);
    for (int x = 0; x < w; x++) {
        __m128 av = a ? rung_px(a, va, x) : load_px(src + 4 * x);
        __m128 bv = rung_px(b, vb, x);
        store_px(dst + 4 * x, _mm_add_ps(_mm_add_ps(av, _mm_mul_ps(_mm_sub_ps(bv, av), tt)), half));
    }
#else
    for (int x = 0; x < w; x++) {
        for (int c = 0; c < 4; c++) {
            float av, bv;
            if (!a) av = (float)src[4 * x + c];
            else if (!a->u0) av = (float)a->top[4 * x + c];
            else { float p = va[4 * a->u0[x] + c], q = va[4 * a->u1[x] + c]; av = p + (q - p) * a->fu[x]; }
            if (!b->u0) bv = (float)b->top[4 * x + c];
            else { float p = vb[4 * b->u0[x] + c], q = vb[4 * b->u1[x] + c]; bv = p + (q - p) * b->fu[x]; }
            dst[4 * x + c] = clamp_byte(av + (bv - av) * t + 0.5f);
        }
    }
#endif
}

void frost_vb_mix_row(uint8_t *dst, const uint8_t *src, const float *sigma, int w,
                      const float *levels, int nlevels, const float *rows, float cut) {
    int k = 1;
    for (int x = 0; x < w; x++) {
        float s = sigma[x];
        if (!(s >= cut) || nlevels < 2) { memcpy(dst + 4 * x, src + 4 * x, 4); continue; }
        /* σ is usually smooth along a row: walk from the previous pixel's pair. */
        while (k < nlevels - 1 && levels[k] < s) k++;
        while (k > 1 && levels[k - 1] >= s) k--;
        float lo = levels[k - 1], hi = levels[k];
        float t = (s * s - lo * lo) / (hi * hi - lo * lo);
        t = t < 0 ? 0 : t > 1 ? 1 : t;
        const float *b = rows + (long)4 * w * k + 4 * x;
        const float *a = k == 1 ? 0 : rows + (long)4 * w * (k - 1) + 4 * x;
#if defined(__SSE2__)
        __m128 av = a ? _mm_loadu_ps(a) : load_px(src + 4 * x), bv = _mm_loadu_ps(b);
        store_px(dst + 4 * x, _mm_add_ps(_mm_add_ps(av, _mm_mul_ps(_mm_sub_ps(bv, av), _mm_set1_ps(t))), _mm_set1_ps(0.5f)));
#else
        for (int c = 0; c < 4; c++) {
            float av = a ? a[c] : (float)src[4 * x + c];
            dst[4 * x + c] = clamp_byte(av + (b[c] - av) * t + 0.5f);
        }
#endif
    }
}

void frost_vb_tint_row(uint8_t *row, const float *sigma, float sigma_all, int w, const float *color, float top) {
    for (int x = 0; x < w; x++) {
        float k = (sigma ? sigma[x] : sigma_all) / top;
        if (!(k > 0)) continue;
        float a = color[3] * k / 255.0f;
        for (int c = 0; c < 4; c++) {
            float v = color[c] * k + (float)row[4 * x + c] * (1.0f - a) + 0.5f;
            row[4 * x + c] = clamp_byte(v);
        }
    }
}

/* The rounded mean of four samples, (sum + 2) >> 2, for dst pixels [i0, i1) of a row whose
   columns are contiguous there (source pixel xs + 2·(i − i0) and the one after it). */
static void halve_span(const uint8_t *r0, const uint8_t *r1, int xs, uint8_t *o, int n) {
    const uint8_t *a = r0 + 4 * (long)xs, *b = r1 + 4 * (long)xs;
    int i = 0;
#if defined(__SSE2__)
    const __m128i zero = _mm_setzero_si128(), two = _mm_set1_epi16(2);
    for (; i + 4 <= n; i += 4) {
        __m128i a0 = _mm_loadu_si128((const __m128i *)(a + 8 * i)), a1 = _mm_loadu_si128((const __m128i *)(a + 8 * i + 16));
        __m128i b0 = _mm_loadu_si128((const __m128i *)(b + 8 * i)), b1 = _mm_loadu_si128((const __m128i *)(b + 8 * i + 16));
        __m128i s0 = _mm_add_epi16(_mm_unpacklo_epi8(a0, zero), _mm_unpacklo_epi8(b0, zero));  /* px 0, 1 */
        __m128i s1 = _mm_add_epi16(_mm_unpackhi_epi8(a0, zero), _mm_unpackhi_epi8(b0, zero));  /* px 2, 3 */
        __m128i s2 = _mm_add_epi16(_mm_unpacklo_epi8(a1, zero), _mm_unpacklo_epi8(b1, zero));  /* px 4, 5 */
        __m128i s3 = _mm_add_epi16(_mm_unpackhi_epi8(a1, zero), _mm_unpackhi_epi8(b1, zero));  /* px 6, 7 */
        __m128i p01 = _mm_unpacklo_epi64(_mm_add_epi16(s0, _mm_srli_si128(s0, 8)), _mm_add_epi16(s1, _mm_srli_si128(s1, 8)));
        __m128i p23 = _mm_unpacklo_epi64(_mm_add_epi16(s2, _mm_srli_si128(s2, 8)), _mm_add_epi16(s3, _mm_srli_si128(s3, 8)));
        p01 = _mm_srli_epi16(_mm_add_epi16(p01, two), 2);
        p23 = _mm_srli_epi16(_mm_add_epi16(p23, two), 2);
        _mm_storeu_si128((__m128i *)(o + 4 * i), _mm_packus_epi16(p01, p23));
    }
#endif
    for (; i < n; i++)
        for (int c = 0; c < 4; c++)
            o[4 * i + c] = (uint8_t)((a[8 * i + c] + a[8 * i + 4 + c] + b[8 * i + c] + b[8 * i + 4 + c] + 2) >> 2);
}

void frost_halve_mapped(const uint8_t *src, int sw, const int32_t *xmap, const int32_t *ymap,
                        uint8_t *dst, int dw, int dh) {
    /* The span of dst columns whose source columns are plain pairs inside the image (xmap[2i]
       = xmap[2·i0] + 2(i − i0), xmap[2i+1] = xmap[2i] + 1): most of every row. */
    int i0 = 0;
    while (i0 < dw && !(xmap[2 * i0] >= 0 && xmap[2 * i0 + 1] == xmap[2 * i0] + 1)) i0++;
    int i1 = i0;
    while (i1 < dw && xmap[2 * i1] == xmap[2 * i0] + 2 * (i1 - i0) && xmap[2 * i1 + 1] == xmap[2 * i1] + 1) i1++;
    for (int j = 0; j < dh; j++) {
        int y0 = ymap[2 * j], y1 = ymap[2 * j + 1];
        uint8_t *o = dst + 4 * (long)j * dw;
        int fast = y0 >= 0 && y1 >= 0 && i1 > i0;
        for (int i = 0; i < dw; i++) {
            if (fast && i == i0) {
                halve_span(src + 4 * (long)y0 * sw, src + 4 * (long)y1 * sw, xmap[2 * i0], o + 4 * i0, i1 - i0);
                i = i1 - 1;
                continue;
            }
            int x0 = xmap[2 * i], x1 = xmap[2 * i + 1];
#if defined(__SSE2__)
            /* Past the edges: the four samples as words (0 for a transparent one). */
            uint32_t q[4] = {0, 0, 0, 0};
            if (y0 >= 0 && x0 >= 0) memcpy(&q[0], src + 4 * ((long)y0 * sw + x0), 4);
            if (y0 >= 0 && x1 >= 0) memcpy(&q[1], src + 4 * ((long)y0 * sw + x1), 4);
            if (y1 >= 0 && x0 >= 0) memcpy(&q[2], src + 4 * ((long)y1 * sw + x0), 4);
            if (y1 >= 0 && x1 >= 0) memcpy(&q[3], src + 4 * ((long)y1 * sw + x1), 4);
            __m128i v = _mm_loadu_si128((const __m128i *)q), zero = _mm_setzero_si128();
            __m128i sum = _mm_add_epi16(_mm_unpacklo_epi8(v, zero), _mm_unpackhi_epi8(v, zero));
            sum = _mm_add_epi16(sum, _mm_srli_si128(sum, 8));
            sum = _mm_srli_epi16(_mm_add_epi16(sum, _mm_set1_epi16(2)), 2);
            uint32_t word = (uint32_t)_mm_cvtsi128_si32(_mm_packus_epi16(sum, zero));
            memcpy(o + 4 * i, &word, 4);
            continue;
#endif
            for (int c = 0; c < 4; c++) {
                int sum = 2;
                if (y0 >= 0) {
                    if (x0 >= 0) sum += src[4 * ((long)y0 * sw + x0) + c];
                    if (x1 >= 0) sum += src[4 * ((long)y0 * sw + x1) + c];
                }
                if (y1 >= 0) {
                    if (x0 >= 0) sum += src[4 * ((long)y1 * sw + x0) + c];
                    if (x1 >= 0) sum += src[4 * ((long)y1 * sw + x1) + c];
                }
                o[4 * i + c] = (uint8_t)(sum >> 2);
            }
        }
    }
}
