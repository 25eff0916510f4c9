"""The Matmul API's schedule on the simulated cube core: when each step of a block runs.

ascdsl.sim.lower.matmul computes a Matmul's numbers and walks its blocks; this module times
them, as the library's schedule runs them from the TCubeTiling (see that module's docstring
for the stages and buffers). Three MatmulConfig choices change the schedule here:

- **UnitFlag** (`en_unit_flag`; dav-c220 supports it): the library keeps one L0C buffer and
  no M -> FIX queue (cube_out_buffer_unit_flag.h: EnQue/DeQue/FreeTensor are empty); the last
  K step's Mmad sets, and Fixpipe checks, a flag per 512 bytes of L0C, and the next block's
  first Mmad checks each unit before overwriting it. So the scalar unit no longer waits for the
  block's last Mmad before issuing its Fixpipe, FIX starts as soon as the last Mmad has
  filled its first unit, and the next block's Mmads overwrite L0C behind FIX instead of after
  it. Without it Fixpipe waits for the whole block (WaitFlag M -> FIX) and the next block's
  first Mmad for the whole Fixpipe (the L0C buffer's FIX -> M).
- **Constant tiling** (a MatmulConfig whose single-core and base shapes are set,
  `get_mm_config(CONFIG_MDL, MatmulShapeParams(...))`: Ascend C's IsStaticTilingEnable /
  GetMatmulApiTiling): the block's offsets, tails and K-loop bounds are compile-time
  constants. With a run-time TCubeTiling the library computes them on the scalar unit at each
  block, `mm_tiling_scalar` cycles (SoC table), which the core cannot hide where it waited
  for the previous block (the M -> FIX WaitFlag).
- **Staggered K** (`enable_kdim_reorder_load`, MDL: k_loop_mdl_reorder.h): each core starts
  its K loop at stage `block_idx mod stages` (of the larger K step) and wraps around; the stage
  after the last is the next block's first (ascdsl.sim.lower.matmul sets `k_start`).
"""

from __future__ import annotations

import functools

from ascdsl.dialects.ascendc.enums import Hardware

from ..sanitizer import FIX, MTE1, MTE2, M, S
from . import matmul_nz as nz
from .common import gm_span
from .copy import _record_blocks
from .unitflag import fix_issue, wait_site

FRACTAL = 512  # bytes of a fractal, and of one UnitFlag unit of L0C


@functools.lru_cache(maxsize=None)
def _ceil(a: int, b: int) -> int:
    return -(-a // b)


def _load_instrs(which: str, trans: bool, int8: bool, rows: int, k: int, c0: int,
                 l1_n: int) -> int:
    """LoadData instructions the dav_c220 Matmul API issues for one base slice (rows x k,
    aligned), as its load_to_l0a / load_to_l0b loadInstr headers choose them: one
    LoadData3DV2 for A and for B in K x N order; int8 (8 bits or fewer) A given transposed
    and int8 B in K x N order by LoadDataWithTranspose, one per 32 rows (A) or 32 of K (B);
    B given as N x K by LoadData2D, one if the slice spans B's L1 columns, else a loop over
    the fewer of its fractal rows and columns."""
    if which == "a":
        return _ceil(rows, c0) if trans and int8 else 1
    if not trans:
        return _ceil(k, c0) if int8 else 1
    k_c0, n_frac = _ceil(k, c0), _ceil(rows, 16)
    if n_frac * 16 == _ceil(l1_n, 16) * 16:
        return 1
    return k_c0 if n_frac >= k_c0 else n_frac


class MatmulSchedule:
    """The timing half of a Matmul run (mixed into ascdsl.sim.lower.matmul._Run, which sets
    c, st, t, site, m/n/k, bm/bn/bk, mb/nb/kb, lda/ldb, mdl, base_rc, share, unit_flag and
    static)."""

    # The earliest the core issues a Fixpipe: GetTensorC's own call (the kernel may wait for
    # something first, a workspace slot); within IterateAll, nothing but the lead.
    fix_gate = 0.0

    def _fixpipe(self, g, lo: int, rows: int, cols: int, m_done: float) -> None:
        """FIX: the block's rows of C from L0C to GM at byte `lo`, after the Mmad that
        finished it (done at `m_done`)."""
        c, st, site = self.c, self.st, self.site
        dt = g.dt
        cost = c.cost
        # Either template's Fixpipe moves the block at FIX's own rate (mm-5).
        rate = cost.fix_rate
        units = max(1, _ceil(rows, 16) * _ceil(cols, 16) * 16 * 16 * 4 // FRACTAL)
        if self.unit_flag:
            # No WaitFlag: FIX reads each 512-byte unit once the last Mmad has written it, so
            # it starts one unit into that Mmad and cannot end before its last unit is done.
            m_start, m_occ = st.last_mmad
            est = rows * cols * dt.size / rate
            copy_at = max(m_start + m_occ / units, m_done + est / units - est)
            # The core issues the Fixpipe once the block's last Mmad is queued, `fix_lead`
            # Mmads behind the one M runs; from then FIX is busy waiting for its units, which
            # msprof counts as its time (mm-0 / mm-1: 5-6 K steps of the block), but nothing
            # else waits for it. A block of fewer K steps has less to wait for.
            wait_from = max(fix_issue(st.block_mmads, cost.fix_lead, copy_at),
                            self.fix_gate, c.free[FIX])
            if copy_at > wait_from:
                c.busy_wait(FIX, wait_from, copy_at, wait_site(site))
            c.hold(FIX, copy_at)
        else:
            c.hold(S, m_done)  # GetTensorC's WaitFlag M -> FIX
        start = max(c.t, c.free[FIX])
        c.gm_copy(FIX, g.buf, lo, cols * dt.size, self.ldc * dt.size, rows, True, g.cache[1],
                  site, 0.0, write_rate=rate)
        slot = st.l0c_next % len(st.l0c)
        st.l0c[slot] = c.done[FIX]
        st.l0c_next += 1
        st.fix_units = (start, c.done[FIX], units)

    def _stage(self, which: str, key: tuple[int, int], rows: int, cols: int, r0: int, c0: int,
               slots: int) -> list:
        """The L1 stage `key` of A (or B): loaded by MTE2 unless L1 still holds it."""
        st, c, site = self.st, self.c, self.site
        cache = st.l1[which]
        hit = cache.get(key)
        if hit is not None:
            cache.move_to_end(key)
            return hit
        free = st.l1_free[which]
        if len(free) < slots:
            free.extend([0.0] * (slots - len(free)))
        if len(cache) >= slots:
            _, old = cache.popitem(last=False)
            slot = old[0]
        else:
            used = {v[0] for v in cache.values()}
            slot = next(i for i in range(slots) if i not in used)
        g = getattr(st, which)
        dt = st.dt[which]
        ld = self.lda if which == "a" else self.ldb
        if st.trans[which]:
            first, n_rows, n_cols = c0 * ld + r0, cols, rows
            r0, c0 = c0, r0  # from here on the stored matrix's row and column
        else:
            first, n_rows, n_cols = r0 * ld + c0, rows, cols
        size = dt.size
        is_nz = nz.is_nz(st, which)
        if is_nz:
            # NZ: the bursts are the stage's column strips, whole fractal rows of each.
            lo, (first, length, step, count) = nz.span(self, which, r0, c0, n_rows, n_cols)
            length, step = length * size, step * size
        else:
            lo, _ = gm_span(c, g, first, (n_rows - 1) * ld + n_cols, site, "reads")
            length, step, count = n_cols * size, ld * size, n_rows
        san = c.san
        if san is not None:
            k = san.begin(MTE2)
            _record_blocks(san, g.mem, lo, step, length, count, False, MTE2, k, site)
        # The library waits for the slot (MTE1 -> MTE2) with a WaitFlag: the core issues
        # nothing else until MTE1 has read the stage it replaces.
        c.hold(S, free[slot])
        share = self.share[which]
        if self.mdl:
            # MDL moves the whole stage in one copy (the README's "large packet").
            tiles = ((0, 0, n_rows, n_cols),)
        else:
            # NORM moves it one base block per copy, however many blocks L1 caches.
            rs, cs = self.base_rc[which]
            tiles = tuple((r, j, min(rs, n_rows - r), min(cs, n_cols - j))
                          for r in range(0, n_rows, rs) for j in range(0, n_cols, cs))
        for r, j, h, w in tiles:
            if is_nz:
                # A plain DataCopy (CopyNZ2NZ): the plain copy's rates, no ND2NZ cap.
                f, ln, sp, cnt = nz.strips(self, which, r0 + r, c0 + j, h, w)
                c.gm_copy(MTE2, g.buf, lo + (f - first) * size, ln * size, sp * size, cnt,
                          False, g.cache[0], site, shared=share)
            else:
                c.gm_copy(MTE2, g.buf, lo + (r * ld + j) * size, w * size, ld * size, h, False,
                          g.cache[0], site, l2_cap=c.cost.nd2nz_rate, shared=share)
        entry = [slot, c.done[MTE2]]
        cache[key] = entry
        return entry

    def _load_l0(self, which: str, stage: list, rows: int, cols: int, c0_elems: int,
                 l1_n: int = 0) -> float:
        """MTE1: one base slice L1 -> L0A/L0B (`rows` of M or N by `cols` of K; `l1_n`, B's
        N extent in L1); when it has landed."""
        st, c = self.st, self.c
        bufs = st.l0[which]
        j = st.l0_next[which] % len(bufs)
        st.l0_next[which] += 1
        r = _ceil(rows, 16) * 16
        k = _ceil(cols, c0_elems) * c0_elems
        nbytes = r * k * st.dt[which].size
        occ, lat = c.cost.load_data(Hardware.L1, Hardware.L0A if which == "a" else Hardware.L0B,
                                    nbytes, _load_instrs(which, st.trans[which],
                                                         st.dt[which].bits <= 8, r, k,
                                                         c0_elems, l1_n))
        c.hold(S, stage[1])  # WaitFlag MTE2 -> MTE1: the stage is in L1
        c.hold(MTE1, bufs[j])
        c.run(MTE1, occ, lat, self.site)
        return c.done[MTE1], j

    def compute_block(self, mi: int, ni: int, nxt: tuple[int, int] | None = None) -> float:
        """MTE2 / MTE1 / M for block (mi, ni) over K; when its last Mmad is done. `nxt`: the
        block computed next, whose first stages are copied during this one's last (MDL)."""
        st, c, t = self.st, self.c, self.t
        dta = st.dt["a"]
        c0 = 32 // dta.size
        rows, cols = min(self.bm, self.m - mi * self.bm), min(self.bn, self.n - ni * self.bn)
        slots_a = max(1, t["depthA1"] // (t["stepM"] * t["stepKa"]))
        slots_b = max(1, t["depthB1"] // (t["stepN"] * t["stepKb"]))
        for bufs, db in ((st.l0["a"], t["dbL0A"]), (st.l0["b"], t["dbL0B"])):
            while len(bufs) > max(1, db):
                bufs.pop()
        # UnitFlag's CubeOutBuffer is one L0C buffer whatever dbL0C says.
        while len(st.l0c) > (1 if self.unit_flag else max(1, t["dbL0C"])):
            st.l0c.pop()
        m_done = 0.0
        l0c = st.l0c[st.l0c_next % len(st.l0c)]
        cost = c.cost
        if not self.static:
            # The block's offsets, tails and K-loop bounds from the run-time tiling.
            c.run_scalar(cost.mm_tiling_scalar, self.site)
        ska, skb, sm, sn = t["stepKa"], t["stepKb"], t["stepM"], t["stepN"]
        ms, ns = mi // sm, ni // sn
        a_rows = min(sm * self.bm, self.m - ms * sm * self.bm)
        b_cols = min(sn * self.bn, self.n - ns * sn * self.bn)
        a_stages, b_stages = _ceil(self.kb, ska), _ceil(self.kb, skb)

        def stage_a(ks, ms=ms, a_rows=a_rows):
            cols_k = min(ska * self.bk, self.k - ks * ska * self.bk)
            return self._stage("a", (ms, ks), a_rows, cols_k, ms * sm * self.bm,
                               ks * ska * self.bk, slots_a)

        def stage_b(ks, ns=ns, b_cols=b_cols):
            rows_k = min(skb * self.bk, self.k - ks * skb * self.bk)
            return self._stage("b", (ns, ks), rows_k, b_cols, ks * skb * self.bk,
                               ns * sn * self.bn, slots_b)

        # The K loop starts at this core's stage with enableKdimReorderLoad (self.k_start)
        # and wraps around; the stage after the last is the next block's first.
        k0 = self.k_start % self.kb
        first_a, first_b = k0 // ska, k0 // skb
        starts = st.block_mmads = []
        for j in range(self.kb):
            ki = (k0 + j) % self.kb
            kk = min(self.bk, self.k - ki * self.bk)
            ks_a, ks_b = ki // ska, ki // skb
            sa = stage_a(ks_a)
            sb = stage_b(ks_b)
            # With two or more L1 slots the library copies the next stage while the cube
            # works on this one (MDL's L1 double buffering).
            if slots_a > 1 and ki % ska == 0:
                if (ks_a + 1) % a_stages != first_a:
                    stage_a((ks_a + 1) % a_stages)
                elif nxt is not None:
                    nm = nxt[0] // sm
                    stage_a(first_a, nm, min(sm * self.bm, self.m - nm * sm * self.bm))
            if slots_b > 1 and ki % skb == 0:
                if (ks_b + 1) % b_stages != first_b:
                    stage_b((ks_b + 1) % b_stages)
                elif nxt is not None:
                    nn = nxt[1] // sn
                    stage_b(first_b, nn, min(sn * self.bn, self.n - nn * sn * self.bn))
            # Both stages are taken from their queues (WaitFlag MTE2 -> MTE1) before the
            # first load is issued.
            c.hold(S, sa[1] if sa[1] > sb[1] else sb[1])
            a_done, ja = self._load_l0("a", sa, rows, kk, c0)
            b_done, jb = self._load_l0("b", sb, cols, kk, c0, b_cols)
            # The stages are released after both loads (SetFlag MTE1 -> MTE2 queued on MTE1
            # behind them), so a slot is free when MTE1 has done the step's last load.
            done = c.done[MTE1]
            for w, stg in (("a", sa), ("b", sb)):
                st.l1_free[w][stg[0]] = max(st.l1_free[w][stg[0]], done)
            ready = max(a_done, b_done)
            m1, n1, k1 = _ceil(rows, 16), _ceil(cols, 16), _ceil(kk, c0)
            occ = cost.cube_issue + m1 * n1 * k1
            if j == 0:
                fix = st.fix_units
                if self.unit_flag and fix is not None:
                    # Each unit is overwritten once FIX has read it: start one unit behind
                    # FIX, end no sooner than one unit after it.
                    f_start, f_done, units = fix
                    f_unit = (f_done - f_start) / units
                    ready = max(ready, f_start + f_unit, f_done + occ / units - occ)
                elif l0c > ready:
                    ready = l0c
            c.hold(M, ready)
            m_start = max(c.t, c.free[M])
            starts.append(m_start)
            c.run(M, occ, cost.local_latency, self.site)
            st.last_mmad = (m_start, occ)
            m_done = c.done[M]
            st.l0["a"][ja] = m_done
            st.l0["b"][jb] = m_done
        return m_done
