#ifndef REFLOW_ICU_H
#define REFLOW_ICU_H
#include <stdint.h>

/// A UAX #14 line-break iterator (ICU's rule-based `ubrk` line iterator) over UTF-8 text.
typedef struct reflow_line_breaker reflow_line_breaker;

/// Opens a line-break iterator for `locale` (NULL for the root locale). On failure returns NULL
/// and writes ICU's error name into `error` (at most `error_capacity` bytes, NUL-terminated).
reflow_line_breaker *reflow_line_breaker_open(const char *locale, char *error, int32_t error_capacity);
void reflow_line_breaker_close(reflow_line_breaker *breaker);

/// Opens an iterator over grapheme-cluster boundaries (UAX #29, ICU's character iterator); use
/// it with `reflow_line_breaker_breaks` and `reflow_line_breaker_close` (`hard` is always 0).
reflow_line_breaker *reflow_character_breaker_open(char *error, int32_t error_capacity);

/// Finds the break opportunities of `utf8[0..<length]`. Writes each boundary's byte offset into
/// `offsets` (the end of the text included, the start excluded) and 1 into `hard` where the break
/// is mandatory (after a line feed, paragraph separator, ...). `capacity` must be at least
/// `length`. Returns the number of boundaries, or -1 on an ICU error (its name in `error`).
int32_t reflow_line_breaker_breaks(reflow_line_breaker *breaker, const char *utf8, int32_t length,
                                   int32_t *offsets, uint8_t *hard, int32_t capacity,
                                   char *error, int32_t error_capacity);

// MARK: Bidi (UAX #9, ICU's ubidi)

/// A bidi paragraph: ICU's `UBiDi` object, reused for every paragraph it is given.
typedef struct reflow_bidi reflow_bidi;

reflow_bidi *reflow_bidi_open(void);
void reflow_bidi_close(reflow_bidi *bidi);

/// Resolves the embedding levels of the UTF-16 text `text[0..<length]` (one paragraph) at
/// paragraph level `paragraph_level`: 0 left-to-right, 1 right-to-left, or -1 for the first
/// strong character (UAX #9 P2-P3, left-to-right when there is none). Writes one level per
/// UTF-16 unit into `levels` (characters removed by X9 get a neighbour's level, as ICU does) and
/// returns the resolved paragraph level, or -1 on an ICU error (its name in `error`).
int32_t reflow_bidi_levels(reflow_bidi *bidi, const uint16_t *text, int32_t length, int32_t paragraph_level,
                           uint8_t *levels, char *error, int32_t error_capacity);

/// The levels of the line `[start, limit)` of the paragraph last given to `reflow_bidi_levels`,
/// with rule L1 applied (trailing white space and isolate controls back to the paragraph level).
/// Returns 0, or -1 on an ICU error.
int32_t reflow_bidi_line_levels(reflow_bidi *bidi, int32_t start, int32_t limit, uint8_t *levels,
                                char *error, int32_t error_capacity);

/// The bidi class of a code point (ICU's UCharDirection numbering: 0 L, 1 R, 2 EN, 3 ES, 4 ET,
/// 5 AN, 6 CS, 7 B, 8 S, 9 WS, 10 ON, 11 LRE, 12 LRO, 13 AL, 14 RLE, 15 RLO, 16 PDF, 17 NSM,
/// 18 BN, 19 FSI, 20 LRI, 21 RLI, 22 PDI).
int32_t reflow_bidi_class(uint32_t c);

// MARK: Scripts (UAX #24, ICU's uscript)

/// The script of a code point as ICU's UScriptCode (0 Common, 1 Inherited, 103 Unknown, ...).
int32_t reflow_script(uint32_t c);

/// The ISO 15924 code of a script ("Latn", "Arab", "Zyyy"), or NULL.
const char *reflow_script_code(int32_t script);

/// The long name of a script ("Latin", "Canadian_Aboriginal"), or NULL.
const char *reflow_script_name(int32_t script);

/// The character ICU names as a sample of a script (uscript_getSampleString's first code
/// point), or -1 when it has none.
int32_t reflow_script_sample(int32_t script);

/// The bidi paired bracket of `c` (UAX #9 BD16): its type (0 none, 1 open, 2 close) and, in
/// `pair`, the other bracket of the pair.
int32_t reflow_paired_bracket(uint32_t c, uint32_t *pair);

// MARK: Languages

/// Whether `tag` is a language tag ICU reads whole (well-formed BCP 47): writes the canonical
/// ICU locale ID into `locale` and returns its length, or -1 when ICU stopped before the end.
int32_t reflow_language_tag(const char *tag, char *locale, int32_t capacity);

/// Whether `tag`'s script (given, or the language's likely one) is written right to left
/// (ICU's uloc_isRightToLeft): 1 for ar, he, fa, ur, ..., 0 otherwise or when unreadable.
int32_t reflow_language_is_right_to_left(const char *tag);

/// The ICU version this was built against, e.g. "72.1".
/// The East Asian Width of `c` (UAX #11) as ICU numbers it: 0 neutral, 1 ambiguous, 2 halfwidth,
/// 3 fullwidth, 4 narrow, 5 wide.
int32_t reflow_east_asian_width(uint32_t c);

const char *reflow_icu_version(void);

// MARK: Plural rules (CLDR's, through ICU's uplrules)

/// ICU's cardinal plural rules for one locale (`UPluralRules`).
typedef struct reflow_plural_rules reflow_plural_rules;

/// Opens the cardinal plural rules of `locale` (an ICU locale ID, "ru", "pt_PT"). ICU falls back
/// through the locale's parents to the root locale, whose only category is "other"; use
/// `reflow_plural_rules_locale` to learn whether it did. On failure returns NULL and writes ICU's
/// error name into `error`.
reflow_plural_rules *reflow_plural_rules_open(const char *locale, char *error, int32_t error_capacity);
void reflow_plural_rules_close(reflow_plural_rules *rules);

/// The category ("zero", "one", "two", "few", "many", "other") of the number `n` (uplrules_select
/// on a double: 1.5 has one visible fraction digit, 1.0 none). Writes it NUL-terminated into
/// `keyword` and returns its length, or -1 on an ICU error (its name in `error`).
int32_t reflow_plural_rules_select(reflow_plural_rules *rules, double n, char *keyword, int32_t capacity,
                                   char *error, int32_t error_capacity);

/// The same for an integer (exact up to 2^53, the integers a double holds).
int32_t reflow_plural_rules_select_integer(reflow_plural_rules *rules, int64_t n, char *keyword, int32_t capacity,
                                           char *error, int32_t error_capacity);

/// The categories the rules use (uplrules_getKeywords), separated by spaces, NUL-terminated in
/// `keywords`. Returns the length, or -1 on an ICU error or when `capacity` is too small.
int32_t reflow_plural_rules_keywords(reflow_plural_rules *rules, char *keywords, int32_t capacity,
                                     char *error, int32_t error_capacity);

/// The locale of CLDR's plural data whose cardinal rules apply to `locale`: the locale itself or
/// its nearest parent that has rules ("de_CH" → "de"), as ICU looks them up. Writes it into
/// `found` and returns its length, or -1 when none does and ICU uses the root locale's rules.
int32_t reflow_plural_rules_locale(const char *locale, char *found, int32_t capacity);

#endif
