"""The Matmul API in mixed (AIC + AIV) kernels: client ops on the vector cores, the server on
the cube core (the model and its costs: ascdsl/sim/kfc.py).

Each Matmul lowering of sim/lower/matmul.py is wrapped: in a cube-only kernel (or a kernel
that is not run mixed) the cube-only lowering runs as before; in a mixed one, the ops that
only record settings (SetTensorA/B, SetBias, SetTail, SetOrgShape, SetSingleShape,
DisableBias) run unchanged on the client, and Init / Iterate / IterateAll / GetTensorC / End
become messages that the AIC's server executes with the cube-only model (its numbers, its
L1/L0 schedule and pipes), on its own timeline.
"""

from __future__ import annotations

import numpy as np
from numpy.lib.stride_tricks import as_strided

import ascdsl.dialects.ascendc as A
from ascdsl.dialects.ascendc.enums import Hardware
from ascdsl.dialects.ascendc.types_matmul_api import MatmulType

from ..compiler import Lowering, lowers
from ..dtypes import sim_dtype
from ..errors import InvalidArgumentError, NotSimulatedError
from ..kfc import KernelReturn, KfcChannel
from ..memsys import CACHE_NORMAL
from ..memory import LTensor
from ..sanitizer import FIX, MTE2, PIPE_INDEX, V
from . import matmul as mm
from .vector import CONSTRUCT_LOWERINGS

# C positions in the vector core's UB: the server's Fixpipe goes to a GM workspace and the
# client copies the block in (dav-c220 has no L0C -> UB path).
_UB_POSITIONS = (A.TPosition.VECCALC, A.TPosition.VECIN, A.TPosition.VECOUT)


def _mixed(op, cx: Lowering) -> bool:
    return cx.program.mixed and not mm._cube_only(op)


def _wrap(cls, cube_only, mixed):
    def lower(op, cx: Lowering):
        return mixed(op, cx) if _mixed(op, cx) else cube_only(op, cx)

    # docs/ops.md names each op's lowering: this module's, under the cube-only one's name
    lower.__name__ = lower.__qualname__ = cube_only.__name__
    lowers(cls)(lower)


# --- the object ----------------------------------------------------------------------------------


def _construct(op, cx: Lowering):
    if not _mixed(op, cx):
        return mm._construct_matmul(op, cx)
    pre = cx.take_pre()
    t = op.result.type
    site = cx.site(op)
    for w in ("a", "b", "c", "bias"):
        pos, _fmt, dtype, _tr, _lay = t.operand(w)
        if sim_dtype(dtype) is None:
            raise cx.error(op, f"has {w.upper()} elements of type {dtype}, which the simulator "
                               "cannot store")
        # pyasc gives an unset bias C's type and position; SetBias checks a bias it is given
        if (w == "c" and pos in _UB_POSITIONS) or w == "bias":
            continue
        if pos is not A.TPosition.GM:
            where = "GM or the vector core's UB (VECCALC, VECIN, VECOUT)" if w == "c" else "GM"
            raise cx.error(op, f"takes {w.upper()} at {pos.name}; in a mixed kernel the "
                               f"simulator runs the Matmul API with {w.upper()} in {where}")
    mm.refuse_formats(op, cx, t)
    names = (t.operand("a")[2], t.operand("b")[2])
    if tuple(sim_dtype(x).name for x in names) not in mm._ACC:
        raise cx.error(op, f"multiplies {names[0]} x {names[1]}; the cube takes f16, bf16, f32 "
                           "or int8 pairs")
    o = cx.slot(op.result)

    def f(R):
        R[0].t += pre
        R[o] = mm.MatmulState(t, site)

    return f


CONSTRUCT_LOWERINGS[MatmulType] = _construct


def _take_tiling(c, st, tiling: dict, site) -> None:
    # pyasc's kernels build tilings in Python and leave the L1 steps at 0; the library then
    # loads one base block per stage, which is what a step of 1 means to the model.
    t = dict(tiling)
    for f in ("stepM", "stepN", "stepKa", "stepKb"):
        if int(t.get(f, 0)) <= 0:
            t[f] = 1
    mm._take_tiling(c, st, t, site)


def _settings(st) -> dict:
    """What the client's message carries: its operands and shapes (copies: the kernel may
    rebind its GlobalTensors after the call)."""
    def cp(g):
        return None if g is None else g.sub(0, g.origin)

    return {"tiling": st.tiling, "a": cp(st.a), "b": cp(st.b), "bias": cp(st.bias),
            "trans": dict(st.trans), "tail": list(st.tail), "single": st.single, "org": st.org,
            "quant": getattr(st, "quant", None)}


def _apply(st, s: dict) -> None:
    st.tiling = s["tiling"]
    st.a, st.b, st.bias = s["a"], s["b"], s["bias"]
    st.trans, st.tail, st.single, st.org = s["trans"], s["tail"], s["single"], s["org"]
    st.quant = s["quant"]  # SetQuantScalar/Vector (matmul_quant.py)


# --- REGIST_MATMUL_OBJ: the server on the AIC, the client's registration on an AIV -------------


def _regist_mixed(op, cx: Lowering):
    site = cx.site(op)
    st_tiling = cx.slot(op.tiling) if op.tiling is not None else None
    ws = cx.slot(op.workspace)

    def body(c, st, R):
        if st_tiling is not None:
            _take_tiling(c, st, R[st_tiling], site)
        st.ws = R[ws]
        ch = KfcChannel.of(c)
        if c.kind == "aic":
            _serve(c, st, ch, site)
            raise KernelReturn()
        ch.wait_server(c, site)

    return mm._matmul_op(op, cx, body)


# Messages other modules serve: kind -> handler(core, state, channel, msg) returning whether
# the server stays locked on the client (matmul_batch.py: "iterate_batch").
SERVER_HANDLERS: dict = {}


def _serve(c, proto, ch: KfcChannel, site) -> None:
    """The AIC's KfcServer: one Matmul object per client, each message run by the cube-only
    model on this core."""
    states: dict[int, mm.MatmulState] = {}

    def state(lane: int) -> mm.MatmulState:
        st = states.get(lane)
        if st is None:
            st = states[lane] = mm.MatmulState(proto.type, proto.site)
            st.tiling = proto.tiling
        return st

    def handle(msg) -> bool:
        st = state(msg.sub)
        kind, data = msg.kind, msg.data
        if kind not in ("init", "end", "get_c"):
            # One object on the cube core serves every vector core (the server's `mul`), so
            # a call for one client overwrites the L0C accumulators another client's
            # IterateBatch left for its next enPartialSum call.
            for other in states.values():
                if other is not st and getattr(other, "l0c_held", None):
                    other.l0c_held = {}
                    # lanes are numbered launch-wide when all blocks run as one
                    lane = next(x for x in ch.run.lanes if x.core.lane == msg.sub)
                    other.l0c_taken_by = f"AIV{lane.core.sub_idx}"
        extra = SERVER_HANDLERS.get(kind)
        if extra is not None:
            return extra(c, st, ch, msg)
        if kind == "init":
            _take_tiling(c, st, data, msg.site)
            st.reset_pipeline()
            return False
        if kind == "iterate_all":
            settings, g, notify, atomic = data
            _apply(st, settings)
            st.blocks = st.current = None
            run = mm._Run(c, st, msg.site, "calls IterateAll")
            vals = run.all_values()
            for mi, ni in run.order():
                m_done = run.compute_block(mi, ni)
                r0, c0 = mi * run.bm, ni * run.bn
                run.write(g, r0, c0, vals[r0:r0 + run.bm, c0:c0 + run.bn], m_done, atomic)
            if notify:  # sync, or waitIterateAll (matmul_server_impl_c220.h)
                ch.answer(c, msg.sub)
            return False
        if kind == "iterate":
            if data is not None:  # the first Iterate of a sequence carries the settings
                _apply(st, data)
                st.blocks = st.current = None
            if st.blocks is None:
                run = mm._Run(c, st, msg.site, "calls Iterate")
                st.blocks = (run, run.order())
            run, it = st.blocks
            mi, ni = next(it)
            st.current = (run, mi, ni, run.block_values(mi, ni), run.compute_block(mi, ni))
            return True
        if kind == "get_c":
            run, mi, ni, vals, m_done = st.current
            run.site = msg.site
            run.fix_gate = c.t  # the server issues the Fixpipe on this message
            target, lo = data
            if lo is None:
                run.write(target, mi * run.bm, ni * run.bn, vals, m_done)
            else:
                _fix_to_workspace(c, st, run, target, lo, vals, m_done)
            st.current = None
            ch.answer(c, msg.sub)
            return True
        # end
        st.blocks = st.current = None
        return False

    ch.served = proto.site
    ch.serve(c, site, handle)


def _fix_to_workspace(c, st, run, buf, lo: int, vals: np.ndarray, m_done: float) -> None:
    """FIX: the block into the client's workspace slot, rows baseN elements apart (the
    sequential layout the client copies into its UB tensor)."""
    rows, cols = vals.shape
    dt = st.dt["c"]
    stride = run.bn * dt.size
    dst = as_strided(buf.mem.bytes[lo:].view(dt.np), shape=(rows, cols),
                     strides=(stride, dt.size))
    dt.store(dst, vals)
    san = c.san
    if san is not None:
        k = san.begin(FIX)
        for i in range(rows):
            san.access(buf.mem, lo + i * stride, lo + i * stride + cols * dt.size, True, FIX, k,
                       run.site)
    c.hold(FIX, m_done)
    c.gm_copy(FIX, buf, lo, cols * dt.size, stride, rows, True, CACHE_NORMAL, run.site,
              0.0, write_rate=c.cost.fix_rate)
    st.l0c[st.l0c_next % len(st.l0c)] = c.done[FIX]
    st.l0c_next += 1


# --- the client's messages ---------------------------------------------------------------------


def _init_mixed(op, cx: Lowering):
    site = cx.site(op)
    s = cx.slot(op.cubeTiling)

    def body(c, st, R):
        _take_tiling(c, st, R[s], site)
        KfcChannel.of(c).post(c, "init", site, dict(R[s]), st.site)

    return mm._matmul_op(op, cx, body)


def _need_sync(c, R, slot, site, what: str) -> None:
    if not R[slot]:
        raise NotSimulatedError(f"{what} asynchronously (sync=False), which the simulator does "
                                "not run in mixed kernels yet", site, core=c.block_idx)


def _iterate_all_mixed(op, cx: Lowering):
    site = cx.site(op)
    if not isinstance(op.tensor.type, A.GlobalTensorType):
        raise cx.error(op, "writes C to a local tensor; the simulator runs IterateAll into GM")
    mm.refuse_iterate_all_extras(op, cx)
    s, sy = cx.slot(op.tensor), cx.slot(op.sync)
    sw = cx.slot(op.waitIterateAll) if op.waitIterateAll is not None else None
    sa = cx.slot(op.enAtomic) if op.enAtomic is not None else None

    def body(c, st, R):
        sync = bool(R[sy])
        wait = sw is not None and bool(R[sw])
        atomic = None if sa is None else mm.atomic_kind(int(R[sa]), site, c.block_idx)
        g = R[s]
        mm._Run(c, st, site, "calls IterateAll")  # the client's own checks, at its line
        if g.dt.name != st.dt["c"].name:
            raise InvalidArgumentError(f"writes C as {g.dt.name}; the Matmul's C type is "
                                       f"{st.dt['c'].name}", site, core=c.block_idx)
        ch = KfcChannel.of(c)
        own = ch.post(c, "iterate_all", site,
                      (_settings(st), g.sub(0, g.origin), sync or wait, atomic), st.site)
        if sync:
            ch.wait_answer(c, site, own)
        else:  # IterateAll<false>: WaitIterateAll takes the answer when waitIterateAll is set
            st.pending_all = (own, wait)

    return mm._matmul_op(op, cx, body)


def _iterate_mixed(op, cx: Lowering):
    site = cx.site(op)
    if op.localCmaxtrix is not None:
        raise cx.error(op, "computes into a local C matrix, which is not simulated")
    o, sp, sy = cx.slot(op.result), cx.slot(op.partialsum), cx.slot(op.sync)

    def body(c, st, R):
        if R[sp]:
            raise NotSimulatedError("Iterate with enPartialSum is not simulated", site,
                                    core=c.block_idx)
        _need_sync(c, R, sy, site, "calls Iterate")
        first = st.blocks is None
        if first:
            run = mm._Run(c, st, site, "calls Iterate")
            st.blocks = [0, run.mb * run.nb]
        count = st.blocks
        if count[0] >= count[1]:
            st.blocks = None
            R[o] = 0
            return
        KfcChannel.of(c).post(c, "iterate", site, _settings(st) if first else None, st.site)
        count[0] += 1
        st.current = True  # GetTensorC may follow
        R[o] = 1

    return mm._matmul_op(op, cx, body)


def _get_tensor_c_mixed(op, cx: Lowering):
    site = cx.site(op)
    if op.tensor2 is not None:
        raise cx.error(op, "moves C to GM and a local tensor at once, which is not simulated")
    local = not isinstance(op.tensor.type, A.GlobalTensorType)
    s, sq, sy = cx.slot(op.tensor), cx.slot(op.sequentialwrite), cx.slot(op.sync)

    def body(c, st, R):
        _need_sync(c, R, sy, site, "calls GetTensorC")
        if st.current is None:
            raise InvalidArgumentError("calls GetTensorC without a block: call Iterate first "
                                       "(and only while it returns true)", site,
                                       core=c.block_idx)
        st.current = None
        target = R[s]
        if target.dt.name != st.dt["c"].name:
            raise InvalidArgumentError(f"writes C as {target.dt.name}; the Matmul's C type is "
                                       f"{st.dt['c'].name}", site, core=c.block_idx)
        ch = KfcChannel.of(c)
        if not local:
            if R[sq]:
                raise NotSimulatedError("GetTensorC to GM with enSequentialWrite is not "
                                        "simulated", site, core=c.block_idx)
            own = ch.post(c, "get_c", site, (target.sub(0, target.origin), None), st.site)
            ch.wait_answer(c, site, own)
            return
        buf, lo = _workspace_slot(c, st, target, R[sq], site)
        own = ch.post(c, "get_c", site, (buf, lo), st.site)
        ch.wait_answer(c, site, own)
        _copy_to_ub(c, buf, lo, target, site)

    return mm._matmul_op(op, cx, body)


def _workspace_slot(c, st, target, sequential, site):
    """Where the server leaves this client's block: the workspace, one baseM x baseN slot
    per vector core of the launch (the core's block index)."""
    if not isinstance(target, LTensor) or target.mem.hw is not Hardware.UB:
        raise NotSimulatedError("GetTensorC into a local tensor outside UB is not simulated",
                                site, core=c.block_idx)
    if not sequential:
        raise NotSimulatedError(
            "GetTensorC into a UB tensor without enSequentialWrite is not simulated (the block "
            "lands in the tensor as baseM rows of baseN elements with it)", site,
            core=c.block_idx)
    t = st.tiling
    size = t["baseM"] * t["baseN"] * st.dt["c"].size
    ws = getattr(st, "ws", None)
    if ws is None or not hasattr(ws, "buf"):
        raise NotSimulatedError("the Matmul's workspace is not a GM argument", site,
                                core=c.block_idx)
    buf = ws.buf
    lo = ws.off * buf.dt.size + c.hw_block_idx * size
    if lo + size > buf.mem.size:
        raise InvalidArgumentError(
            f"needs {size} bytes of the Matmul workspace for vector core {c.hw_block_idx}'s C "
            f"block (from byte {lo}), but workspace '{buf.name}' has {buf.mem.size}", site,
            core=c.block_idx)
    if target.nbytes > size:
        raise InvalidArgumentError(
            f"moves C into a UB tensor of {target.nbytes} bytes; a baseM x baseN block has "
            f"{size}", site, core=c.block_idx)
    return buf, lo


def _copy_to_ub(c, buf, lo: int, t: LTensor, site) -> None:
    """The client's CopyToUB: the block from the workspace into its tensor on MTE2, then
    SetFlag/WaitFlag MTE2_V, as matmul_client.h does."""
    n = t.nbytes
    t.mem.bytes[t.off:t.off + n] = buf.mem.bytes[lo:lo + n]
    san = c.san
    if san is not None:
        k = san.begin(MTE2)
        san.access(buf.mem, lo, lo + n, False, MTE2, k, site)
        san.access(t.mem, t.off, t.off + n, True, MTE2, k, site)
    c.hold(MTE2, c.t)
    c.gm_copy(MTE2, buf, lo, n, n, 1, False, CACHE_NORMAL, site)
    ready = max(c.free[MTE2], c.done[MTE2]) + c.event_latency
    c.hold(V, ready)
    if san is not None:
        san.join(V, san.snapshot(MTE2))


def _end_mixed(op, cx: Lowering):
    site = cx.site(op)

    def body(c, st, R):
        st.blocks = None
        st.current = None
        KfcChannel.of(c).post(c, "end", site, obj=st.site)

    return mm._matmul_op(op, cx, body)


_wrap(A.RegistMatmulObjOp, mm.lower_regist, _regist_mixed)
_wrap(A.MatmulInitOp, mm.lower_init, _init_mixed)
_wrap(A.MatmulIterateAllOp, mm.lower_iterate_all, _iterate_all_mixed)
_wrap(A.MatmulIterateOp, mm.lower_iterate, _iterate_mixed)
_wrap(A.MatmulGetTensorCOp, mm.lower_get_tensor_c, _get_tensor_c_mixed)
_wrap(A.MatmulEndOp, mm.lower_end, _end_mixed)


@lowers(A.FftsCrossCoreSyncOp)
def lower_ffts_cross_core_sync(op, cx: Lowering):
    """The raw FFTS message runs when it is the Matmul API's start-up message (the AIC raising
    WORKSPACE_SYNC_ID for the AIVs' REGIST_MATMUL_OBJ); other messages are not modelled."""
    from ascdsl.transforms.insert_kfc_sync import is_workspace_sync

    if not (cx.program.mixed and is_workspace_sync(op)):
        raise cx.error(op, "is not simulated: the raw FFTS message is modelled only as the "
                           "Matmul API's start-up message (flag 15, mode 2, on the AIC); "
                           "cross-core flags are simulated through CrossCoreSetFlag/"
                           "CrossCoreWaitFlag")
    pre = cx.take_pre()
    p = PIPE_INDEX[op.hw_pipe()]

    def f(R):
        c = R[0]
        c.t += pre
        if c.kind == "aic":
            KfcChannel.of(c).workspace_sync(c, p)

    return f


def wait_pending(c, st, attr: str, what: str, site) -> None:
    """A client's Wait* call: take the answer of the asynchronous call `st.<attr>` recorded
    (its message id, and whether it asked for one), or say that nothing will ever answer.
    `what` names the call pair ("WaitIterateAll without an IterateAll<...>")."""
    pending = getattr(st, attr, None)
    if pending is None or not pending[1]:
        raise InvalidArgumentError(
            f"calls {what} before it: the server sends no answer to wait for (a hang on "
            "hardware)", site, core=c.block_idx)
    setattr(st, attr, None)
    KfcChannel.of(c).wait_answer(c, site, pending[0])

