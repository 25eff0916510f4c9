// The whole road from tiles to Ascend C: lower-asc, then the ascendc pipeline.
// RUN: ascdsl-opt %S/../../../examples/ir/vadd_tile.mlir --lower-asc --ascdsl-default -t ascendc | filecheck %s
// RUN: ascdsl-sim %S/../../../examples/ir/vadd_tile.mlir -p lower-asc,ascdsl-default --cores 8 --arg x=f32[16384]:rand --arg y=f32[16384]:rand --arg z=f32[16384] --arg n=16384 --expect "z = x + y" | filecheck %s --check-prefix=SIM
// RUN: ascdsl-sim %S/../../../examples/ir/vadd_tile.mlir --cores 1 --arg x=f32[4096]:rand --arg y=f32[4096]:rand --arg z=f32[4096] --arg n=4096 --expect "z = x + y" | filecheck %s --check-prefix=REF

// Double-buffered queues (the loop is parallel), the loop spread over the cores, one
// repeat-structured Add, EnQue/DeQue from insert-que-sync.
// CHECK:      AscendC::TQue<AscendC::TPosition::VECIN, 2> [[QX:v[0-9]+]];
// CHECK:      AscendC::TQue<AscendC::TPosition::VECOUT, 2> [[QZ:v[0-9]+]];
// CHECK:      int32_t [[IDX:v[0-9]+]] = static_cast<int32_t>(AscendC::GetBlockIdx());
// CHECK:      for (int32_t [[I:v[0-9]+]] = {{.*}}; [[I]] < v4; [[I]] += {{.*}}) {
// CHECK-NEXT:   AscendC::LocalTensor<float> [[X:v[0-9]+]] = [[QX]].AllocTensor<float>();
// CHECK:        AscendC::DataCopy([[X]], {{.*}}, c256_i32);
// CHECK-NEXT:   [[QX]].EnQue([[X]]);
// CHECK:        AscendC::Add<float, 1>({{.*}}, c64_i64, c4_i32, {{.*}});
// CHECK:        [[QZ]].EnQue(

// SIM:      kernel vadd on Ascend910B1, 8 core(s), sanitizer raise
// SIM:      findings: none
// SIM-NEXT: checks: 1 passed

// The tiles themselves, on the reference simulator.
// REF:      asc.add
// REF:      findings: none
// REF-NEXT: checks: 1 passed
