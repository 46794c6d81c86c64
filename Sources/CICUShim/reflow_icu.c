#include "reflow_icu.h"
#include <unicode/ubrk.h>
#include <unicode/utext.h>
#include <unicode/uversion.h>
#include <unicode/ubidi.h>
#include <unicode/uscript.h>
#include <unicode/utf16.h>
#include <unicode/uchar.h>
#include <unicode/uloc.h>
#include <unicode/upluralrules.h>
#include <unicode/uenum.h>
#include <unicode/ures.h>
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

static reflow_line_breaker *open_breaker(UBreakIteratorType type, const char *locale, char *error, int32_t error_capacity) {
    UErrorCode status = U_ZERO_ERROR;
    UBreakIterator *it = ubrk_open(type, locale ? locale : "", NULL, 0, &status);
    if (U_FAILURE(status)) { write_error(status, error, error_capacity); return NULL; }
    reflow_line_breaker *b = calloc(1, sizeof *b);
    if (!b) { ubrk_close(it); write_error(U_MEMORY_ALLOCATION_ERROR, error, error_capacity); return NULL; }
    b->iterator = it;
    UText empty = UTEXT_INITIALIZER;
    b->text = empty;
    return b;
}

reflow_line_breaker *reflow_line_breaker_open(const char *locale, char *error, int32_t error_capacity) {
    return open_breaker(UBRK_LINE, locale, error, error_capacity);
}

reflow_line_breaker *reflow_character_breaker_open(char *error, int32_t error_capacity) {
    return open_breaker(UBRK_CHARACTER, NULL, error, error_capacity);
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

struct reflow_bidi {
    UBiDi *paragraph;
    UBiDi *line;
};

reflow_bidi *reflow_bidi_open(void) {
    reflow_bidi *b = calloc(1, sizeof *b);
    if (!b) return NULL;
    b->paragraph = ubidi_open();
    b->line = ubidi_open();
    if (!b->paragraph || !b->line) { reflow_bidi_close(b); return NULL; }
    return b;
}

void reflow_bidi_close(reflow_bidi *b) {
    if (!b) return;
    if (b->line) ubidi_close(b->line);
    if (b->paragraph) ubidi_close(b->paragraph);
    free(b);
}

static int32_t copy_levels(UBiDi *bidi, int32_t length, uint8_t *levels, char *error, int32_t error_capacity) {
    UErrorCode status = U_ZERO_ERROR;
    const UBiDiLevel *resolved = ubidi_getLevels(bidi, &status);
    if (U_FAILURE(status)) { write_error(status, error, error_capacity); return -1; }
    if (length > 0) memcpy(levels, resolved, (size_t)length);
    return 0;
}

int32_t reflow_bidi_levels(reflow_bidi *b, const uint16_t *text, int32_t length, int32_t paragraph_level,
                           uint8_t *levels, char *error, int32_t error_capacity) {
    UErrorCode status = U_ZERO_ERROR;
    UBiDiLevel level = paragraph_level < 0 ? UBIDI_DEFAULT_LTR : (UBiDiLevel)paragraph_level;
    ubidi_setPara(b->paragraph, (const UChar *)text, length, level, NULL, &status);
    if (U_FAILURE(status)) { write_error(status, error, error_capacity); return -1; }
    if (length > 0 && copy_levels(b->paragraph, length, levels, error, error_capacity) < 0) return -1;
    return ubidi_getParaLevel(b->paragraph);
}

int32_t reflow_bidi_line_levels(reflow_bidi *b, int32_t start, int32_t limit, uint8_t *levels,
                                char *error, int32_t error_capacity) {
    if (limit <= start) return 0;
    UErrorCode status = U_ZERO_ERROR;
    ubidi_setLine(b->paragraph, start, limit, b->line, &status);
    if (U_FAILURE(status)) { write_error(status, error, error_capacity); return -1; }
    return copy_levels(b->line, limit - start, levels, error, error_capacity);
}

int32_t reflow_bidi_class(uint32_t c) { return (int32_t)u_charDirection((UChar32)c); }

int32_t reflow_east_asian_width(uint32_t c) { return u_getIntPropertyValue((UChar32)c, UCHAR_EAST_ASIAN_WIDTH); }

int32_t reflow_script(uint32_t c) {
    UErrorCode status = U_ZERO_ERROR;
    UScriptCode script = uscript_getScript((UChar32)c, &status);
    return U_FAILURE(status) ? USCRIPT_UNKNOWN : (int32_t)script;
}

const char *reflow_script_code(int32_t script) { return uscript_getShortName((UScriptCode)script); }

const char *reflow_script_name(int32_t script) { return uscript_getName((UScriptCode)script); }

int32_t reflow_script_sample(int32_t script) {
    UErrorCode status = U_ZERO_ERROR;
    UChar sample[8];
    int32_t length = uscript_getSampleString((UScriptCode)script, sample, 8, &status);
    if (U_FAILURE(status) || length <= 0) return -1;
    UChar32 c;
    int32_t i = 0;
    U16_NEXT(sample, i, length, c);
    return c;
}

int32_t reflow_paired_bracket(uint32_t c, uint32_t *pair) {
    int32_t type = u_getIntPropertyValue((UChar32)c, UCHAR_BIDI_PAIRED_BRACKET_TYPE);
    if (pair) *pair = (uint32_t)u_getBidiPairedBracket((UChar32)c);
    return type;
}

int32_t reflow_language_tag(const char *tag, char *locale, int32_t capacity) {
    UErrorCode status = U_ZERO_ERROR;
    int32_t parsed = 0;
    int32_t length = uloc_forLanguageTag(tag, locale, capacity, &parsed, &status);
    if (U_FAILURE(status) || parsed != (int32_t)strlen(tag)) return -1;
    return length;
}

int32_t reflow_language_is_right_to_left(const char *tag) {
    char locale[157];
    if (reflow_language_tag(tag, locale, (int32_t)sizeof locale) < 0) return 0;
    /* The likely script, when the tag names none (ar → Arab, ur → Arab, az → Latn). */
    UErrorCode status = U_ZERO_ERROR;
    char maximized[157];
    uloc_addLikelySubtags(locale, maximized, (int32_t)sizeof maximized, &status);
    if (U_FAILURE(status)) return uloc_isRightToLeft(locale) ? 1 : 0;
    return uloc_isRightToLeft(maximized) ? 1 : 0;
}

const char *reflow_icu_version(void) { return U_ICU_VERSION; }

/* Plural rules. The struct only names ICU's object, so Swift never sees a versioned symbol. */
struct reflow_plural_rules { UPluralRules *rules; };

reflow_plural_rules *reflow_plural_rules_open(const char *locale, char *error, int32_t error_capacity) {
    UErrorCode status = U_ZERO_ERROR;
    UPluralRules *rules = uplrules_open(locale ? locale : "", &status);
    if (U_FAILURE(status)) { write_error(status, error, error_capacity); return NULL; }
    reflow_plural_rules *r = calloc(1, sizeof *r);
    if (!r) { uplrules_close(rules); write_error(U_MEMORY_ALLOCATION_ERROR, error, error_capacity); return NULL; }
    r->rules = rules;
    return r;
}

void reflow_plural_rules_close(reflow_plural_rules *r) {
    if (!r) return;
    uplrules_close(r->rules);
    free(r);
}

/* Keywords are ASCII: copy the UTF-16 units down to bytes. */
static int32_t copy_keyword(const UChar *source, int32_t length, char *keyword, int32_t capacity) {
    if (length < 0 || length >= capacity) return -1;
    for (int32_t i = 0; i < length; i++) keyword[i] = source[i] < 0x80 ? (char)source[i] : '?';
    keyword[length] = 0;
    return length;
}

int32_t reflow_plural_rules_select(reflow_plural_rules *r, double n, char *keyword, int32_t capacity,
                                   char *error, int32_t error_capacity) {
    UErrorCode status = U_ZERO_ERROR;
    UChar buffer[32];
    int32_t length = uplrules_select(r->rules, n, buffer, 32, &status);
    if (U_FAILURE(status)) { write_error(status, error, error_capacity); return -1; }
    int32_t copied = copy_keyword(buffer, length, keyword, capacity);
    if (copied < 0) write_error(U_BUFFER_OVERFLOW_ERROR, error, error_capacity);
    return copied;
}

int32_t reflow_plural_rules_select_integer(reflow_plural_rules *r, int64_t n, char *keyword, int32_t capacity,
                                           char *error, int32_t error_capacity) {
    return reflow_plural_rules_select(r, (double)n, keyword, capacity, error, error_capacity);
}

int32_t reflow_plural_rules_keywords(reflow_plural_rules *r, char *keywords, int32_t capacity,
                                     char *error, int32_t error_capacity) {
    UErrorCode status = U_ZERO_ERROR;
    UEnumeration *all = uplrules_getKeywords(r->rules, &status);
    if (U_FAILURE(status)) { write_error(status, error, error_capacity); return -1; }
    int32_t used = 0;
    const char *keyword;
    int32_t length = 0;
    while ((keyword = uenum_next(all, &length, &status)) != NULL && U_SUCCESS(status)) {
        int32_t needed = length + (used > 0 ? 1 : 0);
        if (used + needed >= capacity) { uenum_close(all); write_error(U_BUFFER_OVERFLOW_ERROR, error, error_capacity); return -1; }
        if (used > 0) keywords[used++] = ' ';
        memcpy(keywords + used, keyword, (size_t)length);
        used += length;
    }
    uenum_close(all);
    if (U_FAILURE(status)) { write_error(status, error, error_capacity); return -1; }
    if (capacity > 0) keywords[used] = 0;
    return used;
}

int32_t reflow_plural_rules_locale(const char *locale, char *found, int32_t capacity) {
    /* ICU's own lookup (plurrule.cpp, getRuleFromResource): the "locales" table of the "plurals"
       bundle, by the locale's base name, then by each parent in turn. */
    UErrorCode status = U_ZERO_ERROR;
    UResourceBundle *plurals = ures_openDirect(NULL, "plurals", &status);
    UResourceBundle *locales = ures_getByKey(plurals, "locales", NULL, &status);
    if (U_FAILURE(status)) { ures_close(locales); ures_close(plurals); return -1; }
    char name[ULOC_FULLNAME_CAPACITY];
    UErrorCode nameStatus = U_ZERO_ERROR;
    uloc_getBaseName(locale ? locale : "", name, (int32_t)sizeof name, &nameStatus);
    if (U_FAILURE(nameStatus) || nameStatus == U_STRING_NOT_TERMINATED_WARNING) name[0] = 0;
    int32_t result = -1;
    while (name[0] != 0) {
        UErrorCode lookup = U_ZERO_ERROR;
        int32_t length = 0;
        const UChar *rules = ures_getStringByKey(locales, name, &length, &lookup);
        if (rules != NULL && U_SUCCESS(lookup)) {
            int32_t n = (int32_t)strlen(name);
            if (n < capacity) { memcpy(found, name, (size_t)n + 1); result = n; }
            break;
        }
        UErrorCode parentStatus = U_ZERO_ERROR;
        char parent[ULOC_FULLNAME_CAPACITY];
        int32_t parentLength = uloc_getParent(name, parent, (int32_t)sizeof parent, &parentStatus);
        if (U_FAILURE(parentStatus) || parentLength <= 0) break;
        memcpy(name, parent, (size_t)parentLength + 1);
    }
    ures_close(locales);
    ures_close(plurals);
    return result;
}
