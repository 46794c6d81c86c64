// PNG encoding for previews (the Preview module's PNGCodec) through libpng's full API, which,
// unlike the simplified png_image_* API, lets the caller choose zlib's level and strategy and the
// row filters: a 16,384-row part of a page is mostly flat background, written several times
// faster with light settings than with libpng's defaults. The error handler longjmps back to the
// entry point (Swift cannot call setjmp), which returns failure with libpng's message.
#ifndef REFLOW_PNG_WRITE_H
#define REFLOW_PNG_WRITE_H

#include <stddef.h>
#include <stdint.h>

/// How many channels `count` bytes of RGBA pixels need, in one pass: 1 when every pixel is an
/// opaque gray (red = green = blue), 3 when every pixel is opaque, 4 otherwise.
int reflow_png_channels(const uint8_t *rgba, size_t count);

/// What reflow_png_encode_rgba wrote, or why it failed. `bytes` is malloc'd; the caller frees it
/// with reflow_png_free (also after a failure).
typedef struct reflow_png_output {
    uint8_t *bytes;
    size_t count;
    size_t capacity;
    char message[128];
} reflow_png_output;

/// Encodes `width` x `height` RGBA pixels (rows `stride` bytes apart, straight alpha) as an 8-bit
/// PNG of `channels` (1 gray, 3 RGB, 4 RGBA; each row is packed down from RGBA as it is written),
/// zlib at `level` (0-9) with `strategy` (zlib's Z_DEFAULT_STRATEGY 0, Z_FILTERED 1, Z_RLE 3),
/// rows filtered with `filters` (libpng's PNG_FILTER_* bits; PNG_FILTER_NONE 0x08, SUB 0x10,
/// UP 0x20). Deterministic: no time, no text chunks. Returns 1 on success, 0 on failure (the
/// message in `output`).
int reflow_png_encode_rgba(const uint8_t *rgba, uint32_t width, uint32_t height, size_t stride, int channels,
                           int level, int strategy, int filters, reflow_png_output *output);

/// Frees what reflow_png_encode_rgba allocated in `output`.
void reflow_png_free(reflow_png_output *output);

#endif
