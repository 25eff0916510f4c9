// RUN: ascdsl-opt %s | ascdsl-opt | filecheck %s --check-prefix=IR
// RUN: ascdsl-opt %s -t ascendc | filecheck %s
// SetFmatrix with an FmatrixMode built like a struct, and the raw FFTS message, as pyasc's
// basic.mlir writes and prints them (with the `uint8_t padList[4]` the headers take; pyasc's
// test passes an i8 memref, which they reject).

// IR-LABEL: func.func @fmatrix
// IR: %[[M:.*]] = ascendc.construct !ascendc.fmatrix_mode(%{{.*}}) : i8
// IR: ascendc.set_fmatrix %{{.*}}, %{{.*}}, %{{.*}}, %[[M]] : i16, i16, memref<4xui8>, !ascendc.fmatrix_mode
// IR: ascendc.ffts_cross_core_sync %{{.*}} {pipe = 5 : i32} : i64
// CHECK-LABEL: void fmatrix(int16_t v1, uint8_t* v2, int8_t v3, int64_t v4) {
// CHECK-NEXT:   AscendC::FmatrixMode v5{v3};
// CHECK-NEXT:   AscendC::SetFmatrix(v1, v1, v2, v5);
// CHECK-NEXT:   ffts_cross_core_sync(PIPE_MTE3, v4);
// CHECK-NEXT:   return;
func.func @fmatrix(%h: i16, %pad: memref<4xui8>, %mode: i8, %msg: i64) {
  %fm = ascendc.construct !ascendc.fmatrix_mode(%mode) : i8
  ascendc.set_fmatrix %h, %h, %pad, %fm : i16, i16, memref<4xui8>, !ascendc.fmatrix_mode
  ascendc.ffts_cross_core_sync %msg {pipe = 5 : i32} : i64
  return
}
