"""FusedMulAdd, FusedMulAddRelu, MulAddDst: binary-family ops whose formula reads dst too.

The formula is over `a` (src0), `b` (src1) and `c` (dst's old value). The instructions are
fused multiply-adds: the simulator computes the formula in double and rounds once to the
element type (bf16 through f32). MulAddDst may take half sources into a float dst. Addressing is any binary op's: L2 the first `count`
elements, L0/L1 repeats with BinaryRepeatParams strides and a mask (ascdsl.sim.repeat);
masked-off destination elements keep their value.
"""

from __future__ import annotations

import numpy as np

import ascdsl.dialects.ascendc as A

from ..compiler import Lowering, lowers
from ..core import FULL_MASK
from ..errors import InvalidArgumentError
from ..repeat import count_mask_problem, elements_per_repeat, plan, repeat_bits
from ..sanitizer import V
from .common import check_align, dtype_of, local_span
from .mask import counter_refused
from .vector import _stride_reader

_NS = {name: getattr(np, name) for name in dir(np) if not name.startswith("_")}
_NS["__builtins__"] = {}


@lowers(A.TernaryOp)
def lower_ternary(op, cx: Lowering):
    cls = type(op)
    pre = cx.take_pre()
    site = cx.site(op)
    api = cls.CPP.api
    dt = dtype_of(op, cx, op.dst)
    st = dtype_of(op, cx, op.src0)  # MulAddDst: half sources into a float dst
    if dt.kind != "float":
        raise cx.error(op, f"computes on {dt.name}; Ascend C's {api} takes half or float")
    calc = eval(f"lambda a, b, c: ({cls.FORMULA})", _NS)  # noqa: S307 - the op's own fact
    size, ssize = dt.size, st.size
    sizes = (size, ssize, ssize)
    sd, sa, sb = cx.slot(op.dst), cx.slot(op.src0), cx.slot(op.src1)
    level = cls.LEVEL
    if level == "l2":
        sn = cx.slot(op.count)
    else:
        strides = _stride_reader(op, cx, ["dst", "src0", "src1"])
        s_rt = cx.slot(op.repeat_times)
        m_rt = repeat_bits(op.repeat_times)
        words = level == "l1"
        s_mask = cx.slots(op.mask) if words else cx.slot(op.mask)
        set_mask = op.has_flag("isSetMask")
        per_repeat = elements_per_repeat(sizes)

    def f(R):
        c = R[0]
        c.t += pre
        d, a, b = R[sd], R[sa], R[sb]
        if level == "l2":
            n = R[sn]
            if n < 0:
                raise InvalidArgumentError(f"processes {n} elements", site, core=c.block_idx)
            idx = (np.arange(n, dtype=np.int64),) * 3
            c.mask = FULL_MASK
            c.counter = False
            repeats = -(-n * size // 256)
        else:
            if set_mask:
                if words:
                    w = [R[x] for x in s_mask]
                    c.mask = ("bits", w[0], w[1] if len(w) > 1 else 0)
                else:
                    c.mask = ("count", R[s_mask])
            if c.counter:
                raise counter_refused(c, site, "the fused ops")
            mask = c.mask
            rt = R[s_rt] & m_rt
            blk, rep = strides(R)
            if c.checking and (problem := count_mask_problem(mask, per_repeat)):
                c.finding(InvalidArgumentError(f"has {problem}", site))
            idx = plan(sizes, blk, rep, max(rt, 0), mask).idx
            repeats = max(rt, 0)
        if c.checking:
            check_align(c, d, site, "writes")
            check_align(c, a, site, "reads")
            check_align(c, b, site, "reads")
        if idx[0].size:
            views = []
            for t, i, role, ty in zip((d, a, b), idx, ("writes", "reads", "reads"),
                                      (dt, st, st)):
                lo, hi = int(i.min()), int(i.max()) + 1
                local_span(c, t, lo, hi - lo, site, role)
                views.append(t.mem.typed(t.off, ty, hi))
            av, bv = (st.load(v[i]).astype(np.float64)
                      for v, i in ((views[1], idx[1]), (views[2], idx[2])))
            cv = dt.load(views[0][idx[0]]).astype(np.float64)
            out = np.asarray(calc(av, bv, cv))
            if dt.is_bf16:
                stored = np.empty(out.shape, dtype=dt.np)
                dt.store(stored, out.astype(np.float32))
                views[0][idx[0]] = stored
            else:
                views[0][idx[0]] = out.astype(dt.np)
            san = c.san
            if san is not None:
                k = san.begin(V)
                for t, i, z in ((a, idx[1], ssize), (b, idx[2], ssize), (d, idx[0], size)):
                    san.access(t.mem, t.off + int(i.min()) * z,
                               t.off + (int(i.max()) + 1) * z, False, V, k, site)
                san.access(d.mem, d.off + int(idx[0].min()) * size,
                           d.off + (int(idx[0].max()) + 1) * size, True, V, k, site)
        c.run(V, c.cost.vector(api, repeats), c.cost.vector_latency, site)

    return f
