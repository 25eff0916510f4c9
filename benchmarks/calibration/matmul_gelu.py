"""C = GELU(A @ B^T), 8192^3, half in, float out: asc-devkit's fused matmul + GELU best practice.

A re-creation (ascdsl kernel language, own code) of mirror-cann/asc-devkit's
examples/01_simd_cpp_api/05_best_practices/03_fusion_compute/matmul_gelu_high_performance
(mmad_gelu.asc @ bd7c81c7, README.md @ 12402351; its A2 msprof figures are rows.py's mmg-1),
scenario 1, the only one A2 runs ("CV fusion through GM"). A `__mix__(1, 2)` kernel on 24 AI
cores:

- the cube core of each AI core runs the basic-API matmul of matmul_basic_api.py (the same
  4 x 6 split, singleCoreM 2048, singleCoreN 1536, base 128 x 256 x 64, stepKa 8, stepKb 4,
  the same ping-pongs and events; its `process_loop` is called here), except that Fixpipe
  writes the f32 block as it is (no quantisation: C is float) and then sets cross-core flag 8
  (mode 2, on FIX) for the AI core's two vector cores;
- each vector core (sub-block s) walks the same N x M blocks; per block it waits for flag 8,
  copies its half of the block's rows (rows s * 64 .. s * 64 + 63 of the 128; a tail block's
  are split at curM / 2, where the source's offsets skip rows, and the GELU covers a tail
  block's UB rows as DataCopyPad pads them to 32 bytes) from GM into xUB with one
  DataCopyPad, and computes, with a PipeBarrier<PIPE_V> between each,

      y = x * x;  y = y * x;  y = y * 0.044715;  y = x + y;  y = y * -1.595769;
      y = exp(y);  y = y + 1;  y = x / y        (= x / (1 + e^(-1.5958 (x + 0.0447 x^3))))

  each a count-API call over the 64 x 256 floats, into geluOutUB (UB 64 KB, after xUB's
  64 KB), and copies geluOutUB back over the same rows of C with one DataCopyPad.
  MTE2 -> V and V -> MTE3 are set and waited at once, as the source does. The source orders
  nothing between one block's Div (reading xUB) or copy out (reading geluOutUB) and the next
  block's copy into xUB or Muls into geluOutUB: the wait for the next block's flag keeps them
  apart in time (the cube core needs a whole K loop for it), but a wait stalls only issue, and
  the simulator's sanitizer reports the V -> MTE2 race. This re-creation adds one
  MTE3 -> MTE2 set and wait after the copy out (MTE3 follows V, the next V follows MTE2), which
  costs the vector core nothing it would not wait anyway.

Where the cube part differs from the source, it differs as matmul_basic_api.py says (four
LoadData2D for the one LoadData3DV2 of A); its Mmads and Fixpipe are ordered by UnitFlag, as
the source's are.

`m_rows` (> 0) runs only the first m_rows base blocks of M of each core (all of K, every N
block, on the cube and the vector cores alike); calibration.py's run_matmul_gelu runs m_rows
and m_rows + 1 and extends each timeline linearly to the 16 blocks of singleCoreM.
"""

from __future__ import annotations

import numpy as np

import ascdsl as asc
from ascdsl.dialects.ascendc.types_cube import QuantMode
from ascdsl.runtime.config import KernelType
from catlass_basic_matmul import smaller
from matmul_basic_api import (BASE_K, BASE_M, BASE_N, CORES, L0_PINGPONG_BYTES, L1_BYTES, STEP_KA,
                              STEP_KB, process_loop)

M = N = K = 8192
SINGLE_M, SINGLE_N = 2048, 1536
READY_FLAG = 8  # the source's CrossCoreSetFlag<0x2, PIPE_FIX>(0x8)
COEFF_A = 0.044715
COEFF_B = -1.595769


@asc.jit
def gelu_membase(x, y, n):
    """GeluMemBaseCompute: the A2 path's eight count-API vector calls, y reused throughout."""
    asc.mul(y, x, x, n)
    asc.pipe_barrier(asc.Pipe.PIPE_V)
    asc.mul(y, y, x, n)
    asc.pipe_barrier(asc.Pipe.PIPE_V)
    asc.muls(y, y, COEFF_A, n)
    asc.pipe_barrier(asc.Pipe.PIPE_V)
    asc.add(y, x, y, n)
    asc.pipe_barrier(asc.Pipe.PIPE_V)
    asc.muls(y, y, COEFF_B, n)
    asc.pipe_barrier(asc.Pipe.PIPE_V)
    asc.exp(y, y, n)
    asc.pipe_barrier(asc.Pipe.PIPE_V)
    asc.adds(y, y, 1.0, n)
    asc.pipe_barrier(asc.Pipe.PIPE_V)
    asc.div(y, x, y, n)


@asc.jit
def gelu_loop(c_gm, x_ub, y_ub, m_loops, n_loops, m_count, n_count, tail_m, tail_n, N,
              BM: asc.ConstExpr[int], BN: asc.ConstExpr[int]):
    """ProcessLoopAiv / GeluFromGM over the core's blocks, in the cube core's order."""
    sub = asc.get_sub_block_idx() % 2
    for nb in range(n_loops):
        cur_n = BN
        if nb == n_count:
            cur_n = tail_n
        for mb in range(m_loops):
            asc.cross_core_wait_flag(flag_id=READY_FLAG)
            cur_m = BM
            if mb == m_count:
                cur_m = tail_m
            # The source's rows: sub * baseM / 2 on, curM / 2 of them, which leaves a tail
            # block's middle row(s) out and reaches past its end; here the second vector core
            # starts at curM / 2 and takes the rest (the same rows for a whole block).
            rows = cur_m // 2
            first = 0
            if sub == 1:
                first = rows
                rows = cur_m - rows
            off = (mb * BM + first) * N + nb * BN
            asc.data_copy_pad(x_ub, c_gm[off:],
                              asc.DataCopyExtParams(rows, cur_n * 4, (N - cur_n) * 4, 0, 0),
                              asc.DataCopyPadExtParams(asc.float32, False, 0, 0, 0))
            asc.set_flag(asc.HardEvent.MTE2_V, 0)
            asc.wait_flag(asc.HardEvent.MTE2_V, 0)
            # DataCopyPad lands each row on a 32-byte boundary of UB; the source's computeLen
            # (rows x curN) misses the last rows of an N tail that is not a multiple of 8.
            gelu_membase(x_ub, y_ub, rows * ((cur_n + 7) // 8 * 8))
            asc.set_flag(asc.HardEvent.V_MTE3, 0)
            asc.wait_flag(asc.HardEvent.V_MTE3, 0)
            asc.data_copy_pad(c_gm[off:], y_ub,
                              asc.DataCopyParams(rows, cur_n * 4, 0, (N - cur_n) * 4))
            # Not in the source (see the module's docstring): xUB and geluOutUB are free.
            asc.set_flag(asc.HardEvent.MTE3_MTE2, 0)
            asc.wait_flag(asc.HardEvent.MTE3_MTE2, 0)


@asc.jit(kernel_type=KernelType.MIX_AIC_1_2)
def mmad_vector_custom(a: asc.GlobalAddress, bt: asc.GlobalAddress, c: asc.GlobalAddress,
                       M: int, N: int, K: int, single_m: int, single_n: int, m_rows: int,
                       BM: asc.ConstExpr[int], BN: asc.ConstExpr[int], BK: asc.ConstExpr[int],
                       SKA: asc.ConstExpr[int], SKB: asc.ConstExpr[int]):
    """mmad_vector_custom: Process() of KernelMmadVector on the AIC and both AIVs."""
    block = asc.get_block_idx()
    if asc.ascend_is_aiv():
        block = block // 2  # __mix__(1, 2): vector block 2b + s belongs to AI core b
    m_iter = (M + single_m - 1) // single_m
    mi = block % m_iter
    ni = block // m_iter
    act_m = smaller(M - mi * single_m, single_m)
    act_n = smaller(N - ni * single_n, single_n)
    m_loops = (act_m + BM - 1) // BM
    if m_rows > 0:
        m_loops = smaller(m_loops, m_rows)
    n_loops = (act_n + BN - 1) // BN
    c_gm = asc.GlobalTensor()
    c_gm.set_global_buffer(c + mi * single_m * N + ni * single_n)
    if asc.ascend_is_aic():
        dt = a.dtype
        l1 = asc.LocalTensor(dt, asc.TPosition.A1, 0, L1_BYTES // 2)
        a2 = asc.LocalTensor(dt, asc.TPosition.A2, 0, L0_PINGPONG_BYTES)
        b2 = asc.LocalTensor(dt, asc.TPosition.B2, 0, L0_PINGPONG_BYTES)
        co1 = asc.LocalTensor(asc.float32, asc.TPosition.CO1, 0, BM * BN)
        a_gm = asc.GlobalTensor()
        b_gm = asc.GlobalTensor()
        a_gm.set_global_buffer(a + mi * single_m * K)
        b_gm.set_global_buffer(bt + ni * K * single_n)
        process_loop(a_gm, b_gm, c_gm, l1, a2, b2, co1, m_loops, n_loops, act_m // BM,
                     act_n // BN, act_m % BM, act_n % BN, N, K, BM, BN, BK, SKA, SKB,
                     int(QuantMode.NoQuant), READY_FLAG)
    if asc.ascend_is_aiv():
        half = (BM + 1) // 2 * BN
        x_ub = asc.LocalTensor(asc.float32, asc.TPosition.VECCALC, 0, half)
        y_ub = asc.LocalTensor(asc.float32, asc.TPosition.VECCALC, half * 4, half)
        gelu_loop(c_gm, x_ub, y_ub, m_loops, n_loops, act_m // BM, act_n // BN, act_m % BM,
                  act_n % BN, N, BM, BN)
        asc.pipe_barrier(asc.Pipe.PIPE_ALL)


def launch(a, bt, c, m_rows: int = 0, shape=(M, N, K), cores: int = CORES, single=None):
    """Run the kernel (a: M x K, bt: N x K half; c: M x N float32; flattened); each core
    computes only its first `m_rows` base rows of M when m_rows > 0. `shape`, `cores` and
    `single` ((singleCoreM, singleCoreN)) shrink it for tests."""
    single_m, single_n = single or (SINGLE_M, SINGLE_N)
    m, n, k = shape
    return mmad_vector_custom[cores](a, bt, c, m, n, k, single_m, single_n, m_rows, BASE_M,
                                     BASE_N, BASE_K, STEP_KA, STEP_KB)


def gelu_reference(x: np.ndarray) -> np.ndarray:
    """The kernel's GELU in f32, operation by operation as the vector cores round it."""
    x = x.astype(np.float32)
    f = np.float32
    with np.errstate(over="ignore"):
        y = x * x
        y = y * x
        y = y * f(COEFF_A)
        y = x + y
        y = y * f(COEFF_B)
        y = np.exp(y)
        y = y + f(1.0)
        return x / y


def owner(core: int, shape=(M, N, K), single=(SINGLE_M, SINGLE_N)) -> tuple[int, int, int, int]:
    """(first row, rows, first column, columns) of `core`'s part of C."""
    m, n, _ = shape
    m_iter = -(-m // single[0])
    r0 = (core % m_iter) * single[0]
    c0 = (core // m_iter) * single[1]
    return r0, min(single[0], m - r0), c0, min(single[1], n - c0)
