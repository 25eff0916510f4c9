"""Transpose: `transpose` (one 16 x 16 matrix of 2-byte elements, `AscendC::Transpose(dst,
src)`) and `transpose_ext` (the TransposeParamsExt form with a scratch buffer), in pyasc's
syntax (its OpVecTranspose.td)."""

from __future__ import annotations

from typing import ClassVar

from xdsl.irdl import operand_def
from xdsl.utils.exceptions import VerifyException

from .base import AscendCOp, Cpp, asc_op, element_type
from .constraints import LOCAL, Is
from .types_vec import TransposeParamsExtType
from .enums import Pipe
from .vector_base import DEFAULT_FORMAT

TRANSPOSE_PARAMS = Is((TransposeParamsExtType,), "!ascendc.transpose_params_ext")


# Not a VectorOp: Transpose has no L0/L1/L2 levels (`test_declarations` holds VectorOps to
# the level naming).
class TransposeBase(AscendCOp):
    PIPE: ClassVar = Pipe.PIPE_V
    WRITES: ClassVar = ("dst",)
    assembly_format = DEFAULT_FORMAT
    dst = operand_def(LOCAL)
    src = operand_def(LOCAL)
    READS: ClassVar = ("src",)

    def verify_facts(self) -> None:
        a, b = element_type(self.dst), element_type(self.src)
        if a != b:
            raise VerifyException(f"element type mismatch: dst is {a} but src is {b}")


@asc_op(cpp=Cpp("Transpose"))
class TransposeOp(TransposeBase):
    """`Transpose(dst, src)`: dst[i][j] = src[j][i] over one 16 x 16 matrix."""

    name = "ascendc.transpose"

    def __init__(self, dst, src):
        super().__init__(operands=[dst, src])


@asc_op(cpp=Cpp("Transpose"), writes=("dst", "shared_tmp_buffer"))
class TransposeExtOp(TransposeBase):
    """`Transpose(dst, src, sharedTmpBuffer, TransposeParamsExt)`: the NCHW <-> NHWC and
    ND/NZ forms TransposeParamsExt's transposeType names."""

    name = "ascendc.transpose_ext"
    shared_tmp_buffer = operand_def(LOCAL)
    params = operand_def(TRANSPOSE_PARAMS)

    def __init__(self, dst, src, shared_tmp_buffer, params):
        super().__init__(operands=[dst, src, shared_tmp_buffer, params])


TRANSPOSE_OPS: list[type[AscendCOp]] = [TransposeOp, TransposeExtOp]
