#ifndef FROST_BLUR_H
#define FROST_BLUR_H
#include <stdint.h>

/// Blur inner loops (FrostBlur's fixed-point FIR and binomial pyramid). Every function is
/// integer arithmetic, so the AVX2 and portable variants give the same bytes; `wide` 1 picks
/// AVX2 where the CPU has it (run-time detection), 0 forces the portable code (tests compare
/// them). The planning around them stays in Swift.

/// 1 when the AVX2 kernels run on this CPU (x86-64 with AVX2), else 0.
int frost_cpu_has_avx2(void);

/// Fixed-point FIR, vertical, on the bytes of 2r+1 RGBA rows: out[l] = (Σ_j w[|j−r|] ·
/// rows[j][l] + 128) >> 8 for l < n (Q8 weights summing to 256, wrapping 16-bit arithmetic as
/// FixedPointFIR's Swift kernels, so the same values).
void frost_fir_vertical_bytes(const uint8_t *const *rows, int r, const uint16_t *w, long n, uint16_t *out, int wide);

/// Fixed-point FIR, horizontal: from an interleaved 16-bit RGBA row with `r` pixels of padding
/// each side, `pixels` RGBA8 pixels: (Σ_j w[|j|] · in[x+j] + 128) >> 8 per channel.
void frost_fir_horizontal_rgba(const uint16_t *in, int r, const uint16_t *w, int pixels, uint8_t *out, int wide);

/// Pyramid, down, vertical: out[l] = r0 + 4r1 + 6r2 + 4r3 + r4 over `n` bytes (the binomial
/// [1 4 6 4 1]); with `rows` NULL entries read as 0. `halve` 0: out = 16 · r2.
void frost_pyr_down_v(const uint8_t *const *rows, long n, uint16_t *out, int halve, int wide);

/// Pyramid, down, horizontal: from a 16-bit RGBA row whose pixel 0 has 2 valid pixels before
/// it and enough after, `m` output pixels: out[i] = Σ binomial over pixels 2i−2…2i+2 / 256 rounded to nearest (ties to even);
/// `halve` 0: out[i] = (16 · in[i] + 128) >> 8. `scratch` holds 8·m + 16 16-bit values.
void frost_pyr_down_h(const uint16_t *in, int m, uint8_t *out, int halve, uint16_t *scratch, int wide);

/// The pyramid's small-level blur and expansion at 4 fractional bits (values 16 · level, 0…4080).
/// Small-level FIR, vertical: 8-bit rows and Q12 weights (`w`, summing to 4096) in, 16 · value
/// out (ties to even).
void frost_fir_small_vertical(const uint8_t *const *rows, int r, const uint16_t *w, long n, uint16_t *out, int wide);
/// Small-level FIR, horizontal: a 16-bit RGBA row (`r` pixels of padding each side) and Q12
/// weights in, out the same scale.
void frost_fir_small_horizontal(const uint16_t *in, int r, const uint16_t *w, int pixels, uint16_t *out, int wide);
/// Expansion, vertical, from 16-bit rows: even rows a + 6b + c, odd rows 4b + 4c, ÷ 8 (`halve` 0: b).
void frost_pyr_up_v16(const uint16_t *a, const uint16_t *b, const uint16_t *c, long n, uint16_t *out, int odd,
                      int halve, int wide);
/// Expansion, horizontal, from a 16-bit row (1 pixel before it, 2 after) to `count` pixels, as
/// bytes (`bytes` 1) or 16-bit values. `scratch` holds 8·count + 64 16-bit values.
void frost_pyr_up_h16(const uint16_t *v, int count, void *out, int halve, int bytes, uint16_t *scratch, int wide);

#endif
