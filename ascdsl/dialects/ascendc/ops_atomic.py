"""Store atomics: what a copy into GM does with the value already there.

After `SetAtomicAdd<T>()` (or Max/Min, or `SetStoreAtomicConfig<dtype, op>()`) every copy
into GM (MTE3 from UB, FIX from L0C) combines with GM instead of overwriting it, element by
element in type T, until `SetAtomicNone()`. Cores of a launch may do this on the same GM
range: the memory system serializes the read-modify-write, so such writes are no race.
The ops set a control register of the core (the scalar unit writes it; PIPE_S).
"""

from __future__ import annotations

from typing import ClassVar

from xdsl.dialects.builtin import IntegerAttr, i16
from xdsl.ir import Attribute
from xdsl.irdl import prop_def, result_def
from xdsl.utils.exceptions import VerifyException

from .base import AscendCOp, Cpp, CppStyle, EnumKeyword, asc_op, enum_attr
from .constraints import INT
from .enums import Pipe
from .enums_sys import AtomicDtype, AtomicOp
from .syntax_sys import UnitFunctionSyntax


class SetAtomicOpBase(UnitFunctionSyntax, AscendCOp):
    """`SetAtomic<Kind><T>()`: `{dtype = T} : () -> ()`. KIND is the reduction (add, max,
    min) the simulator applies; None for SetAtomicType, which only changes the type."""

    KIND: ClassVar[str | None] = None
    dtype = prop_def(Attribute)

    def __init__(self, dtype: Attribute):
        super().__init__(properties={"dtype": dtype})

    def verify_facts(self) -> None:
        if str(self.dtype) not in _ATOMIC_TYPES:
            raise VerifyException(
                f"store atomics combine {', '.join(_ATOMIC_TYPES)} elements, not {self.dtype}"
            )


# The element types the MTE3/FIX atomic units take (kernel_operator_set_atomic_intf.h).
_ATOMIC_TYPES = ("f32", "f16", "bf16", "i32", "i16", "i8")


@asc_op(cpp=Cpp("SetAtomicAdd", template=("type:dtype",), args=()), pipe=Pipe.PIPE_S)
class SetAtomicAddOp(SetAtomicOpBase):
    """`SetAtomicAdd<T>()`: later copies into GM add to it."""

    name = "ascendc.set_atomic_add"
    KIND: ClassVar[str | None] = "add"


@asc_op(cpp=Cpp("SetAtomicMax", template=("type:dtype",), args=()), pipe=Pipe.PIPE_S)
class SetAtomicMaxOp(SetAtomicOpBase):
    """`SetAtomicMax<T>()`: later copies into GM keep the larger value."""

    name = "ascendc.set_atomic_max"
    KIND: ClassVar[str | None] = "max"


@asc_op(cpp=Cpp("SetAtomicMin", template=("type:dtype",), args=()), pipe=Pipe.PIPE_S)
class SetAtomicMinOp(SetAtomicOpBase):
    """`SetAtomicMin<T>()`: later copies into GM keep the smaller value."""

    name = "ascendc.set_atomic_min"
    KIND: ClassVar[str | None] = "min"


@asc_op(cpp=Cpp("SetAtomicType", template=("type:dtype",), args=()), pipe=Pipe.PIPE_S)
class SetAtomicTypeOp(SetAtomicOpBase):
    """`SetAtomicType<T>()`: the element type of the atomic mode already set."""

    name = "ascendc.set_atomic_type"


@asc_op(cpp=Cpp("SetAtomicNone", args=()), pipe=Pipe.PIPE_S)
class SetAtomicNoneOp(UnitFunctionSyntax, AscendCOp):
    """`SetAtomicNone()`: copies into GM overwrite it again."""

    name = "ascendc.set_atomic_none"


@asc_op(
    cpp=Cpp("SetStoreAtomicConfig", template=("enum:atomic_type", "enum:atomic_op"), args=()),
    pipe=Pipe.PIPE_S,
    enums={"atomic_type": AtomicDtype, "atomic_op": AtomicOp},
)
class SetStoreAtomicConfigOp(AscendCOp):
    """`SetStoreAtomicConfig<dtype, op>()`: the atomic mode as one register write
    (ATOMIC_NONE turns it off)."""

    name = "ascendc.set_store_atomic_config"
    atomic_type = prop_def(IntegerAttr)
    atomic_op = prop_def(IntegerAttr)
    custom_directives = (EnumKeyword,)
    assembly_format = (
        "custom<EnumKeyword>($atomic_type) `,` custom<EnumKeyword>($atomic_op) attr-dict"
    )

    def __init__(self, atomic_type: AtomicDtype, atomic_op: AtomicOp = AtomicOp.ATOMIC_SUM):
        super().__init__(
            properties={"atomic_type": enum_attr(atomic_type), "atomic_op": enum_attr(atomic_op)}
        )


@asc_op(cpp=Cpp("GetStoreAtomicConfig", CppStyle.SPECIAL), pipe=Pipe.PIPE_S)
class GetStoreAtomicConfigOp(AscendCOp):
    """`GetStoreAtomicConfig(type, op)`: read the mode back through two `uint16_t&`."""

    name = "ascendc.get_store_atomic_config"
    atomic_type = result_def(INT)
    atomic_op = result_def(INT)
    ASM_RESULT_NAMES: ClassVar[tuple[str, ...]] = ("atomicType", "atomicOp")  # ascdsl.mlir_names
    assembly_format = "attr-dict `:` type($atomic_type) `,` type($atomic_op)"

    def __init__(self, result_type: Attribute = i16):
        super().__init__(result_types=[result_type, result_type])

    def verify_facts(self) -> None:
        for r in self.results:
            if getattr(r.type, "width", None) is None or r.type.width.data != 16:
                raise VerifyException(f"the config comes back as uint16_t, not {r.type}")


ATOMIC_OPS: list[type[AscendCOp]] = [
    SetAtomicAddOp,
    SetAtomicMaxOp,
    SetAtomicMinOp,
    SetAtomicTypeOp,
    SetAtomicNoneOp,
    SetStoreAtomicConfigOp,
    GetStoreAtomicConfigOp,
]
