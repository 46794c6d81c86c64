/* reflow_json_block is inline, in the header; a C target needs one source file. */
#include "reflow_json_blocks.h"
