"""Every ascendc op is either simulated or refused with a reason; refusals are located."""

import pytest

import ascdsl.dialects.ascendc as A
from ascdsl.sim import NotSimulatedError, SimKernel
from ascdsl.sim.compiler import lowering_for
from sim_kernels import parse


@pytest.mark.parametrize("cls", A.ALL_OPS, ids=lambda c: c.name)
def test_every_op_has_a_lowering_or_a_reason(cls):
    how = lowering_for(cls)
    assert how is not None, f"{cls.name} has neither a lowering nor a not-simulated reason"
    if isinstance(how, str):
        assert len(how) > 20, f"{cls.name}: the reason should say why and what to do"
    else:
        assert callable(how)


SIMULATED_CUBE_OPS = (A.DataCopyNd2NzOp, A.LoadDataL0Op, A.LoadDataG2LOp, A.MmadOp,
                      A.MmadWithBiasOp, A.FixpipeOp, A.FixpipeWithWorkspaceOp,
                      A.InitConstValueOp, A.DataCopyNz2NdOp,
                      A.SetFixpipePreQuantFlagOp, A.LoadDataWithTransposeOp,
                      A.LoadData3DL0V2Op, A.SetLoadDataBoundaryOp, A.SetLoadDataPaddingValueOp,
                      A.SetLoadDataRepeatOp, A.LoadDataWithSparseOp, A.MmadWithSparseOp,
                      A.LoadData3DL0V2ProOp)


def test_only_local_tensor_auto_and_pyasc_cumsum_are_refused():
    # cumsum: pyasc's op carries CumSumConfig flags where the API needs the shape (CumSumOp)
    refused = [c.name for c in A.ALL_OPS if isinstance(lowering_for(c), str)]
    # cube: the forms the first slice of the cube path does not simulate yet (docs/cube.md)
    cube = [c.name for c in A.CUBE_OPS if c not in SIMULATED_CUBE_OPS]
    # every conversion of the family runs: the deq-scale register (sim/lower/deq.py), the
    # fused casts (vconv.py refuses their integer forms at compile time, not here), GatherMask
    # (sim/lower/gather_mask.py)
    vector = [c.name for c in (*A.VCONV_OPS, *A.BINARY_EXT_OPS, *A.GATHER_MASK_OPS,
                               *A.TRANSPOSE_OPS)
              if isinstance(lowering_for(c), str)]
    assert vector == []
    # the region-proposal ops the 910B headers report as unsupported (sim/lower/mrgsort.py)
    proposals = [c.name for c in A.NOT_ON_910B]
    assert proposals == ["ascendc.mrg_sort4", "ascendc.rp_sort16", "ascendc.proposal_concat",
                         "ascendc.proposal_extract"]
    # api10: what the simulator cannot run and says why (sim/lower/bufpool.py, list_tensor.py):
    # the in-place queue forms, list tensors (GM holds raw addresses) (counter mode runs:
    # sim/lower/mask.py; the raw FFTS message runs as the Matmul API's start-up message,
    # sim/lower/kfc.py, and is refused at compile time otherwise; the load3d registers:
    # sim/lower/img2col.py)
    extra_classes = (A.AllocTensorInPlaceOp, A.DequeTensorInPlaceOp, *A.LIST_TENSOR_OPS)
    extras = [c.name for c in extra_classes]
    # the Matmul API: scalar-input and KFC calls (sim/lower/matmul.py; IterateBatch,
    # SetBatchNum, WaitIterateBatch: matmul_batch.py; IterateNBatch, GetBatchTensorC,
    # WaitGetTensorC: matmul_nbatch.py; SetQuant*: matmul_quant.py)
    matmul = [c.name for c in A.MATMUL_OPS if isinstance(lowering_for(c), str)]
    assert len(matmul) == 15 and "ascendc.matmul.iterate_all" not in matmul
    assert "ascendc.matmul.iterate_batch" not in matmul
    assert "ascendc.matmul.iterate_n_batch" not in matmul
    assert sorted(refused) == sorted(["ascendc.local_tensor_auto", "ascendc.cumsum", *cube,
                                      *vector, *extras, *matmul, *proposals])


def test_local_tensor_auto_is_a_located_error_naming_the_pass():
    text = """\
func.func @k(%x: memref<?xf32, 22>) attributes {ascendc.global} {
  %t = ascendc.local_tensor_auto() input : <64xf32>
  func.return
}
"""
    with pytest.raises(NotSimulatedError) as e:
        SimKernel(parse(text, "auto.mlir"), "k")
    msg = str(e.value)
    assert msg.startswith("auto.mlir:2:3: error: NotSimulatedError: 'ascendc.local_tensor_auto' op")
    assert "materialize-tensor" in msg
    assert "%t = ascendc.local_tensor_auto() input" in msg  # the source line is shown


def test_unknown_op_is_a_located_error():
    text = """\
func.func @k(%x: memref<?xf32, 22>) attributes {ascendc.global} {
  %v = "test.op"() : () -> i32
  func.return
}
"""
    with pytest.raises(NotSimulatedError) as e:
        SimKernel(parse(text, "unknown.mlir"), "k")
    assert "unknown.mlir:2:3: error" in str(e.value)
    assert "'test.op' op is not simulated" in str(e.value)


def test_missing_kernel_lists_the_kernels():
    text = 'func.func @k(%x: i32) attributes {ascendc.global} {\n  func.return\n}\n'
    with pytest.raises(KeyError, match=r"no kernel @other \(kernels: k\)"):
        SimKernel(parse(text), "other")


def test_kernel_argument_of_unsupported_type_is_refused():
    text = 'func.func @k(%x: !ascendc.pipe) attributes {ascendc.global} {\n  func.return\n}\n'
    with pytest.raises(NotSimulatedError, match="argument 'x' has type !ascendc.pipe"):
        SimKernel(parse(text), "k")


def _emit_ops():
    from ascdsl.dialects.emitasc import EMITASC_OPS
    from ascdsl.dialects.emitc import EMITC_OPS

    return [c for c in (*EMITASC_OPS, *EMITC_OPS) if c.__module__.startswith("ascdsl.")]


@pytest.mark.parametrize("cls", _emit_ops(), ids=lambda c: c.name)
def test_every_emitc_and_emitasc_op_prints_and_simulates_or_says_why(cls):
    from ascdsl.targets.ascendc import rule_for

    assert rule_for(cls) is not None, f"{cls.name} has no Ascend C printing rule"
    how = lowering_for(cls)
    assert how is not None, f"{cls.name} has neither a lowering nor a not-simulated reason"
    if isinstance(how, str):
        assert len(how) > 20, f"{cls.name}: the reason should say why"


@pytest.mark.parametrize("cls", [A.LoadDataL0V2Op, A.LoadDataG2LV2Op,
                                 A.LoadDataWithTransposeV2Op, A.LoadData3DL0V1Op],
                         ids=lambda c: c.name)
def test_the_v2_load_forms_are_refused_as_not_on_the_910b(cls):
    # dav-c220 compiles them to nothing: "not simulated yet" would promise a lowering.
    how = lowering_for(cls)
    assert isinstance(how, str) and "not supported on the 910B" in how
