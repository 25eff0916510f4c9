"""UB bank conflicts of one Add: asc-devkit's bank_conflict_ub study (A2/A3).

A re-creation (ascdsl kernel language, own code) of the kernel measured in
mirror-cann/asc-devkit examples/01_simd_cpp_api/05_best_practices/04_memory_access/
bank_conflict_ub: 1000 back-to-back Adds of 4096 floats (64 repeats of 64 elements) whose
sources and destination sit at chosen UB addresses, one core. The L0 form gives each operand
its block and repeat stride (scenarios 7 and 8 read one 32-byte block of src0 eight times per
repeat).
"""

from __future__ import annotations

import ascdsl as asc

COUNT = 4096
REPEATS = 64
TIMES = 1000


@asc.jit
def adds(src0_addr: asc.ConstExpr[int], src1_addr: asc.ConstExpr[int],
         dst_addr: asc.ConstExpr[int], src0_blk: asc.ConstExpr[int],
         src0_rep: asc.ConstExpr[int]):
    """TIMES Adds dst = src0 + src1 on UB (values do not matter: nothing is copied in)."""
    src0 = asc.LocalTensor(asc.float32, asc.TPosition.VECCALC, src0_addr, COUNT)
    src1 = asc.LocalTensor(asc.float32, asc.TPosition.VECCALC, src1_addr, COUNT)
    dst = asc.LocalTensor(asc.float32, asc.TPosition.VECCALC, dst_addr, COUNT)
    params = asc.BinaryRepeatParams(1, src0_blk, 1, 8, src0_rep, 8)
    for _ in range(TIMES):
        asc.add(dst, src0, src1, 64, REPEATS, params)
        asc.pipe_barrier(asc.Pipe.PIPE_V)


def launch(scenario: int, rows: dict):
    src0, src1, dst, blk, rep, _ = rows[scenario]
    return adds[1](src0, src1, dst, blk, rep)
