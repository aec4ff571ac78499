// PCRE2's 8-bit (UTF-8) library: its functions are declared with the `_8` suffix.
#define PCRE2_CODE_UNIT_WIDTH 8
#include <pcre2.h>
