// A kernel through the whole road: fuse, ascdsl-default, Ascend C (and g++ against the real
// headers, in test_example.py), the simulator.
// RUN: ascdsl-opt --load-extension ascx_example %S/Inputs/relu_muls.mlir --fuse-relu-muls --ascdsl-default --generate-boilerplate -t ascendc | filecheck %s --check-prefix=CPP
// RUN: ascdsl-sim --load-extension ascx_example %S/Inputs/relu_muls.mlir -p fuse-relu-muls,ascdsl-default --arg x=f32[2048]:randn --arg y=f32[2048] --arg n=2048 --arg s=2.5 --expect "y = maximum(x, 0) * 2.5" | filecheck %s --check-prefix=SIM

// CPP:      #include "kernel_operator.h"
// CPP-NEXT: #include "ascx/scaled_relu.h"
// CPP:      [[IN:v[0-9]+]].EnQue
// CPP:      [[A:v[0-9]+]] = [[IN]].DeQue<float>();
// CPP-NEXT: ascx::ScaledRelu([[B:v[0-9]+]], [[A]], v4, c256_i32);
// CPP-NEXT: [[OUT:v[0-9]+]].EnQue([[B]]);

// SIM:      kernel relu_muls on Ascend910B1, 1 core(s)
// SIM:      8  ascx.scaled_relu_l2
// SIM:      findings: none
// SIM:      checks: 1 passed
