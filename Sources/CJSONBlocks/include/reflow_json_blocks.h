#ifndef REFLOW_JSON_BLOCKS_H
#define REFLOW_JSON_BLOCKS_H

#include <stdint.h>

/* The bytes of interest in a 64-byte block of JSON text, a bit per byte (byte 0 in bit 0). */
typedef struct {
    uint64_t quotes;      /* '"' */
    uint64_t backslashes; /* '\\' */
    uint64_t opens;       /* '[', '{' */
    uint64_t closes;      /* ']', '}' */
} reflow_json_block_bits;

#if defined(__SSE2__)
#include <emmintrin.h>
#endif

/* The bits of the 64 bytes at `bytes` (all 64 must be readable). SSE2 where the target has it
   (every x86-64), a byte loop elsewhere. Inline, so that Swift's caller inlines it: it runs once
   per 64 bytes of a large screen file. */
/* Finding the end of each of a million cells in a screen file is a scan for these four kinds of
   byte; sixteen bytes compared at once make it a small part of reading the file, where Swift's
   portable code (eight bytes per 64-bit word) took most of it. */
static inline reflow_json_block_bits reflow_json_block(const uint8_t *bytes) {
    reflow_json_block_bits bits = {0, 0, 0, 0};
#if defined(__SSE2__)
    const __m128i quote = _mm_set1_epi8('"');
    const __m128i backslash = _mm_set1_epi8('\\');
    /* '[' and ']' are '{' and '}' with bit 5 clear: one comparison each once it is set. */
    const __m128i fold = _mm_set1_epi8(0x20);
    const __m128i open = _mm_set1_epi8('{');
    const __m128i close = _mm_set1_epi8('}');
    for (int part = 0; part < 4; part++) {
        __m128i chunk = _mm_loadu_si128((const __m128i *)(bytes + 16 * part));
        __m128i folded = _mm_or_si128(chunk, fold);
        uint64_t quotes = (uint16_t)_mm_movemask_epi8(_mm_cmpeq_epi8(chunk, quote));
        uint64_t backslashes = (uint16_t)_mm_movemask_epi8(_mm_cmpeq_epi8(chunk, backslash));
        uint64_t opens = (uint16_t)_mm_movemask_epi8(_mm_cmpeq_epi8(folded, open));
        uint64_t closes = (uint16_t)_mm_movemask_epi8(_mm_cmpeq_epi8(folded, close));
        bits.quotes |= quotes << (16 * part);
        bits.backslashes |= backslashes << (16 * part);
        bits.opens |= opens << (16 * part);
        bits.closes |= closes << (16 * part);
    }
#else
    for (int i = 0; i < 64; i++) {
        uint8_t byte = bytes[i];
        uint8_t folded = byte | 0x20;
        bits.quotes |= (uint64_t)(byte == '"') << i;
        bits.backslashes |= (uint64_t)(byte == '\\') << i;
        bits.opens |= (uint64_t)(folded == '{') << i;
        bits.closes |= (uint64_t)(folded == '}') << i;
    }
#endif
    return bits;
}

#endif
