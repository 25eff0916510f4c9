"""The Ascend C math library (Erf, Tanh, Sin, ...): `calCount` elements, each its formula.

The numerics are numpy's (in float32 for half, rounded back), which the library matches to a
few ulp; the cost is `vector_cycles[api]` per 256-byte repeat, a figure that stands for the
library's several vector instructions per repeat (see the SoC table).
"""

from __future__ import annotations

import math

import numpy as np

import ascdsl.dialects.ascendc as A

from ..compiler import Lowering, lowers
from ..sanitizer import V
from .common import check_align, dtype_of, local_span

_FUNCTIONS = {
    "erf": np.vectorize(math.erf, otypes=[np.float64]),
    "tanh": np.tanh,
    "sin": np.sin,
    "cos": np.cos,
    "tan": np.tan,
    "sinh": np.sinh,
    "cosh": np.cosh,
    "floor": np.floor,
    "ceil": np.ceil,
}


def _function(op, cx: Lowering):
    formula = type(op).FORMULA or ""
    name = formula.split("(", 1)[0]
    fn = _FUNCTIONS.get(name)
    if fn is None:
        raise cx.error(op, f"has no simulated function for its formula {formula!r}")
    return fn


@lowers(A.UnaryMathOp)
def lower_math(op, cx: Lowering):
    pre = cx.take_pre()
    site = cx.site(op)
    fn = _function(op, cx)
    api = type(op).CPP.api
    dt = dtype_of(op, cx, op.dst)
    sd, ss, sn = cx.slot(op.dst), cx.slot(op.src), cx.slot(op.calCount)
    size = dt.size

    def f(R):
        c = R[0]
        c.t += pre
        d, s, n = R[sd], R[ss], R[sn]
        dlo, dhi = local_span(c, d, 0, n, site, "writes")
        slo, shi = local_span(c, s, 0, n, site, "reads")
        if c.checking:
            check_align(c, d, site, "writes")
            check_align(c, s, site, "reads")
        src = dt.load(s.mem.bytes[slo:shi].view(dt.np)).astype(np.float32)
        with np.errstate(all="ignore"):
            dt.store(d.mem.bytes[dlo:dhi].view(dt.np), fn(src).astype(np.float32))
        san = c.san
        if san is not None:
            k = san.begin(V)
            san.access(s.mem, slo, shi, False, V, k, site)
            san.access(d.mem, dlo, dhi, True, V, k, site)
        c.run(V, c.cost.vector(api, c.cost.repeats(n * size)), c.cost.vector_latency, site)

    return f
