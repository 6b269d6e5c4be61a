#include "frost_blur.h"
#include <string.h>

/* Each kernel is one always-inline body compiled twice: as portable C (SSE2 or NEON from the
   auto-vectoriser) and under target("avx2"), chosen per call. Integer arithmetic only, so both
   give the same bytes. 16-bit sums wrap exactly as FixedPointFIR's Swift kernels do; every
   final sum fits 16 bits. */

#if defined(__x86_64__) && (defined(__clang__) || defined(__GNUC__))
#define FROST_HAS_AVX2_PATH 1
#define FROST_AVX2 __attribute__((target("avx2")))
static int frost_avx2(int wide) { return wide && __builtin_cpu_supports("avx2"); }
#else
#define FROST_HAS_AVX2_PATH 0
#endif

#define FROST_BODY static inline __attribute__((always_inline))

/* The tap loops run over a block of lanes held in registers: vectorise the lanes, never the
   taps (clang would otherwise vectorise the tap loop with gathers). */
#if defined(__clang__)
#define FROST_SCALAR_LOOP _Pragma("clang loop vectorize(disable) interleave(disable)")
#else
#define FROST_SCALAR_LOOP
#endif

/* s / 2^shift rounded to nearest, ties to even. The pyramid's sums hit exact ties often (an
   odd row and odd column of an expansion is the mean of four samples: a tie one time in four),
   and rounding ties up biased every level by about +0.05 of a level (0.24 after four). */
#define FROST_RNE(s, shift) ((uint16_t)((uint16_t)((s) + (1u << ((shift) - 1)) - 1u + (((s) >> (shift)) & 1u)) >> (shift)))

/* Declares name_portable and (on x86-64) name_avx2 around name_body, and name(…) dispatching. */
#if FROST_HAS_AVX2_PATH
#define FROST_DISPATCH(name, params, args)                                   \
    static void name##_portable params { name##_body args; }                \
    FROST_AVX2 static void name##_avx2 params { name##_body args; }
#define FROST_CALL(name, wide, args) \
    do { if (frost_avx2(wide)) name##_avx2 args; else name##_portable args; } while (0)
#else
#define FROST_DISPATCH(name, params, args) static void name##_portable params { name##_body args; }
#define FROST_CALL(name, wide, args) do { (void)(wide); name##_portable args; } while (0)
#endif

int frost_cpu_has_avx2(void) {
#if FROST_HAS_AVX2_PATH
    return frost_avx2(1);
#else
    return 0;
#endif
}

/* ---- Fixed-point FIR ---------------------------------------------------------------------- */

/* The fixed-point FIR on interleaved RGBA: the vertical pass reads the source rows' bytes
   directly (widened to 16 bits as it loads them), the horizontal pass reads a 16-bit row whose
   neighbours in x are 4 lanes apart. Same arithmetic as FixedPointFIR's Swift kernels (which
   split channels into even and odd planes): Q8 weights, wrapping 16-bit sums, each pass
   rounded (s + 128) >> 8 — so the same bytes. */

#define FIR_V_BLOCK(B)                                                                          \
    do {                                                                                        \
        uint16_t acc[B];                                                                        \
        for (int l = 0; l < B; l++) acc[l] = (uint16_t)(mid[k + l] * w[0]);                     \
        FROST_SCALAR_LOOP                                                                       \
        for (int j = 1; j <= r; j++) {                                                          \
            const uint8_t *a = rows[r - j] + k, *b = rows[r + j] + k;                           \
            uint16_t wj = w[j];                                                                 \
            for (int l = 0; l < B; l++) acc[l] = (uint16_t)(acc[l] + (uint16_t)(a[l] + b[l]) * wj); \
        }                                                                                       \
        for (int l = 0; l < B; l++) out[k + l] = (uint16_t)((uint16_t)(acc[l] + 128) >> 8);    \
    } while (0)

FROST_BODY void fir_v8_body(const uint8_t *const *rows, int r, const uint16_t *w, long n, uint16_t *out) {
    const uint8_t *mid = rows[r];
    long k = 0;
    for (; k + 64 <= n; k += 64) FIR_V_BLOCK(64);
    for (; k + 16 <= n; k += 16) FIR_V_BLOCK(16);
    for (; k < n; k++) {
        uint16_t acc = (uint16_t)(mid[k] * w[0]);
        FROST_SCALAR_LOOP
        for (int j = 1; j <= r; j++) acc = (uint16_t)(acc + (uint16_t)(rows[r - j][k] + rows[r + j][k]) * w[j]);
        out[k] = (uint16_t)((uint16_t)(acc + 128) >> 8);
    }
}
FROST_DISPATCH(fir_v8, (const uint8_t *const *rows, int r, const uint16_t *w, long n, uint16_t *out),
               (rows, r, w, n, out))
void frost_fir_vertical_bytes(const uint8_t *const *rows, int r, const uint16_t *w, long n, uint16_t *out, int wide) {
    FROST_CALL(fir_v8, wide, (rows, r, w, n, out));
}

#define FIR_H_BLOCK(B)                                                                          \
    do {                                                                                        \
        uint16_t acc[B];                                                                        \
        const uint16_t *c = in + 4 * r + k;                                                     \
        for (int l = 0; l < B; l++) acc[l] = (uint16_t)(c[l] * w[0]);                           \
        FROST_SCALAR_LOOP                                                                       \
        for (int j = 1; j <= r; j++) {                                                          \
            const uint16_t *a = c - 4 * j, *b = c + 4 * j;                                      \
            uint16_t wj = w[j];                                                                 \
            for (int l = 0; l < B; l++) acc[l] = (uint16_t)(acc[l] + (uint16_t)(a[l] + b[l]) * wj); \
        }                                                                                       \
        for (int l = 0; l < B; l++) out[k + l] = (uint8_t)((uint16_t)(acc[l] + 128) >> 8);     \
    } while (0)

FROST_BODY void fir_h16_body(const uint16_t *in, int r, const uint16_t *w, int pixels, uint8_t *out) {
    long n = 4L * pixels, k = 0;
    for (; k + 64 <= n; k += 64) FIR_H_BLOCK(64);
    for (; k + 16 <= n; k += 16) FIR_H_BLOCK(16);
    for (; k < n; k++) {
        const uint16_t *c = in + 4 * r + k;
        uint16_t acc = (uint16_t)(c[0] * w[0]);
        FROST_SCALAR_LOOP
        for (int j = 1; j <= r; j++) acc = (uint16_t)(acc + (uint16_t)(c[-4 * j] + c[4 * j]) * w[j]);
        out[k] = (uint8_t)((uint16_t)(acc + 128) >> 8);
    }
}
FROST_DISPATCH(fir_h16, (const uint16_t *in, int r, const uint16_t *w, int pixels, uint8_t *out),
               (in, r, w, pixels, out))
void frost_fir_horizontal_rgba(const uint16_t *in, int r, const uint16_t *w, int pixels, uint8_t *out, int wide) {
    FROST_CALL(fir_h16, wide, (in, r, w, pixels, out));
}

/* ---- Binomial pyramid --------------------------------------------------------------------- */

FROST_BODY void pyr_down_v_body(const uint8_t *const *rows, long n, uint16_t *out, int halve) {
    if (!halve) {
        const uint8_t *m = rows[2];
        if (!m) { memset(out, 0, 2 * (size_t)n); return; }
        for (long i = 0; i < n; i++) out[i] = (uint16_t)(m[i] << 4);
        return;
    }
    const uint8_t *r0 = rows[0], *r1 = rows[1], *r2 = rows[2], *r3 = rows[3], *r4 = rows[4];
    if (r0 && r1 && r2 && r3 && r4) {
        for (long i = 0; i < n; i++)
            out[i] = (uint16_t)(r0[i] + r4[i] + 4 * (r1[i] + r3[i]) + 6 * r2[i]);
        return;
    }
    /* Transparent edge rows: the same sum with the missing rows as 0. */
    memset(out, 0, 2 * (size_t)n);
    static const int weight[5] = {1, 4, 6, 4, 1};
    for (int j = 0; j < 5; j++) {
        const uint8_t *p = rows[j];
        if (!p) continue;
        int wj = weight[j];
        for (long i = 0; i < n; i++) out[i] = (uint16_t)(out[i] + wj * p[i]);
    }
}
FROST_DISPATCH(pyr_down_v, (const uint8_t *const *rows, long n, uint16_t *out, int halve), (rows, n, out, halve))
void frost_pyr_down_v(const uint8_t *const *rows, long n, uint16_t *out, int halve, int wide) {
    FROST_CALL(pyr_down_v, wide, (rows, n, out, halve));
}

FROST_BODY void pyr_down_h_body(const uint16_t *in, int m, uint8_t *out, int halve, uint16_t *t) {
    if (!halve) {
        for (long i = 0; i < 4L * m; i++) out[i] = (uint8_t)FROST_RNE((uint16_t)(16 * in[i]), 8);
        return;
    }
    /* Each pixel's four 16-bit channels as one 64-bit word: every channel's sum fits 16 bits
       (≤ 16 · 4080), so word arithmetic never carries between channels. The even pixels'
       sums first (stride-2 word loads), then the rounding over contiguous lanes. */
    const uint64_t *w = (const uint64_t *)(const void *)in;
    uint64_t *t64 = (uint64_t *)(void *)t;
    for (long i = 0; i < m; i++) {
        const uint64_t *p = w + 2 * i;
        t64[i] = p[-2] + p[2] + 4 * (p[-1] + p[1]) + 6 * p[0];
    }
    for (long l = 0; l < 4L * m; l++) out[l] = (uint8_t)FROST_RNE(t[l], 8);
}
FROST_DISPATCH(pyr_down_h, (const uint16_t *in, int m, uint8_t *out, int halve, uint16_t *t), (in, m, out, halve, t))
void frost_pyr_down_h(const uint16_t *in, int m, uint8_t *out, int halve, uint16_t *scratch, int wide) {
    FROST_CALL(pyr_down_h, wide, (in, m, out, halve, scratch));
}

/* ---- 16-bit expansion (the pyramid's up chain at 4 fractional bits) ----------------------
   The levels the expansion writes, and the small level's blur, keep 4 bits below the 8-bit
   level (values 0…4080): rounding them to 8 bits cost 2–2.5 dB at every depth (measured), while
   the halving's 8-bit levels cost almost nothing. */

/* Small-level FIR, vertical: 8-bit rows × Q12 weights (sum 4096) in 32-bit sums, a block of
   lanes in registers, out 16 · value (÷ 256, ties to even). Q8 weights were the pyramid's
   largest error where the window holds strong edges: their rounding errors, ≤ 1/512 of the
   total per tap, multiply the signal's total variation across the kernel (55 dB at σ 64 with
   mirrored edges and alpha). */
#define FIR_SMALL_V_BLOCK(B)                                                                    \
    do {                                                                                        \
        uint32_t acc[B];                                                                        \
        for (int l = 0; l < B; l++) acc[l] = (uint32_t)mid[k + l] * w[0];                       \
        FROST_SCALAR_LOOP                                                                       \
        for (int j = 1; j <= r; j++) {                                                          \
            const uint8_t *a = rows[r - j] + k, *b = rows[r + j] + k;                           \
            uint32_t wj = w[j];                                                                 \
            for (int l = 0; l < B; l++) acc[l] += (uint32_t)(a[l] + b[l]) * wj;                 \
        }                                                                                       \
        for (int l = 0; l < B; l++) out[k + l] = (uint16_t)((acc[l] + 127u + ((acc[l] >> 8) & 1u)) >> 8); \
    } while (0)

FROST_BODY void fir_small_v_body(const uint8_t *const *rows, int r, const uint16_t *w, long n, uint16_t *out) {
    const uint8_t *mid = rows[r];
    long k = 0;
    for (; k + 32 <= n; k += 32) FIR_SMALL_V_BLOCK(32);
    for (; k < n; k++) FIR_SMALL_V_BLOCK(1);
}
FROST_DISPATCH(fir_small_v, (const uint8_t *const *rows, int r, const uint16_t *w, long n, uint16_t *out),
               (rows, r, w, n, out))
void frost_fir_small_vertical(const uint8_t *const *rows, int r, const uint16_t *w, long n, uint16_t *out, int wide) {
    FROST_CALL(fir_small_v, wide, (rows, r, w, n, out));
}

/* Small-level FIR, horizontal: a 16-bit RGBA row (16 · value, `r` pixels of padding each
   side) × Q12 weights in, 16 · value out (÷ 4096, ties to even); 32-bit sums (≤ 4080 · 4096). */
#define FIR_SMALL_H_BLOCK(B)                                                                    \
    do {                                                                                        \
        uint32_t acc[B];                                                                        \
        for (int l = 0; l < B; l++) acc[l] = (uint32_t)c[k + l] * w[0];                         \
        FROST_SCALAR_LOOP                                                                       \
        for (int j = 1; j <= r; j++) {                                                          \
            const uint16_t *a = c + k - 4 * j, *b = c + k + 4 * j;                              \
            uint32_t wj = w[j];                                                                 \
            for (int l = 0; l < B; l++) acc[l] += (uint32_t)(a[l] + b[l]) * wj;                 \
        }                                                                                       \
        for (int l = 0; l < B; l++) out[k + l] = (uint16_t)((acc[l] + 2047u + ((acc[l] >> 12) & 1u)) >> 12); \
    } while (0)

FROST_BODY void fir_small_h_body(const uint16_t *in, int r, const uint16_t *w, int pixels, uint16_t *out) {
    long n = 4L * pixels, k = 0;
    const uint16_t *c = in + 4 * r;
    for (; k + 32 <= n; k += 32) FIR_SMALL_H_BLOCK(32);
    for (; k + 4 <= n; k += 4) FIR_SMALL_H_BLOCK(4);
}
FROST_DISPATCH(fir_small_h, (const uint16_t *in, int r, const uint16_t *w, int pixels, uint16_t *out),
               (in, r, w, pixels, out))
void frost_fir_small_horizontal(const uint16_t *in, int r, const uint16_t *w, int pixels, uint16_t *out, int wide) {
    FROST_CALL(fir_small_h, wide, (in, r, w, pixels, out));
}

/* Expansion, vertical, from 16-bit rows (16 · value): even rows a + 6b + c, odd rows 4b + 4c,
   brought back to 16 · value (÷ 8, ties to even); `halve` 0: b. */
FROST_BODY void pyr_up_v16_body(const uint16_t *a, const uint16_t *b, const uint16_t *c, long n, uint16_t *out,
                                int odd, int halve) {
    if (!halve) {
        for (long i = 0; i < n; i++) out[i] = b[i];
    } else if (odd) {
        for (long i = 0; i < n; i++) { uint16_t s = (uint16_t)(4 * (b[i] + c[i])); out[i] = FROST_RNE(s, 3); }
    } else {
        for (long i = 0; i < n; i++) { uint16_t s = (uint16_t)(a[i] + c[i] + 6 * b[i]); out[i] = FROST_RNE(s, 3); }
    }
}
FROST_DISPATCH(pyr_up_v16, (const uint16_t *a, const uint16_t *b, const uint16_t *c, long n, uint16_t *out, int odd, int halve),
               (a, b, c, n, out, odd, halve))
void frost_pyr_up_v16(const uint16_t *a, const uint16_t *b, const uint16_t *c, long n, uint16_t *out, int odd,
                      int halve, int wide) {
    FROST_CALL(pyr_up_v16, wide, (a, b, c, n, out, odd, halve));
}

/* Expansion, horizontal, from a 16-bit row (16 · value; 1 pixel before it, 2 after): pixel 2i =
   v[i−1] + 6v[i] + v[i+1], pixel 2i+1 = 4v[i] + 4v[i+1] (×8; `halve` 0: 8v[i]); written as
   bytes (`bytes` 1: ÷ 128) or as 16 · value (÷ 8), ties to even. `scratch` holds 8·count + 64
   16-bit values. */
FROST_BODY void pyr_up_h16_body(const uint16_t *v, int count, void *out, int halve, int bytes, uint16_t *t) {
    uint8_t *o8 = (uint8_t *)out;
    uint16_t *o16 = (uint16_t *)out;
    if (!halve) {
        for (long i = 0; i < 4L * count; i++) {
            uint16_t s = (uint16_t)(8 * v[i]);
            if (bytes) o8[i] = (uint8_t)FROST_RNE(s, 7); else o16[i] = FROST_RNE(s, 3);
        }
        return;
    }
    int pairs = (count + 1) / 2, full = count / 2;
    if (bytes) {
        /* Even and odd outputs as two rows of bytes, then interleaved pixel by pixel. */
        uint8_t *e = (uint8_t *)t, *o = e + 4L * pairs + 16;
        for (long l = 0; l < 4L * pairs; l++) {
            uint16_t se = (uint16_t)(v[l - 4] + v[l + 4] + 6 * v[l]), so = (uint16_t)(4 * (v[l] + v[l + 4]));
            e[l] = (uint8_t)FROST_RNE(se, 7);
            o[l] = (uint8_t)FROST_RNE(so, 7);
        }
        const uint32_t *e32 = (const uint32_t *)(const void *)e, *o32 = (const uint32_t *)(const void *)o;
        for (int i = 0; i < full; i++) {
            uint64_t pair = (uint64_t)e32[i] | ((uint64_t)o32[i] << 32);  /* little-endian: even first */
            memcpy(o8 + 8 * (long)i, &pair, 8);
        }
        if (count & 1) memcpy(o8 + 8 * (long)full, e32 + full, 4);
    } else {
        uint16_t *e = t, *o = t + 4L * pairs + 16;
        for (long l = 0; l < 4L * pairs; l++) {
            uint16_t se = (uint16_t)(v[l - 4] + v[l + 4] + 6 * v[l]), so = (uint16_t)(4 * (v[l] + v[l + 4]));
            e[l] = FROST_RNE(se, 3);
            o[l] = FROST_RNE(so, 3);
        }
        const uint64_t *e64 = (const uint64_t *)(const void *)e, *d64 = (const uint64_t *)(const void *)o;
        for (int i = 0; i < full; i++) {
            memcpy(o16 + 8 * (long)i, e64 + i, 8);
            memcpy(o16 + 8 * (long)i + 4, d64 + i, 8);
        }
        if (count & 1) memcpy(o16 + 8 * (long)full, e64 + full, 8);
    }
}
FROST_DISPATCH(pyr_up_h16, (const uint16_t *v, int count, void *out, int halve, int bytes, uint16_t *t),
               (v, count, out, halve, bytes, t))
void frost_pyr_up_h16(const uint16_t *v, int count, void *out, int halve, int bytes, uint16_t *scratch, int wide) {
    FROST_CALL(pyr_up_h16, wide, (v, count, out, halve, bytes, scratch));
}
