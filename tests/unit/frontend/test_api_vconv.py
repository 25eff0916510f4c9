"""The kernel language of the conversion family: pyasc's names and keywords build the ops
with the properties Ascend C's defaults imply."""

from __future__ import annotations

import pytest
from frontend_helpers import codegen

import ascdsl as asc
from ascdsl.dialects import ascendc


def ops_of(ck, cls):
    return [op for op in ck.module.walk() if isinstance(op, cls)]


def _tensors():
    lz = asc.LocalTensor(asc.int8, asc.TPosition.VECOUT, 0, 256)
    lx = asc.LocalTensor(asc.int16, asc.TPosition.VECIN, 1024, 256)
    return lz, lx


@asc.jit
def cast_deq_kernel():
    lz, lx = _tensors()
    asc.cast_deq(lz, lx, count=256)
    params = asc.UnaryRepeatParams(1, 1, 4, 8)
    asc.cast_deq(lz, lx, mask=128, repeat_times=2, repeat_params=params, is_vec_deq=False)
    asc.cast_deq(lz, lx, [2**64 - 1, 2**64 - 1], 1, params, False, True, False)


def test_cast_deq_flags_default_to_ascend_c_true():
    ck = codegen(cast_deq_kernel)
    (l2,) = ops_of(ck, ascendc.CastDeqL2Op)
    assert l2.has_flag("isVecDeq") and l2.has_flag("halfBlock")
    (l0,) = ops_of(ck, ascendc.CastDeqL0Op)
    assert l0.has_flag("isSetMask") and not l0.has_flag("isVecDeq") and l0.has_flag("halfBlock")
    assert str(l0.repeat_params.type) == "!ascendc.unary_repeat_params"
    (l1,) = ops_of(ck, ascendc.CastDeqL1Op)
    assert len(l1.mask) == 2
    assert (l1.has_flag("isSetMask"), l1.has_flag("isVecDeq"), l1.has_flag("halfBlock")) == (
        False, True, False)


@asc.jit
def deq_scale_kernel(scale: float):
    asc.set_deq_scale(0.25)
    asc.set_deq_scale(scale, 3, True)
    asc.set_deq_scale(scale=1.5, offset=-2, sign_mode=False)


def test_set_deq_scale_forms():
    ck = codegen(deq_scale_kernel, 2.0)
    first, second, third = ops_of(ck, ascendc.SetDeqScaleOp)
    assert str(first.scale.type) == "f16" and first.offset is None and first.signMode is None
    for op in (second, third):
        assert (str(op.scale.type), str(op.offset.type), str(op.signMode.type)) == (
            "f32", "i16", "i1")


@asc.jit
def bad_deq_scale_kernel():
    asc.set_deq_scale(1.0, 2)


def test_set_deq_scale_without_a_form_lists_the_forms():
    with pytest.raises(asc.CompilationError) as info:
        codegen(bad_deq_scale_kernel)
    text = str(info.value)
    assert "No viable candidates were found to dispatch set_deq_scale()" in text
    assert "set_deq_scale(scale, offset, sign_mode)" in text and "(vdeq, vdeq_info)" in text


@asc.jit
def binary_cast_kernel():
    lh = asc.LocalTensor(asc.float16, asc.TPosition.VECOUT, 0, 256)
    lf = asc.LocalTensor(asc.float32, asc.TPosition.VECIN, 1024, 256)
    li = asc.LocalTensor(asc.int32, asc.TPosition.VECIN, 2048, 256)
    lb = asc.LocalTensor(asc.int8, asc.TPosition.VECOUT, 3072, 256)
    params = asc.BinaryRepeatParams(1, 1, 1, 4, 8, 8)
    asc.add_relu_cast(lh, lf, lf, 256)
    asc.sub_relu_cast(lh, lf, lf, mask=64, repeat_times=4, repeat_params=params,
                      is_set_mask=False)
    asc.add_deq_relu(lh, li, li, [1, 0], 1, params)
    asc.mul_cast(lb, lh, lh, 128, 2, params)
    asc.fused_exp_sub(lf, lh, lh, 256)
    asc.fused_abs_sub(lf, lf, lf, 256)
    asc.prelu(lh, lh, lh, 256)


def test_binary_forms_with_a_conversion():
    ck = codegen(binary_cast_kernel)
    kinds = [type(op) for op in ck.module.walk()
             if isinstance(op, (ascendc.BinaryOp, ascendc.MulCastOp))]
    assert kinds == [ascendc.AddReluCastL2Op, ascendc.SubReluCastL0Op, ascendc.AddDeqReluL1Op,
                     ascendc.MulCastL0Op, ascendc.FusedExpSubL2Op, ascendc.FusedAbsSubL2Op,
                     ascendc.PreluL2Op]
    (sub,) = ops_of(ck, ascendc.SubReluCastL0Op)
    assert not sub.has_flag("isSetMask")
    (mc,) = ops_of(ck, ascendc.MulCastL0Op)
    assert "isSetMask" not in mc.properties  # pyasc's MulCast has no isSetMask


@asc.jit
def mixed_sources_kernel():
    lh = asc.LocalTensor(asc.float16, asc.TPosition.VECOUT, 0, 256)
    lf = asc.LocalTensor(asc.float32, asc.TPosition.VECIN, 1024, 256)
    asc.add_relu_cast(lh, lf, lh, 256)


def test_sources_of_different_types_are_a_verifier_error():
    with pytest.raises(asc.CompilationError) as info:
        codegen(mixed_sources_kernel)
    assert "element type mismatch: src0 is f32 but src1 is f16" in str(info.value)
