"""GM as the NPU lays it out: a launch's arguments placed as torch_npu's caching allocator
places them, so that what a kernel does past a tensor's end has the NPU's outcome.

On an NPU a tensor's storage comes from torch_npu's `NPUCachingAllocator`
(torch_npu/csrc/core/npu/NPUCachingAllocator.cpp): a request of `n` bytes becomes a block of
`round_up(n + 32, 512)` bytes (`round_size` with `AddPadSize()`, 32 on the 910B), cut from a
segment the allocator took from the driver: 2 MiB segments for blocks up to 1 MiB (the small
pool), 20 MiB for blocks under 10 MiB, otherwise the block rounded up to 2 MiB. A block is
split off the start of the smallest free block that fits (best fit, lowest address on ties);
the rest stays free when at least 512 bytes remain (small pool) or more than 1 MiB (large
pool), otherwise the block keeps it. So past a tensor's last element lie its own block's
padding (at least 32 bytes), then the next tensor's block or free memory of the segment, and
past the segment's end memory the kernel does not own (the NPU faults).

The simulator models a fresh allocator: the launch's GM arguments allocated in argument
order (arguments that share memory, e.g. views of one array, are one allocation). Where each
argument lies is planned before the run; the bytes follow only when an access first reaches
past an argument's end (`materialize`): then each segment becomes a zeroed byte array, the
arguments' bytes are copied in and every GM buffer's memory is re-pointed in place (the same
`Memory` object, so the sanitizer's records stay valid) to run from its first byte to its
segment's end; after the launch they are copied back. A kernel that stays inside its
arguments keeps working on the callers' arrays, with no copy. `classify` says whose bytes
an access past the end touches, for the rules in `check_past_end` (docs/simulator.md, "GM
as the NPU lays it out").
"""

from __future__ import annotations

from bisect import bisect_right
from dataclasses import dataclass, field

import numpy as np

from .errors import OutOfBoundsError, Site
from .memory import GMBuffer

PAD_BYTES = 32  # AddPadSize(): what torch_npu adds to every request before rounding (910B)
MIN_BLOCK = 512  # kMinBlockSize
SMALL_SIZE = 1 << 20  # kSmallSize: the largest block of the small pool
SMALL_SEGMENT = 2 << 20  # kSmallBuffer
LARGE_SEGMENT = 20 << 20  # kLargeBuffer
MIN_LARGE_ALLOC = 10 << 20  # kMinLargeAlloc
ROUND_LARGE = 2 << 20  # kRoundLarge


def block_bytes(nbytes: int) -> int:
    """The block torch_npu hands out for a request of `nbytes` (round_size)."""
    size = nbytes + PAD_BYTES
    if size < MIN_BLOCK:
        return MIN_BLOCK
    return -(-size // MIN_BLOCK) * MIN_BLOCK


def segment_bytes(block: int) -> int:
    """The segment the allocator takes from the driver for a block (get_allocation_size)."""
    if block <= SMALL_SIZE:
        return SMALL_SEGMENT
    if block < MIN_LARGE_ALLOC:
        return LARGE_SEGMENT
    return -(-block // ROUND_LARGE) * ROUND_LARGE


@dataclass(eq=False)
class Allocation:
    """One block of a segment: `data` bytes of tensor storage from `start`, then padding up
    to `start + size`."""

    segment: Segment
    start: int
    size: int
    data: int
    bufs: list[GMBuffer] = field(default_factory=list)

    def names(self) -> str:
        return " / ".join(f"'{b.name}'" for b in self.bufs)


@dataclass(eq=False)
class Segment:
    index: int
    size: int
    small: bool
    layout: GMLayout
    bytes: np.ndarray | None = None  # made by GMLayout.materialize
    blocks: list[Allocation] = field(default_factory=list)
    free_start: int = 0  # a fresh allocator's only free block: the segment's tail

    def describe(self) -> str:
        mib = self.size / (1 << 20)
        return f"the {mib:g} MiB segment"


class GMLayout:
    """The GM arguments of one launch, placed in segments as torch_npu would place them."""

    def __init__(self):
        self.segments: list[Segment] = []
        self.placed: list[tuple[GMBuffer, np.ndarray]] = []  # (buffer, caller's bytes)
        self.materialized = False

    def _allocate(self, nbytes: int) -> Allocation:
        block = block_bytes(nbytes)
        small = block <= SMALL_SIZE
        best = None
        for seg in self.segments:  # the launch's few segments
            room = seg.size - seg.free_start
            if seg.small == small and room >= block and (best is None or room < best[0]):
                best = (room, seg)
        if best is None:
            size = segment_bytes(block)
            seg = Segment(len(self.segments), size, small, self)
            self.segments.append(seg)
            room = size
        else:
            room, seg = best
        rest = room - block
        # should_split: a remainder too small to split stays with the block (its padding).
        if not (rest >= MIN_BLOCK if small else rest > SMALL_SIZE):
            block = room
        a = Allocation(seg, seg.free_start, block, nbytes)
        seg.free_start += block
        seg.blocks.append(a)
        return a

    def place(self, bufs: list[GMBuffer]) -> None:
        """Plan every buffer's allocation (argument order; overlapping caller arrays share
        one allocation). The buffers keep the callers' arrays until `materialize`."""
        spans = []
        for b in bufs:
            addr = b.arr.__array_interface__["data"][0]
            spans.append((addr, addr + b.arr.nbytes, b))
        groups: list[list] = []  # [lo, hi, [buffers]] of overlapping caller memory
        for lo, hi, b in sorted(spans, key=lambda s: s[0]):
            if groups and lo < groups[-1][1]:
                g = groups[-1]
                g[1] = max(g[1], hi)
                g[2].append((lo, b))
            else:
                groups.append([lo, hi, [(lo, b)]])
        order = {id(b): i for i, b in enumerate(bufs)}
        groups.sort(key=lambda g: min(order[id(b)] for _, b in g[2]))
        for lo, hi, members in groups:
            a = self._allocate(hi - lo)
            for addr, b in sorted(members, key=lambda m: order[id(m[1])]):
                a.bufs.append(b)
                b.alloc = a
                b.base = a.start + addr - lo
                self.placed.append((b, b.arr.view(np.uint8).reshape(-1)))

    def materialize(self) -> None:
        """Give the segments their bytes, copy the arguments in, and re-point every GM
        buffer (its `Memory` in place, its `arr`) at its place in its segment."""
        if self.materialized:
            return
        self.materialized = True
        for seg in self.segments:
            seg.bytes = np.zeros(seg.size, dtype=np.uint8)
        for b, raw in self.placed:
            seg = b.alloc.segment
            base = b.base
            seg.bytes[base:base + raw.shape[0]] = raw
            b.arr = seg.bytes[base:base + raw.shape[0]].view(b.arr.dtype)
            b.mem.bytes = seg.bytes[base:]
            b.mem.mv = None
            b.mem.size = seg.size - base

    def copy_back(self) -> None:
        """Write every argument's bytes back into the caller's array (the launch's results;
        padding and free memory stay behind, as on the NPU)."""
        if not self.materialized:
            return  # the kernel worked on the callers' arrays
        for b, raw in self.placed:
            raw[:] = b.alloc.segment.bytes[b.base:b.base + raw.shape[0]]


def limit(buf: GMBuffer) -> int:
    """How many elements from `buf`'s start a pointer may move: to its segment's end."""
    a = buf.alloc
    if a is None:
        return buf.n
    return (a.segment.size - buf.base) // buf.dt.size


@dataclass
class Touch:
    """The part of an access past a tensor's end that falls in one region of a segment."""

    lo: int  # segment byte offsets
    hi: int
    kind: str  # "padding" (of `alloc`), "tensor" (another allocation's data), "free"
    alloc: Allocation | None


def classify(buf: GMBuffer, lo: int, hi: int) -> list[Touch]:
    """Regions of the segment that bytes [lo, hi) of `buf` (buffer offsets, lo >= its own
    data) fall in, in address order. Needs hi within the segment."""
    a = buf.alloc
    seg = a.segment
    s, e = buf.base + lo, buf.base + hi
    starts = [x.start for x in seg.blocks]
    i = max(bisect_right(starts, s) - 1, 0)
    out: list[Touch] = []
    while s < e:
        blk = seg.blocks[i] if i < len(seg.blocks) else None
        if blk is None or s < blk.start:  # only past the last block: the free tail
            out.append(Touch(s, e, "free", None))
            break
        if s < blk.start + blk.data:
            cut = min(e, blk.start + blk.data)
            if blk is not a:  # the bytes of the buffer's own allocation are its own
                out.append(Touch(s, cut, "tensor", blk))
            s = cut
        if s < e and s < blk.start + blk.size:
            cut = min(e, blk.start + blk.size)
            out.append(Touch(s, cut, "padding", blk))
            s = cut
        i += 1
    return out


def _region(t: Touch, own: Allocation, seg: Segment) -> str:
    if t.kind == "free":
        return f"{t.hi - t.lo} bytes of free memory of {seg.describe()}"
    if t.kind == "tensor":
        return (f"{t.hi - t.lo} bytes of GM argument {t.alloc.names()} (its data at bytes "
                f"[{t.lo - t.alloc.start}, {t.hi - t.alloc.start}))")
    whose = "its own" if t.alloc is own else f"{t.alloc.names()}'s"
    return (f"{t.hi - t.lo} bytes of {whose} allocation's padding (torch_npu allocates "
            f"{t.alloc.data} + {PAD_BYTES} bytes rounded up to {MIN_BLOCK}: {t.alloc.size})")


def check_past_end(c, buf: GMBuffer, start: int, end: int, site: Site, role: str,
                   notes) -> None:
    """Elements [start, end) of `buf` reach past its last element: fine where the NPU
    would move those bytes harmlessly (a warning finding), an OutOfBoundsError where it
    would fault (before the buffer, past its segment) or corrupt another tensor (a write
    into another argument's data)."""
    size = buf.dt.size
    head = (f"{role} elements [{start}, {end}) of GM argument '{buf.name}', which has "
            f"{buf.n} {buf.dt.name} elements")
    a = buf.alloc
    lo, hi = start * size, end * size
    if a is None or start < 0:
        raise OutOfBoundsError(head, site, notes=notes, core=c.block_idx)
    seg = a.segment
    seg.layout.materialize()
    if buf.base + hi > seg.size:
        raise OutOfBoundsError(
            f"{head}: byte {buf.base + hi} of {seg.describe()} torch_npu's allocator placed it "
            f"in (at byte {buf.base}) is past the segment's end, memory no allocation of the "
            "launch owns; the NPU faults there (an MTE address out of range)",
            site, notes=notes, core=c.block_idx,
        )
    own_end = buf.n * size
    touches = classify(buf, max(lo, own_end), hi)
    writes = role.startswith(("write", "set"))  # "writes", SetValue's "sets"
    if writes:
        for t in touches:
            if t.kind == "tensor":
                first = (t.lo - t.alloc.start) // t.alloc.bufs[0].dt.size
                last = -(-(t.hi - t.alloc.start) // t.alloc.bufs[0].dt.size)
                raise OutOfBoundsError(
                    f"{head}: its bytes [{t.lo - buf.base}, {t.hi - buf.base}) are elements "
                    f"[{first}, {last}) of GM argument {t.alloc.names()}, the allocation after "
                    f"'{buf.name}' in {seg.describe()} (torch_npu's caching allocator, "
                    "arguments in order); on the NPU this write corrupts "
                    f"{t.alloc.names()}",
                    site, notes=notes, core=c.block_idx,
                )
    if not c.checking or not touches:
        return
    what = "; ".join(_region(t, a, seg) for t in touches)
    effect = ("the NPU writes them without a fault and no tensor's data changes" if writes
              else "the NPU reads them without a fault; the values are whatever those bytes "
              "hold (the simulator starts free memory and padding at zero)")
    c.finding(OutOfBoundsError(
        f"{head}: bytes [{max(lo, own_end)}, {hi}) past its end are {what}; {effect}",
        site, notes=notes, warning=True,
    ))


def data_end(buf: GMBuffer) -> int:
    """Bytes of `buf` that hold tensor data (its allocation's data past its own start)."""
    a = buf.alloc
    if a is None:
        return buf.n * buf.dt.size
    return a.start + a.data - buf.base
