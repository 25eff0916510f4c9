"""TransDataTo5HD on the simulator (ops_trans5hd.py), exact for 2-byte elements.

Per repeat r (repeatTimes of the params), source row i is the 32 bytes at srcAddr[i] +
r * srcRepStride * 32 and destination row j the 32 bytes at dstAddr[j] + r * dstRepStride *
32; destination row j receives element j of every source row (the stored bits: half, int16
and uint16 move alike). The addresses are byte addresses in UB: the uint64_t values of the
address forms (from LocalTensor.get_phy_addr), or each listed tensor's own address. Each row is
one sanitizer access of V. Cost: one vector repeat per repeat.

1- and 4-byte elements (the dstHighHalf / srcHighHalf halves of int8, the 16 x 8 blocks of
float) are not modelled: a located NotSimulatedError says so.
"""

from __future__ import annotations

import numpy as np

import ascdsl.dialects.ascendc as A
from ascdsl.dialects.ascendc.enums import Hardware
from ascdsl.dialects.ascendc.ops_trans5hd import ROWS, data_element_type

from ..compiler import Lowering, lowers
from ..dtypes import sim_dtype
from ..errors import OutOfBoundsError
from ..sanitizer import V

_BLOCK = 32
_U64 = np.dtype("<u8")


def _elem_size(op, cx: Lowering) -> None:
    t = data_element_type(op)
    if t is None:
        raise cx.error(op, "moves elements of a type that cannot be inferred: the addresses "
                           "must come from LocalTensor.get_phy_addr")
    dt = sim_dtype(t)
    if dt is None or dt.size != 2:
        raise cx.error(op, f"moves {t} elements; the simulator models TransDataTo5HD for "
                           "2-byte elements (half, int16, uint16) only (the int8 halves and "
                           "the float 16 x 8 blocks are not modelled)")


def _move(c, mem, dst: list[int], src: list[int], params, site) -> None:
    _dh, _sh, repeat, dst_rep, src_rep = params
    size = mem.size
    san = c.san
    k = san.begin(V) if san is not None else 0
    view = mem.bytes
    for r in range(int(repeat)):
        rows = []
        for i in range(ROWS):
            a = src[i] + r * src_rep * _BLOCK
            if a < 0 or a + _BLOCK > size:
                raise OutOfBoundsError(
                    f"reads source row {i} of repeat {r} at {mem.name} byte {a}, outside its "
                    f"{size} bytes", site, core=c.block_idx)
            rows.append(view[a:a + _BLOCK].view("<u2"))
            if san is not None:
                san.access(mem, a, a + _BLOCK, False, V, k, site)
        block = np.stack(rows)  # [source row i][element j]
        for j in range(ROWS):
            a = dst[j] + r * dst_rep * _BLOCK
            if a < 0 or a + _BLOCK > size:
                raise OutOfBoundsError(
                    f"writes destination row {j} of repeat {r} at {mem.name} byte {a}, outside "
                    f"its {size} bytes", site, core=c.block_idx)
            view[a:a + _BLOCK].view("<u2")[:] = block[:, j]
            if san is not None:
                san.access(mem, a, a + _BLOCK, True, V, k, site)
    c.run(V, c.cost.vector("TransDataTo5HD", max(int(repeat), 1)), c.cost.vector_latency, site)


@lowers(A.TransDataTo5HDOp)
def lower_trans_5hd(op, cx: Lowering):
    pre = cx.take_pre()
    site = cx.site(op)
    _elem_size(op, cx)
    sd, ss, sp = cx.slot(op.dst), cx.slot(op.src), cx.slot(op.params)

    def f(R):
        c = R[0]
        c.t += pre
        d, s = R[sd], R[ss]
        for t, role in ((d, "destination"), (s, "source")):
            if t.n * t.dt.size < ROWS * 8:
                raise OutOfBoundsError(
                    f"takes its {ROWS} {role} addresses from a tensor of {t.n} elements",
                    site, core=c.block_idx)
        dst = d.mem.bytes[d.off:d.off + ROWS * 8].view(_U64).tolist()
        src = s.mem.bytes[s.off:s.off + ROWS * 8].view(_U64).tolist()
        san = c.san
        if san is not None:  # the scalar unit's address reads happen on V's issue
            k = san.begin(V)
            san.access(d.mem, d.off, d.off + ROWS * 8, False, V, k, site)
            san.access(s.mem, s.off, s.off + ROWS * 8, False, V, k, site)
        _move(c, d.mem, [int(a) for a in dst], [int(a) for a in src], R[sp], site)

    return f


@lowers(A.TransDataTo5HDTensorListOp)
def lower_trans_5hd_tensors(op, cx: Lowering):
    pre = cx.take_pre()
    site = cx.site(op)
    _elem_size(op, cx)
    sd, ss, sp = cx.slots(op.dst_list), cx.slots(op.src_list), cx.slot(op.params)

    def f(R):
        c = R[0]
        c.t += pre
        dst = [R[i] for i in sd]
        src = [R[i] for i in ss]
        _move(c, dst[0].mem, [t.off for t in dst], [t.off for t in src], R[sp], site)

    return f


@lowers(A.TransDataTo5HDUintListOp)
def lower_trans_5hd_addrs(op, cx: Lowering):
    pre = cx.take_pre()
    site = cx.site(op)
    _elem_size(op, cx)
    sd, ss, sp = cx.slots(op.dst_list), cx.slots(op.src_list), cx.slot(op.params)

    def f(R):
        c = R[0]
        c.t += pre
        mem = c.memory(Hardware.UB, site)
        _move(c, mem, [int(R[i]) for i in sd], [int(R[i]) for i in ss], R[sp], site)

    return f
