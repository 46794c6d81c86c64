#include "reflow_icu.h"
#include <unicode/ubrk.h>
#include <unicode/utext.h>
#include <unicode/uversion.h>
#include <stdlib.h>
#include <string.h>

struct reflow_line_breaker {
    UBreakIterator *iterator;
    UText text; /* reused for every paragraph, so measuring allocates nothing here */
};

static void write_error(UErrorCode status, char *error, int32_t capacity) {
    if (error && capacity > 0) {
        strncpy(error, u_errorName(status), (size_t)capacity - 1);
        error[capacity - 1] = 0;
    }
}

reflow_line_breaker *reflow_line_breaker_open(const char *locale, char *error, int32_t error_capacity) {
    UErrorCode status = U_ZERO_ERROR;
    UBreakIterator *it = ubrk_open(UBRK_LINE, locale ? locale : "", NULL, 0, &status);
    if (U_FAILURE(status)) { write_error(status, error, error_capacity); return NULL; }
    reflow_line_breaker *b = calloc(1, sizeof *b);
    if (!b) { ubrk_close(it); write_error(U_MEMORY_ALLOCATION_ERROR, error, error_capacity); return NULL; }
    b->iterator = it;
    UText empty = UTEXT_INITIALIZER;
    b->text = empty;
    return b;
}

void reflow_line_breaker_close(reflow_line_breaker *b) {
    if (!b) return;
    utext_close(&b->text);
    ubrk_close(b->iterator);
    free(b);
}

int32_t reflow_line_breaker_breaks(reflow_line_breaker *b, const char *utf8, int32_t length,
                                   int32_t *offsets, uint8_t *hard, int32_t capacity,
                                   char *error, int32_t error_capacity) {
    UErrorCode status = U_ZERO_ERROR;
    utext_openUTF8(&b->text, utf8, length, &status);
    if (U_FAILURE(status)) { write_error(status, error, error_capacity); return -1; }
    ubrk_setUText(b->iterator, &b->text, &status);
    if (U_FAILURE(status)) { write_error(status, error, error_capacity); return -1; }
    int32_t n = 0;
    for (int32_t pos = ubrk_following(b->iterator, 0); pos != UBRK_DONE; pos = ubrk_next(b->iterator)) {
        if (n >= capacity) break;
        int32_t status_tag = ubrk_getRuleStatus(b->iterator);
        offsets[n] = pos;
        hard[n] = (status_tag >= UBRK_LINE_HARD && status_tag < UBRK_LINE_HARD_LIMIT) ? 1 : 0;
        n++;
    }
    return n;
}

const char *reflow_icu_version(void) { return U_ICU_VERSION; }
