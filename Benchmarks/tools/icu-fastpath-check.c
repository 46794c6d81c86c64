/* Checks the line-break fast path in Sources/TextMetrics/BreakOpportunities.swift (simpleBreaks)
 * against the ICU on this machine: for texts made only of ASCII letters, spaces, commas and full
 * stops, ICU's UAX #14 line breaks must be exactly "before a letter that follows a space" plus the
 * (soft) end of the text. Exhaustive up to length 9 over {a, Z, space, comma, period}, then 2M
 * random texts over all letters. Re-run after an ICU upgrade:
 *   cc -O2 icu-fastpath-check.c -o /tmp/icu-fastpath-check $(pkg-config --cflags --libs icu-uc) && /tmp/icu-fastpath-check
 * Prints "checked N, mismatches 0" and exits 0 when the fast path is still exact.
 */
#include <unicode/ubrk.h>
#include <unicode/utext.h>
#include <stdio.h>
#include <string.h>
#include <stdlib.h>
static UBreakIterator *it;
static long bad = 0, checked = 0;
static int isL(char c) { return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z'); }
static void check(const char *s, int n) {
  UText t = UTEXT_INITIALIZER; UErrorCode st = U_ZERO_ERROR;
  utext_openUTF8(&t, s, n, &st); ubrk_setUText(it, &t, &st);
  int exp[64], ne = 0;
  for (int i = 1; i < n; i++) if (s[i-1] == ' ' && isL(s[i])) exp[ne++] = i;
  exp[ne++] = n;
  int k = 0, ok = 1;
  for (int p = ubrk_following(it, 0); p != UBRK_DONE; p = ubrk_next(it)) {
    if (k >= ne || exp[k] != p || ubrk_getRuleStatus(it) >= UBRK_LINE_HARD) ok = 0;
    k++;
  }
  if (k != ne) ok = 0;
  checked++;
  if (!ok && bad++ < 10) printf("MISMATCH '%.*s'\n", n, s);
  utext_close(&t);
}
int main(void) {
  UErrorCode st = U_ZERO_ERROR;
  it = ubrk_open(UBRK_LINE, "", NULL, 0, &st);
  const char alpha[] = "aZ ,.";
  int A = 5; char s[64];
  for (int n = 1; n <= 9; n++) {
    long total = 1; for (int i = 0; i < n; i++) total *= A;
    for (long c = 0; c < total; c++) { long x = c; for (int i = 0; i < n; i++) { s[i] = alpha[x % A]; x /= A; } check(s, n); }
  }
  const char all[] = "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ ,.  ";
  srand(1);
  for (long r = 0; r < 2000000; r++) { int n = 1 + rand() % 40; for (int i = 0; i < n; i++) s[i] = all[rand() % (sizeof all - 1)]; check(s, n); }
  printf("checked %ld, mismatches %ld\n", checked, bad);
  return bad != 0;
}
