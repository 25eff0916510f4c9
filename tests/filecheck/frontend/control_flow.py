# RUN: %python -m ascdsl.frontend.dump %s flow 'f32*' i32 f32 | filecheck %s
# Runtime if / for / while carry the variables their bodies reassign; static_range unrolls.
import ascdsl as asc


@asc.jit
def flow(x: asc.GlobalAddress, n: int, s: float):
    g = asc.GlobalTensor()
    g.set_global_buffer(x)
    acc = 0
    for i in range(n):
        if i % 2 == 0:
            acc = acc + i
        else:
            acc = acc - 1
    k = 1
    while k < n:
        k = k * 2
    for u in asc.static_range(2):
        g.set_value(u, s)
    g.set_value(2, acc + k)


# CHECK-LABEL: func.func @flow(%x: memref<?xf32, 22>, %n: i32, %s: f32)
# The loop start and acc's initial value are one constant.
# Each number is a constant of its own, as pyasc writes it (the loop's 0 and acc's 0 too).
# CHECK:         %[[ZERO:.*]] = arith.constant 0 : i32
# CHECK-NEXT:    %[[STEP:.*]] = arith.constant 1 : i32
# CHECK-NEXT:    %[[INIT:.*]] = arith.constant 0 : i32
# CHECK-NEXT:    %[[ACC:.*]] = scf.for %i = %[[ZERO]] to %n step %[[STEP]] iter_args(%[[A:.*]] = %[[INIT]]) -> (i32) : i32 {
# CHECK:           %[[EVEN:.*]] = arith.cmpi eq, %{{.*}}, %{{.*}} : i32
# CHECK-NEXT:      %[[R:.*]] = scf.if %[[EVEN]] -> (i32) {
# CHECK-NEXT:        %[[SUM:.*]] = arith.addi %[[A]], %i : i32
# CHECK-NEXT:        scf.yield %[[SUM]] : i32
# CHECK-NEXT:      } else {
# CHECK:             %[[DIFF:.*]] = arith.subi %[[A]], %{{.*}} : i32
# CHECK-NEXT:        scf.yield %[[DIFF]] : i32
# CHECK-NEXT:      }
# CHECK-NEXT:      scf.yield %[[R]] : i32
# CHECK-NEXT:    }
# CHECK:         %[[K:.*]] = scf.while (%[[KB:.*]] = %{{.*}}) : (i32) -> i32 {
# CHECK-NEXT:      %[[C:.*]] = arith.cmpi slt, %[[KB]], %n : i32
# CHECK-NEXT:      scf.condition(%[[C]]) %[[KB]] : i32
# CHECK-NEXT:    } do {
# CHECK-NEXT:    ^{{.*}}(%[[KA:.*]]: i32):
# CHECK:           %[[K2:.*]] = arith.muli %[[KA]], %{{.*}} : i32
# CHECK-NEXT:      scf.yield %[[K2]] : i32
# CHECK-NEXT:    }
# CHECK:         ascendc.global_tensor.set_value %{{.*}}, %{{.*}}, %s
# CHECK:         ascendc.global_tensor.set_value %{{.*}}, %{{.*}}, %s
# CHECK:         %[[T:.*]] = arith.addi %[[ACC]], %[[K]] : i32
# CHECK-NEXT:    %[[IDX2:.*]] = "emitc.constant"() <{value = 2 : ui64}> : () -> ui64
# CHECK-NEXT:    %[[F:.*]] = arith.sitofp %[[T]] : i32 to f32
# CHECK-NEXT:    ascendc.global_tensor.set_value %{{.*}}, %[[IDX2]], %[[F]]
# CHECK-NEXT:    return
