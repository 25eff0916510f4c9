"""The pipe a Matmul client's copy into UB runs on, as the sync passes and the sanitizer see
it (ops_matmul.py, transforms/sync_client.py).

In a mixed kernel GetBatchTensorC(ub, ...) and AsyncGetTensorC(ub) are the vector core's
MTE2 copies out of the GM workspace (matmul_client.h CopyToUBBatch / CopyToUB), and
WaitGetTensorC is the MTE2 -> V flag after them. Declared as the cube core's Fixpipe (FIX),
the copy made insert-sync order a later MTE3 read with a FIX_MTE3 flag, which leaves the
MTE2 write racing it, and made verify-sync report FIX <-> V dependences that the kernel's
own flags and WaitGetTensorC already order.
"""

from __future__ import annotations

from pathlib import Path

import numpy as np
import pytest
import test_matmul_nbatch as nbatch

import ascdsl as asc
from ascdsl.context import make_context
from ascdsl.diagnostics import parse_module
from ascdsl.dialects.ascendc import (
    MatmulAsyncGetTensorCOp,
    MatmulGetBatchTensorCLocalMemOp,
    MatmulGetTensorCOp,
    Pipe,
    SetFlagOp,
)
from ascdsl.transforms.sync_dataflow import SyncDataflow, function_pipes

M = N = K = 32
LOOPS, BATCH = 2, 2


@asc.jit(insert_sync=True)
def copy_out(a: asc.GlobalAddress, b: asc.GlobalAddress, ws: asc.GlobalAddress,
             out: asc.GlobalAddress, tiling: asc.adv.TCubeTiling, workspace: asc.GlobalAddress):
    # Each loop's results go from UB straight back to GM: MTE2 write, MTE3 read, and the next
    # loop's MTE2 write after that read. The kernel leaves every flag to insert-sync.
    a_gm, b_gm, ws_gm, out_gm = nbatch.bind(a, b, ws, out, LOOPS * BATCH)
    pipe = asc.TPipe()
    mm = nbatch._mm(asc.LayoutMode.BSNGD)
    asc.adv.register_matmul(pipe, workspace, mm, tiling)
    mm.set_tensor_a(a_gm)
    mm.set_tensor_b(b_gm)
    mm.set_workspace(ws_gm)
    mm.iterate_n_batch(LOOPS, BATCH, BATCH, False, sync=False)
    ub = asc.LocalTensor(asc.float32, asc.TPosition.VECCALC, 0, BATCH * M * N)
    for i in range(LOOPS):
        mm.get_batch_tensor_c(ub, BATCH, BATCH, False, False)
        asc.data_copy(out_gm[i * BATCH * M * N:], ub, BATCH * M * N)
    mm.end()


def _args(a, b, ref, out):
    return (a.ravel(), b.ravel(), np.zeros(ref.size, np.float32), out.ravel(),
            nbatch._tiling(LOOPS, BATCH, 1), np.zeros(1 << 16, np.uint8))


def test_insert_sync_orders_the_copy_out_after_the_client_copy_in():
    a, b, ref = nbatch._bsngd(LOOPS, BATCH, 70)
    out = np.zeros(ref.shape, np.float32)
    report = copy_out[1](*_args(a, b, ref, out))
    np.testing.assert_array_equal(out, ref)
    assert not report.findings
    ck = copy_out.compile(*_args(a, b, ref, out), core_num=1)
    events = {op.enum_value("event").name for op in ck.module.walk() if isinstance(op, SetFlagOp)}
    assert {"MTE2_MTE3", "MTE3_MTE2"} <= events
    assert not any(e.startswith("FIX") or e.endswith("FIX") for e in events)


def _ub_form(seed, wait):
    # test_matmul_nbatch's kernel, synchronised by hand: WaitGetTensorC hands the copy to V,
    # V_MTE2 at the end of a loop lets the next copy overwrite what the vector op read.
    a, b, ref = nbatch._bsngd(LOOPS, BATCH, seed)
    args = (a.ravel(), b.ravel(), np.zeros(ref.size, np.float32),
            np.zeros(ref.size, np.float32), nbatch._tiling(LOOPS, BATCH, 1),
            np.zeros(1 << 16, np.uint8), LOOPS, BATCH, wait)
    return nbatch.ub_form.compile(*args, core_num=1, verify_sync=True)


def test_verify_sync_sees_the_kernels_own_flags_and_wait_get_tensor_c():
    assert [w.message for w in _ub_form(71, True).warnings] == []


def test_without_wait_get_tensor_c_the_dataflow_asks_for_the_mte2_v_flag():
    ck = _ub_form(72, False)
    assert "wait_get_tensor_c" not in str(ck.module)
    (warning,) = ck.warnings
    assert "MTE2 -> V" in warning.message and "muls" in warning.message
    func = next(op for op in ck.module.walk() if op.name == "func.func")
    flow = SyncDataflow(func, function_pipes(ck.module), entry_wildcard=False)
    assert {op.name: need.events for op, need in flow.needs.items()} == {
        "ascendc.muls_l2": {Pipe.PIPE_MTE2}}


@pytest.mark.parametrize("cls", [MatmulGetBatchTensorCLocalMemOp, MatmulAsyncGetTensorCOp])
def test_the_client_only_copies_are_declared_on_mte2(cls):
    assert cls.PIPE is Pipe.PIPE_MTE2


def test_get_tensor_c_is_fix_on_the_cube_and_mte2_in_a_client_into_ub():
    kernel = Path(__file__).resolve().parents[2] / "filecheck" / "transforms" / (
        "insert-que-sync-matmul-client.mlir")
    text = kernel.read_text()
    client = parse_module(make_context(), text, "client.mlir")
    (op,) = [o for o in client.walk() if isinstance(o, MatmulGetTensorCOp)]
    assert op.hw_pipe() is Pipe.PIPE_MTE2
    # The same call with C in GM is the cube core's Fixpipe.
    cube = parse_module(make_context(), text.replace("veccalc, 0 : i32, f32", "gm, 0 : i32, f32"),
                        "cube.mlir")
    (op,) = [o for o in cube.walk() if isinstance(o, MatmulGetTensorCOp)]
    assert op.hw_pipe() is Pipe.PIPE_FIX
