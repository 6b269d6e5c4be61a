#include "frost_deflate.h"
#include <stdlib.h>
#include <string.h>

/* Why an encoder of our own: zlib was the largest part of a 4K `frost blur` (41 % of its
   samples), and the well-kept fast deflaters cannot help. libdeflate has neither a dictionary
   nor a sync flush, so its pieces cannot be joined into the one zlib stream a PNG needs;
   zlib-ng is not packaged on Debian 12. This is greedy matching as zlib's fast levels do it,
   with their bookkeeping taken out: a hash of 4-byte prefixes searched 4 or 8 positions deep,
   matches extended 8 bytes at a time, and symbol frequencies counted as they are found. Every
   output is a valid deflate stream that any inflater reads (tested against zlib and libpng). */

/* 2^14 buckets of 8 positions (512 KiB, cleared per piece): 8 ways wrote 14–17 % smaller
   files than 4 on the blurred sample photo, and 2^15 or 2^16 buckets no smaller ones. */
#define HASH_BITS 14
#define WAYS 8
#define WINDOW 32768
/* Matches start at 4 bytes: 3-byte matches made image files larger (a 3-byte match far back
   costs about as much as its literals) and the search slower. */
#define MIN_MATCH 4
#define MAX_MATCH 258
/* Stop searching a bucket at a match this long. */
#define NICE 32
/* At level 2, positions inside matches shorter than this are indexed too. */
#define INSERT_MAX 16
/* Symbols per block: enough that the Huffman header (~60–90 bytes) is noise, few enough that
   the code follows the statistics of the picture as it changes down the image. */
#define BLOCK_SYMBOLS (1 << 16)

struct frost_deflater {
    int level;
    int ways; /* positions searched (and kept) per bucket: WAYS at level 2, WAYS / 2 at 1 */
    uint32_t head[(1 << HASH_BITS) * WAYS]; /* last position + 1 with each hash; 0: none */
    uint32_t syms[BLOCK_SYMBOLS];  /* literal: byte; match: 1 << 31 | (len - 3) << 16 | (dist - 1) */
    uint32_t litfreq[286], distfreq[30];
    uint8_t lencode[256];   /* len - 3 → length code index 0…28 */
    uint8_t distsmall[256]; /* dist - 1 < 256 → distance code */
    uint8_t distbig[256];   /* (dist - 1) >> 7 → distance code, for dist > 256 */
};

static const uint16_t len_base[29] = {3, 4, 5, 6, 7, 8, 9, 10, 11, 13, 15, 17, 19, 23, 27, 31,
                                      35, 43, 51, 59, 67, 83, 99, 115, 131, 163, 195, 227, 258};
static const uint8_t len_extra[29] = {0, 0, 0, 0, 0, 0, 0, 0, 1, 1, 1, 1, 2, 2, 2,
                                      2, 3, 3, 3, 3, 4, 4, 4, 4, 5, 5, 5, 5, 0};
static const uint16_t dist_base[30] = {1, 2, 3, 4, 5, 7, 9, 13, 17, 25, 33, 49, 65, 97, 129,
                                       193, 257, 385, 513, 769, 1025, 1537, 2049, 3073, 4097,
                                       6145, 8193, 12289, 16385, 24577};
static const uint8_t dist_extra[30] = {0, 0, 0, 0, 1, 1, 2, 2, 3, 3, 4, 4, 5, 5, 6,
                                       6, 7, 7, 8, 8, 9, 9, 10, 10, 11, 11, 12, 12, 13, 13};
static const uint8_t codelen_order[19] = {16, 17, 18, 0, 8, 7, 9, 6, 10, 5, 11, 4, 12, 3, 13, 2, 14, 1, 15};

frost_deflater *frost_deflater_new(int level) {
    frost_deflater *d = malloc(sizeof *d);
    if (!d) return NULL;
    d->level = level;
    d->ways = level >= 2 ? WAYS : WAYS / 2;
    for (int c = 0; c < 29; c++) {
        int end = c < 27 ? len_base[c + 1] : (c == 27 ? 258 : 259);
        for (int l = len_base[c]; l < end; l++) d->lencode[l - 3] = (uint8_t)c;
    }
    for (int c = 0; c < 30; c++) {
        int end = c < 29 ? dist_base[c + 1] : 32769;
        for (int v = dist_base[c]; v < end; v++) {
            if (v - 1 < 256) d->distsmall[v - 1] = (uint8_t)c;
            else d->distbig[(v - 1) >> 7] = (uint8_t)c;
        }
    }
    return d;
}

void frost_deflater_free(frost_deflater *d) { free(d); }

size_t frost_deflate_bound(size_t n) {
    /* A block never costs more than storing it (5 bytes per 65535), plus a byte of bits left
       from the block before, and the closing empty stored block. */
    return n + 10 * (n / 65535 + 1) + 128;
}

static inline uint32_t load32(const uint8_t *p) { uint32_t v; memcpy(&v, p, 4); return v; }
static inline uint64_t load64(const uint8_t *p) { uint64_t v; memcpy(&v, p, 8); return v; }
static inline uint32_t hash4(uint32_t v) { return (v * 2654435761u) >> (32 - HASH_BITS); }

/* ---- bits, least significant first ---- */

typedef struct {
    uint8_t *out;
    uint64_t buf;
    int n;
} bits_t;

static inline void put(bits_t *w, uint32_t bits, int count) {
    w->buf |= (uint64_t)bits << w->n;
    w->n += count;
    if (w->n >= 32) {
        uint32_t v = (uint32_t)w->buf;
        memcpy(w->out, &v, 4);
        w->out += 4;
        w->buf >>= 32;
        w->n -= 32;
    }
}

static void align(bits_t *w) {
    while (w->n > 0) {
        *w->out++ = (uint8_t)w->buf;
        w->buf >>= 8;
        w->n -= 8;
    }
    w->n = 0;
    w->buf = 0;
}

static void stored(bits_t *w, const uint8_t *p, size_t n, int final) {
    do {
        size_t m = n < 65535 ? n : 65535;
        put(w, final && m == n ? 1 : 0, 3);
        align(w);
        uint8_t h[4] = {(uint8_t)m, (uint8_t)(m >> 8), (uint8_t)~m, (uint8_t)(~m >> 8)};
        memcpy(w->out, h, 4);
        memcpy(w->out + 4, p, m);
        w->out += 4 + m;
        p += m;
        n -= m;
    } while (n > 0);
}

/* ---- Huffman codes ---- */

/* Code lengths for freq[0, n) limited to `limit` bits; 0 for unused symbols. At least two
   symbols get a code (callers make sure two have a frequency), as inflaters want complete
   codes. */
static void code_lengths(const uint32_t *freq, int n, int limit, uint8_t *len) {
    int sym[286], m = 0;
    uint32_t w[2 * 286];
    int parent[2 * 286];
    memset(len, 0, (size_t)n);
    for (int i = 0; i < n; i++)
        if (freq[i]) sym[m++] = i;
    if (m == 0) return;
    if (m == 1) { len[sym[0]] = 1; return; }
    /* Leaves by ascending frequency (insertion sort: m ≤ 286, and mostly sorted already). */
    for (int i = 1; i < m; i++) {
        int s = sym[i], j = i;
        while (j > 0 && freq[sym[j - 1]] > freq[s]) { sym[j] = sym[j - 1]; j--; }
        sym[j] = s;
    }
    for (int i = 0; i < m; i++) w[i] = freq[sym[i]];
    /* Two queues: leaves, and internal nodes in the order they are made (already sorted). */
    int leaf = 0, inner = m, next = m;
    for (int k = 0; k < m - 1; k++) {
        int pick[2];
        for (int t = 0; t < 2; t++) {
            if (leaf < m && (inner >= next || w[leaf] <= w[inner])) pick[t] = leaf++;
            else pick[t] = inner++;
        }
        w[next] = w[pick[0]] + w[pick[1]];
        parent[pick[0]] = parent[pick[1]] = next;
        next++;
    }
    int depth[2 * 286];
    depth[next - 1] = 0;
    for (int j = next - 2; j >= 0; j--) depth[j] = depth[parent[j]] + 1;
    /* Limit the depth (as miniz does): clamp, then move leaves down until Kraft's sum is 1. */
    int count[33] = {0};
    for (int i = 0; i < m; i++) count[depth[i] > limit ? limit : depth[i]]++;
    uint32_t total = 0;
    for (int l = 1; l <= limit; l++) total += (uint32_t)count[l] << (limit - l);
    while (total != (1u << limit)) {
        count[limit]--;
        for (int l = limit - 1; l > 0; l--)
            if (count[l]) { count[l]--; count[l + 1] += 2; break; }
        total--;
    }
    /* The rarest symbols take the longest codes. */
    int i = 0;
    for (int l = limit; l >= 1; l--)
        for (int k = 0; k < count[l]; k++) len[sym[i++]] = (uint8_t)l;
}

/* Canonical codes, bit-reversed for the least-significant-first writer. */
static void canonical(const uint8_t *len, int n, uint16_t *code) {
    int count[16] = {0}, next[16];
    for (int i = 0; i < n; i++) count[len[i]]++;
    count[0] = 0;
    int c = 0;
    for (int l = 1; l < 16; l++) { c = (c + count[l - 1]) << 1; next[l] = c; }
    for (int i = 0; i < n; i++) {
        if (!len[i]) continue;
        uint32_t v = (uint32_t)next[len[i]]++, r = 0;
        for (int b = 0; b < len[i]; b++) { r = r << 1 | (v & 1); v >>= 1; }
        code[i] = (uint16_t)r;
    }
}

/* One block of the symbols gathered, dynamic Huffman, or stored when that is smaller.
   `raw` is the input the symbols cover. */
static void flush_block(frost_deflater *d, bits_t *w, int nsyms, const uint8_t *raw, size_t rawlen) {
    uint32_t *lf = d->litfreq, *df = d->distfreq;
    lf[256] = 1;
    /* Inflaters want two distance codes at least, even in a block with no matches. */
    int used = 0;
    for (int i = 0; i < 30; i++) used += df[i] != 0;
    if (used == 0) df[0] = df[1] = 1;
    else if (used == 1) df[df[0] ? 1 : 0] = 1;
    uint8_t ll[286 + 30], *dl = ll + 286;
    code_lengths(lf, 286, 15, ll);
    code_lengths(df, 30, 15, dl);
    int hlit = 286, hdist = 30;
    while (hlit > 257 && !ll[hlit - 1]) hlit--;
    while (hdist > 1 && !dl[hdist - 1]) hdist--;
    /* The two length lists, run-length coded with symbols 16 (repeat previous), 17 and 18
       (runs of zeros). */
    uint8_t lens[286 + 30];
    memcpy(lens, ll, (size_t)hlit);
    memcpy(lens + hlit, dl, (size_t)hdist);
    int total = hlit + hdist, nrle = 0;
    uint8_t rle[286 + 30], rlex[286 + 30];
    uint32_t clfreq[19] = {0};
    for (int i = 0; i < total;) {
        int v = lens[i], run = 1;
        while (i + run < total && lens[i + run] == v) run++;
        if (v == 0 && run >= 3) {
            int r = run > 138 ? 138 : run;
            if (r >= 11) { rle[nrle] = 18; rlex[nrle++] = (uint8_t)(r - 11); }
            else { rle[nrle] = 17; rlex[nrle++] = (uint8_t)(r - 3); }
            i += r;
        } else if (v != 0 && run >= 4) {
            rle[nrle] = (uint8_t)v; rlex[nrle++] = 0;
            int r = run - 1 > 6 ? 6 : run - 1;
            rle[nrle] = 16; rlex[nrle++] = (uint8_t)(r - 3);
            i += 1 + r;
        } else {
            rle[nrle] = (uint8_t)v; rlex[nrle++] = 0;
            i++;
        }
    }
    for (int i = 0; i < nrle; i++) clfreq[rle[i]]++;
    {
        int u = 0;
        for (int i = 0; i < 19; i++) u += clfreq[i] != 0;
        if (u < 2) clfreq[clfreq[0] ? 1 : 0]++;
    }
    uint8_t cl[19];
    code_lengths(clfreq, 19, 7, cl);
    int hclen = 19;
    while (hclen > 4 && !cl[codelen_order[hclen - 1]]) hclen--;

    /* Cost in bits of the dynamic block, against storing the bytes. */
    uint64_t bits = 3 + 5 + 5 + 4 + 3 * (uint64_t)hclen;
    for (int i = 0; i < 19; i++) bits += (uint64_t)clfreq[i] * cl[i];
    for (int i = 0; i < nrle; i++) bits += rle[i] == 16 ? 2 : rle[i] == 17 ? 3 : rle[i] == 18 ? 7 : 0;
    for (int i = 0; i < 286; i++) bits += (uint64_t)lf[i] * ll[i];
    for (int i = 0; i < 29; i++) bits += (uint64_t)lf[257 + i] * len_extra[i];
    for (int i = 0; i < 30; i++) bits += (uint64_t)df[i] * (dl[i] + dist_extra[i]);
    uint64_t storedbits = 8 * ((uint64_t)rawlen + 5 * (rawlen / 65535 + 1)) + 8;
    if (bits >= storedbits) {
        stored(w, raw, rawlen, 0);
    } else {
        uint16_t lc[286], dc[30], cc[19];
        canonical(ll, 286, lc);
        canonical(dl, 30, dc);
        canonical(cl, 19, cc);
        put(w, 2 << 1, 3); /* BFINAL 0, BTYPE 10 */
        put(w, (uint32_t)(hlit - 257), 5);
        put(w, (uint32_t)(hdist - 1), 5);
        put(w, (uint32_t)(hclen - 4), 4);
        for (int i = 0; i < hclen; i++) put(w, cl[codelen_order[i]], 3);
        for (int i = 0; i < nrle; i++) {
            int s = rle[i];
            put(w, cc[s], cl[s]);
            if (s == 16) put(w, rlex[i], 2);
            else if (s == 17) put(w, rlex[i], 3);
            else if (s == 18) put(w, rlex[i], 7);
        }
        for (int i = 0; i < nsyms; i++) {
            uint32_t s = d->syms[i];
            if (!(s >> 31)) {
                put(w, lc[s], ll[s]);
            } else {
                int l = (int)((s >> 16) & 0xFF), dist = (int)(s & 0xFFFF);
                int c = d->lencode[l];
                put(w, (uint32_t)lc[257 + c] | (uint32_t)(l + 3 - len_base[c]) << ll[257 + c], ll[257 + c] + len_extra[c]);
                int dcode = dist < 256 ? d->distsmall[dist] : d->distbig[dist >> 7];
                put(w, (uint32_t)dc[dcode] | (uint32_t)(dist + 1 - dist_base[dcode]) << dl[dcode], dl[dcode] + dist_extra[dcode]);
            }
        }
        put(w, lc[256], ll[256]);
    }
    memset(d->litfreq, 0, sizeof d->litfreq);
    memset(d->distfreq, 0, sizeof d->distfreq);
}

/* Puts position `i` first in its bucket (the bucket is newest first). */
static inline void insert(frost_deflater *d, const uint8_t *base, size_t i) {
    uint32_t *b = d->head + (size_t)hash4(load32(base + i)) * WAYS;
    for (int q = d->ways - 1; q > 0; q--) b[q] = b[q - 1];
    b[0] = (uint32_t)i + 1;
}

/* The length of the match of base + i with base + c, from MIN_MATCH (known equal) to maxlen. */
static inline size_t extend(const uint8_t *base, size_t i, size_t c, size_t maxlen) {
    size_t len = MIN_MATCH;
    while (len + 8 <= maxlen) {
        uint64_t x = load64(base + i + len) ^ load64(base + c + len);
        if (x) return len + ((size_t)__builtin_ctzll(x) >> 3);
        len += 8;
    }
    while (len < maxlen && base[i + len] == base[c + len]) len++;
    return len;
}

size_t frost_deflate_piece(frost_deflater *d, const uint8_t *src, size_t n, size_t dict, int last, uint8_t *out) {
    if (dict > WINDOW) dict = WINDOW;
    const uint8_t *base = src - dict;
    const size_t end = dict + n;
    bits_t w = {out, 0, 0};
    /* Cleared per piece, so a piece's bytes depend only on its input and dictionary, never on
       which pieces the thread did before: the file is the same for every thread count. */
    memset(d->head, 0, sizeof d->head);
    memset(d->litfreq, 0, sizeof d->litfreq);
    memset(d->distfreq, 0, sizeof d->distfreq);
    for (size_t i = 0; i + MIN_MATCH <= dict; i++) insert(d, base, i);
    const int ways = d->ways, inside = d->level >= 2;
    /* Below `safe`, 8 bytes past i are readable for the hash and the wide compare. */
    const size_t safe = end >= 8 ? end - 8 : 0;
    size_t i = dict, blockstart = dict;
    int nsyms = 0;
    while (i < end) {
        size_t best = 0, bestc = 0;
        if (i < safe) {
            const uint32_t v = load32(base + i);
            const uint32_t *bucket = d->head + (size_t)hash4(v) * WAYS;
            const size_t maxlen = end - i < MAX_MATCH ? end - i : MAX_MATCH;
            for (int k = 0; k < ways && bucket[k]; k++) {
                size_t c = bucket[k] - 1;
                if (i - c > WINDOW) break;
                if (load32(base + c) != v) continue;
                size_t len = extend(base, i, c, maxlen);
                if (len > best) {
                    best = len;
                    bestc = c;
                    if (len >= NICE) break;
                }
            }
            insert(d, base, i);
        }
        if (best) {
            size_t dist = i - bestc;
            d->syms[nsyms++] = 1u << 31 | (uint32_t)(best - 3) << 16 | (uint32_t)(dist - 1);
            d->litfreq[257 + d->lencode[best - 3]]++;
            d->distfreq[dist - 1 < 256 ? d->distsmall[dist - 1] : d->distbig[(dist - 1) >> 7]]++;
            if (inside && best < INSERT_MAX) {
                size_t stop = i + best < safe ? i + best : safe;
                for (size_t k = i + 1; k < stop; k++) insert(d, base, k);
            }
            i += best;
        } else {
            d->syms[nsyms++] = base[i];
            d->litfreq[base[i]]++;
            i++;
        }
        if (nsyms == BLOCK_SYMBOLS) {
            flush_block(d, &w, nsyms, base + blockstart, i - blockstart);
            blockstart = i;
            nsyms = 0;
        }
    }
    if (nsyms) flush_block(d, &w, nsyms, base + blockstart, i - blockstart);
    /* The closing empty stored block: aligns the output to a byte (as Z_SYNC_FLUSH does) and,
       in the last piece, ends the stream. */
    stored(&w, base, 0, last);
    return (size_t)(w.out - out);
}

/* ---- Adler-32 ---- */

/* zlib's adler32 is scalar; it was 5–8 % of a 4K `frost blur` (both ways: inflate checks it,
   the writer makes it). Here 32 bytes a step: a += Σx, b += 32·a + Σ (32 − k)·x_k. */

#define ADLER_MOD 65521u
/* The most 32-byte steps before b may overflow 32 bits (as zlib's NMAX = 5552 bytes). */
#define ADLER_STEPS (5552 / 32)

static uint32_t adler_scalar(uint32_t a, uint32_t b, const uint8_t *p, size_t n) {
    while (n > 0) {
        size_t m = n < 5552 ? n : 5552;
        n -= m;
        while (m--) { a += *p++; b += a; }
        a %= ADLER_MOD;
        b %= ADLER_MOD;
    }
    return b << 16 | a;
}

#if defined(__x86_64__) || defined(__i386__)
#include <immintrin.h>
__attribute__((target("avx2"))) static uint32_t adler_avx2(uint32_t a, uint32_t b, const uint8_t *p, size_t n) {
    const __m256i weights = _mm256_setr_epi8(32, 31, 30, 29, 28, 27, 26, 25, 24, 23, 22, 21, 20, 19, 18, 17,
                                             16, 15, 14, 13, 12, 11, 10, 9, 8, 7, 6, 5, 4, 3, 2, 1);
    const __m256i ones = _mm256_set1_epi16(1), zero = _mm256_setzero_si256();
    while (n >= 32) {
        size_t steps = n / 32 < ADLER_STEPS ? n / 32 : ADLER_STEPS;
        n -= steps * 32;
        __m256i sum = zero, prior = zero, weighted = zero;
        uint64_t b64 = b + (uint64_t)a * 32 * steps;
        for (size_t s = 0; s < steps; s++) {
            __m256i x = _mm256_loadu_si256((const __m256i *)(const void *)p);
            p += 32;
            prior = _mm256_add_epi32(prior, sum);
            sum = _mm256_add_epi32(sum, _mm256_sad_epu8(x, zero));
            weighted = _mm256_add_epi32(weighted, _mm256_madd_epi16(_mm256_maddubs_epi16(x, weights), ones));
        }
        uint32_t lanes[8];
        uint64_t s1 = 0, ps = 0, s2 = 0;
        _mm256_storeu_si256((__m256i *)(void *)lanes, sum);
        for (int i = 0; i < 8; i++) s1 += lanes[i];
        _mm256_storeu_si256((__m256i *)(void *)lanes, prior);
        for (int i = 0; i < 8; i++) ps += lanes[i];
        _mm256_storeu_si256((__m256i *)(void *)lanes, weighted);
        for (int i = 0; i < 8; i++) s2 += lanes[i];
        a = (uint32_t)((a + s1) % ADLER_MOD);
        b = (uint32_t)((b64 + 32 * ps + s2) % ADLER_MOD);
    }
    return adler_scalar(a, b, p, n);
}
#endif

uint32_t frost_adler32(uint32_t adler, const uint8_t *p, size_t n) {
    uint32_t a = adler & 0xFFFF, b = adler >> 16;
#if defined(__x86_64__) || defined(__i386__)
    if (__builtin_cpu_supports("avx2")) return adler_avx2(a, b, p, n);
#endif
    return adler_scalar(a, b, p, n);
}
