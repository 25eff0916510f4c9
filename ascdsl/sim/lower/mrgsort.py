"""MrgSort (both forms) and GetMrgSortResult on the simulator (ops_mrgsort.py), and the
MrgSortSrcList / MrgSort4Info structs they read.

A region is 8 bytes, the score (half or float) in its first bytes; the merge moves whole
regions, so the index and half's padding travel with their score bit for bit. One repeat
merges the lists `validBit` marks as the vmrgsort4 instruction does: it repeatedly takes the
head with the highest score (on equal scores, the list that comes first), so lists that are
not sorted merge as the hardware merges them, not as a global sort would. With
ifExhaustedSuspension the repeat stops right after one list runs out. Repeat r reads every
list and writes dst `r * (sum of the valid lengths)` regions further on (the layout
Ascend C's full Sort uses: equal, back-to-back lists). After the op, GetMrgSortResult reads
how many regions of each list the last repeat merged (VMS4_SR), in program order.

Rules the headers check (validBit 3, 7 or 15; lengths at most 4095; half or float) are
InvalidArgumentErrors. Cost: one vector repeat per 256 bytes of regions written per repeat
(an estimate: no published number). MrgSort4, RpSort16, ProposalConcat and ProposalExtract
are refused: the 910B headers report them as unsupported APIs.
"""

from __future__ import annotations

import numpy as np

import ascdsl.dialects.ascendc as A
from ascdsl.dialects.ascendc.ops_mrgsort import NOT_ON_910B
from ascdsl.dialects.ascendc.types_sort import MRG_SORT_LISTS

from ..compiler import Lowering, lowers, not_simulated
from ..errors import InvalidArgumentError
from ..sanitizer import V
from .common import check_align, dtype_of, local_span
from .vector import CONSTRUCT_LOWERINGS

REGION_BYTES = 8
MAX_LENGTH = 4095
VALID_BITS = (0b0011, 0b0111, 0b1111)


def _construct_list(op, cx: Lowering):
    pre = cx.take_pre()
    args, o = cx.slots(op.args), cx.slot(op.result)
    if not 2 <= len(args) <= MRG_SORT_LISTS:
        raise cx.error(op, f"builds a MrgSortSrcList from {len(args)} tensors (2 to 4)")

    def f(R):
        R[0].t += pre
        srcs = [R[s] for s in args]
        R[o] = tuple(srcs + [None] * (MRG_SORT_LISTS - len(srcs)))

    return f


def _construct_info(op, cx: Lowering):
    pre = cx.take_pre()
    if len(op.args) != 4:
        raise cx.error(op, "builds a MrgSort4Info from (elementLengths, ifExhaustedSuspension, "
                           f"validBit, repeatTimes), got {len(op.args)} values")
    sl, sf, sv, sr = cx.slots(op.args)
    o = cx.slot(op.result)

    def f(R):
        R[0].t += pre
        # The constructor copies the array, so later stores to it do not change the struct.
        lengths = [int(x) & 0xFFFF for x in R[sl]]
        # Fields: uint16_t validBit, uint8_t repeatTimes (the constructor narrows).
        R[o] = (lengths, bool(R[sf]), int(R[sv]) & 0xFFFF, int(R[sr]) & 0xFF)

    return f


CONSTRUCT_LOWERINGS[A.MrgSortSrcListType] = _construct_list
CONSTRUCT_LOWERINGS[A.MrgSort4InfoType] = _construct_info


def merge(scores: list[list[float]], suspend: bool) -> tuple[list[tuple[int, int]], list[int]]:
    """The order in which vmrgsort4 takes regions: (list, position) pairs, and how many of
    each list it took. Highest head first; ties go to the list that comes first."""
    heads = [0] * len(scores)
    order: list[tuple[int, int]] = []
    live = [i for i, s in enumerate(scores) if s]
    if suspend and len(live) < len(scores):
        return order, heads  # a list that is empty from the start is already exhausted
    while live:
        best = live[0]
        top = scores[best][heads[best]]
        for i in live[1:]:
            v = scores[i][heads[i]]
            if v > top:
                best, top = i, v
        order.append((best, heads[best]))
        heads[best] += 1
        if heads[best] == len(scores[best]):
            if suspend:
                break
            live.remove(best)
    return order, heads


def _lower_merge(op, cx: Lowering, read_params):
    """`read_params(R)` -> (lengths, suspend, valid_bit, repeat)."""
    pre = cx.take_pre()
    site = cx.site(op)
    dt = dtype_of(op, cx, op.dst)
    if dt.name not in ("f16", "f32"):
        raise cx.error(op, f"merges {dt.name} regions; MrgSort takes half or float")
    per = REGION_BYTES // dt.size  # elements of one region
    score_view = "<f2" if dt.size == 2 else "<f4"
    sd, sl = cx.slot(op.dst), cx.slot(op.sortList)
    api = "MrgSort"

    def fail(c, msg):
        raise InvalidArgumentError(msg, site, core=c.block_idx)

    def f(R):
        c = R[0]
        c.t += pre
        d, srcs = R[sd], R[sl]
        lengths, suspend, valid, repeat = read_params(R)
        if valid not in VALID_BITS:
            fail(c, f"has validBit {valid:#06b}; MrgSort merges lists 1-2, 1-3 or 1-4 "
                    "(validBit 3, 7 or 15)")
        used = [i for i in range(MRG_SORT_LISTS) if valid >> i & 1]
        for i in used:
            if lengths[i] > MAX_LENGTH:
                fail(c, f"has elementLengths[{i}] = {lengths[i]}; a list holds at most "
                        f"{MAX_LENGTH} regions")
            if srcs[i] is None:
                fail(c, f"reads list {i + 1}, which the MrgSortSrcList does not hold")
        stride = sum(lengths[i] for i in used)  # regions per repeat
        san = c.san
        k = san.begin(V) if san is not None else None
        counts = [0] * MRG_SORT_LISTS
        written = 0
        for r in range(repeat):
            scores, spans = [], []
            for i in used:
                t = srcs[i]
                lo, hi = local_span(c, t, r * stride * per, lengths[i] * per, site, "reads")
                if c.checking:
                    check_align(c, t, site, "reads")
                spans.append((t, lo, hi))
                raw = t.mem.bytes[lo:hi].view(np.uint8).reshape(-1, REGION_BYTES)
                scores.append(raw[:, :dt.size].copy().view(score_view).ravel().tolist())
            order, took = merge(scores, suspend)
            dlo, dhi = local_span(c, d, r * stride * per, len(order) * per, site, "writes")
            if c.checking:
                check_align(c, d, site, "writes")
            out = np.empty((len(order), REGION_BYTES), dtype=np.uint8)
            rows = [spans[j][0].mem.bytes[spans[j][1]:spans[j][2]].reshape(-1, REGION_BYTES)
                    for j in range(len(used))]
            for n, (j, p) in enumerate(order):
                out[n] = rows[j][p]
            d.mem.bytes[dlo:dhi] = out.reshape(-1)
            written += dhi - dlo
            if san is not None:
                for t, lo, hi in spans:
                    san.access(t.mem, lo, hi, False, V, k, site)
                san.access(d.mem, dlo, dhi, True, V, k, site)
            counts = [0] * MRG_SORT_LISTS
            for j, i in enumerate(used):
                counts[i] = took[j]
        c.vms4_sr = tuple(counts)
        cost = c.cost
        c.run(V, cost.vector(api, max(cost.repeats(written), 1)), cost.vector_latency, site)

    return f


@lowers(A.MrgSortOp)
def lower_mrg_sort(op, cx: Lowering):
    counts = cx.slots(op.elementCountList)
    sv, sr = cx.slot(op.validBit), cx.slot(op.repeatTime)
    suspend = op.isExhaustedSuspension is not None

    def params(R):
        # The API's MrgSort4Info narrows repeatTime to uint8_t.
        return ([int(R[s]) & 0xFFFF for s in counts], suspend, int(R[sv]) & 0xFFFF,
                max(int(R[sr]), 0) & 0xFF)

    return _lower_merge(op, cx, params)


@lowers(A.MrgSortWithInfoOp)
def lower_mrg_sort_with_info(op, cx: Lowering):
    sp = cx.slot(op.params)
    return _lower_merge(op, cx, lambda R: R[sp])


@lowers(A.GetMrgSortResultOp)
def lower_get_mrg_sort_result(op, cx: Lowering):
    pre = cx.take_pre()
    outs = [cx.slot(r) for r in op.results]

    def f(R):
        c = R[0]
        c.t += pre
        for o, v in zip(outs, c.vms4_sr):
            R[o] = v

    return f


for _cls in NOT_ON_910B:
    not_simulated(_cls, f"is not supported on the 910B: its Ascend C headers (dav-c220) report "
                        f"{_cls.CPP.api} as an unsupported API (it works on the 16-byte region "
                        "proposals of earlier Ascend cores)")
