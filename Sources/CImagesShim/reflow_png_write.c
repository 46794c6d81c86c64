// PNG encoding with a chosen zlib level, strategy and row filters (reflow_png_write.h).
#include "reflow_png_write.h"

#include <png.h>
#include <setjmp.h>
#include <stdlib.h>
#include <string.h>

int reflow_png_channels(const uint8_t *rgba, size_t count) {
    int gray = 1;
    const uint8_t *end = rgba + count - count % 4;
    for (const uint8_t *p = rgba; p < end; p += 4) {
        if (p[3] != 255) return 4;
        gray &= (p[0] == p[1]) & (p[0] == p[2]);
    }
    return gray ? 1 : 3;
}

struct writer {
    jmp_buf jump;
    reflow_png_output *output;
};

static void error_function(png_structp png, png_const_charp message) {
    struct writer *writer = png_get_error_ptr(png);
    strncpy(writer->output->message, message ? message : "libpng error", sizeof writer->output->message - 1);
    longjmp(writer->jump, 1);
}

static void warning_function(png_structp png, png_const_charp message) {
    (void)png;
    (void)message;
}

static void write_function(png_structp png, png_bytep data, size_t length) {
    struct writer *writer = png_get_io_ptr(png);
    reflow_png_output *output = writer->output;
    if (output->count + length > output->capacity) {
        size_t capacity = output->capacity ? output->capacity : 65536;
        while (capacity < output->count + length) capacity *= 2;
        uint8_t *grown = realloc(output->bytes, capacity);
        if (!grown) png_error(png, "out of memory for the encoded image");
        output->bytes = grown;
        output->capacity = capacity;
    }
    memcpy(output->bytes + output->count, data, length);
    output->count += length;
}

static void flush_function(png_structp png) { (void)png; }

int reflow_png_encode_rgba(const uint8_t *rgba, uint32_t width, uint32_t height, size_t stride, int channels,
                           int level, int strategy, int filters, reflow_png_output *output) {
    struct writer writer;
    writer.output = output;
    output->message[0] = 0;
    png_structp png = png_create_write_struct(PNG_LIBPNG_VER_STRING, &writer, error_function, warning_function);
    if (!png) {
        strcpy(output->message, "libpng could not start a writer");
        return 0;
    }
    png_infop info = png_create_info_struct(png);
    uint8_t *volatile row = NULL;
    if (!info || setjmp(writer.jump)) {
        if (!info && !output->message[0]) strcpy(output->message, "libpng could not start a writer");
        free(row);
        png_destroy_write_struct(&png, info ? &info : NULL);
        return 0;
    }
    png_set_write_fn(png, &writer, write_function, flush_function);
    png_set_compression_level(png, level);
    png_set_compression_strategy(png, strategy);
    png_set_filter(png, PNG_FILTER_TYPE_BASE, filters);
    int type = channels == 1 ? PNG_COLOR_TYPE_GRAY : channels == 3 ? PNG_COLOR_TYPE_RGB : PNG_COLOR_TYPE_RGB_ALPHA;
    png_set_IHDR(png, info, width, height, 8, type, PNG_INTERLACE_NONE, PNG_COMPRESSION_TYPE_BASE, PNG_FILTER_TYPE_BASE);
    png_write_info(png, info);
    if (channels != 4) {
        row = malloc((size_t)width * channels);
        if (!row) png_error(png, "out of memory for a row");
    }
    for (uint32_t y = 0; y < height; y++) {
        const uint8_t *source = rgba + (size_t)y * stride;
        if (channels == 4) {
            png_write_row(png, source);
            continue;
        }
        uint8_t *out = row;
        if (channels == 1) {
            for (uint32_t x = 0; x < width; x++) out[x] = source[4 * x];
        } else {
            for (uint32_t x = 0; x < width; x++) {
                out[3 * x] = source[4 * x];
                out[3 * x + 1] = source[4 * x + 1];
                out[3 * x + 2] = source[4 * x + 2];
            }
        }
        png_write_row(png, row);
    }
    png_write_end(png, NULL);
    free(row);
    png_destroy_write_struct(&png, &info);
    return 1;
}

void reflow_png_free(reflow_png_output *output) {
    free(output->bytes);
    output->bytes = NULL;
    output->count = output->capacity = 0;
}
