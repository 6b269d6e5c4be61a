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

void frost_magnify_row(const uint8_t *row, int n, const int32_t *i0, const int32_t *i1, const float *fu, float *out) {
    for (int x = 0; x < n; x++) {
        const uint8_t *a = row + 4 * i0[x], *b = row + 4 * i1[x];
        float f = fu[x];
        for (int c = 0; c < 4; c++) {
            float t0 = (float)a[c], t1 = (float)b[c];
            out[4 * x + c] = t0 + (t1 - t0) * f;
        }
    }
}

void frost_blend_magnified(uint8_t *dst, const float *top, const float *bottom, float fv, int n,
                           const float *clip, float alpha, const float *tint, int cut0, int cut1) {
    for (int x = 0; x < n; x++) {
        if (x == cut0 && cut1 > cut0) { x = cut1 - 1; continue; }
        const float *t = top + 4 * x, *b = bottom + 4 * x;
        float sa = t[3] + (b[3] - t[3]) * fv;
        if (sa < 0.5f) continue;
        float k = alpha;
        if (clip) k *= clip[x];
        if (tint) {
            float a = sa * k;
            BLEND(dst + 4 * x, tint[0] * a, tint[1] * a, tint[2] * a, tint[3] * a);
        } else {
            BLEND(dst + 4 * x, (t[0] + (b[0] - t[0]) * fv) * k, (t[1] + (b[1] - t[1]) * fv) * k,
                  (t[2] + (b[2] - t[2]) * fv) * k, sa * k);
        }
    }
}

void frost_row_to_float(const uint8_t *row, int n, float *out) {
    for (int i = 0; i < 4 * n; i++) out[i] = (float)row[i];
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
// Four magnified source pixels as premultiplied 16-bit lanes (pixels 0–1 in *s01, 2–3 in *s23),
// rounded as the one-pixel form rounds; 0 when all four are clear.
static inline int sources4(const float *scratch, const int32_t *i0, const int32_t *i1, const float *fu,
                           const float *clip, float alpha, const float *tint, __m128i *s01, __m128i *s23) {
    __m128 v[4];
    for (int p = 0; p < 4; p++) {
        __m128 a = _mm_loadu_ps(scratch + 4 * i0[p]), b = _mm_loadu_ps(scratch + 4 * i1[p]);
        v[p] = _mm_add_ps(a, _mm_mul_ps(_mm_sub_ps(b, a), _mm_set1_ps(fu[p])));
    }
    const __m128 half = _mm_set1_ps(0.5f);
    int any = _mm_movemask_ps(_mm_cmpge_ps(v[0], half)) | _mm_movemask_ps(_mm_cmpge_ps(v[1], half))
            | _mm_movemask_ps(_mm_cmpge_ps(v[2], half)) | _mm_movemask_ps(_mm_cmpge_ps(v[3], half));
    if ((any & 8) == 0) return 0;
    __m128i q[4];
    for (int p = 0; p < 4; p++) {
        float k = alpha;
        if (clip) k *= clip[p];
        __m128 src;
        if (tint) src = _mm_mul_ps(_mm_loadu_ps(tint), _mm_mul_ps(_mm_shuffle_ps(v[p], v[p], 0xFF), _mm_set1_ps(k)));
        else src = _mm_mul_ps(v[p], _mm_set1_ps(k));
        q[p] = _mm_cvtps_epi32(_mm_min_ps(_mm_max_ps(src, _mm_setzero_ps()), _mm_set1_ps(255.0f)));
    }
    *s01 = _mm_packs_epi32(q[0], q[1]);
    *s23 = _mm_packs_epi32(q[2], q[3]);
    return 1;
}

// Source-over of two 16-bit source pixels onto two 16-bit destination pixels (exact /255).
static inline __m128i over16(__m128i s, __m128i d) {
    __m128i inv = _mm_sub_epi16(_mm_set1_epi16(255), _mm_shufflehi_epi16(_mm_shufflelo_epi16(s, 0xFF), 0xFF));
    __m128i m = _mm_add_epi16(_mm_mullo_epi16(d, inv), _mm_set1_epi16(128));
    m = _mm_srli_epi16(_mm_add_epi16(m, _mm_srli_epi16(m, 8)), 8);
    return _mm_add_epi16(s, m);
}

// Four magnified pixels at once: the sources in float, the blend in 16-bit lanes. Lanes are
// independent and use the operations of the one-pixel form, so both give the same bytes
// (a source below ½ rounds to 0, and blending 0 leaves a pixel unchanged, as the skip does).
static inline void magnified4(uint8_t *dst, const float *scratch, const int32_t *i0, const int32_t *i1, const float *fu,
                              const float *clip, float alpha, const float *tint) {
    __m128i s01, s23;
    if (!sources4(scratch, i0, i1, fu, clip, alpha, tint, &s01, &s23)) return;
    const __m128i zero = _mm_setzero_si128();
    __m128i d = _mm_loadu_si128((const __m128i *)(const void *)dst);
    __m128i d01 = over16(s01, _mm_unpacklo_epi8(d, zero)), d23 = over16(s23, _mm_unpackhi_epi8(d, zero));
    _mm_storeu_si128((__m128i *)(void *)dst, _mm_packus_epi16(d01, d23));
}
#endif

void frost_blend_magnified_rows(uint8_t *dst, const float *small0, const float *small1, int sw, float fv, float *scratch,
                                int n, const int32_t *i0, const int32_t *i1, const float *fu,
                                const float *clip, float alpha, const float *tint, int cut0, int cut1) {
    for (int i = 0; i < 4 * sw; i++) scratch[i] = small0[i] + (small1[i] - small0[i]) * fv;
    for (int x = 0; x < n; x++) {
        if (x == cut0 && cut1 > cut0) { x = cut1 - 1; continue; }
#if defined(__SSE2__)
        // Blocks of four that stay clear of the skipped span.
        while (x + 4 <= n && (x + 4 <= cut0 || x >= cut1 || cut1 <= cut0)) {
            magnified4(dst + 4 * x, scratch, i0 + x, i1 + x, fu + x, clip ? clip + x : 0, alpha, tint);
            x += 4;
        }
        if (x >= n) break;
        if (x == cut0 && cut1 > cut0) { x = cut1 - 1; continue; }
#endif
        const float *a = scratch + 4 * i0[x], *b = scratch + 4 * i1[x];
        float f = fu[x];
        float k = alpha;
        if (clip) k *= clip[x];
#if defined(__SSE2__)
        __m128 va = _mm_loadu_ps(a), vb = _mm_loadu_ps(b);
        __m128 v = _mm_add_ps(va, _mm_mul_ps(_mm_sub_ps(vb, va), _mm_set1_ps(f)));
        if (_mm_cvtss_f32(_mm_shuffle_ps(v, v, 0xFF)) < 0.5f) continue;
        if (tint) v = _mm_mul_ps(_mm_loadu_ps(tint), _mm_mul_ps(_mm_shuffle_ps(v, v, 0xFF), _mm_set1_ps(k)));
        else v = _mm_mul_ps(v, _mm_set1_ps(k));
        __m128i si = _mm_cvtps_epi32(_mm_min_ps(_mm_max_ps(v, _mm_setzero_ps()), _mm_set1_ps(255.0f)));
        __m128i zero = _mm_setzero_si128();
        __m128i s16 = _mm_packs_epi32(si, zero);                       // r g b a as 16-bit
        __m128i inv = _mm_sub_epi16(_mm_set1_epi16(255), _mm_shufflelo_epi16(s16, 0xFF));
        uint32_t word; memcpy(&word, dst + 4 * x, 4);
        __m128i d16 = _mm_unpacklo_epi8(_mm_cvtsi32_si128((int)word), zero);
        __m128i m = _mm_add_epi16(_mm_mullo_epi16(d16, inv), _mm_set1_epi16(128));
        m = _mm_srli_epi16(_mm_add_epi16(m, _mm_srli_epi16(m, 8)), 8);
        word = (uint32_t)_mm_cvtsi128_si32(_mm_packus_epi16(_mm_add_epi16(s16, m), zero));
        memcpy(dst + 4 * x, &word, 4);
#else
        float v[4];
        for (int c = 0; c < 4; c++) v[c] = a[c] + (b[c] - a[c]) * f;
        if (v[3] < 0.5f) continue;
        if (tint) { float sa = v[3] * k; for (int c = 0; c < 4; c++) v[c] = tint[c] * sa; }
        else for (int c = 0; c < 4; c++) v[c] *= k;
        int s0 = round_byte(v[0]), s1 = round_byte(v[1]), s2 = round_byte(v[2]), s3 = round_byte(v[3]);
        uint8_t *d = dst + 4 * x;
        int inv = 255 - s3;
        d[0] = over_channel(s0, d[0], inv); d[1] = over_channel(s1, d[1], inv);
        d[2] = over_channel(s2, d[2], inv); d[3] = over_channel(s3, d[3], inv);
#endif
    }
}

// One magnified source pixel, premultiplied bytes in int lanes (the one-pixel form's rounding).
static inline void magnified_source(const float *scratch, int32_t i0, int32_t i1, float fu, float k, const float *tint, int out[4]) {
    const float *a = scratch + 4 * i0, *b = scratch + 4 * i1;
    float v[4];
    for (int c = 0; c < 4; c++) v[c] = a[c] + (b[c] - a[c]) * fu;
    if (tint) { float sa = v[3] * k; for (int c = 0; c < 4; c++) v[c] = tint[c] * sa; }
    else for (int c = 0; c < 4; c++) v[c] *= k;
    for (int c = 0; c < 4; c++) out[c] = v[3] < 0.5f && !tint ? 0 : round_byte(v[c]);
    if (tint && a[3] + (b[3] - a[3]) * fu < 0.5f) { out[0] = out[1] = out[2] = out[3] = 0; }
}

void frost_blend_magnified_pair(uint8_t *dst, int n, const float *clip, float alpha, const float *tint,
                                const float *s0, const float *s1, int ssw, float sfv, float *sscratch,
                                const int32_t *si0, const int32_t *si1, const float *sfu,
                                const float *c0, const float *c1, int csw, float cfv, float *cscratch,
                                const int32_t *ci0, const int32_t *ci1, const float *cfu) {
    for (int i = 0; i < 4 * ssw; i++) sscratch[i] = s0[i] + (s1[i] - s0[i]) * sfv;
    for (int i = 0; i < 4 * csw; i++) cscratch[i] = c0[i] + (c1[i] - c0[i]) * cfv;
    int x = 0;
#if defined(__SSE2__)
    // Blocks of four: both sources, then the destination loaded and stored once. The
    // intermediate never saturates (a source-over result stays ≤ 255), so this equals two passes.
    const __m128i zero = _mm_setzero_si128();
    for (; x + 4 <= n; x += 4) {
        __m128i ss01, ss23, cs01, cs23;
        int hasShadow = sources4(sscratch, si0 + x, si1 + x, sfu + x, clip ? clip + x : 0, alpha, tint, &ss01, &ss23);
        int hasContent = sources4(cscratch, ci0 + x, ci1 + x, cfu + x, clip ? clip + x : 0, alpha, 0, &cs01, &cs23);
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
        magnified_source(sscratch, si0[x], si1[x], sfu[x], k, tint, s);
        magnified_source(cscratch, ci0[x], ci1[x], cfu[x], k, 0, c);
        if ((s[3] | c[3]) == 0) continue;
        uint8_t *d = dst + 4 * x;
        int inv = 255 - s[3];
        for (int ch = 0; ch < 4; ch++) d[ch] = over_channel(s[ch], d[ch], inv);
        inv = 255 - c[3];
        for (int ch = 0; ch < 4; ch++) d[ch] = over_channel(c[ch], d[ch], inv);
    }
}
