#include <unicode/utypes.h>
#include <unicode/ubrk.h>
#include <unicode/utext.h>
