// JPEG through libjpeg-turbo's libjpeg API, errors returned instead of exit().
#include "reflow_input.h"
#include <setjmp.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <jpeglib.h>
#include <jerror.h>

#define REFLOW_JPEG_BUFFER 4096

struct reflow_jpeg_decoder {
    // First: libjpeg hands the handlers a pointer to these, and they find the rest from it.
    struct jpeg_decompress_struct info;
    struct jpeg_error_mgr errors;
    struct jpeg_source_mgr source;
    struct jpeg_progress_mgr progress;
    jmp_buf jump;
    reflow_image_input *input;
    reflow_image_status *status;
    int max_scans;
    int created;
    uint8_t buffer[REFLOW_JPEG_BUFFER];
};

static const JOCTET fake_end[2] = {0xFF, JPEG_EOI};

static struct reflow_jpeg_decoder *decoder_of(j_common_ptr info) {
    return (struct reflow_jpeg_decoder *)(void *)info;
}

static void fail(struct reflow_jpeg_decoder *decoder, int code, const char *message) {
    decoder->status->code = code;
    reflow_copy_message(decoder->status->message, message);
    longjmp(decoder->jump, 1);
}

// libjpeg's fatal errors: classified, the message kept, back to the entry point.
static void error_exit(j_common_ptr info) {
    struct reflow_jpeg_decoder *decoder = decoder_of(info);
    char message[JMSG_LENGTH_MAX];
    (*info->err->format_message)(info, message);
    int code;
    switch (info->err->msg_code) {
    case JERR_OUT_OF_MEMORY:
    case JERR_NO_BACKING_STORE:
    case JERR_TFILE_CREATE:
        code = REFLOW_IMAGE_OUT_OF_MEMORY;
        break;
    case JERR_BAD_PRECISION:
    case JERR_CONVERSION_NOTIMPL:
    case JERR_ARITH_NOTIMPL:
    case JERR_NOT_COMPILED:
    case JERR_EMPTY_IMAGE:
        code = REFLOW_IMAGE_UNSUPPORTED;
        break;
    case JERR_INPUT_EMPTY:
        code = REFLOW_IMAGE_TRUNCATED;
        break;
    default:
        code = REFLOW_IMAGE_CORRUPT;
    }
    fail(decoder, code, message);
}

// Warnings (level -1) are counted and the first kept; the end of the data coming early is an
// error, not the grey rest of an image libjpeg would draw. Trace messages (level >= 0) are dropped.
static void emit_message(j_common_ptr info, int level) {
    if (level >= 0) return;
    struct reflow_jpeg_decoder *decoder = decoder_of(info);
    char message[JMSG_LENGTH_MAX];
    (*info->err->format_message)(info, message);
    if (info->err->msg_code == JWRN_JPEG_EOF) fail(decoder, REFLOW_IMAGE_TRUNCATED, message);
    if (decoder->status->warnings == 0) reflow_copy_message(decoder->status->first_warning, message);
    decoder->status->warnings += 1;
}

static void output_message(j_common_ptr info) {
    (void)info;
}

// A progressive image is decoded scan by scan over the whole image: a file of many tiny scans
// costs time out of all proportion to its size. libjpeg-turbo's own tools stop such files the
// same way (djpeg -maxscans).
static void progress_monitor(j_common_ptr info) {
    struct reflow_jpeg_decoder *decoder = decoder_of(info);
    if (info->is_decompressor && decoder->info.input_scan_number > decoder->max_scans) {
        char message[200];
        snprintf(message, sizeof message, "more than %d scans", decoder->max_scans);
        fail(decoder, REFLOW_IMAGE_TOO_MANY_SCANS, message);
    }
}

static void init_source(j_decompress_ptr info) {
    (void)info;
}

static boolean fill_input_buffer(j_decompress_ptr info) {
    struct reflow_jpeg_decoder *decoder = decoder_of((j_common_ptr)info);
    int failure = 0;
    const uint8_t *from = NULL;
    size_t count = reflow_input_read(decoder->input, decoder->buffer, REFLOW_JPEG_BUFFER, &from, &failure);
    if (failure == REFLOW_IMAGE_READ_FAILED) fail(decoder, failure, "the file could not be read");
    if (failure == REFLOW_IMAGE_TOO_LONG) fail(decoder, failure, "the file is longer than allowed");
    if (count == 0) {
        // As libjpeg's own sources do: warn (emit_message makes it an error) and end the image.
        WARNMS(info, JWRN_JPEG_EOF);
        decoder->source.next_input_byte = fake_end;
        decoder->source.bytes_in_buffer = 2;
        return TRUE;
    }
    decoder->source.next_input_byte = from;
    decoder->source.bytes_in_buffer = count;
    return TRUE;
}

static void skip_input_data(j_decompress_ptr info, long count) {
    struct reflow_jpeg_decoder *decoder = decoder_of((j_common_ptr)info);
    if (count <= 0) return;
    size_t wanted = (size_t)count;
    if (wanted <= decoder->source.bytes_in_buffer) {
        decoder->source.next_input_byte += wanted;
        decoder->source.bytes_in_buffer -= wanted;
        return;
    }
    wanted -= decoder->source.bytes_in_buffer;
    decoder->source.bytes_in_buffer = 0;
    if (reflow_input_skip(decoder->input, wanted) != 0) fail(decoder, REFLOW_IMAGE_READ_FAILED, "the file could not be read");
}

static void term_source(j_decompress_ptr info) {
    (void)info;
}

reflow_jpeg_decoder *reflow_jpeg_open(reflow_image_input *input, int max_scans, reflow_image_header *header,
                                      reflow_image_status *status) {
    struct reflow_jpeg_decoder *decoder = reflow_decoder_alloc(sizeof *decoder, status);
    if (decoder == NULL) return NULL;
    decoder->input = input;
    decoder->status = status;
    decoder->max_scans = max_scans;
    decoder->info.err = jpeg_std_error(&decoder->errors);
    decoder->errors.error_exit = error_exit;
    decoder->errors.emit_message = emit_message;
    decoder->errors.output_message = output_message;
    if (setjmp(decoder->jump)) {
        reflow_jpeg_close(decoder);
        return NULL;
    }
    jpeg_create_decompress(&decoder->info);
    decoder->created = 1;
    decoder->source.init_source = init_source;
    decoder->source.fill_input_buffer = fill_input_buffer;
    decoder->source.skip_input_data = skip_input_data;
    decoder->source.resync_to_restart = jpeg_resync_to_restart;
    decoder->source.term_source = term_source;
    decoder->info.src = &decoder->source;
    decoder->progress.progress_monitor = progress_monitor;
    decoder->info.progress = &decoder->progress;
    jpeg_read_header(&decoder->info, TRUE);
    header->width = decoder->info.image_width;
    header->height = decoder->info.image_height;
    header->bit_depth = decoder->info.data_precision;
    header->color_type = (int)decoder->info.jpeg_color_space;
    header->components = decoder->info.num_components;
    header->interlaced = decoder->info.progressive_mode ? 1 : 0;
    header->adobe_marker = decoder->info.saw_Adobe_marker ? 1 : 0;
    return decoder;
}

// CMYK as libjpeg gives it (4 bytes a pixel) to RGBA in place. Adobe's files store the inks
// inverted (255 = no ink): there red is C x K / 255; otherwise (255 - C) x (255 - K) / 255.
static void cmyk_to_rgba(uint8_t *row, uint32_t width, int inverted) {
    for (uint32_t x = 0; x < width; x++) {
        uint8_t *p = row + (size_t)x * 4;
        unsigned c = p[0], m = p[1], y = p[2], k = p[3];
        if (!inverted) {
            c = 255 - c; m = 255 - m; y = 255 - y; k = 255 - k;
        }
        p[0] = (uint8_t)((c * k + 127) / 255);
        p[1] = (uint8_t)((m * k + 127) / 255);
        p[2] = (uint8_t)((y * k + 127) / 255);
        p[3] = 255;
    }
}

int reflow_jpeg_decode_rgba(reflow_jpeg_decoder *decoder, uint8_t *pixels, size_t stride, uint64_t max_memory,
                            reflow_image_status *status) {
    decoder->status = status;
    status->code = REFLOW_IMAGE_OK;
    if (setjmp(decoder->jump)) return 0;
    // libjpeg checks it where it sets up whole-image buffers; past it, it would need a backing
    // store, which libjpeg-turbo does not have, and stops.
    decoder->info.mem->max_memory_to_use = max_memory > (uint64_t)LONG_MAX ? LONG_MAX : (long)max_memory;
    J_COLOR_SPACE coded = decoder->info.jpeg_color_space;
    int cmyk = coded == JCS_CMYK || coded == JCS_YCCK;
    decoder->info.out_color_space = cmyk ? JCS_CMYK : JCS_EXT_RGBA;
    jpeg_start_decompress(&decoder->info);
    if (decoder->info.output_components != 4 || (size_t)decoder->info.output_width * 4 > stride) {
        fail(decoder, REFLOW_IMAGE_UNSUPPORTED, "libjpeg did not give 4 bytes a pixel");
    }
    int inverted = decoder->info.saw_Adobe_marker;
    while (decoder->info.output_scanline < decoder->info.output_height) {
        JSAMPROW row = pixels + (size_t)decoder->info.output_scanline * stride;
        if (jpeg_read_scanlines(&decoder->info, &row, 1) != 1) fail(decoder, REFLOW_IMAGE_TRUNCATED, "no more rows");
        if (cmyk) cmyk_to_rgba(row, decoder->info.output_width, inverted);
    }
    // Not jpeg_finish_decompress: whatever follows the last row (more markers, junk) is not read.
    return 1;
}

void reflow_jpeg_close(reflow_jpeg_decoder *decoder) {
    if (decoder == NULL) return;
    if (decoder->created) jpeg_destroy_decompress(&decoder->info);
    free(decoder);
}
