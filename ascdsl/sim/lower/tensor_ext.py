"""The remaining LocalTensor / GlobalTensor members on the simulator.

- `GetPhyAddr(i)`: a LocalTensor's byte address in its memory (the simulated UB starts at
  0) plus i elements; a GlobalTensor's is a GM pointer i elements further;
- `GetLength()` bytes, `GetSize()` elements, `GetPosition()` the TPosition's value;
- `SetBufferLen(bytes)` / `SetSize(n)` change the extent later ops check against, and
  `SetAddrWithOffset(src, i)` moves `src`'s address by i of its elements and keeps its
  length in bytes (the headers copy the address record and move its start only);
- the user tag is kept on the tensor; ShapeInfo is opaque (its default value).
The call operator `t(i)` lowers as `t[i]` (subindex).
"""

from __future__ import annotations

import ascdsl.dialects.ascendc as A

from ..compiler import Lowering, lowers
from ..dtypes import scalar_converter, sim_dtype
from ..errors import OutOfBoundsError
from ..memory import GPtr, LTensor
from .common import declared_here
from .tensor import lower_global_subindex, lower_local_subindex

lowers(A.LocalBracketOp)(lower_local_subindex)
lowers(A.GlobalBracketOp)(lower_global_subindex)


def _query(read):
    def lower(op, cx: Lowering):
        pre = cx.take_pre()
        conv = scalar_converter(op.result.type)
        st, o = cx.slot(op.tensor), cx.slot(op.result)

        def f(R):
            R[0].t += pre
            R[o] = conv(read(R[st]))

        return f

    return lower


lowers(A.LocalGetLengthOp)(_query(lambda t: t.n * t.dt.size))
lowers(A.LocalGetSizeOp)(_query(lambda t: t.n))
lowers(A.GlobalGetSizeOp)(_query(lambda g: g.n))
lowers(A.LocalGetPositionOp)(_query(lambda t: int(t.pos) if t.pos is not None else 0))
lowers(A.LocalGetUserTagOp)(_query(lambda t: t.tag))


@lowers(A.LocalGetPhyAddrOp)
def lower_local_phy_addr(op, cx: Lowering):
    pre = cx.take_pre()
    conv = scalar_converter(op.result.type)
    st, o = cx.slot(op.tensor), cx.slot(op.result)
    so = cx.slot(op.offset) if op.offset is not None else None

    def f(R):
        R[0].t += pre
        t = R[st]
        R[o] = conv(t.off + (R[so] if so is not None else 0) * t.dt.size)

    return f


@lowers(A.GlobalGetPhyAddrOp)
def lower_global_phy_addr(op, cx: Lowering):
    pre = cx.take_pre()
    st, o = cx.slot(op.tensor), cx.slot(op.result)
    so = cx.slot(op.offset) if op.offset is not None else None

    def f(R):
        R[0].t += pre
        g = R[st]
        g.mem  # noqa: B018  (an unbound tensor is a located error)
        R[o] = GPtr(g.buf, g.off + (R[so] if so is not None else 0))

    return f


@lowers(A.LocalGetShapeInfoOp, A.GlobalGetShapeInfoOp)
def lower_get_shape_info(op, cx: Lowering):
    pre = cx.take_pre()
    st, o = cx.slot(op.tensor), cx.slot(op.result)

    def f(R):
        R[0].t += pre
        R[o] = getattr(R[st], "shape_info", ())

    return f


@lowers(A.LocalSetShapeInfoOp, A.GlobalSetShapeInfoOp)
def lower_set_shape_info(op, cx: Lowering):
    # The tensor object carries its ShapeInfo (the tuple of its dimensions), as the C++
    # object does; the advanced APIs read it from there.
    pre = cx.take_pre()
    st, si = cx.slot(op.tensor), cx.slot(op.info)

    def f(R):
        R[0].t += pre
        R[st].shape_info = R[si]

    return f


def _resize(op, cx: Lowering, elements_of):
    pre = cx.take_pre()
    site = cx.site(op)
    st, sv = cx.slot(op.tensor), cx.slot(op.value)

    def f(R):
        c = R[0]
        c.t += pre
        t = R[st]
        n = elements_of(R[sv], t)
        if n < 0 or t.off + n * t.dt.size > t.mem.size:
            raise OutOfBoundsError(
                f"makes {t.describe()} {n} elements long, past the end of {t.mem.name}",
                site, notes=declared_here(t), core=c.block_idx)
        t.n = n
        t._view = None

    return f


@lowers(A.LocalSetBufferLenOp)
def lower_set_buffer_len(op, cx: Lowering):
    return _resize(op, cx, lambda v, t: v // t.dt.size)


@lowers(A.LocalSetSizeOp)
def lower_set_size(op, cx: Lowering):
    return _resize(op, cx, lambda v, t: v)


@lowers(A.LocalSetUserTagOp)
def lower_set_user_tag(op, cx: Lowering):
    pre = cx.take_pre()
    st, sv = cx.slot(op.tensor), cx.slot(op.value)

    def f(R):
        R[0].t += pre
        R[st].tag = R[sv]

    return f


@lowers(A.LocalSetAddrWithOffsetOp)
def lower_set_addr_with_offset(op, cx: Lowering):
    pre = cx.take_pre()
    site = cx.site(op)
    st, ss, so = cx.slot(op.tensor), cx.slot(op.src), cx.slot(op.offset)

    def f(R):
        c = R[0]
        c.t += pre
        t, s, i = R[st], R[ss], R[so]
        if i < 0:
            raise OutOfBoundsError(f"moves {s.describe()} by {i} elements", site,
                                   notes=declared_here(s), core=c.block_idx)
        off = s.off + i * s.dt.size
        if off + s.n * s.dt.size > s.mem.size:
            raise OutOfBoundsError(
                f"moves {s.describe()} by {i} elements, past the end of {s.mem.name}",
                site, notes=declared_here(s), core=c.block_idx)
        if not isinstance(t, LTensor):  # `LocalTensor<T> t;` gets its memory here
            dt = sim_dtype(op.tensor.type.element_type)
            R[st] = t = LTensor(s.mem, off, dt, 0, s.pos, s.buf, site)
        t.mem, t.off, t.pos, t.buf = s.mem, off, s.pos, s.buf
        t.n = s.n * s.dt.size // t.dt.size  # the byte length is src's, unchanged
        t._view = None

    return f
