// The ascx ops parse and print like ascdsl's own (custom and generic forms).
// RUN: ascdsl-opt --load-extension ascx_example %s | filecheck %s
// RUN: ascdsl-opt --load-extension ascx_example %s --mlir-print-op-generic | ascdsl-opt --load-extension ascx_example - | filecheck %s
// RUN: ascdsl-opt --load-extension ascx_example %s --mlir-print-op-generic | filecheck %s --check-prefix=GENERIC

func.func @ops(%a: !ascendc.local_tensor<256xf16>, %b: !ascendc.local_tensor<256xf16>, %s: f16, %n: i32) {
  ascx.scaled_relu_l2 %b, %a, %s, %n : !ascendc.local_tensor<256xf16>, !ascendc.local_tensor<256xf16>, f16, i32
  ascx.clamp %b, %a, %s, %s, %n : !ascendc.local_tensor<256xf16>, !ascendc.local_tensor<256xf16>, f16, f16, i32
  func.return
}
// CHECK:      ascx.scaled_relu_l2 %{{.*}}, %{{.*}}, %{{.*}}, %{{.*}} : !ascendc.local_tensor<256xf16>, !ascendc.local_tensor<256xf16>, f16, i32
// CHECK-NEXT: ascx.clamp %{{.*}}, %{{.*}}, %{{.*}}, %{{.*}}, %{{.*}} : !ascendc.local_tensor<256xf16>, !ascendc.local_tensor<256xf16>, f16, f16, i32
// GENERIC:    "ascx.scaled_relu_l2"(
// GENERIC:    "ascx.clamp"(
