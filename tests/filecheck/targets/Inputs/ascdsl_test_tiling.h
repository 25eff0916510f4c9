// A user's tiling header, named by includes.mlir: generate-boilerplate keeps it in the include
// list. The real-header check finds it through an include directory (tests/unit/targets).
#ifndef ASCDSL_TEST_TILING_H
#define ASCDSL_TEST_TILING_H
#include <cstdint>
struct AscdslTestTiling {
    uint32_t totalLength;
    uint32_t tileNum;
};
#endif
