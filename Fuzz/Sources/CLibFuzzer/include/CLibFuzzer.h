#ifndef CLIBFUZZER_H
#define CLIBFUZZER_H
#include <stddef.h>
#include <stdint.h>

/// libFuzzer's entry for programs that have their own `main` (LLVM >= 11). SwiftPM links every
/// executable with `main` set to the module's entry point, so the fuzz targets start libFuzzer
/// themselves through this instead of using libFuzzer's `main`.
int LLVMFuzzerRunDriver(int *argc, char ***argv, int (*UserCb)(const uint8_t *Data, size_t Size));

#endif
