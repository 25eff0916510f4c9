"""The Matmul client's own ordering in the sync dataflow (transforms/sync_client.py).

A synchronous GetTensorC into UB on the vector core: the copy-in is MTE2's, every pipe knows
what MTE3 knew at the message, and V knows the copy once the call returns. The kernel is the
lit test's (pyasc's insert_sync test_matmul, reduced); a call the facts are not sure of
(asynchronous) gets the pass's own sync.
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


def test_a_synchronous_copy_into_ub_is_mte2s_and_waits_for_the_answer():
    op = _get_tensor_c(_module())
    fact = client_sync(op)
    assert fact is not None
    assert (fact.pipe, fact.answer, fact.after) == (Pipe.PIPE_MTE2, True, (Pipe.PIPE_V,))
    assert access_pipe(op) == Pipe.PIPE_MTE2


def test_an_asynchronous_call_is_not_counted_on():
    op = _get_tensor_c(_module(asynchronous=True))
    assert client_sync(op) is None
    assert access_pipe(op) == Pipe.PIPE_FIX  # the op's declared pipe, as before


def test_the_dataflow_leaves_only_the_queues_hand_over():
    """On the input (no EnQue/DeQue yet) the one dependence left is the copy-out's V -> MTE3,
    which the queue's EnQue/DeQue orders: nothing at the copy-in or the vector op."""
    module = _module()
    func = next(op for op in module.ops if op.name == "func.func")  # after the includes
    flow = SyncDataflow(func, function_pipes(module), entry_wildcard=False)
    assert {op.name: need.events for op, need in flow.needs.items()} == {
        "ascendc.data_copy_l2": {Pipe.PIPE_V}}


def test_the_pass_orders_an_asynchronous_call_itself():
    """Without the facts (async: the client waits only on its first blocks) the vector op
    after the copy-in and the copy-in after the previous copy-out are the pass's to order."""
    sync_ops = []
    for asynchronous in (False, True):
        module = _module(asynchronous)
        InsertQueSyncPass().apply(make_context(), module)
        sync_ops.append([op for op in module.walk()
                         if isinstance(op, SetFlagOp | PipeBarrierOp)])
    synchronous, asynchronous = sync_ops
    assert [str(op) for op in synchronous] == ["ascendc.pipe_barrier pipe_all"]  # the final one
    assert len(asynchronous) > 1
