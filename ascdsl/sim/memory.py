"""Memories and tensors of one simulated core, and the GM buffers of a launch.

Each on-chip memory (UB, L1, L0A/B/C, BT, FB) is a zeroed byte buffer of the SoC's size; a
LocalTensor is a (memory, byte offset, element type, element count) tuple whose `view` is a
typed numpy view of those bytes, so every op reads and writes the memory in place. GM is the
launch's arguments: each `memref<?xT, 22>` argument is a `GMBuffer`, placed by `gm_layout` in
a segment as the NPU's allocator places it (its bytes copied in before the run and back after
it; `mem.bytes` runs on to the segment's end, so accesses past the tensor see its padding and
neighbours), a GM pointer value is a (buffer, element offset) pair and a GlobalTensor
binds a pointer to an element count.
"""

from __future__ import annotations

import numpy as np

from ascdsl.dialects.ascendc.enums import CacheMode, Hardware, TPosition
from ascdsl.dialects.ascendc.soc import ALIGNMENT

from .dtypes import SimDType
from .errors import InvalidArgumentError, Site


_NORMAL = int(CacheMode.CACHE_MODE_NORMAL)
_new = object.__new__  # an instance without __init__, for views made on the hot path


class Memory:
    """One physical memory of a core (or the bytes of one GM argument)."""

    __slots__ = ("hw", "name", "size", "bytes", "gm", "align_mask", "mv")

    def __init__(self, hw: Hardware, size: int, name: str | None = None, data=None):
        self.hw = hw
        self.name = name or hw.name
        self.size = size
        self.bytes = np.zeros(size, dtype=np.uint8) if data is None else data
        self.gm = None  # the GMBuffer, for GM memories
        # Start addresses of copies and vector operands must be multiples of this + 1.
        self.align_mask = ALIGNMENT.get(hw, 1) - 1
        # A memoryview of `bytes` once a copy asked for one (`byte_view`): a slice of it
        # copies in a third of the time of a numpy slice. None again when `bytes` changes.
        self.mv: memoryview | None = None

    def byte_view(self) -> memoryview:
        mv = self.mv = memoryview(self.bytes)
        return mv

    def typed(self, off: int, dt: SimDType, n: int) -> np.ndarray:
        """A typed view of `n` elements from byte `off` (caller checked the bounds)."""
        return self.bytes[off : off + n * dt.size].view(dt.np)

    def __repr__(self) -> str:
        return f"Memory({self.name}, {self.size} B)"


class LTensor:
    """A LocalTensor: `n` elements of `dt` from byte `off` of memory `mem`.

    `buf` is the queue buffer or TBuf it came from (None for static tensors), `origin` the op
    that made it (named in errors as "tensor declared here").
    """

    __slots__ = ("mem", "off", "dt", "n", "pos", "buf", "origin", "_view", "tag", "shape_info")

    def __init__(
        self,
        mem: Memory,
        off: int,
        dt: SimDType,
        n: int,
        pos: TPosition | None,
        buf,
        origin: Site | None,
    ):
        self.mem = mem
        self.off = off
        self.dt = dt
        self.n = n
        self.pos = pos
        self.buf = buf
        self.origin = origin
        self._view = None
        self.tag = 0  # SetUserTag
        self.shape_info: tuple[int, ...] = ()  # SetShapeInfo: its dimensions

    @property
    def view(self) -> np.ndarray:
        v = self._view
        if v is None:
            v = self._view = self.mem.typed(self.off, self.dt, self.n)
        return v

    @property
    def nbytes(self) -> int:
        return self.n * self.dt.size

    def describe(self) -> str:
        pos = f"{self.pos.keyword} " if self.pos is not None else ""
        return f"{pos}{self.mem.name} bytes [{self.off}, {self.off + self.nbytes})"

    def __repr__(self) -> str:
        return f"LTensor({self.dt.name}[{self.n}] at {self.describe()})"


class UnboundTensor:
    """A `LocalTensor<T> t;` that was never given memory; any use is an error."""

    __slots__ = ("origin",)

    def __init__(self, origin: Site):
        self.origin = origin

    def __getattr__(self, name: str):
        raise InvalidArgumentError(
            "uses a LocalTensor that was never bound to memory (a default-constructed "
            "`LocalTensor<T>`); take it from a queue, a TBuf or an allocator",
            self.origin,
        )


class GMBuffer:
    """One GM argument of a launch: the caller's array, seen as elements and as bytes."""

    __slots__ = ("index", "name", "dt", "arr", "n", "mem", "l2", "alloc", "base")

    def __init__(self, index: int, name: str, dt: SimDType, arr: np.ndarray):
        self.l2 = None  # the launch's L2 state of these bytes (ascdsl.sim.memsys)
        # Where the NPU's allocator puts it (ascdsl.sim.gm_layout): its allocation and byte
        # offset in that allocation's segment; None for a buffer outside the layout.
        self.alloc = None
        self.base = 0
        self.index = index
        self.name = name
        self.dt = dt
        self.arr = arr  # 1-D, storage dtype, shares memory with the caller's array
        self.n = arr.shape[0]
        self.mem = Memory(Hardware.GM, arr.nbytes, f"GM '{name}'", arr.view(np.uint8))
        self.mem.gm = self


class GPtr:
    """A GM pointer value (`memref<?xT, 22>`): a buffer and an element offset into it."""

    __slots__ = ("buf", "off")

    def __init__(self, buf: GMBuffer, off: int):
        self.buf = buf
        self.off = off

    def __repr__(self) -> str:
        return f"GPtr({self.buf.name} + {self.off})"


class GTensor:
    """A GlobalTensor: elements [off, off + n) of a GM buffer once bound.

    `size` is the element count given to SetGlobalBuffer (None if not given); accesses past it
    but inside the argument are sanitizer findings, past the argument always errors. `cache`
    is the L2 cache mode of its reads and of its writes (SetL2CacheHint). `view` is where a
    `g[i]` view starts in the tensor SetGlobalBuffer bound (0 for that tensor), so that a
    finding can speak of the elements the kernel's author indexed.
    """

    __slots__ = ("buf", "off", "n", "size", "dt", "origin", "cache", "shape_info", "view")

    def __init__(self, dt: SimDType, origin: Site | None):
        self.buf: GMBuffer | None = None
        self.off = 0
        self.n = 0
        self.size: int | None = None
        self.dt = dt
        self.origin = origin
        self.cache = (_NORMAL, _NORMAL)  # (read, write) modes: L2 as usual
        self.shape_info: tuple[int, ...] = ()  # SetShapeInfo: its dimensions
        self.view = 0

    def bind(self, buf: GMBuffer, off: int, size: int | None) -> None:
        self.buf = buf
        self.off = off
        self.size = size
        self.n = size if size is not None else max(buf.n - off, 0)
        self.cache = (_NORMAL, _NORMAL)  # (read, write) modes: L2 as usual
        self.view = 0

    def sub(self, i: int, origin: Site) -> GTensor:
        # Every field set once, without __init__'s defaults: a kernel takes a view per copy.
        # GlobalTensor's subindex (sim/lower/tensor.py) writes this out: keep the two alike.
        g = _new(GTensor)
        g.buf = self.buf
        g.off = self.off + i
        g.n = self.n - i
        g.size = None if self.size is None else self.size - i
        g.dt = self.dt
        g.origin = origin
        g.cache = self.cache
        g.shape_info = ()
        g.view = self.view + i
        return g

    @property
    def mem(self) -> Memory:
        buf = self.buf
        if buf is None:
            raise InvalidArgumentError(
                "uses a GlobalTensor before SetGlobalBuffer gave it memory", self.origin
            )
        return buf.mem

    def __repr__(self) -> str:
        where = f"{self.buf.name}[{self.off}:{self.off + self.n}]" if self.buf else "unbound"
        return f"GTensor({self.dt.name} {where})"
