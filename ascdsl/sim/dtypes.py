"""Element and scalar types as the simulator stores and computes them.

A `SimDType` maps an IR element type to numpy storage and back. Every type but bf16 is a
native numpy dtype, so kernels compute in it directly (f16 arithmetic rounds in f16, as the
vector unit does). numpy has no bfloat16: bf16 tensors are stored as uint16 bit patterns and
computed in f32, each result rounded to the nearest bf16 (ties to even).

Scalars (SSA values of arith/scf code) are Python ints and floats: an integer of type iN holds
its two's-complement signed value, uiN its unsigned value, i1 is 0 or 1; a float is rounded to
its type after every operation.
"""

from __future__ import annotations

import struct
from collections.abc import Callable
from dataclasses import dataclass, field

import numpy as np
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

from ascdsl.dialects.scalar_types import SIM_INDEX_WIDTH


@dataclass(frozen=True, eq=False)
class SimDType:
    """An element type: `np` is the storage dtype, `kind` "float", "int", "uint" or "bool"."""

    name: str
    np: np.dtype
    kind: str
    bits: int
    # Bytes per element: a field, not a property over `np`, because every simulated copy and
    # vector op reads it.
    size: int = field(init=False)

    def __post_init__(self) -> None:
        object.__setattr__(self, "size", self.np.itemsize)

    @property
    def is_bf16(self) -> bool:
        return self.name == "bf16"

    @property
    def compute(self) -> np.dtype:
        """The dtype arithmetic happens in (f32 for bf16, else the storage dtype)."""
        return _F32 if self.is_bf16 else self.np

    def load(self, view: np.ndarray) -> np.ndarray:
        """Values of a storage view, in the compute dtype (a view when no conversion)."""
        return bf16_to_f32(view) if self.is_bf16 else view

    def store(self, view: np.ndarray, values) -> None:
        """Write values (any numeric array or scalar) into a storage view, rounding to type."""
        if self.is_bf16:
            view[...] = f32_to_bf16(np.asarray(values, dtype=np.float32))
        else:
            view[...] = values

    def scalar(self, value) -> int | float:
        """A Python value converted to this type (ints wrap, floats round)."""
        return SCALAR_CONVERT[self.name](value)

    def np_scalar(self, value):
        """A numpy scalar of the compute dtype (keeps f16 arithmetic in f16)."""
        return self.compute.type(self.scalar(value))

    def __repr__(self) -> str:
        return f"SimDType({self.name})"


_F32 = np.dtype(np.float32)


def bf16_to_f32(bits: np.ndarray) -> np.ndarray:
    return (np.asarray(bits, dtype=np.uint16).astype(np.uint32) << 16).view(np.float32)


def f32_to_bf16(values: np.ndarray) -> np.ndarray:
    """Round f32 to bf16 bit patterns, ties to even; NaNs stay (quiet) NaNs."""
    v = np.ascontiguousarray(values, dtype=np.float32)
    b = v.view(np.uint32)
    rounded = ((b + np.uint32(0x7FFF) + ((b >> 16) & np.uint32(1))) >> 16).astype(np.uint16)
    nan = np.isnan(v)
    if nan.any():
        rounded = np.where(nan, ((b >> 16) | np.uint32(0x40)).astype(np.uint16), rounded)
    return rounded


# --- scalar conversions --------------------------------------------------------------------


def int_wrapper(bits: int, signed: bool) -> Callable[[object], int]:
    """A function wrapping any integer into the range of an iN / uiN."""
    mask = (1 << bits) - 1
    if bits == 1:
        f = (lambda x: -(int(x) & 1)) if signed else (lambda x: int(x) & 1)
    elif not signed:
        f = lambda x: int(x) & mask  # noqa: E731
    else:
        half = 1 << (bits - 1)
        f = lambda x: ((int(x) + half) & mask) - half  # noqa: E731
    # Wrapping keeps the value's low `bits` bits: a narrower wrap after it needs only itself.
    f.wrap_bits = bits
    return f


def _round_f32(x) -> float:
    try:
        return struct.unpack("f", struct.pack("f", x))[0]
    except OverflowError:
        return float(np.float32(x))


def _round_f16(x) -> float:
    with np.errstate(over="ignore"):
        return float(np.float16(x))


def _round_bf16(x) -> float:
    with np.errstate(over="ignore"):
        return float(bf16_to_f32(f32_to_bf16(np.array([x], np.float32)))[0])


SCALAR_CONVERT: dict[str, Callable[[object], int | float]] = {
    "f16": _round_f16,
    "bf16": _round_bf16,
    "f32": _round_f32,
    "f64": float,
    "index": int_wrapper(SIM_INDEX_WIDTH, True),
    "i1": int_wrapper(1, False),
}
for _b in (8, 16, 32, 64):
    SCALAR_CONVERT[f"i{_b}"] = int_wrapper(_b, True)
    SCALAR_CONVERT[f"si{_b}"] = int_wrapper(_b, True)
    SCALAR_CONVERT[f"ui{_b}"] = int_wrapper(_b, False)


def _mk(name: str, dt, kind: str, bits: int) -> SimDType:
    return SimDType(name, np.dtype(dt), kind, bits)


DTYPES: dict[str, SimDType] = {
    "f16": _mk("f16", np.float16, "float", 16),
    "bf16": _mk("bf16", np.uint16, "float", 16),
    "f32": _mk("f32", np.float32, "float", 32),
    "f64": _mk("f64", np.float64, "float", 64),
    "i1": _mk("i1", np.bool_, "bool", 1),
    "i8": _mk("i8", np.int8, "int", 8),
    "i16": _mk("i16", np.int16, "int", 16),
    "i32": _mk("i32", np.int32, "int", 32),
    "i64": _mk("i64", np.int64, "int", 64),
    "ui8": _mk("ui8", np.uint8, "uint", 8),
    "ui16": _mk("ui16", np.uint16, "uint", 16),
    "ui32": _mk("ui32", np.uint32, "uint", 32),
    "ui64": _mk("ui64", np.uint64, "uint", 64),
    "index": _mk("index", np.int64, "int", SIM_INDEX_WIDTH),
}
for _b in (8, 16, 32, 64):
    DTYPES[f"si{_b}"] = DTYPES[f"i{_b}"]


def type_name(t: Attribute) -> str | None:
    """`f32`, `i32`, `ui8`, `index` ... for a scalar IR type; None for anything else."""
    if isinstance(t, IntegerType):
        w = t.width.data
        s = t.signedness.data
        if s == Signedness.UNSIGNED:
            return f"ui{w}"
        if s == Signedness.SIGNED:
            return f"si{w}"
        return f"i{w}"
    if isinstance(t, IndexType):
        return "index"
    if isinstance(t, Float16Type):
        return "f16"
    if isinstance(t, BFloat16Type):
        return "bf16"
    if isinstance(t, Float32Type):
        return "f32"
    if isinstance(t, Float64Type):
        return "f64"
    return None


def sim_dtype(t: Attribute) -> SimDType | None:
    """The SimDType of an element type, or None when the simulator has no storage for it."""
    name = type_name(t)
    return DTYPES.get(name) if name is not None else None


def scalar_converter(t: Attribute) -> Callable[[object], int | float] | None:
    name = type_name(t)
    return SCALAR_CONVERT.get(name) if name is not None else None


# numpy dtype -> SimDType name, for arguments. bf16 arrives as uint16 storage (see runtime).
NUMPY_NAMES: dict[np.dtype, str] = {
    np.dtype(np.float16): "f16",
    np.dtype(np.float32): "f32",
    np.dtype(np.float64): "f64",
    np.dtype(np.int8): "i8",
    np.dtype(np.int16): "i16",
    np.dtype(np.int32): "i32",
    np.dtype(np.int64): "i64",
    np.dtype(np.uint8): "ui8",
    np.dtype(np.uint16): "ui16",
    np.dtype(np.uint32): "ui32",
    np.dtype(np.uint64): "ui64",
    np.dtype(np.bool_): "i1",
}
