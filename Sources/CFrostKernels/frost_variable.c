/* Progressive blur (FrostEffects' VariableBlur): which rungs each pixel mixes, reading the
   rungs where they lie and mixing them, the tint, and the area pyramid's halving.

   Each kernel has a portable form (SSE2 where the compiler targets it: one pixel's four
   channels per register; scalar otherwise) and, for the mixing, an AVX2 form chosen at run
   time, all doing the same IEEE operations in the same order, so they give identical bytes. */
#include <math.h>
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

/* The pair of rungs (k−1, k) for σ s, walking from the previous pixel's k (σ is usually
   smooth along a row): the smallest k ≥ 1 with levels[k] ≥ s, or the last. */
static inline int pair_of(float s, int k, const float *levels, int nlevels) {
    while (k < nlevels - 1 && levels[k] < s) k++;
    while (k > 1 && levels[k - 1] >= s) k--;
    return k;
}

/* The end of the run from x: the first x' ≥ x with σ outside [cut, …) ∩ (lo, hi] (or NaN), or w;
   and the end of a gap: the first x' ≥ x with σ ≥ cut, or w. Eight σ per compare where the CPU
   has AVX2 (the same comparisons, so the same ends). */
static int run_end_portable(const float *sigma, int x, int w, float cut, float lo, float hi) {
    while (x < w) { float s = sigma[x]; if (!(s >= cut && s > lo && s <= hi)) break; x++; }
    return x;
}
static int below_end_portable(const float *sigma, int x, int w, float cut) {
    while (x < w && !(sigma[x] >= cut)) x++;
    return x;
}

#if defined(__SSE2__) && defined(__x86_64__) && (defined(__clang__) || defined(__GNUC__))
#define VB_HAS_AVX2 1
#include <immintrin.h>
__attribute__((target("avx2"))) static int run_end_avx2(const float *sigma, int x, int w, float cut, float lo, float hi) {
    const __m256 c = _mm256_set1_ps(cut), l = _mm256_set1_ps(lo), h = _mm256_set1_ps(hi);
    for (; x + 8 <= w; x += 8) {
        __m256 s = _mm256_loadu_ps(sigma + x);
        __m256 in = _mm256_and_ps(_mm256_and_ps(_mm256_cmp_ps(s, c, _CMP_GE_OQ), _mm256_cmp_ps(s, l, _CMP_GT_OQ)),
                                  _mm256_cmp_ps(s, h, _CMP_LE_OQ));
        unsigned out = ~(unsigned)_mm256_movemask_ps(in) & 0xffu;
        if (out) return x + (int)__builtin_ctz(out);
    }
    return run_end_portable(sigma, x, w, cut, lo, hi);
}
__attribute__((target("avx2"))) static int below_end_avx2(const float *sigma, int x, int w, float cut) {
    const __m256 c = _mm256_set1_ps(cut);
    for (; x + 8 <= w; x += 8) {
        unsigned at = (unsigned)_mm256_movemask_ps(_mm256_cmp_ps(_mm256_loadu_ps(sigma + x), c, _CMP_GE_OQ));
        if (at) return x + (int)__builtin_ctz(at);
    }
    return below_end_portable(sigma, x, w, cut);
}
#endif

static int run_end(const float *sigma, int x, int w, float cut, float lo, float hi, int wide) {
#ifdef VB_HAS_AVX2
    if (wide && __builtin_cpu_supports("avx2")) return run_end_avx2(sigma, x, w, cut, lo, hi);
#endif
    (void)wide;
    return run_end_portable(sigma, x, w, cut, lo, hi);
}
static int below_end(const float *sigma, int x, int w, float cut, int wide) {
#ifdef VB_HAS_AVX2
    if (wide && __builtin_cpu_supports("avx2")) return below_end_avx2(sigma, x, w, cut);
#endif
    (void)wide;
    return below_end_portable(sigma, x, w, cut);
}

/* Runs BODY with x0, x1 and k for each maximal run [x0, x1) of pixels with σ ≥ cut that mix the
   pair (k − 1, k): the pair is looked up once per run, and the run extends while σ stays in
   the pair's interval (levels[k − 1], levels[k]] — open-ended at the first and last pairs.
   Pixels below the cut (or NaN) between runs are skipped as a run of their own. */
#define FOR_EACH_RUN(sigma, w, levels, nlevels, cut, wide, BODY) do { \
    int x_ = 0, k_ = 1; \
    while (x_ < (w)) { \
        if (!((sigma)[x_] >= (cut))) { x_ = below_end((sigma), x_, (w), (cut), (wide)); continue; } \
        k_ = pair_of((sigma)[x_], k_, (levels), (nlevels)); \
        float lob_ = k_ == 1 ? -INFINITY : (levels)[k_ - 1], hib_ = k_ == (nlevels) - 1 ? INFINITY : (levels)[k_]; \
        int x0 = x_; \
        x_ = run_end((sigma), x_ + 1, (w), (cut), lob_, hib_, (wide)); \
        int x1 = x_, k = k_; \
        BODY; \
    } \
} while (0)

void frost_vb_rung_spans(const float *sigma, int w, const float *levels, int nlevels, float cut, int ntrack, int32_t *spans,
                         int wide) {
    for (int r = 0; r < ntrack; r++) { spans[2 * r] = w; spans[2 * r + 1] = 0; }
    if (ntrack < 1 || nlevels < 2) return;
    FOR_EACH_RUN(sigma, w, levels, nlevels, cut, wide, {
        for (int r = k - 1; r <= k; r++) {
            if (r < 1 || r >= ntrack) continue;
            if (x0 < spans[2 * r]) spans[2 * r] = x0;
            if (x1 > spans[2 * r + 1]) spans[2 * r + 1] = x1;
        }
    });
}

/* One rung's value at output column x, from its row description (vertical mix in `vert`). */
#if defined(__SSE2__)
static inline __m128 rung_px(const frost_vb_rung_row *r, const float *vert, int x) {
    if (!r->u0) return load_px(r->top + 4 * (x - r->x0));
    __m128 a = _mm_loadu_ps(vert + 4 * r->u0[x]), b = _mm_loadu_ps(vert + 4 * r->u1[x]);
    return _mm_add_ps(a, _mm_mul_ps(_mm_sub_ps(b, a), _mm_set1_ps(r->fu[x])));
}
#else
static inline float rung_c(const frost_vb_rung_row *r, const float *vert, int x, int c) {
    if (!r->u0) return (float)r->top[4 * (x - r->x0) + c];
    float p = vert[4 * r->u0[x] + c], q = vert[4 * r->u1[x] + c];
    return p + (q - p) * r->fu[x];
}
#endif

/* A reduced rung's two rows mixed into `vert` (indexed from source column 0) over the source
   columns output columns [x0, x1) read. */
static void rung_vertical(const frost_vb_rung_row *r, float *vert, int x0, int x1) {
    if (!r->u0 || x1 <= x0) return;
    int i0 = r->u0[x0], i1 = r->u1[x1 - 1] + 1;
#if defined(__SSE2__)
    const __m128 f = _mm_set1_ps(r->fv);
    for (int i = i0; i < i1; i++) {
        __m128 a = load_px(r->top + 4 * i), b = load_px(r->bottom + 4 * i);
        _mm_storeu_ps(vert + 4 * i, _mm_add_ps(a, _mm_mul_ps(_mm_sub_ps(b, a), f)));
    }
#else
    for (int i = 4 * i0; i < 4 * i1; i++) vert[i] = (float)r->top[i] + ((float)r->bottom[i] - (float)r->top[i]) * r->fv;
#endif
}

/* The weight of the upper rung for σ s between lo and hi. */
static inline float pair_weight(float s, float lo, float hi) {
    float t = (s * s - lo * lo) / (hi * hi - lo * lo);
    return t < 0 ? 0 : t > 1 ? 1 : t;
}

int frost_vb_pair(float s, const float *levels, int nlevels, float *t) {
    int k = pair_of(s, 1, levels, nlevels);
    *t = pair_weight(s, levels[k - 1], levels[k]);
    return k;
}

/* Output columns [x0, x1): a (NULL: src) + (b − a)·t, t from `sigma` between lo and hi, or the
   constant `t` when `sigma` is NULL. Portable form. */
static void mix_span_portable(uint8_t *dst, const uint8_t *src, const frost_vb_rung_row *a, const float *va,
                              const frost_vb_rung_row *b, const float *vb, const float *sigma, float lo, float hi, float t,
                              int x0, int x1) {
    for (int x = x0; x < x1; x++) {
        float tt = sigma ? pair_weight(sigma[x], lo, hi) : t;
#if defined(__SSE2__)
        __m128 av = a ? rung_px(a, va, x) : load_px(src + 4 * x), bv = rung_px(b, vb, x);
        store_px(dst + 4 * x, _mm_add_ps(_mm_add_ps(av, _mm_mul_ps(_mm_sub_ps(bv, av), _mm_set1_ps(tt))), _mm_set1_ps(0.5f)));
#else
        for (int c = 0; c < 4; c++) {
            float av = a ? rung_c(a, va, x, c) : (float)src[4 * x + c], bv = rung_c(b, vb, x, c);
            dst[4 * x + c] = clamp_byte(av + (bv - av) * tt + 0.5f);
        }
#endif
    }
}

#ifdef VB_HAS_AVX2
#define VB_AVX2 __attribute__((target("avx2")))
#define VB_INLINE static inline __attribute__((always_inline))

/* Two pixels per register: the same IEEE operations as the portable form, lane for lane. */
VB_AVX2 VB_INLINE __m256 load2_bytes(const uint8_t *p) {
    return _mm256_cvtepi32_ps(_mm256_cvtepu8_epi32(_mm_loadl_epi64((const __m128i *)p)));
}

VB_AVX2 VB_INLINE __m256 pair2(__m128 lo, __m128 hi) { return _mm256_insertf128_ps(_mm256_castps128_ps256(lo), hi, 1); }

/* Pixels x and x + 1 of a reduced rung, with their column weights in `k` (fu[x] in the low
   four lanes, fu[x + 1] in the high four). */
VB_AVX2 VB_INLINE __m256 load2_scaled_k(const frost_vb_rung_row *r, const float *vert, int x, __m256 k) {
    __m256 a = pair2(_mm_loadu_ps(vert + 4 * r->u0[x]), _mm_loadu_ps(vert + 4 * r->u0[x + 1]));
    __m256 b = pair2(_mm_loadu_ps(vert + 4 * r->u1[x]), _mm_loadu_ps(vert + 4 * r->u1[x + 1]));
    return _mm256_add_ps(a, _mm256_mul_ps(_mm256_sub_ps(b, a), k));
}

VB_AVX2 VB_INLINE __m256 load2_scaled(const frost_vb_rung_row *r, const float *vert, int x) {
    return load2_scaled_k(r, vert, x, pair2(_mm_set1_ps(r->fu[x]), _mm_set1_ps(r->fu[x + 1])));
}

VB_AVX2 VB_INLINE void store2(uint8_t *p, __m256 v) {
    v = _mm256_min_ps(_mm256_max_ps(v, _mm256_setzero_ps()), _mm256_set1_ps(255.0f));
    __m256i i = _mm256_cvttps_epi32(v);
    __m128i w = _mm_packs_epi32(_mm256_castsi256_si128(i), _mm256_extracti128_si256(i, 1));
    _mm_storel_epi64((__m128i *)p, _mm_packus_epi16(w, w));
}

/* ka: 0 the unblurred src, 1 a full-resolution rung, 2 a reduced one; kb: 1 or 2; varying: t
   per pixel from sigma. Constant at each call site below, so each case compiles to its own
   branch-free loop. */
VB_AVX2 VB_INLINE void mix_span_avx2(uint8_t *dst, const uint8_t *src, const frost_vb_rung_row *a, const float *va, int ka,
                                     const frost_vb_rung_row *b, const float *vb, int kb, int varying,
                                     const float *sigma, float lo, float hi, float t, int x0, int x1) {
    const __m256 half = _mm256_set1_ps(0.5f), lo2 = _mm256_set1_ps(lo * lo), den = _mm256_set1_ps(hi * hi - lo * lo);
    const __m256 zero = _mm256_setzero_ps(), one = _mm256_set1_ps(1.0f);
    __m256 tt = _mm256_set1_ps(t);
    int x = x0;
    /* Eight pixels a step: their weights from one division and their column weights from one
       load, spread to each pair of pixels by a permute (the same values as two at a time). */
    const __m256i spread[4] = {_mm256_setr_epi32(0, 0, 0, 0, 1, 1, 1, 1), _mm256_setr_epi32(2, 2, 2, 2, 3, 3, 3, 3),
                               _mm256_setr_epi32(4, 4, 4, 4, 5, 5, 5, 5), _mm256_setr_epi32(6, 6, 6, 6, 7, 7, 7, 7)};
    for (; x + 8 <= x1; x += 8) {
        __m256 t8 = tt, fa = zero, fb = zero;
        if (varying) {
            __m256 sv = _mm256_loadu_ps(sigma + x);
            t8 = _mm256_div_ps(_mm256_sub_ps(_mm256_mul_ps(sv, sv), lo2), den);
            t8 = _mm256_max_ps(_mm256_min_ps(t8, one), zero);
        }
        if (ka == 2) fa = _mm256_loadu_ps(a->fu + x);
        if (kb == 2) fb = _mm256_loadu_ps(b->fu + x);
        for (int j = 0; j < 4; j++) {
            int xj = x + 2 * j;
            __m256 tj = varying ? _mm256_permutevar8x32_ps(t8, spread[j]) : tt;
            __m256 av = ka == 0 ? load2_bytes(src + 4 * xj) : ka == 1 ? load2_bytes(a->top + 4 * (xj - a->x0))
                      : load2_scaled_k(a, va, xj, _mm256_permutevar8x32_ps(fa, spread[j]));
            __m256 bv = kb == 1 ? load2_bytes(b->top + 4 * (xj - b->x0)) : load2_scaled_k(b, vb, xj, _mm256_permutevar8x32_ps(fb, spread[j]));
            store2(dst + 4 * xj, _mm256_add_ps(_mm256_add_ps(av, _mm256_mul_ps(_mm256_sub_ps(bv, av), tj)), half));
        }
    }
    for (; x + 2 <= x1; x += 2) {
        if (varying) {
            __m256 sv = pair2(_mm_set1_ps(sigma[x]), _mm_set1_ps(sigma[x + 1]));
            tt = _mm256_div_ps(_mm256_sub_ps(_mm256_mul_ps(sv, sv), lo2), den);
            tt = _mm256_max_ps(_mm256_min_ps(tt, one), zero);
        }
        __m256 av = ka == 0 ? load2_bytes(src + 4 * x) : ka == 1 ? load2_bytes(a->top + 4 * (x - a->x0)) : load2_scaled(a, va, x);
        __m256 bv = kb == 1 ? load2_bytes(b->top + 4 * (x - b->x0)) : load2_scaled(b, vb, x);
        store2(dst + 4 * x, _mm256_add_ps(_mm256_add_ps(av, _mm256_mul_ps(_mm256_sub_ps(bv, av), tt)), half));
    }
    if (x < x1) mix_span_portable(dst, src, a, va, b, vb, varying ? sigma : 0, lo, hi, t, x, x1);
}

#define VB_CASE(ka, kb, v) \
    VB_AVX2 static void mix_span_avx2_##ka##kb##v(uint8_t *dst, const uint8_t *src, const frost_vb_rung_row *a, const float *va, \
        const frost_vb_rung_row *b, const float *vb, const float *sigma, float lo, float hi, float t, int x0, int x1) { \
        mix_span_avx2(dst, src, a, va, ka, b, vb, kb, v, sigma, lo, hi, t, x0, x1); }
VB_CASE(0, 1, 0) VB_CASE(0, 2, 0) VB_CASE(1, 1, 0) VB_CASE(1, 2, 0) VB_CASE(2, 1, 0) VB_CASE(2, 2, 0)
VB_CASE(0, 1, 1) VB_CASE(0, 2, 1) VB_CASE(1, 1, 1) VB_CASE(1, 2, 1) VB_CASE(2, 1, 1) VB_CASE(2, 2, 1)

typedef void (*mix_span_fn)(uint8_t *, const uint8_t *, const frost_vb_rung_row *, const float *,
                            const frost_vb_rung_row *, const float *, const float *, float, float, float, int, int);
static const mix_span_fn mix_span_cases[2][3][3] = {
    {{0, mix_span_avx2_010, mix_span_avx2_020}, {0, mix_span_avx2_110, mix_span_avx2_120}, {0, mix_span_avx2_210, mix_span_avx2_220}},
    {{0, mix_span_avx2_011, mix_span_avx2_021}, {0, mix_span_avx2_111, mix_span_avx2_121}, {0, mix_span_avx2_211, mix_span_avx2_221}},
};
#endif

static void mix_span(uint8_t *dst, const uint8_t *src, const frost_vb_rung_row *a, const float *va,
                     const frost_vb_rung_row *b, const float *vb, const float *sigma, float lo, float hi, float t,
                     int x0, int x1, int wide) {
#ifdef VB_HAS_AVX2
    if (wide && __builtin_cpu_supports("avx2")) {
        int ka = !a ? 0 : !a->u0 ? 1 : 2, kb = !b->u0 ? 1 : 2;
        mix_span_cases[sigma ? 1 : 0][ka][kb](dst, src, a, va, b, vb, sigma, lo, hi, t, x0, x1);
        return;
    }
#endif
    (void)wide;
    mix_span_portable(dst, src, a, va, b, vb, sigma, lo, hi, t, x0, x1);
}

void frost_vb_mix_rungs(uint8_t *dst, const uint8_t *src, const frost_vb_rung_row *a, const frost_vb_rung_row *b,
                        float t, int w, float *scratch, int wide) {
    float *va = scratch, *vb = scratch + (a && a->u0 ? 4 * a->rw : 0);
    if (a) rung_vertical(a, va, 0, w);
    rung_vertical(b, vb, 0, w);
    mix_span(dst, src, a, va, b, vb, 0, 0, 0, t, 0, w, wide);
}

void frost_vb_mix_gather(uint8_t *dst, const uint8_t *src, const float *sigma, int w,
                         const float *levels, int nlevels, const frost_vb_rung_row *rungs, float cut,
                         const int32_t *spans, float *scratch, int wide) {
    if (nlevels < 2) { memcpy(dst, src, 4 * (size_t)w); return; }
    /* Each reduced rung's two rows mixed once, over the source columns its pixels read. */
    const float *vert[64];
    float *next = scratch;
    for (int r = 1; r < nlevels && r < 64; r++) {
        vert[r] = next;
        if (!rungs[r].u0) continue;
        rung_vertical(&rungs[r], next, spans[2 * r], spans[2 * r + 1]);
        next += 4 * rungs[r].rw;
    }
    /* Pixels below the floor are the source; the rest go a run of one pair at a time. */
    int copied = 0;
    FOR_EACH_RUN(sigma, w, levels, nlevels, cut, wide, {
        if (x0 > copied) memcpy(dst + 4 * copied, src + 4 * copied, 4 * (size_t)(x0 - copied));
        mix_span(dst, src, k == 1 ? 0 : &rungs[k - 1], k == 1 ? 0 : vert[k - 1], &rungs[k], vert[k],
                 sigma, levels[k - 1], levels[k], 0, x0, x1, wide);
        copied = x1;
    });
    if (w > copied) memcpy(dst + 4 * copied, src + 4 * copied, 4 * (size_t)(w - copied));
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

void frost_alpha_row(const uint8_t *rgba, int w, uint8_t *alpha, uint8_t *lowest, uint8_t *highest) {
    uint8_t lo = 255, hi = 0;
    int x = 0;
#if defined(__SSE2__)
    __m128i vlo = _mm_set1_epi8((char)0xff), vhi = _mm_setzero_si128();
    for (; x + 16 <= w; x += 16) {
        const __m128i *p = (const __m128i *)(rgba + 4 * x);
        __m128i a = _mm_packs_epi32(_mm_srli_epi32(_mm_loadu_si128(p), 24), _mm_srli_epi32(_mm_loadu_si128(p + 1), 24));
        __m128i b = _mm_packs_epi32(_mm_srli_epi32(_mm_loadu_si128(p + 2), 24), _mm_srli_epi32(_mm_loadu_si128(p + 3), 24));
        __m128i v = _mm_packus_epi16(a, b);
        _mm_storeu_si128((__m128i *)(alpha + x), v);
        vlo = _mm_min_epu8(vlo, v); vhi = _mm_max_epu8(vhi, v);
    }
    uint8_t l[16], h[16];
    _mm_storeu_si128((__m128i *)l, vlo); _mm_storeu_si128((__m128i *)h, vhi);
    for (int i = 0; i < 16; i++) { if (l[i] < lo) lo = l[i]; if (h[i] > hi) hi = h[i]; }
#endif
    for (; x < w; x++) {
        uint8_t v = rgba[4 * x + 3];
        alpha[x] = v;
        if (v < lo) lo = v;
        if (v > hi) hi = v;
    }
    *lowest = lo; *highest = hi;
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
#else
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
#endif
        }
    }
}

/* A linear gradient's σ over n pixels from column x0: out[i] = top · (float)(1 − clamp(((x0 + i
   + 0.5 − fx)·dx + across)·inverse, 0, 1)) — SigmaField.linearRow's operations in its order
   (no contraction: FP_CONTRACT is off above), so both forms give the same floats. */
static void linear_row_portable(int x0, int n, double fx, double dx, double across, double inverse, float top, float *out) {
    for (int i = 0; i < n; i++) {
        double along = (((double)(x0 + i) + 0.5 - fx) * dx + across) * inverse;
        double c = along > 0 ? along : 0;
        c = c < 1 ? c : 1;
        out[i] = top * (float)(1 - c);
    }
}

#ifdef VB_HAS_AVX2
__attribute__((target("avx2"))) static void linear_row_avx2(int x0, int n, double fx, double dx, double across, double inverse,
                                                            float top, float *out) {
    int i = 0;
    const __m256d vfx = _mm256_set1_pd(fx), vdx = _mm256_set1_pd(dx), vac = _mm256_set1_pd(across);
    const __m256d vin = _mm256_set1_pd(inverse), zero = _mm256_setzero_pd(), one = _mm256_set1_pd(1), half = _mm256_set1_pd(0.5);
    const __m128 vtop = _mm_set1_ps(top);
    __m256d x = _mm256_add_pd(_mm256_set1_pd((double)x0), _mm256_set_pd(3, 2, 1, 0));
    const __m256d four = _mm256_set1_pd(4);
    for (; i + 4 <= n; i += 4) {
        /* x0 + i is exact in a double, as the portable form's (double)(x0 + i) is. */
        __m256d along = _mm256_mul_pd(_mm256_add_pd(_mm256_mul_pd(_mm256_sub_pd(_mm256_add_pd(x, half), vfx), vdx), vac), vin);
        __m256d c = _mm256_min_pd(_mm256_max_pd(along, zero), one);
        _mm_storeu_ps(out + i, _mm_mul_ps(vtop, _mm256_cvtpd_ps(_mm256_sub_pd(one, c))));
        x = _mm256_add_pd(x, four);
    }
    linear_row_portable(x0 + i, n - i, fx, dx, across, inverse, top, out + i);
}
#endif

void frost_vb_linear_row(int x0, int n, double fx, double dx, double across, double inverse, float top, float *out, int wide) {
#ifdef VB_HAS_AVX2
    if (wide && __builtin_cpu_supports("avx2")) { linear_row_avx2(x0, n, fx, dx, across, inverse, top, out); return; }
#endif
    linear_row_portable(x0, n, fx, dx, across, inverse, top, out);
}

#ifdef VB_HAS_AVX2
/* lut[a] is top · a / 255 (SigmaField.alphaSigma): computing it the same way, eight at a time,
   gives the same floats — the table lookups were a scalar load and store per pixel. */
__attribute__((target("avx2"))) static void alpha_sigma_avx2(const uint8_t *alpha, int n, float top, float *out) {
    const __m256 vtop = _mm256_set1_ps(top), d = _mm256_set1_ps(255.0f);
    int i = 0;
    for (; i + 8 <= n; i += 8) {
        __m256 a = _mm256_cvtepi32_ps(_mm256_cvtepu8_epi32(_mm_loadl_epi64((const __m128i *)(alpha + i))));
        _mm256_storeu_ps(out + i, _mm256_div_ps(_mm256_mul_ps(vtop, a), d));
    }
    for (; i < n; i++) out[i] = top * (float)alpha[i] / 255.0f;
}
#endif

void frost_vb_alpha_sigma_row(const uint8_t *alpha, int n, const float *lut, float top, float *out, int wide) {
#ifdef VB_HAS_AVX2
    if (wide && __builtin_cpu_supports("avx2")) { alpha_sigma_avx2(alpha, n, top, out); return; }
#endif
    (void)top; (void)wide;
    for (int i = 0; i < n; i++) out[i] = lut[alpha[i]];
}

/* The smallest and largest of `n` bytes in each run of `block` (the last may be shorter),
   folded into mins[] and maxs[] (one per run). */
void frost_block_minmax(const uint8_t *row, int n, int block, uint8_t *mins, uint8_t *maxs) {
    for (int b = 0, x = 0; x < n; b++, x += block) {
        int end = x + block < n ? x + block : n;
        uint8_t lo = mins[b], hi = maxs[b];
        int i = x;
#if defined(__SSE2__)
        if (end - i >= 16) {
            __m128i vlo = _mm_set1_epi8((char)lo), vhi = _mm_set1_epi8((char)hi);
            for (; i + 16 <= end; i += 16) {
                __m128i v = _mm_loadu_si128((const __m128i *)(row + i));
                vlo = _mm_min_epu8(vlo, v); vhi = _mm_max_epu8(vhi, v);
            }
            uint8_t l[16], h[16];
            _mm_storeu_si128((__m128i *)l, vlo); _mm_storeu_si128((__m128i *)h, vhi);
            for (int k = 0; k < 16; k++) { if (l[k] < lo) lo = l[k]; if (h[k] > hi) hi = h[k]; }
        }
#endif
        for (; i < end; i++) { if (row[i] < lo) lo = row[i]; if (row[i] > hi) hi = row[i]; }
        mins[b] = lo; maxs[b] = hi;
    }
}
