"""C = A @ B^T, 8192 x 8192 x 8192 half, asc-devkit's matmul best practice with the Matmul API.

A re-creation (ascdsl kernel language, own code) of mirror-cann/asc-devkit's
examples/01_simd_cpp_api/05_best_practices/01_matrix_compute/matmul_high_performance (the
msprof figures are in its README_en.md; rows.py copies them). Like the published kernels, each
cube core works out its block of C from the TCubeTiling, points a `matmul::Matmul` (A ND, B ND
transposed, C half) at it and calls IterateAll; the simulator runs the library's schedule from
the tiling (ascdsl.sim.lower.matmul). The tilings are the published ones:

- case 0: 1 core, base 64 x 64 x 64, one base block per L1 stage (the source's `SetL1`:
  depthA1 = depthB1 = 1, every step 1), the NORM template;
- case 1: the same with base 128 x 256 x 64;
- case 2: 24 cores, M split in 2 and N in 12 (singleN 683, the last core column 679), NORM,
  base 128 x 256 x 64, `SetL1`;
- case 3: 24 cores split 4 x 6 (singleM 2048, singleN 1536: the last core column owns 512);
- case 4: the MDL template (one ND2NZ copy per L1 stage), depthA1 4 / stepKa 2 (the README:
  "ping and pong buffers each loading two blocks"); B depthB1 8 / stepKb 4, the B parameters
  the source fixes for its constant-tiling cases (the README does not print case 4's);
- case 5: MDL with depthA1 16 / stepKa 8 (the README's L1 cache tuning), B as in case 4;
- case 6: case 5 with the L2 split: singleM 1024, each core computes two 1024-row slices of A,
  the second 4096 rows further (the source's MatmulKernelL2Cache: M in 4 core rows, 2 passes);
- case 7: case 6 with a constant tiling (the source's MatmulKernelMdlL2CacheConstant:
  GetMMConfig<CONFIG_MDL> with the shapes fixed, so the Matmul API computes no tiling on the
  scalar unit); pyasc's MatmulConfig carries the shapes, the TCubeTiling the depths and steps;
- case 8: case 7 with UnitFlag (enUnitFlag: Mmad and Fixpipe synchronised per 512 B of L0C).

Simulating all of it would multiply 8192^3 in numpy per row; `rows` (< singleM) runs only the
first rows of each core's block (SetTail), and calibration.py scales the per-core times by
singleM / rows (every row of blocks is the same work once L2 holds B).
"""

from __future__ import annotations

import numpy as np

import ascdsl as asc
import ascdsl.lib.host as host

M = N = K = 8192
CORES = 24

# case -> (cores, singleM, singleN, baseM, baseN, mdl, (depthA1, stepKa, depthB1, stepKb))
CASES = {
    0: (1, M, N, 64, 64, False, (1, 1, 1, 1)),
    1: (1, M, N, 128, 256, False, (1, 1, 1, 1)),
    2: (CORES, 4096, 683, 128, 256, False, (1, 1, 1, 1)),
    3: (CORES, 2048, 1536, 128, 256, False, (1, 1, 1, 1)),
    4: (CORES, 2048, 1536, 128, 256, True, (4, 2, 8, 4)),
    5: (CORES, 2048, 1536, 128, 256, True, (16, 8, 8, 4)),
    6: (CORES, 1024, 1536, 128, 256, True, (16, 8, 8, 4)),
    7: (CORES, 1024, 1536, 128, 256, True, (16, 8, 8, 4)),
    8: (CORES, 1024, 1536, 128, 256, True, (16, 8, 8, 4)),
}
L2_SPLIT = {6, 7, 8}  # cases whose cores walk A in two slices M / 2 apart
CONSTANT = {7, 8}  # cases whose MatmulConfig fixes the shapes (constant tiling)
UNIT_FLAG = {8}  # cases whose MatmulConfig enables UnitFlag
# The constant tiling's (singleCoreM, singleCoreN, baseM, baseN): SINGLE_M_L2CACHE, the
# source's singleN and baseM template arguments, BASE_N.
CONST_SHAPE = (1024, 1536, 128, 256)
M_CORE_ROWS = 4  # the L2-split kernel's fixed split of M over cores


def _matmul(mdl: bool, const: bool, unit_flag: bool):
    half = asc.adv.MatmulType(asc.TPosition.GM, asc.CubeFormat.ND, asc.float16)
    half_t = asc.adv.MatmulType(asc.TPosition.GM, asc.CubeFormat.ND, asc.float16, True)
    if const:
        # GetCustomConstantCFG: GetMMConfig<CONFIG_MDL>(shapes), i.e. the MDL template with
        # the single-core and base shapes fixed, and enUnitFlag set as the case asks; the
        # depths and steps it then overrides come with the TCubeTiling (tiling_of).
        cfg = asc.adv.MatmulConfig(
            do_norm=False, do_multi_data_load=True, batch_mode=0, enable_ub_reuse=True,
            single_core_m=CONST_SHAPE[0], single_core_n=CONST_SHAPE[1], single_core_k=K,
            basic_m=CONST_SHAPE[2], basic_n=CONST_SHAPE[3], basic_k=64,
            en_unit_flag=bool(unit_flag))
    elif mdl:
        cfg = asc.adv.get_mdl_config()  # CFG_MDL (UnitFlag off)
    else:
        cfg = asc.adv.get_normal_config()  # CFG_NORM (UnitFlag on)
    return asc.adv.Matmul(a=half, b=half_t, c=half, bias=half, matmul_config=cfg)


@asc.jit(matmul_cube_only=True)
def matmul_custom(a: asc.GlobalAddress, bt: asc.GlobalAddress, c: asc.GlobalAddress,
                  tiling: asc.adv.TCubeTiling, workspace: asc.GlobalAddress, rows: int,
                  mdl: asc.ConstExpr[int], l2_split: asc.ConstExpr[int],
                  const: asc.ConstExpr[int], unit_flag: asc.ConstExpr[int]):
    """asc-devkit's `matmul_custom` (CFG_NORM), `matmul_custom_mdl` (CFG_MDL) and
    `matmul_custom_mdl_l2cache` (CFG_MDL, A in two slices), each core on `rows` rows."""
    if asc.ascend_is_aic():
        pipe = asc.TPipe()
        mm = _matmul(mdl, const, unit_flag)
        asc.adv.register_matmul(pipe, workspace, mm, tiling)
        block = asc.get_block_idx()
        m_blocks = tiling.m.ceildiv(tiling.single_core_m)
        if l2_split:
            m_blocks = M_CORE_ROWS
        m_index = block % m_blocks
        n_index = block // m_blocks
        tail_m = tiling.m - m_index * tiling.single_core_m
        if tail_m > tiling.single_core_m:
            tail_m = tiling.single_core_m
        if tail_m > rows:
            tail_m = rows
        tail_n = tiling.n - n_index * tiling.single_core_n
        if tail_n > tiling.single_core_n:
            tail_n = tiling.single_core_n
        mm.set_tail(tail_m, tail_n, tiling.k_a)
        a_gm = asc.GlobalTensor()
        b_gm = asc.GlobalTensor()
        c_gm = asc.GlobalTensor()
        for i in asc.static_range(2 if l2_split else 1):
            row0 = m_index * tiling.single_core_m + i * (M // 2)
            a_gm.set_global_buffer(a + row0 * tiling.k_a)
            b_gm.set_global_buffer(bt + n_index * tiling.k_b * tiling.single_core_n)
            c_gm.set_global_buffer(c + row0 * tiling.n + n_index * tiling.single_core_n)
            mm.set_tensor_a(a_gm, False)
            mm.set_tensor_b(b_gm, True)
            mm.iterate_all(c_gm)
        mm.end()


def tiling_of(case: int) -> asc.adv.TCubeTiling:
    """The case's TCubeTiling: the host library's, with the fields the source fixes."""
    cores, single_m, single_n, base_m, base_n, _mdl, (da, ska, db, skb) = CASES[case]
    if cores == 1:
        api = host.MatmulApiTiling(host.get_ascendc_platform())
    else:
        api = host.MultiCoreMatmulTiling(host.get_ascendc_platform())
        api.set_dim(cores)
        api.set_single_shape(single_m, single_n, K)
    f16 = host.DataType.DT_FLOAT16
    api.set_a_type(host.TPosition.GM, host.CubeFormat.ND, f16, False)
    api.set_b_type(host.TPosition.GM, host.CubeFormat.ND, f16, True)
    api.set_c_type(host.TPosition.GM, host.CubeFormat.ND, f16)
    api.set_bias_type(host.TPosition.GM, host.CubeFormat.ND, f16)
    api.set_org_shape(M, N, K)
    api.set_shape(M, N, K)
    api.enable_bias(False)
    api.set_buffer_space(-1, -1, -1)
    api.set_fix_split(base_m, base_n, 64)
    t = asc.adv.TCubeTiling()
    if api.get_tiling(t) != 0:
        raise ValueError(api.error)
    t.base_k = 64
    t.depth_a1, t.step_k_a, t.depth_b1, t.step_k_b = da, ska, db, skb
    t.step_m = t.step_n = 1
    if case in L2_SPLIT:
        t.used_core_num = cores
    return t


def blocks_of(case: int) -> list[int]:
    """Output blocks (baseM x baseN) of each core of case `case`."""
    cores, single_m, single_n, base_m, base_n, _, _ = CASES[case]
    passes = 2 if case in L2_SPLIT else 1
    m_blocks = M_CORE_ROWS if case in L2_SPLIT else -(-M // single_m)
    out = []
    for i in range(cores):
        cols = min(single_n, N - (i // m_blocks) * single_n)
        out.append(passes * (single_m // base_m) * -(-cols // base_n))
    return out


def launch(case: int, a, bt, c, rows: int):
    """Run case `case` with each core computing `rows` rows of its block per pass (a: M x K,
    bt: N x K, c: M x N, numpy float16, flattened)."""
    cores, _, _, _, _, mdl, _ = CASES[case]
    workspace = np.zeros(1024, dtype=np.uint8)
    return matmul_custom[cores](a, bt, c, tiling_of(case), workspace, rows, int(mdl),
                                int(case in L2_SPLIT), int(case in CONSTANT),
                                int(case in UNIT_FLAG))
