"""UB (and L1, L0) as the NPU has it: one byte array per memory, tensors are views of it.

A LocalTensor has no bounds on the NPU: it is an address in its core's UB that TPipe,
TBuf, TBufPool, LocalMemAllocator or a static `LocalTensor(pos, addr, size)` gave it, and an
instruction that reaches past the tensor's last element reads or writes the bytes that follow
in UB. pyasc's tests do this (a full repeat of 128 f16 into a 64-element tensor) and pass on
hardware. The simulator's memories are already those byte arrays (`memory.Memory`); this
module says *whose* bytes an access past a tensor's end touches, so that the sanitizer can
tell a harmless overrun from a corrupting one (docs/simulator.md, "UB as the NPU has it"):

- past the memory's end: `OutOfBoundsError`, fatal (common.local_span raises it);
- a read: a warning finding that names what lies there (the values are those bytes);
- a write into a free queue buffer, UB no buffer owns, or bytes that hold no data: a warning
  finding that names them; the bytes change as on hardware;
- a write into bytes of a buffer in use (a queue buffer between AllocTensor and FreeTensor,
  a TBuf, an allocator tile, a static tensor) that hold data (another op wrote them last,
  by the sanitizer's record): a warning finding that names it, and the bytes are remembered.
  A later read of them by another op, before anything writes them again, is an
  `OutOfBoundsError` finding (an error in "raise" mode): on the NPU that read gets the
  overrun's bytes instead of the buffer's data, a wrong result.

The buffers of a core are only enumerated on this slow path (an access past a tensor's end);
other accesses cost one attribute test on the sanitizer's path (`Sanitizer.watch`, None
until an overrun clobbers a buffer in use, and again once no clobbered bytes remain).
"""

from __future__ import annotations

from bisect import bisect_right

from .errors import OutOfBoundsError, Site
from .memory import LTensor, Memory
from .queues import FREE, QueueState, TBufPoolState, TBufState


def _at(site: Site | None) -> str:
    if site is None or site.loc is None:
        return ""
    return f" ({site.label()})"


def _file_line(site: Site | None) -> str:
    if site is None or site.loc is None:
        return ""
    return f" @ {site.loc.file.rsplit('/', 1)[-1]}:{site.loc.line}"


class Region:
    """Bytes [lo, hi) of a memory that one buffer of the core owns."""

    __slots__ = ("lo", "hi", "label", "live", "obj")

    def __init__(self, lo: int, hi: int, label: str, live: bool, obj):
        self.lo = lo
        self.hi = hi
        self.label = label
        self.live = live  # whether it holds data someone may still read
        self.obj = obj  # the QBuf / TBufState, or the (addr, nbytes) key of a placed tensor


def _owned(objs, mem: Memory, out: list[Region]) -> None:
    for obj in objs:
        if isinstance(obj, QueueState):
            pos = obj.position.keyword
            for b in obj.bufs:
                if b.mem is mem:
                    state = "in use" if b.state is not FREE else "free"
                    out.append(Region(b.off, b.off + b.nbytes,
                                      f"buffer {b.index} of a {pos} queue ({state}; InitBuffer"
                                      f"{_file_line(obj.init_site)})",
                                      b.state is not FREE, b))
        elif isinstance(obj, TBufState):
            if obj.mem is mem:
                out.append(Region(obj.off, obj.off + obj.nbytes,
                                  f"a {obj.position.keyword} TBuf (InitBuffer"
                                  f"{_file_line(obj.init_site)})",
                                  True, obj))
        elif isinstance(obj, TBufPoolState):
            _owned(obj.owned, mem, out)


def regions(c, mem: Memory) -> list[Region]:
    """The buffers the core has in `mem`, by start address (TPipe's, TBufPools', and the
    allocator tiles and static tensors recorded in `c.placed`)."""
    out: list[Region] = []
    for pipe in c.pipes:
        _owned(pipe.owned, mem, out)
    for (m, addr, nbytes), (site, what) in c.placed.items():
        if m is mem:
            out.append(Region(addr, addr + nbytes, f"{what}{_at(site)}", True, (addr, nbytes)))
    out.sort(key=lambda r: (r.lo, r.hi))
    return out


def place(c, mem: Memory, addr: int, nbytes: int, site: Site, what: str) -> None:
    """Record a static tensor or allocator tile (only while checking: findings use it)."""
    if c.checking:
        c.placed[(mem, addr, nbytes)] = (site, what)


def _touches(rs: list[Region], lo: int, hi: int) -> list[tuple[int, int, Region | None]]:
    """Parts of [lo, hi) and the region each lies in (None: no buffer), address order.
    Overlapping regions (views of one buffer) name the first that starts there."""
    out: list[tuple[int, int, Region | None]] = []
    pos = lo
    for r in rs:
        if r.hi <= pos or r.lo >= hi:
            continue
        if r.lo > pos:
            out.append((pos, r.lo, None))
            pos = r.lo
        end = min(r.hi, hi)
        if end > pos:
            out.append((pos, end, r))
            pos = end
        if pos >= hi:
            break
    if pos < hi:
        out.append((pos, hi, None))
    return out


def _holding_data(c, mem: Memory, lo: int, hi: int, site: Site) -> list[tuple[int, int]]:
    """Parts of [lo, hi) that hold data: some other op wrote them last (the sanitizer's
    shadow record). Bytes nobody wrote, or this op's own earlier overrun, hold nothing an
    overrun can corrupt."""
    san = c.san
    sh = san.shadows.get(mem) if san is not None else None
    if sh is None:
        return []
    out: list[tuple[int, int]] = []
    i = max(bisect_right(sh.starts, lo) - 1, 0)
    segs = sh.segs
    while i < len(segs) and segs[i][0] < hi:
        seg = segs[i]
        a, b = max(seg[0], lo), min(seg[1], hi)
        if a < b and seg[4] is not None and seg[4] is not site:
            if out and out[-1][1] == a:
                out[-1] = (out[-1][0], b)
            else:
                out.append((a, b))
        i += 1
    return out


def past_end(c, t: LTensor, first: int, count: int, lo: int, hi: int, site: Site,
             role: str, notes) -> None:
    """Elements [first, first + count) of `t` (bytes [lo, hi) of its memory, inside the
    memory) reach past its last element: a warning finding naming the bytes' owners; a
    write into bytes of a buffer in use that hold data is remembered for `check_access`."""
    mem = t.mem
    end = t.off + t.nbytes
    start = max(lo, end)
    rs = regions(c, mem)
    own = t.buf
    parts = _touches(rs, start, hi)
    writes = role.startswith(("write", "set"))
    words = []
    clobbered = []
    for a, b, r in parts:
        n = f"bytes [{a}, {b})"
        if r is None:
            words.append(f"{n}: UB no buffer of the core owns" if mem.hw.name == "UB"
                         else f"{n}: {mem.name} no buffer of the core owns")
        else:
            mine = r.obj is own or (own is None and r.lo <= t.off < r.hi)
            words.append(f"{n}: the rest of the tensor's own buffer, {r.label}" if mine
                         else f"{n}: {r.label}")
            if writes and r.live:
                clobbered.extend((x, y, r) for x, y in _holding_data(c, mem, a, b, site))
    effect = ("the NPU writes them (no per-tensor bounds in UB); later reads see these bytes"
              if writes else
              "the NPU reads whatever those bytes hold (no per-tensor bounds in UB)")
    if clobbered:
        effect += ("; a read of the buffer(s) in use before they are written again is an error "
                   "(it would get these bytes instead of the buffer's data)")
    c.finding(OutOfBoundsError(
        f"{role} elements [{first}, {first + count}) of a tensor that has {t.n} {t.dt.name} "
        f"elements ({t.describe()}): {'; '.join(words)}; {effect}",
        site, notes=notes, warning=True,
    ))
    if clobbered:
        if c.clobbers is None:
            c.clobbers = []
            c.san.watch = lambda m, lo, hi, w, s: check_access(c, m, lo, hi, w, s)
        for a, b, r in clobbered:
            c.clobbers.append([mem, a, b, site, t.describe(), r.label, None])


def check_access(c, mem: Memory, lo: int, hi: int, write: bool, site: Site) -> None:
    """Any access of bytes [lo, hi) of `mem` while an overrun has clobbered bytes of a
    buffer in use (the sanitizer calls it): a read of clobbered bytes by another op is an
    error finding; a write heals them from the next op on (an op that reads and writes the
    same bytes still reads what the overrun left)."""
    cl = c.clobbers
    keep = []
    for e in cl:
        m, a, b, wsite, writer, victim, heal = e
        if heal is not None and heal[0] is not site:
            # an earlier op rewrote [heal[1], heal[2]): what is left of the record
            ha, hb = heal[1], heal[2]
            e[6] = None
            if ha <= a and b <= hb:
                continue
            if a < ha and hb < b:
                keep.append([m, hb, b, wsite, writer, victim, None])
                e[2] = b = ha
            elif ha <= a < hb:
                e[1] = a = hb
            elif ha < b <= hb:
                e[2] = b = ha
        keep.append(e)
    hits = []
    for e in keep:
        if e[0] is not mem or e[2] <= lo or e[1] >= hi or e[3] is site:
            continue
        if write:
            e[6] = (site, lo, hi)
        else:
            hits.append(e)
    for e in hits:
        a, b = max(e[1], lo), min(e[2], hi)
        c.finding(OutOfBoundsError(
            f"reads {mem.name} bytes [{a}, {b}) of {e[5]}, which '{e[3].name}' overwrote "
            f"when it wrote past the end of a tensor ({e[4]}): on the NPU this read gets the "
            "overrun's bytes, not the data the buffer held",
            site, notes=[(e[3], "the write past the tensor's end")],
        ))
        keep.remove(e)  # reported once
    if keep:
        cl[:] = keep
    else:
        c.clobbers = None
        c.san.watch = None
