"""The scalar data cache (DCache) of each core: the coherence bugs Huawei documents, located.

The facts (asc-devkit, docs/zh; arch 2201 = Atlas A2 / 910B):

- guide/编程指南/高级编程/内存模型/缓存一致性.md: every AIC and AIV core has a DCache of its own
  (64-byte lines; 16 KB on an AIC, 32 KB on an AIV), write-back. A scalar read brings the whole
  line in and later reads of that line may hit it; a scalar write changes the cached line only
  and marks it dirty, and GM sees it at a DCCI (DataCacheCleanAndInvalid) or when the line is
  replaced, as the whole line. Two cores writing different bytes of one line each write their
  whole line back: the later write-back wins.
- api/.../GlobalTensor/SetValue.md, GetValue.md: SetValue writes the DCache, not GM (call
  DataCacheCleanAndInvalid after it to write it out now); GetValue of GM another path may have
  rewritten needs DataCacheCleanAndInvalid before it; cores that SetValue GM must stay at
  least a cache line (64 B) apart, or their data overwrite each other at random.
- api/.../缓存控制/DataCacheCleanAndInvalid.md: DMA (DataCopy) reads and writes GM directly;
  SINGLE_CACHE_LINE cleans (writes dirty bytes back) and invalidates the line holding the
  address, from an unaligned address only up to the next 64-byte boundary (its example 2 needs
  two calls); ENTIRE_DATA_CACHE the whole DCache; CACHELINE_OUT and CACHELINE_ALL keep the
  DCache coherent with GM, CACHELINE_UB with UB; CACHELINE_ATOMIC is not supported on A2.

The simulator's GM stays coherent (every access sees the last write, as without this model):
what this module adds are findings (`CoherenceError`) where the hardware's answer differs.
Per core it keeps the lines its GetValue / SetValue brought in: the 64 bytes as the line
holds them, which bytes are valid (a partial SINGLE_CACHE_LINE drops the bytes from its
address on) and which are dirty. It reports

- a GetValue whose bytes, held clean in this core's line, no longer equal GM (another core,
  or this core's DMA, wrote them since the line was cached): the scalar unit reads the old
  bytes. Compared by value, so a write of the same bytes is no finding;
- a SetValue into a line whose other clean bytes changed in GM since it was cached: the
  line's write-back puts the old bytes back;
- a GetValue (other core) or a DMA read of bytes a core holds dirty: GM still has the old
  bytes; a DMA write into a line a core holds dirty: the line's later write-back of all 64
  bytes can overwrite the copy's data (the guide's WAW example);
- two cores of a launch that SetValue different bytes of one line (SetValue.md; the guide's
  example), whatever syncs lie between them: the documented rule is a line per core.

Capacity: replacement would write a dirty line back or drop a clean one at a time the kernel
does not control, and the DCache's associativity is not documented, so no eviction is
modelled: a line stays cached until a DataCacheCleanAndInvalid covers it. A kernel that
relies on an eviction is wrong on the hardware either way; dirty lines left at the kernel's
end are taken as written back then.

State: a launch keeps one `BufLines` per GM argument a scalar access touched
(`Launch.dcache.bufs`; every core's Sanitizer holds the same dict for its DMA hook); a core is
known by the id of its Sanitizer, alive as long as the launch.
"""

from __future__ import annotations

from bisect import bisect_left, insort

import numpy as np

from ascdsl.dialects.ascendc.enums_sys import CacheLine, DcciDst

from .errors import CoherenceError, InvalidArgumentError, Site
from .memory import GMBuffer
from .mix import core_name

LINE = 64
FULL = (1 << LINE) - 1
# Non-DCache writes remembered per cached line, to name the one that made a line stale.
WRITES_KEPT = 4

_FIX_AFTER_SET = ("call DataCacheCleanAndInvalid<T, CacheLine::SINGLE_CACHE_LINE, "
                  "DcciDst::CACHELINE_OUT> on the SetValue's address after it (SetValue.md)")
_FIX_BEFORE_GET = ("call DataCacheCleanAndInvalid<T, CacheLine::SINGLE_CACHE_LINE, "
                   "DcciDst::CACHELINE_OUT> on that address before the GetValue (GetValue.md)")


def _mask(lo: int, hi: int) -> int:
    """Bits [lo, hi) of a line (offsets inside it, clipped to the line)."""
    lo, hi = max(lo, 0), min(hi, LINE)
    return ((1 << (hi - lo)) - 1) << lo if hi > lo else 0


def _ranges(mask: int) -> list[tuple[int, int]]:
    """The runs of set bits of a mask, as [start, end) byte offsets."""
    out: list[tuple[int, int]] = []
    while mask:
        lo = (mask & -mask).bit_length() - 1
        run = mask >> lo
        n = (run ^ (run + 1)).bit_length() - 1  # trailing ones
        out.append((lo, lo + n))
        mask &= ~(((1 << n) - 1) << lo)
    return out


def _span(mask: int) -> tuple[int, int]:
    """From the first to past the last byte of a non-empty mask."""
    return (mask & -mask).bit_length() - 1, mask.bit_length()


class Line:
    """One core's copy of one 64-byte GM line: `data` as the line holds it, `valid` and
    `dirty` bit masks, the access that brought it in, and the SetValue ops whose bytes are
    still dirty (site -> mask: one entry per op, however often a loop runs it)."""

    __slots__ = ("data", "valid", "dirty", "loaded", "sets")

    def __init__(self, loaded: Site):
        self.data = np.zeros(LINE, np.uint8)
        self.valid = 0
        self.dirty = 0
        self.loaded = loaded
        self.sets: dict[Site, int] = {}

    def set_site(self, mask: int) -> Site | None:
        for s, m in self.sets.items():
            if m & mask:
                return s
        return None

    def clean(self, mask: int) -> None:
        """Write back and drop the bytes of `mask` (GM already holds the written values)."""
        self.valid &= ~mask
        self.dirty &= ~mask
        self.sets = {s: m & ~mask for s, m in self.sets.items() if m & ~mask}


class BufLines:
    """The lines of one GM argument that the cores of a launch cache."""

    __slots__ = ("buf", "lines", "nos", "writes", "setters", "labels", "told")

    def __init__(self, buf: GMBuffer, labels: dict[int, tuple[str, int]]):
        self.buf = buf
        self.lines: dict[int, dict[int, Line]] = {}  # line number -> {core id: Line}
        self.nos: list[int] = []  # the keys of `lines`, sorted
        # line number -> the last non-DCache writes into it: (line mask, site, core, pipe)
        self.writes: dict[int, list[tuple]] = {}
        # line number -> {core id: [bytes its SetValues wrote (mask), first such site]}
        self.setters: dict[int, dict[int, list]] = {}
        self.labels = labels  # core id -> ("core 3", its block index), shared by the launch
        self.told: set = set()  # (line, core, core) pairs reported as sharing a line

    # --- geometry ---------------------------------------------------------------------------

    def span(self, lo: int, hi: int) -> range:
        """Numbers of the lines holding argument bytes [lo, hi)."""
        base = self.buf.base
        return range((base + lo) >> 6, ((base + hi - 1) >> 6) + 1)

    def start(self, no: int) -> int:
        """The argument byte offset of line `no`'s first byte (negative before the argument)."""
        return (no << 6) - self.buf.base

    def describe(self, no: int) -> str:
        s = self.start(no)
        return f"64-byte line [{s}, {s + LINE}) of {self.buf.mem.name}"

    # --- one core's lines -------------------------------------------------------------------

    def line(self, no: int, cid: int, site: Site) -> tuple[Line, bool]:
        """This core's line `no`, made (empty) if it has none; and whether it was there."""
        held = self.lines.get(no)
        if held is None:
            held = self.lines[no] = {}
            insort(self.nos, no)
        ln = held.get(cid)
        if ln is None:
            ln = held[cid] = Line(site)
            return ln, False
        return ln, True

    def load(self, no: int, ln: Line) -> None:
        """Bring the line's invalid bytes in from GM (a scalar access's line fill)."""
        if ln.valid == FULL:
            return
        gm = self.buf.mem.bytes
        s = self.start(no)
        lo, hi = max(s, 0), min(s + LINE, gm.shape[0])
        want = _mask(lo - s, hi - s) & ~ln.valid
        if not want:
            return
        for a, b in _ranges(want):
            ln.data[a:b] = gm[s + a:s + b]
        ln.valid |= want

    def load_over(self, no: int, ln: Line, mask: int) -> None:
        """Refresh bytes `mask` from GM once they were reported stale (one report a change)."""
        gm = self.buf.mem.bytes
        s = self.start(no)
        for a, b in _ranges(mask):
            ln.data[a:b] = gm[s + a:s + b]

    def drop(self, no: int, cid: int) -> None:
        held = self.lines.get(no)
        if held is not None and held.pop(cid, None) is not None and not held:
            del self.lines[no]
            del self.nos[bisect_left(self.nos, no)]

    def changed(self, no: int, ln: Line, mask: int) -> int:
        """The bytes of `mask` this core holds clean and valid that GM no longer matches."""
        check = mask & ln.valid & ~ln.dirty
        if not check:
            return 0
        gm = self.buf.mem.bytes
        s = self.start(no)
        lo, hi = max(s, 0), min(s + LINE, gm.shape[0])
        held, now = ln.data[lo - s:hi - s], gm[lo:hi]
        if held.tobytes() == now.tobytes():
            return 0  # the common case: nothing changed in the whole line
        bits = np.packbits(held != now, bitorder="little").tobytes()
        return (int.from_bytes(bits, "little") << (lo - s)) & check

    def writer(self, no: int, mask: int) -> tuple | None:
        """The last remembered non-DCache write into bytes `mask` of line `no`."""
        for w in reversed(self.writes.get(no, ())):
            if w[0] & mask:
                return w
        return None

    def note_write(self, no: int, mask: int, site: Site, core: str, pipe: str) -> None:
        kept = self.writes.setdefault(no, [])
        kept.append((mask, site, core, pipe))
        if len(kept) > WRITES_KEPT:
            del kept[0]

    # --- the sanitizer's hook: a DMA access of this argument ---------------------------------

    def dma(self, san, lo: int, hi: int, write, p: int, site: Site) -> None:
        """A copy (any pipe but S) reads or writes argument bytes [lo, hi)."""
        nos = self.nos
        first = (self.buf.base + lo) >> 6
        last = (self.buf.base + hi - 1) >> 6
        i = bisect_left(nos, first)
        if i == len(nos) or nos[i] > last:
            return  # no core holds a line there (the common case)
        from .sanitizer import PIPE_NAMES  # the sanitizer imports this module

        me = id(san)
        pn = PIPE_NAMES[p]
        while i < len(nos) and nos[i] <= last:
            no = nos[i]
            i += 1
            s = self.start(no)
            mask = _mask(lo - s, hi - s)
            for cid, ln in list(self.lines[no].items()):
                if not ln.dirty:
                    continue
                whose = "this core's" if cid == me else f"{self.labels[cid][0]}'s"
                if write:
                    what = (f"writes {self.buf.mem.name} bytes [{max(lo, s)}, "
                            f"{min(hi, s + LINE)}) of the 64-byte line [{s}, {s + LINE}), "
                            f"which {whose} DCache holds dirty (SetValue): the line goes back "
                            f"to GM whole, "
                            f"at a DataCacheCleanAndInvalid or when the DCache replaces it, "
                            f"and can then put its old copy of these bytes over the copy's "
                            f"data; {_FIX_AFTER_SET}, before this copy")
                    hit = ln.dirty
                elif ln.dirty & mask:
                    hit = ln.dirty & mask
                    a, b = _span(hit)
                    what = (f"reads {self.buf.mem.name} bytes [{s + a}, {s + b}) that "
                            f"{whose} SetValue wrote into its DCache only: GM still holds the "
                            f"old bytes there, and a copy reads GM (DataCacheCleanAndInvalid"
                            f".md); {_FIX_AFTER_SET}, before this copy")
                else:
                    continue
                setter = ln.set_site(hit)
                san.report(CoherenceError(
                    f"on {pn} {what}", site, pn, other=setter,
                    other_note=f"the SetValue ({whose} DCache)", core=san.core))
            if write:
                self.note_write(no, mask, site, f"core {san.core}", pn)


class LaunchDCache:
    """A launch's DCache state: the lines of each GM argument, the cores' names."""

    __slots__ = ("bufs", "labels", "ub_dcci")

    def __init__(self):
        self.bufs: dict[GMBuffer, BufLines] = {}
        self.labels: dict[int, tuple[str, int]] = {}
        # core id -> the last DataCacheCleanAndInvalid<..., CACHELINE_UB> of a GlobalTensor
        self.ub_dcci: dict[int, Site] = {}

    def of(self, buf: GMBuffer) -> BufLines:
        bl = self.bufs.get(buf)
        if bl is None:
            bl = self.bufs[buf] = BufLines(buf, self.labels)
        return bl


def launch_cache(c) -> LaunchDCache:
    """The launch's DCache state, with the core `c` named in it."""
    launch = c.launch
    dc = launch.dcache
    cid = id(c.san)
    if cid not in dc.labels:
        dc.labels[cid] = (core_name(c), c.block_idx)
    return dc


def _ub_hint(dc: LaunchDCache, cid: int) -> str:
    ub = dc.ub_dcci.get(cid)
    if ub is None:
        return ""
    return (f" (the DataCacheCleanAndInvalid with DcciDst::CACHELINE_UB at {ub.where()} keeps "
            "the DCache coherent with UB, not GM: use CACHELINE_OUT)")


# --- the scalar unit's GM accesses (sim/lower/tensor.py) -------------------------------------


def scalar_access(c, buf: GMBuffer, lo: int, hi: int, write: bool, site: Site, dt) -> None:
    """GetValue / SetValue of argument bytes [lo, hi), after the value moved (GM is coherent):
    fill the lines, check them, and for a write mark the bytes dirty."""
    dc = launch_cache(c)
    bl = dc.of(buf)
    cid = id(c.san)
    for no in bl.span(lo, hi):
        s = bl.start(no)
        mask = _mask(lo - s, hi - s)
        ln, held = bl.line(no, cid, site)
        if held:
            # A write goes back as the whole line: its other clean bytes must still be GM's.
            stale = bl.changed(no, ln, FULL & ~mask if write else mask)
            if stale:
                _stale(c, dc, bl, no, ln, stale, write, site, dt, lo, hi)
                bl.load_over(no, ln, stale)
        if not write:
            _dirty_elsewhere(c, bl, no, cid, mask, site)
        bl.load(no, ln)
        if write:
            gm = buf.mem.bytes
            for a, b in _ranges(mask & ln.valid):
                ln.data[a:b] = gm[s + a:s + b]
            ln.dirty |= mask
            ln.sets[site] = ln.sets.get(site, 0) | mask
            _shared_line(c, bl, no, cid, mask, site)
            if len(bl.lines[no]) > 1:
                bl.note_write(no, mask, site, dc.labels[cid][0], "PIPE_S")


def _stale(c, dc: LaunchDCache, bl: BufLines, no: int, ln: Line, stale: int, write: bool,
           site: Site, dt, lo: int, hi: int) -> None:
    s = bl.start(no)
    a, b = _span(stale)
    w = bl.writer(no, stale)
    by = (f"'{w[1].name}' on {w[3]} ({w[2]}) wrote them" if w is not None
          else "another core or copy wrote them")
    notes = [(w[1], f"the write that changed GM ('{w[1].name}' on {w[3]}, {w[2]})")] \
        if w is not None else []
    if write:
        what = (f"writes into the {bl.describe(no)}, which this core's DCache holds since the "
                f"access that cached it, but GM bytes [{s + a}, {s + b}) of the line changed "
                f"since ({by}): the line goes back to GM whole, so its old copy of those bytes "
                f"would overwrite them; call DataCacheCleanAndInvalid on the line before the "
                f"SetValue")
    else:
        gm = bl.buf.mem.bytes
        held = ln.data[lo - s:hi - s].view(dt.np) if 0 <= lo - s and hi - s <= LINE else None
        now = gm[lo:hi].view(dt.np)
        vals = ""
        if held is not None and held.size == 1:
            vals = (f": the scalar unit reads {dt.load(held)[0].item()!r} from its line, GM "
                    f"holds {dt.load(now)[0].item()!r}")
        what = (f"reads {bl.buf.mem.name} bytes [{lo}, {hi}) from the {bl.describe(no)}, "
                f"which this core's DCache holds since the access that cached it, but GM "
                f"there changed since ({by}){vals}; {_FIX_BEFORE_GET}")
    c.finding(CoherenceError(what + _ub_hint(dc, id(c.san)), site, "PIPE_S", other=ln.loaded,
                             other_note="the access that cached the line", notes=notes))


def _dirty_elsewhere(c, bl: BufLines, no: int, cid: int, mask: int, site: Site) -> None:
    """Another core holds bytes of this access dirty: GM (which this core's line fill reads)
    does not have them yet."""
    held = bl.lines.get(no)
    if held is None or len(held) < 2:
        return
    for other, ln in held.items():
        hit = ln.dirty & mask if other != cid else 0
        if hit:
            s = bl.start(no)
            a, b = _span(hit)
            who = bl.labels[other][0]
            c.finding(CoherenceError(
                f"reads {bl.buf.mem.name} bytes [{s + a}, {s + b}) that {who} wrote with "
                f"SetValue and holds dirty in its own DCache: GM, which this core's DCache "
                f"loads the line from, still holds the old bytes; {_FIX_AFTER_SET} on {who}, "
                f"then order the cores (e.g. SyncAll)", site, "PIPE_S", other=ln.set_site(hit),
                other_note=f"the SetValue of {who}"))


def _shared_line(c, bl: BufLines, no: int, cid: int, mask: int, site: Site) -> None:
    """Two cores SetValue different bytes of one line (SetValue.md, example 3 of
    DataCacheCleanAndInvalid.md)."""
    rec = bl.setters.setdefault(no, {})
    mine = rec.get(cid)
    if mine is None:
        rec[cid] = [mask, site]
    else:
        mine[0] |= mask
    for other, (omask, osite) in rec.items():
        if other != cid and mask & ~omask and (no, other, cid) not in bl.told:
            bl.told.add((no, other, cid))
            c.finding(_shared_error(bl, no, bl.labels[other][0], site, osite))


def _shared_error(bl: BufLines, no: int, other: str, site: Site, osite: Site) -> CoherenceError:
    return CoherenceError(
        f"writes bytes of the {bl.describe(no)} of which {other} writes other bytes through "
        f"SetValue: each core's DCache holds its own copy of the whole line and writes all "
        f"64 bytes back, so the later write-back overwrites the other core's bytes with its "
        f"old copy (SetValue.md: cores writing GM through SetValue must stay a cache line "
        f"apart, 64-byte aligned); give each core its own 64-byte line",
        site, "PIPE_S", other=osite, other_note=f"the SetValue of {other}")


def check_shared_lines(lines: dict, report) -> None:
    """After a launch: line pairs whose SetValue byte sets differ, not reported while they
    ran (the later core wrote only bytes the earlier one wrote too, but not all of them).
    `lines`: the launch's BufLines per GM argument (`LaunchDCache.bufs`)."""
    for bl in lines.values():
        for no, rec in bl.setters.items():
            cores = list(rec.items())
            for i, (ca, (ma, sa)) in enumerate(cores):
                for cb, (mb, sb) in cores[i + 1:]:
                    if ma == mb or (no, ca, cb) in bl.told or (no, cb, ca) in bl.told:
                        continue
                    bl.told.add((no, ca, cb))
                    err = _shared_error(bl, no, bl.labels[ca][0], sb, sa)
                    err.set_core(bl.labels[cb][1])
                    report(err)


# --- DataCacheCleanAndInvalid (sim/lower/system.py) ------------------------------------------


def clean_invalid(c, g, entire: CacheLine, dst: DcciDst, site: Site) -> None:
    """Clean and invalidate this core's lines as the op's mode says."""
    if dst is DcciDst.CACHELINE_ATOMIC:
        c.finding(InvalidArgumentError(
            "uses DcciDst::CACHELINE_ATOMIC, which Atlas A2 does not support yet "
            "(DataCacheCleanAndInvalid.md): it keeps no line coherent with GM here; use "
            "CACHELINE_OUT", site))
        return
    dc = launch_cache(c)
    cid = id(c.san)
    if dst is DcciDst.CACHELINE_UB:
        # The UB target cleans the DCache's lines of UB addresses (缓存一致性.md), not GM's.
        dc.ub_dcci[cid] = site
        return
    if entire is CacheLine.ENTIRE_DATA_CACHE:
        for bl in dc.bufs.values():
            for no in [n for n in bl.nos if cid in bl.lines[n]]:
                bl.drop(no, cid)
        return
    buf = g.mem.gm  # raises a located error for an unbound GlobalTensor
    bl = dc.bufs.get(buf)
    if bl is None:
        return
    addr = g.off * g.dt.size
    no = (buf.base + addr) >> 6
    held = bl.lines.get(no)
    ln = held.get(cid) if held is not None else None
    if ln is None:
        return
    # From an unaligned address only up to the line's end (example 2 of the doc).
    ln.clean(_mask(addr - bl.start(no), LINE))
    if not ln.valid:
        bl.drop(no, cid)
