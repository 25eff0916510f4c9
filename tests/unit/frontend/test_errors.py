"""Everything pyasc rejects is a CompilationError at the kernel line: message, line, column,
the source line and a caret (checked by `expect_error`)."""

from __future__ import annotations

import numpy as np
import pytest
from frontend_helpers import codegen, expect_error

import ascdsl as asc

F32 = asc.MockTensor(asc.float32)
I32 = asc.MockValue(asc.int32)


def test_break_continue():
    @asc.jit
    def k1(n: int):
        for i in range(n):
            break

    @asc.jit
    def k2(n: int):
        for i in range(n):
            continue

    expect_error(k1, (I32,), "'break' is not supported", "break")
    expect_error(k2, (I32,), "'continue' is not supported", "continue")


def test_try_raise_lambda_yield():
    @asc.jit
    def k_try(n: int):
        try:
            pass
        except ValueError:
            pass

    @asc.jit
    def k_raise(n: int):
        raise ValueError("no")

    @asc.jit
    def k_lambda(n: int):
        f = lambda v: v  # noqa: E731

    @asc.jit
    def k_yield(n: int):
        yield n

    expect_error(k_try, (I32,), "'try' is not supported", "try:", "try")
    expect_error(k_raise, (I32,), "'raise' is not supported", "raise ValueError", "raise")
    expect_error(k_lambda, (I32,), "'lambda' is not supported", "= lambda", "lambda")
    expect_error(k_yield, (I32,), "'yield' is not supported", "yield n", "yield")


def test_nested_def_global_import():
    @asc.jit
    def k_def(n: int):
        def inner():
            pass

    @asc.jit
    def k_global(n: int):
        global GLOBAL_X

    @asc.jit
    def k_import(n: int):
        import math  # noqa: F401

    expect_error(k_def, (I32,), "Nested functions are not supported", "def inner", "def")
    expect_error(k_global, (I32,), "'global' is not supported", "global GLOBAL_X", "global")
    expect_error(k_import, (I32,), "'import' is not supported", "import math", "import")


def test_print_is_rejected():
    @asc.jit
    def k(n: int):
        print(n)

    expect_error(k, (I32,), "NameError: print is not defined (print() is not supported in a JIT "
                            "function; use asc.printf)", "print")


def test_variable_defined_in_one_branch_only():
    @asc.jit
    def k(n: int):
        if n > 0:
            only_then = n
        asc.printf("%d", only_then)  # USE

    err = expect_error(k, (I32,), "'only_then' is assigned in only one branch of the runtime if",
                       "# USE", "only_then")
    assert "assign it before the if or in both branches" in err.message


def test_loop_local_variable_used_after_loop():
    @asc.jit
    def k(n: int):
        for i in range(n):
            tmp = i * 2
        asc.printf("%d", tmp)  # USE

    expect_error(k, (I32,), "'tmp' is only defined inside the for-loop body", "# USE", "tmp")


def test_loop_variable_after_loop():
    @asc.jit
    def k(n: int):
        for i in range(n):
            pass
        asc.printf("%d", i)  # USE

    expect_error(k, (I32,), "'i' is the variable of the for-loop", "# USE", "i)")


def test_for_else_while_else_and_non_range_loops():
    @asc.jit
    def k_for(n: int):
        for i in range(n):
            pass
        else:
            pass

    @asc.jit
    def k_while(n: int):
        while n > 0:
            n = n - 1
        else:
            pass

    @asc.jit
    def k_iter(n: int):
        for v in [1, 2]:
            pass

    expect_error(k_for, (I32,), "else statement is not allowed after for-loop", "for i", "for")
    expect_error(k_while, (I32,), "else statement is not allowed after while-loop", "while n",
                 "while")
    expect_error(k_iter, (I32,), "Only for-loops with range or asc.range or asc.static_range",
                 "for v", "[1, 2]")


def test_parameter_forms():
    @asc.jit
    def k_default(n: int = 3):
        pass

    @asc.jit
    def k_kwonly(n: int, *, m: int):
        pass

    @asc.jit
    def k_varargs(*ns):
        pass

    expect_error(k_default, (I32,), "Default values for function arguments are not supported",
                 "def k_default", "n: int")
    expect_error(k_kwonly, (I32,), "Keyword-only arguments are not supported", "def k_kwonly",
                 "m: int", m=I32)
    expect_error(k_varargs, (), "*args and **kwargs are not supported", "def k_varargs", "ns")


def test_chained_comparison_and_boolean_ops():
    @asc.jit
    def k_cmp(n: int):
        a = 0 < n < 5

    @asc.jit
    def k_bool(n: int):
        a = n > 0 and n > 1 and n > 2

    expect_error(k_cmp, (I32,), "Only simple comparison is supported", "0 < n < 5")
    expect_error(k_bool, (I32,), "Chained boolean operators are not supported",
                 "n > 0 and n > 1 and n > 2")


def test_assignment_forms():
    @asc.jit
    def k_multi(n: int):
        a = b = n

    @asc.jit
    def k_unpack(n: int):
        a, b = (1, 2, 3)

    @asc.jit
    def k_runtime_unpack(n: int):
        a, b = n

    expect_error(k_multi, (I32,), "Assignment operator must have exactly one target", "a = b = n")
    expect_error(k_unpack, (I32,), "equal number of names and values, got 2 names and 3 values",
                 "a, b = (1, 2, 3)", "a, b")
    expect_error(k_runtime_unpack, (I32,), "cannot unpack a runtime int32 value", "a, b = n",
                 "a, b")


def test_returns():
    @asc.jit
    def k_value(n: int):
        return n

    @asc.jit
    def helper(n: int):
        if n > 0:
            return n
        return 0

    @asc.jit
    def k_nested(n: int):
        helper(n)

    expect_error(k_value, (I32,), "JIT kernel function cannot return objects", "return n",
                 "return")
    with pytest.raises(asc.CompilationError) as info:
        codegen(k_nested, I32)
    assert "Return statement is not allowed in nested blocks" in info.value.message
    assert info.value.location.line == helper.fn.__code__.co_firstlineno + 3


def test_undefined_names_and_attributes():
    @asc.jit
    def k_name(n: int):
        asc.printf("%d", missing_name)  # noqa: F821

    @asc.jit
    def k_attr(n: int):
        asc.not_an_api(n)

    expect_error(k_name, (I32,), "name 'missing_name' is not defined", "missing_name")
    expect_error(k_attr, (I32,), "module 'ascdsl' has no attribute 'not_an_api'", "asc.not_an_api")


def test_runtime_values_where_compile_time_ones_are_needed():
    @asc.jit
    def k_assert(n: int):
        assert n > 0

    @asc.jit
    def k_static(n: int):
        for i in asc.static_range(n):
            pass

    @asc.jit
    def k_queue(n: int):
        q = asc.TQue(asc.TPosition.VECIN, n)

    @asc.jit
    def k_pow(n: int):
        m = n ** 2

    @asc.jit
    def k_bool(n: int):
        if n:
            pass
        v = int(n)

    expect_error(k_assert, (I32,), "assert needs a condition known at compile time", "assert n",
                 "assert")
    expect_error(k_static, (I32,), "static_range bounds must be integers known at compile time",
                 "asc.static_range(n)")
    expect_error(k_queue, (I32,), "TQue(): 'depth' must be known at compile time",
                 "asc.TQue(")
    expect_error(k_pow, (I32,), "'**' is not supported on runtime values", "n ** 2")
    expect_error(k_bool, (I32,), "is not a Python number; use .cast(dtype)", "int(n)")


def test_queue_depth_past_int32():
    @asc.jit
    def k_deep(n: int):  # was "VerifyException: queue depth must be between 0 and 2147483647"
        q = asc.TQue(asc.TPosition.VECIN, 1 << 32)

    expect_error(k_deep, (I32,), "TQue(): 'depth' must be at most 2147483647, got 4294967296",
                 "asc.TQue(")

def test_loop_carried_type_change():
    @asc.jit
    def k(n: int, s: float):
        acc = 0
        for i in range(n):
            acc = acc + s

    expect_error(k, (I32, asc.MockValue(asc.float32)),
                 "'acc' is int32 before the for-loop but float32 at the end of its body",
                 "for i", "for")


def test_branch_type_mismatch():
    @asc.jit
    def k(x: asc.GlobalAddress, n: int):
        v = asc.get_block_idx()
        if n > 0:
            v = asc.GlobalTensor()
            v.set_global_buffer(x)

    expect_error(k, (F32, I32), "'v' was re-assigned to an object with different type",
                 "if n > 0", "if")


def test_static_range_past_the_unroll_limit_is_refused_quickly():
    # static_range(1_000_000) compiled "forever" (each iteration copies the body's IR).
    import time

    from ascdsl.frontend.language.core import STATIC_RANGE_LIMIT

    @asc.jit
    def k(n: int):
        for i in asc.static_range(1_000_000):  # UNROLL
            asc.printf("%d", n + i)

    start = time.perf_counter()
    expect_error(k, (I32,), f"at most {STATIC_RANGE_LIMIT:,} are unrolled per kernel",
                 "# UNROLL", "asc.static_range(1_000_000)")
    assert time.perf_counter() - start < 10

    @asc.jit
    def nested(n: int):
        for i in asc.static_range(100):
            for j in asc.static_range(200):  # INNER
                asc.printf("%d", n)

    # The limit counts the kernel's unrolled iterations together: 100 x 200 passes it.
    err = expect_error(nested, (I32,), "in this kernel", "# INNER", "asc.static_range(200)")
    assert "Use range() or asc.range()" in err.message

    @asc.jit
    def huge(n: int):  # was "OverflowError: Python int too large to convert to C ssize_t"
        for i in asc.static_range(1 << 64):  # HUGE
            asc.printf("%d", n)

    expect_error(huge, (I32,), "would unroll 18,446,744,073,709,551,616 iterations here",
                 "# HUGE", "asc.static_range(1 << 64)")


def test_infinite_while():
    @asc.jit
    def k(n: int):
        while True:
            n = n + 1

    expect_error(k, (I32,), "the while condition is always true", "while True", "True")


def test_value_used_outside_its_region():
    @asc.jit
    def k(n: int):
        box = []
        if n > 0:
            box.append(asc.get_block_idx())
        asc.printf("%d", box[0] + 1)  # USE

    err = expect_error(k, (I32,), "is used outside the region that defines it", "# USE",
                       "box[0] + 1")
    assert "only visible in that body" in str(err)
    assert "operand defined here" in str(err)


def test_kernel_language_misuse_is_located():
    @asc.jit
    def k_two_pipes(n: int):
        p = asc.TPipe()
        q = asc.TPipe()

    @asc.jit
    def k_no_pipe(n: int):
        asc.get_tpipe_ptr()

    @asc.jit
    def k_offset(n: int):
        pipe = asc.TPipe()
        buf = asc.TBuf(asc.TPosition.VECCALC)
        pipe.init_buffer(buf, 1024)
        t = buf.get_with_offset(64, 16, asc.float32)

    @asc.jit
    def k_gm_early(x: asc.GlobalAddress):
        g = asc.GlobalTensor()
        g.set_value(0, 1.0)

    expect_error(k_two_pipes, (I32,), "TPipe instance is already created, use get_tpipe_ptr()",
                 "q = asc.TPipe()", "asc.TPipe()")
    expect_error(k_no_pipe, (I32,), "TPipe instance is not initialized, use TPipe() to create it",
                 "asc.get_tpipe_ptr()")
    expect_error(k_offset, (I32,), "buf_offset must be align to 32B.", "get_with_offset",
                 "buf.get_with_offset")
    expect_error(k_gm_early, (F32,), "GlobalTensor is used before set_global_buffer()",
                 "g.set_value", "g.set_value")


def test_overload_dispatch_failure_lists_candidates():
    @asc.jit
    def k(x: asc.GlobalAddress):
        pipe = asc.TPipe()
        q = asc.TQue(asc.TPosition.VECIN, 1)
        pipe.init_buffer(q, 1, 256)
        t = q.alloc_tensor(asc.float32)
        asc.add(t, t, t, 1.5)

    err = expect_error(k, (F32,), "No viable candidates were found to dispatch add()",
                       "asc.add(", "asc.add(")
    assert "add(dst, src0, src1, count: int)  -> ascendc.add_l2" in err.message
    assert "mask: List[int]" in err.message


def test_api_argument_types_are_checked():
    @asc.jit
    def k(x: asc.GlobalAddress):
        g = asc.GlobalTensor()
        g.set_global_buffer(x)
        asc.add(g, g, g, 8)

    expect_error(k, (F32,), "add(): 'dst' must be a LocalTensor, got GlobalTensor(float32)",
                 "asc.add(", "asc.add(")


def test_verifier_errors_point_at_the_kernel_line():
    @asc.jit
    def k(x: asc.GlobalAddress):
        pipe = asc.TPipe()
        q = asc.TQue(asc.TPosition.VECIN, 2)
        pipe.init_buffer(q, 0, 256)  # BAD

    expect_error(k, (F32,), "'ascendc.pipe.init_queue' op a queue gets 1 to 8 buffers", "# BAD",
                 "pipe.init_buffer")


def test_constexpr_type_is_checked():
    @asc.jit
    def k(n: asc.ConstExpr[int]):
        pass

    with pytest.raises(TypeError, match=r"ConstExpr\[int\] is required for 'n' argument, got float"):
        codegen(k, 1.5)


def test_recursion_is_rejected():
    @asc.jit
    def rec(n: int):
        rec(n)

    expect_error(rec, (I32,), "recursive call of JIT function 'rec'", "rec(n)\n", "rec(n)")


def test_internal_errors_are_located_not_tracebacks(monkeypatch):
    from ascdsl.frontend.language.dispatch import LEVELS

    def broken(*args, **kwargs):
        raise ZeroDivisionError("deep inside")

    monkeypatch.setattr(LEVELS["add"], "_build", broken)

    @asc.jit
    def k(x: asc.GlobalAddress):
        pipe = asc.TPipe()
        q = asc.TQue(asc.TPosition.VECIN, 1)
        pipe.init_buffer(q, 1, 256)
        t = q.alloc_tensor(asc.float32)
        asc.add(t, t, t, 64)

    err = expect_error(k, (F32,), "ZeroDivisionError: deep inside", "asc.add(", "asc.add(")
    assert err.__cause__ is None and err.__suppress_context__


def test_error_repr_has_no_traceback_frames_of_ascdsl():
    @asc.jit
    def k(n: int):
        for i in range(n):
            break

    with pytest.raises(asc.CompilationError) as info:
        k.compile(I32, run_passes=False)
    tb = info.value.__traceback__
    frames = []
    while tb is not None:
        frames.append(tb.tb_frame.f_code.co_filename)
        tb = tb.tb_next
    assert frames and all("ascdsl/frontend/codegen/" not in f for f in frames)


def test_kernel_on_numpy_data_reports_the_same_errors():
    @asc.jit
    def k(x: asc.GlobalAddress, n: int):
        for i in range(n):
            continue

    expect_error(k, (np.zeros(4, np.float32), 3), "'continue' is not supported", "continue")
