"""C++ spellings of IR types for the Ascend C target.

Scalars follow pyasc's emitter: `i1` is `bool`, `iN` / `siN` are `intN_t`, `uiN` is
`uintN_t`, `index` is `uint32_t`, `f16` is `half`, `bf16` is `bfloat16_t`, `f32` is `float`,
`f64` is `double`. Tensors are `AscendC::LocalTensor<T>` / `AscendC::GlobalTensor<T>`, the
other `ascendc` types spell themselves (`cpp_name()`), and a memref is a pointer qualified by
its address space (`memref<?xf32, 22>` is `__gm__ float*`).
"""

from __future__ import annotations

from xdsl.dialects.builtin import (
    BFloat16Type,
    Float16Type,
    Float32Type,
    Float64Type,
    IndexType,
    IntegerAttr,
    IntegerType,
    MemRefType,
    NoneAttr,
    Signedness,
    UnrankedMemRefType,
)
from xdsl.ir import Attribute

from ascdsl.dialects.emitasc import PyStructType
from ascdsl.dialects.scalar_types import CPP_INDEX_WIDTH, cpp_int_width
from ascdsl.dialects.ascendc.types import (
    LocalMemAllocatorType,
    ParamStructType,
    PipeType,
    QueBindType,
    QueueType,
    TBufPoolType,
    TBufType,
    TensorTypeBase,
)

# pyasc's AddressSpace enum: the CCE qualifier of each memory.
ADDRESS_SPACES: dict[int, str] = {
    0: "",
    22: "__gm__ ",
    23: "__ca__ ",
    24: "__cb__ ",
    25: "__cc__ ",
    26: "__ubuf__ ",
    27: "__cbuf__ ",
    28: "__fbuf__ ",
}

# Ascend C objects that own hardware state: passed by reference, never copied.
OBJECT_TYPES: tuple[type[Attribute], ...] = (
    PipeType,
    QueueType,
    QueBindType,
    TBufType,
    TBufPoolType,
    LocalMemAllocatorType,
)

_FLOATS: dict[type[Attribute], str] = {
    Float16Type: "half",
    BFloat16Type: "bfloat16_t",
    Float32Type: "float",
    Float64Type: "double",
}

_cache: dict[Attribute, str | None] = {}


def scalar_ctype(t: Attribute) -> str | None:
    """The C++ type of a scalar (integer, index, float) type, else None."""
    if isinstance(t, IntegerType):
        width = t.width.data
        if width == 1:
            return "bool"
        if width not in (8, 16, 32, 64):
            return None
        prefix = "uint" if t.signedness.data == Signedness.UNSIGNED else "int"
        return f"{prefix}{width}_t"
    if isinstance(t, IndexType):
        return f"uint{CPP_INDEX_WIDTH}_t"
    return _FLOATS.get(type(t))


def ctype(t: Attribute) -> str | None:
    """The C++ spelling of any IR type the target knows, else None."""
    try:
        return _cache[t]
    except KeyError:
        pass
    except TypeError:  # an unhashable attribute: not a type we spell
        return None
    out = _spell(t)
    _cache[t] = out
    return out


def _spell(t: Attribute) -> str | None:
    scalar = scalar_ctype(t)
    if scalar is not None:
        return scalar
    if isinstance(t, TensorTypeBase):
        elem = scalar_ctype(t.element_type)
        return None if elem is None else f"{t.CPP_CLASS}<{elem}>"
    if isinstance(t, PyStructType):
        return t.struct_name.data
    spelling = getattr(t, "cpp_spelling", None)
    if callable(spelling):  # a type with element types inside (matmul::Matmul<...>)
        return spelling(scalar_ctype)
    cpp_name = getattr(t, "cpp_name", None)
    if callable(cpp_name):
        return cpp_name()
    if isinstance(t, MemRefType | UnrankedMemRefType):
        elem = scalar_ctype(t.element_type)
        if elem is None and isinstance(t.element_type, PyStructType):
            elem = t.element_type.struct_name.data
        elif elem is None and isinstance(t.element_type, ParamStructType):
            elem = t.element_type.cpp_name()  # a pointer to TCubeTiling, ...
        space = address_space_qualifier(t)
        if elem is None or space is None:
            return None
        return f"{space}{elem}*"
    return None


def address_space_qualifier(t: MemRefType | UnrankedMemRefType) -> str | None:
    """`__gm__ ` etc. for the memref's memory space ('' for none), None if unknown."""
    space = t.memory_space
    if isinstance(space, NoneAttr):
        return ""
    if isinstance(space, IntegerAttr):
        return ADDRESS_SPACES.get(space.value.data)
    return None


def signed_ctype(t: Attribute) -> str:
    """The signed C++ integer type as wide as `t` (`int32_t` for index)."""
    return f"int{cpp_int_width(t)}_t"


def unsigned_ctype(t: Attribute) -> str:
    """The unsigned C++ integer type as wide as `t` (`uint32_t` for index)."""
    return f"uint{cpp_int_width(t)}_t"


def is_object(t: Attribute) -> bool:
    """Ascend C objects (TPipe, TQue, TBuf, ...) that must not be copied."""
    return isinstance(t, OBJECT_TYPES)
