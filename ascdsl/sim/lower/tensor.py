"""GlobalTensor, LocalTensor views, GetValue/SetValue, static tensors and LocalMemAllocator."""

from __future__ import annotations

import ascdsl.dialects.ascendc as A
from ascdsl.dialects.ascendc.enums import Hardware, TPosition

from ..compiler import Lowering, lowers, not_simulated
from ..dcache import scalar_access
from ..dtypes import scalar_converter
from ..errors import InvalidArgumentError, OutOfBoundsError, Site, UBOverflowError
from ..gm_layout import limit as gm_limit
from ..memory import GTensor, LTensor, UnboundTensor, _new
from ..queues import AllocatorState
from ..sanitizer import S
from ..ub_layout import place
from .common import ALIGN, check_align, declared_here, dtype_of, gm_span, local_span

not_simulated(
    A.LocalTensorAutoOp,
    "compiler-managed tensors have no memory yet; run the materialize-tensor pass first (it "
    "turns each local_tensor_auto into a TBuf or a queue buffer)",
)


@lowers(A.GlobalTensorOp)
def lower_global_tensor(op, cx: Lowering):
    pre = cx.take_pre()
    site = cx.site(op)
    dt = dtype_of(op, cx, op.tensor)
    o = cx.slot(op.tensor)

    def f(R):
        R[0].t += pre
        R[o] = GTensor(dt, site)

    return f


@lowers(A.SetGlobalBufferOp)
def lower_set_global_buffer(op, cx: Lowering):
    pre = cx.take_pre()
    site = cx.site(op)
    st, sp = cx.slot(op.tensor), cx.slot(op.buffer)
    ss = cx.slot(op.size) if op.size is not None else None

    def f(R):
        c = R[0]
        c.t += pre
        g, p = R[st], R[sp]
        size = R[ss] if ss is not None else None
        buf = p.buf
        # A pointer past the tensor but inside its segment is fine on the NPU (pyasc's
        # ragged launches point the last cores there); what it accesses is checked then.
        if p.off < 0 or p.off > gm_limit(buf):
            raise OutOfBoundsError(
                f"points a GlobalTensor at element {p.off} of GM argument '{buf.name}', which has "
                f"{buf.n} elements (and its allocation's segment ends at element "
                f"{gm_limit(buf)})",
                site,
                core=c.block_idx,
            )
        if size is not None and (size < 0 or p.off + size > buf.n) and c.checking:
            c.finding(
                OutOfBoundsError(
                    f"gives a GlobalTensor {size} elements from element {p.off} of GM argument "
                    f"'{buf.name}', which has {buf.n} elements",
                    site,
                )
            )
        g.bind(buf, p.off, size)
        g.origin = site

    return f


@lowers(A.SetL2CacheHintOp)
def lower_l2_cache_hint(op, cx: Lowering):
    """The GlobalTensor's reads and/or writes from now on use the cache mode (views made
    before keep theirs, as `g[i]` copies the address and its cache bits in Ascend C)."""
    pre = cx.take_pre()
    st = cx.slot(op.tensor)
    mode = op.mode.value.data
    rw = op.rw_mode.value.data

    def f(R):
        c = R[0]
        c.t += pre
        g = R[st]
        if g.buf is None:
            g.mem  # raises: not bound yet
        read, write = g.cache
        g.cache = (mode if rw & 1 else read, mode if rw & 2 else write)

    return f


@lowers(A.GlobalSubIndexOp)
def lower_global_subindex(op, cx: Lowering):
    pre = cx.take_pre()
    site = cx.site(op)
    st, si, o = cx.slot(op.tensor), cx.slot(op.index), cx.slot(op.result)

    def f(R):
        c = R[0]
        c.t += pre
        g, i = R[st], R[si]
        if g.buf is None:
            g.mem  # raises: not bound yet
        # Within the argument (the common case) needs no look at the GM layout.
        if i < 0 or (g.off + i > g.buf.n and g.off + i > gm_limit(g.buf)):
            raise OutOfBoundsError(
                f"takes GlobalTensor[{i}] of a tensor of {g.n} elements (argument '{g.buf.name}' "
                f"has {g.buf.n})",
                site,
                notes=declared_here(g),
                core=c.block_idx,
            )
        # GTensor.sub written out (a view per copy in most kernels; keep the two alike).
        v = _new(GTensor)
        v.buf = g.buf
        v.off = g.off + i
        v.n = g.n - i
        v.size = None if g.size is None else g.size - i
        v.dt = g.dt
        v.origin = g.origin
        v.cache = g.cache
        v.shape_info = ()
        v.view = g.view + i
        R[o] = v

    return f


@lowers(A.LocalSubIndexOp)
def lower_local_subindex(op, cx: Lowering):
    pre = cx.take_pre()
    site = cx.site(op)
    st, si, o = cx.slot(op.tensor), cx.slot(op.index), cx.slot(op.result)

    def f(R):
        c = R[0]
        c.t += pre
        t, i = R[st], R[si]
        if i < 0 or i > t.n:
            err = OutOfBoundsError(
                f"takes LocalTensor[{i}] of a tensor of {t.n} {t.dt.name} elements "
                f"({t.describe()})",
                site,
                notes=declared_here(t),
                core=c.block_idx,
            )
            if i < 0 or t.off + i * t.dt.size > t.mem.size:
                raise err
            if c.checking:
                c.finding(err)
        R[o] = LTensor(t.mem, t.off + i * t.dt.size, t.dt, t.n - i, t.pos, t.buf, t.origin)

    return f


@lowers(A.ReinterpretCastOp)
def lower_reinterpret(op, cx: Lowering):
    pre = cx.take_pre()
    dt = dtype_of(op, cx, op.out)
    st, o = cx.slot(op.input), cx.slot(op.out)

    def f(R):
        R[0].t += pre
        t = R[st]
        R[o] = LTensor(t.mem, t.off, dt, t.n * t.dt.size // dt.size, t.pos, t.buf, t.origin)

    return f


@lowers(A.LocalTensorOp)
def lower_local_tensor(op, cx: Lowering):
    pre = cx.take_pre()
    site = cx.site(op)
    o = cx.slot(op.tensor)

    def f(R):
        R[0].t += pre
        R[o] = UnboundTensor(site)

    return f


def _place(c, hw: Hardware, addr: int, nbytes: int, site: Site, what: str):
    mem = c.memory(hw, site)
    if addr < 0 or addr + nbytes > mem.size:
        raise UBOverflowError(
            f"{what} bytes [{addr}, {addr + nbytes}) of {hw.name}, but {c.soc.name} has "
            f"{mem.size} bytes of {hw.name}",
            site,
            core=c.block_idx,
        )
    return mem


@lowers(A.LocalTensorV2Op)
def lower_static_tensor(op, cx: Lowering):
    pre = cx.take_pre()
    site = cx.site(op)
    dt = dtype_of(op, cx, op.result)
    pos = TPosition(op.enum_value("pos"))
    hw = pos.hardware
    sa, sn, o = cx.slot(op.addr), cx.slot(op.tile_size), cx.slot(op.result)

    def f(R):
        c = R[0]
        c.t += pre
        addr, n = R[sa], R[sn]
        mem = _place(c, hw, addr, n * dt.size, site, "places a static LocalTensor at")
        place(c, mem, addr, n * dt.size, site, "a static LocalTensor")
        t = LTensor(mem, addr, dt, n, pos, None, site)
        check_align(c, t, site, "places")
        R[o] = t

    return f


@lowers(A.LocalMemAllocatorOp)
def lower_allocator(op, cx: Lowering):
    pre = cx.take_pre()
    site = cx.site(op)
    hw = op.allocator.type.hardware
    refused = op.unsupported_hardware()
    if refused is not None:
        raise cx.error(op, refused)
    o = cx.slot(op.allocator)

    def f(R):
        c = R[0]
        c.t += pre
        if c.allocator is None:
            c.allocator = site
            if c.pipes and c.checking:
                c.memory_managers_mixed(site, c.pipes[0].site, first_is_pipe=True)
        R[o] = AllocatorState(site, hw)

    return f


@lowers(A.AllocatorAllocOp, A.AllocatorAllocDynamicOp)
def lower_allocator_alloc(op, cx: Lowering):
    pre = cx.take_pre()
    site = cx.site(op)
    dt = dtype_of(op, cx, op.result)
    pos = TPosition(op.enum_value("pos"))
    sa, sn, o = cx.slot(op.allocator), cx.slot(op.tile_size), cx.slot(op.result)

    def f(R):
        c = R[0]
        c.t += pre
        a, n = R[sa], R[sn]
        if n < 0:
            raise InvalidArgumentError(f"allocates {n} elements", site, core=c.block_idx)
        hw = pos.hardware if a.hw == Hardware.GM else a.hw
        nbytes = n * dt.size
        addr = a.cursor
        mem = _place(c, hw, addr, nbytes, site, "allocates")
        place(c, mem, addr, nbytes, site, "a LocalMemAllocator tile")
        align = ALIGN.get(hw, 32)
        a.cursor = (addr + nbytes + align - 1) // align * align
        R[o] = LTensor(mem, addr, dt, n, pos, None, site)

    return f


@lowers(A.AllocatorGetCurAddrOp)
def lower_allocator_cur(op, cx: Lowering):
    pre = cx.take_pre()
    conv = scalar_converter(op.result.type)
    sa, o = cx.slot(op.allocator), cx.slot(op.result)

    def f(R):
        R[0].t += pre
        R[o] = conv(R[sa].cursor)

    return f


# --- GetValue / SetValue on the scalar unit --------------------------------------------------
# A GlobalTensor's go through the core's DCache on the hardware (sim/dcache.py).


def _scalar_access(op, cx: Lowering, write: bool, gm: bool):
    pre = cx.take_pre()
    site = cx.site(op)
    dt = dtype_of(op, cx, op.tensor)
    st, si = cx.slot(op.tensor), cx.slot(op.index)
    sv = cx.slot(op.value)
    conv = scalar_converter(op.value.type)
    span = gm_span if gm else local_span
    role = "sets" if write else "gets"
    key = "scalar_gm" if gm else "scalar_ub"

    def f(R):
        c = R[0]
        c.t += pre
        t, i = R[st], R[si]
        lo, hi = span(c, t, i, 1, site, role)
        mem = t.mem
        view = mem.bytes[lo:hi].view(dt.np)
        if write:
            dt.store(view, R[sv])
        else:
            R[sv] = conv(dt.load(view)[0].item())
        san = c.san
        if san is not None:
            san.access(mem, lo, hi, write, S, san.begin(S), site)
            if gm:
                # The value above is GM's (coherent); the DCache model says where the
                # hardware's scalar unit would see or leave something else.
                scalar_access(c, t.buf, lo, hi, write, site, dt)
        c.run_scalar(getattr(c.cost, key), site)

    return f


@lowers(A.LocalGetValueOp)
def lower_local_get(op, cx):
    return _scalar_access(op, cx, False, False)


@lowers(A.LocalSetValueOp)
def lower_local_set(op, cx):
    return _scalar_access(op, cx, True, False)


@lowers(A.GlobalGetValueOp)
def lower_global_get(op, cx):
    return _scalar_access(op, cx, False, True)


@lowers(A.GlobalSetValueOp)
def lower_global_set(op, cx):
    return _scalar_access(op, cx, True, True)
