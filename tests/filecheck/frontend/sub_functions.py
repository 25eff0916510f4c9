# RUN: %python -m ascdsl.frontend.dump %s kernel i32 4 | filecheck %s
# RUN: %python -m ascdsl.frontend.dump %s kernel i32 4 --passes | filecheck %s --check-prefix=PASSES
# jit sub-functions are funcs specialized on ConstExpr values; the pipeline inlines them.
import ascdsl as asc


@asc.jit
def add_mul(a: int, b: int):
    return a + b, a * b


@asc.jit
def times(v: int, k: asc.ConstExpr[int]):
    return v * k


@asc.jit
def kernel(n: int, k: asc.ConstExpr[int]):
    s, p = add_mul(n, k)
    asc.printf("%d %d %d", times(s, k), times(p, k), times(p, 2))


# pyasc's order: a called function goes to the top of the module when its body starts, so the
# last one called comes first and the kernel last; all public until privatize-func.
# CHECK:       func.func @times_1(%v: i32) -> i32 attributes {ascendc.aicore} {
# CHECK-NEXT:    %[[K2:.*]] = arith.constant 2 : i32
# CHECK:       func.func @times(%v: i32) -> i32 attributes {ascendc.aicore} {
# CHECK-NEXT:    %[[K4:.*]] = arith.constant 4 : i32
# CHECK-NEXT:    %[[R:.*]] = arith.muli %v, %[[K4]] : i32
# CHECK-NEXT:    return %[[R]] : i32
# CHECK:       func.func @add_mul(%a: i32, %b: i32) -> (i32, i32) attributes {ascendc.aicore} {
# CHECK:         return %{{.*}}, %{{.*}} : i32, i32
# CHECK-LABEL: func.func @kernel(%n: i32) attributes {ascendc.aicore, ascendc.global} {
# CHECK:         %[[S:.*]], %[[P:.*]] = call @add_mul(%n, %{{.*}}) : (i32, i32) -> (i32, i32)
# CHECK-NEXT:    %[[T1:.*]] = call @times(%[[S]]) : (i32) -> i32
# CHECK-NEXT:    %[[T2:.*]] = call @times(%[[P]]) : (i32) -> i32
# CHECK-NEXT:    %[[T3:.*]] = call @times_1(%[[P]]) : (i32) -> i32
# CHECK-NEXT:    ascendc.printf %[[T1]], %[[T2]], %[[T3]] {desc = "%d %d %d"} : i32, i32, i32

# PASSES:       module {
# PASSES-NEXT:    emitc.include "kernel_operator.h"
# PASSES-LABEL: func.func @kernel(%n: i32 {emitasc.kernel_arg = #emitasc<kernel_arg explicit>})
# PASSES-NOT:   call
# PASSES:       ascendc.printf
# PASSES-NOT:   func.func
