"""The emitc and emitasc ops pyasc writes around its ascendc ops, run by the simulator."""

import numpy as np
import pytest

from ascdsl.sim.errors import NotSimulatedError

from sim_kernels import run
from test_scalar import run_scalars


def test_emitc_constants_and_c_casts():
    out = run_scalars(
        [
            '%u = "emitc.constant"() <{value = 4294967295 : ui32}> : () -> ui32',
            '%m = "emitc.constant"() <{value = -3 : i32}> : () -> i32',
            '%f = "emitc.constant"() <{value = -2.75 : f32}> : () -> f32',
            "%a = emitc.cast %u : ui32 to i32",  # the same bits, read as signed
            "%b = emitc.cast %m : i32 to ui16",  # wraps
            "%b32 = emitc.cast %b : ui16 to i32",
            "%c = emitc.cast %f : f32 to i32",  # truncates toward zero
            "%d = emitc.cast %m : i32 to i64",
            "%d32 = arith.trunci %d : i64 to i32",
        ],
        ["%a", "%b32", "%c", "%d32"],
    )
    assert out.tolist() == [-1, 65533, -2, -3]


def test_variables_dereference_and_constant_pointer_offsets():
    # pyasc's form: the pointer offset is an index (arith.index_cast), or a constant.
    text = """\
emitc.include "kernel_operator.h"
func.func @k(%x: memref<?xi32, 22>, %n: i32, %ffts: memref<?xui64, 22>) attributes {ascendc.global} {
  ascendc.set_ffts_base_addr %ffts : memref<?xui64, 22>
  %v = emitasc.variable %n : i32, memref<1xi32>
  %w = emitasc.variable 40 : i32, memref<1xi32>
  %a = emitasc.dereference %v : memref<1xi32>, i32
  %b = emitasc.dereference %w : memref<1xi32>, i32
  %s = arith.addi %a, %b : i32
  %p = emitasc.ptr_offset %x[2] : memref<?xi32, 22>, memref<?xi32, 22>
  %i = arith.index_cast %n : i32 to index
  %q = emitasc.ptr_offset %p[%i] : memref<?xi32, 22>, memref<?xi32, 22>
  %g = ascendc.global_tensor : !ascendc.global_tensor<*xi32>
  ascendc.global_tensor.set_global_buffer %g, %q : !ascendc.global_tensor<*xi32>, memref<?xi32, 22>
  %c0 = arith.constant 0 : i32
  ascendc.global_tensor.set_value %g, %c0, %s : !ascendc.global_tensor<*xi32>, i32, i32
  ascendc.pipe_barrier pipe_all
  func.return
}
"""
    x = np.zeros(8, np.int32)
    run(text, [x, 3, np.zeros(1, np.uint64)])
    assert x.tolist() == [0, 0, 0, 0, 0, 43, 0, 0]  # x[2 + 3] = 3 + 40


@pytest.mark.parametrize("op, why", [
    ('emitasc.call_opaque "f"() : () -> ()', "opaque C++ by name"),
    ('emitasc.verbatim "x = 1;"', "verbatim C++ text"),
    ('%c = "emitc.constant"() <{value = #emitc.opaque<"::AscendC::kUserConstant">}> : () -> i32',
     "`::AscendC::kUserConstant` is not simulated"),
])
def test_opaque_cpp_is_refused_with_a_reason_at_the_op(op, why):
    text = f"""\
func.func @k(%x: memref<?xi32, 22>) attributes {{ascendc.global}} {{
  {op}
  func.return
}}
"""
    with pytest.raises(NotSimulatedError) as err:
        run(text, [np.zeros(1, np.int32)])
    assert why in str(err.value) and "kernel.mlir:2:" in str(err.value)
