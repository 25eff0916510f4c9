"""The Matmul client's own synchronisation, as the sync passes see it.

In a mixed kernel the Matmul object on a vector core is a client (include/adv_api/matmul/
matmul_client.h, impl/basic_api/dav_c220/kfc/kfc_comm_client.h): a call such as GetTensorC
posts a message to the cube core's server and, with `sync`, waits for its answer. Those
steps carry synchronisation of their own, which orders the kernel's accesses around the call
as surely as a flag the pass would place:

- **The post**: `SetFlag/WaitFlag<S_MTE3>`, `PipeBarrier<PIPE_MTE3>`, the 64-byte message
  copied UB -> GM on MTE3. MTE3 is in order, so the message leaves after every earlier MTE3
  op of the kernel.
- **The answer** (`WaitEvent`, a blocking wait of the scalar unit): the server can only
  answer a message it has read, so when the wait returns the message copy, and every MTE3
  op before it, is complete; nothing after the wait is issued before it returns. Every pipe
  then knows what MTE3 knew at the post.
- **GetTensorC into UB** (C at VECCALC / VECIN / VECOUT: dav-c220 has no L0C -> UB path) is
  `CopyToUB`: the block copied from the GM workspace into the tensor on MTE2 (the op's
  declared pipe in that form, ops_matmul.py), then `SetFlag/WaitFlag<MTE2_V>`, so the
  vector pipe knows the write once the call returns.
- **WaitGetTensorC** is `SetFlag/WaitFlag<MTE2_V>` alone: the flag that GetBatchTensorC and
  AsyncGetTensorC (MTE2 copies into UB without one) leave to the kernel.

The simulator models the same steps (sim/kfc.py, sim/lower/kfc.py, sim/lower/matmul_nbatch.py).
Without these facts the pass saw a FIX write that no event joins to MTE3 or V and ordered it
with two `pipe_barrier(PIPE_ALL)` that order nothing the client had not ordered already
(pyasc's insert_sync test_matmul).

Only calls the facts are sure of count: the answer needs `sync` a constant true (an
asynchronous GetTensorC waits only on its first blocks), and the copy a local C in a UB
position, which only a vector core's client can have. A C in GM (GetTensorC, IterateAll) is
left out: in a cube-only kernel the same op is the cube core's own Fixpipe, and nothing in
the function says which it is.
"""

from __future__ import annotations

from dataclasses import dataclass

from ascdsl.dialects.ascendc import (
    AscendCOp,
    MatmulGetTensorCOp,
    MatmulWaitGetTensorCOp,
    Pipe,
)
from ascdsl.dialects.ascendc.base import const_int

@dataclass(frozen=True)
class ClientSync:
    """What a Matmul client call orders on the vector core.

    `answer`: it waits for the server's answer (every pipe learns what MTE3 knew after
    learning S's). `flags`: the SetFlag/WaitFlag pairs (source pipe, destination pipe) the
    call makes before it returns, after its own access if it has one.
    """

    answer: bool = False
    flags: tuple[tuple[Pipe, Pipe], ...] = ()


_MTE2_V = ((Pipe.PIPE_MTE2, Pipe.PIPE_V),)


def _synchronous(op: AscendCOp) -> bool:
    value = const_int(op.sync)  # type: ignore[attr-defined]
    return value is not None and value != 0


def _get_tensor_c(op: MatmulGetTensorCOp) -> ClientSync | None:
    if not op.copies_to_ub():
        return None
    # CopyToUB's MTE2_V flag follows the copy in both of the client's branches; only the
    # synchronous one posts a message and waits for its answer.
    return ClientSync(answer=_synchronous(op), flags=_MTE2_V)


def _wait_get_tensor_c(op: MatmulWaitGetTensorCOp) -> ClientSync:
    return ClientSync(flags=_MTE2_V)


# Keyed by op class: a client call whose ordering is known adds one entry here.
CLIENT_SYNC = {
    MatmulGetTensorCOp: _get_tensor_c,
    MatmulWaitGetTensorCOp: _wait_get_tensor_c,
}


def client_sync(op: AscendCOp) -> ClientSync | None:
    """The ordering `op` carries as a Matmul client call, or None (not one, or not sure)."""
    fact = CLIENT_SYNC.get(type(op))
    return fact(op) if fact is not None else None  # type: ignore[arg-type]
