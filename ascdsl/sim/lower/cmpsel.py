"""Compare / CompareScalar / Select, their register forms, GetCmpMask / SetCmpMask.

Which elements an op touches: L0/L1 run repeats of E elements (E = 256 bytes / element size)
with strides and a mask (ascdsl.sim.repeat); L2 runs elements 0..count-1 in counter mode;
register compares run one repeat. The bit of element (r, e) is bit `r * E + e` of the mask
tensor (little-endian within each byte) — Compare writes it, Select in modes 1 and 2 reads it.

The core's CMPMASK register (128 bits, `CoreSim.cmpmask`, zero at launch) holds what the
hardware keeps there: the bits of a register compare or of `SetCmpMask`; the first 16 bytes
of `selMask` after a mode-0 select (Ascend C loads them with `set_cmpmask`); the scalar
repeated after a mode-1 select. A mode-0 select uses those 128 bits for every repeat: element
e of any repeat (and element i of an L2 select) takes bit `e` (bit `i % E`).

Masked-off elements keep their value: Compare leaves their bits, Select their destination.
Selection copies storage bits: no conversion, exact for every type.
"""

from __future__ import annotations

import numpy as np

import ascdsl.dialects.ascendc as A
from ascdsl.dialects.asc.types import CompareMode
from ascdsl.dialects.ascendc import SelMode

from ..compiler import Lowering, lowers
from ..core import FULL_MASK
from ..errors import InvalidArgumentError
from ..repeat import count_mask_problem, mask_elements, plan, repeat_bits
from ..sanitizer import V
from .common import check_align, dtype_of, local_span
from .mask import counter_refused
from .vector import compile_formula

CMPMASK_BYTES = 16


def _mask_reader(op, cx: Lowering, always_sets: bool = False):
    """R -> the mask an L0/L1 op runs with (and sets, with isSetMask or `always_sets`)."""
    if op.LEVEL == "l1":
        slots = cx.slots(op.mask)

        def words(R):
            w = [R[s] for s in slots]
            return ("bits", w[0], w[1] if len(w) > 1 else 0)

        read = words
    else:
        slot = cx.slot(op.mask)

        def read(R):
            return ("count", R[slot])

    if not (always_sets or op.has_flag("isSetMask")):
        return lambda R: R[0].mask

    def set_and_read(R):
        m = read(R)
        R[0].mask = m
        return m

    return set_and_read


def _strides(cx: Lowering, op, names: int):
    """R -> (block strides, repeat strides) of the struct's first `names` operands."""
    sp = cx.slot(op.repeat_params)

    def read(R):
        p = R[sp]
        return tuple(p[:names]), tuple(p[names:2 * names])

    return read


def _bit_positions(mask: tuple, per_repeat: int, repeats: int) -> np.ndarray:
    """Element positions of every repeat's masked-on elements, as bit numbers (r * E + e)."""
    e = mask_elements(mask, per_repeat)
    r = np.arange(repeats, dtype=np.int64)[:, None]
    return (r * per_repeat + e[None, :]).reshape(-1)


def _bits_span(c, t, nbits: int, site, role: str) -> tuple[int, int]:
    """Byte span (absolute) of a bits tensor's first `nbits` bits, checked against the tensor."""
    nbytes = (nbits + 7) >> 3
    lo, _ = local_span(c, t, 0, -(-nbytes // t.dt.size), site, role)
    return lo, lo + nbytes


def _check_repeats(c, rt: int, mask: tuple, per_repeat: int, site) -> None:
    bad = []
    if not 0 <= rt <= 255:
        bad.append(f"repeatTimes={rt} (0..255)")
    if problem := count_mask_problem(mask, per_repeat):
        bad.append(problem)
    if bad:
        c.finding(InvalidArgumentError("has " + ", ".join(bad), site))


def _load_operand(c, t, sdt, pl_lo, pl_hi, idx, site):
    local_span(c, t, pl_lo, pl_hi - pl_lo, site, "reads")
    return sdt.load(t.mem.typed(t.off, sdt, pl_hi))[idx]


# --- compare -------------------------------------------------------------------------------


@lowers(A.CompareOpBase)
def lower_compare(op, cx: Lowering):
    pre = cx.take_pre()
    site = cx.site(op)
    scalar = getattr(op, "src1Scalar", None) is not None
    to_register = getattr(op, "dst", None) is None
    level = op.LEVEL
    sdt = dtype_of(op, cx, op.src0)
    # The tile dialect's CompareMode has CMPMODE's values and knows each one's formula.
    calc = compile_formula(CompareMode(int(op.enum_value("cmpMode"))).formula)
    sd = None if to_register else cx.slot(op.dst)
    sa = cx.slot(op.src0)
    sb = cx.slot(op.src1Scalar) if scalar else cx.slot(op.src1)
    per_repeat = 256 // sdt.size
    nsrc = 1 if scalar else 2
    size = sdt.size
    if level == "l2":
        s_count = cx.slot(op.count)
    else:
        read_mask = _mask_reader(op, cx)
        # Register compares have no repeat count: one repeat.
        s_rt = None if to_register else cx.slot(op.repeat_times)
        m_rt = -1 if to_register else repeat_bits(op.repeat_times)
        # The struct's dst strides describe no operand here (bits are packed): skip them.
        strides = _strides(cx, op, nsrc + 1)
    api = op.CPP.api

    def where(R, c):
        """(element indices per source, bit numbers, repeats) for this execution."""
        if level == "l2":
            n = R[s_count]
            if n < 0:
                raise InvalidArgumentError(f"compares {n} elements", site, core=c.block_idx)
            # A2 (dav_c220 CompareCompute): whole 256-byte repeats only; the elements of a
            # partial one are not compared (Compare.md: "未对齐部分元素不参与计算")
            n -= n % per_repeat
            idx = np.arange(n, dtype=np.int64)
            c.mask = FULL_MASK
            c.counter = False  # the count API ends in normal mode (sim/lower/mask.py)
            return (idx,) * nsrc, idx, n // per_repeat
        if c.counter:
            raise counter_refused(c, site, "Compare")
        # A2: the tensor forms' mask is a reserved parameter (Compare.md, Compares.md); the
        # dav_c220 VcmpvImpl/VcmpvsImpl drop it and compare every element of each repeat
        mask = read_mask(R) if to_register else FULL_MASK
        rt = 1 if s_rt is None else R[s_rt] & m_rt
        blk, rep = strides(R)
        if c.checking:
            _check_repeats(c, rt, mask, per_repeat, site)
        if rt <= 0:
            return None, None, 0
        pl = plan((size,) * nsrc, blk[1:], rep[1:], rt, mask)
        return pl.idx, _bit_positions(mask, per_repeat, rt), rt

    def f(R):
        c = R[0]
        c.t += pre
        a = R[sa]
        idx, bits, repeats = where(R, c)
        if c.checking:
            check_align(c, a, site, "reads")
            if sd is not None:
                check_align(c, R[sd], site, "writes")
        if idx is not None and idx[0].size:
            spans = [(int(i.min()), int(i.max()) + 1) for i in idx]
            av = _load_operand(c, a, sdt, *spans[0], idx[0], site)
            if scalar:
                bv = sdt.np_scalar(R[sb])
            else:
                bv = _load_operand(c, R[sb], sdt, *spans[1], idx[1], site)
            result = np.asarray(calc(av, bv), dtype=bool)
            nbits = int(bits.max()) + 1
            if sd is None:
                raw = c.cmpmask
                target = None
            else:
                d = R[sd]
                dlo, dhi = _bits_span(c, d, nbits, site, "writes")
                raw = d.mem.bytes[dlo:dhi]
                target = (d.mem, dlo, dhi)
            unpacked = np.unpackbits(raw, bitorder="little")
            unpacked[bits] = result
            raw[...] = np.packbits(unpacked, bitorder="little")[:raw.size]
            san = c.san
            if san is not None:
                k = san.begin(V)
                srcs = (a,) if scalar else (a, R[sb])
                for t, (lo, hi) in zip(srcs, spans):
                    san.access(t.mem, t.off + lo * size, t.off + hi * size, False, V, k, site)
                if target is not None:
                    san.access(target[0], target[1], target[2], True, V, k, site)
        c.run(V, c.cost.vector(api, max(repeats, 0)), c.cost.vector_latency, site)

    return f


@lowers(A.GetCmpMaskOp, A.SetCmpMaskOp)
def lower_cmp_mask_register(op, cx: Lowering):
    """GetCmpMask: register -> dst[:16 bytes]; SetCmpMask: src[:16 bytes] -> register."""
    pre = cx.take_pre()
    site = cx.site(op)
    get = isinstance(op, A.GetCmpMaskOp)
    st = cx.slot(op.dst if get else op.src)

    def f(R):
        c = R[0]
        c.t += pre
        t = R[st]
        lo, hi = _bits_span(c, t, CMPMASK_BYTES * 8, site, "writes" if get else "reads")
        if c.checking:
            check_align(c, t, site, "writes" if get else "reads")
        if get:
            t.mem.bytes[lo:hi] = c.cmpmask
        else:
            c.cmpmask[:] = t.mem.bytes[lo:hi]
        san = c.san
        if san is not None:
            san.access(t.mem, lo, hi, get, V, san.begin(V), site)
        c.run(V, c.cost.vector(op.CPP.api, 1), c.cost.vector_latency, site)

    return f


# --- select --------------------------------------------------------------------------------


@lowers(A.SelectOpBase)
def lower_select(op, cx: Lowering):
    pre = cx.take_pre()
    site = cx.site(op)
    cls = type(op)
    level = cls.LEVEL
    ddt = dtype_of(op, cx, op.dst)
    size = ddt.size
    per_repeat = 256 // size
    if "selMode" in cls.get_irdl_definition().properties:
        mode = SelMode(int(op.enum_value("selMode")))
    else:
        mode = SelMode.VSEL_TENSOR_SCALAR_MODE  # select_scalar_reg
    scalar_src = mode is SelMode.VSEL_TENSOR_SCALAR_MODE
    from_register = level == "reg"
    if from_register and mode is SelMode.VSEL_TENSOR_TENSOR_MODE:
        raise cx.error(op, "in VSEL_TENSOR_TENSOR_MODE takes selMask's UB address from the "
                           "CMPMASK register, which the simulator holds as bits: select with "
                           "a selMask tensor (select_l0/l1/l2) instead")
    sd, sa = cx.slot(op.dst), cx.slot(op.src0)
    s_sel = cx.slot(op.selMask) if getattr(op, "selMask", None) is not None else None
    s_b = cx.slot(op.src1) if getattr(op, "src1", None) is not None else None
    ntensors = 2 if scalar_src else 3  # dst, src0 (, src1)
    if level == "l2":
        s_count = cx.slot(op.count)
    else:
        s_rt = cx.slot(op.repeat_times)
        m_rt = repeat_bits(op.repeat_times)
        strides = _strides(cx, op, 3)
        # A2: Select's isSetMask is reserved (Select.md); dav_c220's VselImpl always sets mask
        read_mask = (_mask_reader(op, cx, always_sets=True) if level in ("l0", "l1")
                     else lambda R: R[0].mask)  # register forms run with the current mask
    api = cls.CPP.api
    # Ascend C's select loads CMPMASK first (set_cmpmask, a Duplicate for the scalar): one
    # more vector instruction than the selection itself; register forms skip it.
    setup = 0 if from_register else 1

    def where(R, c):
        """(element indices per tensor, element positions for the bits, repeats)."""
        if level == "l2":
            n = R[s_count]
            if n < 0:
                raise InvalidArgumentError(f"selects {n} elements", site, core=c.block_idx)
            idx = np.arange(n, dtype=np.int64)
            c.mask = FULL_MASK
            c.counter = False
            return (idx,) * ntensors, idx, -(-n // per_repeat)
        if c.counter:
            raise counter_refused(c, site, "Select")
        mask = read_mask(R)
        rt = R[s_rt] & m_rt
        blk, rep = strides(R)
        if c.checking:
            _check_repeats(c, rt, mask, per_repeat, site)
        if rt <= 0:
            return None, None, 0
        pl = plan((size,) * ntensors, blk[:ntensors], rep[:ntensors], rt, mask)
        return pl.idx, _bit_positions(mask, per_repeat, rt), rt

    def selection_bits(c, R, positions):
        """The bit of each selected element, and the selMask byte span read (or None)."""
        if mode is SelMode.VSEL_CMPMASK_SPR:
            if from_register:
                pattern, span = c.cmpmask, None
            else:
                sel = R[s_sel]
                lo, hi = _bits_span(c, sel, CMPMASK_BYTES * 8, site, "reads")
                c.cmpmask[:] = sel.mem.bytes[lo:hi]
                pattern, span = c.cmpmask, (sel.mem, lo, hi)
            bits = np.unpackbits(pattern, bitorder="little")
            return bits[positions % per_repeat] != 0, span
        sel = R[s_sel]
        lo, hi = _bits_span(c, sel, int(positions.max()) + 1, site, "reads")
        bits = np.unpackbits(sel.mem.bytes[lo:hi], bitorder="little")
        return bits[positions] != 0, (sel.mem, lo, hi)

    def scalar_value(c, R):
        """src1 as one stored element (dst's storage type)."""
        out = np.empty(1, dtype=ddt.np)
        if s_b is None:  # select_scalar_reg: CMPMASK's first element
            out[...] = c.cmpmask[:size].view(ddt.np)[0]
        else:
            ddt.store(out, np.asarray([ddt.np_scalar(R[s_b])]))
            if not from_register:  # Ascend C leaves the scalar repeated in CMPMASK
                c.cmpmask[:] = np.frombuffer(np.repeat(out, CMPMASK_BYTES // size).tobytes(),
                                             dtype=np.uint8)
        return out[0]

    def f(R):
        c = R[0]
        c.t += pre
        d, a = R[sd], R[sa]
        idx, positions, repeats = where(R, c)
        if c.checking:
            check_align(c, d, site, "writes")
            check_align(c, a, site, "reads")
        if idx is not None and idx[0].size:
            sel, span = selection_bits(c, R, positions)
            spans = [(int(i.min()), int(i.max()) + 1) for i in idx]
            tensors = [d, a] if scalar_src else [d, a, R[s_b]]
            views = []
            for t, (lo, hi), role in zip(tensors, spans, ("writes", "reads", "reads")):
                local_span(c, t, lo, hi - lo, site, role)
                views.append(t.mem.typed(t.off, ddt, hi))
            other = scalar_value(c, R) if scalar_src else views[2][idx[2]]
            views[0][idx[0]] = np.where(sel, views[1][idx[1]], other)
            san = c.san
            if san is not None:
                k = san.begin(V)
                if span is not None:
                    san.access(span[0], span[1], span[2], False, V, k, site)
                for t, (lo, hi) in zip(tensors[1:], spans[1:]):
                    san.access(t.mem, t.off + lo * size, t.off + hi * size, False, V, k, site)
                san.access(d.mem, d.off + spans[0][0] * size, d.off + spans[0][1] * size, True,
                           V, k, site)
        c.run(V, c.cost.vector(api, max(repeats, 0) + setup), c.cost.vector_latency, site)

    return f
