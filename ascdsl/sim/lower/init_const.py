"""InitConstValue: fill an L1, L0A or L0B tensor with a value (create_cbuf/ca/cb_matrix on
dav-c220).

What the 910B does, from asc-devkit's InitConstValue page and kernel_operator_mm_impl.h: repeat
r writes `blockNum` blocks of `initValue` from `r * (blockNum + dstGap)` blocks on, a block being
32 bytes in L1 (A1/B1) and a 512-byte fractal in L0A/L0B (A2/B2); the tensor must start on one.
L1 is filled by MTE2, L0A/L0B by MTE1. The 910B takes all three counts (0 to 32767); the
two-argument InitConstValueParams(repeatTimes, initValue) leaves blockNum 0, which on the 910B
fills nothing (the fixed 512 bytes a repeat of that form are the older cores'), so the
simulator warns about it.

Timing is an estimate: the pipe issues the fill as an on-chip copy of its bytes at the path's
rate (`CostModel.copy`, `load_data`), one burst per repeat.
"""

from __future__ import annotations

import numpy as np

import ascdsl.dialects.ascendc as A
from ascdsl.dialects.ascendc.enums import Hardware

from ..compiler import Lowering, lowers
from ..errors import AlignmentError, InvalidArgumentError
from ..sanitizer import MTE1, MTE2
from .common import dtype_of, local_span
from .copy import _record_blocks

BLOCK = {Hardware.L1: 32, Hardware.L0A: 512, Hardware.L0B: 512}
MAX_COUNT = 32767  # the headers' UINT15_MAX check of each count


@lowers(A.InitConstValueOp)
def lower_init_const_value(op, cx: Lowering):
    pre = cx.take_pre()
    site = cx.site(op)
    dt = dtype_of(op, cx, op.dst)
    if dt.size not in (2, 4):
        raise cx.error(op, f"fills {dt.name} elements; InitConstValue takes half, bfloat16, "
                           "int16, uint16, float, int32 or uint32")
    sd, sp = cx.slot(op.dst), cx.slot(op.params)

    def f(R):
        c = R[0]
        c.t += pre
        d = R[sd]
        rt, nb, gap, value = R[sp]
        rt, nb, gap = int(rt) & 0xFFFF, int(nb) & 0xFFFF, int(gap) & 0xFFFF
        hw = d.mem.hw
        unit = BLOCK.get(hw)
        if unit is None:
            raise InvalidArgumentError(
                f"fills a tensor in {d.mem.name}; InitConstValue fills A1/B1 (L1) or A2/B2 "
                "(L0A/L0B) tensors", site, core=c.block_idx)
        if c.checking:
            for name, v in (("repeatTimes", rt), ("blockNum", nb), ("dstGap", gap)):
                if v > MAX_COUNT:
                    c.finding(InvalidArgumentError(
                        f"has {name} {v}; InitConstValue takes 0 to {MAX_COUNT}", site))
            if d.off % unit:
                c.finding(AlignmentError(
                    f"fills a tensor at {d.mem.name} byte {d.off}, not a multiple of {unit}: "
                    f"InitConstValue's {d.mem.name} tensors start on a {unit}-byte block",
                    site))
            if rt and not nb:
                c.finding(InvalidArgumentError(
                    "has blockNum 0, so it fills nothing: the 910B fills blockNum blocks a "
                    "repeat (InitConstValueParams(repeatTimes, blockNum, dstGap, initValue)); "
                    "the two-argument form leaves blockNum 0", site, warning=True))
        pipe = MTE2 if hw is Hardware.L1 else MTE1
        nbytes = rt * nb * unit
        if nbytes:
            per = unit // dt.size
            step = nb + gap
            lo, _ = local_span(c, d, 0, ((rt - 1) * step + nb) * per, site, "writes")
            rows = np.lib.stride_tricks.as_strided(
                d.mem.bytes[lo:], shape=(rt, nb * unit), strides=(step * unit, 1))
            dt.store(rows.view(dt.np), np.full(1, value).astype(dt.compute))
            san = c.san
            if san is not None:
                k = san.begin(pipe)
                _record_blocks(san, d.mem, lo, step * unit, nb * unit, rt, True, pipe, k, site)
        if pipe == MTE2:
            occ, lat = c.cost.copy(Hardware.L1, Hardware.L1, nbytes, max(rt, 1))
        else:
            occ, lat = c.cost.load_data(Hardware.L1, hw, nbytes)
        c.run(pipe, occ, lat, site)

    return f
