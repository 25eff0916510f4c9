"""Transpose of one 16 x 16 matrix of 2-byte elements (ops_transpose.py): the stored bits of
src[j][i] go to dst[i][j], one vector instruction (the cost of one repeat: 512 bytes).

TransposeParamsExt's forms are not simulated (their NZ layouts and scratch use have no
lowering yet): a located NotSimulatedError says so.
"""

from __future__ import annotations

import ascdsl.dialects.ascendc as A

from ..compiler import Lowering, lowers, not_simulated
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


not_simulated(A.TransposeExtOp, "is not simulated yet (TransposeParamsExt's NCHW/NHWC and NZ "
                                "layouts have no lowering)")
