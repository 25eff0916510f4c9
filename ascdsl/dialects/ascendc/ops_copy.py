"""Data movement: `DataCopy` and `DataCopyPad` between GM and local tensors.

A copy's pipe is not a fixed fact: it follows from the memories of its source and
destination (`copy_pipe`), e.g. GM -> UB on MTE2, UB -> GM on MTE3, UB -> UB on V.
"""

from __future__ import annotations

from typing import ClassVar

from xdsl.ir import SSAValue
from xdsl.irdl import ParsePropInAttrDict, operand_def
from xdsl.utils.exceptions import VerifyException

from .base import AscendCOp, Cpp, asc_op, element_type
from .constraints import COPY_PARAMS, INT, PAD_PARAMS, TENSOR
from .enums import Hardware, Pipe
from .ops_tensor import hardware_of
from .types import GlobalTensorType
from .vector_base import DEFAULT_FORMAT

_COPY_PIPES: dict[tuple[Hardware, Hardware], Pipe] = {
    (Hardware.GM, Hardware.UB): Pipe.PIPE_MTE2,
    (Hardware.GM, Hardware.L1): Pipe.PIPE_MTE2,
    (Hardware.GM, Hardware.L0A): Pipe.PIPE_MTE2,
    (Hardware.GM, Hardware.L0B): Pipe.PIPE_MTE2,
    (Hardware.UB, Hardware.GM): Pipe.PIPE_MTE3,
    (Hardware.UB, Hardware.L1): Pipe.PIPE_MTE3,
    (Hardware.UB, Hardware.UB): Pipe.PIPE_V,
    (Hardware.L1, Hardware.L0A): Pipe.PIPE_MTE1,
    (Hardware.L1, Hardware.L0B): Pipe.PIPE_MTE1,
    (Hardware.L1, Hardware.UB): Pipe.PIPE_MTE1,
    (Hardware.L1, Hardware.BIAS): Pipe.PIPE_MTE1,
    (Hardware.L0C, Hardware.GM): Pipe.PIPE_FIX,
    (Hardware.L0C, Hardware.L1): Pipe.PIPE_FIX,
    (Hardware.L0C, Hardware.UB): Pipe.PIPE_FIX,
}


def copy_pipe(src: Hardware, dst: Hardware) -> Pipe:
    """The pipe that moves data from `src` to `dst` memory (910B split architecture)."""
    return _COPY_PIPES.get((src, dst), Pipe.PIPE_V)


class DataCopyBase(AscendCOp):
    """A copy between tensors; its pipe follows from where source and destination live."""

    dst = operand_def(TENSOR)
    src = operand_def(TENSOR)
    irdl_options = (ParsePropInAttrDict(),)
    assembly_format = DEFAULT_FORMAT
    WRITES: ClassVar[tuple[str, ...]] = ("dst",)
    READS: ClassVar[tuple[str, ...]] = ("src",)

    def memories(self) -> tuple[Hardware, Hardware]:
        """(source, destination) memories; an untraceable local tensor is taken to be in UB."""
        src, dst = hardware_of(self.src), hardware_of(self.dst)
        # Hardware.GM is 0, so test for None rather than truthiness.
        return (
            Hardware.UB if src is None else src,
            Hardware.UB if dst is None else dst,
        )

    def hw_pipe(self) -> Pipe | None:
        return copy_pipe(*self.memories())

    def verify_facts(self) -> None:
        if isinstance(self.dst.type, GlobalTensorType) and isinstance(self.src.type, GlobalTensorType):
            raise VerifyException("DataCopy cannot copy GM to GM; stage the data through a local tensor")
        if element_type(self.dst) != element_type(self.src):
            raise VerifyException(
                f"element type mismatch: dst is {element_type(self.dst)} but src is "
                f"{element_type(self.src)} (DataCopy copies T to T)"
            )


@asc_op(cpp=Cpp("DataCopy"))
class DataCopyL0Op(DataCopyBase):
    """`DataCopy(dst, src, DataCopyParams{blockCount, blockLen, srcStride, dstStride})`."""

    name = "ascendc.data_copy_l0"
    params = operand_def(COPY_PARAMS)

    def __init__(self, dst: SSAValue, src: SSAValue, params: SSAValue):
        super().__init__(operands=[dst, src, params])


@asc_op(cpp=Cpp("DataCopy"))
class DataCopyL2Op(DataCopyBase):
    """`DataCopy(dst, src, count)`: `count` contiguous elements (a multiple of 32 bytes)."""

    name = "ascendc.data_copy_l2"
    count = operand_def(INT)

    def __init__(self, dst: SSAValue, src: SSAValue, count: SSAValue):
        super().__init__(operands=[dst, src, count])


@asc_op(cpp=Cpp("DataCopyPad"))
class DataCopyPadL0Op(DataCopyBase):
    """`DataCopyPad(dst, src, DataCopyParams, DataCopyPadParams)`: byte-granular GM→local copy."""

    name = "ascendc.data_copy_pad_l0"
    params = operand_def(COPY_PARAMS)
    pad_params = operand_def(PAD_PARAMS)

    def __init__(self, dst: SSAValue, src: SSAValue, params: SSAValue, pad_params: SSAValue):
        super().__init__(operands=[dst, src, params, pad_params])

    def verify_facts(self) -> None:
        super().verify_facts()
        if not isinstance(self.src.type, GlobalTensorType) or isinstance(
            self.dst.type, GlobalTensorType
        ):
            raise VerifyException(
                "DataCopyPad with DataCopyPadParams copies GM to a local tensor "
                "(use data_copy_pad_l2 for local to GM)"
            )


@asc_op(cpp=Cpp("DataCopyPad"))
class DataCopyPadL2Op(DataCopyBase):
    """`DataCopyPad(dst, src, DataCopyParams)`: byte-granular local→GM copy."""

    name = "ascendc.data_copy_pad_l2"
    params = operand_def(COPY_PARAMS)

    def __init__(self, dst: SSAValue, src: SSAValue, params: SSAValue):
        super().__init__(operands=[dst, src, params])

    def verify_facts(self) -> None:
        super().verify_facts()
        if not isinstance(self.dst.type, GlobalTensorType) or isinstance(
            self.src.type, GlobalTensorType
        ):
            raise VerifyException(
                "DataCopyPad with only DataCopyParams copies a local tensor to GM "
                "(use data_copy_pad_l0, with DataCopyPadParams, for GM to local)"
            )


COPY_OPS: list[type[AscendCOp]] = [
    DataCopyL0Op,
    DataCopyL2Op,
    DataCopyPadL0Op,
    DataCopyPadL2Op,
]
