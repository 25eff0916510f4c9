"""Every op of the `ascendc` dialect prints a statement (test_real_headers.py checks them all
against the real Ascend C headers).

The ops come from `ascdsl.dialects.ascendc.ALL_OPS`; each gets one instance built from its
IRDL definition (ascendc_op_samples.py). `local_tensor_auto` has no C++ of its own: printing
it is a located error that tells the user to run materialize-tensor.
"""

from __future__ import annotations

import pytest
from xdsl.dialects.builtin import FileLineColLoc, IntAttr, ModuleOp, StringAttr

from ascdsl.diagnostics import AscdslError, verify_module
from ascdsl.dialects.ascendc import ALL_OPS, LocalTensorAutoOp
from ascdsl.targets.ascendc import emit, rule_for

from ascendc_op_samples import sample_function

PRINTABLE = [cls for cls in ALL_OPS if cls is not LocalTensorAutoOp]


def test_the_dialect_has_the_ops_the_target_covers():
    assert len(ALL_OPS) == sum([
        151,  # 138 + set_l2_cache_hint + compare/select (3) + math library (9)
        27,  # advanced APIs: math library 21 more, SoftMax/SimpleSoftMax, RmsNorm, Quant, Concat/Extract
        1,  # set_ffts_base_addr
        2,  # cross-core flags: CrossCoreSetFlag, CrossCoreWaitFlag
        8,  # advanced APIs beyond pyasc: LogSoftMax, LayerNorm, Gelu, FasterGelu, Sigmoid, Silu, Swish, SwiGLU
        2,  # beyond pyasc: AscendDequant, BroadCast
        22,  # cube: LoadData (10 forms), Mmad (3), Fixpipe (2), InitConstValue, load/fixpipe config (4), Nd2Nz/Nz2Nd copies
        40,  # the Matmul API (33 matmul.*), REGIST_MATMUL_OBJ, GetMatmulApiTiling, KfcServer (5)
        3,  # core type: ascend_is_aic, ascend_is_aiv, get_sub_block_num
        15,  # compare/select: L1, L2, register and scalar forms, Get/SetCmpMask
        21,  # reductions over repeats: block, pair, repeat, whole; ReduceSum/Max/Min L0/L1
        3,  # basic Axpy L0/L1/L2
        9,  # FusedMulAdd, FusedMulAddRelu, MulAddDst L0/L1/L2
        8,  # Gather L0/L1/L2, Gatherb, Scatter L0/L1/L2, Brcb
        14,  # CastDeq, AddReluCast, SubReluCast, AddDeqRelu (L0/L1/L2), SetDeqScale (2 forms)
        8,  # MulCast L0/L1/L2, FusedAbsSub, FusedExpSub, Prelu, BilinearInterpolation L0/L1
        2,  # GatherMask, GetGatherMaskRemainCount
        2,  # Transpose, Transpose with TransposeParamsExt
        59,  # system: queries, workspace, cache, scalar bit ops, cube modes, HCCL (25), store
             # atomics (7), cross-core sync (6), tensor members (17), debug marks (4)
        5,  # TBufPool: TPipe/TBufPool InitBufPool, TBufPool InitBuffer (2 forms), Reset
        9,  # queues: in-place AllocTensor/DeQue, EnQue/DeQue with user positions,
            # 4 state queries, to_que_bind
        13,  # TensorDesc (7) and ListTensorDesc (6)
        3,  # TransDataTo5HD: address tensors, tensor lists, address lists
        2,  # SetFmatrix, ffts_cross_core_sync
        2,  # Copy with a bit mask and with a count
        4,  # GetSortLen, GetSortOffset, Sort32, Sort
        7,  # MrgSort (arrays, MrgSort4Info), MrgSort4, GetMrgSortResult, RpSort16,
            # ProposalConcat, ProposalExtract
        5,  # ResetMask, SetMaskCount, SetMaskNorm, SetVectorMask (count, bits)
        11,  # DataCopy enhanced / CO12 / slices, DataCopyPad ext (3) and Nd2Nz (1),
             # SetPadValue, LoadImageToLocal, CheckLocalMemoryIA, GetShapeSize
        1,  # SetAippFunctions
    ])
    assert len(set(ALL_OPS)) == len(ALL_OPS)


@pytest.mark.parametrize("cls", PRINTABLE, ids=lambda c: c.name)
def test_op_has_a_rule_and_prints_a_statement(cls):
    assert rule_for(cls) is not None, f"{cls.name} has no printing rule"
    func = sample_function(cls, 0)
    module = ModuleOp([func])
    verify_module(module)
    body = emit(module).splitlines()[1:-1]
    # The op's own statement, after any constants its sample needs.
    statements = [line for line in body if not line.strip().startswith(("constexpr", "return"))]
    assert statements, f"{cls.name} printed nothing"
    assert all(line.startswith("  ") and line.rstrip().endswith((";", "{", "}")) for line in body)


def test_local_tensor_auto_is_a_located_error():
    func = sample_function(LocalTensorAutoOp, 0)
    op = next(o for o in func.walk() if isinstance(o, LocalTensorAutoOp))
    op.location = FileLineColLoc(StringAttr("kernel.py"), IntAttr(12), IntAttr(5))
    with pytest.raises(AscdslError) as info:
        emit(ModuleOp([func]))
    text = str(info.value)
    assert text.startswith("kernel.py:12:5: error: 'ascendc.local_tensor_auto' op ")
    assert "run materialize-tensor" in text and "--ascdsl-default" in text
