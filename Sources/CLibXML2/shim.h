#include <libxml/xmlversion.h>
// Debian builds libxml2 with ICU, and its encoding.h then includes ICU's headers for two fields
// at the end of xmlCharEncodingHandler. Swift modules that see both those headers and
// Foundation's own copy of ICU fail to build ('UErrorCode' has different definitions), and this
// package reaches ICU through CICUShim only. Nothing here touches that struct's fields, so the
// headers are read without ICU.
#undef LIBXML_ICU_ENABLED
#include <libxml/HTMLparser.h>
#include <libxml/parser.h>
