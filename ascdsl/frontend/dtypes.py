"""Element and scalar types of the kernel language (`asc.float32`, `asc.int32`, ...).

A `DataType` knows its IR type (`f32`, `i32`, `ui8`), its size in bytes and its numpy name.
Signed integers are signless in the IR (as in MLIR's arith); unsigned integers are `uiN`.
"""

from __future__ import annotations

from functools import cached_property

from xdsl.dialects.builtin import (
    BFloat16Type,
    Float16Type,
    Float32Type,
    Float64Type,
    IndexType,
    IntegerType,
    Signedness,
)
from xdsl.ir import Attribute


class DataType:
    """A scalar type: `kind` is "int", "uint", "float", "bool" (i1) or "index"."""

    __slots__ = ("name", "kind", "bitwidth", "__dict__")

    def __new__(cls, name: str, kind: str | None = None, bitwidth: int | None = None):
        # pyasc's `asc.DataType("int32")`: the type of that name (the one instance, so
        # identity and the cached IR type hold).
        if kind is None:
            try:
                return by_name(name)
            except KeyError:
                raise ValueError(f"{name!r} names no data type (known: "
                                 f"{', '.join(sorted(_BY_NAME))})") from None
        return super().__new__(cls)

    def __init__(self, name: str, kind: str | None = None, bitwidth: int | None = None):
        if kind is None:
            return  # __new__ returned the existing type
        self.name = name
        self.kind = kind
        self.bitwidth = bitwidth

    def __repr__(self) -> str:
        return f"asc.{self.name}"

    def __str__(self) -> str:
        return self.name

    def __eq__(self, other: object) -> bool:
        return isinstance(other, DataType) and other.name == self.name

    def __hash__(self) -> int:
        return hash(self.name)

    def __reduce__(self):
        return (by_name, (self.name,))

    def sizeof(self) -> int:
        """Size of one element in bytes."""
        if self.bitwidth % 8:
            raise ValueError(f"{self.name} has no whole-byte size")
        return self.bitwidth // 8

    def is_int(self) -> bool:
        """Any integer type (signed, unsigned, i1 or index)."""
        return self.kind in ("int", "uint", "bool", "index")

    def is_signed(self) -> bool:
        """A signed integer type (signless in the IR)."""
        return self.kind == "int"

    def is_unsigned(self) -> bool:
        """An unsigned integer type (`uiN` in the IR)."""
        return self.kind == "uint"

    def is_float(self) -> bool:
        """float16, bfloat16, float32 or float64."""
        return self.kind == "float"

    def is_bool(self) -> bool:
        """int1 (`i1`), the type of comparisons."""
        return self.kind == "bool"

    def is_numeric(self) -> bool:
        """Every kernel-language scalar type is numeric (pyasc's API)."""
        return True

    @cached_property
    def ir(self) -> Attribute:
        """The IR type (`f32`, `i32`, `ui16`, `i1`, `index`)."""
        if self.name == "bfloat16":
            return BFloat16Type()
        if self.kind == "float":
            return {16: Float16Type(), 32: Float32Type(), 64: Float64Type()}[self.bitwidth]
        if self.kind == "index":
            return IndexType()
        if self.kind == "uint":
            return IntegerType(self.bitwidth, Signedness.UNSIGNED)
        return IntegerType(self.bitwidth)

    def to_ir(self) -> Attribute:
        """The IR type (pyasc's name for `.ir`)."""
        return self.ir

    @property
    def min_value(self) -> int:
        """The smallest value of an integer type."""
        if self.kind == "uint" or self.kind == "bool":
            return 0
        return -(1 << (self.bitwidth - 1))

    @property
    def max_value(self) -> int:
        """The largest value of an integer type."""
        if self.kind == "uint":
            return (1 << self.bitwidth) - 1
        if self.kind == "bool":
            return 1
        return (1 << (self.bitwidth - 1)) - 1


int1 = DataType("int1", "bool", 1)
int8 = DataType("int8", "int", 8)
int16 = DataType("int16", "int", 16)
int32 = DataType("int32", "int", 32)
int64 = DataType("int64", "int", 64)
uint8 = DataType("uint8", "uint", 8)
uint16 = DataType("uint16", "uint", 16)
uint32 = DataType("uint32", "uint", 32)
uint64 = DataType("uint64", "uint", 64)
float16 = DataType("float16", "float", 16)
bfloat16 = DataType("bfloat16", "float", 16)
float32 = DataType("float32", "float", 32)
float64 = DataType("float64", "float", 64)
index = DataType("index", "index", 64)

# pyasc's aliases.
bit = int1
bool_ = int8
int_ = int32
half = float16
float_ = float32
double = float64



class KnownTypes:
    """pyasc's `asc.language.core.dtype.KnownTypes` (`KT.int32`, ...): the dtypes by name."""

    int1 = int1
    int8 = int8
    int16 = int16
    int32 = int32
    int64 = int64
    float16 = float16
    float32 = float32
    float64 = float64
    uint8 = uint8
    uint16 = uint16
    uint32 = uint32
    uint64 = uint64
    bfloat16 = bfloat16
    bit = bit
    bool_ = bool_
    int_ = int_
    half = half
    float_ = float_
    double = double


ALL: tuple[DataType, ...] = (
    int1, int8, int16, int32, int64, uint8, uint16, uint32, uint64,
    float16, bfloat16, float32, float64,
)
_BY_NAME = {t.name: t for t in (*ALL, index)}
_BY_NAME.update({"half": float16, "float": float32, "double": float64, "bool": int8})

# Short spellings used by IR and by the dump driver's argument specs.
_SHORT = {
    "i1": int1, "i8": int8, "i16": int16, "i32": int32, "i64": int64,
    "ui8": uint8, "ui16": uint16, "ui32": uint32, "ui64": uint64, "u8": uint8, "u16": uint16,
    "u32": uint32, "u64": uint64, "f16": float16, "bf16": bfloat16, "f32": float32,
    "f64": float64,
}


def by_name(name: str) -> DataType:
    """`"float32"`, `"f32"`, `"half"` ... -> DataType; KeyError if unknown."""
    t = _BY_NAME.get(name) or _SHORT.get(name)
    if t is None:
        raise KeyError(name)
    return t


def from_ir(attr: Attribute) -> DataType:
    """The DataType of an IR scalar type; ValueError for a non-scalar type."""
    if isinstance(attr, IntegerType):
        w = attr.width.data
        if w == 1:
            return int1
        key = ("ui" if attr.signedness.data == Signedness.UNSIGNED else "i") + str(w)
        t = _SHORT.get(key)
        if t is not None:
            return t
    elif isinstance(attr, Float32Type):
        return float32
    elif isinstance(attr, Float16Type):
        return float16
    elif isinstance(attr, BFloat16Type):
        return bfloat16
    elif isinstance(attr, Float64Type):
        return float64
    elif isinstance(attr, IndexType):
        return index
    raise ValueError(f"{attr} is not a scalar type of the kernel language")


# numpy / torch dtype names that map onto kernel types (bool arrays have no GM type).
_ARRAY_NAMES = {t.name: t for t in ALL if t is not int1}


def from_array_dtype_name(name: str) -> DataType | None:
    """`"float32"` (numpy) or `"torch.float32"` -> DataType; None when there is no such type."""
    if name.startswith("torch."):
        name = name[6:]
        name = {"half": "float16", "float": "float32", "double": "float64"}.get(name, name)
    return _ARRAY_NAMES.get(name)


def numpy_name(dtype: DataType) -> str | None:
    """The numpy dtype name of a DataType (None for bfloat16, which numpy lacks)."""
    return None if dtype is bfloat16 else ("bool" if dtype is int1 else dtype.name)
