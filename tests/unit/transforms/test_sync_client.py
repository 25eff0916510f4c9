"""The Matmul client's own ordering in the sync dataflow (transforms/sync_client.py).

A synchronous GetTensorC into UB on the vector core: the copy-in is MTE2's, every pipe knows
what MTE3 knew at the message, and V knows the copy once the call returns. The kernel is the
lit test's (pyasc's insert_sync test_matmul, reduced); an asynchronous call copies on MTE2
as well but waits for no answer, so the pass orders the copy-in after the copy-out.
"""

from __future__ import annotations

from pathlib import Path

from ascdsl.context import make_context
from ascdsl.diagnostics import parse_module
from ascdsl.dialects.ascendc import MatmulGetTensorCOp, Pipe, PipeBarrierOp, SetFlagOp
from ascdsl.transforms.insert_que_sync import InsertQueSyncPass
from ascdsl.transforms.sync_client import client_sync
from ascdsl.transforms.sync_dataflow import SyncDataflow, access_pipe, function_pipes

ROOT = Path(__file__).resolve().parents[3]
KERNEL = (ROOT / "tests" / "filecheck" / "transforms" / "insert-que-sync-matmul-client.mlir")


def _module(asynchronous: bool = False):
    text = KERNEL.read_text()
    if asynchronous:
        # The last operand of get_tensor_c is its `sync` template flag.
        text = text.replace("%atomic, %true, %true :", "%atomic, %true, %false :").replace(
            "  %true = arith.constant true\n",
            "  %true = arith.constant true\n  %false = arith.constant false\n")
    return parse_module(make_context(), text, "client.mlir")


def _get_tensor_c(module) -> MatmulGetTensorCOp:
    return next(op for op in module.walk() if isinstance(op, MatmulGetTensorCOp))


MTE2_V = ((Pipe.PIPE_MTE2, Pipe.PIPE_V),)


def test_a_synchronous_copy_into_ub_is_mte2s_and_waits_for_the_answer():
    op = _get_tensor_c(_module())
    fact = client_sync(op)
    assert fact is not None
    assert (fact.answer, fact.flags) == (True, MTE2_V)
    assert access_pipe(op) == Pipe.PIPE_MTE2


def test_an_asynchronous_copy_into_ub_is_mte2s_too_but_waits_for_no_answer():
    # The copy and its MTE2_V flag are the client's in both branches of GetTensorC
    # (CopyToUB); only the synchronous call posts a message and waits for its answer.
    op = _get_tensor_c(_module(asynchronous=True))
    fact = client_sync(op)
    assert fact is not None
    assert (fact.answer, fact.flags) == (False, MTE2_V)
    assert access_pipe(op) == Pipe.PIPE_MTE2


def test_the_dataflow_leaves_only_the_queues_hand_over():
    """On the input (no EnQue/DeQue yet) the one dependence left is the copy-out's V -> MTE3,
    which the queue's EnQue/DeQue orders: nothing at the copy-in or the vector op."""
    module = _module()
    func = next(op for op in module.ops if op.name == "func.func")  # after the includes
    flow = SyncDataflow(func, function_pipes(module), entry_wildcard=False)
    assert {op.name: need.events for op, need in flow.needs.items()} == {
        "ascendc.data_copy_l2": {Pipe.PIPE_V}}


def test_the_pass_orders_an_asynchronous_call_itself():
    """Without the answer (async: the client waits only on its first blocks) the copy-in
    after the previous block's vector op and copy-out is the pass's to order: one V -> MTE2
    flag (V knows the copy-out through the queue's FreeTensor/AllocTensor), not the barriers
    it placed for a FIX write; the vector op after the copy-in is the call's own MTE2_V
    flag's."""
    sync_ops = []
    for asynchronous in (False, True):
        module = _module(asynchronous)
        InsertQueSyncPass().apply(make_context(), module)
        sync_ops.append([op for op in module.walk()
                         if isinstance(op, SetFlagOp | PipeBarrierOp)])
    synchronous, asynchronous = sync_ops
    assert [str(op) for op in synchronous] == ["ascendc.pipe_barrier pipe_all"]  # the final one
    assert [str(op).split(",")[0] for op in asynchronous] == [
        "ascendc.set_flag v_mte2", "ascendc.pipe_barrier pipe_all"]
