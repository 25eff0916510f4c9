"""Ascend C parameter structs (`asc.DataCopyParams(...)`, `asc.BinaryRepeatParams(...)`, ...).

One Python class per struct type of the dialect: the class name is the C++ name, the keyword
arguments are the struct's fields in snake_case with the dialect's defaults (read from the
type's `FIELDS` when the class is defined). Building one emits `ascendc.construct`.
"""

from __future__ import annotations

import inspect
import re
from typing import Any, ClassVar

from xdsl.dialects.builtin import ArrayAttr
from xdsl.ir import Attribute, SSAValue

from ascdsl.dialects.ascendc import ConstructOp
from ascdsl.dialects.ascendc.types import (
    BinaryRepeatParamsType,
    DataCopyExtParamsType,
    DataCopyPadParamsType,
    DataCopyParamsType,
    ParamStructType,
    UnaryRepeatParamsType,
)
from ascdsl.dialects.ascendc.ops_copy_vec import CopyRepeatParamsType
from ascdsl.dialects.ascendc.ops_trans5hd import TransDataTo5HDParamsType
from ascdsl.dialects.ascendc.types_sort import TransposeTypeType
from ascdsl.dialects.ascendc.types_vec import (
    BrcbRepeatParamsType,
    GatherMaskParamsType,
    GatherRepeatParamsType,
    TransposeParamsExtType,
)

from .. import dtypes as dt
from ..builder import current
from ..errors import KernelLanguageError
from ..values import ConstExpr, IRValue, PlainValue, materialize_int


def _snake(name: str) -> str:
    # pyasc's keywords: srcNStride -> src_n_stride (a one-letter word before a capital too)
    return re.sub(r"(?<=[a-z0-9])[A-Z]|(?<=[A-Z])[A-Z](?=[a-z])", r"_\g<0>", name).lower()


class ParamStruct(IRValue):
    """Base of the parameter-struct classes; `fields` keeps the values given per field.

    A subclass names its dialect type (`STRUCT`); its field names, defaults, signature and the
    field list of its docstring follow from that type.
    """

    __slots__ = ("fields", "_unbuilt")
    STRUCT: ClassVar[type[ParamStructType]]
    FIELD_NAMES: ClassVar[tuple[str, ...]]
    DEFAULTS: ClassVar[tuple[int, ...]]
    # pyasc's frontend lists the type each field is cast to (`ascendc.construct ... [ui8, ...]`);
    # they are the header's field types, except where a class sets this False (pyasc's list
    # disagrees with the header there, and a cast to it would narrow in C++'s `T p{...}`).
    CAST_LIST: ClassVar[bool] = True
    # pyasc's own cast list where it is not the header's field types (an enum named by its
    # dialect type, a wider integer). Where a listed type is wider than the header's field,
    # the Ascend C target casts to the field's type in the source it compiles (a brace
    # initializer must not narrow) and prints pyasc's cast only in pyasc's spelling.
    CAST_TYPES: ClassVar[tuple[Attribute, ...] | None] = None
    # The type pyasc's frontend gives each field's value (`_mat(v, KT.uint16)`); int32 for
    # every field if the class sets none. A None entry is pyasc's untyped `_mat(v)`: a Python
    # bool is an i1, an int an i32, a runtime value keeps its type; a C++ bool field then
    # defaults to False (an i1), as pyasc's keyword defaults are.
    OPERAND_DTYPES: ClassVar[tuple[dt.DataType | None, ...] | None] = None
    # pyasc's keyword defaults where they are not the header's (a kernel written against
    # pyasc's API means pyasc's defaults)
    PY_DEFAULTS: ClassVar[tuple[int, ...] | None] = None

    def __init_subclass__(cls, **kwargs: Any):
        super().__init_subclass__(**kwargs)
        struct = cls.STRUCT
        cls.FIELD_NAMES = tuple(_snake(f) for f in struct.field_names())
        cls.DEFAULTS = cls.PY_DEFAULTS or struct.defaults()
        if cls.OPERAND_DTYPES is not None:
            cls.DEFAULTS = tuple(
                bool(d) if t is None and c == "bool" else d
                for d, t, c in zip(cls.DEFAULTS, cls.OPERAND_DTYPES, struct.field_cpp_types()))
        cls.__signature__ = inspect.Signature(  # type: ignore[attr-defined]
            [
                inspect.Parameter(f, inspect.Parameter.POSITIONAL_OR_KEYWORD, default=d)
                for f, d in zip(cls.FIELD_NAMES, cls.DEFAULTS)
            ]
            + [inspect.Parameter("handle", inspect.Parameter.KEYWORD_ONLY, default=None)]
        )
        fields = ", ".join(f"{f}={d}" for f, d in zip(cls.FIELD_NAMES, cls.DEFAULTS))
        cls.__doc__ = f"{inspect.cleandoc(cls.__doc__ or '')}\n\nFields (defaults): {fields}."

    def __init__(self, *args: Any, handle: Any = None, **kwargs: Any):
        cls = type(self)
        api = cls.__name__
        if len(args) == len(cls.FIELD_NAMES) + 1 and handle is None:
            # pyasc's constructors take `handle` (the IR value to wrap) after the fields, so
            # one value more than the fields is the handle there, not a field.
            *args, handle = args
        if handle is not None:
            self._from_handle(api, handle)
            return
        if len(args) > len(cls.FIELD_NAMES):
            raise KernelLanguageError(
                f"{api}() takes at most {len(cls.FIELD_NAMES)} values "
                f"({', '.join(cls.FIELD_NAMES)}), got {len(args)}"
            )
        values = dict(zip(cls.FIELD_NAMES, args))
        for key, v in kwargs.items():
            if key not in cls.FIELD_NAMES:
                raise KernelLanguageError(
                    f"{api}() has no field '{key}' (fields: {', '.join(cls.FIELD_NAMES)})"
                )
            if key in values:
                raise KernelLanguageError(f"{api}() got two values for '{key}'")
            values[key] = v
        self.fields = {
            name: ConstExpr.unwrap(values.get(name, default))
            for name, default in zip(cls.FIELD_NAMES, cls.DEFAULTS)
        }
        dtypes = cls.OPERAND_DTYPES or (dt.int32,) * len(self.fields)
        operands = [
            _field_value(v, f"{api}(): '{name}'", t)
            for (name, v), t in zip(self.fields.items(), dtypes)
        ]
        op = ConstructOp(cls.STRUCT(), operands)
        if cls.CAST_TYPES is not None:
            casts = ArrayAttr(cls.CAST_TYPES)
        else:
            casts = _cast_list(cls) if cls.CAST_LIST else None
        if casts is not None:
            op.properties["types"] = casts
        current().insert(op)
        super().__init__(op.results[0])

    def _from_handle(self, api: str, handle: Any) -> None:
        """pyasc's `handle=`: an IR value of this struct is wrapped as it is; anything else
        builds nothing (pyasc stores it as the handle unchecked), and a use of the struct is
        a located error rather than IR made of a Python value."""
        v = handle.value if isinstance(handle, IRValue) else handle
        if isinstance(v, SSAValue) and v.type == type(self).STRUCT():
            self.fields = {}
            super().__init__(v)
            return
        self.fields = None
        self._unbuilt = (
            f"this {api} was made with {len(type(self).FIELD_NAMES) + 1} values: as in pyasc, "
            f"the one after its {len(type(self).FIELD_NAMES)} fields is the internal `handle` "
            f"(here {handle!r}), so nothing was built; give it its fields only "
            f"({', '.join(type(self).FIELD_NAMES)})"
        )

    @property
    def value(self) -> SSAValue:  # type: ignore[override]
        if self.fields is None:
            raise KernelLanguageError(self._unbuilt)
        return IRValue.value.__get__(self)  # type: ignore[attr-defined]

    @value.setter
    def value(self, v: SSAValue) -> None:
        IRValue.value.__set__(self, v)  # type: ignore[attr-defined]

    def describe(self) -> str:
        """The struct's name."""
        return type(self).__name__


def _field_value(v: Any, what: str, dtype: dt.DataType | None) -> SSAValue:
    """A field's value as pyasc's constructor materializes it: `_mat(v, dtype)`, or with no
    dtype `_mat(v)` (a Python bool an i1, an int an i32, a runtime integer as it is)."""
    if dtype is not None:
        return materialize_int(v, what, dtype).value
    if isinstance(v, PlainValue) and v.dtype.is_int():
        return v.value
    return materialize_int(v, what, dt.int1 if isinstance(v, bool) else dt.int32).value


_CAST_TYPES = {
    "bool": dt.int1, "uint8_t": dt.uint8, "uint16_t": dt.uint16, "uint32_t": dt.uint32,
    "uint64_t": dt.uint64, "int8_t": dt.int8, "int16_t": dt.int16, "int32_t": dt.int32,
    "int64_t": dt.int64,
}


def cpp_field_dtypes(struct: type[ParamStructType]) -> tuple[dt.DataType, ...]:
    """The struct's C++ field types as data types, for a class whose pyasc constructor
    materializes each field with its field's type (`_mat(start_index, KnownTypes.uint16)`)."""
    return tuple(_CAST_TYPES[c] for c in struct.field_cpp_types())


def _cast_list(cls: type[ParamStruct]) -> ArrayAttr | None:
    """The struct's field types as IR types, or None if a field is not a plain number (an
    enum, a template parameter): pyasc's list names a dialect type there."""
    types = [_CAST_TYPES.get(c) if c is not None else None
             for c in cls.STRUCT.field_cpp_types()]
    if any(t is None for t in types):
        return None
    return ArrayAttr([t.ir for t in types])  # type: ignore[union-attr]


class DataCopyParams(ParamStruct):
    """`AscendC::DataCopyParams`: `block_count` blocks of `block_len` 32-byte units, with
    source and destination gaps between blocks (`data_copy`, `data_copy_pad`)."""

    __slots__ = ()
    STRUCT = DataCopyParamsType


class DataCopyPadParams(ParamStruct):
    """`AscendC::DataCopyPadParams`: whether and how `data_copy_pad` pads each block."""

    __slots__ = ()
    STRUCT = DataCopyPadParamsType
    OPERAND_DTYPES = (None,) * 4
    CAST_TYPES = (dt.int1.ir, dt.uint16.ir, dt.uint16.ir, dt.uint64.ir)  # paddings: uint8_t


class DataCopyExtParams(ParamStruct):
    """`AscendC::DataCopyExtParams`: `DataCopyParams` with byte lengths and 32-bit gaps."""

    __slots__ = ()
    STRUCT = DataCopyExtParamsType


class BinaryRepeatParams(ParamStruct):
    """`AscendC::BinaryRepeatParams`: block and repeat strides of the masked binary forms."""

    __slots__ = ()
    STRUCT = BinaryRepeatParamsType


class UnaryRepeatParams(ParamStruct):
    """`AscendC::UnaryRepeatParams`: block and repeat strides of the masked unary forms."""

    __slots__ = ()
    STRUCT = UnaryRepeatParamsType


class GatherRepeatParams(ParamStruct):
    """`AscendC::GatherRepeatParams`: destination block and repeat strides of `gatherb`."""

    __slots__ = ()
    STRUCT = GatherRepeatParamsType
    OPERAND_DTYPES = (dt.uint16, dt.uint16)
    CAST_TYPES = (dt.uint16.ir, dt.uint16.ir)  # the header's strides are uint8_t


class BrcbRepeatParams(ParamStruct):
    """`AscendC::BrcbRepeatParams`: destination block and repeat strides of `brcb`."""

    __slots__ = ()
    STRUCT = BrcbRepeatParamsType
    OPERAND_DTYPES = (dt.uint16, dt.uint16)


class GatherMaskParams(ParamStruct):
    """`AscendC::GatherMaskParams`: src0's block and repeat strides, the repeat count and the
    pattern's repeat stride of `gather_mask`."""

    __slots__ = ()
    STRUCT = GatherMaskParamsType
    PY_DEFAULTS = (1, 1, 0, 0)  # the header's: 1, 0, 8, 8


class TransDataTo5HDParams(ParamStruct):
    """`AscendC::TransDataTo5HDParams`: which halves of 8-bit rows to use, the repeat count
    and the destination / source repeat strides (32-byte blocks) of `trans_data_to_5hd`."""

    __slots__ = ()
    STRUCT = TransDataTo5HDParamsType
    OPERAND_DTYPES = (dt.int1, dt.int1, dt.int32, dt.int32, dt.int32)


class CopyRepeatParams(ParamStruct):
    """`AscendC::CopyRepeatParams`: destination / source block strides and repeat sizes (in
    32-byte blocks) of `copy`."""

    __slots__ = ()
    STRUCT = CopyRepeatParamsType
    OPERAND_DTYPES = (dt.uint16,) * 4


class TransposeParamsExt(ParamStruct):
    """`AscendC::TransposeParamsExt`: the N, C, H, W sizes and the TransposeType of the
    extended `transpose` (NCHW <-> NHWC on the 910B)."""

    __slots__ = ()
    STRUCT = TransposeParamsExtType

    def __init__(self, *args: Any, **kwargs: Any):
        super().__init__(*args, **kwargs)
        # pyasc's construct names the field types, so its C++ casts each int32 value.
        self.value.owner.properties["types"] = ArrayAttr(
            [dt.uint16.ir] * 4 + [TransposeTypeType()])


# The kernel-language class of each struct type (dispatch maps an operand's type to it).
PARAM_CLASSES: dict[type[ParamStructType], type[ParamStruct]] = {
    c.STRUCT: c
    for c in (DataCopyParams, DataCopyPadParams, DataCopyExtParams, BinaryRepeatParams,
              UnaryRepeatParams, GatherRepeatParams, BrcbRepeatParams, GatherMaskParams,
              TransDataTo5HDParams, CopyRepeatParams, TransposeParamsExt)
}

# The cube unit's structs register themselves here (before any `levels` reads the table).
from . import cube_params as _cube_params  # noqa: E402, F401
