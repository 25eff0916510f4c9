"""Per-op facts: C++ spelling, pipe, written/read operands, enum properties, formulas."""

import numpy as np
import pytest
from xdsl.dialects import test
from xdsl.dialects.builtin import f32, i32

import ascdsl.dialects.ascendc as A
from ascdsl.dialects.ascendc import CppStyle, Pipe, TPosition

T = A.LocalTensorType(f32, [64])
G = A.GlobalTensorType(f32, None)


def _operand_names(cls):
    return {n for n, _ in cls.get_irdl_definition().operands}


def _prop_names(cls):
    return set(cls.get_irdl_definition().properties)


@pytest.mark.parametrize("cls", A.ALL_OPS, ids=lambda c: c.name)
def test_declared_facts_are_consistent(cls):
    ops = _operand_names(cls)
    assert set(cls.WRITES) <= ops, f"{cls.name} writes unknown operands"
    assert set(cls.READS) <= ops, f"{cls.name} reads unknown operands"
    assert set(cls.ENUMS) <= _prop_names(cls)
    if cls.CPP is not None and cls.CPP.args is not None:
        for src in cls.CPP.args:
            kind, _, name = src.partition(":")
            if not name:  # a plain operand
                assert src in ops, f"{cls.name}: C++ argument {src} is not an operand"
            elif kind in ("enum", "flag", "str", "type"):
                assert name in _prop_names(cls)


def test_every_op_but_local_tensor_auto_has_cpp():
    missing = [c.name for c in A.ALL_OPS if c.CPP is None]
    assert missing == ["ascendc.local_tensor_auto"]


def test_family_facts():
    assert A.AddL2Op.CPP.api == "Add" and A.AddL2Op.CPP.style is CppStyle.FREE
    assert A.AddL0Op.CPP.template == ("elem:dst", "flag:isSetMask")
    assert A.AddL3Op.CPP.style is CppStyle.OPERATOR and A.AddL3Op.CPP.api == "+"
    assert A.AllocTensorOp.CPP.style is CppStyle.MEMBER
    assert A.QueueOp.CPP.style is CppStyle.CTOR
    assert A.AddL2Op.WRITES == ("dst",) and A.AddL2Op.READS == ("src0", "src1")
    assert A.ReduceSumL2Op.WRITES == ("dst", "shared_tmp_buffer")
    assert A.LocalSetValueOp.WRITES == ("tensor",) and A.LocalSetValueOp.PIPE is Pipe.PIPE_S
    assert A.SetFlagOp.ENUMS == {"event": A.HardEvent}
    every_family_op = [
        c for c in A.ALL_OPS if issubclass(c, (A.BinaryOp, A.UnaryOp, A.VecScalarOp, A.DuplicateOp))
    ]
    # 34 binary, 25 unary, 21 vector-scalar, 3 duplicate; 3 Axpy, 9 fused binary (ops_fused.py);
    # 9 AddReluCast/SubReluCast/AddDeqRelu (ops_vconv.py), 6 MulCast/FusedAbsSub/FusedExpSub/
    # Prelu (ops_binary_ext.py); 2 Copy (ops_copy_vec.py)
    assert len(every_family_op) == 112
    for c in every_family_op:
        assert c.PIPE is Pipe.PIPE_V, c.name
        # AddDeqRelu's result depends on the deq-scale register, not on its operands alone.
        assert bool(c.FORMULA) is not issubclass(c, A.AddDeqReluOp), c.name


FORMULA_CASES = {
    "add": (2.0, 3.0, None, 5.0),
    "sub": (2.0, 3.0, None, -1.0),
    "mul": (2.0, 3.0, None, 6.0),
    "div": (3.0, 2.0, None, 1.5),
    "max": (2.0, 3.0, None, 3.0),
    "min": (2.0, 3.0, None, 2.0),
    "add_relu": (2.0, -3.0, None, 0.0),
    "sub_relu": (5.0, 3.0, None, 2.0),
    "abs": (-2.0, None, None, 2.0),
    "exp": (0.0, None, None, 1.0),
    "ln": (1.0, None, None, 0.0),
    "relu": (-1.0, None, None, 0.0),
    "rsqrt": (4.0, None, None, 0.5),
    "sqrt": (9.0, None, None, 3.0),
    "reciprocal": (4.0, None, None, 0.25),
    "neg": (4.0, None, None, -4.0),
    "adds": (2.0, None, 3.0, 5.0),
    "muls": (2.0, None, 3.0, 6.0),
    "maxs": (2.0, None, 3.0, 3.0),
    "mins": (2.0, None, 3.0, 2.0),
    "leaky_relu": (-2.0, None, 0.5, -1.0),
}


@pytest.mark.parametrize("mnemonic", sorted(FORMULA_CASES))
def test_formulas_compute_what_the_api_does(mnemonic):
    a, b, s, want = FORMULA_CASES[mnemonic]
    cls = next(c for c in A.ALL_OPS if c.name == f"ascendc.{mnemonic}_l2")
    env = {k: getattr(np, k) for k in dir(np) if not k.startswith("_")}
    env.update(a=np.float32(a), b=None if b is None else np.float32(b),
               s=None if s is None else np.float32(s))
    assert float(eval(cls.FORMULA, env)) == pytest.approx(want)


def test_integer_formulas():
    env = {k: getattr(np, k) for k in dir(np) if not k.startswith("_")}
    env.update(a=np.int32(12), b=np.int32(10), s=np.int32(2))
    assert eval(A.AndL2Op.FORMULA, env) == 8
    assert eval(A.OrL2Op.FORMULA, env) == 14
    assert eval(A.NotL2Op.FORMULA, env) == ~12
    assert eval(A.ShiftLeftL2Op.FORMULA, env) == 48
    assert eval(A.ShiftRightL2Op.FORMULA, env) == 3


def _copy_pipe(src_kind, dst_kind):
    """Build dst/src tensors from queues/buffers at given positions; return the copy's pipe."""

    def tensor(kind):
        if kind == "gm":
            return test.TestOp(result_types=[G]).results[0], []
        q = A.QueueOp(kind, 1)
        alloc = A.AllocTensorOp(q.result, T)
        return alloc.tensor, [q, alloc]

    src, s_ops = tensor(src_kind)
    dst, d_ops = tensor(dst_kind)
    n = test.TestOp(result_types=[i32]).results[0]
    return A.DataCopyL2Op(dst, src, n).hw_pipe()


@pytest.mark.parametrize(
    "src,dst,pipe",
    [
        ("gm", TPosition.VECIN, Pipe.PIPE_MTE2),
        (TPosition.VECOUT, "gm", Pipe.PIPE_MTE3),
        (TPosition.VECIN, TPosition.VECOUT, Pipe.PIPE_V),
        ("gm", TPosition.A1, Pipe.PIPE_MTE2),
        (TPosition.A1, TPosition.A2, Pipe.PIPE_MTE1),
        (TPosition.B1, TPosition.B2, Pipe.PIPE_MTE1),
        (TPosition.CO1, "gm", Pipe.PIPE_FIX),
    ],
)
def test_data_copy_pipe_follows_memories(src, dst, pipe):
    assert _copy_pipe(src, dst) is pipe


def test_position_through_views():
    tb = A.TBufOp(TPosition.VECCALC)
    get = A.GetTensorOp(tb.result, T)
    idx = test.TestOp(result_types=[i32]).results[0]
    sub = A.LocalSubIndexOp(get.tensor, idx)
    cast = A.ReinterpretCastOp(sub.result, A.LocalTensorType(i32, [64]))
    assert A.position_of(cast.out) is TPosition.VECCALC
    assert A.hardware_of(cast.out) is A.Hardware.UB
    unknown = test.TestOp(result_types=[T]).results[0]
    assert A.position_of(unknown) is None
