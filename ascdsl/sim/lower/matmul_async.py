"""The asynchronous Matmul calls in mixed kernels: IterateAll<false> and WaitIterateAll,
Iterate<false> with GetTensorC<false> into UB, SetWorkspace.

`mm.iterate_all(c, sync=False, wait_iterate_all=True)` posts the IterateAll message and goes
on (matmul_client.h: PostMessage without WaitEvent); the AIC's server computes C as for the
synchronous call and answers because waitIterateAll is set (matmul_server_impl_c220.h:
`if (sync || waitIterateAll) NotifyEvent<PIPE_FIX>`); `mm.wait_iterate_all()` is the client's
WaitEvent for that answer. Without waitIterateAll nothing answers: the client learns of C only
through later synchronisation, and the sanitizer reports reads of C that nothing ordered.
(sim/lower/kfc.py posts the message and the server answers; this module is the wait.)

In a cube-only kernel the object computes in the call, so WaitIterateAll has nothing to wait
for and only ends the call (as End does).

**Iterate<false>** (dav-c220's client and server, matmul_client.h / matmul_server_impl_c220.h):
C must be in the vector core's UB and the object needs a cache workspace (`SetWorkspace`).
The first `Iterate<false>` posts one ITERATE message and every call returns true until the
blocks are counted out. The server then computes *every* block, each into the next
baseM x baseN slot of the workspace (rows baseN apart), and notifies the client after each of
the first INC_PROCESS_CHECK - 1 = 13 blocks, and once more at the end when there were 14 or
more. Each `GetTensorC<false>(ub)` waits for one notification while it has waited fewer than
14 times, then copies its block from the next workspace slot into the tensor (CopyToUB, MTE2,
then MTE2 -> V). So the first blocks are handed over as they finish, and the cube runs ahead
of the client while the client works on a block.
"""

from __future__ import annotations

import ascdsl.dialects.ascendc as A
from ascdsl.dialects.ascendc.base import const_int
from ascdsl.dialects.ascendc.enums import Hardware

from ..compiler import LOWERINGS, Lowering, lowers
from ..errors import InvalidArgumentError, NotSimulatedError
from ..kfc import KfcChannel
from ..memory import LTensor
from . import kfc as kfc_lower
from . import matmul as mm

INC_PROCESS_CHECK = 14  # kfc_comm.h (dav_c220): notifications the client waits for one by one


@lowers(A.MatmulWaitIterateAllOp)
def lower_wait_iterate_all(op, cx: Lowering):
    if not kfc_lower._mixed(op, cx):
        return mm.lower_end(op, cx)
    site = cx.site(op)

    def body(c, st, R):
        kfc_lower.wait_pending(c, st, "pending_all", "WaitIterateAll without an "
                               "IterateAll<sync=false, wait_iterate_all=true>", site)

    return mm._matmul_op(op, cx, body)


@lowers(A.MatmulSetWorkspaceOp)
def lower_set_workspace(op, cx: Lowering):
    """`SetWorkspace(gm[, size])`: the cache workspace of the asynchronous Iterate."""
    s = cx.slot(op.tensor)

    def body(c, st, R):
        st.cache_ws = R[s]

    return mm._matmul_op(op, cx, body)


def _async(op, cx: Lowering) -> bool:
    return kfc_lower._mixed(op, cx) and const_int(op.sync) == 0


_iterate_sync = LOWERINGS[A.MatmulIterateOp]
_get_tensor_c_sync = LOWERINGS[A.MatmulGetTensorCOp]


def _ws_bytes(c, ws, site):
    """(GM buffer, first byte) of a workspace given as a GlobalTensor or a GM address."""
    buf = getattr(ws, "buf", None)
    if buf is None:
        raise NotSimulatedError("the Matmul's cache workspace is not a GM argument", site,
                                core=c.block_idx)
    return buf, ws.off * buf.dt.size


@lowers(A.MatmulIterateOp)
def lower_iterate(op, cx: Lowering):
    if not _async(op, cx):
        return _iterate_sync(op, cx)
    site = cx.site(op)
    if op.localCmaxtrix is not None:
        raise cx.error(op, "computes into a local C matrix, which is not simulated")
    if op.matmul.type.operand("c")[0] not in kfc_lower._UB_POSITIONS:
        raise cx.error(op, "calls Iterate<false> on a Matmul whose C is not in the vector "
                           "core's UB; the asynchronous Iterate hands blocks over in UB only "
                           "(matmul_client.h asserts PhyPosIsUB(C_TYPE::pos))")
    o, sp = cx.slot(op.result), cx.slot(op.partialsum)

    def body(c, st, R):
        if R[sp]:
            raise NotSimulatedError("Iterate with enPartialSum is not simulated", site,
                                    core=c.block_idx)
        if st.blocks is None:
            run = mm._Run(c, st, site, "calls Iterate")
            ws = getattr(st, "cache_ws", None)
            if ws is None:
                raise InvalidArgumentError(
                    "calls Iterate<false> before SetWorkspace: the asynchronous Iterate leaves "
                    "its blocks in the cache workspace", site, core=c.block_idx)
            blocks = run.mb * run.nb
            t = st.tiling
            size = t["baseM"] * t["baseN"] * st.dt["c"].size
            buf, lo = _ws_bytes(c, ws, site)
            if lo + blocks * size > buf.mem.size:
                raise InvalidArgumentError(
                    f"needs {blocks} blocks of {size} bytes in the cache workspace from byte "
                    f"{lo}, but '{buf.name}' has {buf.mem.size}", site, core=c.block_idx)
            ch = KfcChannel.of(c)
            own = ch.post(c, "iterate_async", site,
                          (kfc_lower._settings(st), buf, lo, size), st.site)
            st.blocks = [0, blocks]
            st.async_c = {"own": own, "waits": 0, "slot": 0, "buf": buf, "lo": lo,
                          "size": size}
        count = st.blocks
        if count[0] >= count[1]:
            st.blocks = None
            R[o] = 0
            return
        count[0] += 1
        st.current = True
        R[o] = 1

    return mm._matmul_op(op, cx, body)


@lowers(A.MatmulGetTensorCOp)
def lower_get_tensor_c(op, cx: Lowering):
    if not _async(op, cx):
        return _get_tensor_c_sync(op, cx)
    site = cx.site(op)
    if isinstance(op.tensor.type, A.GlobalTensorType) or op.tensor2 is not None:
        raise cx.error(op, "calls GetTensorC<false> into GM; the asynchronous GetTensorC moves "
                           "blocks into UB (matmul_client.h asserts isSyncGetC for GM)")
    s = cx.slot(op.tensor)

    def body(c, st, R):
        a = getattr(st, "async_c", None)
        if a is None or st.current is None:
            raise InvalidArgumentError("calls GetTensorC<false> without a block: call "
                                       "Iterate<false> first (and only while it returns true)",
                                       site, core=c.block_idx)
        st.current = None
        target = R[s]
        if not isinstance(target, LTensor) or target.mem.hw is not Hardware.UB:
            raise NotSimulatedError("GetTensorC into a local tensor outside UB is not "
                                    "simulated", site, core=c.block_idx)
        if target.nbytes > a["size"]:
            raise InvalidArgumentError(
                f"moves C into a UB tensor of {target.nbytes} bytes; a baseM x baseN block has "
                f"{a['size']}", site, core=c.block_idx)
        if a["waits"] < INC_PROCESS_CHECK:
            a["waits"] += 1
            KfcChannel.of(c).wait_answer(c, site, a["own"])
        kfc_lower._copy_to_ub(c, a["buf"], a["lo"] + a["slot"] * a["size"], target, site)
        a["slot"] += 1

    return mm._matmul_op(op, cx, body)


def _serve_iterate_async(c, st, ch, msg) -> bool:
    """The server's asynchronous ITERATE: every block into the next workspace slot,
    notifying after each of the first 13 and once at the end from the 14th on."""
    settings, buf, lo, size = msg.data
    kfc_lower._apply(st, settings)
    st.blocks = st.current = None
    run = mm._Run(c, st, msg.site, "calls Iterate")
    count = 0
    for mi, ni in run.order():
        vals = run.block_values(mi, ni)
        m_done = run.compute_block(mi, ni)
        kfc_lower._fix_to_workspace(c, st, run, buf, lo + count * size, vals, m_done)
        count += 1
        if count < INC_PROCESS_CHECK:
            ch.answer(c, msg.sub)
    if count >= INC_PROCESS_CHECK:
        ch.answer(c, msg.sub)
    return False


kfc_lower.SERVER_HANDLERS["iterate_async"] = _serve_iterate_async
