"""The asynchronous Matmul calls in mixed kernels: IterateAll<false> and WaitIterateAll.

`mm.iterate_all(c, sync=False, wait_iterate_all=True)` posts the IterateAll message and goes
on (matmul_client.h: PostMessage without WaitEvent); the AIC's server computes C as for the
synchronous call and answers because waitIterateAll is set (matmul_server_impl_c220.h:
`if (sync || waitIterateAll) NotifyEvent<PIPE_FIX>`); `mm.wait_iterate_all()` is the client's
WaitEvent for that answer. Without waitIterateAll nothing answers: the client learns of C only
through later synchronisation, and the sanitizer reports reads of C that nothing ordered.
(sim/lower/kfc.py posts the message and the server answers; this module is the wait.)

In a cube-only kernel the object computes in the call, so WaitIterateAll has nothing to wait
for and only ends the call (as End does).
"""

from __future__ import annotations

import ascdsl.dialects.ascendc as A

from ..compiler import Lowering, lowers
from ..errors import InvalidArgumentError
from ..kfc import KfcChannel
from . import kfc as kfc_lower
from . import matmul as mm


@lowers(A.MatmulWaitIterateAllOp)
def lower_wait_iterate_all(op, cx: Lowering):
    if not kfc_lower._mixed(op, cx):
        return mm.lower_end(op, cx)
    site = cx.site(op)

    def body(c, st, R):
        pending = getattr(st, "pending_all", None)
        if pending is None or not pending[1]:
            raise InvalidArgumentError(
                "calls WaitIterateAll without an IterateAll<sync=false, wait_iterate_all=true> "
                "before it: the server sends no answer to wait for (a hang on hardware)",
                site, core=c.block_idx)
        st.pending_all = None
        KfcChannel.of(c).wait_answer(c, site, pending[0])

    return mm._matmul_op(op, cx, body)
