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

/* The bits of the 64 bytes at `bytes` (all 64 must be readable). SSE2 where the target has it
   (every x86-64), a byte loop elsewhere. */
reflow_json_block_bits reflow_json_block(const uint8_t *bytes);

#endif
