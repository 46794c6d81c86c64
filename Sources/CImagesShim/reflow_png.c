// PNG through libpng's row API, errors returned through a jump of our own.
#include "reflow_input.h"
#include <setjmp.h>
#include <stdlib.h>
#include <png.h>

struct reflow_png_decoder {
    png_structp png;
    png_infop info;
    jmp_buf jump;
    reflow_image_input *input;
    reflow_image_status *status;
    /// Set while rows are read; then `stopped_after_image` says the read stopped libpng's drain.
    int reading_rows;
    int stopped_after_image;
};

static void fail(struct reflow_png_decoder *decoder, int code, const char *message) {
    decoder->status->code = code;
    reflow_copy_message(decoder->status->message, message);
    longjmp(decoder->jump, 1);
}

// libpng's fatal errors: the message kept (a read failure has set its own code first).
static void error_function(png_structp png, png_const_charp message) {
    struct reflow_png_decoder *decoder = png_get_error_ptr(png);
    if (decoder->status->code != REFLOW_IMAGE_OK) longjmp(decoder->jump, 1);
    fail(decoder, REFLOW_IMAGE_CORRUPT, message);
}

static void warning_function(png_structp png, png_const_charp message) {
    struct reflow_png_decoder *decoder = png_get_error_ptr(png);
    if (decoder->status->warnings == 0) reflow_copy_message(decoder->status->first_warning, message);
    decoder->status->warnings += 1;
}

// Once the last row is in the caller's buffer, libpng goes on to inflate the rest of the
// image data to its end (png_read_finish_IDAT), however much it inflates to: a few kilobytes of
// deflate stream can hold gigabytes. It does that from within the last png_read_row, with the
// current row past the image (or the pass past Adam7's seventh); the first read it asks for
// then stops it. At most the input buffer it already holds (8 KiB) is inflated on the way.
static int draining(struct reflow_png_decoder *decoder) {
    if (!decoder->reading_rows) return 0;
    png_structp png = decoder->png;
    if (png_get_interlace_type(png, decoder->info) == PNG_INTERLACE_ADAM7) return png_get_current_pass_number(png) >= 7;
    return png_get_current_row_number(png) >= png_get_image_height(png, decoder->info);
}

static void read_function(png_structp png, png_bytep out, size_t count) {
    struct reflow_png_decoder *decoder = png_get_io_ptr(png);
    if (draining(decoder)) {
        decoder->stopped_after_image = 1;
        longjmp(decoder->jump, 1);
    }
    size_t done = 0;
    while (done < count) {
        int failure = 0;
        size_t got = reflow_input_read(decoder->input, out + done, count - done, NULL, &failure);
        if (failure == REFLOW_IMAGE_READ_FAILED) fail(decoder, failure, "the file could not be read");
        if (failure == REFLOW_IMAGE_TOO_LONG) fail(decoder, failure, "the file is longer than allowed");
        if (got == 0) fail(decoder, REFLOW_IMAGE_TRUNCATED, "the data ends before the image does");
        done += got;
    }
}

// Chunks that can be long or compressed and change nothing drawn here: skipped, never inflated.
static const png_byte skipped_chunks[] = {
    'i', 'C', 'C', 'P', '\0', 'i', 'T', 'X', 't', '\0', 't', 'E', 'X', 't', '\0',
    'z', 'T', 'X', 't', '\0', 's', 'P', 'L', 'T', '\0', 'e', 'X', 'I', 'f', '\0',
};

reflow_png_decoder *reflow_png_open(reflow_image_input *input, reflow_image_header *header, reflow_image_status *status) {
    struct reflow_png_decoder *decoder = reflow_decoder_alloc(sizeof *decoder, status);
    if (decoder == NULL) return NULL;
    decoder->input = input;
    decoder->status = status;
    decoder->png = png_create_read_struct(PNG_LIBPNG_VER_STRING, decoder, error_function, warning_function);
    if (decoder->png == NULL) {
        status->code = REFLOW_IMAGE_OUT_OF_MEMORY;
        reflow_copy_message(status->message, "libpng could not start");
        reflow_png_close(decoder);
        return NULL;
    }
    if (setjmp(decoder->jump)) {
        reflow_png_close(decoder);
        return NULL;
    }
    decoder->info = png_create_info_struct(decoder->png);
    if (decoder->info == NULL) fail(decoder, REFLOW_IMAGE_OUT_OF_MEMORY, "libpng could not start");
    png_set_read_fn(decoder->png, decoder, read_function);
    // The caller checks the size against its own limits; libpng's (a million pixels a side)
    // would only answer first, with a vaguer message.
    png_set_user_limits(decoder->png, PNG_UINT_31_MAX, PNG_UINT_31_MAX);
    png_set_chunk_cache_max(decoder->png, 128);
    png_set_chunk_malloc_max(decoder->png, 8u << 20);
    png_set_keep_unknown_chunks(decoder->png, PNG_HANDLE_CHUNK_NEVER, skipped_chunks, (int)(sizeof skipped_chunks / 5));
    png_read_info(decoder->png, decoder->info);
    png_uint_32 width = 0, height = 0;
    int depth = 0, color = 0, interlace = 0;
    png_get_IHDR(decoder->png, decoder->info, &width, &height, &depth, &color, &interlace, NULL, NULL);
    header->width = width;
    header->height = height;
    header->bit_depth = depth;
    header->color_type = color;
    header->components = png_get_channels(decoder->png, decoder->info);
    header->interlaced = interlace == PNG_INTERLACE_ADAM7;
    header->adobe_marker = 0;
    return decoder;
}

int reflow_png_decode_rgba(reflow_png_decoder *decoder, uint8_t *pixels, size_t stride, reflow_image_status *status) {
    decoder->status = status;
    status->code = REFLOW_IMAGE_OK;
    if (setjmp(decoder->jump)) return decoder->stopped_after_image && status->code == REFLOW_IMAGE_OK;
    png_structp png = decoder->png;
    png_infop info = decoder->info;
    int color = png_get_color_type(png, info);
    int depth = png_get_bit_depth(png, info);
    if (color == PNG_COLOR_TYPE_PALETTE) png_set_palette_to_rgb(png);
    if (color == PNG_COLOR_TYPE_GRAY && depth < 8) png_set_expand_gray_1_2_4_to_8(png);
    if (png_get_valid(png, info, PNG_INFO_tRNS)) png_set_tRNS_to_alpha(png);
    if (depth == 16) png_set_scale_16(png);
    if (color == PNG_COLOR_TYPE_GRAY || color == PNG_COLOR_TYPE_GRAY_ALPHA) png_set_gray_to_rgb(png);
    if ((color & PNG_COLOR_MASK_ALPHA) == 0 && !png_get_valid(png, info, PNG_INFO_tRNS)) {
        png_set_add_alpha(png, 0xFF, PNG_FILLER_AFTER);
    }
    int passes = png_set_interlace_handling(png);
    png_read_update_info(png, info);
    png_uint_32 width = png_get_image_width(png, info);
    if (png_get_channels(png, info) != 4 || png_get_bit_depth(png, info) != 8 || png_get_rowbytes(png, info) != (size_t)width * 4
        || (size_t)width * 4 > stride) {
        fail(decoder, REFLOW_IMAGE_UNSUPPORTED, "libpng did not give 8-bit RGBA");
    }
    png_uint_32 height = png_get_image_height(png, info);
    decoder->reading_rows = 1;
    for (int pass = 0; pass < passes; pass++) {
        for (png_uint_32 y = 0; y < height; y++) png_read_row(png, pixels + (size_t)y * stride, NULL);
    }
    // Not png_read_end: the chunks after the image data are never read.
    return 1;
}

void reflow_png_close(reflow_png_decoder *decoder) {
    if (decoder == NULL) return;
    if (decoder->png != NULL) png_destroy_read_struct(&decoder->png, decoder->info != NULL ? &decoder->info : NULL, NULL);
    free(decoder);
}
