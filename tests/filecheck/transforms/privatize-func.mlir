// RUN: ascdsl-opt %s --privatize-func | filecheck %s
// RUN: ascdsl-opt %s --ascendc-privatize-func | filecheck %s

// Only kernels (ascendc.global) stay public; declarations of kernels are left alone.
// CHECK:      func.func @kernel() attributes {ascendc.global} {
// CHECK:      func.func @private_kernel() attributes {ascendc.global} {
// CHECK:      func.func private @helper() {
// CHECK:      func.func private @declared_kernel() attributes {ascendc.global}
// CHECK:      func.func public @public_kernel_declaration() attributes {ascendc.global}
// CHECK:      func.func private @declared_helper(){{$}}
func.func @kernel() attributes {ascendc.global} {
  func.return
}
func.func private @private_kernel() attributes {ascendc.global} {
  func.return
}
func.func @helper() {
  func.return
}
func.func private @declared_kernel() attributes {ascendc.global}
func.func public @public_kernel_declaration() attributes {ascendc.global}
func.func @declared_helper()
