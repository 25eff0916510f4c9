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


# CHECK:     func.func @kernel(%x: memref<?xf16, 22> loc(unknown))
# CHECK:       ascendc.global_tensor : !ascendc.global_tensor<*xf16> loc("{{.*}}locations.py":13:9)
# CHECK:       ascendc.global_tensor.set_global_buffer {{.*}} loc("{{.*}}locations.py":14:5)
# CHECK:       func.call @fill({{.*}}) loc("{{.*}}locations.py":15:5)
# CHECK:       func.return loc("{{.*}}locations.py":12:1)
# CHECK:     func.func private @fill
# CHECK:       ascendc.global_tensor.set_value {{.*}} loc("{{.*}}locations.py":8:5)
