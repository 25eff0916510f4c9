# RUN: %python -m ascdsl.frontend.dump %s kernel 'f16*' --locations | filecheck %s
# Every op carries the kernel line it came from; helpers carry their own lines.
import ascdsl as asc


@asc.jit
def fill(g: asc.GlobalTensor):
    g.set_value(0, 1.0)


@asc.jit
def kernel(x: asc.GlobalAddress):
    g = asc.GlobalTensor()
    g.set_global_buffer(x)
    fill(g)


# Locations print as MLIR prints them: aliases, defined after the module (those that a
# function argument uses, before it).
# CHECK:     #loc = loc(unknown)
# CHECK:     [[DEF:#loc[0-9]+]] = loc("{{.*}}locations.py":12:1)
# The called function comes first, as pyasc writes it.
# CHECK:     func.func @fill
# CHECK:       ascendc.global_tensor.set_value {{.*}} loc([[FILL:#loc[0-9]+]])
# CHECK:     func.func @kernel(%x: memref<?xf16, 22> loc("x"([[DEF]])))
# The tensor is declared where it is bound, on the line of set_global_buffer (as in pyasc).
# CHECK:       ascendc.global_tensor : !ascendc.global_tensor<*xf16> loc([[SET:#loc[0-9]+]])
# CHECK:       ascendc.global_tensor.set_global_buffer {{.*}} loc([[SET]])
# CHECK:       call @fill({{.*}}) loc([[CALL:#loc[0-9]+]])
# CHECK:       return loc([[DEF]])
# CHECK:     } loc(#loc)
# CHECK-DAG: [[SET]] = loc("{{.*}}locations.py":14:5)
# CHECK-DAG: [[CALL]] = loc("{{.*}}locations.py":15:5)
# CHECK-DAG: [[FILL]] = loc("{{.*}}locations.py":8:5)
