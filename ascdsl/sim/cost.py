"""The cost model: cycles of each op on its pipe, from the SoC table (ascendc/soc.py).

An op occupies its pipe for `occupancy` cycles (later ops of the pipe start after that) and
its results land `latency` cycles later (a set_flag or barrier on the pipe waits for them).
Latency overlaps later ops of the same pipe: a DMA engine keeps several transfers in flight,
the vector pipeline overlaps instructions. That is what lets double buffering hide GM latency.
A pipe is busy (msprof's `*_time`) while it has an instruction in flight.

- Vector ops: `vector_issue + repeats * cycles_per_repeat(api)` with one repeat per 256 bytes
  of the widest operand, plus UB bank conflicts: a repeat that reads (or writes) k blocks of one
  bank group takes k beats, each beyond the first `bank_read_conflict`; one whose deferred write
  lands in a bank the next repeat reads costs `bank_write_conflict` more (`ub_conflicts`).
- Copies between on-chip memories: `mte_issue + bursts * mte_burst + bytes / rate(src, dst)`.
- Copies to or from GM: the DMA engine issues in `mte_issue + bursts * mte_burst` plus the
  bytes L2 serves or absorbs at the core's L2 rate; the bytes that go to or come from HBM are
  served by the core's share of the chip's HBM bandwidth (`ascdsl.sim.memsys`), reads land
  `gm_latency` after their last byte. `CoreSim.gm_copy` does the timing.
- Reductions: one pass over the source plus `reduce_level` per further tree level.
- Scalar: every IR op the scalar unit issues costs `scalar_issue`, a loop back-edge
  `loop_iteration`, GetValue/SetValue `scalar_ub_access` or `scalar_gm_access`.
"""

from __future__ import annotations

import math

import numpy as np

from ascdsl.dialects.ascendc import soc as soc_table
from ascdsl.dialects.ascendc.enums import Hardware

from .memsys import MemSystem

REPEAT = soc_table.VECTOR_REPEAT_BYTES
BLOCK = soc_table.BLOCK_BYTES


class CostModel:
    """Cycle costs for one SoC and one launch (`active` cores share the chip's GM path)."""

    def __init__(self, soc: soc_table.SoC, active: int = 1):
        c = soc.cost
        self.soc = soc
        self.issue = c["scalar_issue"]
        self.loop_iteration = c["loop_iteration"]
        self.scalar_ub = c["scalar_ub_access"]
        self.scalar_gm = c["scalar_gm_access"]
        self.event_latency = c["event_latency"]
        self.cross_core_latency = c.get("cross_core_latency", self.event_latency)
        self.barrier = c["barrier"]
        self.mte_issue = c["mte_issue"]
        self.mte_burst = c["mte_burst"]
        self.gm_latency = c["gm_latency"]
        self.gm_rw = c["gm_rw_core"]
        self.local_latency = c["local_latency"]
        self.vector_issue = c["vector_issue"]
        self.vector_latency = c["vector_latency"]
        self.reduce_level = c["reduce_level"]
        self.cube_issue = c.get("cube_issue", self.mte_issue)
        self.fix_rate = c.get("fix_rate", c["gm_write_core"])
        self.fix_lead = c.get("fix_lead", 0.0)
        self.mm_tiling_scalar = c.get("mm_tiling_scalar", 0.0)
        self.mm_init = c.get("mm_init", 0.0)
        self.mm_init_tiling = c.get("mm_init_tiling", 0.0)
        self.nd2nz_rate = c.get("nd2nz_rate")
        self.nd2nz_row = c.get("nd2nz_row", 0.0)
        self.mte1_issue = c.get("mte1_issue", self.mte_issue)
        self.mte1_rate = c.get("mte1_rate")
        from .sanitizer import MTE1, M

        # What an instruction that moves or computes nothing still costs its pipe: the
        # pipe's own issue cost.
        self._nop = {MTE1: self.mte1_issue, M: self.cube_issue}
        self.read_conflict = c["bank_read_conflict"]
        self.write_conflict = c["bank_write_conflict"]
        self.bank_groups = int(c["ub_bank_groups"])
        self.bank_row = int(c["ub_bank_row"])
        self.memsys = MemSystem(soc, active)
        self._vector_cycles = dict(soc.vector_cycles)
        self._default_vc = self._vector_cycles.get("default", 1.0)
        # (pipe, issue cycles, bytes per cycle, latency) of an on-chip copy, at [src * 16 + dst].
        self.copy_table: list[tuple | None] = [None] * 256
        self._conflicts: dict[tuple, float] = {}

    # --- copies ------------------------------------------------------------------------------

    def copy_entry(self, src: Hardware, dst: Hardware) -> tuple[int, float, float, float]:
        """(pipe index, issue cycles, bytes per cycle, latency) of on-chip copies src -> dst."""
        from ascdsl.dialects.ascendc import copy_pipe

        from .sanitizer import PIPE_INDEX

        e = self.copy_table[src * 16 + dst]
        if e is None:
            e = (PIPE_INDEX[copy_pipe(src, dst)], self.mte_issue + self.mte_burst,
                 self.soc.path_rate(src, dst), self.local_latency)
            self.copy_table[src * 16 + dst] = e
        return e

    def copy(self, src: Hardware, dst: Hardware, nbytes: int, bursts: int = 1
             ) -> tuple[float, float]:
        """(occupancy, latency) of an on-chip DMA moving `nbytes` in `bursts` blocks."""
        occ = self.mte_issue + bursts * self.mte_burst + nbytes / self.soc.path_rate(src, dst)
        return occ, self.local_latency

    def load_data(self, src: Hardware, dst: Hardware, nbytes: int, instrs: int = 1
                  ) -> tuple[float, float]:
        """(occupancy, latency) of `instrs` LoadData instructions moving `nbytes` between
        on-chip memories: MTE1 issues each in `mte1_issue` and moves the bytes at
        `mte1_rate`, what the matmul rows measure whatever the instruction (LoadData2D,
        LoadData3DV2), well under the .ini's L1 -> L0A / L0B path widths."""
        rate = self.soc.path_rate(src, dst)
        if self.mte1_rate is not None and self.mte1_rate < rate:
            rate = self.mte1_rate
        return instrs * self.mte1_issue + nbytes / rate, self.local_latency

    def nop(self, pipe: int) -> float:
        """Cycles an empty instruction (repeat 0, no rows, an empty matrix) holds `pipe`."""
        return self._nop.get(pipe, self.mte_issue)

    def dma_issue(self, bursts: int) -> float:
        """Cycles the DMA engine takes to issue a copy of `bursts` bursts (before its bytes)."""
        return self.mte_issue + bursts * self.mte_burst

    # --- vector ------------------------------------------------------------------------------

    def vector_per_repeat(self, api: str) -> float:
        return self._vector_cycles.get(api, self._default_vc)

    def vector(self, api: str, repeats: int, conflicts: float = 0.0) -> float:
        return self.vector_issue + repeats * self.vector_per_repeat(api) + conflicts

    @staticmethod
    def repeats(nbytes: int) -> int:
        return -(-nbytes // REPEAT)

    # --- advanced APIs (the library table of the SoC) ------------------------------------------

    def library_chunk(self, api: str, dtype: str, tmp_bytes: int | None) -> int | None:
        """Elements the library computes per chunk with `tmp_bytes` of scratch (None: all)."""
        lib = self.soc.library.get(api)
        per = lib.scratch_per_element(dtype) if lib is not None else 0
        if per == 0 or tmp_bytes is None:
            return None
        return tmp_bytes // per // 32 * 32

    def library_min_tmp(self, api: str, dtype: str, elem_size: int) -> int:
        """The least scratch the library accepts (GetXxxMaxMinTmpSize's minimum)."""
        lib = self.soc.library.get(api)
        if lib is None:
            return 0
        if lib.min_tmp is not None:
            return lib.min_tmp
        return lib.scratch_per_element(dtype) * (REPEAT // elem_size)

    def library(self, api: str, dtype: str, n: int, width: int, tmp_bytes: int | None,
                extra: dict[str, int] | None = None) -> float:
        """Vector cycles of an advanced API on `n` elements: every chunk runs the library's
        instruction sequence, each instruction `vector_issue` plus its repeats over the chunk
        (`width` bytes per element as computed: 4 for half and float, which the library
        computes in float). `extra` adds instructions per chunk (Exp's Taylor terms)."""
        lib = self.soc.library.get(api)
        mix = dict(lib.instructions(dtype)) if lib is not None else {api: 1}
        for k, v in (extra or {}).items():
            mix[k] = mix.get(k, 0) + v
        if not mix or n <= 0:
            return 0.0
        chunk = self.library_chunk(api, dtype, tmp_bytes) or n
        chunk = max(min(chunk, n), 1)
        per_repeat = sum(c * self.vector_per_repeat(a) for a, c in mix.items())
        instrs = sum(mix.values())

        def one(elems: int) -> float:
            return instrs * self.vector_issue + self.repeats(elems * width) * per_repeat

        full, tail = divmod(n, chunk)
        return full * one(chunk) + (one(tail) if tail else 0.0)

    def vector_steps(self, steps) -> float:
        """Vector cycles of an advanced API whose loops its lowering counts (AscendDequant,
        BroadCast): each step (API, instructions, repeats) issues `instructions` and runs
        `repeats` repeats over all of them."""
        return sum(k * self.vector_issue + r * self.vector_per_repeat(api)
                   for api, k, r in steps)

    def reduce(self, api: str, count: int, elem_size: int) -> float:
        per_repeat = REPEAT // elem_size
        repeats = max(1, -(-count // per_repeat))
        levels = max(0, math.ceil(math.log(max(count, 1), per_repeat)) - 1) if count > 1 else 0
        return self.vector(api, repeats) + levels * self.reduce_level

    def ub_conflicts(self, dst: tuple, srcs: tuple, repeats: int) -> float:
        """Extra cycles of UB bank conflicts of one vector instruction.

        Operands are `(byte address, blocks per repeat, repeat stride, block stride)` (strides
        in 32-byte blocks). UB (A2/A3): 16 bank groups of 3 banks; a 32-byte block at address
        `a` is in bank group `(a >> 5) & 15` and bank `a >> 16` of that group. Each beat reads
        (and writes) one block per bank group: a repeat whose distinct source blocks put k of
        them in one group reads in k beats, likewise for its destination blocks, and each
        beat beyond the first costs `bank_read_conflict` (two sources in one group: one more).
        A repeat's write that would hit a bank its reads use is deferred one repeat; it costs
        `bank_write_conflict` when it hits a bank the next repeat reads too (read-write).
        """
        key = (dst, srcs, repeats)
        extra = self._conflicts.get(key)
        if extra is None:
            extra = self._conflicts[key] = self._ub_conflicts(dst, srcs, repeats)
        return extra

    def _ub_conflicts(self, dst: tuple, srcs: tuple, repeats: int) -> float:
        if repeats <= 0:
            return 0.0
        g = self.bank_groups
        shift = (self.bank_row * g).bit_length() - 1 + 7  # row bits above the group bits
        r = np.arange(repeats, dtype=np.int64)[:, None]

        def blocks(op):
            addr, nb, rep, blk = op
            return (addr >> 5) + r * rep + np.arange(nb, dtype=np.int64)[None, :] * blk

        def beats(b):
            """Beats per repeat: the most distinct blocks any one bank group holds."""
            b = np.sort(b, axis=1)
            distinct = np.ones(b.shape, dtype=np.int64)
            distinct[:, 1:] = b[:, 1:] != b[:, :-1]
            per_group = np.zeros((repeats, g), dtype=np.int64)
            np.add.at(per_group, (np.broadcast_to(r, b.shape), b & (g - 1)), distinct)
            return per_group.max(axis=1)

        sb = [blocks(s) for s in srcs]
        extra_beats = np.zeros(repeats, dtype=np.int64)
        if sb:
            extra_beats = beats(np.concatenate(sb, axis=1)) - 1
        if dst is not None:
            extra_beats = np.maximum(extra_beats, beats(blocks(dst)) - 1)
        extra = float(extra_beats.sum()) * self.read_conflict
        if dst is not None and sb and repeats > 1:
            # A repeat's write goes to UB during that repeat, or one repeat later when it would
            # hit a bank a read of the repeat uses; it conflicts when both clash.
            def bank(b):
                return ((b >> (shift - 5)) << 4) | (b & (g - 1))

            db = bank(blocks(dst))
            same = np.zeros(repeats, dtype=bool)
            later = np.zeros(repeats - 1, dtype=bool)
            for k in (bank(s) for s in sb):
                same |= (db[:, :, None] == k[:, None, :]).any(axis=(1, 2))
                later |= (db[:-1, :, None] == k[1:, None, :]).any(axis=(1, 2))
            extra += float((same[:-1] & later).sum()) * self.write_conflict
        return extra


def contiguous_operand(addr: int, size: int, widest: int) -> tuple:
    """A contiguous vector operand as `ub_conflicts` takes it."""
    nb = max(1, REPEAT * size // widest // BLOCK)
    return (addr, nb, nb, 1)
