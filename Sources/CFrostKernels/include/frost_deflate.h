#ifndef FROST_DEFLATE_H
#define FROST_DEFLATE_H
#include <stddef.h>
#include <stdint.h>

/* Frost's own deflate encoder for PNG writing: greedy LZ77 on a hash of 4-byte prefixes (4 or
   8 positions a bucket), then a dynamic Huffman block per 64 Ki symbols. A piece compresses on
   its own (matches may reach back into the bytes before it) and ends on a byte boundary, so
   pieces compressed on different threads concatenate into one deflate stream, as pigz's do. */

/// One thread's state (about 0.8 MiB): keep it for every piece that thread compresses.
typedef struct frost_deflater frost_deflater;

/// A deflater, or NULL when memory runs out. `level` 1 finds matches at one position in the
/// hash per match; 2 also indexes positions inside matches (smaller, a little slower).
frost_deflater *frost_deflater_new(int level);
void frost_deflater_free(frost_deflater *d);

/// The most bytes frost_deflate_piece writes for `n` input bytes.
size_t frost_deflate_bound(size_t n);

/// Raw deflate (RFC 1951) of src[0, n) into out (at least frost_deflate_bound(n) bytes).
/// Matches may reach `dict` bytes before src (at most 32768; they must be readable). The
/// output ends with an empty stored block, final when `last` is non-zero, so it is
/// byte-aligned and the next piece's output may follow it. Returns the bytes written.
size_t frost_deflate_piece(frost_deflater *d, const uint8_t *src, size_t n, size_t dict, int last, uint8_t *out);

/// Adler-32 of `n` bytes continuing from `adler` (1 to start), as zlib's adler32 (AVX2 where
/// the CPU has it).
uint32_t frost_adler32(uint32_t adler, const uint8_t *p, size_t n);

#endif
