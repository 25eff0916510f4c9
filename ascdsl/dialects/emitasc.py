"""`emitasc`: the C++-emission helpers ascdsl needs from pyasc's dialect of that name.

`emitasc.ptr_offset %p[%off]` is `p + off` on a GM pointer (`__gm__ T*`), and
`#emitasc<kernel_arg explicit>` marks a kernel argument for the Ascend C target.
"""

from __future__ import annotations

from xdsl.dialects.builtin import MemRefType, UnrankedMemRefType
from xdsl.ir import Dialect, SSAValue
from xdsl.irdl import (
    IRDLOperation,
    irdl_attr_definition,
    irdl_op_definition,
    operand_def,
    result_def,
    traits_def,
)
from xdsl.dialects.utils import EnumAttribute
from xdsl.ir import SpacedOpaqueSyntaxAttribute
from xdsl.traits import Pure
from xdsl.utils.str_enum import StrEnum

from ascdsl.dialects.ascendc.constraints import Is, IntLike

GM_PTR = Is((MemRefType, UnrankedMemRefType), "a GM pointer (memref<?xT, 22>)")


@irdl_op_definition
class PtrOffsetOp(IRDLOperation):
    """`base + offset` on a GM pointer, in elements (C++ pointer arithmetic)."""

    name = "emitasc.ptr_offset"
    base = operand_def(GM_PTR)
    offset = operand_def(IntLike())
    result = result_def(GM_PTR)
    assembly_format = "$base `[` $offset `]` attr-dict `:` type($base) `,` type($offset) `,` type($result)"
    traits = traits_def(Pure())

    def __init__(self, base: SSAValue, offset: SSAValue):
        super().__init__(operands=[base, offset], result_types=[base.type])


class KernelArgument(StrEnum):
    EXPLICIT = "explicit"
    FFTS_ADDR = "ffts_addr"


@irdl_attr_definition
class KernelArgAttr(EnumAttribute[KernelArgument], SpacedOpaqueSyntaxAttribute):
    """How a kernel argument reaches the kernel: `explicit` (the user's) or `ffts_addr`."""

    name = "emitasc.kernel_arg"


EmitAsc = Dialect("emitasc", [PtrOffsetOp], [KernelArgAttr])

