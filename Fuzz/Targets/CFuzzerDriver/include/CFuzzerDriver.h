#ifndef CFUZZERDRIVER_H
#define CFUZZERDRIVER_H
#include <stddef.h>
#include <stdint.h>

/// libFuzzer's driver (in the runtime linked by -sanitize=fuzzer): parses the libFuzzer
/// flags in argv and fuzzes `callback`. The fuzz targets call it from the entry point
/// SwiftPM gives an executable (`<module>_main`), which takes the place of libFuzzer's
/// own `main`.
int LLVMFuzzerRunDriver(int *argc, char ***argv, int (*callback)(const uint8_t *data, size_t size));

#endif
