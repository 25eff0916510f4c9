"""The matmul tiling algorithm: a `Request` (shape, types, cores, limits) to the fields of a
`TCubeTiling`, or a `TilingFailure` that says which rule no tiling can meet.

The rules are CANN's (asc-devkit `impl/adv_api/tiling/matmul/`); the search is ascdsl's own:

- **Blocks.** baseM and baseN are multiples of 16 (a fractal's rows), baseK a multiple of C0
  (32 bytes of the input type: 16 halves, 8 floats, 32 int8), unless one block covers all of K.
- **L0.** dbL0A buffers of baseM x baseK fit L0A, dbL0B of baseN x baseK fit L0B, dbL0C of
  baseM x baseN f32/int32 fit L0C (or the L0C budget `set_buffer_space` gives).
- **L1.** depthA1 = stepM * stepKa * (1 or 2 buffers) blocks of A, depthB1 = stepN * stepKb *
  (1 or 2) blocks of B and, with a bias, one baseN row of it fit L1: that sum is shareL1Size.
  stepKa and stepKb are equal, so either divides the other, as the Matmul API requires.
- **Bias.** With a bias, baseN is at most 16 fractals (256): the bias table holds 1 KB of f32.
- **Cores.** singleCoreM x singleCoreN blocks of C, one per core, mDim x nDim of them
  (usedCoreNum); split over more than one core they are multiples of 16, so each core's C
  starts on a fractal. Every element of C is in exactly one core's block; the last block of
  a row or column (the tail) may be smaller, and the kernel computes it with SetTail.

Among the tilings that meet the rules the search keeps the one with the fewest estimated
cycles on the slowest core, from the SoC table's rates: Mmad cycles (one 16 x 16 x C0 fractal
product a cycle), MTE1 loads of L0A/L0B, MTE2 reads of A and B (re-read once per block of the
other matrix unless all of K stays in L1) shared with the other cores, and FIX writes of C;
the pipes overlap (double buffers), so a step costs its slowest pipe. Ties go to fewer cores.
"""

from __future__ import annotations

import math
from dataclasses import dataclass, field

from ascdsl.dialects.ascendc.enums import Hardware
from ascdsl.dialects.ascendc.soc import SoC

FRACTAL = 16
C0_BYTES = 32
MAX_BIAS_N = 16 * FRACTAL  # CANN MAX_BIAS_N (16) fractals: 1 KB of f32 bias in the table
ACC_BYTES = 4  # L0C holds f32 / int32


def _ceil(a: int, b: int) -> int:
    return -(-a // b)


def _align(a: int, b: int) -> int:
    return _ceil(a, b) * b


class TilingFailure(Exception):
    """No tiling meets a rule: the message names the rule and the numbers."""


@dataclass
class Request:
    """What the host asked for (the setters of MatmulApiTiling), in elements and bytes."""

    m: int
    n: int
    k: int
    a_bits: int = 16
    b_bits: int = 16
    bias_bytes: int = 4
    is_bias: bool = False
    cores: int = 1
    a_trans: bool = False
    b_trans: bool = False
    # Fixed choices (-1: the search chooses).
    base_m: int = -1
    base_n: int = -1
    base_k: int = -1
    single_m: int = -1
    single_n: int = -1
    single_k: int = -1
    # Limits: (max, min) per dimension, -1 = none.
    base_range: tuple[int, int, int, int, int, int] = (-1,) * 6
    single_range: tuple[int, int, int, int, int, int] = (-1,) * 6
    align: tuple[int, int, int] = (-1, -1, -1)
    l1_bytes: int = -1
    l0c_bytes: int = -1
    traverse: int = 0  # 0 NOSET, 1 FIRSTM, 2 FIRSTN
    db_a1: bool = True
    db_b1: bool = True
    db_l0c: bool = True
    full_k: bool = False  # OUTER_PRODUCT: one baseK block covers singleCoreK


@dataclass
class Tiling:
    """The computed fields (TCubeTiling's C++ names) and the core grid."""

    fields: dict[str, int]
    m_dim: int
    n_dim: int
    k_dim: int = 1
    cycles: float = 0.0
    notes: list[str] = field(default_factory=list)


@dataclass(frozen=True)
class _Machine:
    l0a: int
    l0b: int
    l0c: int
    l1: int
    cores: int
    l1_l0a: float
    l1_l0b: float
    gm_read: float  # A and B are shared by the cores: most of their reads hit L2
    gm_write: float
    chip_read: float
    cube_issue: float
    mte_issue: float
    mte_burst: float

    @classmethod
    def of(cls, soc: SoC, req: Request) -> _Machine:
        cost = soc.cost
        return cls(
            l0a=soc.memory[Hardware.L0A], l0b=soc.memory[Hardware.L0B],
            l0c=req.l0c_bytes if req.l0c_bytes > 0 else soc.memory[Hardware.L0C],
            l1=req.l1_bytes if req.l1_bytes > 0 else soc.memory[Hardware.L1],
            cores=soc.aiv_cores, l1_l0a=soc.rates["l1_l0a"], l1_l0b=soc.rates["l1_l0b"],
            gm_read=cost["l2_read_core"], gm_write=cost["gm_write_core"],
            chip_read=cost["l2_bw"], cube_issue=cost["cube_issue"],
            mte_issue=cost["mte_issue"], mte_burst=cost["mte_burst"])


def _k_unit(req: Request) -> int:
    """Elements of K per C0 (32 bytes) of both inputs."""
    ca = C0_BYTES * 8 // req.a_bits
    cb = C0_BYTES * 8 // req.b_bits
    return ca * cb // math.gcd(ca, cb)


def _candidates(extent: int, unit: int, lo: int, hi: int) -> list[int]:
    """Block sizes to try along one axis: `unit` times 1, 2, 3, 4, 6, 8, 12, ... within
    [lo, hi], and the whole (aligned) extent."""
    top = _align(extent, unit)
    if hi > 0:
        top = min(top, _align(hi, unit) if hi >= unit else unit)
    lo = max(unit, lo if lo > 0 else unit)
    out = {top}
    v = 1
    while v * unit <= top:
        out.add(v * unit)
        if v >= 2:
            out.add(v * unit + v * unit // 2)
        v *= 2
    return sorted(c for c in out if lo <= c <= top) or [top]


def _blocks(extent: int, size: int) -> tuple[int, int, int]:
    """(full blocks, tail size, block count) of `extent` cut into `size`."""
    full, tail = divmod(extent, size)
    return full, tail, full + (1 if tail else 0)


def _sizes(extent: int, size: int) -> list[tuple[int, int]]:
    """(block size, how many) pairs covering `extent`."""
    full, tail, _ = _blocks(extent, size)
    out = [(size, full)] if full else []
    if tail:
        out.append((tail, 1))
    return out


class _Search:
    def __init__(self, req: Request, mach: _Machine):
        self.req = req
        self.mach = mach
        self.sa = req.a_bits / 8
        self.sb = req.b_bits / 8
        self.k_unit = _k_unit(req)
        self.k_c0a = C0_BYTES * 8 // req.a_bits

    # --- one core ------------------------------------------------------------------------

    def l0_dbs(self, bm: int, bn: int, bk: int) -> tuple[int, int, int] | None:
        """(dbL0A, dbL0B, dbL0C) for a block, None if a single buffer does not fit."""
        m = self.mach
        a = bm * _align(bk, self.k_unit) * self.sa
        b = bn * _align(bk, self.k_unit) * self.sb
        c = _align(bm, FRACTAL) * _align(bn, FRACTAL) * ACC_BYTES
        if a > m.l0a or b > m.l0b or c > m.l0c:
            return None
        return (2 if 2 * a <= m.l0a else 1, 2 if 2 * b <= m.l0b else 1,
                2 if self.req.db_l0c and 2 * c <= m.l0c else 1)

    def l1_plan(self, bm: int, bn: int, bk: int, k_iter: int) -> tuple[int, int, int, int] | None:
        """(stepK, depthA1, depthB1, bytes) with the most K blocks per GM read that fits L1."""
        r = self.req
        a_blk = bm * _align(bk, self.k_unit) * self.sa
        b_blk = bn * _align(bk, self.k_unit) * self.sb
        bias = bn * r.bias_bytes if r.is_bias else 0
        room = self.mach.l1 - bias
        for db in ((2, 2), (2, 1), (1, 2), (1, 1)):
            dba = db[0] if r.db_a1 else 1
            dbb = db[1] if r.db_b1 else 1
            per_step = dba * a_blk + dbb * b_blk
            steps = min(k_iter, int(room // per_step)) if per_step > 0 else 0
            if steps >= 1:
                used = int(steps * per_step + bias)
                return steps, steps * dba, steps * dbb, used
        return None

    def core_cycles(self, sm: int, sn: int, sk: int, bm: int, bn: int, bk: int,
                    step_k: int, dbs: tuple[int, int, int], cores: int) -> tuple[float, int]:
        """Estimated cycles of one core's block and the iterate order (0: M first) it uses."""
        mach = self.mach
        kc = self.k_c0a
        m_blocks = _sizes(sm, bm)
        n_blocks = _sizes(sn, bn)
        k_blocks = _sizes(sk, bk)
        # Mmad and MTE1 per (m, n) block, over its K steps: with two L0 buffers the loads of
        # step i+1 run under the Mmad of step i, so each step costs its slower pipe.
        mm = 0.0
        mte1 = 0.0
        fix = 0.0
        for mb, mcount in m_blocks:
            for nb, ncount in n_blocks:
                blocks = mcount * ncount
                step_m = step_l = 0.0
                for kb, kcount in k_blocks:
                    cube = mach.cube_issue + _ceil(mb, FRACTAL) * _ceil(nb, FRACTAL) * _ceil(kb, kc)
                    # LoadData moves whole fractals: one instruction per row block of A
                    # (NZ -> ZZ) and per K fractal row of B (NZ -> ZN), each issued
                    m1, n1, k1 = _ceil(mb, FRACTAL), _ceil(nb, FRACTAL), _ceil(kb, FRACTAL)
                    load = ((m1 + k1) * mach.mte_issue + 2 * m1 * k1 * mach.mte_burst
                            + _align(mb, FRACTAL) * _align(kb, self.k_unit) * self.sa
                            / mach.l1_l0a + _align(nb, FRACTAL) * _align(kb, self.k_unit)
                            * self.sb / mach.l1_l0b)
                    step_m += kcount * cube
                    step_l += kcount * load
                both = step_m + step_l if min(dbs[0], dbs[1]) == 1 else max(step_m, step_l)
                mm += blocks * both
                mte1 += blocks * step_l
                fix += blocks * (mach.mte_issue + mb * nb * ACC_BYTES / mach.gm_write)
        m_iter = sum(c for _, c in m_blocks)
        n_iter = sum(c for _, c in n_blocks)
        k_iter = sum(c for _, c in k_blocks)
        full_k = step_k >= k_iter
        a_bytes = sm * sk * self.sa
        b_bytes = sn * sk * self.sb
        # M first (order 0): B's block stays while A's blocks pass, so A is read once per
        # block of N unless all of it stays in L1; N first: the other way round.
        order = self._order(full_k, a_bytes, b_bytes, m_iter, n_iter)
        if order == 0:
            reads = a_bytes * (1 if full_k and m_iter == 1 else n_iter) + b_bytes * (1 if full_k else m_iter)
        else:
            reads = b_bytes * (1 if full_k and n_iter == 1 else m_iter) + a_bytes * (1 if full_k else n_iter)
        rate = min(mach.gm_read, mach.chip_read / max(1, cores))
        mte2 = reads / rate + mach.mte_issue * (m_iter * n_iter * _ceil(k_iter, step_k))
        # two L0C buffers let FIX write one block of C while M computes the next
        blocks = m_iter * n_iter
        cube_fix = mm + fix if dbs[2] == 1 else max(mm, fix) + fix / blocks
        # the first step's loads are not hidden; the rest overlap with the busiest pipe
        first = (bm * bk * self.sa + bn * bk * self.sb) * step_k / rate
        return max(cube_fix, mte2) + first, order

    def _order(self, full_k: bool, a_bytes: float, b_bytes: float, m_iter: int,
               n_iter: int) -> int:
        if self.req.traverse:
            return self.req.traverse - 1
        if not full_k:
            return 0
        # re-reading the smaller matrix is cheaper
        return 1 if a_bytes + b_bytes * m_iter > b_bytes + a_bytes * n_iter else 0

    def best_block(self, sm: int, sn: int, sk: int, cores: int):
        """The cheapest legal (bm, bn, bk, step, dbs, plan, cycles, order) for one core."""
        r = self.req
        mx_m, mx_n, mx_k, mn_m, mn_n, mn_k = r.base_range
        if r.is_bias:
            mx_n = MAX_BIAS_N if mx_n <= 0 else min(mx_n, MAX_BIAS_N)
        ms = [r.base_m] if r.base_m > 0 else _candidates(sm, FRACTAL, mn_m, mx_m)
        ns = [r.base_n] if r.base_n > 0 else _candidates(sn, FRACTAL, mn_n, mx_n)
        if r.base_k > 0:
            ks = [r.base_k]
        elif r.full_k:
            ks = [_align(sk, self.k_unit)]
        else:
            ks = _candidates(sk, self.k_unit, mn_k, mx_k)
        found = []
        for bm in ms:
            for bn in ns:
                for bk in ks:
                    dbs = self.l0_dbs(bm, bn, bk)
                    if dbs is None:
                        continue
                    k_iter = _ceil(sk, bk)
                    plan = self.l1_plan(bm, bn, bk, k_iter)
                    if plan is None:
                        continue
                    cyc, order = self.core_cycles(sm, sn, sk, bm, bn, bk, plan[0], dbs, cores)
                    found.append((cyc, bm, bn, bk, dbs, plan, order))
        if not found:
            return None
        # within 1% of the fastest, the biggest blocks: fewer instructions, fewer reloads
        fastest = min(f[0] for f in found)
        near = [f for f in found if f[0] <= fastest * 1.01]
        cyc, bm, bn, bk, dbs, plan, order = max(near, key=lambda f: (f[1] * f[2] * f[3], -f[0]))
        return (None, bm, bn, bk, dbs, plan, cyc, order)

    # --- cores ---------------------------------------------------------------------------

    def splits(self) -> list[tuple[int, int, int, int, int]]:
        """(singleCoreM, singleCoreN, singleCoreK, mDim, nDim) to try."""
        r = self.req
        if r.single_m > 0 or r.single_n > 0 or r.single_k > 0:
            sm = r.single_m if r.single_m > 0 else r.m
            sn = r.single_n if r.single_n > 0 else r.n
            sk = r.single_k if r.single_k > 0 else r.k
            return [(sm, sn, sk, _ceil(r.m, sm), _ceil(r.n, sn))]
        am = r.align[0] if r.align[0] > 0 else FRACTAL
        an = r.align[1] if r.align[1] > 0 else FRACTAL
        mx_m, mx_n, _, mn_m, mn_n, _ = r.single_range
        out = {}
        for md in range(1, r.cores + 1):
            for nd in range(1, r.cores // md + 1):
                sm = r.m if md == 1 else _align(_ceil(r.m, md), am)
                sn = r.n if nd == 1 else _align(_ceil(r.n, nd), an)
                if (mx_m > 0 and sm > mx_m) or (mx_n > 0 and sn > mx_n):
                    continue
                if (mn_m > 0 and sm < min(mn_m, r.m)) or (mn_n > 0 and sn < min(mn_n, r.n)):
                    continue
                # A fixed base block larger than a core's share would reach past that share
                # (kernels that copy whole base blocks then write the next core's C): split
                # no finer than the block.
                if (0 < sm < min(r.base_m, r.m)) or (0 < sn < min(r.base_n, r.n)):
                    continue
                key = (sm, sn)
                if key not in out:
                    out[key] = (sm, sn, r.k, _ceil(r.m, sm), _ceil(r.n, sn))
        return list(out.values())


def compute(req: Request, soc: SoC) -> Tiling:
    """The tiling of `req` on `soc`; TilingFailure naming the rule when there is none."""
    if min(req.m, req.n, req.k) <= 0:
        raise TilingFailure(f"the shape M={req.m}, N={req.n}, K={req.k} is not set or not "
                            "positive (set_shape / set_org_shape)")
    mach = _Machine.of(soc, req)
    if req.cores > mach.cores:
        raise TilingFailure(f"set_dim({req.cores}) asks for more cores than {soc.name} has "
                            f"({mach.cores} vector cores; a mixed kernel's Matmul runs one "
                            "piece per vector core)")
    search = _Search(req, mach)
    _check_fixed(req, search, mach)
    best = None
    # Branch and bound: a split's Mmad cycles alone (every fractal product of its block) bound
    # its cost from below, so splits are tried cheapest first and the rest skipped once that
    # bound passes the best cost found.
    kc = search.k_c0a

    def bound(s) -> float:  # Mmad's fractal products, or FIX writing the block of C
        return max(_ceil(s[0], FRACTAL) * _ceil(s[1], FRACTAL) * _ceil(s[2], kc),
                   s[0] * s[1] * ACC_BYTES / mach.gm_write)

    for s in sorted(search.splits(), key=lambda s: (bound(s), s[3] * s[4])):
        sm, sn, sk, md, nd = s
        if best is not None and bound(s) > best[0][0]:
            break
        block = search.best_block(sm, sn, sk, md * nd)
        if block is None:
            continue
        key = (block[6], md * nd)
        if best is None or key < best[0]:
            best = (key, sm, sn, sk, md, nd, block)
    if best is None:
        raise TilingFailure(_why_nothing_fits(req, search, mach))
    _, sm, sn, sk, md, nd, (_, bm, bn, bk, dbs, plan, cyc, order) = best
    step_k, depth_a1, depth_b1, l1_used = plan
    f = {
        "usedCoreNum": md * nd, "singleCoreM": sm, "singleCoreN": sn, "singleCoreK": sk,
        "baseM": bm, "baseN": bn, "baseK": bk, "depthA1": depth_a1, "depthB1": depth_b1,
        "stepM": 1, "stepN": 1, "stepKa": step_k, "stepKb": step_k, "isBias": int(req.is_bias),
        "transLength": 0, "iterateOrder": order, "shareMode": 0, "shareL1Size": l1_used,
        "shareL0CSize": bm * bn * ACC_BYTES, "shareUbSize": 0,
        "dbL0A": dbs[0], "dbL0B": dbs[1], "dbL0C": dbs[2],
    }
    return Tiling(f, md, nd, 1, cyc)


def _check_fixed(req: Request, search: _Search, mach: _Machine) -> None:
    """Fixed block sizes that break a rule fail with that rule, not 'nothing fits'."""
    for name, v, unit in (("baseM", req.base_m, FRACTAL), ("baseN", req.base_n, FRACTAL)):
        if v > 0 and v % unit:
            raise TilingFailure(f"set_fix_split: {name}={v} is not a multiple of {unit} "
                                "(a fractal's rows)")
    if req.base_k > 0 and req.base_k % search.k_unit and req.base_k < req.k:
        raise TilingFailure(
            f"set_fix_split: baseK={req.base_k} is not a multiple of {search.k_unit} (32 bytes "
            f"of the input type) and does not cover K={req.k}")
    if req.is_bias and req.base_n > MAX_BIAS_N:
        raise TilingFailure(f"set_fix_split: baseN={req.base_n} with a bias exceeds "
                            f"{MAX_BIAS_N} (the bias table holds 1 KB of f32)")
    bm, bn, bk = req.base_m, req.base_n, req.base_k
    if bm > 0 and bk > 0 and bm * _align(bk, search.k_unit) * search.sa > mach.l0a:
        raise TilingFailure(
            f"set_fix_split: baseM x baseK = {bm} x {bk} of {req.a_bits // 8 or 1}-byte "
            f"elements needs {int(bm * _align(bk, search.k_unit) * search.sa)} bytes; L0A has "
            f"{mach.l0a}")
    if bn > 0 and bk > 0 and bn * _align(bk, search.k_unit) * search.sb > mach.l0b:
        raise TilingFailure(
            f"set_fix_split: baseN x baseK = {bn} x {bk} needs "
            f"{int(bn * _align(bk, search.k_unit) * search.sb)} bytes; L0B has {mach.l0b}")
    if bm > 0 and bn > 0 and _align(bm, FRACTAL) * _align(bn, FRACTAL) * ACC_BYTES > mach.l0c:
        raise TilingFailure(
            f"set_fix_split: baseM x baseN = {bm} x {bn} f32 needs {bm * bn * ACC_BYTES} bytes; "
            f"the L0C budget is {mach.l0c}")


def _why_nothing_fits(req: Request, search: _Search, mach: _Machine) -> str:
    smallest_l1 = (FRACTAL * search.k_unit * (search.sa + search.sb)
                   + (FRACTAL * req.bias_bytes if req.is_bias else 0))
    if smallest_l1 > mach.l1:
        return (f"even 16 x {search.k_unit} blocks of A and B need {int(smallest_l1)} bytes of "
                f"L1; the L1 budget is {mach.l1} (set_buffer_space)")
    if FRACTAL * FRACTAL * ACC_BYTES > mach.l0c:
        return f"a 16 x 16 block of C needs 1024 bytes of L0C; the L0C budget is {mach.l0c}"
    return ("no block sizes meet the limits set (set_fix_split / set_split_range / "
            "set_single_range / set_buffer_space) within L0A "
            f"{mach.l0a}, L0B {mach.l0b}, L0C {mach.l0c} and L1 {mach.l1} bytes")
