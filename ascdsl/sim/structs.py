"""Struct kernel arguments (a `TCubeTiling` passed by pointer) in the simulator.

A kernel reads such a struct once (`emitasc.copy_struct` of its GM pointer) and then only its
fields (`emitasc.member`), so the simulator passes the struct as its decoded fields (a dict by
C++ field name) rather than as GM bytes: the host object's `pack()` bytes (or the bytes
themselves) are decoded by the struct type's field list, which must be 32-bit integers. The
struct is read-only in the kernel; its bytes are not part of the sanitizer's GM accounting.
"""

from __future__ import annotations

import struct as _struct

from xdsl.ir import Attribute

from ascdsl.dialects.ascendc.types import ParamStructType
from ascdsl.dialects.gm import is_gm_pointer

_CODES = {"int32_t": "i", "uint32_t": "I"}


def struct_of(t: Attribute) -> ParamStructType | None:
    """The struct a GM pointer type points to, or None."""
    if is_gm_pointer(t) and isinstance(t.element_type, ParamStructType):  # type: ignore[attr-defined]
        return t.element_type  # type: ignore[attr-defined]
    return None


def layout(t: ParamStructType) -> str | None:
    """The `struct` module format of `t`'s bytes, None if a field is not a 32-bit integer."""
    codes = [_CODES.get(c) for c in t.field_cpp_types()]
    return None if None in codes else "<" + "".join(codes)  # type: ignore[arg-type]


def decode(t: ParamStructType, value, where: str) -> dict[str, int]:
    """The fields of a struct argument by C++ name; TypeError naming the argument."""
    raw = value.pack() if callable(getattr(value, "pack", None)) else value
    if not isinstance(raw, (bytes, bytearray, memoryview)):
        raise TypeError(f"{where} is a pointer to {t.cpp_name()}; pass the host struct "
                        f"(e.g. asc.adv.TCubeTiling()) or its bytes, got {type(value).__name__}")
    fmt = layout(t)
    if fmt is None:
        raise TypeError(f"{where}: {t.cpp_name()} has fields that are not 32-bit integers")
    size = _struct.calcsize(fmt)
    if len(raw) != size:
        raise TypeError(f"{where}: {t.cpp_name()} is {size} bytes, got {len(raw)}")
    return dict(zip(t.field_names(), _struct.unpack(fmt, bytes(raw))))
