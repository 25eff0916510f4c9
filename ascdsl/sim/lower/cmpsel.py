"""Compare / CompareScalar / Select at level 0: repeats, strides, a count mask, and bit masks.

Repeat r of E elements (E = 256 bytes / source element size) compares or selects the mask's
elements `e` of the repeat; the bit of element (r, e) is bit `r * E + e` of the uint8 mask
tensor, little-endian within each byte. Compare leaves the bits of masked-off elements as
they were, Select leaves masked-off destination elements as they were.
"""

from __future__ import annotations

import numpy as np

import ascdsl.dialects.ascendc as A
from ascdsl.dialects.asc.types import CompareMode

from ..compiler import Lowering, lowers
from ..repeat import mask_elements, plan
from ..sanitizer import V
from .common import check_align, dtype_of, local_span
from .vector import compile_formula


def _params(R, sp: int, names: int) -> tuple[tuple, tuple]:
    """(block strides, repeat strides) of a repeat-parameter struct with `names` operands."""
    p = R[sp]
    return tuple(p[:names]), tuple(p[names:2 * names])


def _mask(c, R, op_mask_slot: int, set_mask: bool) -> tuple:
    if set_mask:
        c.mask = ("count", R[op_mask_slot])
    return c.mask


def _bit_positions(mask: tuple, per_repeat: int, repeats: int) -> np.ndarray:
    e = mask_elements(mask, per_repeat)
    r = np.arange(repeats, dtype=np.int64)[:, None]
    return (r * per_repeat + e[None, :]).reshape(-1)


@lowers(A.CompareL0Op, A.CompareScalarL0Op)
def lower_compare(op, cx: Lowering):
    pre = cx.take_pre()
    site = cx.site(op)
    scalar = isinstance(op, A.CompareScalarL0Op)
    sdt = dtype_of(op, cx, op.src0)
    # The tile dialect's CompareMode has CMPMODE's values and knows each one's formula.
    calc = compile_formula(CompareMode(int(op.enum_value("cmpMode"))).formula)
    sd, sa = cx.slot(op.dst), cx.slot(op.src0)
    sb = cx.slot(op.src1Scalar) if scalar else cx.slot(op.src1)
    s_rt, s_mask, sp = cx.slot(op.repeat_times), cx.slot(op.mask), cx.slot(op.repeat_params)
    set_mask = op.has_flag("isSetMask")
    nsrc = 1 if scalar else 2
    nparams = 2 if scalar else 3  # operands the struct describes: dst (unused here) and sources
    per_repeat = 256 // sdt.size

    def f(R):
        c = R[0]
        c.t += pre
        d, a = R[sd], R[sa]
        rt = R[s_rt]
        mask = _mask(c, R, s_mask, set_mask)
        blk, rep = _params(R, sp, nparams)
        if c.checking:
            check_align(c, d, site, "writes")
            check_align(c, a, site, "reads")
        if rt > 0:
            sizes = (sdt.size,) * nsrc
            pl = plan(sizes, blk[1:1 + nsrc], rep[1:1 + nsrc], rt, mask)
            bits = _bit_positions(mask, per_repeat, rt)
            if pl.count:
                lo, hi = pl.lo[0], pl.hi[0]
                local_span(c, a, lo, hi - lo, site, "reads")
                av = sdt.load(a.mem.typed(a.off, sdt, hi))[pl.idx[0]]
                if scalar:
                    bv = sdt.np_scalar(R[sb])
                else:
                    b = R[sb]
                    local_span(c, b, pl.lo[1], pl.hi[1] - pl.lo[1], site, "reads")
                    bv = sdt.load(b.mem.typed(b.off, sdt, pl.hi[1]))[pl.idx[1]]
                result = np.asarray(calc(av, bv), dtype=bool)
                nbytes = (int(bits.max()) >> 3) + 1
                dlo, dhi = local_span(c, d, 0, -(-nbytes // d.dt.size), site, "writes")
                raw = d.mem.bytes[dlo:dlo + nbytes]
                unpacked = np.unpackbits(raw, bitorder="little")
                unpacked[bits] = result
                raw[...] = np.packbits(unpacked, bitorder="little")[:nbytes]
                san = c.san
                if san is not None:
                    k = san.begin(V)
                    size = sdt.size
                    san.access(a.mem, a.off + lo * size, a.off + hi * size, False, V, k, site)
                    if not scalar:
                        b = R[sb]
                        san.access(b.mem, b.off + pl.lo[1] * size, b.off + pl.hi[1] * size,
                                   False, V, k, site)
                    san.access(d.mem, dlo, dlo + nbytes, True, V, k, site)
        c.run(V, c.cost.vector("Compare", max(rt, 0)), c.cost.vector_latency, site)

    return f


@lowers(A.SelectL0Op)
def lower_select(op, cx: Lowering):
    pre = cx.take_pre()
    site = cx.site(op)
    ddt = dtype_of(op, cx, op.dst)
    sd, sm = cx.slot(op.dst), cx.slot(op.selMask)
    sa, sb = cx.slot(op.src0), cx.slot(op.src1)
    s_rt, s_mask, sp = cx.slot(op.repeat_times), cx.slot(op.mask), cx.slot(op.repeat_params)
    set_mask = op.has_flag("isSetMask")
    per_repeat = 256 // ddt.size

    def f(R):
        c = R[0]
        c.t += pre
        d, m, a, b = R[sd], R[sm], R[sa], R[sb]
        rt = R[s_rt]
        mask = _mask(c, R, s_mask, set_mask)
        blk, rep = _params(R, sp, 3)
        if c.checking:
            for t, role in ((d, "writes"), (m, "reads"), (a, "reads"), (b, "reads")):
                check_align(c, t, site, role)
        if rt > 0:
            pl = plan((ddt.size,) * 3, blk, rep, rt, mask)
            if pl.count:
                bits = _bit_positions(mask, per_repeat, rt)
                nbytes = (int(bits.max()) >> 3) + 1
                mlo, _ = local_span(c, m, 0, -(-nbytes // m.dt.size), site, "reads")
                sel = np.unpackbits(m.mem.bytes[mlo:mlo + nbytes], bitorder="little")[bits] != 0
                views = []
                for t, lo, hi, role in zip((d, a, b), pl.lo, pl.hi, ("writes", "reads", "reads")):
                    local_span(c, t, lo, hi - lo, site, role)
                    views.append(t.mem.typed(t.off, ddt, hi))
                # A selection copies storage bits: no conversion, exact for every type.
                views[0][pl.idx[0]] = np.where(sel, views[1][pl.idx[1]], views[2][pl.idx[2]])
                san = c.san
                if san is not None:
                    k = san.begin(V)
                    size = ddt.size
                    for t, lo, hi in zip((a, b), pl.lo[1:], pl.hi[1:]):
                        san.access(t.mem, t.off + lo * size, t.off + hi * size, False, V, k, site)
                    san.access(m.mem, mlo, mlo + nbytes, False, V, k, site)
                    san.access(d.mem, d.off + pl.lo[0] * size, d.off + pl.hi[0] * size, True, V,
                               k, site)
        c.run(V, c.cost.vector("Select", max(rt, 0)), c.cost.vector_latency, site)

    return f
