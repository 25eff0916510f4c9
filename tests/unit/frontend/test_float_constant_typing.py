"""A Python float next to an integer runtime value takes the integer's type, as in pyasc 1.1.1
(test_function_visitor.py::test_func_visit_ann_assign: `1.0 + i32` is an i32 add), truncated
toward zero with a warning at the kernel line when that drops a fraction."""

from __future__ import annotations

import warnings

import pytest

import ascdsl as asc
from ascdsl.frontend.errors import CompilationError
from ascdsl.frontend.truncation import FloatTruncationWarning


def _ops(ck) -> list[str]:
    return [op.name for op in ck.module.walk() if op.name.startswith("arith.")]


def test_pyasc_ann_assign_kernel_is_integer_arithmetic_without_a_warning():
    @asc.jit
    def func_visit_ann_assign_kernel(num1, num2, num3):
        count: int = 3
        sum_result: float = 1.0
        sum_result += num1
        sum_result += num2
        sum_result += num3
        result = sum_result / count

    with warnings.catch_warnings():
        warnings.simplefilter("error", FloatTruncationWarning)  # 1.0 loses nothing
        ck = func_visit_ann_assign_kernel.compile(12, 18, 100, run_passes=False,
                                                  always_compile=True)
    # pyasc's codegen.mlir of the same test, op for op
    assert _ops(ck) == ["arith.constant", "arith.addi", "arith.addi", "arith.addi",
                        "arith.constant", "arith.divsi"]
    assert "arith.constant 1 : i32" in ck.ir and "arith.constant 3 : i32" in ck.ir


def test_a_dropped_fraction_warns_at_the_kernel_line():
    @asc.jit
    def k(n):
        x = n * 2.75
        y = 0.5 - n

    with pytest.warns(FloatTruncationWarning) as caught:
        ck = k.compile(4, run_passes=False, always_compile=True)
    messages = [str(w.message) for w in caught]
    assert len(messages) == 2
    assert "the float constant 2.75 is truncated to 2" in messages[0]
    assert "'*' is an integer operation" in messages[0]
    assert "the float constant 0.5 is truncated to 0" in messages[1]
    assert f"{__file__}:" in messages[0] and "x = n * 2.75" in messages[0]
    assert [w.filename for w in caught] == [__file__, __file__]
    assert caught[1].lineno == caught[0].lineno + 1
    assert _ops(ck) == ["arith.constant", "arith.muli", "arith.constant", "arith.subi"]
    assert "arith.constant 2 : i32" in ck.ir and "arith.constant 0 : i32" in ck.ir


def test_float_runtime_values_still_compute_in_float():
    @asc.jit
    def k(n: int, s: float):
        a = s + 1.5   # float runtime value: the constant stays 1.5
        b = n * s     # int and float runtime values: float

    with warnings.catch_warnings():
        warnings.simplefilter("error", FloatTruncationWarning)
        ck = k.compile(3, 2.0, run_passes=False, always_compile=True)
    assert "arith.constant 1.500000e+00 : f32" in ck.ir
    assert "arith.sitofp" in ck.ir and "arith.mulf" in ck.ir and "arith.addf" in ck.ir


def test_a_float_with_no_integer_value_is_a_located_error():
    @asc.jit
    def k(n):
        x = n + float("inf")

    with pytest.raises(CompilationError) as e:
        k.compile(1, run_passes=False, always_compile=True)
    assert "inf has no int32 value (operand of '+')" in str(e.value)
    assert "test_float_constant_typing.py:" in str(e.value) and "x = n + float(\"inf\")" in str(e.value)


def test_a_float_beyond_its_type_is_infinity_as_in_mlir():
    # Was "OverflowError: float too large to pack with f format" at the kernel line; pyasc's
    # builder (MLIR's FloatAttr::get) rounds 1e39 to f32 infinity, and -1e5 to f16 -infinity.
    @asc.jit
    def k(x: asc.GlobalAddress, n: int):
        asc.printf("%f %f", n.cast(asc.float32) * 1e39, n.cast(asc.float16) * -1e5)

    ck = k.compile(asc.MockTensor(asc.float32), asc.MockValue(asc.int32), run_passes=False,
                   always_compile=True)
    consts = [op.value for op in ck.module.walk() if op.name == "arith.constant"]
    assert [(c.value.data, c.type.name) for c in consts] == [(float("inf"), "f32"),
                                                             (float("-inf"), "f16")]
