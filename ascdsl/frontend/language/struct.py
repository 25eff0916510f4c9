"""pyasc's tiling structs (`asc.language.core.struct`): `Struct`, `Field`, `StructField`.

A tiling struct is a Python class whose attributes are fields:

    class TileConfig(Struct):
        tile_length = Field(dtype=KT.int32, default=0)
        tile_num = Field(dtype=KT.int32, default=0)

    class KernelConfig(Struct):
        tile = StructField(TileConfig)

On the host an instance holds its fields in a ctypes structure packed as pyasc packs it
(`#pragma pack(push, 8)` by default); passed to a kernel it is a GM pointer to those bytes,
which the kernel copies into a local struct (`emitasc.copy_struct`) and reads field by field
(`emitasc.member`, a nested struct's fields through its member). The pipeline's
declare-py-struct pass declares the structs for C++ (nested ones first). Inside a kernel,
`TileConfig(tile_num=n)` builds one (`ascendc.construct` then `emitasc.set_member` per field)
and `cfg.tile_num = n` sets a field.
"""

from __future__ import annotations

import ctypes
from typing import Any, ClassVar

from xdsl.ir import Attribute

from ascdsl.dialects.ascendc import ConstructOp
from ascdsl.dialects.emitasc import MemberOp, PyStructType, SetMemberOp

from .. import dtypes as dt
from ..builder import active, current
from ..codegen.session import STRUCT_VALUES
from ..errors import KernelLanguageError
from ..values import IRValue, PlainValue, materialize

_CTYPES: dict[str, type] = {
    "int1": ctypes.c_bool, "int8": ctypes.c_int8, "int16": ctypes.c_int16,
    "int32": ctypes.c_int32, "int64": ctypes.c_int64, "uint8": ctypes.c_uint8,
    "uint16": ctypes.c_uint16, "uint32": ctypes.c_uint32, "uint64": ctypes.c_uint64,
    "float32": ctypes.c_float, "float64": ctypes.c_double,
}

_MISSING = object()


class BaseField:
    """One field of a Struct: its default and (optionally) its C++ name."""

    def __init__(self, default: Any = _MISSING, name: str | None = None):
        self.default = default
        self.name = name

    def ir_name(self, attr: str) -> str:
        return attr if self.name is None else self.name


class Field(BaseField):
    """A scalar field of `dtype` (pyasc's `Field(dtype=KT.int32, default=0)`)."""

    def __init__(self, dtype: dt.DataType, default: Any = _MISSING, name: str | None = None,
                 enum: str | None = None):
        super().__init__(default, name)
        if dtype.name not in _CTYPES:
            raise TypeError(f"a Struct field cannot be {dtype.name} (fields are "
                            f"{', '.join(_CTYPES)})")
        self.dtype = dtype
        self.enum_name = enum

    def ctypes_cls(self) -> type:
        return _CTYPES[self.dtype.name]

    def ir_type(self) -> Attribute:
        return self.dtype.ir


class StructField(BaseField):
    """A field that is a struct itself (pyasc's `StructField(TileConfig)`)."""

    def __init__(self, struct_cls: type[Struct], default: Any = None, name: str | None = None):
        super().__init__(struct_cls() if default is None else default, name)
        self.struct_cls = struct_cls

    def ctypes_cls(self) -> type:
        return self.struct_cls.ctypes_class

    def ir_type(self) -> Attribute:
        return self.struct_cls.ir_type()


class Struct:
    """Base of the tiling structs: host objects on the host, IR values inside a kernel."""

    struct_fields: ClassVar[dict[str, BaseField]]
    ctypes_class: ClassVar[type]

    def __init_subclass__(cls, pack: int = 8, **kwargs: Any):
        super().__init_subclass__(**kwargs)
        cls.struct_fields = {k: v for k, v in vars(cls).items() if isinstance(v, BaseField)}
        if not cls.struct_fields:
            raise TypeError(f"Struct '{cls.__name__}' must have at least one field")
        attrs = {"_fields_": [(k, f.ctypes_cls()) for k, f in cls.struct_fields.items()],
                 "_pack_": pack}
        cls.ctypes_class = type(f"_ctypes_{cls.__name__}", (ctypes.Structure,), attrs)
        # the kernel-argument protocol (frontend.argkinds): STRUCT() is the IR type
        cls.STRUCT = staticmethod(cls.ir_type)  # type: ignore[attr-defined]

    def __new__(cls, *args: Any, **fields: Any):
        if active() is not None:
            return _kernel_struct(cls, fields)  # inside a kernel: an IR value
        return super().__new__(cls)

    def __init__(self, **fields: Any):
        cls = type(self)
        values = {}
        for name, value in fields.items():
            if name not in cls.struct_fields:
                raise AttributeError(f"{cls.__name__} does not have a field '{name}'")
            values[name] = value
        for name, f in cls.struct_fields.items():
            if name not in values:
                if f.default is _MISSING:
                    raise TypeError(f"{cls.__name__} has no default for '{name}'; give it")
                values[name] = f.default
        object.__setattr__(self, "ctypes_struct", cls.ctypes_class(
            **{k: _ctypes_value(v) for k, v in values.items()}))

    @classmethod
    def ir_type(cls) -> PyStructType:
        """`!emitasc.py_struct<"Name", [types], ["fields"]>` (C++ field names)."""
        return PyStructType(cls.__name__, [(f.ir_name(k), f.ir_type())
                                           for k, f in cls.struct_fields.items()])

    def __getattribute__(self, name: str) -> Any:
        if not name.startswith("_") and name in type(self).struct_fields:
            f = type(self).struct_fields[name]
            v = getattr(object.__getattribute__(self, "ctypes_struct"), name)
            return f.struct_cls._wrap(v) if isinstance(f, StructField) else v
        return object.__getattribute__(self, name)

    def __setattr__(self, name: str, value: Any) -> None:
        if name not in type(self).struct_fields:
            raise AttributeError(f"{type(self).__name__} does not have a field '{name}'")
        setattr(self.ctypes_struct, name, _ctypes_value(value))

    @classmethod
    def _wrap(cls, raw: ctypes.Structure) -> Struct:
        obj = object.__new__(cls)
        object.__setattr__(obj, "ctypes_struct", raw)  # a view: writes reach the parent
        return obj

    def pack(self) -> bytes:
        """The struct's bytes as the kernel's C++ struct lays them out."""
        return ctypes.string_at(ctypes.addressof(self.ctypes_struct),
                                ctypes.sizeof(self.ctypes_struct))

    def addressof(self) -> int:
        return ctypes.addressof(self.ctypes_struct)

    def __repr__(self) -> str:
        fields = ", ".join(f"{k}={getattr(self, k)!r}" for k in type(self).struct_fields)
        return f"{type(self).__name__}({fields})"


def _ctypes_value(v: Any) -> Any:
    return v.ctypes_struct if isinstance(v, Struct) else v


class PyStructValue(IRValue):
    """A tiling struct inside a kernel: `cfg.tile.tile_num` reads fields (`emitasc.member`),
    `cfg.tile_num = n` sets one (`emitasc.set_member`)."""

    __slots__ = ()

    def _field(self, name: str) -> tuple[str, Attribute]:
        t = self.value.type
        assert isinstance(t, PyStructType)
        ft = t.field_type(name)
        if ft is None:
            raise KernelLanguageError(
                f"{t.struct_name.data} has no field '{name}' (fields: "
                f"{', '.join(n for n, _ in t.fields)})")
        return name, ft

    def __getattr__(self, name: str) -> Any:
        if name.startswith("_"):
            raise AttributeError(name)  # copy/pickle protocol lookups, not fields
        cpp, ft = self._field(name)
        r = current().insert(MemberOp(self.value, cpp, ft)).results[0]
        if isinstance(ft, PyStructType):
            return PyStructValue(r)
        return PlainValue(r, dt.from_ir(ft))

    def set_member(self, name: str, value: Any) -> None:
        cpp, ft = self._field(name)
        if isinstance(ft, PyStructType):
            if not (isinstance(value, PyStructValue) and value.value.type == ft):
                raise KernelLanguageError(
                    f"field '{name}' is a {ft.struct_name.data}; assign a {ft.struct_name.data}")
            v = value.value
        else:
            v = materialize(value, dt.from_ir(ft)).value
        current().insert(SetMemberOp(self.value, cpp, v))

    def describe(self) -> str:
        t = self.value.type
        return t.struct_name.data if isinstance(t, PyStructType) else "Struct"


def _kernel_struct(cls: type[Struct], fields: dict[str, Any]) -> PyStructValue:
    """`Cfg(a=x)` in a kernel: a default-initialized struct, then its given fields."""
    t = cls.ir_type()
    v = PyStructValue(current().insert(ConstructOp(t)).results[0])
    for name, value in fields.items():
        if name not in cls.struct_fields:
            raise KernelLanguageError(f"{cls.__name__} does not have a field '{name}'")
        v.set_member(cls.struct_fields[name].ir_name(name), value)
    return v


STRUCT_VALUES[PyStructType] = PyStructValue

__all__ = ["BaseField", "Field", "Struct", "StructField"]
