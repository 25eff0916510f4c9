"""Transpose of one 16 x 16 matrix of 2-byte elements (ops_transpose.py): the stored bits of
src[j][i] go to dst[i][j], one vector instruction (the cost of one repeat: 512 bytes).

The TransposeParamsExt form does what the 910B's Ascend C (dav-c220) does with each
transposeType:
- TRANSPOSE_ND2ND_B16 with hSize = wSize = 16: the 16 x 16 transpose above;
- TRANSPOSE_NCHW2NHWC / TRANSPOSE_NHWC2NCHW: for each of the nSize images, the C x (H*W)
  matrix transposed (NCHW -> NHWC) or back; with cSize = 1 the layouts coincide and Ascend C
  copies `n*h*w / (32 / sizeof(T))` whole 32-byte blocks. hSize * wSize * sizeof(T) must be
  a multiple of 32 bytes and hSize * wSize, cSize at most 4095 (the headers' checks);
- every other type, or ND2ND_B16 with another size, does nothing there: an
  InvalidArgumentError, since a kernel that calls it surely means something else.
The bits move whatever the element type. Ascend C stages the data through the scratch
buffer (TransDataTo5HD passes and copies): the sanitizer records a write of the whole
scratch tensor, and the cost is three vector passes over the data (an estimate).
"""

from __future__ import annotations

import ascdsl.dialects.ascendc as A
from ascdsl.dialects.ascendc.types_sort import TransposeType as TT

from ..compiler import Lowering, lowers
from ..errors import InvalidArgumentError
from ..sanitizer import V
from .common import check_align, dtype_of, local_span

_N = 16


@lowers(A.TransposeOp)
def lower_transpose(op, cx: Lowering):
    pre = cx.take_pre()
    site = cx.site(op)
    dt = dtype_of(op, cx, op.dst)
    if dt.size != 2:
        raise cx.error(op, f"transposes {dt.name} elements; Ascend C's Transpose(dst, src) "
                           "takes one 16 x 16 matrix of 2-byte elements (half, int16, uint16)")
    sd, ss = cx.slot(op.dst), cx.slot(op.src)
    n = _N * _N

    def f(R):
        c = R[0]
        c.t += pre
        d, s = R[sd], R[ss]
        slo, shi = local_span(c, s, 0, n, site, "reads")
        dlo, dhi = local_span(c, d, 0, n, site, "writes")
        if c.checking:
            check_align(c, d, site, "writes")
            check_align(c, s, site, "reads")
        # Bits, not values: the instruction moves 2-byte words whatever their type.
        src = s.mem.bytes[slo:shi].view("<u2").reshape(_N, _N)
        d.mem.bytes[dlo:dhi].view("<u2")[:] = src.T.reshape(-1)
        san = c.san
        if san is not None:
            k = san.begin(V)
            san.access(s.mem, slo, shi, False, V, k, site)
            san.access(d.mem, dlo, dhi, True, V, k, site)
        c.run(V, c.cost.vector("Transpose", 2), c.cost.vector_latency, site)

    return f


_UINT = {1: "<u1", 2: "<u2", 4: "<u4", 8: "<u8"}
_MAX_12BIT = 4095


@lowers(A.TransposeExtOp)
def lower_transpose_ext(op, cx: Lowering):
    pre = cx.take_pre()
    site = cx.site(op)
    dt = dtype_of(op, cx, op.dst)
    word = _UINT.get(dt.size)
    if word is None:
        raise cx.error(op, f"transposes {dt.name} elements (1, 2, 4 or 8 bytes each)")
    sd, ss, st, sp = cx.slot(op.dst), cx.slot(op.src), cx.slot(op.shared_tmp_buffer), \
        cx.slot(op.params)

    def fail(c, msg):
        raise InvalidArgumentError(msg, site, core=c.block_idx)

    def f(R):
        c = R[0]
        c.t += pre
        d, s, tmp = R[sd], R[ss], R[st]
        n, ch, h, w, kind = (int(x) for x in R[sp])
        try:
            kind = TT(kind)
        except ValueError:
            fail(c, f"has transposeType {kind}, which is no AscendC::TransposeType")
        hw = h * w
        scratch = None
        if kind == TT.TRANSPOSE_ND2ND_B16 and h == 16 and w == 16:
            if dt.size != 2:
                fail(c, f"transposes {dt.name} with TRANSPOSE_ND2ND_B16 (2-byte elements only)")
            count = 256
            slo, shi = local_span(c, s, 0, count, site, "reads")
            dlo, dhi = local_span(c, d, 0, count, site, "writes")
            src = s.mem.bytes[slo:shi].view(word).reshape(16, 16)
            d.mem.bytes[dlo:dhi].view(word)[:] = src.T.reshape(-1)
            passes = 1
        elif kind in (TT.TRANSPOSE_NCHW2NHWC, TT.TRANSPOSE_NHWC2NCHW):
            if ch == 1:
                # DataCopy UB -> UB of whole blocks: a remainder under 32 bytes is not copied.
                count = n * hw // (32 // dt.size) * (32 // dt.size)
            else:
                if hw * dt.size % 32:
                    fail(c, f"has hSize * wSize * sizeof(T) = {hw * dt.size} bytes; "
                            f"{kind.name} needs a multiple of 32")
                if ch > _MAX_12BIT or hw > _MAX_12BIT:
                    fail(c, f"has cSize {ch} and hSize * wSize {hw}; {kind.name} takes at "
                            f"most {_MAX_12BIT} each")
                if tmp.n <= 0:
                    fail(c, "has an empty sharedTmpBuffer")
                count = n * ch * hw
                scratch = local_span(c, tmp, 0, tmp.n, site, "writes")
            slo, shi = local_span(c, s, 0, count, site, "reads")
            dlo, dhi = local_span(c, d, 0, count, site, "writes")
            src = s.mem.bytes[slo:shi].view(word)
            if ch == 1:
                out = src.copy()
            elif kind == TT.TRANSPOSE_NCHW2NHWC:
                out = src.reshape(n, ch, hw).transpose(0, 2, 1).reshape(-1)
            else:
                out = src.reshape(n, hw, ch).transpose(0, 2, 1).reshape(-1)
            d.mem.bytes[dlo:dhi].view(word)[:] = out
            passes = 1 if ch == 1 else 3
        else:
            fail(c, f"has transposeType {kind.name} (hSize {h}, wSize {w}); Ascend C's "
                    "Transpose does nothing with it on the 910B (it takes ND2ND_B16 with a "
                    "16 x 16 matrix, NCHW2NHWC and NHWC2NCHW)")
        if c.checking:
            for t, role in ((d, "writes"), (s, "reads"), (tmp, "writes")):
                check_align(c, t, site, role)
        san = c.san
        if san is not None:
            k = san.begin(V)
            san.access(s.mem, slo, shi, False, V, k, site)
            if scratch is not None:
                san.access(tmp.mem, scratch[0], scratch[1], True, V, k, site)
            san.access(d.mem, dlo, dhi, True, V, k, site)
        cost = c.cost
        c.run(V, cost.vector("Transpose", passes * max(cost.repeats(dhi - dlo), 1)),
              cost.vector_latency, site)

    return f
