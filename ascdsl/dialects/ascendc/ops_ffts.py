"""The FFTS base address: what cross-core (AIC <-> AIV) flags go through.

pyasc's `legalize-kernel-args` appends a `ffts_addr` kernel argument and starts the kernel
with `ascendc.set_ffts_base_addr %ffts_addr : memref<?xui64, 22>`; every ascir.mlir it dumps
has the op.
"""

from __future__ import annotations

from xdsl.ir import SSAValue
from xdsl.irdl import operand_def

from .base import AscendCOp, Cpp, CppStyle, asc_op
from .constraints import MEMREF


@asc_op(cpp=Cpp("set_ffts_base_addr", style=CppStyle.SPECIAL, namespace=""))
class SetFftsBaseAddrOp(AscendCOp):
    """`set_ffts_base_addr(addr)`: the base address of the FFTS flags of this launch."""

    name = "ascendc.set_ffts_base_addr"
    addr = operand_def(MEMREF)
    assembly_format = "operands attr-dict `:` type(operands)"

    def __init__(self, addr: SSAValue):
        super().__init__(operands=[addr])


FFTS_OPS = [
    SetFftsBaseAddrOp,
]
