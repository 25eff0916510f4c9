"""The merge-sort family and TransposeParamsExt in the kernel language: pyasc's operand types,
the sort list's tensors as the merge's reads, and the checks of the arguments."""

from __future__ import annotations

import pytest
from frontend_helpers import codegen

import ascdsl as asc
from ascdsl.dialects import ascendc


def ops_of(ck, cls):
    return [op for op in ck.module.walk() if isinstance(op, cls)]


@asc.jit
def merge_kernel():
    a = asc.LocalTensor(asc.float16, asc.TPosition.VECIN, 0, 512)
    b = asc.LocalTensor(asc.float16, asc.TPosition.VECIN, 1024, 512)
    dst = asc.LocalTensor(asc.float16, asc.TPosition.VECOUT, 2048, 1024)
    lists = asc.MrgSortSrcList(asc.float16, a, b)
    asc.mrg_sort(dst, lists, [16, 16, 0, 0], [0, 0, 0, 0], valid_bit=3, repeat_time=1,
                 is_exhausted_suspension=True)
    info = asc.MrgSort4Info([16, 16, 0, 0], valid_bit=3)
    asc.mrg_sort(dst, lists, info)
    x, y, z, w = asc.get_mrg_sort_result()
    asc.static_assert(x.dtype == asc.uint16 and w.dtype == asc.uint16)
    params = asc.TransposeParamsExt(1, 16, 4, 4, asc.TransposeType.TRANSPOSE_NCHW2NHWC)
    tmp = asc.LocalTensor(asc.uint8, asc.TPosition.VECCALC, 4096, 1024)
    asc.transpose(dst, a, tmp, params)


def test_merge_builds_pyasc_operand_types_and_reads_the_listed_tensors():
    ck = codegen(merge_kernel)
    (arrays,) = ops_of(ck, ascendc.MrgSortOp)
    assert [str(v.type) for v in arrays.elementCountList] == ["ui16"] * 4
    assert [str(v.type) for v in arrays.sortedNum] == ["ui32"] * 4
    assert str(arrays.validBit.type) == "ui16" and arrays.isExhaustedSuspension is not None
    construct = arrays.sortList.owner
    assert str(construct.result.type) == "!ascendc.mrg_sort_src_list<f16>"
    # The sync passes see the tensors behind the list.
    assert arrays.read_operands() == list(construct.args) and len(construct.args) == 2
    (with_info,) = ops_of(ck, ascendc.MrgSortWithInfoOp)
    info = with_info.params.owner
    assert [str(t) for t in info.types.data] == ["memref<4xui16>", "i1", "ui16", "ui16"]
    (transpose,) = ops_of(ck, ascendc.TransposeExtOp)
    built = transpose.params.owner
    assert [str(t) for t in built.types.data] == ["ui16"] * 4 + ["!ascendc.transpose_type"]
    assert built.args[4].owner.value.value.data == 11  # TRANSPOSE_NCHW2NHWC


@asc.jit
def mixed_list_kernel():
    a = asc.LocalTensor(asc.float16, asc.TPosition.VECIN, 0, 512)
    b = asc.LocalTensor(asc.float32, asc.TPosition.VECIN, 1024, 512)
    asc.MrgSortSrcList(asc.float16, a, b)


@asc.jit
def three_counts_kernel():
    a = asc.LocalTensor(asc.float32, asc.TPosition.VECIN, 0, 512)
    lists = asc.MrgSortSrcList(asc.float32, a, a)
    asc.mrg_sort(a, lists, [1, 2, 3], [0, 0, 0, 0], 3, 1)


@asc.jit
def runtime_flag_kernel(flag: bool):
    a = asc.LocalTensor(asc.float32, asc.TPosition.VECIN, 0, 512)
    lists = asc.MrgSortSrcList(asc.float32, a, a)
    asc.mrg_sort(a, lists, [1, 2, 3, 4], [0, 0, 0, 0], 3, 1, is_exhausted_suspension=flag)


@asc.jit
def wrong_form_kernel():
    a = asc.LocalTensor(asc.float32, asc.TPosition.VECIN, 0, 512)
    lists = asc.MrgSortSrcList(asc.float32, a, a)
    asc.mrg_sort(a, lists, 7)


@pytest.mark.parametrize("kernel, args, message", [
    (mixed_list_kernel, (), "'src2' holds float32, the list holds float16"),
    (three_counts_kernel, (), "'element_count_list' must be a list of 4 values"),
    (runtime_flag_kernel, (True,), "'is_exhausted_suspension' must be a boolean literal"),
    (wrong_form_kernel, (), "No viable candidates were found to dispatch mrg_sort()"),
])
def test_argument_checks(kernel, args, message):
    with pytest.raises(asc.CompilationError) as info:
        codegen(kernel, *args)
    assert message in str(info.value)
