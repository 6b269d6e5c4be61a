#include "frost_png.h"
#include <stdlib.h>
#include <string.h>
#if defined(__SSE2__)
#include <emmintrin.h>
#endif

/* Paeth's predictor as the PNG specification writes it (ties: a, then b, then c). */
static inline int frost_png_paeth(int a, int b, int c) {
    int pa = abs(b - c), pb = abs(a - c), pc = abs(a + b - 2 * c);
    return (pa <= pb && pa <= pc) ? a : (pb <= pc ? b : c);
}

/* Paeth for bpp-byte pixels: the bpp lanes of one pixel are independent, so each step works
   on a whole pixel and the compiler keeps them in registers; the only chain is pixel to pixel. */
#define FROST_UNPAETH(BPP)                                                              \
    static void frost_unpaeth_##BPP(uint8_t *row, const uint8_t *up, int n) {          \
        int a[BPP], c[BPP];                                                            \
        for (int k = 0; k < BPP && k < n; k++) {                                       \
            row[k] = (uint8_t)(row[k] + up[k]);                                        \
            a[k] = row[k]; c[k] = up[k];                                               \
        }                                                                              \
        for (int i = BPP; i + BPP <= n; i += BPP) {                                    \
            for (int k = 0; k < BPP; k++) {                                            \
                int b = up[i + k];                                                     \
                int v = (uint8_t)(row[i + k] + frost_png_paeth(a[k], b, c[k]));        \
                row[i + k] = (uint8_t)v; a[k] = v; c[k] = b;                           \
            }                                                                          \
        }                                                                              \
    }
#if defined(__SSE2__)
/* Paeth for 3- and 4-byte pixels with one pixel's lanes in a 16-bit SSE2 vector (every x86-64
   has SSE2): the predictor is a chain from pixel to pixel, so the win is doing a pixel's bytes
   at once without branches. a = c = 0 before the first pixel gives Up there, as required. */
static inline __attribute__((always_inline)) void frost_unpaeth_sse2(uint8_t *row, const uint8_t *up, int n, const int bpp) {
    const __m128i zero = _mm_setzero_si128(), low = _mm_set1_epi16(0xFF);
    __m128i a = zero, c = zero;
    for (int i = 0; i + bpp <= n; i += bpp) {
        uint32_t bv = 0, xv = 0;
        memcpy(&bv, up + i, (size_t)bpp);
        memcpy(&xv, row + i, (size_t)bpp);
        __m128i b = _mm_unpacklo_epi8(_mm_cvtsi32_si128((int)bv), zero);
        __m128i x = _mm_unpacklo_epi8(_mm_cvtsi32_si128((int)xv), zero);
        __m128i da = _mm_sub_epi16(b, c), db = _mm_sub_epi16(a, c), dc = _mm_add_epi16(da, db);
        __m128i pa = _mm_max_epi16(da, _mm_sub_epi16(zero, da));
        __m128i pb = _mm_max_epi16(db, _mm_sub_epi16(zero, db));
        __m128i pc = _mm_max_epi16(dc, _mm_sub_epi16(zero, dc));
        __m128i notA = _mm_or_si128(_mm_cmpgt_epi16(pa, pb), _mm_cmpgt_epi16(pa, pc));
        __m128i notB = _mm_cmpgt_epi16(pb, pc);
        __m128i bc = _mm_or_si128(_mm_and_si128(notB, c), _mm_andnot_si128(notB, b));
        __m128i pred = _mm_or_si128(_mm_and_si128(notA, bc), _mm_andnot_si128(notA, a));
        x = _mm_and_si128(_mm_add_epi16(x, pred), low);
        uint32_t out = (uint32_t)_mm_cvtsi128_si32(_mm_packus_epi16(x, x));
        memcpy(row + i, &out, (size_t)bpp);
        a = x; c = b;
    }
}
#endif

FROST_UNPAETH(1)
FROST_UNPAETH(2)
FROST_UNPAETH(3)
FROST_UNPAETH(4)

int frost_png_unfilter_row(uint8_t *row, const uint8_t *up, int n, int bpp, int type) {
    switch (type) {
    case 0: return 0;
    case 1:
        for (int i = bpp; i < n; i++) row[i] = (uint8_t)(row[i] + row[i - bpp]);
        return 0;
    case 2:
        if (up) for (int i = 0; i < n; i++) row[i] = (uint8_t)(row[i] + up[i]);
        return 0;
    case 3:
        if (up) {
            for (int i = 0; i < bpp && i < n; i++) row[i] = (uint8_t)(row[i] + (up[i] >> 1));
            for (int i = bpp; i < n; i++) row[i] = (uint8_t)(row[i] + ((row[i - bpp] + up[i]) >> 1));
        } else {
            for (int i = bpp; i < n; i++) row[i] = (uint8_t)(row[i] + (row[i - bpp] >> 1));
        }
        return 0;
    case 4:
        if (!up) {  /* b = c = 0: Paeth picks a, the Sub filter */
            for (int i = bpp; i < n; i++) row[i] = (uint8_t)(row[i] + row[i - bpp]);
            return 0;
        }
#if defined(__SSE2__)
        /* Constant pixel sizes, so the 3- and 4-byte copies are single moves. */
        if (bpp == 3) { frost_unpaeth_sse2(row, up, n, 3); return 0; }
        if (bpp == 4) { frost_unpaeth_sse2(row, up, n, 4); return 0; }
#endif
        switch (bpp) {
        case 1: frost_unpaeth_1(row, up, n); break;
        case 2: frost_unpaeth_2(row, up, n); break;
        case 3: frost_unpaeth_3(row, up, n); break;
        default: frost_unpaeth_4(row, up, n); break;
        }
        return 0;
    default: return -1;
    }
}

void frost_png_filter_row_type(const uint8_t *row, const uint8_t *up, int n, int bpp, int type, uint8_t *out) {
    uint8_t *o = out + 1;
    out[0] = (uint8_t)type;
    int head = n < bpp ? n : bpp;
    switch (type) {
    case 1:
        memcpy(o, row, (size_t)head);
        for (int i = head; i < n; i++) o[i] = (uint8_t)(row[i] - row[i - bpp]);
        break;
    case 2:
        if (up) for (int i = 0; i < n; i++) o[i] = (uint8_t)(row[i] - up[i]);
        else memcpy(o, row, (size_t)n);
        break;
    case 3:
        for (int i = 0; i < head; i++) o[i] = (uint8_t)(row[i] - (up ? up[i] >> 1 : 0));
        for (int i = head; i < n; i++) o[i] = (uint8_t)(row[i] - ((row[i - bpp] + (up ? up[i] : 0)) >> 1));
        break;
    case 4:
        if (!up) {
            memcpy(o, row, (size_t)head);
            for (int i = head; i < n; i++) o[i] = (uint8_t)(row[i] - row[i - bpp]);
            break;
        }
        for (int i = 0; i < head; i++) o[i] = (uint8_t)(row[i] - up[i]);
        for (int i = head; i < n; i++) o[i] = (uint8_t)(row[i] - frost_png_paeth(row[i - bpp], up[i], up[i - bpp]));
        break;
    default:
        memcpy(o, row, (size_t)n);
        break;
    }
}

/* round(c·a/255) without division, as Premultiplication.mul. */
static inline uint8_t frost_png_mul(unsigned c, unsigned a) {
    unsigned t = c * a + 128u;
    return (uint8_t)((t + (t >> 8)) >> 8);
}

void frost_png_row_to_rgba(const uint8_t *src, int w, int channels, uint8_t *dst) {
    switch (channels) {
    case 1:
        for (int x = 0; x < w; x++) { uint8_t g = src[x]; dst[4 * x] = g; dst[4 * x + 1] = g; dst[4 * x + 2] = g; dst[4 * x + 3] = 255; }
        break;
    case 2:
        for (int x = 0; x < w; x++) {
            unsigned a = src[2 * x + 1];
            uint8_t g = a == 255 ? src[2 * x] : frost_png_mul(src[2 * x], a);
            dst[4 * x] = g; dst[4 * x + 1] = g; dst[4 * x + 2] = g; dst[4 * x + 3] = (uint8_t)a;
        }
        break;
    case 3:
        for (int x = 0; x < w; x++) {
            dst[4 * x] = src[3 * x]; dst[4 * x + 1] = src[3 * x + 1]; dst[4 * x + 2] = src[3 * x + 2]; dst[4 * x + 3] = 255;
        }
        break;
    default:
        for (int x = 0; x < w; x++) {
            unsigned a = src[4 * x + 3];
            dst[4 * x] = frost_png_mul(src[4 * x], a);
            dst[4 * x + 1] = frost_png_mul(src[4 * x + 1], a);
            dst[4 * x + 2] = frost_png_mul(src[4 * x + 2], a);
            dst[4 * x + 3] = (uint8_t)a;
        }
        break;
    }
}

void frost_png_row_from_rgba(const uint8_t *src, int w, int channels, uint8_t *dst) {
    if (channels == 3) {
        for (int x = 0; x < w; x++) { dst[3 * x] = src[4 * x]; dst[3 * x + 1] = src[4 * x + 1]; dst[3 * x + 2] = src[4 * x + 2]; }
        return;
    }
    for (int x = 0; x < w; x++) {
        unsigned a = src[4 * x + 3];
        if (a == 255) { memcpy(dst + 4 * x, src + 4 * x, 4); continue; }
        for (int k = 0; k < 3; k++) {
            unsigned v = a ? (src[4 * x + k] * 255u + a / 2) / a : 0u;
            dst[4 * x + k] = (uint8_t)(v > 255u ? 255u : v);
        }
        dst[4 * x + 3] = (uint8_t)a;
    }
}
