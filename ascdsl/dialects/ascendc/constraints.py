"""Operand and result constraints that say what they expected in words.

xDSL's base constraints report `Unexpected attribute !ascendc.tbuf<veccalc>`; ours report
`expected a queue (!ascendc.queue or !ascendc.que_bind), got !ascendc.tbuf<veccalc>`.
"""

from __future__ import annotations

from collections.abc import Mapping, Set
from dataclasses import dataclass
from typing import TypeVar

from xdsl.dialects.builtin import (
    IndexType,
    IntegerType,
    MemRefType,
    Signedness,
    UnrankedMemRefType,
)
from xdsl.ir import Attribute, ParametrizedAttribute
from xdsl.irdl import AttrConstraint, InferenceContext, IntConstraint, VerificationContext
from xdsl.utils.exceptions import VerifyException

from .types import (
    BinaryRepeatParamsType,
    DataCopyPadParamsType,
    DataCopyParamsType,
    GlobalTensorType,
    LocalMemAllocatorType,
    LocalTensorType,
    PipeType,
    QueBindType,
    QueueType,
    TBufType,
    UnaryRepeatParamsType,
)


@dataclass(frozen=True)
class Is(AttrConstraint):
    """The attribute is an instance of one of `classes`; `what` names them for messages."""

    classes: tuple[type[Attribute], ...]
    what: str

    def verify(self, attr: Attribute, constraint_context: VerificationContext) -> None:
        if not isinstance(attr, self.classes):
            raise VerifyException(f"expected {self.what}, got {attr}")

    def get_bases(self) -> set[type[Attribute]] | None:
        return set(self.classes)

    def can_infer(self, var_constraint_names: Set[str]) -> bool:
        if len(self.classes) != 1:
            return False
        (cls,) = self.classes
        return issubclass(cls, ParametrizedAttribute) and not cls.get_irdl_definition().parameters

    def infer(self, context: InferenceContext) -> Attribute:
        (cls,) = self.classes
        assert issubclass(cls, ParametrizedAttribute)
        return cls.new(())

    def mapping_type_vars(
        self, type_var_mapping: Mapping[TypeVar, AttrConstraint | IntConstraint]
    ) -> Is:
        return self


@dataclass(frozen=True)
class IntLike(AttrConstraint):
    """Any integer type (signless, signed or unsigned) or index."""

    what: str = "an integer or index"

    def verify(self, attr: Attribute, constraint_context: VerificationContext) -> None:
        if not isinstance(attr, IntegerType | IndexType):
            raise VerifyException(f"expected {self.what}, got {attr}")

    def mapping_type_vars(
        self, type_var_mapping: Mapping[TypeVar, AttrConstraint | IntConstraint]
    ) -> IntLike:
        return self


@dataclass(frozen=True)
class UI64(AttrConstraint):
    """A ui64 mask word (the L1 vector APIs take masks as uint64_t arrays)."""

    def verify(self, attr: Attribute, constraint_context: VerificationContext) -> None:
        if not (
            isinstance(attr, IntegerType)
            and attr.width.data == 64
            and attr.signedness.data == Signedness.UNSIGNED
        ):
            raise VerifyException(f"expected a ui64 mask word, got {attr}")

    def mapping_type_vars(
        self, type_var_mapping: Mapping[TypeVar, AttrConstraint | IntConstraint]
    ) -> UI64:
        return self


# --- the constraints the ops share, named by what they accept ------------------------------

INT = IntLike()
MASK = UI64()
PIPE = Is((PipeType,), "a pipe (!ascendc.pipe)")
QUEUE = Is((QueueType, QueBindType), "a queue (!ascendc.queue or !ascendc.que_bind)")
TBUF = Is((TBufType,), "a buffer (!ascendc.tbuf)")
# Ascend C's TBuf<pos> derives from TQueBind<pos, pos, 0, 0> and keeps its AllocTensor, FreeTensor,
# EnQue and DeQue (AllocTensor/DeQue are Get<T>(), the other two do nothing): pyasc's kernels
# call them on a TBuf, so those four queue members take one.
QUEUE_OR_TBUF = Is(
    (QueueType, QueBindType, TBufType),
    "a queue or a TBuf (!ascendc.queue, !ascendc.que_bind or !ascendc.tbuf)",
)
LOCAL = Is((LocalTensorType,), "a local tensor (!ascendc.local_tensor)")
GLOBAL = Is((GlobalTensorType,), "a global tensor (!ascendc.global_tensor)")
TENSOR = Is((LocalTensorType, GlobalTensorType), "a local or global tensor")
MEMREF = Is((MemRefType, UnrankedMemRefType), "a GM pointer (memref<?xT, 22>)")
ALLOCATOR = Is((LocalMemAllocatorType,), "a local memory allocator")
BIN_PARAMS = Is((BinaryRepeatParamsType,), "!ascendc.binary_repeat_params")
UN_PARAMS = Is((UnaryRepeatParamsType,), "!ascendc.unary_repeat_params")
COPY_PARAMS = Is((DataCopyParamsType,), "!ascendc.data_copy_params")
PAD_PARAMS = Is((DataCopyPadParamsType,), "!ascendc.data_copy_pad_params")
