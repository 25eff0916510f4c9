"""The cost model: cycles of each op on its pipe, from the SoC table (ascendc/soc.py).

An op occupies its pipe for `occupancy` cycles (later ops of the pipe start after that) and
its results are visible `latency` cycles later (a set_flag or barrier on the pipe waits for
them). Latency overlaps later ops of the same pipe: a DMA engine keeps several transfers in
flight, the vector pipeline overlaps instructions. That is what lets double buffering hide GM
latency.

- Copies: `mte_issue + bytes / rate(src -> dst) + (bursts - 1) * mte_burst`, latency
  `gm_latency` when GM is involved, else `local_latency`. GM rates are capped by the chip's
  HBM bandwidth shared among the cores of the launch.
- Vector ops: `vector_issue + repeats * cycles_per_repeat(api)` with one repeat per 256 bytes
  of the widest operand; latency `vector_latency`.
- Reductions: one pass over the source plus `reduce_level` per further tree level.
- Scalar: every IR op the scalar unit issues costs `scalar_issue`, a loop back-edge
  `loop_iteration`, GetValue/SetValue `scalar_ub_access` or `scalar_gm_access`.
"""

from __future__ import annotations

import math

from ascdsl.dialects.ascendc import soc as soc_table
from ascdsl.dialects.ascendc.enums import Hardware

REPEAT = soc_table.VECTOR_REPEAT_BYTES


class CostModel:
    """Cycle costs for one SoC and one launch size (`cores` share the HBM bandwidth)."""

    def __init__(self, soc: soc_table.SoC, cores: int = 1):
        c = soc.cost
        self.soc = soc
        self.issue = c["scalar_issue"]
        self.loop_iteration = c["loop_iteration"]
        self.scalar_ub = c["scalar_ub_access"]
        self.scalar_gm = c["scalar_gm_access"]
        self.event_latency = c["event_latency"]
        self.barrier = c["barrier"]
        self.mte_issue = c["mte_issue"]
        self.mte_burst = c["mte_burst"]
        self.gm_latency = c["gm_latency"]
        self.local_latency = c["local_latency"]
        self.vector_issue = c["vector_issue"]
        self.vector_latency = c["vector_latency"]
        self.reduce_level = c["reduce_level"]
        self._vector_cycles = dict(soc.vector_cycles)
        self._default_vc = self._vector_cycles.get("default", 1.0)
        self._hbm_share = soc.rates["hbm_chip"] / max(min(cores, soc.aiv_cores), 1)
        self._rates: dict[tuple[Hardware, Hardware], float] = {}
        # (pipe, issue cycles, bytes per cycle, latency) of a copy, at [src * 16 + dst].
        self.copy_table: list[tuple | None] = [None] * 256

    def rate(self, src: Hardware, dst: Hardware) -> float:
        r = self._rates.get((src, dst))
        if r is None:
            r = self.soc.path_rate(src, dst)
            if Hardware.GM in (src, dst):
                r = min(r, self._hbm_share)
            self._rates[(src, dst)] = r
        return r

    def copy_entry(self, src: Hardware, dst: Hardware) -> tuple[int, float, float, float]:
        """(pipe index, issue cycles, bytes per cycle, latency) of copies from src to dst."""
        from ascdsl.dialects.ascendc import copy_pipe

        from .sanitizer import PIPE_INDEX

        e = self.copy_table[src * 16 + dst]
        if e is None:
            lat = self.gm_latency if Hardware.GM in (src, dst) else self.local_latency
            e = (PIPE_INDEX[copy_pipe(src, dst)], self.mte_issue, self.rate(src, dst), lat)
            self.copy_table[src * 16 + dst] = e
        return e

    def copy(
        self, src: Hardware, dst: Hardware, nbytes: int, bursts: int = 1
    ) -> tuple[float, float]:
        """(occupancy, latency) of a DMA moving `nbytes` in `bursts` blocks."""
        occ = self.mte_issue + nbytes / self.rate(src, dst) + (bursts - 1) * self.mte_burst
        lat = self.gm_latency if Hardware.GM in (src, dst) else self.local_latency
        return occ, lat

    def vector_per_repeat(self, api: str) -> float:
        return self._vector_cycles.get(api, self._default_vc)

    def vector(self, api: str, repeats: int) -> float:
        return self.vector_issue + repeats * self.vector_per_repeat(api)

    @staticmethod
    def repeats(nbytes: int) -> int:
        return -(-nbytes // REPEAT)

    def reduce(self, api: str, count: int, elem_size: int) -> float:
        per_repeat = REPEAT // elem_size
        repeats = max(1, -(-count // per_repeat))
        levels = max(0, math.ceil(math.log(max(count, 1), per_repeat)) - 1) if count > 1 else 0
        return self.vector(api, repeats) + levels * self.reduce_level
