#include "reflow_input.h"
#include <errno.h>
#include <stdlib.h>
#include <unistd.h>

void *reflow_decoder_alloc(size_t size, reflow_image_status *status) {
    memset(status, 0, sizeof *status);
    void *decoder = calloc(1, size);
    if (decoder == NULL) {
        status->code = REFLOW_IMAGE_OUT_OF_MEMORY;
        reflow_copy_message(status->message, "no memory for the decoder");
    }
    return decoder;
}

size_t reflow_input_read(reflow_image_input *input, uint8_t *buffer, size_t capacity, const uint8_t **from, int *failure) {
    *failure = 0;
    if (input->bytes != NULL) {
        uint64_t left = input->count > input->bytes_read ? input->count - input->bytes_read : 0;
        size_t count = left < capacity ? (size_t)left : capacity;
        if (input->bytes_read + count > input->max_bytes) {
            *failure = REFLOW_IMAGE_TOO_LONG;
            return 0;
        }
        const uint8_t *start = input->bytes + input->bytes_read;
        if (from != NULL) {
            *from = start;
        } else if (count > 0) {
            memcpy(buffer, start, count);
        }
        input->bytes_read += count;
        return count;
    }
    ssize_t got;
    do {
        got = read(input->fd, buffer, capacity);
    } while (got < 0 && errno == EINTR);
    if (got < 0) {
        input->read_errno = errno;
        *failure = REFLOW_IMAGE_READ_FAILED;
        return 0;
    }
    if (input->bytes_read + (uint64_t)got > input->max_bytes) {
        *failure = REFLOW_IMAGE_TOO_LONG;
        return 0;
    }
    input->bytes_read += (uint64_t)got;
    if (from != NULL) *from = buffer;
    return (size_t)got;
}

int reflow_input_skip(reflow_image_input *input, uint64_t count) {
    if (input->bytes != NULL) {
        uint64_t left = input->count > input->bytes_read ? input->count - input->bytes_read : 0;
        input->bytes_read += count < left ? count : left;
        return 0;
    }
    // Seeking past the end is allowed: the next read then finds the end of the file.
    if (count > (uint64_t)INT64_MAX || lseek(input->fd, (off_t)count, SEEK_CUR) < 0) {
        input->read_errno = errno;
        return REFLOW_IMAGE_READ_FAILED;
    }
    return 0;
}
