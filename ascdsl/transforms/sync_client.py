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
  `CopyToUB`: the block copied from the GM workspace into the tensor on MTE2, then
  `SetFlag/WaitFlag<MTE2_V>`. The write is MTE2's, not FIX's (the server's Fixpipe writes
  the workspace), and the vector pipe knows it once the call returns.

The simulator models the same steps (sim/kfc.py, sim/lower/kfc.py). Without these facts the
pass saw a FIX write that no event joins to MTE3 or V and ordered it with two
`pipe_barrier(PIPE_ALL)` that order nothing the client had not ordered already (pyasc's
insert_sync test_matmul).

Only calls the facts are sure of count: `sync` a constant true (an asynchronous GetTensorC
waits only on its first blocks), and a local C in a UB position, which only a vector core's
client can have. A C in GM (GetTensorC, IterateAll) is left out: in a cube-only kernel the
same op is the cube core's own Fixpipe, and nothing in the function says which it is.
"""

from __future__ import annotations

from dataclasses import dataclass

from ascdsl.dialects.ascendc import (
    AscendCOp,
    LocalTensorType,
    MatmulGetTensorCOp,
    Pipe,
    TPosition,
)
from ascdsl.dialects.ascendc.base import const_int

_UB_POSITIONS = (TPosition.VECCALC, TPosition.VECIN, TPosition.VECOUT)


@dataclass(frozen=True)
class ClientSync:
    """What a Matmul client call orders on the vector core.

    `pipe`: the pipe its local access runs on (None: the op's declared pipe). `answer`: it
    waits for the server's answer (every pipe learns what MTE3 knew after learning S's).
    `after`: pipes that learn the access's pipe once the call returns (its internal flags).
    """

    pipe: Pipe | None = None
    answer: bool = False
    after: tuple[Pipe, ...] = ()


def _synchronous(op: AscendCOp) -> bool:
    value = const_int(op.sync)  # type: ignore[attr-defined]
    return value is not None and value != 0


def _get_tensor_c(op: MatmulGetTensorCOp) -> ClientSync | None:
    if not _synchronous(op) or op.tensor2 is not None:
        return None
    if not isinstance(op.tensor.type, LocalTensorType):
        return None
    if op.matmul_type().operand("c")[0] not in _UB_POSITIONS:
        return None
    return ClientSync(pipe=Pipe.PIPE_MTE2, answer=True, after=(Pipe.PIPE_V,))


# Keyed by op class: a client call whose ordering is known adds one entry here.
CLIENT_SYNC = {
    MatmulGetTensorCOp: _get_tensor_c,
}


def client_sync(op: AscendCOp) -> ClientSync | None:
    """The ordering `op` carries as a Matmul client call, or None (not one, or not sure)."""
    fact = CLIENT_SYNC.get(type(op))
    return fact(op) if fact is not None else None  # type: ignore[arg-type]
