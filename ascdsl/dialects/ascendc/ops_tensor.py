"""Tensor ops: GlobalTensor, LocalTensor, static tensors, LocalMemAllocator, LocalTensorAuto."""

from __future__ import annotations

from collections.abc import Sequence

from xdsl.dialects.builtin import (
    DYNAMIC_INDEX,
    IntegerAttr,
    MemRefType,
    UnitAttr,
    UnrankedMemRefType,
    IntegerType,
    Signedness,
    i64,
)

ui32 = IntegerType(32, Signedness.UNSIGNED)
from xdsl.ir import Attribute, SSAValue, TypeAttribute
from xdsl.irdl import (
    ParsePropInAttrDict,
    opt_operand_def,
    opt_prop_def,
    operand_def,
    prop_def,
    result_def,
    traits_def,
    var_operand_def,
)
from xdsl.traits import (
    EffectInstance,
    HasCanonicalizationPatternsTrait,
    MemoryEffect,
    MemoryEffectKind,
    Pure,
)
from xdsl.utils.exceptions import VerifyException

from .base import (
    AscendCOp,
    Cpp,
    CppStyle,
    EnumKeyword,
    StrippedType,
    asc_op,
    const_int,
    enum_attr,
)
from .constraints import ALLOCATOR, GLOBAL, INT, LOCAL, MEMREF, TENSOR
from .enums import CacheMode, CacheRwMode, Hardware, Pipe, TPosition
from .types import (
    GlobalTensorType,
    LocalMemAllocatorType,
    LocalTensorType,
    TensorTypeBase,
)



def _same_element(a: Attribute, b: Attribute, what: str) -> None:
    ea = a.element_type if isinstance(a, TensorTypeBase) else a
    eb = b.element_type if isinstance(b, TensorTypeBase) else b
    if ea != eb:
        raise VerifyException(f"{what}: element type {ea} does not match {eb}")


def position_of(value: SSAValue) -> TPosition | None:
    """Where a local tensor lives, from the op that made it (None when not known)."""
    seen = 0
    while seen < 64:  # views of views; bounded for safety on malformed IR
        if isinstance(value.type, GlobalTensorType):
            return TPosition.GM
        owner = value.owner
        source = getattr(owner, "source_tensor", None)
        if callable(source):
            value = source()
            seen += 1
            continue
        get = getattr(owner, "result_position", None)
        return get() if callable(get) else None
    return None


def hardware_of(value: SSAValue) -> Hardware | None:
    pos = position_of(value)
    return pos.hardware if pos is not None else None


class NewObject(MemoryEffect):
    """The op declares a fresh C++ object that later ops mutate (`GlobalTensor<T> g;`).

    Its only effect is creating its own result, so an unused one is dead code (canonicalize
    and dce erase it), but two of them are two objects: unlike a Pure op, cse never merges
    them (merging two `global_tensor`s would point both at the last SetGlobalBuffer).
    """

    @classmethod
    def get_effects(cls, op):
        return frozenset(EffectInstance(MemoryEffectKind.ALLOC, r) for r in op.results)


# --- GlobalTensor ---------------------------------------------------------------------------


@asc_op(cpp=Cpp("GlobalTensor", CppStyle.CTOR))
class GlobalTensorOp(AscendCOp):
    """`AscendC::GlobalTensor<T> g;` (erased when unused)."""

    name = "ascendc.global_tensor"
    tensor = result_def(GLOBAL)
    assembly_format = "attr-dict `:` type($tensor)"
    traits = traits_def(NewObject())

    def __init__(self, tensor_type: GlobalTensorType):
        super().__init__(result_types=[tensor_type])


@asc_op(cpp=Cpp("SetGlobalBuffer", CppStyle.MEMBER))
class SetGlobalBufferOp(AscendCOp):
    """`g.SetGlobalBuffer(ptr[, size])`: point a GlobalTensor at GM."""

    name = "ascendc.global_tensor.set_global_buffer"
    tensor = operand_def(GLOBAL)
    buffer = operand_def(MEMREF)
    size = opt_operand_def(INT)
    assembly_format = (
        "$tensor `,` $buffer attr-dict (`,` $size^)? `:` type($tensor) `,` type($buffer) "
        "(`,` type($size)^)?"
    )

    def __init__(self, tensor: SSAValue, buffer: SSAValue, size: SSAValue | None = None):
        super().__init__(operands=[tensor, buffer, size])

    # A pointer of another element type is valid IR (pyasc's dialect takes it, its lit test
    # Target/AscendC/core.mlir writes one); C++ does not convert `__gm__ float*` to
    # `__gm__ int32_t*`, so the headers refuse it.

    def header_refusal(self) -> str | None:
        bt = self.buffer.type
        assert isinstance(bt, MemRefType | UnrankedMemRefType)
        t = self.tensor.type
        assert isinstance(t, TensorTypeBase)
        if bt.element_type != t.element_type:
            return (f"SetGlobalBuffer(__gm__ T*) of a GlobalTensor of {t.element_type} takes a "
                    f"pointer to {t.element_type}, not to {bt.element_type}")
        return None


@asc_op(
    cpp=Cpp("SetL2CacheHint", CppStyle.MEMBER, template=("enum:rwMode",), args=("enum:mode",)),
    enums={"mode": CacheMode, "rwMode": CacheRwMode},
)
class SetL2CacheHintOp(AscendCOp):
    """`g.SetL2CacheHint<rwMode>(mode)`: whether the GlobalTensor's reads and/or writes go
    through L2 (CACHE_MODE_NORMAL) or around it (CACHE_MODE_DISABLE, for data used once)."""

    name = "ascendc.global_tensor.set_l2_cache_hint"
    tensor = operand_def(GLOBAL)
    mode = prop_def(IntegerAttr)
    rw_mode = prop_def(IntegerAttr, prop_name="rwMode")
    assembly_format = "$tensor attr-dict `:` type($tensor)"
    irdl_options = (ParsePropInAttrDict(),)

    def __init__(self, tensor: SSAValue, mode: CacheMode = CacheMode.CACHE_MODE_NORMAL,
                 rw_mode: CacheRwMode = CacheRwMode.RW):
        super().__init__(operands=[tensor],
                         properties={"mode": enum_attr(mode), "rwMode": enum_attr(rw_mode)})

    def verify_facts(self) -> None:
        mode = self.mode.value.data
        if mode not in (CacheMode.CACHE_MODE_NORMAL, CacheMode.CACHE_MODE_DISABLE):
            raise VerifyException(
                f"has cache mode {mode}; pyasc's SetL2CacheHint takes CACHE_MODE_DISABLE (0) or "
                "CACHE_MODE_NORMAL (1)"
            )



class _SubIndexOp(AscendCOp):
    tensor = operand_def(TENSOR)
    index = operand_def(INT)
    assembly_format = (
        "$tensor `[` $index `]` attr-dict `:` type($tensor) `,` type($index) `,` type($result)"
    )
    traits = traits_def(Pure())

    def __init__(self, tensor: SSAValue, index: SSAValue, result_type: Attribute | None = None):
        super().__init__(operands=[tensor, index], result_types=[result_type or tensor.type])

    def verify_facts(self) -> None:
        _same_element(self.tensor.type, self.result.type, "operator[]")

    def source_tensor(self) -> SSAValue:
        return self.tensor


@asc_op(cpp=Cpp("[]", CppStyle.SUBSCRIPT))
class GlobalSubIndexOp(_SubIndexOp):
    """`g[i]`: the GlobalTensor from element `i` on."""

    name = "ascendc.global_tensor.subindex"
    tensor = operand_def(GLOBAL)
    result = result_def(GLOBAL)


@asc_op(cpp=Cpp("[]", CppStyle.SUBSCRIPT))
class LocalSubIndexOp(_SubIndexOp):
    """`t[i]`: the LocalTensor from element `i` on (same buffer)."""

    name = "ascendc.local_tensor.subindex"
    tensor = operand_def(LOCAL)
    result = result_def(LOCAL)


class _GetValueOp(AscendCOp):
    tensor = operand_def(TENSOR)
    index = operand_def(INT)
    value = result_def()
    assembly_format = (
        "$tensor `,` $index attr-dict `:` type($tensor) `,` type($index) `,` type($value)"
    )

    def __init__(self, tensor: SSAValue, index: SSAValue, result_type: Attribute | None = None):
        t = tensor.type
        assert isinstance(t, TensorTypeBase)
        super().__init__(operands=[tensor, index], result_types=[result_type or t.element_type])

    # A result of another scalar type is valid IR (pyasc's lit test Target/AscendC/core.mlir
    # reads an f32 from a GlobalTensor<int32_t>): C++ converts the returned T implicitly.


class _SetValueOp(AscendCOp):
    tensor = operand_def(TENSOR)
    index = operand_def(INT)
    value = operand_def()
    assembly_format = (
        "$tensor `,` $index `,` $value attr-dict `:` type($tensor) `,` type($index) `,` "
        "type($value)"
    )

    def __init__(self, tensor: SSAValue, index: SSAValue, value: SSAValue):
        super().__init__(operands=[tensor, index, value])

    def verify_facts(self) -> None:
        _same_element(self.tensor.type, self.value.type, "SetValue value")


@asc_op(cpp=Cpp("GetValue", CppStyle.MEMBER), pipe=Pipe.PIPE_S, reads=("tensor",))
class LocalGetValueOp(_GetValueOp):
    """`t.GetValue(i)`: the scalar unit reads one element of a LocalTensor."""

    name = "ascendc.local_tensor.get_value"
    tensor = operand_def(LOCAL)


@asc_op(cpp=Cpp("SetValue", CppStyle.MEMBER), pipe=Pipe.PIPE_S, writes=("tensor",))
class LocalSetValueOp(_SetValueOp):
    """`t.SetValue(i, v)`: the scalar unit writes one element of a LocalTensor."""

    name = "ascendc.local_tensor.set_value"
    tensor = operand_def(LOCAL)


@asc_op(cpp=Cpp("GetValue", CppStyle.MEMBER), pipe=Pipe.PIPE_S, reads=("tensor",))
class GlobalGetValueOp(_GetValueOp):
    """`g.GetValue(i)`: the scalar unit reads one element of GM."""

    name = "ascendc.global_tensor.get_value"
    tensor = operand_def(GLOBAL)


@asc_op(cpp=Cpp("SetValue", CppStyle.MEMBER), pipe=Pipe.PIPE_S, writes=("tensor",))
class GlobalSetValueOp(_SetValueOp):
    """`g.SetValue(i, v)`: the scalar unit writes one element of GM."""

    name = "ascendc.global_tensor.set_value"
    tensor = operand_def(GLOBAL)


# --- LocalTensor ----------------------------------------------------------------------------


@asc_op(cpp=Cpp("LocalTensor", CppStyle.CTOR))
class LocalTensorOp(AscendCOp):
    """`AscendC::LocalTensor<T> t;` — an unbound tensor variable (erased when unused)."""

    name = "ascendc.local_tensor"
    tensor = result_def(LOCAL)
    assembly_format = "attr-dict `:` type($tensor)"
    traits = traits_def(NewObject())

    def __init__(self, tensor_type: LocalTensorType):
        super().__init__(result_types=[tensor_type])


@asc_op(
    cpp=Cpp("LocalTensor", CppStyle.CTOR, args=("enum:pos", "addr", "tile_size")),
    enums={"pos": TPosition},
)
class LocalTensorV2Op(AscendCOp):
    """`LocalTensor<T>(pos, addr, tileSize)`: a static tensor at byte `addr` of the position."""

    name = "ascendc.local_tensor_v2"
    pos = prop_def(IntegerAttr)
    # pyasc fixes both to ui32 and leaves their types out of the syntax.
    addr = operand_def(ui32)
    tile_size = operand_def(ui32)
    result = result_def(LOCAL)
    custom_directives = (EnumKeyword,)
    assembly_format = "custom<EnumKeyword>($pos) `,` $addr `,` $tile_size attr-dict `:` type($result)"

    def __init__(
        self, pos: TPosition, addr: SSAValue, tile_size: SSAValue, tensor_type: LocalTensorType
    ):
        super().__init__(
            operands=[addr, tile_size],
            result_types=[tensor_type],
            properties={"pos": enum_attr(pos)},
        )

    def result_position(self) -> TPosition | None:
        return TPosition(self.enum_value("pos"))

    def verify_facts(self) -> None:
        addr = const_int(self.addr)
        if addr is not None and addr % 32 != 0:
            raise VerifyException(f"a static LocalTensor address must be 32-byte aligned, got {addr}")


class ReinterpretCastCanonicalization(HasCanonicalizationPatternsTrait):
    @classmethod
    def get_canonicalization_patterns(cls):
        from .canonicalize import FoldIdentityReinterpretCast

        return (FoldIdentityReinterpretCast(),)


@asc_op(cpp=Cpp("ReinterpretCast", CppStyle.MEMBER, template=("elem:out",)))
class ReinterpretCastOp(AscendCOp):
    """`t.ReinterpretCast<U>()`: the same buffer seen with another element type."""

    name = "ascendc.reinterpret_cast"
    input = operand_def(LOCAL)
    out = result_def(LOCAL)
    assembly_format = "$input attr-dict `:` type($input) `to` type($out)"
    traits = traits_def(Pure(), ReinterpretCastCanonicalization())

    def __init__(self, tensor: SSAValue, result_type: LocalTensorType):
        super().__init__(operands=[tensor], result_types=[result_type])

    def source_tensor(self) -> SSAValue:
        return self.input


# --- LocalMemAllocator ------------------------------------------------------------------------


@asc_op(cpp=Cpp("LocalMemAllocator", CppStyle.CTOR, args=()))
class LocalMemAllocatorOp(AscendCOp):
    """`AscendC::LocalMemAllocator<hw> a;` — hands out addresses from 0 upward."""

    name = "ascendc.local_mem_allocator"
    hardware = operand_def(INT)
    allocator = result_def(ALLOCATOR)
    assembly_format = "$hardware attr-dict `:` type($hardware) `,` type($allocator)"

    def __init__(self, hardware: SSAValue, allocator_type: LocalMemAllocatorType):
        super().__init__(operands=[hardware], result_types=[allocator_type])

    def verify_facts(self) -> None:
        hw = const_int(self.hardware)
        at = self.allocator.type
        assert isinstance(at, LocalMemAllocatorType)
        if hw is not None and hw != at.hardware_attr.data:
            raise VerifyException(
                f"hardware operand {hw} does not match the allocator type's {at.hardware_attr.data}"
            )
        # A GM allocator is valid IR (pyasc's dialect and translator accept it); the headers
        # refuse it, so what compiles or runs the IR asks `unsupported_hardware()`.

    def unsupported_hardware(self) -> str | None:
        """Why Ascend C refuses this allocator (None: it accepts it)."""
        at = self.allocator.type
        assert isinstance(at, LocalMemAllocatorType)
        return allocator_hardware_error(at.hardware)


def allocator_hardware_error(hardware: Hardware) -> str | None:
    """Why `LocalMemAllocator<hardware>` does not compile (None: it does)."""
    if hardware not in (Hardware.GM, Hardware.MAX):
        return None
    # kernel_tensor_impl.h: static_assert "illegal hardware position GM or MAX".
    return (f"LocalMemAllocator<Hardware::{hardware.name}> is rejected by Ascend C: an "
            "allocator hands out an on-chip memory (UB, L1, L0A, L0B, L0C, BIAS, FIXBUF)")


class _AllocatorAllocOp(AscendCOp):
    allocator = operand_def(ALLOCATOR)
    pos = prop_def(IntegerAttr)
    dtype = prop_def(Attribute)
    tile_size = operand_def(INT)
    result = result_def(LOCAL)
    # pyasc writes the result type unqualified (`<*xf32>`); the full form reads too.
    custom_directives = (EnumKeyword, StrippedType)
    assembly_format = (
        "$allocator `,` custom<EnumKeyword>($pos) `,` $tile_size `,` $dtype attr-dict `:` "
        "type($allocator) `,` type($tile_size) `,` custom<StrippedType>(type($result))"
    )

    def __init__(
        self,
        allocator: SSAValue,
        pos: TPosition,
        tile_size: SSAValue,
        result_type: LocalTensorType,
    ):
        super().__init__(
            operands=[allocator, tile_size],
            result_types=[result_type],
            properties={"pos": enum_attr(pos), "dtype": result_type.element_type},
        )

    def result_position(self) -> TPosition | None:
        return TPosition(self.enum_value("pos"))

    def verify_facts(self) -> None:
        if not isinstance(self.dtype, TypeAttribute):
            raise VerifyException(f"dtype must be an element type, got {self.dtype}")
        _same_element(self.result.type, self.dtype, "Alloc<pos, T>")
        at = self.allocator.type
        assert isinstance(at, LocalMemAllocatorType)
        pos = TPosition(self.enum_value("pos"))
        # kernel_tensor_impl.h: static_assert "logic pos and hardware pos not matched".
        if pos.hardware != at.hardware and at.hardware not in (Hardware.GM, Hardware.MAX):
            raise VerifyException(
                f"position {pos.keyword} lives in {pos.hardware.name}, not in the allocator's "
                f"{at.hardware.name}"
            )


@asc_op(
    cpp=Cpp(
        "Alloc", CppStyle.MEMBER, template=("enum:pos", "type:dtype", "value:tile_size"), args=()
    ),
    enums={"pos": TPosition},
    stripped=LocalTensorType,
)
class AllocatorAllocOp(_AllocatorAllocOp):
    """`a.Alloc<pos, T, tileSize>()`: a tensor of a compile-time `tileSize` elements."""

    name = "ascendc.local_mem_allocator.alloc"


@asc_op(
    cpp=Cpp("Alloc", CppStyle.MEMBER, template=("enum:pos", "type:dtype"), args=("tile_size",)),
    enums={"pos": TPosition},
    stripped=LocalTensorType,
)
class AllocatorAllocDynamicOp(_AllocatorAllocOp):
    """`a.Alloc<pos, T>(tileSize)`: a tensor of a run-time `tileSize` elements."""

    name = "ascendc.local_mem_allocator.alloc_dynamic"


@asc_op(cpp=Cpp("GetCurAddr", CppStyle.MEMBER))
class AllocatorGetCurAddrOp(AscendCOp):
    """`a.GetCurAddr()`: the first free byte address of the allocator."""

    name = "ascendc.local_mem_allocator.get_cur_addr"
    allocator = operand_def(ALLOCATOR)
    result = result_def(INT)
    assembly_format = "$allocator attr-dict `:` type($allocator) `,` type($result)"

    def __init__(self, allocator: SSAValue, result_type: Attribute):
        super().__init__(operands=[allocator], result_types=[result_type])


# --- LocalTensorAuto --------------------------------------------------------------------------


@asc_op(stripped=LocalTensorType)
class LocalTensorAutoOp(AscendCOp):
    """A compiler-managed UB tensor: `materialize-tensor` turns it into a TBuf or a queue.

    `input` / `output` mark tensors filled from GM / copied to GM (set by
    `input-output-tensor`); the i64 operands give the `?` dimensions of the shape, or, as
    pyasc writes them, every dimension (`(%c4, %c32) : <4x32xf32>`); an unranked tensor's
    operands are its dimensions.
    """

    name = "ascendc.local_tensor_auto"
    dynamic_shape = var_operand_def(i64)
    input = opt_prop_def(UnitAttr)
    output = opt_prop_def(UnitAttr)
    result = result_def(LOCAL)
    custom_directives = (StrippedType,)
    assembly_format = (
        "`(` $dynamic_shape `)` (`input` $input^)? (`output` $output^)? attr-dict `:` "
        "custom<StrippedType>(type($result))"
    )

    def __init__(
        self,
        tensor_type: LocalTensorType,
        dynamic_shape: Sequence[SSAValue] = (),
        *,
        input: bool = False,
        output: bool = False,
    ):
        super().__init__(
            operands=[list(dynamic_shape)],
            result_types=[tensor_type],
            properties={
                "input": UnitAttr() if input else None,
                "output": UnitAttr() if output else None,
            },
        )

    def result_position(self) -> TPosition | None:
        return TPosition.VECCALC

    def dynamic_sizes(self) -> list[SSAValue]:
        """The operands that give the `?` dimensions (all of them for an unranked tensor)."""
        sh = self.result.type.shape  # type: ignore[attr-defined]
        sizes = list(self.dynamic_shape)
        if sh is not None and len(sizes) == len(sh):  # pyasc's form: one per dimension
            return [v for d, v in zip(sh, sizes) if d == DYNAMIC_INDEX]
        return sizes

    def verify_facts(self) -> None:
        t = self.result.type
        assert isinstance(t, LocalTensorType)
        sh = t.shape
        if sh is None:
            return
        wanted = sum(1 for d in sh if d == DYNAMIC_INDEX)
        given = len(self.dynamic_shape)
        if given == len(sh):
            for i, (d, v) in enumerate(zip(sh, self.dynamic_shape)):
                known = const_int(v)
                if d != DYNAMIC_INDEX and known is not None and known != d:
                    raise VerifyException(
                        f"size operand #{i} is {known} but dimension {i} of {t} is {d}")
        elif given != wanted:
            raise VerifyException(
                f"the shape has {wanted} dynamic dimension(s) but {given} size operand(s) "
                f"were given (one per `?` dimension, or one per dimension as pyasc writes)"
            )


TENSOR_OPS = [
    GlobalTensorOp,
    SetGlobalBufferOp,
    SetL2CacheHintOp,
    GlobalSubIndexOp,
    LocalSubIndexOp,
    LocalGetValueOp,
    LocalSetValueOp,
    GlobalGetValueOp,
    GlobalSetValueOp,
    LocalTensorOp,
    LocalTensorV2Op,
    ReinterpretCastOp,
    LocalMemAllocatorOp,
    AllocatorAllocOp,
    AllocatorAllocDynamicOp,
    AllocatorGetCurAddrOp,
    LocalTensorAutoOp,
]
