"""`set_ffts_base_addr`: where cross-core (AIC <-> AIV) flags live on the NPU.

The simulator passes cross-core flags between its simulated cores directly, so setting the
base address changes nothing it models; it is one scalar instruction (a register write).
"""

from __future__ import annotations

from ascdsl.dialects.ascendc import SetFftsBaseAddrOp

from ..compiler import Lowering, lowers


@lowers(SetFftsBaseAddrOp)
def lower_set_ffts_base_addr(op: SetFftsBaseAddrOp, cx: Lowering):
    pre = cx.take_pre() + cx.issue

    def f(R):
        R[0].t += pre

    return f
