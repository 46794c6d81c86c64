// JPEG files for ImagesTests, written by libjpeg at test time (so no binary fixture is committed).
#ifndef REFLOW_JPEG_FIXTURES_H
#define REFLOW_JPEG_FIXTURES_H

#include <stddef.h>
#include <stdint.h>

/// How the samples are stored in the file.
enum {
    REFLOW_FIXTURE_GREY = 1,   // pixels: 1 byte each
    REFLOW_FIXTURE_YCBCR = 3,  // pixels: RGB, 3 bytes each
    REFLOW_FIXTURE_RGB = 2,    // pixels: RGB, stored as RGB (no colour transform)
    REFLOW_FIXTURE_CMYK = 4,   // pixels: 4 bytes each, stored as given, with libjpeg's Adobe marker
    REFLOW_FIXTURE_YCCK = 5,   // pixels: CMYK, 4 bytes each, stored as YCCK
};

/// Encodes `pixels` (rows packed) at `quality` (1 … 100), baseline or progressive, with 4:4:4
/// sampling when `full_chroma`; a comment segment of `comment_bytes` bytes is written after the
/// header (to make files whose header is long). Returns the size and sets `*out` (free it with
/// reflow_fixture_free), or 0 when libjpeg refuses.
size_t reflow_fixture_jpeg(const uint8_t *pixels, int width, int height, int storage, int quality, int progressive,
                           int full_chroma, size_t comment_bytes, uint8_t **out);
void reflow_fixture_free(uint8_t *bytes);

#endif
