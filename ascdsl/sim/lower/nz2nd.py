"""DataCopy(dst GM, src UB, Nz2NdParamsFull): NZ fractals of UB back to row-major GM.

dav-c220 has no instruction for it: kernel_operator_data_copy_impl.h
(DataCopyUB2GMNZ2NDImpl) issues one DataCopyPad UB -> GM on MTE3 per 16-column block of each
of the `ndNum` matrices, and the simulator issues the same copies:

- matrix i reads UB from `i * srcNdMatrixStride` fractals (16 x 16 elements) on and writes GM
  from element `i * dstNdMatrixStride` on;
- its column block b (16 elements wide; `dValue` must be a multiple of 16) is `nValue` rows of
  16 elements, contiguous in UB from `b * srcNStride * 16` elements on, written as rows
  `dstDStride` elements apart from GM element `b * 16` on;
- a block of more than 4095 rows is split into copies of at most 4095 (DataCopyPad's
  blockCount).

Elements are 16- or 32-bit; UB must start on 32 bytes. Each copy goes through the GM model
(`CoreSim.gm_copy`) and the store-atomic mode as a DataCopyPad does.
"""

from __future__ import annotations

import ascdsl.dialects.ascendc as A
from ascdsl.dialects.ascendc.enums import Hardware

from ..atomic import ATOMIC_WRITE, combine_blocks
from ..compiler import Lowering, lowers
from ..errors import InvalidArgumentError
from .common import check_align, dtype_of, gm_span, local_span
from .copy import _record_blocks, _strided_copy, copy_pipe_index
from .cube import _require

CUBE = 16  # elements of a fractal row
MAX_ROWS = 4095  # DataCopyPad's blockCount


@lowers(A.DataCopyNz2NdOp)
def lower_copy_nz2nd(op, cx: Lowering):
    pre = cx.take_pre()
    site = cx.site(op)
    dt = dtype_of(op, cx, op.dst)
    size = dt.size
    if size not in (2, 4):
        raise cx.error(op, f"copies {dt.name} elements; DataCopy NZ2ND takes 16- or 32-bit "
                           "ones")
    sd, ss, sp = cx.slot(op.dst), cx.slot(op.src), cx.slot(op.intri_params)
    pipe = copy_pipe_index(Hardware.UB, Hardware.GM)
    row = CUBE * size

    def f(R):
        c = R[0]
        c.t += pre
        d, s = R[sd], R[ss]
        nd, n, dv, s_nd, s_n, d_d, d_nd = (int(v) & 0xFFFF for v in R[sp])
        _require(c, s, (Hardware.UB,), "reads", "DataCopy with Nz2NdParamsFull", site)
        if dv % CUBE:
            raise InvalidArgumentError(
                f"copies dValue={dv} columns; DataCopy NZ2ND moves whole 16-column blocks "
                "(dValue must be a multiple of 16)", site, core=c.block_idx)
        if c.checking:
            check_align(c, s, site, "reads")
            if nd != 1 and n and (s_nd * CUBE * CUBE) % (n * size):
                c.finding(InvalidArgumentError(
                    f"has srcNdMatrixStride={s_nd} fractals between matrices of nValue={n} "
                    f"rows: the headers require {s_nd * CUBE * CUBE} elements to be a multiple "
                    f"of nValue * sizeof(T) = {n * size}", site))
        blocks = dv // CUBE
        if not (nd and n and blocks):
            c.run(pipe, c.cost.nop(pipe), 0.0, site)
            return
        s_last = (nd - 1) * s_nd * CUBE * CUBE + (blocks - 1) * s_n * CUBE + n * CUBE
        s0, _ = local_span(c, s, 0, s_last, site, "reads")
        d0, _ = gm_span(c, d, 0, (nd - 1) * d_nd + (n - 1) * d_d + dv, site, "writes")
        dm, sm = d.buf.mem, s.mem
        dstep = d_d * size
        atomic = c.atomic is not None and c.atomic.active
        san = c.san
        for i in range(nd):
            for b in range(blocks):
                for r0 in range(0, n, MAX_ROWS):
                    cnt = min(MAX_ROWS, n - r0)
                    slo = s0 + (i * s_nd * CUBE * CUBE + b * s_n * CUBE + r0 * CUBE) * size
                    dlo = d0 + (i * d_nd + b * CUBE + r0 * d_d) * size
                    wflag = True
                    if atomic:
                        combine_blocks(c.atomic, dm, dlo, dstep, sm, slo, row, row, cnt)
                        wflag = ATOMIC_WRITE
                    else:
                        _strided_copy(dm, dlo, dstep, sm, slo, row, row, cnt)
                    if san is not None:
                        k = san.begin(pipe)
                        _record_blocks(san, sm, slo, row, row, cnt, False, pipe, k, site)
                        _record_blocks(san, dm, dlo, dstep, row, cnt, wflag, pipe, k, site)
                    c.gm_copy(pipe, d.buf, dlo, row, dstep, cnt, True, d.cache[1], site)

    return f
