"""GetSortLen / GetSortOffset, Sort32 and Sort on the simulator (ops_sort.py).

GetSortLen<float>(n) = 2n and GetSortOffset<float>(i) = 2i (the C220 headers). Sort32 and
Sort write 8-byte (score, uint32 index) regions, descending by score; equal scores keep their
source order (numpy's stable sort; the docs: of equal scores the earlier is selected first);
scores are compared as numbers, so the regions hold the sorted score bits and their indices
exactly. A float region is (score, index); a half region is the score in bytes 0-1, two
reserved bytes, the index in bytes 4-7 (the Sort32 page of the Ascend C reference). What the
instruction leaves in the reserved bytes is not documented: the simulator leaves them as dst
held them (MrgSort moves them with the region, extraction never reads them). Cost: one vector
repeat per 32 elements (and as many again to merge for a full sort).
"""

from __future__ import annotations

import numpy as np

import ascdsl.dialects.ascendc as A

from ..compiler import Lowering, lowers
from ..dtypes import scalar_converter
from ..sanitizer import V
from .common import check_align, dtype_of, local_span

_GROUP = 32


def _query(factor: int):
    def lower(op, cx: Lowering):
        pre = cx.take_pre()
        conv = scalar_converter(op.result.type)
        sv, o = cx.slot(op.value), cx.slot(op.result)

        def f(R):
            R[0].t += pre
            R[o] = conv(R[sv] * factor)

        return f

    return lower


lowers(A.GetSortLenOp)(_query(2))
lowers(A.GetSortOffsetOp)(_query(2))


@lowers(A.Sort32Op, A.SortOp)
def lower_sort(op, cx: Lowering):
    pre = cx.take_pre()
    site = cx.site(op)
    dt = dtype_of(op, cx, op.dst)
    if dt.name not in ("f16", "f32"):
        raise cx.error(op, f"sorts {dt.name} scores; Sort32 and Sort take half or float")
    half = dt.name == "f16"
    score_fmt = "<f2" if half else "<f4"
    per_region = 8 // dt.size  # dst elements per region
    full = isinstance(op, A.SortOp) and op.isFullSort is not None
    api = type(op).CPP.api
    sd, ss, si, sr = cx.slot(op.dst), cx.slot(op.scores), cx.slot(op.indices), \
        cx.slot(op.repeatTime)

    def f(R):
        c = R[0]
        c.t += pre
        d, s, ix = R[sd], R[ss], R[si]
        rt = max(int(R[sr]), 0)
        n = rt * _GROUP
        slo, shi = local_span(c, s, 0, n, site, "reads")
        ilo, ihi = local_span(c, ix, 0, n, site, "reads")
        dlo, dhi = local_span(c, d, 0, per_region * n, site, "writes")
        if c.checking:
            for t, role in ((d, "writes"), (s, "reads"), (ix, "reads")):
                check_align(c, t, site, role)
        scores = s.mem.bytes[slo:shi].view(score_fmt).copy()
        idx = ix.mem.bytes[ilo:ihi].view("<u4").copy()
        groups = [np.arange(n)] if full else [np.arange(g, g + _GROUP) for g in range(0, n, _GROUP)]
        regions = d.mem.bytes[dlo:dhi].reshape(-1, 8)
        score_bytes = regions[:, :dt.size]
        index_words = regions[:, 4:].view("<u4")[:, 0]
        key = -scores.astype(np.float32)
        for g in groups:
            order = g[np.argsort(key[g], kind="stable")]
            score_bytes[g[0]:g[0] + len(g)] = scores[order].view(np.uint8).reshape(-1, dt.size)
            index_words[g[0]:g[0] + len(g)] = idx[order]
        san = c.san
        if san is not None:
            k = san.begin(V)
            san.access(s.mem, slo, shi, False, V, k, site)
            san.access(ix.mem, ilo, ihi, False, V, k, site)
            san.access(d.mem, dlo, dhi, True, V, k, site)
        repeats = rt * (2 if full else 1)
        c.run(V, c.cost.vector(api, max(repeats, 1)), c.cost.vector_latency, site)

    return f
