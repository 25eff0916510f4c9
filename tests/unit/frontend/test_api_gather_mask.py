"""gather_mask / get_gather_mask_remain_count in the kernel language, with pyasc's operand
types and its checks of the pattern."""

from __future__ import annotations

import pytest
from frontend_helpers import codegen

import ascdsl as asc
from ascdsl.dialects import ascendc


def ops_of(ck, cls):
    return [op for op in ck.module.walk() if isinstance(op, cls)]


@asc.jit
def gather_mask_kernel():
    src = asc.LocalTensor(asc.float16, asc.TPosition.VECIN, 0, 512)
    dst = asc.LocalTensor(asc.float16, asc.TPosition.VECOUT, 1024, 512)
    bits = asc.LocalTensor(asc.uint16, asc.TPosition.VECIN, 2048, 32)
    params = asc.GatherMaskParams(src0_block_stride=1, repeat_times=2, src0_repeat_stride=8,
                                  src1_repeat_stride=0)
    kept = asc.gather_mask(dst, src, 2, False, 0, params, asc.GatherMaskMode.DEFAULT)
    more = asc.gather_mask(dst, src, bits, True, 100, params=params)
    left = asc.get_gather_mask_remain_count()
    asc.static_assert(kept.dtype == asc.uint64 and more.dtype == asc.uint64)
    asc.static_assert(left.dtype == asc.uint64)


def test_gather_mask_builds_pyasc_operand_types():
    ck = codegen(gather_mask_kernel)
    first, second = ops_of(ck, ascendc.GatherMaskOp)
    assert [str(v.type) for v in first.operands[2:5]] == ["ui8", "i8", "ui32"]
    assert str(first.params.type) == "!ascendc.gather_mask_params"
    assert first.enum_value("gatherMaskMode") is ascendc.GatherMaskMode.DEFAULT
    assert str(second.src1Pattern.type) == "!ascendc.local_tensor<*xui16>"
    assert second.read_operands() == [second.src0, second.src1Pattern]
    assert first.read_operands() == [first.src0]  # a pattern number is not a tensor read
    assert str(first.rsvdCnt.type) == "ui64"
    (remain,) = ops_of(ck, ascendc.GetGatherMaskRemainCountOp)
    assert str(remain.result.type) == "ui64"


@asc.jit
def wrong_pattern_kernel():
    src = asc.LocalTensor(asc.float32, asc.TPosition.VECIN, 0, 256)
    bits = asc.LocalTensor(asc.uint16, asc.TPosition.VECIN, 2048, 32)
    asc.gather_mask(src, src, bits, False, 0, asc.GatherMaskParams())


@asc.jit
def pattern_number_kernel():
    src = asc.LocalTensor(asc.float32, asc.TPosition.VECIN, 0, 256)
    asc.gather_mask(src, src, 9, False, 0, asc.GatherMaskParams())


@pytest.mark.parametrize("kernel, message", [
    (wrong_pattern_kernel, "a pattern tensor for float32 elements holds uint32 bits, got uint16"),
    (pattern_number_kernel, "a built-in src1_pattern is 1..7, got 9"),
])
def test_gather_mask_pattern_checks(kernel, message):
    with pytest.raises(asc.CompilationError) as info:
        codegen(kernel)
    assert message in str(info.value)
