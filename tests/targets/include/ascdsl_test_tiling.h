// Test-only header named by tests/filecheck/targets/includes.mlir: an extra user header
// that generate-boilerplate keeps in the include list.
#ifndef ASCDSL_TEST_TILING_H
#define ASCDSL_TEST_TILING_H
#include <cstdint>
struct AscdslTestTiling {
    uint32_t totalLength;
    uint32_t tileNum;
};
#endif
