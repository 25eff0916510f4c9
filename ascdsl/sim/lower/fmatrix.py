"""Cube-side registers on the simulator: SetFixpipePreQuantFlag (SetFmatrix and the other
load3d registers: sim/lower/img2col.py).

SetFixpipePreQuantFlag writes QUANT_PRE (`set_quant_pre` on dav-c220). Nothing the simulator
runs reads it before writing it: a Fixpipe in a scalar quantising mode (DEQF16, QF322B8_PRE,
REQ8) sets it from its own deqScalar first (kernel_operator_fixpipe_v2_impl.h), the other modes
ignore it, and the Matmul API sets its own (SetQuantScalar). So the op costs its issue and
changes no result; the forms that would read a word set earlier (DataCopy from L0C with
DataCopyEnhancedParams' deqScale) are refused where they are lowered.
"""

from __future__ import annotations

import ascdsl.dialects.ascendc as A

from ..compiler import Lowering, lowers

# ffts_cross_core_sync: the Matmul API's start-up message runs (sim/lower/kfc.py), others not


@lowers(A.SetFixpipePreQuantFlagOp)
def lower_set_pre_quant(op, cx: Lowering):
    pre = cx.take_pre()

    def f(R):
        R[0].t += pre

    return f
