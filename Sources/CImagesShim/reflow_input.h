// Reading a reflow_image_input, shared by the PNG and JPEG decoders.
#ifndef REFLOW_INPUT_H
#define REFLOW_INPUT_H

#include "reflow_images.h"
#include <string.h>

/// The outcome of reflow_input_read besides the count: 0, or a REFLOW_IMAGE_* code.
/// Copies up to `capacity` bytes into `buffer` (or, from memory, points `*from` at them without
/// copying when `from` is not NULL). Returns how many; 0 at the end of the data.
size_t reflow_input_read(reflow_image_input *input, uint8_t *buffer, size_t capacity, const uint8_t **from, int *failure);

/// Skips `count` bytes (seeking a descriptor): 0, or a REFLOW_IMAGE_* code.
int reflow_input_skip(reflow_image_input *input, uint64_t count);

/// Clears `status` and allocates `size` zeroed bytes for a decoder; NULL (status saying so) when
/// there is no memory.
void *reflow_decoder_alloc(size_t size, reflow_image_status *status);

/// Copies `text` into a status field of 200 bytes.
static inline void reflow_copy_message(char *field, const char *text) {
    strncpy(field, text, 199);
    field[199] = 0;
}

#endif
