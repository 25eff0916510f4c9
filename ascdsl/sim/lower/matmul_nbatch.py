"""IterateNBatch: several IterateBatch calls in one message, their results in the cache
workspace, handed to the vector core by GetBatchTensorC (mixed kernels; dav-c220).

What the library does (matmul_client.h, matmul_server_impl_c220.h StartIterateNBatch,
batch_matmul_utils.h CalcNBatchoffset / GetBatchCNum), and so the simulator:

- **The client** (`IterateNBatch<sync, waitIterateBatch>(batchLoop, batchA, batchB,
  enSequentialWrite, strides...)`) needs MatmulConfig.isNBatch (without it the call and
  GetBatchTensorC compile to nothing: a located error here) and a cache workspace
  (SetWorkspace: ASSERT(cacheWorkspaceAddr)); A, B and C must not be NORMAL or NONE (a
  static_assert). It posts one MMFUN_ITERATE_N_BATCH_ALL message and, when `sync`, waits for
  the answer.
- **The server** runs batchLoop IterateBatch calls of batchA x batchB products each. Loop l
  reads A at CalcNBatchoffset(batchA, l, A's N, G, D, S) and B likewise (BNGS1S2: l x batch
  x S x D elements; SBNGD: l x batch x D; BSNGD: line l x batch / (N x G) of S, column block
  l x batch % (N x G)), writes C at CalcNBatchoffset(batchC, l, C's N, G, S2, S1) of the
  workspace (enSequentialWrite: each block at its product's start there, as IterateBatch
  does), and the bias from l x S2 x batchC. It notifies the client after each of the
  first 13 loops when neither sync nor waitIterateBatch is set, and once at the end when one
  of them is, or when there were 14 loops or more (INC_PROCESS_CHECK).
- **GetBatchTensorC** (always `sync=false`: the client ASSERTs !isSyncGetC) waits for one
  notification while it has waited fewer than 14 times. The GM form returns the workspace
  from the client's running offset (batch x singleCoreM x singleCoreN elements per call);
  the UB form copies loop `nbatchIter` (CalcNBatchoffset of C with singleCoreN as D) into the
  tensor on MTE2 (CopyToUBBatch: one dense copy for BNGS1S2, singleCoreM rows of batchC x
  singleCoreN elements at C's row stride for BSNGD / SBNGD, the gaps kept in UB). Without
  `sync` no MTE2 -> V flag follows: WaitGetTensorC is that flag.
"""

from __future__ import annotations

import ascdsl.dialects.ascendc as A
from ascdsl.dialects.ascendc.enums import Hardware
from ascdsl.dialects.ascendc.types_matmul_api import LayoutMode

from ..compiler import Lowering, lowers
from ..errors import InvalidArgumentError, NotSimulatedError
from ..kfc import KfcChannel
from ..memory import GTensor, LTensor
from ..memsys import CACHE_NORMAL
from ..sanitizer import MTE2, V
from . import kfc as kfc_lower
from . import matmul as mm
from .common import gm_span
from .matmul_async import INC_PROCESS_CHECK
from .matmul_batch import BatchCall, _flag, _layout_info, check_layouts, run_batch


def _offset(lay: LayoutMode, batch: int, loop: int, n: int, g: int, d: int, s: int) -> int:
    """CalcNBatchoffset in elements: where loop `loop` of `batch` matrices starts."""
    if lay is LayoutMode.SBNGD:
        return d * batch * loop
    if lay is LayoutMode.BSNGD:
        line, col = divmod(loop * batch, max(n * g, 1))
        return line * d * s * n * g + col * d
    return d * s * batch * loop  # BNGS1S2 (NORMAL is refused)


def _info(st, which: str, *fields: str) -> list[int]:
    return [_layout_info(st, which, f) for f in fields]


def _batch_c(st, ba: int, bb: int) -> int:
    """GetBatchCNum: max(batchA, batchB), divided by the larger G when C's G is 1 alone."""
    num = max(ba, bb)
    ag, bg, cg = (_layout_info(st, w, "G") for w in ("a", "b", "c"))
    if cg == 1 and (ag != 1 or bg != 1):
        num //= max(ag, bg)
    return num


def _layout(st, which: str) -> LayoutMode:
    return st.type.operand(which)[4]


def _ws_tensor(c, st, site, what: str) -> GTensor:
    """The cache workspace as a GlobalTensor of C's elements (from its first element)."""
    ws = getattr(st, "cache_ws", None)
    if ws is None:
        raise InvalidArgumentError(
            f"calls {what} before SetWorkspace: IterateNBatch leaves its results in the cache "
            "workspace (matmul_client.h asserts cacheWorkspaceAddr)", site, core=c.block_idx)
    buf = getattr(ws, "buf", None)
    if buf is None:
        raise NotSimulatedError("the Matmul's cache workspace is not a GM argument", site,
                                core=c.block_idx)
    dt = st.dt["c"]
    if buf.dt.name != dt.name:
        raise NotSimulatedError(
            f"the cache workspace '{buf.name}' holds {buf.dt.name} elements; the simulator runs "
            f"IterateNBatch with a workspace of C's type ({dt.name})", site, core=c.block_idx)
    g = GTensor(dt, site)
    g.bind(buf, ws.off, None)
    return g


# --- the client ----------------------------------------------------------------------------------


@lowers(A.MatmulIterateNBatchOp)
def lower_iterate_n_batch(op, cx: Lowering):
    site = cx.site(op)
    t = op.matmul.type
    check_layouts(op, cx, t)
    for w in ("a", "b", "c"):
        if t.operand(w)[4] is LayoutMode.NORMAL:
            raise cx.error(op, f"calls IterateNBatch with {w.upper()} in LayoutMode NORMAL; "
                               "the library static_asserts BSNGD, SBNGD or BNGS1S2 for it")
    if not kfc_lower._mixed(op, cx):
        raise cx.error(op, "calls IterateNBatch in a cube-only kernel; only a vector core's "
                           "Matmul client has it (matmul_client.h)")
    if not t.config.get("is_n_batch"):
        raise cx.error(op, "calls IterateNBatch on a Matmul whose MatmulConfig has isNBatch "
                           "off, where it compiles to nothing; build the config with "
                           "batch_loop=True (get_normal_config(batch_loop=True), or "
                           "MatmulBatchParams(is_b_batch=True))")
    sl, sa, sb = cx.slot(op.batchLoop), cx.slot(op.batchA), cx.slot(op.batchB)
    sq = cx.slot(op.enSequentialWrite)
    strides = cx.slots([op.matrixStrideA, op.matrixStrideB, op.matrixStrideC])
    sy, sw = cx.slot(op.sync), cx.slot(op.waitIterateBatch)

    def body(c, st, R):
        loops = int(R[sl])
        if loops <= 0:
            raise InvalidArgumentError(f"calls IterateNBatch with batchLoop={loops}", site,
                                       core=c.block_idx)
        call = BatchCall(int(R[sa]), int(R[sb]), tuple(int(R[x]) for x in strides),
                         _flag(R, sy, True), _flag(R, sw, False),
                         getattr(st, "layout_info", {}), sequential=bool(R[sq]))
        ws = _ws_tensor(c, st, site, "IterateNBatch")
        mm._Run(c, st, site, "calls IterateNBatch")  # the client's own checks, at its line
        ch = KfcChannel.of(c)
        own = ch.post(c, "iterate_n_batch", site,
                      (kfc_lower._settings(st), ws, call, loops), st.site)
        # cntIter_, cOffset_, nbatchIter_, curProcess: the client's counters for the results
        st.nbatch = {"own": own, "sync": call.sync, "waits": 0, "c_off": 0, "iter": 0}
        if call.sync:
            ch.wait_answer(c, site, own)
        else:
            st.pending_batch = (own, call.wait)  # WaitIterateBatch takes the end's answer

    return mm._matmul_op(op, cx, body)


def _take_result(c, st, site, what: str) -> dict:
    """GetBatchTensorC's start: the asynchronous call it belongs to, and its wait for a
    notification while fewer than INC_PROCESS_CHECK have been taken."""
    nb = getattr(st, "nbatch", None)
    if nb is None:
        raise InvalidArgumentError(f"calls {what} without an IterateNBatch before it", site,
                                   core=c.block_idx)
    if nb["sync"]:
        raise InvalidArgumentError(
            f"calls {what} after a synchronous IterateNBatch; GetBatchTensorC follows "
            "IterateNBatch<sync=false> only (matmul_client.h asserts !isSyncGetC)", site,
            core=c.block_idx)
    if nb["waits"] < INC_PROCESS_CHECK:
        nb["waits"] += 1
        KfcChannel.of(c).wait_answer(c, site, nb["own"])
    return nb


@lowers(A.MatmulGetBatchTensorCOp)
def lower_get_batch_tensor_c(op, cx: Lowering):
    """`GetBatchTensorC<false>(batchA, batchB, enSequentialWrite)`: the next
    batch x singleCoreM x singleCoreN elements of the workspace, as a GlobalTensor."""
    site = cx.site(op)
    o, sa, sb = cx.slot(op.result), cx.slot(op.batchA), cx.slot(op.batchB)

    def body(c, st, R):
        nb = _take_result(c, st, site, "GetBatchTensorC")
        t = st.tiling
        size = max(int(R[sa]), int(R[sb])) * t["singleCoreM"] * t["singleCoreN"]
        g = _ws_tensor(c, st, site, "GetBatchTensorC").sub(nb["c_off"], site)
        g.size = g.n = size
        nb["c_off"] += size
        R[o] = g

    return mm._matmul_op(op, cx, body)


@lowers(A.MatmulGetBatchTensorCLocalMemOp)
def lower_get_batch_tensor_c_local(op, cx: Lowering):
    """`GetBatchTensorC<false>(ub, batchA, batchB, enSequentialWrite)`: one loop's results
    into a UB tensor on MTE2 (CopyToUBBatch)."""
    site = cx.site(op)
    s, sa, sb = cx.slot(op.c), cx.slot(op.batchA), cx.slot(op.batchB)

    def body(c, st, R):
        nb = _take_result(c, st, site, "GetBatchTensorC")
        target = R[s]
        if not isinstance(target, LTensor) or target.mem.hw is not Hardware.UB:
            raise NotSimulatedError("GetBatchTensorC into a local tensor outside UB is not "
                                    "simulated", site, core=c.block_idx)
        if target.dt.name != st.dt["c"].name:
            raise InvalidArgumentError(f"moves C into a {target.dt.name} tensor; the Matmul's "
                                       f"C type is {st.dt['c'].name}", site, core=c.block_idx)
        t = st.tiling
        sm, sn = t["singleCoreM"], t["singleCoreN"]
        batch_c = _batch_c(st, int(R[sa]), int(R[sb]))
        lay = _layout(st, "c")
        cn, cg, cs1, cb = _info(st, "c", "N", "G", "S1", "B")
        off = _offset(lay, batch_c, nb["iter"], cn, cg, sn, cs1)
        nb["iter"] += 1
        if lay in (LayoutMode.BSNGD, LayoutMode.SBNGD):
            rows, width = sm, batch_c * sn
            stride = cn * cg * sn * (cb if lay is LayoutMode.SBNGD else 1)
        else:
            rows, width, stride = 1, batch_c * sm * sn, batch_c * sm * sn
        _copy_rows(c, _ws_tensor(c, st, site, "GetBatchTensorC"), off, target, rows, width,
                   stride, site)

    return mm._matmul_op(op, cx, body)


def _copy_rows(c, g: GTensor, off: int, t: LTensor, rows: int, width: int, stride: int,
               site) -> None:
    """MTE2: `rows` rows of `width` elements, `stride` apart, from element `off` of the
    workspace into the same places of the UB tensor (DataCopy with dstGap = srcGap)."""
    dt = t.dt
    need = (rows - 1) * stride + width
    if need > t.n:
        raise InvalidArgumentError(
            f"moves {need} elements of C into a UB tensor of {t.n}", site, core=c.block_idx)
    lo, _ = gm_span(c, g, off, need, site, "reads")
    sz = dt.size
    src = g.mem.bytes[lo:lo + need * sz].view(dt.np)
    dst = t.mem.bytes[t.off:t.off + need * sz].view(dt.np)
    for r in range(rows):
        dst[r * stride:r * stride + width] = src[r * stride:r * stride + width]
    san = c.san
    if san is not None:
        k = san.begin(MTE2)
        for r in range(rows):
            a, b = r * stride * sz, (r * stride + width) * sz
            san.access(g.mem, lo + a, lo + b, False, MTE2, k, site)
            san.access(t.mem, t.off + a, t.off + b, True, MTE2, k, site)
    c.hold(MTE2, c.t)
    c.gm_copy(MTE2, g.buf, lo, width * sz, stride * sz, rows, False, CACHE_NORMAL, site)


@lowers(A.MatmulWaitGetTensorCOp)
def lower_wait_get_tensor_c(op, cx: Lowering):
    """`WaitGetTensorC()`: SetFlag/WaitFlag MTE2_V, so V sees what GetBatchTensorC copied."""
    pre = cx.take_pre()

    def f(R):
        c = R[0]
        c.t += pre
        if c.kind == "aic":
            return
        ready = max(c.free[MTE2], c.done[MTE2]) + c.event_latency
        c.hold(V, ready)
        if c.san is not None:
            c.san.join(V, c.san.snapshot(MTE2))

    return f


# --- the server ----------------------------------------------------------------------------------


def _serve_n_batch(c, st, ch, msg) -> bool:
    """StartIterateNBatch and IterateNBatch (matmul_server_impl_c220.h)."""
    settings, ws, call, loops = msg.data
    kfc_lower._apply(st, settings)
    st.layout_info = call.layout
    ba, bb = call.batch_a, call.batch_b
    batch_c = _batch_c(st, ba, bb)
    a_all, b_all, bias_all = st.a, st.b, st.bias
    an, ag, ad, as_ = _info(st, "a", "N", "G", "D", "S")
    bn, bg, bd, bs = _info(st, "b", "N", "G", "D", "S")
    cn, cg, cs2, cs1 = _info(st, "c", "N", "G", "S2", "S1")
    notify_each = not (call.sync or call.wait)
    count = 0
    try:
        for loop in range(loops):
            st.a = a_all.sub(_offset(_layout(st, "a"), ba, loop, an, ag, ad, as_), a_all.origin)
            st.b = b_all.sub(_offset(_layout(st, "b"), bb, loop, bn, bg, bd, bs), b_all.origin)
            if bias_all is not None:
                st.bias = bias_all.sub(cs2 * batch_c * loop, bias_all.origin)
            out = ws.sub(_offset(_layout(st, "c"), batch_c, loop, cn, cg, cs2, cs1), ws.origin)
            run_batch(c, st, msg.site, out, call)
            count += 1
            if notify_each and count < INC_PROCESS_CHECK:
                ch.answer(c, msg.sub)
    finally:
        st.a, st.b, st.bias = a_all, b_all, bias_all
    if not notify_each or count >= INC_PROCESS_CHECK:
        ch.answer(c, msg.sub)
    return False


kfc_lower.SERVER_HANDLERS["iterate_n_batch"] = _serve_n_batch
