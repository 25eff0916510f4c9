"""Struct kernel arguments (a `TCubeTiling`, or a pyasc tiling `Struct` passed by pointer) in
the simulator.

A kernel reads such a struct once (`emitasc.copy_struct` of its GM pointer) and then only its
fields (`emitasc.member`), so the simulator passes the struct as its decoded fields (a dict by
C++ field name) rather than as GM bytes: the host object's `pack()` bytes (or the bytes
themselves) are decoded by the struct type's field list, which must be 32-bit integers. The
struct is read-only in the kernel; its bytes are not part of the sanitizer's GM accounting.
A pyasc tiling struct (`!emitasc.py_struct`, packed to 8 bytes) decodes the same way into a
dict per struct, nested structs as nested dicts, its scalar fields of any integer or float
type.
"""

from __future__ import annotations

import ctypes
import struct as _struct
from functools import lru_cache

from xdsl.dialects.builtin import Float32Type, Float64Type, IntegerType, Signedness
from xdsl.ir import Attribute

from ascdsl.dialects.ascendc.types import ParamStructType
from ascdsl.dialects.emitasc import PyStructType
from ascdsl.dialects.gm import is_gm_pointer

_CODES = {"int32_t": "i", "uint32_t": "I", "float": "f"}


def struct_of(t: Attribute) -> ParamStructType | PyStructType | None:
    """The struct a GM pointer type points to, or None."""
    if is_gm_pointer(t) and isinstance(t.element_type, (ParamStructType, PyStructType)):  # type: ignore[attr-defined]
        return t.element_type  # type: ignore[attr-defined]
    return None


_INT_CTYPES = {(8, True): ctypes.c_int8, (16, True): ctypes.c_int16, (32, True): ctypes.c_int32,
               (64, True): ctypes.c_int64, (8, False): ctypes.c_uint8,
               (16, False): ctypes.c_uint16, (32, False): ctypes.c_uint32,
               (64, False): ctypes.c_uint64, (1, True): ctypes.c_bool}


def _ctype(t: Attribute):
    if isinstance(t, PyStructType):
        return py_struct_ctypes(t)
    if isinstance(t, IntegerType):
        signed = t.signedness.data != Signedness.UNSIGNED
        return _INT_CTYPES.get((t.width.data, signed or t.width.data == 1))
    if isinstance(t, Float32Type):
        return ctypes.c_float
    if isinstance(t, Float64Type):
        return ctypes.c_double
    return None


@lru_cache(maxsize=64)
def py_struct_ctypes(t: PyStructType):
    """The ctypes structure of a py_struct (pyasc's `#pragma pack(push, 8)`), None if a
    field has a type the host struct cannot hold."""
    fields = []
    for name, ft in t.fields:
        c = _ctype(ft)
        if c is None:
            return None
        fields.append((name, c))
    return type(f"_sim_{t.struct_name.data}", (ctypes.Structure,),
                {"_fields_": fields, "_pack_": 8})


def _as_dict(raw) -> dict:
    out = {}
    for name, _ in raw._fields_:
        v = getattr(raw, name)
        out[name] = _as_dict(v) if isinstance(v, ctypes.Structure) else v
    return out


def layout(t: ParamStructType | PyStructType) -> str | None:
    """The `struct` module format of `t`'s bytes, None if a field is not a 32-bit integer
    (a py_struct: its ctypes structure's name, None if a field cannot be held)."""
    if isinstance(t, PyStructType):
        c = py_struct_ctypes(t)
        return None if c is None else c.__name__
    codes = [_CODES.get(c) for c in t.field_cpp_types()]
    return None if None in codes else "<" + "".join(codes)  # type: ignore[arg-type]


def decode(t: ParamStructType, value, where: str) -> dict[str, int]:
    """The fields of a struct argument by C++ name; TypeError naming the argument."""
    raw = value.pack() if callable(getattr(value, "pack", None)) else value
    if not isinstance(raw, (bytes, bytearray, memoryview)):
        raise TypeError(f"{where} is a pointer to {t.cpp_name()}; pass the host struct "
                        f"(e.g. asc.adv.TCubeTiling()) or its bytes, got {type(value).__name__}")
    if isinstance(t, PyStructType):
        c = py_struct_ctypes(t)
        if c is None or len(raw) != ctypes.sizeof(c):
            raise TypeError(f"{where}: struct {t.struct_name.data} is "
                            f"{ctypes.sizeof(c) if c else '?'} bytes, got {len(raw)}")
        return _as_dict(c.from_buffer_copy(bytes(raw)))
    fmt = layout(t)
    if fmt is None:
        raise TypeError(f"{where}: {t.cpp_name()} has fields that are not 32-bit integers")
    size = _struct.calcsize(fmt)
    if len(raw) != size:
        raise TypeError(f"{where}: {t.cpp_name()} is {size} bytes, got {len(raw)}")
    return dict(zip(t.field_names(), _struct.unpack(fmt, bytes(raw))))
