#include "reflow_jpeg_fixtures.h"
#include <setjmp.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <jpeglib.h>

struct fixture_errors {
    struct jpeg_error_mgr manager;
    jmp_buf jump;
};

static void fixture_error_exit(j_common_ptr info) {
    longjmp(((struct fixture_errors *)(void *)info->err)->jump, 1);
}

static void fixture_output_message(j_common_ptr info) {
    (void)info;
}

size_t reflow_fixture_jpeg(const uint8_t *pixels, int width, int height, int storage, int quality, int progressive,
                           int full_chroma, size_t comment_bytes, uint8_t **out) {
    struct jpeg_compress_struct info;
    struct fixture_errors errors;
    unsigned char *volatile buffer = NULL;
    unsigned long size = 0;
    uint8_t *volatile comment = NULL;
    info.err = jpeg_std_error(&errors.manager);
    errors.manager.error_exit = fixture_error_exit;
    errors.manager.output_message = fixture_output_message;
    *out = NULL;
    if (setjmp(errors.jump)) {
        jpeg_destroy_compress(&info);
        free(buffer);
        free(comment);
        return 0;
    }
    jpeg_create_compress(&info);
    jpeg_mem_dest(&info, (unsigned char **)&buffer, &size);
    info.image_width = (JDIMENSION)width;
    info.image_height = (JDIMENSION)height;
    int input_components = storage == REFLOW_FIXTURE_GREY ? 1 : (storage == REFLOW_FIXTURE_CMYK || storage == REFLOW_FIXTURE_YCCK) ? 4 : 3;
    info.input_components = input_components;
    info.in_color_space = input_components == 1 ? JCS_GRAYSCALE : input_components == 4 ? JCS_CMYK : JCS_RGB;
    jpeg_set_defaults(&info);
    if (storage == REFLOW_FIXTURE_RGB) jpeg_set_colorspace(&info, JCS_RGB);
    if (storage == REFLOW_FIXTURE_YCCK) jpeg_set_colorspace(&info, JCS_YCCK);
    jpeg_set_quality(&info, quality, TRUE);
    if (full_chroma) {
        for (int c = 0; c < info.num_components; c++) {
            info.comp_info[c].h_samp_factor = 1;
            info.comp_info[c].v_samp_factor = 1;
        }
    }
    if (progressive) jpeg_simple_progression(&info);
    jpeg_start_compress(&info, TRUE);
    if (comment_bytes > 0) {
        comment = malloc(comment_bytes);
        if (comment == NULL) longjmp(errors.jump, 1);
        memset(comment, 'c', comment_bytes);
        jpeg_write_marker(&info, JPEG_COM, comment, (unsigned int)comment_bytes);
    }
    size_t stride = (size_t)width * (size_t)input_components;
    while (info.next_scanline < info.image_height) {
        JSAMPROW row = (JSAMPROW)(pixels + (size_t)info.next_scanline * stride);
        jpeg_write_scanlines(&info, &row, 1);
    }
    jpeg_finish_compress(&info);
    jpeg_destroy_compress(&info);
    free(comment);
    *out = buffer;
    return (size_t)size;
}

void reflow_fixture_free(uint8_t *bytes) {
    free(bytes);
}
