"""D = dequant(A B) with int8 A and B: catlass's 12_quant_matmul and 52_quant_multi_core_splitk.

A re-creation (ascdsl kernel language, own code) of two hicann/catlass @ 0dfcf9df kernels that
catlass's 52 README times against each other on a 910B3 (20 AIC, CANN 8.5.0, msprof total
kernel time); rows.py copies the figures. Both take A int8 (M rows of K), B int8 column-major
(N rows of K), a per-channel scale (N) and a per-token scale (M), and compute

    D[i, j] = round(float(sum_k A[i, k] B[k, j]) * scale[j] * per_token_scale[i])

with the product accumulated exactly in int32 on the cube cores and the two scalings done in
f32 on the vector cores. Both use the L1 tile 128 x 256 x 512, the L0 tile 128 x 256 x 128
and the epilogue tile 32 x 256.

**12_quant_matmul** (kernel/quant_matmul_multistage_workspace.hpp, a MIX kernel): every AI
core walks the blocks `block_idx, block_idx + cores, ...` of the GemmIdentityBlockSwizzle<3, 0>
order (M > N) or <3, 1> (otherwise: every shape timed here). Its cube core multiplies a block
with the MmadAtlasA2PreloadAsyncWithCallback block (two L1 and two L0A/L0B buffers, ShuffleK:
core i starts its K stages at stage i mod k_tiles) and the Fixpipe writes the int32 block into
one of two workspace slots per core; a cross-core flag (mode 2, on FIX) hands the slot to its
two vector cores, which dequantise it (each takes every other 32-row tile: int32 -> f32,
times the scale row, times the per-token column through a Brcb, -> half) and hand the slot
back with another flag (on MTE3). The cube core waits for a slot's release only when it comes
round again (two slots), and for every slot still out at its end. Scales and D are half.

**52_quant_multi_core_splitk_matmul_tla** (kernel/quant_multi_core_splitk_matmul_tla.hpp): K
is cut into `factor = min(cores / blocks, k_tiles)` slices (SplitkGemmIdentityBlockSwizzle<3,
0>: task t is block t mod blocks of slice t / blocks, and the first k_tiles mod factor slices
get one more K tile). Each cube core multiplies its tasks with the MmadPingpong block (no
ShuffleK) and writes int32 partials into slice rows of a workspace; B (A) is read around L2
when there is one block row (column). Then every vector core waits for its cube core's flag
and for all vector cores (CrossCoreBarrier mode 0), the 2 x cores vector cores sum the slices
(SplitkReduceAdd: one DataCopyPad of `factor` strided rows per piece, factor - 1 Adds, one
copy out) into an int32 result, all meet again, and the vector cores of each AI core dequantise
its blocks as 12 does (float scales, bf16 D; Plan B of the README: reduce, then dequantise).

52 runs as catlass launches it, one MIX launch: each cube core sets flag 0 (mode 2, on FIX)
after its last Fixpipe; each vector core waits for it, meets every vector core of the launch
(CrossCoreBarrier<0, PIPE_MTE2>: flag 8, mode 0), reduces, meets them again and dequantises.
(Until mixed launches ran their blocks together, 52 ran as three launches whose times were
added: a cold L2 for each phase, and a barrier priced as one latency.)

Not re-created: UnitFlag (52's MmadPingpong asks for it: the Fixpipe drains L0C while the last
Mmads run; ascdsl's Mmad/Fixpipe do not model it); the Preload block's copy of the next block's
first stage during a block's last stage (12: every shape timed here gives a core at most one
block, so it never happens).
"""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np

import ascdsl as asc
from ascdsl.runtime.config import KernelType
from catlass_basic_matmul import L0AB_HALF_BYTES, L1_BYTES, block_coord, drain, smaller
from catlass_optimized_matmul import B_COL, copy_stage, stage_mmads

TILE = (128, 256, 512)  # L1TileShape (M, N, K) of both examples
L0_K = 128  # L0TileShape::K
SWIZZLE = 3  # GemmIdentityBlockSwizzle<3, direction>
EPI_ROWS, EPI_COLS = 32, 256  # EpilogueTileShape
WS_STAGES = 2  # 12's workspace slots per core
REDUCE_LEN = 192 * 1024 // 4  # SplitkReduceAdd's COMPUTE_LENGTH (int32 elements)
FLAGS_PER_STAGE = 2  # 12: flag 2s = slot s stored (AIC -> AIV), 2s + 1 = slot s free
AIC_FINISH = 0  # 52: flagAicFinish (AIC -> its AIVs, mode 2)
AIV_BARRIER = 8  # catlass arch/cross_core_sync.hpp AIV_INTER_BLOCK_BARRIER (mode 0)

# The epilogue's UB (bytes): two stages of the C tile, scale row, per-token column and D tile,
# then the f32 work tiles. The per-token product goes back into the f32 copy of C, which the
# row product has consumed by then (one 32 KB tile fewer than catlass's separate buffers).
_C_BYTES = EPI_ROWS * EPI_COLS * 4  # one int32 (or f32) tile
_D_BYTES = EPI_ROWS * EPI_COLS * 2  # one half (or bf16) tile
_UB_SCALE = 2 * _C_BYTES  # two stages of 1 KB: a scale row of up to 256 floats
_UB_PT = _UB_SCALE + 2 * 1024  # two stages of 128 B: 32 per-token scales
_UB_D = _UB_PT + 2 * 128  # two stages of the D tile
_UB_CF = _UB_D + 2 * _D_BYTES
_UB_SCALE_F = _UB_CF + _C_BYTES
_UB_PT_F = _UB_SCALE_F + 1024
_UB_BRCB = _UB_PT_F + 128
_UB_MUL = _UB_BRCB + EPI_ROWS * 8 * 4
assert _UB_MUL + _C_BYTES <= 192 * 1024


@asc.jit
def mmad_block(l1, a2, b2, co1, a_gm, b_gm, row0, col0, m, n, k0, k_len, first, N, K,
               TM: asc.ConstExpr[int], TN: asc.ConstExpr[int], TK: asc.ConstExpr[int],
               L0K: asc.ConstExpr[int], c0: asc.ConstExpr[int]):
    """One block of C into L0C: A[row0 : row0 + m, k0 : k0 + k_len] times the matching B
    panel, L1 stages from stage `first` round to `first - 1` (ShuffleK; 0 without), each
    stage's successor copied into the other L1 buffer before its Mmads. Leaves the sum in
    `co1`; the caller's store waits for the last Mmad."""
    m_round = (m + 15) // 16 * 16
    n_round = (n + 15) // 16 * 16
    k_tiles = (k_len + TK - 1) // TK
    k_act = smaller(TK, k_len - first * TK)
    copy_stage(l1, a_gm, b_gm, 0, row0, col0, k0 + first * TK, k_act, m, n, N, K, TM, TN, TK,
               B_COL, c0)
    asc.wait_flag(asc.HardEvent.FIX_M, 0)
    l1_id = 0
    l0a_id = 0
    l0b_id = 0
    for s in range(k_tiles):
        nxt = 1 - l1_id
        k_next = 0
        if s < k_tiles - 1:
            kn = (first + s + 1) % k_tiles
            k_next = smaller(TK, k_len - kn * TK)
            copy_stage(l1, a_gm, b_gm, nxt, row0, col0, k0 + kn * TK, k_next, m, n, N, K, TM,
                       TN, TK, B_COL, c0)
        # catlass 12 and 52 build their block with enableUnitFlag = false.
        l0a_id, l0b_id = stage_mmads(co1, a2, b2, l1, l1_id, l0a_id, l0b_id, k_act, s,
                                     s == k_tiles - 1, m_round, n_round, TM, TN, TK, L0K,
                                     B_COL, c0, False)
        l1_id = nxt
        k_act = k_next


@asc.jit
def cube_buffers():
    """L1, L0A, L0B and L0C of an int8 block (L0C int32), and the block loop's first events."""
    l1 = asc.LocalTensor(asc.int8, asc.TPosition.A1, 0, L1_BYTES)
    a2 = asc.LocalTensor(asc.int8, asc.TPosition.A2, 0, 2 * L0AB_HALF_BYTES)
    b2 = asc.LocalTensor(asc.int8, asc.TPosition.B2, 0, 2 * L0AB_HALF_BYTES)
    co1 = asc.LocalTensor(asc.int32, asc.TPosition.CO1, 0, TILE[0] * TILE[1])
    for p in asc.static_range(2):
        asc.set_flag(asc.HardEvent.MTE1_MTE2, p)
        asc.set_flag(asc.HardEvent.MTE1_MTE2, p + 2)
        asc.set_flag(asc.HardEvent.M_MTE1, p)
        asc.set_flag(asc.HardEvent.M_MTE1, p + 2)
    asc.set_flag(asc.HardEvent.FIX_M, 0)
    return l1, a2, b2, co1


@asc.jit
def store_int32(dst, co1, m, n, ld):
    """L0C -> GM as int32 rows `ld` apart once the block's last Mmad is done."""
    m_round = (m + 15) // 16 * 16
    asc.set_flag(asc.HardEvent.M_FIX, 0)
    asc.wait_flag(asc.HardEvent.M_FIX, 0)
    asc.fixpipe(dst, co1, asc.FixpipeParamsV220(n, m, m_round, ld))
    asc.set_flag(asc.HardEvent.FIX_M, 0)


@asc.jit
def dequant_block(c_gm, scale_gm, pt_gm, d_gm, c_off, ldc, row0, col0, m, n, N, sub, subs,
                  ub_id, SCALE_HALF: asc.ConstExpr[bool]):
    """catlass's BlockEpilogue<EpilogueAtlasA2PerTokenDequant>: this vector core's 32 x 256
    tiles (every `subs`-th of the block's, row-major order) of the int32 block at c_gm[c_off:]
    (rows `ldc` apart) -> D[row0:, col0:], two UB stages. Returns the next stage."""
    sdt = scale_gm.dtype
    ddt = asc.float16
    if not SCALE_HALF:
        ddt = asc.bfloat16  # D arrives as uint16 bit patterns (numpy has no bf16)
    ub = asc.TPosition.VECCALC
    cf = asc.LocalTensor(asc.float32, ub, _UB_CF, EPI_ROWS * EPI_COLS)
    sf = asc.LocalTensor(asc.float32, ub, _UB_SCALE_F, EPI_COLS)
    pf = asc.LocalTensor(asc.float32, ub, _UB_PT_F, EPI_ROWS)
    brcb = asc.LocalTensor(asc.float32, ub, _UB_BRCB, EPI_ROWS * 8)
    mul = asc.LocalTensor(asc.float32, ub, _UB_MUL, EPI_ROWS * EPI_COLS)
    loops_c = (n + EPI_COLS - 1) // EPI_COLS
    loops = (m + EPI_ROWS - 1) // EPI_ROWS * loops_c
    for t in range(sub, loops, subs):
        tr = t // loops_c
        tc = t % loops_c
        rows = smaller(EPI_ROWS, m - tr * EPI_ROWS)
        cols = smaller(EPI_COLS, n - tc * EPI_COLS)
        i = ub_id
        c_ub = asc.LocalTensor(asc.int32, ub, i * _C_BYTES, EPI_ROWS * EPI_COLS)
        s_ub = asc.LocalTensor(sdt, ub, _UB_SCALE + i * 1024, EPI_COLS)
        p_ub = asc.LocalTensor(sdt, ub, _UB_PT + i * 128, EPI_ROWS)
        d_ub = asc.LocalTensor(ddt, ub, _UB_D + i * _D_BYTES,
                               EPI_ROWS * EPI_COLS)
        asc.wait_flag(asc.HardEvent.V_MTE2, i)
        asc.data_copy(c_ub, c_gm[c_off + tr * EPI_ROWS * ldc + tc * EPI_COLS:],
                      asc.DataCopyParams(rows, cols * 4 // 32, (ldc - cols) * 4 // 32,
                                         (EPI_COLS - cols) * 4 // 32))
        asc.set_flag(asc.HardEvent.MTE2_V, i)
        asc.wait_flag(asc.HardEvent.V_MTE2, i + 2)
        # The scales as DataCopyPad moves them: the tile's own columns and rows only.
        asc.data_copy_pad(s_ub, scale_gm[col0 + tc * EPI_COLS:],
                          asc.DataCopyExtParams(1, cols * sdt.sizeof(), 0, 0, 0),
                          asc.DataCopyPadExtParams(sdt, False, 0, 0, 0))
        asc.set_flag(asc.HardEvent.MTE2_V, i + 2)
        asc.wait_flag(asc.HardEvent.V_MTE2, i + 4)
        asc.data_copy_pad(p_ub, pt_gm[row0 + tr * EPI_ROWS:],
                          asc.DataCopyExtParams(1, rows * sdt.sizeof(), 0, 0, 0),
                          asc.DataCopyPadExtParams(sdt, False, 0, 0, 0))
        asc.set_flag(asc.HardEvent.MTE2_V, i + 4)
        asc.wait_flag(asc.HardEvent.MTE2_V, i)
        asc.cast(cf, c_ub, asc.RoundMode.CAST_RINT, EPI_ROWS * EPI_COLS)
        asc.set_flag(asc.HardEvent.V_MTE2, i)
        asc.wait_flag(asc.HardEvent.MTE2_V, i + 2)
        asc.wait_flag(asc.HardEvent.MTE2_V, i + 4)
        # Half scales are widened into the f32 work buffers, which frees their UB stage at
        # once; float scales are used where they landed, freed once read.
        srow = s_ub
        pcol = p_ub
        if SCALE_HALF:
            asc.cast(sf, s_ub, asc.RoundMode.CAST_NONE, EPI_COLS)
            asc.cast(pf, p_ub, asc.RoundMode.CAST_NONE, EPI_ROWS)
            asc.set_flag(asc.HardEvent.V_MTE2, i + 2)
            asc.set_flag(asc.HardEvent.V_MTE2, i + 4)
            srow = sf
            pcol = pf
        asc.pipe_barrier(asc.Pipe.PIPE_V)
        # TileRowBroadcastMul: one Mul per 64 columns, a repeat per row, the scale row reused.
        for g in asc.static_range(EPI_COLS // 64):
            asc.mul(mul[g * 64:], cf[g * 64:], srow[g * 64:], 64, EPI_ROWS,
                    asc.BinaryRepeatParams(1, 1, 1, EPI_COLS // 8, EPI_COLS // 8, 0))
        # TileBroadcastOneBlk: each per-token scale into a 32-byte block of its own.
        asc.brcb(brcb, pcol, EPI_ROWS // 8, asc.BrcbRepeatParams(1, 8))
        if not SCALE_HALF:
            asc.set_flag(asc.HardEvent.V_MTE2, i + 2)
            asc.set_flag(asc.HardEvent.V_MTE2, i + 4)
        asc.pipe_barrier(asc.Pipe.PIPE_V)
        # TileOneBlkColumnBroadcastMul: 8 rows a Mul (one block of each), a repeat per block
        # column; the product goes into cf, free since the row product.
        for g in asc.static_range(EPI_ROWS // 8):
            asc.mul(cf[g * 8 * EPI_COLS:], mul[g * 8 * EPI_COLS:], brcb[g * 64:], 64,
                    EPI_COLS // 8,
                    asc.BinaryRepeatParams(EPI_COLS // 8, EPI_COLS // 8, 1, 1, 1, 0))
        asc.pipe_barrier(asc.Pipe.PIPE_V)
        asc.wait_flag(asc.HardEvent.MTE3_V, i)
        asc.cast(d_ub, cf, asc.RoundMode.CAST_RINT, EPI_ROWS * EPI_COLS)
        asc.set_flag(asc.HardEvent.V_MTE3, i)
        asc.wait_flag(asc.HardEvent.V_MTE3, i)
        d_out = d_ub
        if not SCALE_HALF:
            d_out = d_ub.reinterpret_cast(asc.uint16)
        asc.data_copy(d_gm[(row0 + tr * EPI_ROWS) * N + col0 + tc * EPI_COLS:], d_out,
                      asc.DataCopyParams(rows, cols * 2 // 32, (EPI_COLS - cols) * 2 // 32,
                                         (N - cols) * 2 // 32))
        asc.set_flag(asc.HardEvent.MTE3_V, i)
        ub_id = 1 - ub_id
    return ub_id


@asc.jit
def epilogue_events(first: asc.ConstExpr[bool]):
    """The epilogue's free-buffer events: set at the start, taken back at the end."""
    for i in asc.static_range(2):
        if first:
            asc.set_flag(asc.HardEvent.V_MTE2, i)
            asc.set_flag(asc.HardEvent.V_MTE2, i + 2)
            asc.set_flag(asc.HardEvent.V_MTE2, i + 4)
            asc.set_flag(asc.HardEvent.MTE3_V, i)
        else:
            asc.wait_flag(asc.HardEvent.V_MTE2, i)
            asc.wait_flag(asc.HardEvent.V_MTE2, i + 2)
            asc.wait_flag(asc.HardEvent.V_MTE2, i + 4)
            asc.wait_flag(asc.HardEvent.MTE3_V, i)


@asc.jit(kernel_type=KernelType.MIX_AIC_1_2)
def quant_matmul(a: asc.GlobalAddress, b: asc.GlobalAddress, scale: asc.GlobalAddress,
                 pt: asc.GlobalAddress, d: asc.GlobalAddress, ws: asc.GlobalAddress, M: int,
                 N: int, K: int, cores: int, DIRECTION: asc.ConstExpr[int]):
    """catlass 12: QuantMatmulMultiStageWorkspace (see the module's docstring)."""
    TM, TN, TK = TILE
    block = asc.get_block_idx()
    if asc.ascend_is_aiv():
        block = block // 2  # MIX_AIC_1_2: vector block b * 2 + i belongs to AI core b
    loops_m = (M + TM - 1) // TM
    loops_n = (N + TN - 1) // TN
    blocks = loops_m * loops_n
    ws_gm = asc.GlobalTensor()
    ws_gm.set_global_buffer(ws, WS_STAGES * cores * TM * TN)
    my_blocks = (blocks - block + cores - 1) // cores
    if asc.ascend_is_aic():
        a_gm = asc.GlobalTensor()
        b_gm = asc.GlobalTensor()
        a_gm.set_global_buffer(a, M * K)
        b_gm.set_global_buffer(b, K * N)
        l1, a2, b2, co1 = cube_buffers()
        k_tiles = (K + TK - 1) // TK
        stage = 0
        used = 0
        for t in range(my_blocks):
            mi, ni = block_coord(block + t * cores, loops_m, loops_n, SWIZZLE, DIRECTION)
            m = smaller(TM, M - mi * TM)
            n = smaller(TN, N - ni * TN)
            mmad_block(l1, a2, b2, co1, a_gm, b_gm, mi * TM, ni * TN, m, n, 0, K,
                       block % k_tiles, N, K, TM, TN, TK, L0_K, 32)
            if used == WS_STAGES:  # the slot's previous block is still being dequantised
                asc.cross_core_wait_flag(flag_id=FLAGS_PER_STAGE * stage + 1)
            else:
                used = used + 1
            store_int32(ws_gm[(stage * cores + block) * TM * TN:], co1, m, n, TN)
            asc.cross_core_set_flag(flag_id=FLAGS_PER_STAGE * stage, mode_id=2,
                                    pipe=asc.PipeID.PIPE_FIX)
            stage = (stage + 1) % WS_STAGES
        drain()
        for u in range(used):
            asc.cross_core_wait_flag(
                flag_id=FLAGS_PER_STAGE * ((stage + WS_STAGES - used + u) % WS_STAGES) + 1)
    if asc.ascend_is_aiv():
        s_gm = asc.GlobalTensor()
        p_gm = asc.GlobalTensor()
        d_gm = asc.GlobalTensor()
        s_gm.set_global_buffer(scale, N)
        p_gm.set_global_buffer(pt, M)
        d_gm.set_global_buffer(d, M * N)
        epilogue_events(True)
        stage = 0
        ub_id = 0
        for t in range(my_blocks):
            mi, ni = block_coord(block + t * cores, loops_m, loops_n, SWIZZLE, DIRECTION)
            m = smaller(TM, M - mi * TM)
            n = smaller(TN, N - ni * TN)
            asc.cross_core_wait_flag(flag_id=FLAGS_PER_STAGE * stage)
            ub_id = dequant_block(ws_gm, s_gm, p_gm, d_gm, (stage * cores + block) * TM * TN,
                                  TN, mi * TM, ni * TN, m, n, N, asc.get_block_idx() % 2, 2,
                                  ub_id, True)
            asc.cross_core_set_flag(flag_id=FLAGS_PER_STAGE * stage + 1, mode_id=2,
                                    pipe=asc.PipeID.PIPE_MTE3)
            stage = (stage + 1) % WS_STAGES
        epilogue_events(False)


@asc.jit
def splitk_cube(a_gm, b_gm, p_gm, M, N, K, cores, factor):
    """catlass 52, cube part: the split-K tasks into int32 partials (slice s at rows s * M)."""
    TM, TN, TK = TILE
    block = asc.get_block_idx()
    loops_m = (M + TM - 1) // TM
    loops_n = (N + TN - 1) // TN
    loops_k = (K + TK - 1) // TK
    blocks = loops_m * loops_n
    # Nothing of B (A) is read twice with one block row (column): read it around L2.
    if loops_m == 1:
        b_gm.set_l2_cache_hint(asc.CacheMode.CACHE_MODE_DISABLE)
    if loops_n == 1:
        a_gm.set_l2_cache_hint(asc.CacheMode.CACHE_MODE_DISABLE)
    l1, a2, b2, co1 = cube_buffers()
    per = loops_k // factor
    extra = loops_k % factor
    for t in range((blocks * factor - block + cores - 1) // cores):
        task = block + t * cores
        sl = task // blocks
        mi, ni = block_coord(task % blocks, loops_m, loops_n, SWIZZLE, 0)
        kt0 = sl * per + extra
        tiles = per
        if sl < extra:
            kt0 = (per + 1) * sl
            tiles = per + 1
        k_len = smaller(tiles * TK, K - kt0 * TK)
        m = smaller(TM, M - mi * TM)
        n = smaller(TN, N - ni * TN)
        mmad_block(l1, a2, b2, co1, a_gm, b_gm, mi * TM, ni * TN, m, n, kt0 * TK, k_len, 0,
                   N, K, TM, TN, TK, L0_K, 32)
        store_int32(p_gm[(sl * M + mi * TM) * N + ni * TN:], co1, m, n, N)
    drain()


@asc.jit
def reduce_slices(p_gm, o_gm, count, factor, aivs):
    """catlass 52, SplitkReduceAdd<int32, int32, 1 stage>: o = the sum of the `factor`
    slices, in pieces of a multiple of 64 elements, piece p on vector core p mod aivs."""
    acc = asc.LocalTensor(asc.int32, asc.TPosition.VECCALC, 0, REDUCE_LEN)
    aiv = asc.get_block_idx()
    task = (count // aivs + 63) // 64 * 64
    if task == 0:
        task = 64
    task = smaller(task, REDUCE_LEN // factor // 64 * 64)
    loops = (count + task - 1) // task
    asc.set_flag(asc.HardEvent.MTE3_MTE2, 0)
    for p in range(aiv, loops, aivs):
        length = task
        if p == loops - 1:
            length = count - p * task
        row = (length + 7) // 8 * 8  # each slice's row in UB starts on a 32-byte block
        asc.wait_flag(asc.HardEvent.MTE3_MTE2, 0)
        asc.data_copy_pad(acc, p_gm[p * task:],
                          asc.DataCopyExtParams(factor, length * 4, (count - length) * 4,
                                                (row - length) * 4 // 32, 0),
                          asc.DataCopyPadExtParams(asc.int32, False, 0, 0, 0))
        asc.set_flag(asc.HardEvent.MTE2_V, 0)
        asc.wait_flag(asc.HardEvent.MTE2_V, 0)
        for s in range(1, factor):
            asc.add(acc, acc, acc[row * s:], length)
            asc.pipe_barrier(asc.Pipe.PIPE_V)
        asc.set_flag(asc.HardEvent.V_MTE3, 0)
        asc.wait_flag(asc.HardEvent.V_MTE3, 0)
        asc.data_copy_pad(o_gm[p * task:], acc, asc.DataCopyExtParams(1, length * 4, 0, 0, 0))
        asc.set_flag(asc.HardEvent.MTE3_MTE2, 0)
    asc.wait_flag(asc.HardEvent.MTE3_MTE2, 0)


@asc.jit
def dequant_blocks(c_gm, s_gm, p_gm, d_gm, M, N, cores):
    """catlass 52, last phase: AI core i's two vector cores (vector blocks 2i, 2i + 1)
    dequantise blocks i, i + cores, ... of the reduced int32 C (GemmIdentityBlockSwizzle<3, 0>)
    with float scales into bf16 D."""
    TM, TN, TK = TILE
    core = asc.get_block_idx() // 2
    sub = asc.get_block_idx() % 2
    loops_m = (M + TM - 1) // TM
    loops_n = (N + TN - 1) // TN
    epilogue_events(True)
    ub_id = 0
    for idx in range(core, loops_m * loops_n, cores):
        mi, ni = block_coord(idx, loops_m, loops_n, SWIZZLE, 0)
        m = smaller(TM, M - mi * TM)
        n = smaller(TN, N - ni * TN)
        ub_id = dequant_block(c_gm, s_gm, p_gm, d_gm, mi * TM * N + ni * TN, N, mi * TM,
                              ni * TN, m, n, N, sub, 2, ub_id, False)
    epilogue_events(False)


@asc.jit
def aiv_barrier():
    """Catlass::Arch::CrossCoreBarrier<0, PIPE_MTE2>: every vector core of the launch meets
    (flag AIV_INTER_BLOCK_BARRIER, mode 0)."""
    asc.cross_core_set_flag(flag_id=AIV_BARRIER, mode_id=0, pipe=asc.PipeID.PIPE_MTE2)
    asc.cross_core_wait_flag(flag_id=AIV_BARRIER)


@asc.jit(kernel_type=KernelType.MIX_AIC_1_2)
def splitk_matmul(a: asc.GlobalAddress, b: asc.GlobalAddress, scale: asc.GlobalAddress,
                  pt: asc.GlobalAddress, d: asc.GlobalAddress, ws: asc.GlobalAddress, M: int,
                  N: int, K: int, cores: int, factor: int):
    """catlass 52: QuantMultiCoreSplitkMatmulTla, one MIX launch (the module's docstring).
    `ws` holds the `factor` int32 partial slices, then the reduced int32 C."""
    p_gm = asc.GlobalTensor()
    p_gm.set_global_buffer(ws, (factor + 1) * M * N)
    c_gm = p_gm[factor * M * N:]
    if asc.ascend_is_aic():
        a_gm = asc.GlobalTensor()
        b_gm = asc.GlobalTensor()
        a_gm.set_global_buffer(a, M * K)
        b_gm.set_global_buffer(b, K * N)
        splitk_cube(a_gm, b_gm, p_gm, M, N, K, cores, factor)
        asc.cross_core_set_flag(flag_id=AIC_FINISH, mode_id=2, pipe=asc.PipeID.PIPE_FIX)
        asc.pipe_barrier(asc.Pipe.PIPE_ALL)
    if asc.ascend_is_aiv():
        asc.cross_core_wait_flag(flag_id=AIC_FINISH)
        aiv_barrier()
        reduce_slices(p_gm, c_gm, M * N, factor, 2 * cores)
        asc.pipe_barrier(asc.Pipe.PIPE_ALL)
        aiv_barrier()
        s_gm = asc.GlobalTensor()
        q_gm = asc.GlobalTensor()
        d_gm = asc.GlobalTensor()
        s_gm.set_global_buffer(scale, N)
        q_gm.set_global_buffer(pt, M)
        d_gm.set_global_buffer(d, M * N)
        dequant_blocks(c_gm, s_gm, q_gm, d_gm, M, N, cores)
        asc.pipe_barrier(asc.Pipe.PIPE_ALL)


def splitk_factor(m: int, n: int, k: int, cores: int) -> int:
    """QuantMultiCoreSplitkMatmulTla::GetSplitkFactor."""
    tm, tn, tk = TILE
    blocks = -(-m // tm) * -(-n // tn)
    factor = cores // blocks if cores // blocks > 0 else 2
    return max(min(factor, -(-k // tk)), 1)


def check_shape(m: int, n: int, k: int) -> None:
    # The re-creation's copies move whole 32-byte blocks: rows of D (half) and of C (int32)
    # must be whole blocks, and so must every slice of K.
    if n % 16 or k % 32:
        raise ValueError(f"quant matmul {m} x {n} x {k}: N must be a multiple of 16 and K of 32")


def launch_quant(a, b, scale, pt, d, m: int, n: int, k: int, cores: int):
    """catlass 12 on `cores` AI cores: a (M x K int8), b (N x K int8), scale (N half), pt (M
    half), d (M x N half, written). Returns the run report."""
    check_shape(m, n, k)
    ws = np.zeros(WS_STAGES * cores * TILE[0] * TILE[1], np.int32)
    direction = 0 if m > n else 1
    return quant_matmul[cores](a, b, scale, pt, d, ws, m, n, k, cores, direction)


def launch_splitk(a, b, scale, pt, d, m: int, n: int, k: int, cores: int):
    """catlass 52 on `cores` AI cores, one MIX launch: scale, pt float, d bfloat16 (as uint16
    bits). Returns the run report."""
    check_shape(m, n, k)
    factor = splitk_factor(m, n, k, cores)
    ws = np.zeros((factor + 1) * m * n, np.int32)
    return splitk_matmul[cores](a, b, scale, pt, d, ws, m, n, k, cores, factor)


def reference(a, b, scale, pt, m: int, n: int, k: int) -> np.ndarray:
    """f32 of the int32 product times the scales, as the vector cores compute it (f32
    products, in the kernel's order: scale first)."""
    acc = a.reshape(m, k).astype(np.int64) @ b.reshape(n, k).T.astype(np.int64)
    f = acc.astype(np.float32) * scale.astype(np.float32)[None, :]
    return f * pt.astype(np.float32)[:, None]
