"""Scalar type predicates: one home, and the index-width question answered per layer.

MLIR's `index` has no width. The simulator holds it in 64 bits; Ascend C spells it `uint32_t`
(pyasc's emitter). The tests pin both answers and show where each one is used.
"""

from __future__ import annotations

import numpy as np
import pytest
from xdsl.dialects.builtin import (
    BFloat16Type,
    IndexType,
    IntegerType,
    Signedness,
    f16,
    f32,
    f64,
    i1,
    i8,
    i32,
    i64,
)

from ascdsl.context import make_context
from ascdsl.diagnostics import parse_module
from ascdsl.dialects.scalar_types import (
    CPP_INDEX_WIDTH,
    SIM_INDEX_WIDTH,
    cpp_int_width,
    cpp_is_unsigned,
    is_float_type,
    is_unsigned,
    sim_int_width,
)

INDEX = IndexType()
UI1 = IntegerType(1, Signedness.UNSIGNED)
UI16 = IntegerType(16, Signedness.UNSIGNED)
SI32 = IntegerType(32, Signedness.SIGNED)


def test_float_types():
    assert all(is_float_type(t) for t in (f16, BFloat16Type(), f32, f64))
    assert not any(is_float_type(t) for t in (i1, i32, INDEX, None))


@pytest.mark.parametrize(
    "t, ir_unsigned, cpp_unsigned",
    [
        (i1, False, False),  # signless; C++ `bool`
        (UI1, True, False),  # unsigned in the IR, but C++ spells it `bool`
        (i32, False, False),  # signless; C++ `int32_t`
        (SI32, False, False),
        (UI16, True, True),  # `uint16_t`
        (INDEX, False, True),  # signless in the IR; C++ `uint32_t`
        (f32, False, False),
    ],
)
def test_unsigned_in_the_ir_and_in_cpp(t, ir_unsigned, cpp_unsigned):
    assert is_unsigned(t) is ir_unsigned
    assert cpp_is_unsigned(t) is cpp_unsigned


def test_index_width_is_64_in_the_simulator_and_32_in_ascend_c():
    assert (SIM_INDEX_WIDTH, CPP_INDEX_WIDTH) == (64, 32)
    assert sim_int_width(INDEX) == 64 and cpp_int_width(INDEX) == 32
    for t, w in ((i1, 1), (i8, 8), (i32, 32), (i64, 64), (UI16, 16)):
        assert sim_int_width(t) == cpp_int_width(t) == w
    assert sim_int_width(f32) is None


def test_ascend_c_spells_index_uint32_and_reads_it_signed_as_int32():
    from ascdsl.targets.ascendc import emit
    from ascdsl.targets.ascendc.ctypes import ctype, signed_ctype, unsigned_ctype

    assert ctype(INDEX) == "uint32_t"
    assert (signed_ctype(INDEX), unsigned_ctype(INDEX)) == ("int32_t", "uint32_t")
    module = parse_module(make_context(), """\
func.func @k(%a: index, %b: index) -> i1 {
  %lt = arith.cmpi slt, %a, %b : index
  func.return %lt : i1
}
""", "k.mlir")
    # A signed comparison of two uint32_t reads them as int32_t (so -1 < 0 holds there too).
    assert "static_cast<int32_t>(" in emit(module)


def test_simulated_index_arithmetic_does_not_wrap_at_32_bits():
    from ascdsl.runtime import prepare

    module = parse_module(make_context(), """\
func.func @k(%out: memref<?xi64, 22>) attributes {ascendc.global} {
  %g = ascendc.global_tensor : !ascendc.global_tensor<*xi64>
  ascendc.global_tensor.set_global_buffer %g, %out : !ascendc.global_tensor<*xi64>, memref<?xi64, 22>
  %big = arith.constant 4294967295 : index
  %one = arith.constant 1 : index
  %sum = arith.addi %big, %one : index
  %v = arith.index_cast %sum : index to i64
  %i = arith.constant 0 : i32
  ascendc.global_tensor.set_value %g, %i, %v : !ascendc.global_tensor<*xi64>, i32, i64
  ascendc.pipe_barrier pipe_all
  func.return
}
""", "k.mlir")
    out = np.zeros(1, np.int64)
    prepare(module, "k").launch(1, [out])
    # 2**32 in the simulator; the uint32_t index of the Ascend C kernel would wrap to 0.
    assert out[0] == 2**32
