"""Reductions over the vector unit's repeats: block, pair, whole-repeat and ReduceSum/Max/Min
L0/L1 (`ascdsl/dialects/ascendc/ops_reduce_repeat.py` declares what each writes where).

The source side is any L0/L1 op's: `repeat` repeats of E elements (E = 256 bytes / element
size) with block and repeat strides and a count or bit mask (ascdsl.sim.repeat). Each repeat
is laid out as its E positions; masked-off positions count as 0 in a sum and are left out of a
max/min. A block or pair with no masked-on element is not written (dst keeps its value, as the
ReduceDataBlock and ReducePairElem pages say of the A2), and a mask that selects nothing makes
the instruction a NOP, as mask 0 is on the A2 (the ReduceRepeat/ReduceSum/ReduceMax pages).

Sums add in a binary tree (pairs, then pairs of pairs) in the element type: each addition
rounds to the type, and an f16 sum beyond the range is inf: the ReduceDataBlock page says half
runs in the register's non-saturating mode by default (its 65504 example is the saturating
mode), as every other simulated f16 op does. ReduceSum L0/L1 sums each repeat that way, then
the repeats' sums the same way.
Max/min take the first extremum; indices are positions within the repeat (whole reductions) or
`r * E + e` (ReduceMax/Min, dst[1]), stored as the bits of an unsigned integer of the element's
size (WholeReduce ORDER_ONLY_INDEX: a uint32).
"""

from __future__ import annotations

import numpy as np

import ascdsl.dialects.ascendc as A
from ascdsl.dialects.ascendc import ReduceOrder

from ..compiler import Lowering, lowers
from ..errors import InvalidArgumentError
from ..repeat import count_mask_problem, mask_elements, plan, repeat_bits
from ..sanitizer import V
from .common import check_align, dtype_of, local_span, sets_mask
from .mask import counter_refused

_INDEX = {2: np.uint16, 4: np.uint32, 8: np.uint64}


def _add(a: np.ndarray, b: np.ndarray) -> np.ndarray:
    """Elementwise a + b rounded once to a's type (f16 overflow gives inf)."""
    if a.dtype != np.float16:
        return a + b
    exact = a.astype(np.float64) + b.astype(np.float64)  # exact: f16 sums need <= 50 bits
    with np.errstate(over="ignore"):
        return exact.astype(np.float16)


def tree_sum(a: np.ndarray) -> np.ndarray:
    """Sum along the last axis in a binary tree (an odd element carries to the next level)."""
    while a.shape[-1] > 1:
        n = a.shape[-1]
        half = _add(a[..., 0:n - 1:2], a[..., 1:n:2])
        a = np.concatenate([half, a[..., n - 1:]], axis=-1) if n % 2 else half
    return a[..., 0]


def count_sum(vals: np.ndarray):
    """ReduceSum's count form on the A2 (the ReduceSum page's way one): a tree within each
    256-byte repeat, then the repeats' sums one after another, each addition in the type."""
    per_repeat = 256 // vals.dtype.itemsize
    reps = -(-vals.size // per_repeat)
    full = np.zeros(reps * per_repeat, vals.dtype)
    full[:vals.size] = vals
    sums = tree_sum(full.reshape(reps, per_repeat))
    if sums.dtype != np.float16:
        # add.accumulate adds in order, each step rounded to the type (a reduce would pair)
        return np.add.accumulate(sums)[-1]
    acc = sums[:1]
    for k in range(1, reps):  # numpy's half loops add in f32: two roundings; _add rounds once
        acc = _add(acc, sums[k:k + 1])
    return acc[0]


def _reduce(kind: str, full: np.ndarray, on: np.ndarray):
    """(values, first positions) of `kind` along the last axis; `on` marks masked-on entries."""
    if kind == "sum":
        return tree_sum(np.where(on, full, full.dtype.type(0))), None
    fill = -np.inf if kind == "max" else np.inf
    work = np.where(on, full.astype(np.float64), fill)
    pos = work.argmax(axis=-1) if kind == "max" else work.argmin(axis=-1)
    vals = np.take_along_axis(work, pos[..., None], axis=-1)[..., 0]
    return vals.astype(full.dtype), pos


@lowers(A.RepeatReduceOp)
def lower_repeat_reduce(op, cx: Lowering):
    cls = type(op)
    pre = cx.take_pre()
    site = cx.site(op)
    api = cls.CPP.api
    kind, group = cls.KIND, cls.GROUP
    dt = dtype_of(op, cx, op.dst)
    size = dt.size
    E = 256 // size
    per_block = 32 // size
    if dt.kind != "float":
        raise cx.error(op, f"reduces {dt.name} elements; Ascend C's {api} takes half or float")
    sd, ss = cx.slot(op.dst), cx.slot(op.src)
    rt_value = getattr(op, "repeat", None) or op.repeat_time
    s_rt, m_rt = cx.slot(rt_value), repeat_bits(rt_value)
    words = cls.LEVEL == "l1"
    s_mask = cx.slots(op.mask) if words else cx.slot(op.mask)
    s_sblk = cx.slot(op.src_blk_stride) if hasattr(op, "src_blk_stride") else None
    s_srep = cx.slot(op.src_rep_stride)
    s_drep = cx.slot(op.dst_rep_stride) if hasattr(op, "dst_rep_stride") else None
    s_tmp = cx.slot(op.shared_tmp_buffer) if group == "all" else None
    s_ci = cx.slot(op.cal_index) if getattr(op, "cal_index", None) is not None else None
    defn = cls.get_irdl_definition()
    set_mask = sets_mask(op)
    order = ReduceOrder(int(op.enum_value("order"))) if "order" in defn.properties else None
    index_np = _INDEX[size]

    def f(R):
        c = R[0]
        c.t += pre
        d, s = R[sd], R[ss]
        rt = R[s_rt] & m_rt
        if set_mask:
            if words:
                w = [R[x] for x in s_mask]
                c.mask = ("bits", w[0], w[1] if len(w) > 1 else 0)
            else:
                c.mask = ("count", R[s_mask])
        if c.counter:
            raise counter_refused(c, site, "the repeat reductions")
        mask = c.mask
        sblk = R[s_sblk] if s_sblk is not None else 1
        srep = R[s_srep]
        if c.checking:
            bad = []
            if not 0 <= rt <= (2**31 - 1 if group == "all" else 255):
                bad.append(f"repeatTime={rt}")
            if problem := count_mask_problem(mask, E):
                bad.append(problem)
            if min(sblk, srep) < 0:
                bad.append(f"negative source strides {sblk}/{srep}")
            if bad:
                c.finding(InvalidArgumentError("has " + ", ".join(bad), site))
            check_align(c, s, site, "reads")
        if rt <= 0 or min(sblk, srep) < 0:
            c.run(V, c.cost.vector_issue, c.cost.vector_latency, site)
            return
        e = mask_elements(mask, E)
        pl = plan((size,), (sblk,), (srep,), rt, mask)
        lo, hi = pl.lo[0], pl.hi[0]
        local_span(c, s, lo, hi - lo, site, "reads")
        vals = dt.load(s.mem.typed(s.off, dt, hi))[pl.idx[0]].reshape(rt, e.size)
        full = np.zeros((rt, E), dtype=vals.dtype)
        on = np.zeros((rt, E), dtype=bool)
        full[:, e] = vals
        on[:, e] = True
        writes = []  # (what, element indices in dst, values): "value", "index" or "u32"
        if e.size == 0:
            pass  # the A2 runs an all-zero mask as a NOP: nothing is written
        elif group == "block":
            blocks_on = on.reshape(rt, 8, per_block)
            res, _ = _reduce(kind, full.reshape(rt, 8, per_block), blocks_on)
            keep = blocks_on.any(axis=-1)  # A2: a block with no masked-on element keeps dst
            drep = R[s_drep]
            at = np.arange(rt)[:, None] * drep * 8 + np.arange(8)[None, :]
            writes.append(("value", at[keep], res[keep]))
        elif group == "pair":
            pairs_on = on.reshape(rt, E // 2, 2)
            res, _ = _reduce("sum", full.reshape(rt, E // 2, 2), pairs_on)
            keep = pairs_on.any(axis=-1)  # a pair with no masked-on element is not written
            drep = R[s_drep]
            at = np.arange(rt)[:, None] * drep * (E // 2) + np.arange(E // 2)[None, :]
            writes.append(("value", at[keep], res[keep]))
        elif group == "repeat":
            res, pos = _reduce(kind, full, on)
            drep = R[s_drep]
            r = np.arange(rt)
            if pos is None or order is ReduceOrder.ORDER_ONLY_VALUE:
                writes.append(("value", r * drep, res))
            elif order is ReduceOrder.ORDER_ONLY_INDEX:
                writes.append(("u32", r * drep, pos))
            else:
                first = 0 if order is ReduceOrder.ORDER_VALUE_INDEX else 1
                writes.append(("value", r * 2 * drep + first, res))
                writes.append(("index", r * 2 * drep + 1 - first, pos))
        else:  # all repeats into dst[0] (and the index into dst[1])
            if kind == "sum":
                res = tree_sum(tree_sum(np.where(on, full, full.dtype.type(0)))[None, :])
                writes.append(("value", np.array([0]), np.array([res])))
            else:
                flat_on = on.reshape(-1)
                res, pos = _reduce(kind, full.reshape(1, -1), flat_on[None, :])
                writes.append(("value", np.array([0]), res))
                if s_ci is not None and bool(R[s_ci]):
                    writes.append(("index", np.array([1]), pos))
        top = 0
        for what, at, _ in writes:
            if at.size:
                unit = 4 if what == "u32" else size
                top = max(top, int(at.max()) * unit + unit)
        if top:
            dlo, dhi = local_span(c, d, 0, -(-top // size), site, "writes")
            if c.checking:
                check_align(c, d, site, "writes")
            raw = d.mem.bytes[dlo:dhi]
            for what, at, v in writes:
                if what == "u32":
                    raw[:top - top % 4].view(np.uint32)[at] = v
                elif what == "index":
                    raw.view(index_np)[at] = v
                elif dt.is_bf16:
                    stored = np.empty(at.size, dtype=dt.np)
                    dt.store(stored, v)
                    raw.view(dt.np)[at] = stored
                else:
                    raw.view(dt.np)[at] = v
        san = c.san
        if san is not None:
            k = san.begin(V)
            san.access(s.mem, s.off + lo * size, s.off + hi * size, False, V, k, site)
            if s_tmp is not None:  # one partial result per repeat
                tmp = R[s_tmp]
                nbytes = min(-(-(rt * size) // 32) * 32, tmp.n * tmp.dt.size)
                san.access(tmp.mem, tmp.off, tmp.off + nbytes, True, V, k, site)
            if top:
                san.access(d.mem, dlo, dlo + top, True, V, k, site)
        cost = c.cost.reduce(api, rt * E, size) if group == "all" else c.cost.vector(api, rt)
        c.run(V, cost, c.cost.vector_latency, site)

    return f
