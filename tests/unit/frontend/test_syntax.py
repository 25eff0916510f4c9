"""Each supported Python form in a kernel and the IR it becomes."""

from __future__ import annotations

import re

import numpy as np
from frontend_helpers import codegen, expect_error, line_of, op_names
from xdsl.dialects import arith, func, scf
from xdsl.dialects.builtin import Float16Type, Float32Type, IntegerType, i32

import ascdsl as asc
from ascdsl.dialects import ascendc
from ascdsl.dialects.gm import gm_pointer_type

F32 = asc.MockTensor(asc.float32)
I32 = asc.MockValue(asc.int32)
F32S = asc.MockValue(asc.float32)

N = 4  # a module constant kernels fold


def kernel_func(ck, name=None):
    for op in ck.module.body.block.ops:
        if isinstance(op, func.FuncOp) and (name is None or op.sym_name.data == name):
            return op
    raise AssertionError(f"no func {name}")


def test_kernel_signature_and_attributes():
    @asc.jit
    def k(x: asc.GlobalAddress, n: int, f: float, b: bool):
        pass

    ck = codegen(k, np.zeros(4, np.float16), 3, 1.5, True)
    f = kernel_func(ck, "k")
    assert "ascendc.global" in f.attributes
    assert list(f.function_type.inputs.data) == [
        gm_pointer_type(Float16Type()), i32, Float32Type(), IntegerType(8)
    ]
    assert [a.name_hint for a in f.body.block.args] == ["x", "n", "f", "b"]
    assert "func.func @k(%x: memref<?xf16, 22>, %n: i32, %f: f32, %b: i8)" in ck.ir


def test_integer_arithmetic_ops():
    @asc.jit
    def k(x: asc.GlobalAddress, n: int):
        g = asc.GlobalTensor()
        g.set_global_buffer(x)
        a = n + 1
        b = a - n
        c = a * b
        d = c // 3
        e = c / 3
        f = c % 5
        h = (f << 2) >> 1
        i = (h & 7) | (h ^ 1)
        j = -i
        g.set_value(0, j + d + e + ~j)

    names = op_names(codegen(k, np.zeros(1, np.int32), 1))
    for op in ("arith.addi", "arith.subi", "arith.muli", "arith.divsi", "arith.remsi",
               "arith.shli", "arith.shrsi", "arith.andi", "arith.ori", "arith.xori"):
        assert op in names, op
    assert names.count("arith.divsi") == 2  # `/` and `//` both truncate on integers


def test_float_arithmetic_and_promotion():
    @asc.jit
    def k(x: asc.GlobalAddress, n: int, s: float):
        g = asc.GlobalTensor()
        g.set_global_buffer(x)
        a = n * s  # int * float -> float
        b = a / 2
        c = a // 2  # floor division on floats
        g.set_value(0, -(b + c))

    ck = codegen(k, F32, I32, F32S)
    names = op_names(ck)
    assert "arith.sitofp" in names
    assert "arith.mulf" in names and "arith.divf" in names and "math.floor" in names
    assert "arith.negf" in names
    assert "arith.divsi" not in names


def test_comparisons_signed_unsigned_and_float():
    @asc.jit
    def k(n: int, u: asc.ConstExpr[int], s: float, w):
        a = n < 3
        b = s >= 1.0
        c = w != 0
        asc.printf("%d %d %d", a, b, c)

    ck = codegen(k, I32, 0, F32S, np.uint32(5))
    cmps = [op for op in ck.module.walk() if isinstance(op, (arith.CmpiOp, arith.CmpfOp))]
    preds = [str(op.predicate.value.data) for op in cmps]
    assert len(cmps) == 3
    # slt = 2, oge = 3, ne = 1 (arith's predicate numbering)
    assert preds == ["2", "3", "1"]


def test_compile_time_values_fold():
    @asc.jit
    def k(x: asc.GlobalAddress):
        g = asc.GlobalTensor()
        g.set_global_buffer(x)
        size = N * 16 + 2 ** 3  # Python arithmetic, folded
        if size > 64:  # compile-time condition: only one branch exists
            g.set_value(0, size)
        else:
            g.set_value(1, 0)

    ck = codegen(k, np.zeros(4, np.int32))
    names = op_names(ck)
    assert "scf.if" not in names and "arith.muli" not in names
    assert names.count("ascendc.global_tensor.set_value") == 1
    assert "arith.constant 72 : i32" in ck.ir


def test_constexpr_parameters_specialize():
    @asc.jit
    def k(x: asc.GlobalAddress, n: asc.ConstExpr[int], dtype: asc.ConstExpr):
        g = asc.GlobalTensor()
        g.set_global_buffer(x)
        if dtype == asc.float32:
            g.set_value(0, n * 2)
        else:
            g.set_value(0, n)

    a = codegen(k, F32, 5, asc.float32)
    b = codegen(k, F32, 6, asc.float16)
    assert "arith.constant 1.000000e+01 : f32" in a.ir
    assert "arith.constant 6.000000e+00 : f32" in b.ir
    assert a.key != b.key
    assert a.specialization == {"x": "float32*", "n": 5, "dtype": asc.float32}


def test_runtime_if_yields_assigned_variables():
    @asc.jit
    def k(x: asc.GlobalAddress, n: int):
        g = asc.GlobalTensor()
        g.set_global_buffer(x)
        v = 0
        w = 1.0
        if n > 2:
            v = n * 2
        elif n < -2:
            v = n + 7
            w = 2.0
        else:
            v = 3
        g.set_value(0, v + w)

    ck = codegen(k, F32, I32)
    ifs = [op for op in ck.module.walk() if isinstance(op, scf.IfOp)]
    assert len(ifs) == 2  # if + elif
    outer = ifs[0]
    assert [str(r.type) for r in outer.results] == ["i32", "f32"]
    for block in (outer.true_region.block, outer.false_region.block):
        assert isinstance(block.last_op, scf.YieldOp) and len(block.last_op.operands) == 2


def test_runtime_if_keeps_equal_compile_time_values():
    @asc.jit
    def k(n: int):
        mode = 1
        if n > 0:
            mode = 1
        asc.static_assert(mode == 1, "mode stays a compile-time 1")

    ck = codegen(k, I32)
    (if_op,) = [op for op in ck.module.walk() if isinstance(op, scf.IfOp)]
    assert len(if_op.results) == 0


def test_for_range_carries_reassigned_variables():
    @asc.jit
    def k(x: asc.GlobalAddress, n: int):
        g = asc.GlobalTensor()
        g.set_global_buffer(x)
        acc = 0
        total = 0.0
        for i in range(n):
            acc += i
            for j in asc.range(1, 8, 2):
                total = total + j
        g.set_value(0, acc + total)

    ck = codegen(k, F32, I32)
    loops = [op for op in ck.module.walk() if isinstance(op, scf.ForOp)]
    assert len(loops) == 2
    outer, inner = loops
    assert [str(a.type) for a in outer.iter_args] == ["i32", "f32"]
    assert [str(a.type) for a in inner.iter_args] == ["f32"]
    assert str(outer.body.block.args[0].type) == "i32"
    assert outer.body.block.args[0].name_hint == "i"


def test_static_range_unrolls():
    @asc.jit
    def k(x: asc.GlobalAddress):
        g = asc.GlobalTensor()
        g.set_global_buffer(x)
        for i in asc.static_range(2, 11, 3):  # 2, 5, 8
            g.set_value(i, i * 10)

    ck = codegen(k, np.zeros(16, np.int32))
    names = op_names(ck)
    assert "scf.for" not in names
    assert names.count("ascendc.global_tensor.set_value") == 3
    for v in (20, 50, 80):
        assert f"arith.constant {v} : i32" in ck.ir


def test_while_loop():
    @asc.jit
    def k(x: asc.GlobalAddress, n: int):
        g = asc.GlobalTensor()
        g.set_global_buffer(x)
        i = 0
        s = 1
        while i < n:
            s = s * 2
            i = i + 1
        g.set_value(0, s)

    ck = codegen(k, np.zeros(1, np.int32), I32)
    (w,) = [op for op in ck.module.walk() if isinstance(op, scf.WhileOp)]
    assert len(w.results) == 2
    assert isinstance(w.before_region.block.last_op, scf.ConditionOp)
    assert isinstance(w.after_region.block.last_op, scf.YieldOp)


def test_while_false_generates_nothing():
    @asc.jit
    def k(n: int):
        i = n
        while N > 100:  # known false while compiling
            i = i + 1
        asc.printf("%d", i)

    names = op_names(codegen(k, I32))
    assert "scf.while" not in names and "arith.addi" not in names


def test_conditional_expression_runtime_and_folded():
    @asc.jit
    def k(x: asc.GlobalAddress, n: int):
        g = asc.GlobalTensor()
        g.set_global_buffer(x)
        a = n if n > 0 else 0
        b = 3 if N > 2 else 4
        g.set_value(0, a + b)

    ck = codegen(k, np.zeros(1, np.int32), I32)
    ifs = [op for op in ck.module.walk() if isinstance(op, scf.IfOp)]
    assert len(ifs) == 1 and str(ifs[0].results[0].type) == "i32"
    assert "arith.constant 3 : i32" in ck.ir and "arith.constant 4 : i32" not in ck.ir


def test_boolean_operators():
    @asc.jit
    def k(n: int, m: int):
        both = n > 0 and m > 0
        either = n > 0 or m > 0
        neither = not either
        folded = N > 100 and undefined_name  # noqa: F821 - short-circuit: never evaluated
        asc.printf("%d %d %d", both, either, neither)
        asc.static_assert(folded is False)

    names = op_names(codegen(k, I32, I32))
    assert "arith.andi" in names and "arith.ori" in names and "arith.xori" in names


def test_tuples_lists_and_subscripts():
    @asc.jit
    def k(x: asc.GlobalAddress):
        g = asc.GlobalTensor()
        g.set_global_buffer(x)
        sizes = (16, 32, 64)
        a, (b, c) = sizes[0], [sizes[1], sizes[-1]]
        table = {"n": a}
        a, b = b, a
        g.set_value(0, a + b + c + table["n"] + len(sizes))

    ck = codegen(k, np.zeros(1, np.int32))
    # (a, b, c) = (32, 16, 64), table["n"] = 16, len = 3: all folded while compiling
    assert "arith.constant 131 : i32" in ck.ir and "arith.addi" not in ck.ir


def test_sub_functions_are_calls_with_returns():
    @asc.jit
    def pair(a: int, b: int):
        return a + b, a * b

    @asc.jit
    def scale(v: int, factor: asc.ConstExpr[int]):
        return v * factor

    @asc.jit
    def k(x: asc.GlobalAddress, n: int):
        g = asc.GlobalTensor()
        g.set_global_buffer(x)
        s, p = pair(n, 3)
        t = scale(s, 2) + scale(p, 2) + scale(p, 5)
        g.set_value(0, t)

    ck = codegen(k, np.zeros(1, np.int32), I32)
    funcs = {op.sym_name.data: op for op in ck.module.body.block.ops}
    assert set(funcs) == {"k", "pair", "scale", "scale_1"}  # one body per ConstExpr value
    # public and before the kernel, as pyasc writes them; the pipeline privatizes them
    assert funcs["pair"].sym_visibility is None
    assert [op.sym_name.data for op in ck.module.body.block.ops] == [
        "scale_1", "scale", "pair", "k"]
    assert "ascendc.global" not in funcs["pair"].attributes
    assert [str(t) for t in funcs["pair"].function_type.outputs.data] == ["i32", "i32"]
    calls = [op.callee.string_value() for op in ck.module.walk() if isinstance(op, func.CallOp)]
    assert calls == ["pair", "scale", "scale", "scale_1"]


def test_plain_python_helpers_run_at_compile_time():
    def double(v):  # not jit: a macro over kernel values
        return v + v

    @asc.jit
    def k(n: int):
        asc.printf("%d", double(n) + double(2))

    ck = codegen(k, I32)
    assert "call @" not in ck.ir  # `call` in a function body, `func.call` nested
    assert op_names(ck).count("arith.addi") == 2
    assert "arith.constant 4 : i32" in ck.ir


def test_with_statement_and_assert_and_annotations():
    class Scope:
        entered = 0

        def __enter__(self):
            Scope.entered += 1
            return 7

        def __exit__(self, *exc):
            return False

    @asc.jit
    def k(n: int):
        assert N == 4, "module constant"
        m: int = n + 1
        with Scope() as seven:
            asc.printf("%d", m + seven)

    ck = codegen(k, I32)
    assert Scope.entered == 1
    assert "arith.constant 7 : i32" in ck.ir


def test_printf_formats_compile_time_values():
    @asc.jit
    def k(n: int):
        asc.printf(f"tile {N:03d} of %s: %d\n", "x", n)

    ck = codegen(k, I32)
    (p,) = [op for op in ck.module.walk() if isinstance(op, ascendc.PrintfOp)]
    assert p.desc.data == "tile 004 of x: %d\n"
    assert len(p.vars) == 1


def test_printf_keeps_the_conversions_its_strings_do_not_fill():
    # pyasc's test_printf: a GM pointer printed with "%s" keeps its conversion (it was lost).
    @asc.jit
    def k(x: asc.GlobalAddress, n: int):
        asc.printf("%s", x)
        asc.printf("%s and %5d, 100%% %s\n", "a%b", n, "c")

    ck = codegen(k, F32, I32)
    first, second = [op for op in ck.module.walk() if isinstance(op, ascendc.PrintfOp)]
    assert first.desc.data == "%s" and len(first.vars) == 1
    # Strings fill their own conversion; a `%` in one is doubled, so it prints as given.
    assert second.desc.data == "a%%b and %5d, 100%% c\n" and len(second.vars) == 1


def test_printf_string_at_another_conversion_is_refused():
    @asc.jit
    def k(n: int):
        asc.printf("%d %s", "x", n)  # here

    expect_error(k, (I32,), "printf(): argument 1 is a string, written into the format in place "
                 "of its '%s', but conversion 1 is '%d'", "asc.printf(\"%d %s\", \"x\", n)  # here",
                 token="asc.printf")


def test_printf_value_count_must_match_the_conversions():
    # C's printf: a missing value printed garbage ("%d %d 3"); '%%' takes none, '*' takes one.
    @asc.jit
    def few(n: int):
        asc.printf("%d %d", n)  # few

    @asc.jit
    def many(n: int):
        asc.printf("100%% %d\n", n, n)  # many

    @asc.jit
    def star(n: int):
        asc.printf("%*d", n)  # star

    @asc.jit
    def fine(n: int):
        asc.printf("%*d 100%%", n, n)

    expect_error(few, (I32,), "printf(): the format '%d %d' takes 2 values (one per conversion; "
                 "'%%' takes none) but 1 was given", "# few", "asc.printf")
    expect_error(many, (I32,), "takes 1 value (one per conversion; '%%' takes none) but 2 were "
                 "given", "# many", "asc.printf")
    expect_error(star, (I32,), "takes 2 values", "# star", "asc.printf")
    assert len(next(op for op in codegen(fine, I32).module.walk()
                    if op.name == "ascendc.printf").vars) == 2


def test_global_tensor_bound_inside_runtime_if_is_visible_after():
    @asc.jit
    def k(x: asc.GlobalAddress, y: asc.GlobalAddress, n: int):
        g = asc.GlobalTensor()
        if n > 0:
            g.set_global_buffer(x)
        else:
            g.set_global_buffer(y)
        g.set_value(0, 1.0)

    ck = codegen(k, F32, F32, I32)
    f = kernel_func(ck, "k")
    decl = [op for op in f.body.block.ops if isinstance(op, ascendc.GlobalTensorOp)]
    assert len(decl) == 1  # declared once, in the function body (dominates both branches)


def test_ops_carry_kernel_source_locations():
    @asc.jit
    def k(x: asc.GlobalAddress, n: int):
        g = asc.GlobalTensor()
        g.set_global_buffer(x)
        for i in range(n):
            g.set_value(i, 2.0)  # LOC-MARK

    ck = codegen(k, F32, I32)
    line, text = line_of(k, "LOC-MARK")
    col = text.index("g.set_value") + 1
    (op,) = [op for op in ck.module.walk() if isinstance(op, ascendc.GlobalSetValueOp)]
    loc = op.location
    assert loc.filename.data == __file__ and loc.line.data == line and loc.column.data == col
    # Printed as MLIR prints it: `loc(#locN)` on the op, `#locN = loc(...)` after the module.
    alias = re.search(r"ascendc.global_tensor.set_value .* loc\((#loc\d*)\)",
                      ck.ir_with_locations).group(1)
    assert re.search(rf'^{alias} = loc\("[^"]+":{line}:{col}\)$', ck.ir_with_locations, re.M)


def test_locations_survive_the_pass_pipeline():
    @asc.jit
    def helper(g: asc.GlobalTensor):
        g.set_value(0, 1.0)  # HELPER-LINE

    @asc.jit
    def k(x: asc.GlobalAddress):
        g = asc.GlobalTensor()
        g.set_global_buffer(x)
        helper(g)

    ck = k.compile(F32, always_compile=True)  # with passes: helper inlined
    assert "call @" not in ck.ir  # `call` in a function body, `func.call` nested
    line, _ = line_of(helper, "HELPER-LINE")
    (op,) = [op for op in ck.module.walk() if isinstance(op, ascendc.GlobalSetValueOp)]
    assert op.location.line.data == line
