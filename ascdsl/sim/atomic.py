"""The store-atomic mode of a core: how a copy into GM combines with what GM holds.

`SetAtomicAdd<T>()` / Max / Min (or `SetStoreAtomicConfig<dtype, ATOMIC_SUM>()`) set it,
`SetAtomicNone()` clears it. While it is set, every DataCopy / DataCopyPad from a local tensor
into GM reads the GM elements, combines them with the copied ones in type T (add: the sum
rounded to T, integers wrap; max; min) and writes the result. The simulator runs the cores of
a launch one after another, so the combination across cores is exact program-order
accumulation, and the sanitizer does not report atomic writes of different cores to the same
GM range as a race (an atomic write against another core's plain access still is one).
"""

from __future__ import annotations

import numpy as np

from .dtypes import SimDType

# The sanitizer's `write` flag of an atomic store (truthy: it is a write on its own core).
ATOMIC_WRITE = 2

_COMBINE = {"add": np.add, "max": np.maximum, "min": np.minimum}


class AtomicMode:
    """`kind` ("add", "max", "min", or None after SetAtomicType alone) and the element type."""

    __slots__ = ("kind", "dt")

    def __init__(self, kind: str | None, dt: SimDType):
        self.kind = kind
        self.dt = dt

    @property
    def active(self) -> bool:
        return self.kind is not None


def combine_into(kind: str, dt: SimDType, dst: np.ndarray, vals: np.ndarray) -> None:
    """`dst` (a GM view of `dt` elements) = op(dst, vals): a converting store (Fixpipe) turns
    `vals` into `dt` first, and the atomic unit combines in that type."""
    conv = np.empty(dst.shape, dt.np)
    dt.store(conv, vals)
    with np.errstate(all="ignore"):
        dt.store(dst, _COMBINE[kind](dt.load(dst), dt.load(conv)))


def combine_blocks(mode: AtomicMode, dm, dlo: int, dstep: int, sm, slo: int, sstep: int,
                   length: int, cnt: int) -> None:
    """GM bytes [dlo + i*dstep, +length) = op(GM, local bytes [slo + i*sstep, +length)) for
    i < cnt, element-wise in the mode's type (`length` a multiple of its size)."""
    dt = mode.dt
    fn = _COMBINE[mode.kind]  # type: ignore[index]
    n = length // dt.size
    if n == 0:
        return
    for i in range(cnt):
        d0, s0 = dlo + i * dstep, slo + i * sstep
        dv = dm.bytes[d0:d0 + n * dt.size].view(dt.np)
        sv = sm.bytes[s0:s0 + n * dt.size].view(dt.np)
        with np.errstate(all="ignore"):
            dt.store(dv, fn(dt.load(dv), dt.load(sv)))
