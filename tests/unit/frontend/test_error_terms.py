"""Errors on runtime values speak the user's terms: what was written and what it is (`n is a
runtime int32 value`), never a value class of the frontend (PlainValue, ...)."""

from __future__ import annotations

import pytest
from frontend_helpers import codegen, expect_error

import ascdsl as asc

F32 = asc.MockTensor(asc.float32)
I32 = asc.MockValue(asc.int32)
CLASSES = ("PlainValue", "IRValue", "DataType", "TypeError")


def located(kernel, message, marker, token=None):
    err = expect_error(kernel, (F32, I32), message, marker, token)
    assert not any(c in err.message for c in CLASSES), err.message


@asc.jit
def sub(a: int, b: int):
    c = a + b


LAUNCH = sub[2]


def test_subscript_and_call_of_a_runtime_scalar():
    @asc.jit
    def k_index(x: asc.GlobalAddress, n: int):
        m = n[0]

    @asc.jit
    def k_slice(x: asc.GlobalAddress, n: int):
        m = n[0:1]

    @asc.jit
    def k_store(x: asc.GlobalAddress, n: int):
        n[0] = 1

    @asc.jit
    def k_call(x: asc.GlobalAddress, n: int):
        m = n(1)

    @asc.jit
    def k_ptr(x: asc.GlobalAddress, n: int):
        m = x[0]

    located(k_index, "n is a runtime int32 value; it cannot be subscripted", "n[0]")
    located(k_slice, "n is a runtime int32 value; it cannot be subscripted", "n[0:1]")
    located(k_store, "n is a runtime int32 value; its elements cannot be assigned", "n[0] = 1",
            "n[0]")
    located(k_call, "n is a runtime int32 value; it cannot be called", "n(1)")
    located(k_ptr, "x is a GlobalAddress(float32); it cannot be subscripted", "x[0]")


def test_a_tensor_called_with_an_index_is_its_get_value():
    # pyasc's `x_gm(128)` / `x_local(128)` (GetValue): tensors are callable values, which the
    # "cannot be called" rule for runtime scalars must leave alone.
    @asc.jit
    def k_get(x: asc.GlobalAddress, n: int):
        x_gm = asc.GlobalTensor()
        x_gm.set_global_buffer(x)
        v = x_gm(n)

    names = [op.name for op in codegen(k_get, F32, I32).module.walk()]
    assert "ascendc.global_tensor.bracket" in names  # operator(), as pyasc emits it


def test_launch_inside_a_kernel():
    @asc.jit
    def k_launch(x: asc.GlobalAddress, n: int):
        sub[2](n, n)

    @asc.jit
    def k_launcher(x: asc.GlobalAddress, n: int):
        LAUNCH(n, n)

    located(k_launch, "sub[2] launches a kernel, which only the host can do; call a JIT "
            "function from a kernel as sub(...)", "sub[2](n, n)", "sub")
    located(k_launcher, "LAUNCH launches a kernel", "LAUNCH(n, n)", "LAUNCH")


def test_attributes_builtins_operators():
    @asc.jit
    def k_attr(x: asc.GlobalAddress, n: int):
        m = n.foo

    @asc.jit
    def k_dtype_attr(x: asc.GlobalAddress, n: int):
        m = x.dtype.foo

    @asc.jit
    def k_len(x: asc.GlobalAddress, n: int):
        m = len(n)

    @asc.jit
    def k_index_list(x: asc.GlobalAddress, n: int):
        m = {1: 2}[n]

    @asc.jit
    def k_neg_ptr(x: asc.GlobalAddress, n: int):
        m = -x

    @asc.jit
    def k_mul_ptr(x: asc.GlobalAddress, n: int):
        m = x * 2

    @asc.jit
    def k_cmp_ptr(x: asc.GlobalAddress, n: int):
        m = x < n

    @asc.jit
    def k_cast(x: asc.GlobalAddress, n: int):
        m = n.cast(3)

    @asc.jit
    def k_cond(x: asc.GlobalAddress, n: int):
        m = 1 if x else 2

    @asc.jit
    def k_kind(x: asc.GlobalAddress, n: int):
        m = n if n > 0 else x

    located(k_attr, "n is a runtime int32 value; it has no attribute 'foo'", "n.foo")
    located(k_dtype_attr, "x.dtype is a dtype float32; it has no attribute 'foo'", "x.dtype.foo")
    located(k_len, "len() needs a value known at compile time, but n is a runtime int32 value",
            "len(n)")
    located(k_index_list, "n is a runtime int32 value; a Python dict can only be indexed with a "
            "value known at compile time", "{1: 2}[n]")
    located(k_neg_ptr, "unary '-' is not supported: x is a GlobalAddress(float32)", "-x")
    located(k_mul_ptr, "unsupported operands GlobalAddress(float32) and int 2 for '*'", "x * 2")
    located(k_cmp_ptr, "cannot compare GlobalAddress(float32) and runtime int32 value", "x < n")
    located(k_cast, "cast(): the type must be a dtype (asc.float32, ...), got int 3", "n.cast(3)")
    located(k_cond, "a condition must be a scalar, but x is a GlobalAddress(float32)",
            "1 if x else 2", "x else")
    located(k_kind, "initial type is GlobalAddress(float32), new type is runtime int32 value",
            "n if n > 0 else x")
