// The module is the header: LLVMFuzzerRunDriver is defined by libFuzzer's runtime.
#include "CFuzzerDriver.h"
