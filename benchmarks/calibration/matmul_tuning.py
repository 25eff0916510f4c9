"""The Matmul API tuning cases of the Ascend C guide, re-created.

Huawei's Ascend C programming guide ("优秀实践 / Matmul性能调优案例", asc-devkit
docs/zh/guide/算子实践参考/) tunes Matmul API kernels step by step and prints msprof's per-core
table before and after each step; each case names its sample under asc-devkit
examples/01_simd_cpp_api/04_advanced_api/00_matmul/. They are kernels the model met after it
was fitted: rows.py lists them as "unlisted" (the constant-tiling pair "unlisted-fit": its
pipeline figures chose mm_init), a check of how the model generalises. The kernels here are
re-creations in the ascdsl kernel language (own code) of those samples:

- **L2 cache split** (matmul_l2cache; guide "Matmul高阶API使能L2 Cache切分"): C = A B with
  M 30720, N 1024, K 4096 (A and B half, row-major; C f32), on every AIC of a 24-core part.
  The MDL template with a constant tiling (basic block 128 x 256 x 64, stepKa = stepKb = 4,
  depthA1 = depthB1 = 8, UnitFlag on). C's 128 x 256 L1 tiles are dealt to the cores in turn
  (`tile = block_idx, block_idx + cores, ...`), one IterateAll each; the sample's
  L2CacheOptimizer orders them. Without the split (the guide's "before") the 240 x 4 tiles go
  down each column of tiles in turn, so every core reads a new 1 MB row of A per tile and A
  (240 MB) is read four times, past the 192 MB L2. With it the tiles are grouped in blocks of
  24 rows x 4 columns that fit the sample's 100 MB threshold, and inside a block core c takes
  tile row c and the columns in the order (c + r) mod 4, so A's row is read from HBM once and
  three times from L2.
- **Staggered K** (matmul_k_reorder_load; "...使能多核K轴错峰访问内存"): 768 x 2048 x 6144 -> f32
  on 24 AIC, CFG_MDL, singleCore 128 x 512, base 128 x 256 x 64, without and with
  enableKdimReorderLoad. The sample calls the Matmul from the vector cores (MIX); the AIVs
  only forward the calls, so the re-creation runs it on the cube cores.
- **NORM vs MDL** ("...使能MDL模板"): 128 x 30720 x 1024 on 24 AIC, singleCore 128 x 1280.
- **Run-time vs constant tiling** (matmul_constant_tiling) and **CFG_NORM on the cube cores
  alone** ("...使能纯Cube模式", the shape of pyasc's tutorial 04): 128 x 30720 x 64.

These four share one kernel (`matmul_grid`, the samples' CalcOffset + Process: one block of C
a core, one IterateAll) and the guide's published tiling (`GridCase`). The L2 case runs every
tile of every core: 40 s of CPU a row; `tiles` can run fewer for a quick look.
"""

from __future__ import annotations

import importlib.util
import math
from dataclasses import dataclass, replace
from pathlib import Path

import numpy as np

import ascdsl as asc
import ascdsl.runtime.config as config

from rows import AIC_MAX, ROWS

# examples/03_matmul's block_of (the samples' CalcOffset: a core's offsets and tails), which
# matmul_grid calls as its own kernel helper.
_spec = importlib.util.spec_from_file_location(
    "matmul_example", Path(__file__).resolve().parents[2] / "examples" / "03_matmul" / "matmul.py")
_example = importlib.util.module_from_spec(_spec)
_spec.loader.exec_module(_example)
block_of = _example.block_of


@dataclass(frozen=True)
class L2Case:
    m: int = 30720
    n: int = 1024
    k: int = 4096
    base: tuple[int, int, int] = (128, 256, 64)
    steps: tuple[int, int, int, int] = (8, 4, 8, 4)  # depthA1, stepKa, depthB1, stepKb
    cores: int = 24
    split: bool = True
    unit_flag: bool = True

    @property
    def grid(self) -> GridCase:
        """The Matmul object and tiling each tile's IterateAll runs: the sample's GetCFG
        (CFG_MDL with the basic block fixed, GetMatmulApiTiling folding the tiling into
        constants, UnitFlag on) and GetL1Tiling's steps and depths. Its single-core shapes are
        10000, upper bounds ("the max value the kernel supports"); every IterateAll's shape
        is the tile's (SetTail), which is what the simulator's MatmulConfig is given."""
        return GridCase(self.m, self.n, self.k, self.base[:2], self.base, self.steps,
                        self.cores, constant=True, unit_flag=self.unit_flag)


# The sample's constants (l2_cache_optimizer.h): tiles of A, B and C (all counted as half)
# that fit L2_TILE_THRESHOLD make one L2 block; at least L1_MIN_UST_DIM tiles a side.
L2_TILE_THRESHOLD = 100 * 1024 * 1024
L1_MIN_UST_DIM, L1_MAX_UST_DIM = 4, 8


def _tail(a: int, b: int) -> int:
    return b if a % b == 0 else a % b


def l2_blocks(c: L2Case) -> tuple[int, int]:
    """(mL2TileNum, nL2TileNum): the L1 tiles of one L2 block, as L2CacheOptimizer picks them
    (the largest block under the threshold whose tails load the cores most evenly)."""
    l1m, l1n = c.base[0], c.base[1]
    mt, nt = -(-c.m // l1m), -(-c.n // l1n)
    size = 2 * (mt * l1m * c.k + c.k * nt * l1n + mt * l1m * nt * l1n)
    if not c.split or (mt < L1_MIN_UST_DIM and nt < L1_MIN_UST_DIM) or size <= L2_TILE_THRESHOLD:
        return mt, nt
    n_major = l1n > l1m
    major, minor = (nt, mt) if n_major else (mt, nt)
    best, conflict = (0, 0), (math.inf, math.inf)
    for i in range(min(c.cores, major), L1_MIN_UST_DIM - 1, -1):
        for j in range(min(c.cores, minor), (L1_MIN_UST_DIM if n_major else L1_MAX_UST_DIM) - 1,
                       -1):
            if 2 * (j * l1m * c.k + c.k * i * l1n + j * l1m * i * l1n) > L2_TILE_THRESHOLD:
                continue
            cm, cn = (j, i) if n_major else (i, j)
            tmp = (-(-c.cores // _tail(mt, cm)), -(-c.cores // _tail(nt, cn)))
            if conflict[0] >= tmp[0] and conflict[1] >= tmp[1]:
                conflict, best = tmp, (cm, cn)
    return best if best[0] and best[1] else (mt, nt)


def tile_coord(c: L2Case, tile: int) -> tuple[int, int]:
    """(row, column) of L1 tile `tile` in the sample's order (GetBlockCoord)."""
    mt, nt = -(-c.m // c.base[0]), -(-c.n // c.base[1])
    ml2, nl2 = l2_blocks(c)
    m_blocks, n_blocks = -(-mt // ml2), -(-nt // nl2)
    mi = tile // (ml2 * nt)
    mtmp = _tail(mt, ml2) if mi == m_blocks - 1 else ml2
    ni = (tile % (ml2 * nt)) // (mtmp * nl2)
    ntmp = _tail(nt, nl2) if ni == n_blocks - 1 else nl2
    local = tile - (mi * ml2 * nt + ni * nl2 * mtmp)
    row = local % mtmp + mi * ml2
    col = (local + local // math.lcm(mtmp, ntmp)) % ntmp + ni * nl2
    return row, col


def walk(c: L2Case, block: int, tiles: int) -> np.ndarray:
    """The first `tiles` tiles core `block` computes, as (row, column) pairs."""
    mt, nt = -(-c.m // c.base[0]), -(-c.n // c.base[1])
    mine = range(block, mt * nt, c.cores)[:tiles]
    return np.array([tile_coord(c, t) for t in mine], dtype=np.int32).reshape(-1, 2)


@asc.jit(matmul_cube_only=True)
def matmul_l2cache(a: asc.GlobalAddress, b: asc.GlobalAddress, c: asc.GlobalAddress,
                   tiling: asc.adv.TCubeTiling, workspace: asc.GlobalAddress, tiles: int,
                   mt: int, nt: int, ml2: int, nl2: int, lcm_ff: int, lcm_ft: int,
                   lcm_tf: int, lcm_tt: int, case: asc.ConstExpr[object]):
    """matmul_l2cache_custom: each core's IterateAll over its first `tiles` L1 tiles of C in
    L2CacheOptimizer's order (GetCommonTileIndex / GetBlockCoord; `lcm_*`: the least common
    multiples of the L2 block sides, full or tail rows by full or tail columns)."""
    if asc.ascend_is_aic():
        pipe = asc.TPipe()
        mm = _grid_matmul(case.grid)
        asc.adv.register_matmul(pipe, workspace, mm, tiling)
        block = asc.get_block_idx()
        cores = asc.get_block_num()
        mm.set_org_shape(case.m, case.n, case.k)
        a_gm = asc.GlobalTensor()
        b_gm = asc.GlobalTensor()
        c_gm = asc.GlobalTensor()
        m_blocks = (mt + ml2 - 1) // ml2
        n_blocks = (nt + nl2 - 1) // nl2
        m_tail = mt - (m_blocks - 1) * ml2
        n_tail = nt - (n_blocks - 1) * nl2
        l1m, l1n = case.base[0], case.base[1]
        for t in range(tiles):
            tile = block + t * cores
            mi = tile // (ml2 * nt)
            mtmp = ml2
            if mi == m_blocks - 1:
                mtmp = m_tail
            ni = (tile % (ml2 * nt)) // (mtmp * nl2)
            ntmp = nl2
            if ni == n_blocks - 1:
                ntmp = n_tail
            lcm = lcm_ff
            if mtmp != ml2:
                lcm = lcm_tf
                if ntmp != nl2:
                    lcm = lcm_tt
            elif ntmp != nl2:
                lcm = lcm_ft
            local = tile - (mi * ml2 * nt + ni * nl2 * mtmp)
            row = local % mtmp + mi * ml2
            col = (local + local // lcm) % ntmp + ni * nl2
            mm.set_tail(l1m, l1n, case.k)
            a_gm.set_global_buffer(a + row * l1m * case.k)
            b_gm.set_global_buffer(b + col * l1n)
            c_gm.set_global_buffer(c + row * l1m * case.n + col * l1n)
            mm.set_tensor_a(a_gm, False)
            mm.set_tensor_b(b_gm, False)
            mm.iterate_all(c_gm)
        mm.end()


def launch(c: L2Case, a, b, out, tiles: int):
    """Run the case with every core on its first `tiles` tiles (a: M x K, b: K x N half,
    out: M x N float32; flattened)."""
    mt, nt = -(-c.m // c.base[0]), -(-c.n // c.base[1])
    ml2, nl2 = l2_blocks(c)
    mtail, ntail = _tail(mt, ml2), _tail(nt, nl2)
    workspace = np.zeros(1024, dtype=np.uint8)
    return matmul_l2cache[c.cores](
        a, b, out, grid_tiling(c.grid), workspace, tiles, mt, nt, ml2, nl2, math.lcm(ml2, nl2),
        math.lcm(ml2, ntail), math.lcm(mtail, nl2), math.lcm(mtail, ntail), c)


def _operands(m: int, n: int, k: int, seed: int):
    rng = np.random.default_rng(seed)
    # Quarter-integers: every product and partial sum is exact in f32.
    a = rng.integers(-4, 5, m * k, dtype=np.int8).astype(np.float16) / np.float16(4)
    b = rng.integers(-4, 5, k * n, dtype=np.int8).astype(np.float16) / np.float16(4)
    return a, b


def run_l2(c: L2Case, soc: str, tiles: int | None = None) -> tuple[dict, object]:
    """The case on `soc` with every core on its first `tiles` tiles (all by default), its
    results checked on the first and the last core; msprof's figures and the report."""
    a, b = _operands(c.m, c.n, c.k, 7)
    out = np.zeros(c.m * c.n, np.float32)
    per_core = -(-(-(-c.m // c.base[0]) * -(-c.n // c.base[1])) // c.cores)
    tiles = per_core if tiles is None else tiles
    old = config.soc
    config.soc = soc
    try:
        report = launch(c, a, b, out, tiles)
    finally:
        config.soc = old
    a2, b2, c2 = a.reshape(c.m, c.k), b.reshape(c.k, c.n), out.reshape(c.m, c.n)
    l1m, l1n = c.base[0], c.base[1]
    for core in (0, c.cores - 1):
        for row, col in walk(c, core, tiles)[[0, -1]]:
            rs, cs = slice(row * l1m, (row + 1) * l1m), slice(col * l1n, (col + 1) * l1n)
            want = a2[rs].astype(np.float32) @ b2[:, cs].astype(np.float32)
            if not np.array_equal(c2[rs, cs], want):
                raise SystemExit(f"matmul_l2cache: wrong tile ({row}, {col}) on core {core}")
    fig = report.msprof()
    fig[AIC_MAX] = max(report.core_cycles) / report.clock_mhz
    return fig, report


@dataclass(frozen=True)
class GridCase:
    """A Matmul API kernel whose every core computes one singleCoreM x singleCoreN block of C
    (core i: row i mod the blocks along M, column i div them), one IterateAll."""
    m: int
    n: int
    k: int
    single: tuple[int, int]
    base: tuple[int, int, int]
    steps: tuple[int, int, int, int]  # depthA1, stepKa, depthB1, stepKb
    cores: int
    mdl: bool = True
    unit_flag: bool = False
    constant: bool = False
    reorder: bool = False
    c_f32: bool = True


def _grid_matmul(g: GridCase):
    half = asc.adv.MatmulType(asc.TPosition.GM, asc.CubeFormat.ND, asc.float16)
    out = asc.adv.MatmulType(asc.TPosition.GM, asc.CubeFormat.ND,
                             asc.float32 if g.c_f32 else asc.float16)
    if g.constant:
        cfg = asc.adv.MatmulConfig(
            do_norm=not g.mdl, do_multi_data_load=g.mdl, batch_mode=0, enable_ub_reuse=True,
            single_core_m=g.single[0], single_core_n=g.single[1], single_core_k=g.k,
            basic_m=g.base[0], basic_n=g.base[1], basic_k=g.base[2], en_unit_flag=g.unit_flag)
    elif g.mdl:
        cfg = asc.adv.get_mdl_config(en_unit_flag=g.unit_flag,
                                     enable_kdim_reorder_load=g.reorder)
    else:
        cfg = asc.adv.get_normal_config(en_unit_flag=g.unit_flag)
    return asc.adv.Matmul(a=half, b=half, c=out, bias=out, matmul_config=cfg)


@asc.jit(matmul_cube_only=True)
def matmul_grid(a: asc.GlobalAddress, b: asc.GlobalAddress, c: asc.GlobalAddress,
                tiling: asc.adv.TCubeTiling, workspace: asc.GlobalAddress,
                case: asc.ConstExpr[object]):
    """The samples' MatmulKernel::CalcOffset + Process: the core's block of C from the
    tiling and its tails (examples/03_matmul's `block_of`, the same arithmetic), one
    IterateAll."""
    if asc.ascend_is_aic():
        pipe = asc.TPipe()
        mm = _grid_matmul(case)
        asc.adv.register_matmul(pipe, workspace, mm, tiling)
        offset_a, offset_b, offset_c, _, tail_m, tail_n = block_of(tiling)
        mm.set_tail(tail_m, tail_n, tiling.k_a)
        a_gm = asc.GlobalTensor()
        b_gm = asc.GlobalTensor()
        c_gm = asc.GlobalTensor()
        a_gm.set_global_buffer(a + offset_a)
        b_gm.set_global_buffer(b + offset_b)
        c_gm.set_global_buffer(c + offset_c)
        mm.set_tensor_a(a_gm, False)
        mm.set_tensor_b(b_gm, False)
        mm.iterate_all(c_gm)
        mm.end()


def grid_tiling(g: GridCase) -> asc.adv.TCubeTiling:
    """The published tiling (single-core and base shapes, steps and depths) as the
    TCubeTiling GetTiling returns it; two L0A / L0B buffers where two base blocks fit."""
    t = asc.adv.TCubeTiling()
    t.m, t.n, t.k_a, t.k_b = g.m, g.n, g.k, g.k
    t.single_core_m, t.single_core_n, t.single_core_k = g.single[0], g.single[1], g.k
    t.base_m, t.base_n, t.base_k = g.base
    t.depth_a1, t.step_k_a, t.depth_b1, t.step_k_b = g.steps
    t.step_m = t.step_n = 1
    bm, bn, bk = g.base
    t.db_l0a = 2 if 2 * bm * bk * 2 <= 64 * 1024 else 1
    t.db_l0b = 2 if 2 * bk * bn * 2 <= 64 * 1024 else 1
    t.db_l0c = 2 if 2 * bm * bn * 4 <= 128 * 1024 else 1
    t.used_core_num = g.cores
    return t


def run_grid(g: GridCase, soc: str) -> tuple[dict, object]:
    """The case on `soc`, its results checked on the first and the last core; msprof's
    figures (with the slowest core's time) and the report."""
    a, b = _operands(g.m, g.n, g.k, 11)
    out = np.zeros(g.m * g.n, np.float32 if g.c_f32 else np.float16)
    old = config.soc
    config.soc = soc
    try:
        report = matmul_grid[g.cores](a, b, out, grid_tiling(g),
                                      np.zeros(1024, dtype=np.uint8), g)
    finally:
        config.soc = old
    a2, b2, c2 = a.reshape(g.m, g.k), b.reshape(g.k, g.n), out.reshape(g.m, g.n)
    m_blocks = -(-g.m // g.single[0])
    for core in (0, g.cores - 1):
        rs = slice((core % m_blocks) * g.single[0], (core % m_blocks + 1) * g.single[0])
        cs = slice((core // m_blocks) * g.single[1], (core // m_blocks + 1) * g.single[1])
        want = (a2[rs].astype(np.float32) @ b2[:, cs].astype(np.float32)).astype(out.dtype)
        if not np.array_equal(c2[rs, cs], want):
            raise SystemExit(f"matmul_grid: wrong block on core {core}")
    fig = report.msprof()
    fig[AIC_MAX] = max(report.core_cycles) / report.clock_mhz
    return fig, report


# Row id (mmt-<case>) -> the re-created kernel. The guide's shapes; see rows.py for the figures.
_KR = GridCase(768, 2048, 6144, (128, 512), (128, 256, 64), (8, 4, 8, 4), 24)
_MDL = GridCase(128, 30720, 1024, (128, 1280), (128, 256, 64), (8, 4, 8, 4), 24)
_CT = GridCase(128, 30720, 64, (128, 1280), (128, 256, 64), (8, 4, 8, 4), 24)
CASES = {
    "l2-a": L2Case(split=False),
    "l2-b": L2Case(split=True),
    "kr-a": _KR,
    "kr-b": replace(_KR, reorder=True),
    "mdl-a": replace(_MDL, mdl=False, unit_flag=True),  # CFG_NORM: UnitFlag on
    "mdl-b": _MDL,
    "ct-a": _CT,
    "ct-b": replace(_CT, constant=True, unit_flag=True),
    "pc-b": replace(_CT, mdl=False, unit_flag=True),
}


def run(case: str) -> tuple[dict, str]:
    """calibration.py's runner: the case's figures on its row's SoC and a note."""
    soc = next(r.extra["soc"] for r in ROWS if r.id == f"mmt-{case}")
    c = CASES[case]
    if isinstance(c, L2Case):
        fig, _ = run_l2(c, soc)
        return fig, "every tile of every core"
    fig, _ = run_grid(c, soc)
    return fig, ""
