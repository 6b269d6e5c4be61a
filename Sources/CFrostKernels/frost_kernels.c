#include <stdlib.h>
#include "frost_kernels.h"
#include <string.h>

// Contraction to FMA would change the last bit between machines: the same bytes everywhere.
#pragma STDC FP_CONTRACT OFF

#if defined(__SSE2__)
#include <emmintrin.h>

// One pixel, all four channels in one register: the same IEEE operations in the same order as
// the scalar form below, so both give identical bytes.
static inline void blend4(uint8_t *d, __m128 s) {
    const __m128 one = _mm_set1_ps(1.0f), v255 = _mm_set1_ps(255.0f), half = _mm_set1_ps(0.5f);
    __m128 inv = _mm_sub_ps(one, _mm_mul_ps(_mm_shuffle_ps(s, s, 0xFF), _mm_set1_ps(1.0f / 255.0f)));
    uint32_t word; memcpy(&word, d, 4);
    __m128i zero = _mm_setzero_si128();
    __m128i di = _mm_unpacklo_epi16(_mm_unpacklo_epi8(_mm_cvtsi32_si128((int)word), zero), zero);
    __m128 o = _mm_min_ps(_mm_add_ps(_mm_add_ps(s, _mm_mul_ps(_mm_cvtepi32_ps(di), inv)), half), v255);
    __m128i oi = _mm_packs_epi32(_mm_cvttps_epi32(o), zero);
    oi = _mm_min_epi16(oi, _mm_shufflelo_epi16(oi, 0xFF));  // colour ≤ alpha
    word = (uint32_t)_mm_cvtsi128_si32(_mm_packus_epi16(oi, zero));
    memcpy(d, &word, 4);
}
#define BLEND(d, s0, s1, s2, s3) blend4((d), _mm_setr_ps((s0), (s1), (s2), (s3)))
#else
#define BLEND(d, s0, s1, s2, s3) blend((d), (s0), (s1), (s2), (s3))
#endif

static inline uint8_t channel(float v, uint8_t limit) {
    uint8_t c = v >= 255.0f ? 255 : (uint8_t)v;
    return c > limit ? limit : c;
}

__attribute__((unused)) static inline void blend(uint8_t *d, float s0, float s1, float s2, float s3) {
    float inv = 1.0f - s3 * (1.0f / 255.0f);
    float a = s3 + (float)d[3] * inv + 0.5f;
    uint8_t A = a >= 255.0f ? 255 : (uint8_t)a;
    d[0] = channel(s0 + (float)d[0] * inv + 0.5f, A);
    d[1] = channel(s1 + (float)d[1] * inv + 0.5f, A);
    d[2] = channel(s2 + (float)d[2] * inv + 0.5f, A);
    d[3] = A;
}

void frost_blend_coverage(uint8_t *dst, const float *cover, int n, const float *clip, float alpha,
                          const float *colour, uint32_t word, int opaque) {
    // UI fills are mostly one colour over one colour: the last (destination, coverage) → result
    // is remembered, so a uniform area costs a compare and a store per pixel.
    uint32_t lastIn = 0, lastOut = 0; float lastK = -1.0f;
    if (!cover && !clip && !(alpha >= 1.0f && opaque)) {
        // One coverage for the whole row: a run of equal destination pixels is one blend.
        if (alpha <= 0.0f) return;
        uint32_t *w = (uint32_t *)(void *)dst;
        int x = 0;
        while (x < n) {
            uint32_t in; memcpy(&in, w + x, 4);
            BLEND((uint8_t *)(w + x), colour[0] * alpha, colour[1] * alpha, colour[2] * alpha, colour[3] * alpha);
            uint32_t out; memcpy(&out, w + x, 4);
            x++;
            while (x < n) {
                uint32_t next; memcpy(&next, w + x, 4);
                if (next != in) break;
                memcpy(w + x, &out, 4);
                x++;
            }
        }
        return;
    }
    if (cover && !clip && alpha >= 1.0f && opaque) {
        // An opaque colour at full opacity: whole pixels are stores, the rest blends.
        int x = 0;
        while (x < n) {
            float k = cover[x];
            if (k >= 1.0f) {
                int e = x + 1;
                while (e < n && cover[e] >= 1.0f) e++;
                uint32_t *w = (uint32_t *)(void *)(dst + 4 * x);
                for (int i = 0; i < e - x; i++) w[i] = word;
                x = e;
                continue;
            }
            if (k > 0.0f) BLEND(dst + 4 * x, colour[0] * k, colour[1] * k, colour[2] * k, colour[3] * k);
            x++;
        }
        return;
    }
    int x = 0;
    while (x < n) {
        float k = cover ? cover[x] : 1.0f;
        if (clip) k *= clip[x];
        k *= alpha;
        if (k >= 1.0f && opaque) {
            // A run of full coverage is a run of one word.
            int e = x + 1;
            while (e < n && (cover ? cover[e] : 1.0f) * (clip ? clip[e] : 1.0f) * alpha >= 1.0f) e++;
            uint32_t *w = (uint32_t *)(void *)(dst + 4 * x);
            for (int i = 0; i < e - x; i++) memcpy(w + i, &word, 4);
            x = e;
            continue;
        }
        if (k > 0.0f) {
            uint32_t in; memcpy(&in, dst + 4 * x, 4);
            if (k == lastK && in == lastIn) {
                memcpy(dst + 4 * x, &lastOut, 4);
            } else {
                BLEND(dst + 4 * x, colour[0] * k, colour[1] * k, colour[2] * k, colour[3] * k);
                lastK = k; lastIn = in; memcpy(&lastOut, dst + 4 * x, 4);
            }
#if defined(__SSE2__)
            if (cover && !clip) {
                // The inside of a translucent shape over a flat background: the same coverage
                // over the same pixel, four at a time, each the result just computed.
                const __m128 kc = _mm_set1_ps(cover[x]);
                const __m128i din = _mm_set1_epi32((int)in), dout = _mm_set1_epi32((int)lastOut);
                int e = x + 1;
                while (e + 4 <= n) {
                    __m128 c4 = _mm_loadu_ps(cover + e);
                    __m128i d4 = _mm_loadu_si128((const __m128i *)(const void *)(dst + 4 * e));
                    if (_mm_movemask_ps(_mm_cmpeq_ps(c4, kc)) != 0xF ||
                        _mm_movemask_epi8(_mm_cmpeq_epi32(d4, din)) != 0xFFFF) break;
                    _mm_storeu_si128((__m128i *)(void *)(dst + 4 * e), dout);
                    e += 4;
                }
                x = e;
                continue;
            }
#endif
        }
        x++;
    }
}

void frost_blend_mask(uint8_t *dst, const uint8_t *mask, int n, const float *clip, float alpha,
                      const float *colour, uint32_t word, int opaque) {
    for (int x = 0; x < n; x++) {
        // Glyph masks are mostly empty: skip four clear pixels at a time.
        while (x + 4 <= n && (mask[4 * x + 3] | mask[4 * x + 7] | mask[4 * x + 11] | mask[4 * x + 15]) == 0) x += 4;
        if (x >= n) break;
        uint8_t m = mask[4 * x + 3];
        if (m == 0) continue;
        float k = (float)m * (1.0f / 255.0f);
        if (clip) k *= clip[x];
        k *= alpha;
        if (k >= 1.0f && opaque) { memcpy(dst + 4 * x, &word, 4); continue; }
        if (k > 0.0f) BLEND(dst + 4 * x, colour[0] * k, colour[1] * k, colour[2] * k, colour[3] * k);
    }
}

void frost_magnify_row(const uint8_t *row, int sw, int n, const int32_t *i0, const int32_t *i1, const float *fu,
                       float *scratch, float *out) {
    // The reduced row as floats once (sw pixels), then each target pixel mixes two of them.
    for (int i = 0; i < 4 * sw; i++) scratch[i] = (float)row[i];
#if defined(__SSE2__)
    for (int x = 0; x < n; x++) {
        __m128 a = _mm_loadu_ps(scratch + 4 * i0[x]), b = _mm_loadu_ps(scratch + 4 * i1[x]);
        _mm_storeu_ps(out + 4 * x, _mm_add_ps(a, _mm_mul_ps(_mm_sub_ps(b, a), _mm_set1_ps(fu[x]))));
    }
#else
    for (int x = 0; x < n; x++) {
        const float *a = scratch + 4 * i0[x], *b = scratch + 4 * i1[x];
        for (int c = 0; c < 4; c++) out[4 * x + c] = a[c] + (b[c] - a[c]) * fu[x];
    }
#endif
}

// The integer source-over both forms share: s (premultiplied bytes, s[c] ≤ s[3]) over d,
// d·(255 − αs) divided by 255 with exact rounding.
static inline uint8_t over_channel(int s, int d, int inv) {
    int m = d * inv + 128;
    int o = s + ((m + (m >> 8)) >> 8);
    return (uint8_t)(o > 255 ? 255 : o);
}

static inline int round_byte(float v) {
    // Nearest, ties to even: what SSE's cvtps2dq does in the default rounding mode.
    float r = __builtin_nearbyintf(v);
    return r < 0.0f ? 0 : (r > 255.0f ? 255 : (int)r);
}

#if defined(__SSE2__)
// Source-over of two 16-bit source pixels onto two 16-bit destination pixels (exact /255).
static inline __m128i over16(__m128i s, __m128i d) {
    __m128i inv = _mm_sub_epi16(_mm_set1_epi16(255), _mm_shufflehi_epi16(_mm_shufflelo_epi16(s, 0xFF), 0xFF));
    __m128i m = _mm_add_epi16(_mm_mullo_epi16(d, inv), _mm_set1_epi16(128));
    m = _mm_srli_epi16(_mm_add_epi16(m, _mm_srli_epi16(m, 8)), 8);
    return _mm_add_epi16(s, m);
}

// Four vertically mixed source pixels as 16-bit lanes; 0 when all four are clear.
static inline int vertical4(const float *top, const float *bottom, float fv, const float *clip, float alpha, const float *tint,
                            __m128i *s01, __m128i *s23) {
    const __m128 w = _mm_set1_ps(fv);
    __m128 v[4];
    for (int p = 0; p < 4; p++) {
        __m128 a = _mm_loadu_ps(top + 4 * p), b = _mm_loadu_ps(bottom + 4 * p);
        v[p] = _mm_add_ps(a, _mm_mul_ps(_mm_sub_ps(b, a), w));
    }
    // A tinted sample below 0.499 / the tint's alpha adds nothing (every channel rounds to 0;
    // the margin keeps float rounding from ever disagreeing with the one-pixel form).
    const __m128 half = _mm_set1_ps(tint && tint[3] > 0 ? 0.499f / tint[3] : 0.5f);
    int any = _mm_movemask_ps(_mm_cmpge_ps(v[0], half)) | _mm_movemask_ps(_mm_cmpge_ps(v[1], half))
            | _mm_movemask_ps(_mm_cmpge_ps(v[2], half)) | _mm_movemask_ps(_mm_cmpge_ps(v[3], half));
    if ((any & 8) == 0) return 0;
    __m128i q[4];
    const __m128 zerof = _mm_setzero_ps(), top255 = _mm_set1_ps(255.0f);
    if (!clip && alpha == 1.0f) {
        // Full strength (the common case): no per-pixel factor. × 1 is exact, so the bytes are
        // those of the general form.
        const __m128 t = tint ? _mm_loadu_ps(tint) : zerof;
        for (int p = 0; p < 4; p++) {
            __m128 src = tint ? _mm_mul_ps(t, _mm_shuffle_ps(v[p], v[p], 0xFF)) : v[p];
            q[p] = _mm_cvtps_epi32(_mm_min_ps(_mm_max_ps(src, zerof), top255));
        }
    } else {
        for (int p = 0; p < 4; p++) {
            float k = alpha;
            if (clip) k *= clip[p];
            __m128 src;
            if (tint) src = _mm_mul_ps(_mm_loadu_ps(tint), _mm_mul_ps(_mm_shuffle_ps(v[p], v[p], 0xFF), _mm_set1_ps(k)));
            else src = _mm_mul_ps(v[p], _mm_set1_ps(k));
            q[p] = _mm_cvtps_epi32(_mm_min_ps(_mm_max_ps(src, zerof), top255));
        }
    }
    *s01 = _mm_packs_epi32(q[0], q[1]);
    *s23 = _mm_packs_epi32(q[2], q[3]);
    return 1;
}
#endif

// One vertically mixed source pixel, rounded as the four-pixel form rounds.
static inline void vertical1(const float *top, const float *bottom, float fv, float k, const float *tint, int out[4]) {
    float v[4];
    for (int c = 0; c < 4; c++) v[c] = top[c] + (bottom[c] - top[c]) * fv;
    if (tint) { float sa = v[3] * k; for (int c = 0; c < 4; c++) v[c] = tint[c] * sa; }
    else for (int c = 0; c < 4; c++) v[c] *= k;
    for (int c = 0; c < 4; c++) out[c] = round_byte(v[c]);
}

static inline void over1(uint8_t *d, const int s[4]) {
    int inv = 255 - s[3];
    for (int ch = 0; ch < 4; ch++) d[ch] = over_channel(s[ch], d[ch], inv);
}

void frost_blend_vertical(uint8_t *dst, const float *top, const float *bottom, float fv, int n,
                          const float *clip, float alpha, const float *tint, int cut0, int cut1) {
    int x = 0;
    while (x < n) {
        if (x == cut0 && cut1 > cut0) { x = cut1; continue; }
#if defined(__SSE2__)
        if (x + 4 <= n && (x + 4 <= cut0 || x >= cut1 || cut1 <= cut0)) {
            __m128i s01, s23;
            if (vertical4(top + 4 * x, bottom + 4 * x, fv, clip ? clip + x : 0, alpha, tint, &s01, &s23)) {
                const __m128i zero = _mm_setzero_si128();
                __m128i d = _mm_loadu_si128((const __m128i *)(const void *)(dst + 4 * x));
                __m128i d01 = over16(s01, _mm_unpacklo_epi8(d, zero)), d23 = over16(s23, _mm_unpackhi_epi8(d, zero));
                _mm_storeu_si128((__m128i *)(void *)(dst + 4 * x), _mm_packus_epi16(d01, d23));
            }
            x += 4;
            continue;
        }
#endif
        float k = alpha;
        if (clip) k *= clip[x];
        int s[4];
        vertical1(top + 4 * x, bottom + 4 * x, fv, k, tint, s);
        if (s[3] != 0) over1(dst + 4 * x, s);
        x++;
    }
}

void frost_blend_vertical_pair(uint8_t *dst, int n, const float *clip, float alpha, const float *tint,
                               const float *stop, const float *sbottom, float sfv,
                               const float *ctop, const float *cbottom, float cfv) {
    int x = 0;
#if defined(__SSE2__)
    const __m128i zero = _mm_setzero_si128();
    for (; x + 4 <= n; x += 4) {
        __m128i ss01, ss23, cs01, cs23;
        const float *cl = clip ? clip + x : 0;
        int hasShadow = vertical4(stop + 4 * x, sbottom + 4 * x, sfv, cl, alpha, tint, &ss01, &ss23);
        int hasContent = vertical4(ctop + 4 * x, cbottom + 4 * x, cfv, cl, alpha, 0, &cs01, &cs23);
        if (!hasShadow && !hasContent) continue;
        __m128i d = _mm_loadu_si128((const __m128i *)(const void *)(dst + 4 * x));
        __m128i d01 = _mm_unpacklo_epi8(d, zero), d23 = _mm_unpackhi_epi8(d, zero);
        if (hasShadow) { d01 = over16(ss01, d01); d23 = over16(ss23, d23); }
        if (hasContent) { d01 = over16(cs01, d01); d23 = over16(cs23, d23); }
        _mm_storeu_si128((__m128i *)(void *)(dst + 4 * x), _mm_packus_epi16(d01, d23));
    }
#endif
    for (; x < n; x++) {
        float k = alpha;
        if (clip) k *= clip[x];
        int s[4], c[4];
        vertical1(stop + 4 * x, sbottom + 4 * x, sfv, k, tint, s);
        vertical1(ctop + 4 * x, cbottom + 4 * x, cfv, k, 0, c);
        if (s[3] != 0) over1(dst + 4 * x, s);
        if (c[3] != 0) over1(dst + 4 * x, c);
    }
}

// The integer source-over of over1/over16 for a row of byte pixels: opaque runs of four are
// stores, clear ones skipped, the rest blended two pixels a register.
void frost_source_over_row(uint8_t *dst, const uint8_t *src, int n) {
    int x = 0;
#if defined(__SSE2__)
    const __m128i amask = _mm_set1_epi32((int)0xFF000000u), zero = _mm_setzero_si128();
    for (; x + 4 <= n; x += 4) {
        __m128i s = _mm_loadu_si128((const __m128i *)(const void *)(src + 4 * x));
        __m128i a = _mm_and_si128(s, amask);
        if (_mm_movemask_epi8(_mm_cmpeq_epi32(a, amask)) == 0xFFFF) {
            _mm_storeu_si128((__m128i *)(void *)(dst + 4 * x), s);
            continue;
        }
        if (_mm_movemask_epi8(_mm_cmpeq_epi32(a, zero)) == 0xFFFF) continue;
        __m128i d = _mm_loadu_si128((const __m128i *)(const void *)(dst + 4 * x));
        __m128i lo = over16(_mm_unpacklo_epi8(s, zero), _mm_unpacklo_epi8(d, zero));
        __m128i hi = over16(_mm_unpackhi_epi8(s, zero), _mm_unpackhi_epi8(d, zero));
        _mm_storeu_si128((__m128i *)(void *)(dst + 4 * x), _mm_packus_epi16(lo, hi));
    }
#endif
    for (; x < n; x++) {
        const uint8_t *p = src + 4 * x;
        if (p[3] == 0) continue;
        const int v[4] = {p[0], p[1], p[2], p[3]};
        over1(dst + 4 * x, v);
    }
}

void frost_composite_row(uint8_t *dst, const uint8_t *src, int n, const float *clip, float alpha) {
    for (int x = 0; x < n; x++) {
        const uint8_t *s = src + 4 * x;
        if (s[3] == 0) continue;
        float k = alpha;
        if (clip) k *= clip[x];
        if (k == 0.0f) continue;
        BLEND(dst + 4 * x, (float)s[0] * k, (float)s[1] * k, (float)s[2] * k, (float)s[3] * k);
    }
}

static inline int frost_paeth(int a, int b, int c) {
    // Branch-free Paeth predictor (pa = |p − a| = |b − c|, pb = |a − c|, pc = |a + b − 2c|).
    int pa = abs(b - c), pb = abs(a - c), pc = abs(a + b - 2 * c);
    int useA = (pa <= pb) & (pa <= pc), useB = (pb <= pc);
    return useA ? a : (useB ? b : c);
}

static inline int frost_cost(uint8_t v) { return abs((int)(int8_t)v); }

/// Bytes [from, to) with a, b, c all present (i ≥ bpp, a previous row): no branches, so
/// compilers vectorise it. Integer sums, so every build gives the same costs. Always inlined:
/// each caller below compiles it for its own instruction set.
static inline __attribute__((always_inline))
void frost_png_costs_body(const uint8_t *row, const uint8_t *up, int from, int to, int bpp, long cost[5]) {
    int c0 = 0, c1 = 0, c2 = 0, c3 = 0, c4 = 0;  /* a row's cost stays far below 2^31 */
    for (int i = from; i < to; i++) {
        int x = row[i], a = row[i - bpp], b = up[i], c = up[i - bpp];
        c0 += frost_cost((uint8_t)x);
        c1 += frost_cost((uint8_t)(x - a));
        c2 += frost_cost((uint8_t)(x - b));
        c3 += frost_cost((uint8_t)(x - ((a + b) >> 1)));
        c4 += frost_cost((uint8_t)(x - frost_paeth(a, b, c)));
    }
    cost[0] += c0; cost[1] += c1; cost[2] += c2; cost[3] += c3; cost[4] += c4;
}

static void frost_png_costs_portable(const uint8_t *row, const uint8_t *up, int from, int to, int bpp, long cost[5]) {
    frost_png_costs_body(row, up, from, to, bpp, cost);
}

#if defined(__x86_64__) && (defined(__clang__) || defined(__GNUC__))
__attribute__((target("avx2")))
static void frost_png_costs_avx2(const uint8_t *row, const uint8_t *up, int from, int to, int bpp, long cost[5]) {
    frost_png_costs_body(row, up, from, to, bpp, cost);
}
#endif

static void frost_png_costs(const uint8_t *row, const uint8_t *up, int from, int to, int bpp, long cost[5], int wide) {
#if defined(__x86_64__) && (defined(__clang__) || defined(__GNUC__))
    if (wide && __builtin_cpu_supports("avx2")) { frost_png_costs_avx2(row, up, from, to, bpp, cost); return; }
#endif
    (void)wide;
    frost_png_costs_portable(row, up, from, to, bpp, cost);
}

int frost_png_filter_row(const uint8_t *row, const uint8_t *up, int n, int bpp, uint8_t *out) {
    return frost_png_filter_row_with(row, up, n, bpp, out, 1);
}

int frost_png_filter_row_with(const uint8_t *row, const uint8_t *up, int n, int bpp, uint8_t *out, int wide) {
    uint8_t *o = out + 1;
    if (!up) {
        // The first row: Sub (None and Up are the same there; Sub wins on UI content).
        out[0] = 1;
        for (int i = 0; i < n; i++) o[i] = (uint8_t)(row[i] - (i >= bpp ? row[i - bpp] : 0));
        return 1;
    }
    long cost[5] = {0, 0, 0, 0, 0};
    int head = n < bpp ? n : bpp;
    for (int i = 0; i < head; i++) {
        int x = row[i], b = up[i];
        cost[0] += frost_cost((uint8_t)x); cost[1] += frost_cost((uint8_t)x);
        cost[2] += frost_cost((uint8_t)(x - b)); cost[3] += frost_cost((uint8_t)(x - (b >> 1)));
        cost[4] += frost_cost((uint8_t)(x - b));
    }
    frost_png_costs(row, up, head, n, bpp, cost, wide);
    int best = 0;
    for (int t = 1; t < 5; t++) if (cost[t] < cost[best]) best = t;
    out[0] = (uint8_t)best;
    switch (best) {
    case 0: memcpy(o, row, (size_t)n); break;
    case 1:
        for (int i = 0; i < head; i++) o[i] = row[i];
        for (int i = head; i < n; i++) o[i] = (uint8_t)(row[i] - row[i - bpp]);
        break;
    case 2: for (int i = 0; i < n; i++) o[i] = (uint8_t)(row[i] - up[i]); break;
    case 3:
        for (int i = 0; i < head; i++) o[i] = (uint8_t)(row[i] - (up[i] >> 1));
        for (int i = head; i < n; i++) o[i] = (uint8_t)(row[i] - ((row[i - bpp] + up[i]) >> 1));
        break;
    default:
        for (int i = 0; i < head; i++) o[i] = (uint8_t)(row[i] - up[i]);
        for (int i = head; i < n; i++) o[i] = (uint8_t)(row[i] - frost_paeth(row[i - bpp], up[i], up[i - bpp]));
        break;
    }
    return best;
}

/* Cross-fade of two byte buffers: out = (a·(256 − w) + b·w + 128) >> 8, w in 0…256. */
static inline __attribute__((always_inline))
void frost_mix_body(const uint8_t *a, const uint8_t *b, uint8_t *out, long n, unsigned w) {
    unsigned iw = 256u - w;
    for (long i = 0; i < n; i++) out[i] = (uint8_t)(((unsigned)a[i] * iw + (unsigned)b[i] * w + 128u) >> 8);
}

static void frost_mix_portable(const uint8_t *a, const uint8_t *b, uint8_t *out, long n, unsigned w) {
    frost_mix_body(a, b, out, n, w);
}

#if defined(__x86_64__) && (defined(__clang__) || defined(__GNUC__))
__attribute__((target("avx2")))
static void frost_mix_avx2(const uint8_t *a, const uint8_t *b, uint8_t *out, long n, unsigned w) {
    frost_mix_body(a, b, out, n, w);
}
#endif

void frost_mix_bytes_with(const uint8_t *a, const uint8_t *b, uint8_t *out, long n, int weight, int wide) {
    unsigned w = weight < 0 ? 0u : weight > 256 ? 256u : (unsigned)weight;
#if defined(__x86_64__) && (defined(__clang__) || defined(__GNUC__))
    if (wide && __builtin_cpu_supports("avx2")) { frost_mix_avx2(a, b, out, n, w); return; }
#endif
    (void)wide;
    frost_mix_portable(a, b, out, n, w);
}

void frost_mix_bytes(const uint8_t *a, const uint8_t *b, uint8_t *out, long n, int weight) {
    frost_mix_bytes_with(a, b, out, n, weight, 1);
}
