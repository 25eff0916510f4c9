"""Checks shared by the ascendc lowerings: bounds, alignment, element types.

Bounds have two levels. Past the end of the memory itself (the UB) nothing can run:
`OutOfBoundsError`, always raised. Past the end of the tensor but inside the memory the
access happens on the memory as the hardware does it, and `ub_layout` says whose bytes it
touched: a warning finding, and an error finding when a buffer in use that an overrun wrote
is read later. Past a GM argument's last element the
NPU's allocator layout decides (`gm_layout.check_past_end`): padding and free memory are a
warning finding, another argument's data (written) or past the segment an error.
"""

from __future__ import annotations

import numpy as np

from ascdsl.dialects.ascendc import soc as soc_table
from ascdsl.dialects.ascendc.base import element_type
from ascdsl.dialects.ascendc.enums import Hardware
from ascdsl.dialects.ascendc.types import TensorTypeBase
from xdsl.ir import Operation, SSAValue

from ..compiler import Lowering
from ..dtypes import SimDType, sim_dtype
from ..errors import AlignmentError, InvalidArgumentError, OutOfBoundsError, Site
from ..gm_layout import check_past_end
from ..memory import GTensor, LTensor
from ..ub_layout import past_end

ALIGN = {hw: a for hw, a in soc_table.ALIGNMENT.items()}


def strided(buf, offset: int, shape: tuple, strides: tuple, dtype=None):
    """A view of the bytes of `buf` (a memory's contiguous uint8 array) from `offset`, as
    numpy's as_strided makes it but without its Python wrapper (a tenth of the cost, in the
    inner loops of cube kernels: a LoadData, an ND2NZ copy) and checked against the array's
    end (the spans were checked before: past it is a bug, not a kernel's error)."""
    return np.ndarray(shape, buf.dtype if dtype is None else dtype, buf, offset, strides)


def dtype_of(op: Operation, cx: Lowering, value: SSAValue) -> SimDType:
    """The element type of a tensor value (or a scalar value's type) as a SimDType."""
    t = value.type
    et = element_type(value) if isinstance(t, TensorTypeBase) else t
    dt = sim_dtype(et) if et is not None else None
    if dt is None:
        raise cx.error(op, f"has elements of type {et}, which the simulator cannot store")
    return dt


def sets_mask(op: Operation) -> bool:
    """Whether an L0/L1 vector op writes the mask register from its operand (isSetMask). An op
    without the isSetMask property (cast_l0/l1, AddDeqRelu, the repeat reductions) has no way
    to say false: its C++ template's default, isSetMask = true, applies."""
    return op.has_flag("isSetMask") or \
        "isSetMask" not in type(op).get_irdl_definition().properties


def declared_here(t) -> list[tuple[Site | None, str]]:
    origin = getattr(t, "origin", None)
    return [(origin, "tensor declared here")] if origin is not None else []


def local_span(c, t: LTensor, first: int, count: int, site: Site, role: str) -> tuple[int, int]:
    """Byte range of elements [first, first + count) of a LocalTensor, checked."""
    size = t.dt.size
    lo = t.off + first * size
    hi = lo + count * size
    if first < 0 or count < 0 or first + count > t.n:
        if count < 0:
            raise InvalidArgumentError(
                f"has a negative element count ({count})", site, core=c.block_idx
            )
        if first < 0 or hi > t.mem.size:
            raise OutOfBoundsError(
                f"{role} elements [{first}, {first + count}) of a {t.dt.name} tensor at "
                f"{t.mem.name} byte {t.off}: bytes [{lo}, {hi}) lie outside the "
                f"{t.mem.size}-byte {t.mem.name}",
                site,
                notes=declared_here(t),
                core=c.block_idx,
            )
        if c.checking:
            past_end(c, t, first, count, lo, hi, site, role, declared_here(t))
    return lo, hi


def gm_span(c, g: GTensor, first: int, count: int, site: Site, role: str) -> tuple[int, int]:
    """Byte range (in the argument's bytes) of elements [first, first + count) of a GlobalTensor."""
    buf = g.buf
    if buf is None:
        g.mem  # raises the "before SetGlobalBuffer" error
    size = g.dt.size
    start = g.off + first
    end = start + count
    if count < 0:
        raise InvalidArgumentError(
            f"has a negative element count ({count})", site, core=c.block_idx
        )
    past = start < 0 or end > buf.n
    if past:
        check_past_end(c, buf, start, end, site, role, declared_here(g))
    # Past the argument, a GlobalTensor without its own size (sized by the argument) says
    # nothing more than check_past_end did.
    if (first < 0 or first + count > g.n) and c.checking and not (past and g.size is None):
        # Said of the tensor SetGlobalBuffer bound, not of a `g[i]` view of it: a view past
        # its end would otherwise have "-992 elements".
        v = g.view
        c.finding(
            OutOfBoundsError(
                f"{role} elements [{first + v}, {first + count + v}) of a GlobalTensor of "
                f"{g.n + v} elements{f' (through its view from element {v})' if v else ''} "
                f"(argument '{buf.name}' from element {g.off - v}; SetGlobalBuffer gave it "
                f"{g.n + v} elements)",
                site,
                notes=declared_here(g),
            )
        )
    return start * size, end * size


def check_align(c, t: LTensor, site: Site, role: str) -> None:
    """Local tensors used by copies and vector ops start on their memory's alignment."""
    align = ALIGN.get(t.mem.hw, 32)
    if t.off % align and c.checking:
        c.finding(
            AlignmentError(
                f"{role} a tensor at {t.mem.name} byte {t.off}, not a multiple of {align}: "
                f"{t.mem.name} addresses of copies and vector ops must be {align}-byte aligned",
                site,
                notes=declared_here(t),
            )
        )


def hw_of(x) -> Hardware:
    return x.mem.hw
