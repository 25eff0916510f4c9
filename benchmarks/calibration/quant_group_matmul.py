"""y = FasterGelu((x @ w_g) * scale_g * perTokenScale) in half: asc-devkit's QuantGroupMatmul.

A re-creation (ascdsl kernel language, own code) of mirror-cann/asc-devkit's
examples/01_simd_cpp_api/05_best_practices/03_fusion_compute/quant_group_matmul_high_performance
(quant_group_matmul_custom.asc and README_en.md @ 82b89a15; its "Atlas A2 training series"
msprof table is rows.py's qgm-0/1/2). x is int8 [M, K], weight int8 [G, K, N], groupList int64
[G] (the rows of x each group owns), scale f32 [G, N], perTokenScale f32 [M], y half [M, N];
M = N = 8192, K = 1024, G = 8 groups of 1024 rows, 24 AI cores, A2's constants (the source's
`NPU_ARCH == 2201` / `__NPU_ARCH__ == 2201` branches).

Cube core (the Matmul API, built cube-only as the source's ASCENDC_CUBE_ONLY): the blocks of
SINGLE_M x SINGLE_N = 128 x 1024 of every group are numbered on across groups and dealt to the
cores round robin, the remainder of one group carrying over to the next (`preCount`); per
block it points the object at the group's rows of x and panel of w (SetOrgShape, SetSingleShape,
SetTensorA/B) and runs Iterate over its four 128 x 256 base blocks (base K 128; the MDL
template with the shapes fixed and UnitFlag on: the source's GetCustomConstantCFG; L1 depthA1
16 / stepKa 8, depthB1 8 / stepKb 4, stepM = stepN = 1). Each base block goes with GetTensorC
(enSequentialWrite) into the core's slot of a ring of PIPELINE_DEPTH int32 workspace slots,
then CrossCoreSetFlag<2, PIPE_FIX>(5) hands it to the vector core(s); from the DEPTH-th base
block on the cube core first waits for flag 3, the release of the slot it is about to reuse,
and at the end for every release still out.

Vector cores: per base block, copy the scale row (DataCopyPad), wait for flag 5, and walk the
block 24 rows at a time (UB_CAL_SIZE = 24 x 256); with two vector cores the chunks alternate
(chunk i to sub-block (i + 1) mod 2, counted over the whole 128 x 1024 block as the source's
vecCount does). A chunk: DataCopyPad of the int32 rows into vecInQueue, DataCopyPad of its
per-token scales, BroadCast<float, 2, 1> [rows, 1] -> [rows, alignN], AscendDequant (int32 x
scale row -> f32), Mul by the broadcast column, FasterGelu, Cast to half, DataCopyPad out; a
PipeBarrier<PIPE_V> after each vector step, the TQues (two buffers each) ordering the copies.
After the block's chunks, CrossCoreSetFlag<2, PIPE_MTE2>(3) releases the slot: once the
vector core's last copy out of it is done, not its computation, so the cube core refills the
slot while the vector cores still work on the rows they took.

Scenarios: 0 is __mix__(1, 1) with PIPELINE_DEPTH 1, 1 is __mix__(1, 2) with depth 1, 2 is
__mix__(1, 2) with depth 4.

Where the re-creation differs from the source, and why:
- The weight can also be row-major (`b_nz=False`, the tests' small shapes); the rows run the
  source's NZ MatmulType and panel offsets on a weight laid out as the source's
  (`nz_weight`), whose stages are plain copies of 16 KB strips
  (ascdsl/sim/lower/matmul_nz.py) where a row-major weight's are ND2NZ rows of 256 bytes.
- The constant tiling's depths and steps come as a TCubeTiling argument (as in
  matmul_high_performance.py's cases 7 and 8): the MatmulConfig carries the shapes and
  UnitFlag, the source's REGIST_MATMUL_OBJ passes no tiling.

`blocks` (> 0) stops every core after its first `blocks` blocks (cube and vector cores
alike); calibration.py runs two such lengths and extends each timeline to its core's count.
"""

from __future__ import annotations

import math

import numpy as np

import ascdsl as asc
import ascdsl.lib.host as host
from ascdsl.runtime.config import KernelType

M = N = 8192
K = 1024
GROUPS = 8
CORES = 24
BASE_M, BASE_N, BASE_K = 128, 256, 128
SINGLE_M, SINGLE_N = 128, 1024
# GetCustomConstantCFG on dav-2201 (A2): A's L1 holds all of K twice over, B's two stages of 4.
DEPTH_A1, STEP_KA, DEPTH_B1, STEP_KB = 16, 8, 8, 4
UB_CAL_ROWS = 24  # the rows of int32 one vector step takes: 24 x 256 x 4 B in UB
UB_REST_BYTES = 118784  # tmpBuff: four f32 chunks, the APIs' scratch in the last two
BUFFER_NUM = 2
SYNC_AIC_TO_AIV, SYNC_AIV_TO_AIC = 5, 3
# scenario -> (kernel type, PIPELINE_DEPTH)
SCENARIOS = {0: (KernelType.MIX_AIC_1_1, 1), 1: (KernelType.MIX_AIC_1_2, 1),
             2: (KernelType.MIX_AIC_1_2, 4)}
UB_CAL = UB_CAL_ROWS * BASE_N  # UB_CAL_SIZE (elements)



@asc.jit
def copy_scale(que, scale_gm, off, cur_n, align_n):
    """DataCopyScale: the block column's scale row into UB, taken at once (held for the
    block's chunks)."""
    s = que.alloc_tensor(asc.float32)
    asc.data_copy_pad(s, scale_gm[off:], asc.DataCopyExtParams(1, cur_n * 4, 1, 1, 0),
                      asc.DataCopyPadExtParams(asc.float32, False, 0, 0, 0))
    que.enque(s)
    s_ub = que.deque(asc.float32)
    s_ub.set_size(align_n)
    return s_ub


@asc.jit
def chunk(que_in, que_out, que_pt, tmp, ws_gm, pt_gm, y_gm, scale_ub, ws_off, pt_off, y_off,
          rows, cur_n, align_n, n):
    """One 24-row step of the vector side: workspace -> UB, per-token BroadCast, AscendDequant,
    Mul, FasterGelu, Cast, UB -> y (the source's loop body and ComputeDequantAndActivate)."""
    c_ub = que_in.alloc_tensor(asc.int32)
    # DataCopyPad2D: rows of cur_n int32, packed in the slot. The source's dstStride (a
    # row's 32-byte blocks mod 2) leaves a block between rows of an odd number of blocks,
    # which AscendDequant's rows of alignN do not expect; rows of 256 or 128 have none.
    asc.data_copy_pad(c_ub, ws_gm[ws_off:],
                      asc.DataCopyExtParams(rows, cur_n * 4, 0, (cur_n * 4 + 31) // 32 % 2, 0),
                      asc.DataCopyPadExtParams(asc.int32, True, 0, 0, 0))
    que_in.enque(c_ub)
    mid = tmp.get_with_offset(UB_CAL, 0, asc.float32)
    brcb = tmp.get_with_offset(UB_CAL, UB_CAL * 4, asc.float32)
    muls = tmp.get_with_offset(UB_CAL, 2 * UB_CAL * 4, asc.float32)
    act = tmp.get_with_offset(UB_CAL, 3 * UB_CAL * 4, asc.float32)
    # The APIs' scratch lies where muls and act are written later (sharedTmpLocal).
    shared = tmp.get_with_offset(2 * UB_CAL * 4, 2 * UB_CAL * 4, asc.uint8)
    # DataCopyPerTokenScaleAndBrcb
    p = que_pt.alloc_tensor(asc.float32)
    asc.data_copy_pad(p, pt_gm[pt_off:], asc.DataCopyExtParams(1, rows * 4, 0, 0, 0),
                      asc.DataCopyPadExtParams(asc.float32, False, 0, 0, 0))
    que_pt.enque(p)
    p_ub = que_pt.deque(asc.float32)
    asc.adv.broadcast(brcb, p_ub, (rows, align_n), (rows, 1), shared)
    que_pt.free_tensor(p_ub)
    c_in = que_in.deque(asc.int32)
    asc.adv.ascend_dequant(mid, c_in, scale_ub, asc.adv.DequantParams(rows, align_n, cur_n),
                           shared)
    asc.pipe_barrier(asc.Pipe.PIPE_V)
    que_in.free_tensor(c_in)
    count = rows * align_n
    asc.mul(muls, mid, brcb, count)
    asc.pipe_barrier(asc.Pipe.PIPE_V)
    # FasterGelu's scratch lies where mid and brcb were.
    asc.adv.faster_gelu(act, muls, count, tmp.get_with_offset(2 * UB_CAL * 4, 0, asc.uint8))
    asc.pipe_barrier(asc.Pipe.PIPE_V)
    y_ub = que_out.alloc_tensor(asc.float16)
    asc.cast(y_ub, act, asc.RoundMode.CAST_NONE, count)
    asc.pipe_barrier(asc.Pipe.PIPE_V)
    que_out.enque(y_ub)
    y_out = que_out.deque(asc.float16)
    asc.data_copy_pad(y_gm[y_off:], y_out,
                      asc.DataCopyExtParams(rows, cur_n * 2, (align_n - cur_n) * 2 // 32,
                                            (n - cur_n) * 2, 0))
    que_out.free_tensor(y_out)


@asc.jit
def vector_compute(que_in, que_out, que_scale, que_pt, tmp, ws_gm, scale_gm, pt_gm, y_gm, g,
                   mi, ni, group_m, row0, n, core, sub, ratio, cores, vec_task,
                   DEPTH: asc.ConstExpr[int]):
    """VectorCompute: one SINGLE_M x SINGLE_N block, a base block of N (one of the cube's
    Iterates, one workspace slot) at a time; returns vecTaskIdx after it."""
    n_blocks = (n + SINGLE_N - 1) // SINGLE_N
    cube_n = SINGLE_N
    if ni == n_blocks - 1:
        cube_n = n - ni * SINGLE_N
    m_blocks = (group_m + SINGLE_M - 1) // SINGLE_M
    cube_m = SINGLE_M
    if mi == m_blocks - 1:
        cube_m = group_m - mi * SINGLE_M
    step_m = UB_CAL_ROWS
    if cube_m < step_m:
        step_m = cube_m
    scale_off = g * n + ni * SINGLE_N
    out_off = (row0 + mi * SINGLE_M) * n + ni * SINGLE_N
    vec_count = 0
    for off_n in range(0, cube_n, BASE_N):
        cur_n = BASE_N
        if off_n + BASE_N >= cube_n:
            cur_n = cube_n - off_n
        align_n = (cur_n + 7) // 8 * 8
        scale_ub = copy_scale(que_scale, scale_gm, scale_off + off_n, cur_n, align_n)
        ws_off = BASE_N * BASE_M * (core + (vec_task % DEPTH) * cores)
        asc.cross_core_wait_flag(SYNC_AIC_TO_AIV)
        for off_m in range(0, cube_m, step_m):
            vec_count += 1
            # __mix__(1, 2): the two vector cores take every other chunk of the block.
            if vec_count % ratio == sub:
                rows = step_m
                if off_m + step_m >= cube_m:
                    rows = cube_m - off_m
                chunk(que_in, que_out, que_pt, tmp, ws_gm, pt_gm, y_gm, scale_ub,
                      ws_off + off_m * cur_n, row0 + mi * SINGLE_M + off_m,
                      out_off + off_m * n + off_n, rows, cur_n, align_n, n)
        que_scale.free_tensor(scale_ub)
        asc.cross_core_set_flag(SYNC_AIV_TO_AIC, 2, asc.Pipe.PIPE_MTE2)
        vec_task += 1
    return vec_task


@asc.jit
def mm_compute(mm, x_gm, w_gm, ws_gm, g, mi, ni, group_m, row0, n, k, core, cores, cube_task,
               DEPTH: asc.ConstExpr[int], B_NZ: asc.ConstExpr[bool]):
    """MMCompute: one block's Iterates, each base block into the core's next workspace slot;
    returns cubeTaskIdx after it."""
    off_n = ni * SINGLE_N
    off_m = mi * SINGLE_M
    n_blocks = (n + SINGLE_N - 1) // SINGLE_N
    cur_n = SINGLE_N
    if ni == n_blocks - 1:
        cur_n = n - off_n
    m_blocks = (group_m + SINGLE_M - 1) // SINGLE_M
    cur_m = SINGLE_M
    if mi == m_blocks - 1:
        cur_m = group_m - off_m
    w_off = g * n * k + off_n * k  # NZ: the panel's 32-column strips, each k rows deep
    if not B_NZ:
        w_off = g * n * k + off_n
    mm.set_org_shape(group_m, n, k)
    mm.set_single_shape(cur_m, cur_n, k)
    mm.set_tensor_a(x_gm[(row0 + off_m) * k:])
    mm.set_tensor_b(w_gm[w_off:])
    with mm.iterate() as i:
        task = cube_task + i
        if task >= DEPTH:  # the slot comes round again: wait for its release
            asc.cross_core_wait_flag(SYNC_AIV_TO_AIC)
        slot = BASE_N * BASE_M * (core + (task % DEPTH) * cores)
        mm.get_tensor_c(ws_gm[slot:], 0, True)
        asc.cross_core_set_flag(SYNC_AIC_TO_AIV, 2, asc.Pipe.PIPE_FIX)
    return cube_task + (cur_m + BASE_M - 1) // BASE_M * ((cur_n + BASE_N - 1) // BASE_N)


def _matmul(b_nz: bool):
    i8 = asc.adv.MatmulType(asc.TPosition.GM, asc.CubeFormat.ND, asc.int8)
    i8_b = asc.adv.MatmulType(asc.TPosition.GM,
                              asc.CubeFormat.NZ if b_nz else asc.CubeFormat.ND, asc.int8)
    i32 = asc.adv.MatmulType(asc.TPosition.GM, asc.CubeFormat.ND, asc.int32)
    # GetCustomConstantCFG: GetMMConfig<CONFIG_MDL>(shapes) with enUnitFlag set; the depths
    # and steps it then overrides come with the TCubeTiling (tiling()).
    cfg = asc.adv.MatmulConfig(
        do_norm=False, do_multi_data_load=True, batch_mode=0, enable_ub_reuse=True,
        single_core_m=SINGLE_M, single_core_n=SINGLE_N, single_core_k=K, basic_m=BASE_M,
        basic_n=BASE_N, basic_k=BASE_K, en_unit_flag=True)
    return asc.adv.Matmul(a=i8, b=i8_b, c=i32, bias=i32, matmul_config=cfg)


@asc.jit(matmul_cube_only=True)
def quant_group_matmul_custom(x: asc.GlobalAddress, weight: asc.GlobalAddress,
                              group_list: asc.GlobalAddress, scale: asc.GlobalAddress,
                              per_token_scale: asc.GlobalAddress, y: asc.GlobalAddress,
                              workspace: asc.GlobalAddress, tiling: asc.adv.TCubeTiling,
                              n: int, k: int, groups: int, cores: int, blocks: int,
                              DEPTH: asc.ConstExpr[int], B_NZ: asc.ConstExpr[bool]):
    """quant_group_matmul_custom: Init and Process of QuantGroupMatmul on the AIC and the
    AIV(s) of every AI core."""
    asc.init_soc_state()
    pipe = asc.TPipe()
    # The source's __kfc_workspace__ argument: the launch makes it the system workspace.
    asc.set_sys_workspace(workspace)
    mm = _matmul(B_NZ)
    if asc.ascend_is_aic():
        asc.adv.register_matmul(pipe, asc.get_sys_workspace(), mm, tiling)
    x_gm = asc.GlobalTensor()
    x_gm.set_global_buffer(x)
    w_gm = asc.GlobalTensor()
    w_gm.set_global_buffer(weight)
    ws_gm = asc.GlobalTensor()
    ws_gm.set_global_buffer(workspace)
    gl_gm = asc.GlobalTensor()
    gl_gm.set_global_buffer(group_list)
    scale_gm = asc.GlobalTensor()
    scale_gm.set_global_buffer(scale)
    pt_gm = asc.GlobalTensor()
    pt_gm.set_global_buffer(per_token_scale)
    y_gm = asc.GlobalTensor()
    y_gm.set_global_buffer(y)
    # __mix__: an AIV's GetBlockIdx counts vector cores; both of an AI core share its index.
    ratio = asc.get_task_ratio().cast(asc.int32)  # GetTaskRation(): vector cores an AI core
    sub = asc.get_sub_block_idx()
    core = asc.get_block_idx()
    if asc.ascend_is_aiv():
        core = core // ratio
    que_scale = asc.TQue(asc.TPosition.VECIN, 1)
    que_pt = asc.TQue(asc.TPosition.VECIN, 1)
    que_in = asc.TQue(asc.TPosition.VECIN, 1)
    que_out = asc.TQue(asc.TPosition.VECOUT, 1)
    tmp = asc.TBuf(asc.TPosition.VECCALC)
    if asc.ascend_is_aiv():  # InitUbBuffer
        pipe.init_buffer(que_scale, BUFFER_NUM, BASE_N * 4)
        pipe.init_buffer(que_pt, BUFFER_NUM, BASE_M * 4)
        pipe.init_buffer(que_in, BUFFER_NUM, UB_CAL * 4)
        pipe.init_buffer(que_out, BUFFER_NUM, UB_CAL * 2)
        pipe.init_buffer(tmp, UB_REST_BYTES)
    n_blocks = (n + SINGLE_N - 1) // SINGLE_N
    row0 = 0  # globalRowOffset
    pre = 0  # preCount: the blocks the last group left over after its full rounds
    cube_task = 0
    vec_task = 0
    taken = 0
    limit = blocks
    if blocks == 0:
        limit = 1 << 30
    for g in range(groups):
        group_m = gl_gm.get_value(g).cast(asc.int32)
        if group_m > 0:
            m_blocks = (group_m + SINGLE_M - 1) // SINGLE_M
            count = pre + n_blocks * m_blocks
            cur = core
            if core < pre:
                cur = core + cores
            while cur < count:
                if taken < limit:
                    mi = (cur - pre) // n_blocks
                    ni = (cur - pre) % n_blocks
                    if asc.ascend_is_aic():
                        cube_task = mm_compute(mm, x_gm, w_gm, ws_gm, g, mi, ni, group_m, row0,
                                               n, k, core, cores, cube_task, DEPTH, B_NZ)
                    if asc.ascend_is_aiv():
                        vec_task = vector_compute(que_in, que_out, que_scale, que_pt, tmp, ws_gm,
                                                  scale_gm, pt_gm, y_gm, g, mi, ni, group_m,
                                                  row0, n, core, sub, ratio, cores, vec_task,
                                                  DEPTH)
                taken += 1
                cur += cores
            pre = count % cores
            row0 += group_m
    if asc.ascend_is_aic():  # PostCompute: every slot the vector cores still hold
        if cube_task > 0:
            out = cube_task
            if out > DEPTH:
                out = DEPTH
            for _ in range(out):
                asc.cross_core_wait_flag(SYNC_AIV_TO_AIC)
    asc.pipe_barrier(asc.Pipe.PIPE_ALL)


def tiling() -> asc.adv.TCubeTiling:
    """The constant tiling's fields: the host library's for the fixed shapes, with the depths
    and steps GetCustomConstantCFG sets."""
    api = host.MultiCoreMatmulTiling(host.get_ascendc_platform())
    api.set_dim(CORES)
    i8, i32 = host.DataType.DT_INT8, host.DataType.DT_INT32
    api.set_a_type(host.TPosition.GM, host.CubeFormat.ND, i8, False)
    api.set_b_type(host.TPosition.GM, host.CubeFormat.NZ, i8, False)
    api.set_c_type(host.TPosition.GM, host.CubeFormat.ND, i32)
    api.set_bias_type(host.TPosition.GM, host.CubeFormat.ND, i32)
    api.set_org_shape(M, N, K)
    api.set_shape(M, N, K)
    api.set_single_shape(SINGLE_M, SINGLE_N, K)
    api.enable_bias(False)
    api.set_buffer_space(-1, -1, -1)
    api.set_fix_split(BASE_M, BASE_N, BASE_K)
    t = asc.adv.TCubeTiling()
    if api.get_tiling(t) != 0:
        raise ValueError(api.error)
    t.depth_a1, t.step_k_a, t.depth_b1, t.step_k_b = DEPTH_A1, STEP_KA, DEPTH_B1, STEP_KB
    t.step_m = t.step_n = 1
    return t


def launch(scenario: int, x, weight, group_list, scale, per_token_scale, y, blocks: int = 0,
           n: int = N, k: int = K, cores: int = CORES, b_nz: bool = False):
    """Run scenario `scenario` (x: M x K int8; weight: G x K x N int8, row-major unless
    b_nz; group_list int64; scale G x N and per_token_scale M float32; y: M x N half; all
    flattened); every core stops after its first `blocks` blocks when blocks > 0."""
    kernel_type, depth = SCENARIOS[scenario]
    workspace = np.zeros(depth * cores * BASE_M * BASE_N, np.int32)
    return quant_group_matmul_custom[cores](
        x, weight, group_list, scale, per_token_scale, y, workspace, tiling(), n, k,
        len(group_list), cores, blocks, depth, b_nz, kernel_type=kernel_type)


def nz_weight(weight, groups: int, k: int, n: int) -> np.ndarray:
    """A row-major G x K x N weight in the source's NZ layout, flattened: per group, N / 32
    column strips (C0 = 32 int8), each the K rows (a multiple of 16) of its 32 columns."""
    w = weight.reshape(groups, k, n // 32, 32)
    return np.ascontiguousarray(w.transpose(0, 2, 1, 3)).ravel()


def assignment(group_list, n: int = N, cores: int = CORES) -> list[list[tuple]]:
    """Each core's blocks in its order, as (group, first row of the group, mi, ni): the
    source's round robin over the blocks of every group, the remainder of one group carried
    into the next (preCount)."""
    out: list[list[tuple]] = [[] for _ in range(cores)]
    pre = row0 = 0
    n_blocks = -(-n // SINGLE_N)
    for g, group_m in enumerate(int(v) for v in group_list):
        if group_m <= 0:
            continue
        count = pre + n_blocks * -(-group_m // SINGLE_M)
        for core in range(cores):
            for cur in range(core if core >= pre else core + cores, count, cores):
                out[core].append((g, row0, (cur - pre) // n_blocks, (cur - pre) % n_blocks))
        pre = count % cores
        row0 += group_m
    return out


def reference(x, weight, group_list, scale, per_token_scale, n: int, k: int) -> np.ndarray:
    """y as the vector cores round it (weight row-major G x K x N): the int32 product, times
    the scale row and the per-token scale (f32 each), FasterGelu x / (1 + e^(-1.702 x)) (the
    source's golden FastGelu, the same function) rounded to f32, then half."""
    m = int(np.sum(group_list))
    # int8 products summed over k <= 2^16 are exact in float64 (and quicker than integers).
    x2 = x.reshape(m, k).astype(np.float64)
    w = weight.reshape(len(group_list), k, n).astype(np.float64)
    s = scale.reshape(len(group_list), n).astype(np.float32)
    pt = per_token_scale.astype(np.float32)
    out = np.zeros((m, n), np.float32)
    r = 0
    for g, gm in enumerate(group_list):
        gm = int(gm)
        acc = (x2[r:r + gm] @ w[g]).astype(np.int32).astype(np.float32)
        out[r:r + gm] = acc * s[g][None, :] * pt[r:r + gm, None]
        r += gm
    x64 = out.astype(np.float64)
    with np.errstate(over="ignore"):
        act = x64 / (1 + np.exp(-1.702 * x64))
    return act.astype(np.float32).astype(np.float16)


# calibration.py runs each scenario twice, every core stopped after RUN_BLOCKS blocks and
# after RUN_BLOCKS + ROUND, and extends each timeline linearly to its core's count (cores 0-7
# have 22 blocks, the others 21). Core c's j-th block is block c + 24 j of the numbering that
# runs on across groups, so ROUND = 8 blocks (3 groups of 64 on 24 cores) is the period of the
# assignment: between the two runs every core enters three new groups, whose weight panels
# the first readers fetch from HBM. Two runs one block apart would put that first read in the
# step of some cores only (the third block of cores 16-23 opens group 1, that of cores 0-15
# does not: 14.4 against 12.1 us a block in scenario 2), and the extension would carry it to
# every later block. The first RUN_BLOCKS blocks fill the workspace slots (they are not steps).
RUN_BLOCKS = 2
ROUND = math.lcm(N // SINGLE_N * (M // GROUPS) // SINGLE_M, CORES) // CORES


def operands(seed: int = 0):
    """The source's gen_data.py: x and weight integers in [-10, 10), scales N(0, 0.01),
    eight groups of 1024 rows (weight row-major here: see `launch`)."""
    rng = np.random.default_rng(seed)
    x = rng.integers(-10, 10, M * K, dtype=np.int8)
    w = rng.integers(-10, 10, GROUPS * K * N, dtype=np.int8)
    scale = rng.normal(0, 0.01, GROUPS * N).astype(np.float32)
    pt = rng.normal(0, 0.01, M).astype(np.float32)
    return x, w, np.full(GROUPS, M // GROUPS, np.int64), scale, pt


def _check(y, x, w, scale, pt, owners, cores=(0, CORES - 1)) -> None:
    """The blocks the run computed on `cores`, against numpy."""
    y2, x2 = y.reshape(M, N), x.reshape(M, K)
    w3, s2 = w.reshape(GROUPS, K, N), scale.reshape(GROUPS, N)
    for core in cores:
        for g, row0, mi, ni in owners[core][:RUN_BLOCKS + 1]:
            r, c = row0 + mi * SINGLE_M, ni * SINGLE_N
            rows, cols = slice(r, r + SINGLE_M), slice(c, c + SINGLE_N)
            want = reference(x2[rows], w3[g][:, cols], np.array([SINGLE_M]), s2[g][cols],
                             pt[rows], SINGLE_N, K)
            if not np.array_equal(y2[rows, cols], want):
                raise SystemExit(f"quant_group_matmul: wrong block ({g}, {mi}, {ni}) on "
                                 f"core {core}")


def run(scenario: int) -> tuple[dict, str]:
    """calibration.py's runner of the qgm rows: the two shortened runs, checked against
    numpy on the first and the last core, extended to the whole kernel."""
    from rows import AIC, AIV, AIV_PIPES, MM_PIPES, TD

    x, w, gl, scale, pt = operands()
    owners = assignment(gl)
    full = [len(o) for o in owners]
    runs = []
    w_nz = nz_weight(w, GROUPS, K, N)  # the source's weight: NZ, its stages plain copies
    for blocks in (RUN_BLOCKS, RUN_BLOCKS + ROUND):
        y = np.zeros(M * N, np.float16)
        runs.append(launch(scenario, x, w_nz, gl, scale, pt, y, blocks, b_nz=True))
    _check(y, x, w, scale, pt, owners)
    r0, r1 = runs

    def extend(x0: float, x1: float, lane) -> float:
        return x1 + (x1 - x0) / ROUND * (full[lane.block] - RUN_BLOCKS - ROUND)

    lanes = r1.cores
    cycles = [extend(a.cycles, b.cycles, b) for a, b in zip(r0.cores, lanes)]
    clock = r1.clock_mhz
    head = r1.task_cycles - max(c.cycles for c in lanes)
    figures = {TD: (head + max(cycles)) / clock}
    for kind, total, pipes in (("aic", AIC, MM_PIPES), ("aiv", AIV, AIV_PIPES)):
        mine = [i for i, c in enumerate(lanes) if c.kind == kind]
        figures[total] = sum(cycles[i] for i in mine) / len(mine) / clock
        for pipe, name in pipes.items():
            busy = sum(extend(r0.cores[i].busy.get(pipe, 0.0), lanes[i].busy.get(pipe, 0.0),
                              lanes[i]) for i in mine)
            figures[name] = busy / len(mine) / clock
    kernel_type, depth = SCENARIOS[scenario]
    note = (f"{kernel_type.name}, PIPELINE_DEPTH {depth}; {RUN_BLOCKS} and "
            f"{RUN_BLOCKS + ROUND} of each core's {min(full)}-{max(full)} blocks, extended")
    return figures, note
