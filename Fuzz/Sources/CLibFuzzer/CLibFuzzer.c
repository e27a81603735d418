// Declarations only (see include/CLibFuzzer.h); libFuzzer itself comes from -sanitize=fuzzer.
#include "CLibFuzzer.h"
