#ifndef REFLOW_ICU_H
#define REFLOW_ICU_H
#include <stdint.h>

/// A UAX #14 line-break iterator (ICU's rule-based `ubrk` line iterator) over UTF-8 text.
typedef struct reflow_line_breaker reflow_line_breaker;

/// Opens a line-break iterator for `locale` (NULL for the root locale). On failure returns NULL
/// and writes ICU's error name into `error` (at most `error_capacity` bytes, NUL-terminated).
reflow_line_breaker *reflow_line_breaker_open(const char *locale, char *error, int32_t error_capacity);
void reflow_line_breaker_close(reflow_line_breaker *breaker);

/// Finds the break opportunities of `utf8[0..<length]`. Writes each boundary's byte offset into
/// `offsets` (the end of the text included, the start excluded) and 1 into `hard` where the break
/// is mandatory (after a line feed, paragraph separator, ...). `capacity` must be at least
/// `length`. Returns the number of boundaries, or -1 on an ICU error (its name in `error`).
int32_t reflow_line_breaker_breaks(reflow_line_breaker *breaker, const char *utf8, int32_t length,
                                   int32_t *offsets, uint8_t *hard, int32_t capacity,
                                   char *error, int32_t error_capacity);

/// The ICU version this was built against, e.g. "72.1".
const char *reflow_icu_version(void);

#endif
