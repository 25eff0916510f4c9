"""GatherMask (vreducev2 on dav-c220) and GetGatherMaskRemainCount (ops_gather_mask.py).

What the 910B does, from asc-devkit's GatherMask page and its dav-c220 implementation
(kernel_operator_vec_gather_mask_impl.h):

- Normal mode (`reduceMode` false): `repeatTimes` repeats of E = 256 bytes / element size
  elements of src0; element e of repeat r lies at block `e // (32 / size)` of the repeat,
  `src0BlockStride` blocks apart, repeats `src0RepeatStride` blocks apart. `mask` is unused.
- Counter mode (`reduceMode` true; the 910B's "configuration one"): every repeat covers `mask`
  elements instead, over as many blocks as they need.
- The pattern selects element e of a repeat by bit e: of a uint16 (16-bit elements) or uint32
  (32-bit elements) tensor read from `r * src1RepeatStride` blocks on, or of a built-in pattern
  1..7 (1 even, 2 odd elements, 3..6 one of every four starting at 0..3, 7 all), the same for
  every repeat.
- The kept elements are packed into dst from its start, repeat after repeat; the count is
  returned (`rsvdCnt`) and stays in the register GetGatherMaskRemainCount reads. dst past the
  count keeps its bytes.
- The implementation sets the mask mode from `reduceMode`, writes `mask` to the mask register
  (`set_vector_mask(0, mask)`) and ends in normal mode, so a kernel in counter mode before the
  call is in normal mode after it (the page says to set counter mode again).

The count is read from the register right after the instruction, so the scalar unit waits for
the V pipe to finish it. A counter-mode repeat longer than 256 bytes with a block stride other
than 1 is refused: the page does not say where its blocks past the eighth lie.
"""

from __future__ import annotations

import numpy as np

import ascdsl.dialects.ascendc as A
from ascdsl.dialects.ascendc.types import LocalTensorType

from ..compiler import Lowering, lowers
from ..errors import InvalidArgumentError, NotSimulatedError
from ..repeat import BLOCK, REPEAT
from ..sanitizer import S, V
from .common import check_align, dtype_of, local_span

U64 = (1 << 64) - 1


def _builtin(mode: int, n: int) -> np.ndarray:
    """The first n bits of built-in pattern `mode` (1..7) as booleans."""
    e = np.arange(n)
    if mode == 7:
        return np.ones(n, bool)
    if mode <= 2:
        return e % 2 == mode - 1
    return e % 4 == mode - 3


def _indices(rt: int, n: int, per_block: int, blk: int, rep: int) -> np.ndarray:
    """src0's element index of element e of repeat r, as an (rt, n) array."""
    e = np.arange(n, dtype=np.int64)
    within = (e // per_block) * blk * per_block + e % per_block
    return (np.arange(rt, dtype=np.int64) * rep * per_block)[:, None] + within[None, :]


@lowers(A.GatherMaskOp)
def lower_gather_mask(op, cx: Lowering):
    pre = cx.take_pre()
    site = cx.site(op)
    dt = dtype_of(op, cx, op.dst)
    size = dt.size
    if size not in (2, 4):
        raise cx.error(op, f"gathers {dt.name} elements; GatherMask takes 16- or 32-bit ones "
                           "(half, bfloat16, int16, uint16, float, int32, uint32)")
    user = isinstance(op.src1Pattern.type, LocalTensorType)
    if user:
        pdt = dtype_of(op, cx, op.src1Pattern)
        if pdt.size != size:
            raise cx.error(op, f"reads its pattern from a {pdt.name} tensor for {dt.name} "
                               f"elements; the pattern holds uint{8 * size} bits")
    per_block = BLOCK // size
    per_repeat = REPEAT // size
    sd, ss, sp = cx.slot(op.dst), cx.slot(op.src0), cx.slot(op.src1Pattern)
    sr, sm, sprm = cx.slot(op.reduceMode), cx.slot(op.mask), cx.slot(op.params)
    out = cx.slot(op.rsvdCnt)

    def f(R):
        c = R[0]
        c.t += pre
        d, s, pat = R[sd], R[ss], R[sp]
        counter = bool(R[sr])
        mask = int(R[sm]) & 0xFFFFFFFF
        blk, rt, rep, rep1 = R[sprm]
        blk, rt, rep, rep1 = blk & 0xFF, rt & 0xFFFF, rep & 0xFFFF, rep1 & 0xFF
        if not user:
            mode = int(pat) & 0xFF
            if not 1 <= mode <= 7:
                raise InvalidArgumentError(
                    f"has built-in pattern {mode}; GatherMask's built-in patterns are 1..7 "
                    "(1/2: even/odd elements, 3..6: one of every four, 7: all)",
                    site, core=c.block_idx)
        if c.checking:
            check_align(c, d, site, "writes")
            check_align(c, s, site, "reads")
            if user:
                check_align(c, pat, site, "reads")
        n = per_repeat
        if counter:
            n = mask
            if mask == 0 and c.checking:
                c.finding(InvalidArgumentError(
                    "runs in counter mode (reduceMode true) with mask 0; the mask is the "
                    "element count of each repeat, 1 to 2^32 - 1", site))
            if n > per_repeat and blk != 1:
                raise NotSimulatedError(
                    f"runs counter-mode repeats of {n} elements (more than one 256-byte "
                    f"repeat) with src0BlockStride {blk}; where such a repeat's blocks past "
                    "the eighth lie is not documented, so the simulator does not guess",
                    site, core=c.block_idx)
        kept = 0
        if rt and n:
            # The highest element read: the last one of a repeat, or with a block stride of
            # 0 (every block on the first) the last of the first block.
            last = (rt - 1) * rep * per_block + ((n - 1) // per_block) * blk * per_block \
                + ((n - 1) % per_block if blk else min(n, per_block) - 1)
            local_span(c, s, 0, last + 1, site, "reads")  # raises before any array is built
            idx = _indices(rt, n, per_block, blk, rep)
            if user:
                words = -(-n // (8 * size))
                pn = (rt - 1) * rep1 * per_block + words
                plo, phi = local_span(c, pat, 0, pn, site, "reads")
                raw = pat.mem.bytes[plo:phi]
                starts = np.arange(rt, dtype=np.int64) * rep1 * BLOCK
                rows = raw[starts[:, None] + np.arange(words * size)[None, :]]
                bits = np.unpackbits(rows, axis=1, bitorder="little")[:, :n].astype(bool)
            else:
                bits = np.broadcast_to(_builtin(mode, n), (rt, n))
            chosen = idx[bits]
            kept = int(chosen.size)
            src = s.mem.typed(s.off, dt, last + 1)
            if kept:
                dlo, dhi = local_span(c, d, 0, kept, site, "writes")
                d.mem.typed(d.off, dt, kept)[:] = src[chosen]
            san = c.san
            if san is not None:
                k = san.begin(V)
                lo_e = int(idx.min())
                san.access(s.mem, s.off + lo_e * size, s.off + (last + 1) * size, False, V, k,
                           site)
                if user:
                    san.access(pat.mem, plo, phi, False, V, k, site)
                if kept:
                    san.access(d.mem, dlo, dhi, True, V, k, site)
        repeats = rt * -(-n // per_repeat) if n else 0
        c.counter = False
        c.mask = ("bits", mask & U64, 0)
        c.rsvd_cnt = kept
        R[out] = kept
        c.run(V, c.cost.vector("GatherMask", repeats), c.cost.vector_latency, site)
        c.hold(S, c.done[V])  # rsvdCnt is read from the register the instruction sets

    return f


@lowers(A.GetGatherMaskRemainCountOp)
def lower_remain_count(op, cx: Lowering):
    pre = cx.take_pre()
    out = cx.slot(op.result)

    def f(R):
        c = R[0]
        c.t += pre
        R[out] = c.rsvd_cnt

    return f
