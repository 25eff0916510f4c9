"""BilinearInterpolation (ops_binary_ext.py) as the 910B's Ascend C runs it.

On dav_c220 the API is not one instruction: kernel_operator_vec_bilinearinterpolation_impl.h
runs five vector instructions through `sharedTmpBuffer` (viewed as T = half), and the
simulator runs the same five on the UB bytes, so every rounding and every scratch byte is the
hardware's. With n = (uint8_t)(hRepeat * vRepeat) and E = 128 halves per repeat:

1. Gatherb: scratch block `r * 8 + b` (r < n) = the 32-byte block of src0 at byte offset
   `src0Offset[r * 8 + b]` (offsets are uint32 bytes from src0's start, multiples of 32);
2. Brcb: scratch from element `hRepeat * vRepeat * E` on (`posSrc1Brcb`, not wrapped) gets
   `src1.GetSize() / 8` repeats: block j filled with src1[j];
   -- PipeBarrier<PIPE_V> --
3. Mul in counter mode over n * E elements (the user's mask does not apply): scratch repeat r,
   block b *= the broadcast block r (repeatMode false: one src1 value per repeat,
   src0RepStride 1, src0BlkStride 0) or block r * 8 + b (repeatMode true: one per block);
   -- PipeBarrier<PIPE_V> --
4. for i < vRepeat: Add (mask = the user's, hRepeat - 1 repeats, dstRepStride and
   src1RepStride 0): repeat i * hRepeat accumulates the next hRepeat - 1 repeats one after the
   other, acc = x[t] + acc, each sum rounded to half;
   -- PipeBarrier<PIPE_V> --
5. Adds(dst, scratch, 0, mask, vRepeat): dst repeat i (at `vROffset * 2 / 32` blocks per repeat,
   blocks `dstBlkStride` apart) = accumulated repeat i + 0 (so -0 becomes +0).

dst is written, not accumulated into; masked-off lanes of dst keep their value. The strides go
through the C++ structs' field types (UnaryRepeatParams' repeat strides are uint8_t). A vROffset
that is not a multiple of 16 is rounded down, as the header's check says the NPU does, with a
warning finding. Types: half only (the header's SupportType check); other types are a located
error at compile time.

Scratch: the five steps touch `hRepeat * vRepeat * 256 + src1.GetSize() / 8 * 256` bytes from
sharedTmpBuffer's start (the Gatherb part and the Brcb part after it), which can be more than the tensor the kernel passes (pyasc's own test passes 1056 bytes
where 1536 are written). On the NPU those bytes are written wherever they land in UB: past the
tensor into UB no TQue/TBuf buffer holds it is a warning finding, into another buffer an
OutOfBoundsError finding (it corrupts that buffer), past the UB an OutOfBoundsError.

Cost: the five instructions at the SoC's per-API vector cost (`CostModel.vector`), with the
three PipeBarrier<PIPE_V> between them (the pipe waits for its results; one Add per row of
vRepeat when hRepeat > 1, as the implementation's loop issues them), plus the scalar issue of
the four mask instructions around the Mul (SetMaskCount, SetVectorMask, SetMaskNorm,
ResetMask).
"""

from __future__ import annotations

import numpy as np

import ascdsl.dialects.ascendc as A

from ..compiler import Lowering, lowers
from ..errors import AlignmentError, OutOfBoundsError
from ..repeat import mask_elements
from ..sanitizer import V
from .common import check_align, declared_here, dtype_of, local_span
from .gather import _check_offset_tensor, _elements, _mask_of, _offsets

E = 128  # halves per 256-byte repeat
PB = 16  # halves per 32-byte block
# Scalar-side instructions of the implementation besides the five vector ones.
_SCALAR_EXTRA = 4


def _other_owner(c, mem, lo: int, hi: int, own) -> str | None:
    """A TQue/TBuf buffer other than `own` that holds bytes of [lo, hi) of `mem`."""
    from ..queues import QueueState, TBufState

    for tpipe in c.pipes:
        for obj in tpipe.owned:
            if isinstance(obj, QueueState):
                for b in obj.bufs:
                    if b is not own and b.mem is mem and b.off < hi and lo < b.off + b.nbytes:
                        return f"buffer {b.index} of a TQue (UB bytes [{b.off}, {b.off + b.nbytes}))"
            elif isinstance(obj, TBufState):
                if obj is not own and obj.mem is mem and obj.off < hi and lo < obj.off + obj.nbytes:
                    return f"a TBuf (UB bytes [{obj.off}, {obj.off + obj.nbytes}))"
    return None


def _scratch_span(c, tmp, need: int, site) -> None:
    """Check the scratch bytes the implementation touches (see the module docstring)."""
    lo, hi = tmp.off, tmp.off + need
    if hi > tmp.mem.size:
        local_span(c, tmp, 0, need // tmp.dt.size, site, "writes")  # raises: past the UB
    if need <= tmp.n * tmp.dt.size or not c.checking:
        return
    past = tmp.off + tmp.n * tmp.dt.size
    other = _other_owner(c, tmp.mem, past, hi, tmp.buf)
    what = (f"works on {need} bytes of scratch from the start of sharedTmpBuffer, a tensor of "
            f"{tmp.n * tmp.dt.size} bytes ({tmp.describe()}): UB bytes [{past}, {hi}) past it")
    if other is None:
        c.finding(OutOfBoundsError(
            f"{what} belong to no TQue/TBuf buffer; the NPU writes them without harm (give "
            f"sharedTmpBuffer (hRepeat * vRepeat + src1.GetSize() / 8) * 256 bytes)",
            site, notes=declared_here(tmp), warning=True))
    else:
        c.finding(OutOfBoundsError(
            f"{what} overlap {other}: the NPU overwrites that buffer", site,
            notes=declared_here(tmp)))


@lowers(A.BilinearInterpolationOp)
def lower_bilinear(op, cx: Lowering):
    pre = cx.take_pre()
    site = cx.site(op)
    for value in (op.dst, op.src0, op.src1):
        dt = dtype_of(op, cx, value)
        if dt.name != "f16":
            raise cx.error(op, f"has {dt.name} elements; Ascend C's BilinearInterpolation takes "
                               "half only (its SupportType<half> check)")
    _check_offset_tensor(op, cx, op.src0_offset)
    read_mask = _mask_of(op, cx)
    sd, s0, so, s1, st = cx.slots((op.dst, op.src0, op.src0_offset, op.src1,
                                   op.shared_tmp_buffer))
    sh, sm, sbs, svr, sv = cx.slots((op.h_repeat, op.repeat_mode, op.dst_blk_stride,
                                     op.v_r_offset, op.v_repeat))
    f16 = np.dtype(np.float16)
    scalar_extra = _SCALAR_EXTRA * cx.issue

    def f(R):
        c = R[0]
        c.t += pre + scalar_extra
        dst, src0, offs_t, src1, tmp = R[sd], R[s0], R[so], R[s1], R[st]
        h, v = R[sh] & 0xFF, R[sv] & 0xFF
        repeat_mode = bool(R[sm])
        blk_stride = R[sbs] & 0xFFFF
        vro = R[svr] & 0xFFFF
        mask = read_mask(R)
        cost, lat = c.cost, c.cost.vector_latency
        if c.checking:
            for t, role in ((dst, "writes"), (src0, "reads"), (offs_t, "reads"),
                            (src1, "reads"), (tmp, "writes")):
                check_align(c, t, site, role)
            if vro % PB:
                c.finding(AlignmentError(
                    f"has vROffset {vro}, not a multiple of {PB}: vROffset * sizeof(half) must "
                    "be 32-byte aligned; the NPU rounds it down to a whole 32-byte block",
                    site, warning=True))
        n = (h * v) & 0xFF  # innerRepeatTimes is a uint8_t in the implementation
        pos = h * v * E  # posSrc1Brcb is a uint32_t: not wrapped
        nb = src1.n // 8  # Brcb's repeat count: src1.GetSize() / brcbEleNum
        src_rep = (h * 8) & 0xFF  # UnaryRepeatParams::srcRepStride is a uint8_t
        dst_rep = (vro * 2 // 32) & 0xFF  # and dstRepStride
        # The broadcast blocks the Mul reads: one per repeat, or one per block.
        mul_blocks = (n * 8 if repeat_mode else n) if n else 0
        need = 2 * max(n * E, pos + nb * 8 * PB if nb else 0, pos + mul_blocks * PB,
                       h * v * E if h > 1 else 0, (v - 1) * src_rep * PB + E if v else 0)
        _scratch_span(c, tmp, need, site)
        mem = tmp.mem.bytes
        scratch = mem[tmp.off:tmp.off + need].view(f16)
        san = c.san

        # 1. Gatherb + 2. Brcb (one after the other on V, no barrier between them).
        if n:
            blocks = _elements(c, _offsets(c, offs_t, n * 8, site), 32, site)
            if blocks is None:
                c.run(V, cost.vector("Gatherb", n), lat, site)
                return
            slo, shi = int(blocks.min()) * PB, (int(blocks.max()) + 1) * PB
            local_span(c, src0, slo, shi - slo, site, "reads")
            s0v = src0.mem.typed(src0.off, src0.dt, shi).view(f16)
            idx = (blocks[:, None] * PB + np.arange(PB)).reshape(-1)
            scratch[:n * E] = s0v[idx]
            if san is not None:
                k = san.begin(V)
                san.access(offs_t.mem, offs_t.off, offs_t.off + 4 * n * 8, False, V, k, site)
                san.access(src0.mem, src0.off + 2 * slo, src0.off + 2 * shi, False, V, k, site)
                san.access(tmp.mem, tmp.off, tmp.off + n * 256, True, V, k, site)
        c.run(V, cost.vector("Gatherb", n), lat, site)
        if nb:
            local_span(c, src1, 0, nb * 8, site, "reads")
            s1v = src1.mem.typed(src1.off, src1.dt, nb * 8).view(f16)
            scratch[pos:pos + nb * 8 * PB] = np.repeat(s1v, PB)
            if san is not None:
                k = san.begin(V)
                san.access(src1.mem, src1.off, src1.off + 2 * nb * 8, False, V, k, site)
                san.access(tmp.mem, tmp.off + 2 * pos, tmp.off + 2 * pos + nb * 256, True, V,
                           k, site)
        c.run(V, cost.vector("Brcb", nb), lat, site)
        c.barrier(V)

        # 3. Mul, counter mode over n * E elements: every lane, whatever the user's mask.
        if n:
            data = scratch[:n * E].reshape(n, 8, PB)
            if repeat_mode:
                bidx = np.arange(n * 8).reshape(n, 8)
            else:
                bidx = np.repeat(np.arange(n)[:, None], 8, axis=1)
            # the broadcast blocks read, as element indices of the scratch
            lanes = pos + bidx[..., None] * PB + np.arange(PB)
            # (blocks past what Brcb wrote, when src1 is short, are read as the UB holds them)
            mul_hi = pos + mul_blocks * PB
            np.multiply(scratch[lanes], data, out=data)
            if san is not None:
                k = san.begin(V)
                san.access(tmp.mem, tmp.off + 2 * pos, tmp.off + 2 * mul_hi, False, V, k, site)
                san.access(tmp.mem, tmp.off, tmp.off + n * 256, True, V, k, site)
        c.run(V, cost.vector("Mul", n), lat, site)
        c.barrier(V)

        # 4. Accumulate each row's hRepeat repeats in its first one (masked lanes).
        m = mask_elements(mask, E)
        adds = max(h - 1, 0)
        if adds and v and m.size:
            rows = scratch[:v * h * E].reshape(v, h, E)
            acc = rows[:, 0, m]
            for t in range(1, h):
                acc = rows[:, t, m] + acc  # Add(dst=acc, src0=repeat t, src1=acc)
            rows[:, 0, m] = acc
            if san is not None:
                k = san.begin(V)
                san.access(tmp.mem, tmp.off, tmp.off + v * h * 256, False, V, k, site)
                san.access(tmp.mem, tmp.off, tmp.off + v * h * 256, True, V, k, site)
        for _ in range(v if h > 1 else 0):
            c.run(V, cost.vector("Add", adds), lat, site)
        c.barrier(V)

        # 5. Adds(dst, scratch, 0): dst repeat i from the accumulated repeat i.
        if v and m.size:
            r = np.arange(v)[:, None]
            s_idx = r * src_rep * PB + m[None, :]
            d_idx = (r * dst_rep * PB + (m // PB * blk_stride * PB + m % PB)[None, :]).reshape(-1)
            s_hi = int(s_idx.max()) + 1
            acc = scratch[s_idx.reshape(-1)]
            dlo, dhi = int(d_idx.min()), int(d_idx.max()) + 1
            local_span(c, dst, dlo, dhi - dlo, site, "writes")
            dv = dst.mem.typed(dst.off, dst.dt, dhi).view(f16)
            dv[d_idx] = acc + np.float16(0)
            if san is not None:
                k = san.begin(V)
                san.access(tmp.mem, tmp.off, tmp.off + 2 * s_hi, False, V, k, site)
                san.access(dst.mem, dst.off + 2 * dlo, dst.off + 2 * dhi, True, V, k, site)
        c.run(V, cost.vector("Adds", v), lat, site)
        c.mask = mask  # Add and Adds set the user's mask (normal mode) last

    return f
