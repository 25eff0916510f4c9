"""Batch matmul through the Matmul API: IterateBatch, SetBatchNum, WaitIterateBatch.

A Matmul object whose A/B/C MatmulTypes carry a LayoutMode other than NONE is Ascend C's
batch implementation (batch_matmul_impl.h, BatchScheduler in scheduler/batch/,
BatchCopyCubeIn in stage/copy_cube_in/batch/). What this module models of it, for all four
layouts with every operand in GM (BatchMode BATCH_LESS_THAN_L1, the default):

- **Batches.** `IterateBatch(c, batchA, batchB, ...)` computes batchNum = max(batchA, batchB)
  products; one count must divide the other (CalcBatchNum's assert). Product i takes A batch
  i / (batchNum / batchA) and B batch i / (batchNum / batchB) for NORMAL (the smaller side is
  broadcast block-wise); for the other layouts the index is `i % mod + i / divisor` from the
  tiling's layout infos (CalcBatchIterateA/BOffsetInfo). The cube-only `IterateBatch(c, ...)`
  takes the counts from SetBatchNum, or the tiling's BatchNum when it was not called.
- **Where each batch is** (_geometry, _c_geometry). NORMAL and BNGS1S2: batch j of A is a
  dense singleCoreM x singleCoreK matrix (transposed: singleCoreK x singleCoreM) at
  j * matrixStrideA, or j * singleCoreM * singleCoreK when the stride is 0; product i goes to C
  at i * singleCoreM * singleCoreN (GetBatchResult) with rows N apart. BSNGD and SBNGD
  interleave the batches row by row: batch j starts at j * D, its rows N*G*D (times B for
  SBNGD) apart; product i goes to C at i * singleCoreN, rows G*S2*N (times B) apart.
- **Bias.** With MatmulConfig.isBiasBatch product i adds bias row i (rows singleCoreN apart),
  else every product adds row 0; the rows cross MTE2 once, ahead of the batches.
- **enAtomic.** FIX combines each block with what C holds (matmul.py: write).
- **Schedule.** BATCH_LESS_THAN_L1 copies every batch of A and B into L1 at once (MTE2,
  ND -> NZ, one copy per batch matrix) and waits for them all (SetFlag/WaitFlag MTE2_MTE1);
  the batches together must fit L1 (SplitStart's assert: a located UBOverflowError here).
  Then each product runs the single-matmul block loop of sim/lower/matmul.py with its stages
  already in L1: MTE1 loads, Mmad over K, FIX writes each baseM x baseN block, and the
  library's M_MTE1 flag after every block.

- **enPartialSum**. The first K step of each block adds onto what its L0C buffer holds
  instead of initialising it, and the bias is off (batch_scheduler.h). The simulator keeps
  the accumulators this object's IterateBatch calls leave in each L0C buffer and adds onto
  them; onto anything else (a buffer no earlier IterateBatch of the object filled, or one an
  Iterate/IterateAll has overwritten since) it is a located NotSimulatedError rather than a
  made-up sum. A mixed kernel's server passes the client's flag to the same IterateBatch; its
  one object serves every vector core, so another client's call in between takes the L0C
  (sim/lower/kfc.py marks it, and the partial call names that client).
- **enSequentialWrite**. Each block of product i goes to the product's start in C, rows the
  block's width apart (CopyOutNZ2ND<true>: dstOffset 0, stride baseWidth); C in BSNGD or
  SBNGD is the library's assert (GetBatchResult), a located InvalidArgumentError here.

Refused at the kernel line: A or B in CubeFormat.NZ, the reducing C layouts (C's G, N or B
of 1 while A's or B's is not), transposed operands in BSNGD/SBNGD, BSNGD with more batches
than one line of S.

In a mixed kernel the client posts the call as one message (MMFUN_ITERATE_BATCH_ALL, as
matmul_client.h does); the AIC's server runs it and answers when `sync` or
`waitIterateBatch` is set (matmul_server_impl_c220.h), which `WaitIterateBatch` takes.
"""

from __future__ import annotations

import ascdsl.dialects.ascendc as A
from ascdsl.dialects.ascendc.enums import Hardware
from ascdsl.dialects.ascendc.types_matmul_api import LayoutMode

from ..compiler import Lowering, lowers
from ..errors import InvalidArgumentError, NotSimulatedError, UBOverflowError
from ..kfc import KfcChannel
from ..sanitizer import MTE2, S
from . import kfc as kfc_lower
from . import matmul as mm
from .common import gm_span
from .copy import _record_blocks

_SIMULATED_LAYOUTS = (LayoutMode.NORMAL, LayoutMode.BNGS1S2, LayoutMode.BSNGD, LayoutMode.SBNGD)


class BatchCall:
    """The arguments of one IterateBatch (what a client's message carries)."""

    __slots__ = ("batch_a", "batch_b", "strides", "sync", "wait", "layout", "atomic", "partial",
                 "sequential")

    def __init__(self, batch_a: int, batch_b: int, strides: tuple[int, int, int], sync: bool,
                 wait: bool, layout: dict | None = None, atomic: str | None = None,
                 partial: bool = False, sequential: bool = False):
        self.batch_a, self.batch_b = batch_a, batch_b
        self.strides = strides
        self.sync, self.wait = sync, wait
        self.layout = layout or {}  # the tiling's layout infos and BatchNum
        self.atomic = atomic  # enAtomic: None, "add", "max" or "min"
        self.partial = partial  # enPartialSum: add onto what L0C holds (_l0c_start)
        self.sequential = sequential  # enSequentialWrite: each block at its product's start


def check_layouts(op, cx: Lowering, t) -> None:
    """The object is a batch Matmul whose layouts the simulator runs (compile-time facts)."""
    layouts = {w: t.operand(w)[4] for w in ("a", "b", "c")}
    if layouts["a"] is LayoutMode.NONE:
        raise cx.error(op, "calls IterateBatch on a Matmul whose A MatmulType has LayoutMode "
                           "NONE; batch matmul needs a layout (NORMAL, BSNGD, SBNGD, BNGS1S2)")
    for w, lay in layouts.items():
        if lay not in _SIMULATED_LAYOUTS:
            raise cx.error(op, f"calls IterateBatch with {w.upper()} in LayoutMode "
                               f"{lay.name}; a batch Matmul gives A, B and C a layout (NORMAL, "
                               "BSNGD, SBNGD, BNGS1S2)")
    for w in ("a", "b"):
        fmt = t.operand(w)[1]
        # The batch copies (_load_batches, _geometry) read row-major matrices: NZ strips
        # would be taken for ND rows.
        if fmt is not A.CubeFormat.ND:
            raise cx.error(op, f"calls IterateBatch with {w.upper()} in CubeFormat.{fmt.name}; "
                               "the simulator runs batch Matmuls on ND operands (it would take "
                               f"{fmt.name} data for ND)")


def _batch_index(st, which: str, i: int, batch_num: int, count: int) -> int:
    """Which batch of A (B) product i reads (BatchScheduler::UpdateOffset)."""
    if st.type.operand(which)[4] is LayoutMode.NORMAL:
        return i // (batch_num // count)
    info = getattr(st, "layout_info", {})
    other = "B" if which == "a" else "A"
    me = which.upper()

    def get(w: str, f: str) -> int:
        return int(info.get(f"{w}LayoutInfo{f}", 1)) or 1

    # CalcBatchIterateA/BOffsetInfo: the broadcast axis is the one of size 1 on this side
    if get(me, "G") == 1 and get(other, "G") != 1:
        mod, div = 1, get(other, "G")
    elif get(me, "N") == 1 and get(other, "N") != 1:
        mod, div = get(other, "G"), get(other, "G") * get(other, "N")
    elif get(me, "B") == 1 and get(other, "B") != 1:
        mod = get(other, "G") * get(other, "N")
        div = mod * get(other, "B")
    else:
        mod, div = 1, 1
    return i % mod + i // div


def _refuse_reduction(c, st, site) -> None:
    """C's G, N or B of 1 while A's or B's is not: the library sums those products into one C
    (CalcBatchIterateBiasOffsetInfo's "Reduce for G/N/B axis", GetBatchResult's isReduceG
    atomic add), which is not simulated."""
    if st.type.operand("a")[4] is LayoutMode.NORMAL:
        return
    info = getattr(st, "layout_info", {})

    def get(w: str, f: str) -> int:
        return int(info.get(f"{w}LayoutInfo{f}", 1)) or 1

    for f in ("G", "N", "B"):
        if get("C", f) == 1 and (get("A", f) != 1 or get("B", f) != 1):
            raise NotSimulatedError(
                f"calls IterateBatch with CLayoutInfo{f} = 1 while A's or B's is "
                f"{max(get('A', f), get('B', f))}: the library reduces those products into one "
                "C (atomic add), which is not simulated", site, core=c.block_idx)


def _load_bias(c, st, site, rows: int, n: int) -> None:
    """MTE2: the bias rows into L1 ahead of the batches (CopyBiasIn: one Nd2Nz copy of `rows`
    rows of singleCoreN; one row without isBiasBatch)."""
    g, dt = st.bias, st.dt["bias"]
    lo, hi = gm_span(c, g, 0, rows * n, site, "reads")
    san = c.san
    if san is not None:
        k = san.begin(MTE2)
        san.access(g.mem, lo, hi, False, MTE2, k, site)
    c.gm_copy(MTE2, g.buf, lo, n * dt.size, n * dt.size, rows, False, g.cache[0], site,
              l2_cap=c.cost.nd2nz_rate)


def run_batch(c, st, site, g, call: BatchCall) -> None:
    """IterateBatch of `st` into GM tensor `g` on cube core `c`: numbers and schedule."""
    ba, bb = call.batch_a, call.batch_b
    if ba <= 0 or bb <= 0 or (ba % bb and bb % ba):
        raise InvalidArgumentError(
            f"calls IterateBatch with batchA={ba}, batchB={bb}: both must be positive and one "
            "must divide the other (BatchLoop::CalcBatchNum)", site, core=c.block_idx)
    if g.dt.name != st.dt["c"].name:
        raise InvalidArgumentError(f"writes C as {g.dt.name}; the Matmul's C type is "
                                   f"{st.dt['c'].name}", site, core=c.block_idx)
    run = mm._Run(c, st, site, "calls IterateBatch")  # the shapes and the object's checks
    _refuse_reduction(c, st, site)
    lay_c = st.type.operand("c")[4]
    if call.sequential and lay_c in (LayoutMode.BSNGD, LayoutMode.SBNGD):
        raise InvalidArgumentError(
            f"calls IterateBatch with enSequentialWrite and C in LayoutMode {lay_c.name}; the "
            "library asserts \"Layout BSNGD or SBNGD can not be SequentialWrite\" "
            "(GetBatchResult)", site, core=c.block_idx)
    t = run.t
    m, n, k = run.m, run.n, run.k
    sa, sb = st.dt["a"].size, st.dt["b"].size
    l1 = ba * m * k * sa + bb * k * n * sb
    cap = c.soc.capacity(Hardware.L1)
    if cap is not None and l1 > cap:
        raise UBOverflowError(
            f"IterateBatch keeps every batch in L1 (BatchMode BATCH_LESS_THAN_L1): {ba} x "
            f"{m} x {k} of A and {bb} x {k} x {n} of B need {l1} bytes; {c.soc.name} has {cap}",
            site, core=c.block_idx)
    num = max(ba, bb)
    stride_a, lda = _geometry(c, st, site, "a", ba, call.strides[0], m, k)
    stride_b, ldb = _geometry(c, st, site, "b", bb, call.strides[1], k, n)
    stride_c, ldc = _c_geometry(st, t, run.ldc)
    saved = (st.a, st.b, st.org, st.single, st.tail, st.trans, st.bias)
    a_all, b_all, bias_all = st.a, st.b, st.bias
    # MatmulConfig.isBiasBatch (on by default, as in Ascend C): a bias row per product,
    # rows singleCoreN apart; off: one row that every product adds
    per_batch = bool(st.type.config.get("is_bias_batch"))
    held = _l0c_start(c, st, site, call.partial)
    try:
        if call.partial:
            bias_all = st.bias = None  # SetBias(IsBias() && !enPartialSum) (batch_scheduler.h)
        if bias_all is not None:
            _load_bias(c, st, site, num if per_batch else 1, t["singleCoreN"])
        ready = _load_batches(c, st, run, site, ((a_all, ba, stride_a, lda, "a"),
                                                 (b_all, bb, stride_b, ldb, "b")))
        # The org shape gives _Run its row strides: lda = org[2] (org[0] transposed),
        # ldb = org[1] (org[3] transposed), ldc = org[4].
        st.org = [lda, ldb, lda, ldb, ldc]
        st.single, st.tail = [m, n, k], [-1, -1, -1]
        for i in range(num):
            ja = _batch_index(st, "a", i, num, ba)
            jb = _batch_index(st, "b", i, num, bb)
            st.a = a_all.sub(ja * stride_a, a_all.origin)
            st.b = b_all.sub(jb * stride_b, b_all.origin)
            if bias_all is not None and per_batch:
                st.bias = bias_all.sub(i * t["singleCoreN"], bias_all.origin)
            brun = mm._Run(c, st, site, "calls IterateBatch")
            _in_l1(st, brun, ready)
            vals = brun.all_values()
            out = g.sub(i * stride_c, g.origin)
            blocks = list(brun.order())
            for x, (mi, ni) in enumerate(blocks):
                m_done = brun.compute_block(mi, ni, blocks[x + 1] if x + 1 < len(blocks) else None)
                r0, c0 = mi * brun.bm, ni * brun.bn
                blk = vals[r0:r0 + brun.bm, c0:c0 + brun.bn]
                if held is not None:
                    blk = _l0c_block(c, st, site, held, blk, call.partial)
                brun.write(out, r0, c0, blk, m_done, call.atomic, call.sequential)
    finally:
        if held is not None:
            st.l0c_mark = st.l0c_next  # the buffers hold `held` until another call computes
        st.a, st.b, st.org, st.single, st.tail, st.trans, st.bias = saved
        # End(): the batch buffers leave L1; a later Iterate loads its own stages.
        st.l1 = {"a": type(st.l1["a"])(), "b": type(st.l1["b"])()}
        st.l1_free = {"a": [], "b": []}
        st.blocks = st.current = None


def _l0c_start(c, st, site, partial: bool) -> dict | None:
    """The accumulators this object's IterateBatch calls left in its L0C buffers (buffer ->
    block), which an enPartialSum call adds onto: its first K step runs Mmad with
    cmatrixInitVal off (UpdateSplitParams: sL0CInit = enPartialSum ? 0 : 1). None when
    the values are not tracked (quantised output converts them on the way out)."""
    if getattr(st, "quant", None) is not None:
        if partial:
            raise NotSimulatedError("calls IterateBatch with enPartialSum and a quantised C, "
                                    "which is not simulated", site, core=c.block_idx)
        st.l0c_held = {}
        return None
    held = getattr(st, "l0c_held", None)
    # Blocks computed by other calls since (Iterate, IterateAll) overwrote the buffers.
    if held is None or getattr(st, "l0c_mark", None) != st.l0c_next:
        held = st.l0c_held = {}
    if held:
        st.l0c_taken_by = None
    return held


def _l0c_block(c, st, site, held: dict, blk, partial: bool):
    """The block's accumulators as L0C holds them after its Mmads: added onto the buffer's
    previous block with enPartialSum (the buffer the schedule gives it: one with UnitFlag,
    dbL0C otherwise), and remembered for the next call."""
    slot = st.l0c_next % len(st.l0c)
    if partial:
        prev = held.get(slot)
        if prev is None or prev.shape != blk.shape:
            taken = getattr(st, "l0c_taken_by", None)
            if prev is not None:
                what = f"holds a {prev.shape[0]} x {prev.shape[1]} block"
            elif taken is not None:
                what = (f"holds what a call for the {taken} computed since (the cube "
                        "core's one Matmul object serves every vector core: order the "
                        "clients' calls, or give each its own object)")
            else:
                what = "holds nothing this object computed"
            raise NotSimulatedError(
                f"calls IterateBatch with enPartialSum, which adds a {blk.shape[0]} x "
                f"{blk.shape[1]} block onto L0C buffer {slot}; that buffer {what} (the "
                "simulator adds onto the blocks of this object's previous IterateBatch only)",
                site, core=c.block_idx)
        blk = blk + prev
    held[slot] = blk.copy()
    return blk


def _layout_info(st, which: str, field: str) -> int:
    return int(getattr(st, "layout_info", {}).get(f"{which.upper()}LayoutInfo{field}", 0))


def _geometry(c, st, site, which: str, count: int, stride: int, rows: int,
              cols: int) -> tuple[int, int]:
    """(elements from one batch matrix of A or B to the next, row stride) in GM.

    NORMAL and BNGS1S2 batches are dense rows x cols matrices, one after another
    (GetSrcStride: the single size). BSNGD and SBNGD interleave them row by row
    (batch_copy_cube_in.h: the source stride is one matrix's width D, the rows are
    GetBatchOrgWidth = N*G*D apart, times B for SBNGD). A non-zero matrixStride replaces
    the stride between batches in every layout."""
    lay = st.type.operand(which)[4]
    if st.trans[which]:
        rows, cols = cols, rows
    if lay not in (LayoutMode.BSNGD, LayoutMode.SBNGD):
        return stride or rows * cols, cols
    if st.trans[which]:
        raise NotSimulatedError(
            f"calls IterateBatch with {which.upper()} transposed in LayoutMode {lay.name}; the "
            "simulator runs the interleaved layouts untransposed", site, core=c.block_idx)
    w = which.upper()
    ln, lg, ld = (_layout_info(st, w, f) for f in ("N", "G", "D"))
    ld_row = ln * lg * ld * (_layout_info(st, w, "B") if lay is LayoutMode.SBNGD else 1)
    if ld != cols or ld_row < cols:
        raise InvalidArgumentError(
            f"calls IterateBatch with {w} in LayoutMode {lay.name} and {w}LayoutInfo N={ln}, "
            f"G={lg}, D={ld}: D must be the matrix width ({cols}) (set_{which}_layout)",
            site, core=c.block_idx)
    if lay is LayoutMode.BSNGD and count > ln * lg:
        raise InvalidArgumentError(
            f"calls IterateBatch with {count} batches of {w} in LayoutMode BSNGD, more than one "
            f"line of S holds (N x G = {ln * lg}); the library asserts it (\"multi batch "
            "calculation of multiple lines of S is not supported\")", site, core=c.block_idx)
    return stride or cols, ld_row


def _c_geometry(st, t, ldc: int) -> tuple[int, int]:
    """(elements from one product's C to the next, row stride of C): GetBatchResult's
    stride (singleCoreM x singleCoreN, or singleCoreN for BSNGD/SBNGD) and
    GetDstBNGStride (G x S2 x N, times B for SBNGD) for the interleaved layouts."""
    lay = st.type.operand("c")[4]
    if lay not in (LayoutMode.BSNGD, LayoutMode.SBNGD):
        return t["singleCoreM"] * t["singleCoreN"], ldc
    row = _layout_info(st, "C", "G") * _layout_info(st, "C", "S2") * _layout_info(st, "C", "N")
    if lay is LayoutMode.SBNGD:
        row *= _layout_info(st, "C", "B")
    return t["singleCoreN"], row


def _load_batches(c, st, run, site, operands) -> float:
    """MTE2: every batch of A and B into L1 (ND -> NZ); when the last has landed. The core
    then waits for them (the library's SetFlag/WaitFlag MTE2_MTE1)."""
    size_cap = c.cost.nd2nz_rate
    for g, count, stride, ld, which in operands:
        dt = st.dt[which]
        rows, cols = (run.m, run.k) if which == "a" else (run.k, run.n)
        if st.trans[which]:
            rows, cols = cols, rows
        for j in range(count):
            lo, _ = gm_span(c, g, j * stride, (rows - 1) * ld + cols, site, "reads")
            san = c.san
            if san is not None:
                k = san.begin(MTE2)
                _record_blocks(san, g.mem, lo, ld * dt.size, cols * dt.size, rows, False,
                               MTE2, k, site)
            c.gm_copy(MTE2, g.buf, lo, cols * dt.size, ld * dt.size, rows, False,
                      g.cache[0], site, l2_cap=size_cap)
    ready = c.done[MTE2]
    c.hold(S, ready)
    return ready


def _in_l1(st, run, ready: float) -> None:
    """Mark every L1 stage of this product as present (copied by _load_batches), so the
    block loop loads L0 from L1 without copying again."""
    t = run.t
    sm, sn, ska, skb = t["stepM"], t["stepN"], t["stepKa"], t["stepKb"]
    st.l1 = {"a": type(st.l1["a"])(), "b": type(st.l1["b"])()}
    st.l1_free = {"a": [0.0], "b": [0.0]}
    for ms in range(mm._ceil(run.mb, sm)):
        for ks in range(mm._ceil(run.kb, ska)):
            st.l1["a"][(ms, ks)] = [0, ready]
    for ns in range(mm._ceil(run.nb, sn)):
        for ks in range(mm._ceil(run.kb, skb)):
            st.l1["b"][(ns, ks)] = [0, ready]


# --- lowerings -----------------------------------------------------------------------------------


def _flag(R, slot, default: bool) -> bool:
    return default if slot is None else bool(R[slot])


def _atomic(R, slot, site, c) -> str | None:
    return None if slot is None else mm.atomic_kind(int(R[slot]), site, c.block_idx)


@lowers(A.MatmulSetBatchNumOp)
def lower_set_batch_num(op, cx: Lowering):
    sa, sb = cx.slot(op.batchA), cx.slot(op.batchB)

    def body(c, st, R):
        st.batch_num = (int(R[sa]), int(R[sb]))

    return mm._matmul_op(op, cx, body)


def _batch_counts(st) -> tuple[int, int]:
    given = getattr(st, "batch_num", None)
    if given is not None:
        return given
    n = int(getattr(st, "layout_info", {}).get("BatchNum", 0))
    return n, n


@lowers(A.MatmulIterateBatchOp)
def lower_iterate_batch(op, cx: Lowering):
    """`IterateBatch<sync, waitIterateBatch>(c, batchA, batchB, ...)`."""
    site = cx.site(op)
    check_layouts(op, cx, op.matmul.type)
    if not isinstance(op.tensor.type, A.GlobalTensorType):
        raise cx.error(op, "writes the batches of C to a local tensor; the simulator runs "
                           "IterateBatch into GM")
    mixed = kfc_lower._mixed(op, cx)
    if not mixed:
        # A cube-only kernel's Matmul is the library's MatmulImpl, whose only IterateBatch is
        # (c, enPartialSum, enAtomic, enSequentialWrite, strides) (batch_matmul_impl.h); the
        # real headers reject this form there
        raise cx.error(op, "is the vector-side IterateBatch(c, batchA, batchB, ...) in a "
                           "cube-only kernel, which has only IterateBatch(c, en_partial_sum, "
                           "en_atomic, en_sequential_write, ...) with the counts from "
                           "set_batch_num")
    s = cx.slot(op.tensor)
    sat = cx.slot(op.enAtomic) if op.enAtomic is not None else None
    sp = cx.slot(op.enPartialSum) if op.enPartialSum is not None else None
    sq = cx.slot(op.enSenquentialWrite)
    sa, sb = cx.slot(op.batchA), cx.slot(op.batchB)
    strides = cx.slots([op.maxtrixStrideA, op.maxtrixStrideB, op.maxtrixStrideC])
    sy = cx.slot(op.sync)
    sw = cx.slot(op.waitIterateBatch) if op.waitIterateBatch is not None else None

    def body(c, st, R):
        # The server hands enPartialSum and enSequentialWrite to the cube-side IterateBatch
        # (matmul_server_impl_c220.h), so they mean there what they mean in a cube-only kernel.
        call = BatchCall(int(R[sa]), int(R[sb]), tuple(int(R[x]) for x in strides),
                         _flag(R, sy, True), _flag(R, sw, False), getattr(st, "layout_info", {}),
                         _atomic(R, sat, site, c), _flag(R, sp, False), _flag(R, sq, False))
        g = R[s]
        mm._Run(c, st, site, "calls IterateBatch")  # the client's own checks, at its line
        ch = KfcChannel.of(c)
        own = ch.post(c, "iterate_batch", site,
                      (kfc_lower._settings(st), g.sub(0, g.origin), call), st.site)
        if call.sync:
            ch.wait_answer(c, site, own)
        else:
            st.pending_batch = (own, call.wait)

    return mm._matmul_op(op, cx, body)


@lowers(A.MatmulIterateBatchCubeOnlyOp)
def lower_iterate_batch_cube_only(op, cx: Lowering):
    """`IterateBatch(c, enPartialSum, enAtomic, enSequentialWrite, strides...)`: the counts
    from SetBatchNum (or the tiling's BatchNum)."""
    site = cx.site(op)
    check_layouts(op, cx, op.matmul.type)
    if kfc_lower._mixed(op, cx):
        raise cx.error(op, "is the cube-only IterateBatch form in a mixed kernel; a vector "
                           "core's client calls IterateBatch(c, batchA, batchB, ...)")
    s, sp, sq = cx.slot(op.tensor), cx.slot(op.enPartialSum), cx.slot(op.enSenquentialWrite)
    sat = cx.slot(op.enAtomic) if op.enAtomic is not None else None
    strides = cx.slots([op.maxtrixStrideA, op.maxtrixStrideB, op.maxtrixStrideC])

    def body(c, st, R):
        ba, bb = _batch_counts(st)
        call = BatchCall(ba, bb, tuple(int(R[x]) for x in strides), True, False, None,
                         _atomic(R, sat, site, c), bool(R[sp]), bool(R[sq]))
        run_batch(c, st, site, R[s], call)

    return mm._matmul_op(op, cx, body)


@lowers(A.MatmulWaitIterateBatchOp)
def lower_wait_iterate_batch(op, cx: Lowering):
    """`WaitIterateBatch()`: the client waits for the answer of its asynchronous
    IterateBatch<false, true> (matmul_client.h: WaitEvent)."""
    site = cx.site(op)
    mixed = kfc_lower._mixed(op, cx)

    def body(c, st, R):
        if not mixed:
            return  # the cube-only object computed it in the call
        kfc_lower.wait_pending(c, st, "pending_batch", "WaitIterateBatch without an "
                               "IterateBatch<sync=false, waitIterateBatch=true>", site)

    return mm._matmul_op(op, cx, body)


def _serve_batch(c, st, ch, msg) -> bool:
    """The server's IterateBatch (matmul_server_impl_c220.h): run, End, answer if asked."""
    settings, g, call = msg.data
    kfc_lower._apply(st, settings)
    st.layout_info = call.layout
    run_batch(c, st, msg.site, g, call)
    if call.sync or call.wait:
        ch.answer(c, msg.sub)
    return False


kfc_lower.SERVER_HANDLERS["iterate_batch"] = _serve_batch
