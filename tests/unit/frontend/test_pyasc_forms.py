"""Constructs and errors of pyasc's frontend tests (test/unit/codegen/test_function_visitor.py)
as ascdsl's JIT handles them, and the IR in MLIR's names (`CompiledKernel.mlir`)."""

from __future__ import annotations

import pytest

import ascdsl as asc
from ascdsl.frontend.argkinds import classify

from frontend_helpers import codegen, expect_error

I32 = 7


@asc.jit
def three(a, b, c):
    nums = [a, b, c]
    return nums


@asc.jit
def calls_three():
    three(1, 2, 3)


def test_a_returned_list_is_one_result_per_element():
    ck = codegen(calls_three)
    callee = next(op for op in ck.module.walk() if op.name == "func.func"
                  and op.sym_name.data == "three")
    assert [str(t) for t in callee.function_type.outputs] == ["i32", "i32", "i32"]
    assert "  return %arg0, %arg1, %arg2 : i32, i32, i32" in ck.mlir


def test_mlir_names_are_mlirs_and_ir_keeps_the_python_names():
    @asc.jit
    def pick(x):
        ans = x if x > 0 else 0

    ck = codegen(pick, I32)
    lines = [ln.strip() for ln in ck.mlir.splitlines()]
    assert lines[1].startswith("func.func @pick(%arg0: i32)")
    assert lines[2:6] == [
        "%c0_i32 = arith.constant 0 : i32",
        "%0 = arith.cmpi sgt, %arg0, %c0_i32 : i32",
        "%1 = scf.if %0 -> (i32) {",
        "scf.yield %arg0 : i32",
    ]
    assert "func.func @pick(%x: i32)" in ck.ir


def test_a_failing_assert_formats_runtime_values_in_its_message():
    @asc.jit
    def k(num: int):
        assert 1 < 0, f"assert failed {num}"

    expect_error(k, (I32,), "AssertionError: assert failed <runtime int32 value>", "assert")


def test_print_is_not_defined_in_pyascs_words():
    @asc.jit
    def k(age: int):
        print(age)

    expect_error(k, (I32,), "NameError: print is not defined", "print")


def test_a_str_argument_is_rejected_in_pyascs_words():
    with pytest.raises(TypeError,
                       match="Argument type in JIT function is not supported: str"):
        classify("k", "name", "test")
