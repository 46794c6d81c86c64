// Bounded PNG (libpng) and JPEG (libjpeg-turbo) decoding for the Images module.
//
// Both libraries report a fatal error by calling a handler that must not return: libjpeg's
// default one calls exit(), libpng's longjmps. Swift cannot call setjmp, so these few C
// functions own the jump: every entry point sets it, the handlers copy the library's message into
// a reflow_image_status and jump back, and the entry point returns failure. Nothing here exits
// or prints.
//
// Decoding is two steps so that Swift can check a header against its limits before anything the
// size of the image is allocated: *_open reads the header (no pixel memory), the caller checks
// it and allocates width x height x 4 bytes, *_decode_rgba fills them, *_close frees the
// decoder whatever happened.
// PNG encoding for previews (the Preview module) is in reflow_png_write.h, beside this header.
#ifndef REFLOW_IMAGES_H
#define REFLOW_IMAGES_H

#include <stddef.h>
#include <stdint.h>

/// What went wrong (reflow_image_status.code).
enum {
    REFLOW_IMAGE_OK = 0,
    /// The library refused the data (its message says why).
    REFLOW_IMAGE_CORRUPT = 1,
    /// The data ended before the image did.
    REFLOW_IMAGE_TRUNCATED = 2,
    /// Valid, but of a kind this decoder does not draw (a 12-bit JPEG, say).
    REFLOW_IMAGE_UNSUPPORTED = 3,
    /// A progressive JPEG with more scans than allowed (a scan bomb).
    REFLOW_IMAGE_TOO_MANY_SCANS = 4,
    /// The library needed more working memory than allowed.
    REFLOW_IMAGE_OUT_OF_MEMORY = 5,
    /// read(2) failed (read_errno in the input).
    REFLOW_IMAGE_READ_FAILED = 6,
    /// More bytes than max_bytes were there to read (a file that grew while it was read).
    REFLOW_IMAGE_TOO_LONG = 7,
};

/// Where the encoded bytes come from: memory (bytes != NULL) or a file descriptor, read from its
/// current offset (skipped data is seeked over, not read).
typedef struct reflow_image_input {
    const uint8_t *bytes;
    size_t count;
    int fd;
    /// Reading beyond this many bytes fails with REFLOW_IMAGE_TOO_LONG.
    uint64_t max_bytes;
    /// Out: bytes consumed (from memory) or read (from the descriptor).
    uint64_t bytes_read;
    /// Out: errno of a failed read.
    int read_errno;
} reflow_image_input;

/// A call's outcome: a code, the library's message, and the warnings it gave on the way.
typedef struct reflow_image_status {
    int code;
    int warnings;
    char message[200];
    char first_warning[200];
} reflow_image_status;

/// What a header says.
typedef struct reflow_image_header {
    uint32_t width;
    uint32_t height;
    /// PNG: bit depth (1 … 16); JPEG: data precision (8 or 12).
    int bit_depth;
    /// PNG: IHDR colour type; JPEG: the J_COLOR_SPACE it is coded in.
    int color_type;
    /// JPEG: components (1, 3 or 4).
    int components;
    /// PNG: Adam7 interlaced; JPEG: progressive.
    int interlaced;
    /// JPEG: an Adobe APP14 marker was seen (CMYK stored inverted).
    int adobe_marker;
} reflow_image_header;

typedef struct reflow_jpeg_decoder reflow_jpeg_decoder;
typedef struct reflow_png_decoder reflow_png_decoder;

/// Reads a JPEG's markers up to its first scan (jpeg_read_header); `max_scans` stops a
/// progressive image with more scans. NULL on failure (status says why; nothing to close).
/// `input` and `status` must outlive the decoder.
reflow_jpeg_decoder *reflow_jpeg_open(reflow_image_input *input, int max_scans, reflow_image_header *header,
                                      reflow_image_status *status);
/// Decodes into `pixels` (height rows of `stride` >= width x 4 bytes): RGBA, alpha 255. CMYK and
/// YCCK are converted to RGB (Adobe's inverted CMYK when the marker says so). `max_memory` caps
/// libjpeg's whole-image buffers (progressive and multi-scan images). 0 on failure.
int reflow_jpeg_decode_rgba(reflow_jpeg_decoder *decoder, uint8_t *pixels, size_t stride, uint64_t max_memory,
                            reflow_image_status *status);
void reflow_jpeg_close(reflow_jpeg_decoder *decoder);

/// Reads a PNG's signature and chunks up to its image data (png_read_info). Text, ICC profile,
/// EXIF and suggested-palette chunks are skipped unread. NULL on failure.
reflow_png_decoder *reflow_png_open(reflow_image_input *input, reflow_image_header *header, reflow_image_status *status);
/// Decodes into `pixels` as 8-bit straight RGBA: palette expanded, grey to RGB, tRNS to alpha,
/// 16-bit scaled to 8, Adam7 passes combined. Gamma and ICC profiles are not applied. Only the
/// image data the rows need is inflated (and at most the 8 KiB of input already read past it);
/// the rest of the file is never read. 0 on failure.
int reflow_png_decode_rgba(reflow_png_decoder *decoder, uint8_t *pixels, size_t stride, reflow_image_status *status);
void reflow_png_close(reflow_png_decoder *decoder);

#endif
