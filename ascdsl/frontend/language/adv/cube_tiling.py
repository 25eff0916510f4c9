"""`asc.adv.TCubeTiling`: the matmul tiling struct, on the host and in a kernel.

On the host (outside `@jit`) `asc.adv.TCubeTiling()` is the struct itself, every field 0, with
pyasc's field names (`tiling.base_m`, `tiling.single_core_m`, ...); `host.*MatmulTiling
.get_tiling(tiling)` fills it, and `pack()` gives its bytes as the kernel reads them (50
little-endian int32, `TCubeTiling` of kernel_tiling.h).

Passed to a kernel whose parameter is annotated `asc.adv.TCubeTiling`, it travels as pyasc
passes it: a GM pointer to those bytes (`memref<?x!ascendc.cube_tiling, 22>`), copied into a
local struct when the kernel starts (`emitasc.copy_struct`); reading a field in the kernel is
`emitasc.member %t "baseM"` (`t.baseM` in the Ascend C), an int32.
"""

from __future__ import annotations

import ctypes
from typing import Any

from ascdsl.dialects.ascendc.types_matmul import TCUBE_FIELDS, CubeTilingType
from ascdsl.dialects.emitasc import MemberOp

from ... import dtypes as dt
from ...builder import active, current
from ...codegen.session import STRUCT_VALUES
from ...errors import KernelLanguageError
from ...values import IRValue, PlainValue

__all__ = ["TCubeTiling"]

_CPP = {py: cpp for cpp, py in TCUBE_FIELDS}


class _Packed(ctypes.LittleEndianStructure):
    _pack_ = 1
    _fields_ = [(py, ctypes.c_int32) for _, py in TCUBE_FIELDS]


class TCubeTiling:
    """The host-side `TCubeTiling` (see the module docstring). Fields may be given by name:
    `TCubeTiling(base_m=128, ...)`; the rest are 0."""

    STRUCT = CubeTilingType
    FIELD_NAMES = tuple(py for _, py in TCUBE_FIELDS)

    def __new__(cls, **fields: Any):
        if active() is not None:
            # Written in a kernel: a local TCubeTiling whose given fields are set one by one
            # (pyasc's `ascendc.construct` + `emitasc.set_member`).
            return _kernel_tiling(fields)
        return super().__new__(cls)

    def __init__(self, **fields: int):
        object.__setattr__(self, "_struct", _Packed())
        for name, value in fields.items():
            setattr(self, name, value)

    def __setattr__(self, name: str, value: Any) -> None:
        if name not in _CPP:
            raise AttributeError(f"TCubeTiling has no field '{name}' (fields: "
                                 f"{', '.join(self.FIELD_NAMES)})")
        value = int(value)
        if not -(1 << 31) <= value < (1 << 31):
            raise ValueError(f"TCubeTiling.{name} = {value} does not fit int32")
        setattr(self._struct, name, value)

    def __getattr__(self, name: str) -> int:
        if name.startswith("_"):
            raise AttributeError(name)
        if name not in _CPP:
            raise AttributeError(f"TCubeTiling has no field '{name}'")
        return getattr(self._struct, name)

    def fields(self) -> dict[str, int]:
        """Every field by pyasc's name, in the struct's order."""
        return {py: getattr(self._struct, py) for py in self.FIELD_NAMES}

    def pack(self) -> bytes:
        """The struct's bytes, as the kernel's `TCubeTiling` lays them out."""
        return bytes(self._struct)

    def addressof(self) -> int:
        return ctypes.addressof(self._struct)

    def __eq__(self, other: object) -> bool:
        return isinstance(other, TCubeTiling) and self.pack() == other.pack()

    def __repr__(self) -> str:
        set_ = ", ".join(f"{k}={v}" for k, v in self.fields().items() if v)
        return f"TCubeTiling({set_})"


class CubeTilingValue(IRValue):
    """A `TCubeTiling` in a kernel: its fields read as int32 scalars (`emitasc.member`)."""

    __slots__ = ()

    def __getattr__(self, name: str) -> Any:
        if name.startswith("_"):
            raise AttributeError(name)  # copy/pickle protocol lookups, not fields
        cpp = _CPP.get(name)
        if cpp is None:
            raise KernelLanguageError(
                f"TCubeTiling has no field '{name}' (fields: {', '.join(_CPP)})")
        op = current().insert(MemberOp(self.value, cpp, dt.int32.ir))
        return PlainValue(op.results[0], dt.int32)

    def set_member(self, name: str, value: Any) -> None:
        """`tiling.<field> = value` in a kernel: `emitasc.set_member` (pyasc's spelling)."""
        cpp = _CPP.get(name)
        if cpp is None:
            raise KernelLanguageError(
                f"TCubeTiling has no field '{name}' (fields: {', '.join(_CPP)})")
        from ascdsl.dialects.emitasc import SetMemberOp

        from ...values import materialize_int

        v = materialize_int(value, f"TCubeTiling.{name}", dt.int32)
        current().insert(SetMemberOp(self.value, cpp, v.value))

    def describe(self) -> str:
        return "TCubeTiling"


def _kernel_tiling(fields: dict[str, Any]) -> CubeTilingValue:
    from ascdsl.dialects.ascendc import ConstructOp
    from ascdsl.dialects.emitasc import SetMemberOp

    from ...values import materialize_int

    b = current()
    t = b.insert(ConstructOp(CubeTilingType())).results[0]
    for name, value in fields.items():
        cpp = _CPP.get(name)
        if cpp is None:
            raise KernelLanguageError(
                f"TCubeTiling has no field '{name}' (fields: {', '.join(_CPP)})")
        v = materialize_int(value, f"TCubeTiling.{name}", dt.int32)
        b.insert(SetMemberOp(t, cpp, v.value))
    return CubeTilingValue(t)


STRUCT_VALUES[CubeTilingType] = CubeTilingValue
