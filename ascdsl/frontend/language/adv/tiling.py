"""The tiling structs of the advanced APIs: `asc.adv.SoftmaxTiling`, `asc.adv.RmsNormTiling`,
and (beyond pyasc) `asc.adv.SoftMaxShapeInfo`, `asc.adv.LogSoftMaxTiling` and
`asc.adv.LayerNormTiling`.

In a kernel, `asc.adv.SoftmaxTiling(src_m=8, src_k=64, src_size=512)` builds the struct
(`ascendc.construct`, fields in declaration order up to the last one given; the rest keep
their default of 0, as in the C++ struct). Field names are pyasc's: the C++ names in
snake_case (`srcM` -> `src_m`). A field reads back as the value it was given
(`tiling.src_m`); fields are given when the struct is built (assigning one later is a
compile error).
"""

from __future__ import annotations

import inspect
import re
from typing import Any, ClassVar

from ascdsl.dialects.ascendc import (
    ConstructOp,
    LayerNormTilingType,
    LogSoftMaxTilingType,
    RmsNormTilingType,
    SoftMaxShapeInfoType,
    SoftMaxTilingType,
)
from ascdsl.dialects.ascendc.types_adv import AdvStructType
from ascdsl.dialects.emitasc import SetMemberOp

from ... import dtypes as dt
from ...builder import current
from ...errors import KernelLanguageError
from ...values import ConstExpr, IRValue, materialize

__all__ = ["SoftmaxTiling", "RmsNormTiling", "SoftMaxShapeInfo", "LayerNormTiling",
           "LogSoftMaxTiling"]


def _snake(name: str) -> str:
    """`originalHLength` -> `original_h_length` (pyasc's field names)."""
    return re.sub(r"(?<=[a-z0-9])(?=[A-Z])|(?<=[A-Z])(?=[A-Z][a-z])", "_", name).lower()


class AdvStruct(IRValue):
    """A struct of the advanced APIs built in a kernel. A subclass names its dialect type
    (`STRUCT`); its field names, defaults and signature follow from it."""

    __slots__ = ("fields",)
    STRUCT: ClassVar[type[AdvStructType]]
    FIELD_NAMES: ClassVar[tuple[str, ...]]
    POSITIONAL: ClassVar[bool] = False
    # pyasc declares the struct as a `Struct` (asc.language.core.struct): a kernel builds it
    # empty and sets each given field (`emitasc.set_member`, in the order given)
    SET_MEMBERS: ClassVar[bool] = False

    def __init_subclass__(cls, **kwargs: Any):
        super().__init_subclass__(**kwargs)
        struct = cls.STRUCT
        cls.FIELD_NAMES = tuple(_snake(f) for f in struct.field_names())
        kind = (inspect.Parameter.POSITIONAL_OR_KEYWORD if cls.POSITIONAL
                else inspect.Parameter.KEYWORD_ONLY)
        cls.__signature__ = inspect.Signature(  # type: ignore[attr-defined]
            [inspect.Parameter(f, kind, default=d) for f, d in zip(cls.FIELD_NAMES,
                                                                   struct.defaults())])

    def __init__(self, *args: Any, **kwargs: Any):
        cls = type(self)
        api = cls.__name__
        if args and not cls.POSITIONAL:
            raise KernelLanguageError(f"{api}() takes its fields by name ({', '.join(cls.FIELD_NAMES[:3])}, ...)")
        if len(args) > len(cls.FIELD_NAMES):
            raise KernelLanguageError(f"{api}() has {len(cls.FIELD_NAMES)} fields, got {len(args)} values")
        given = dict(zip(cls.FIELD_NAMES, args))
        for key, v in kwargs.items():
            if key not in cls.FIELD_NAMES:
                raise KernelLanguageError(
                    f"{api}() has no field '{key}' (fields: {', '.join(cls.FIELD_NAMES)})")
            if key in given:
                raise KernelLanguageError(f"{api}() got two values for '{key}'")
            given[key] = v
        b = current()
        cpp_types = cls.STRUCT.field_cpp_types()
        last = max((cls.FIELD_NAMES.index(k) for k in given), default=-1)
        operands = []
        values: dict[str, Any] = {}
        for i, (name, default) in enumerate(zip(cls.FIELD_NAMES, cls.STRUCT.defaults())):
            value = ConstExpr.unwrap(given.get(name, default))
            values[name] = value
            if i > last or cls.SET_MEMBERS:
                continue
            as_type = dt.float32 if cpp_types[i] == "float" else dt.int32
            try:
                operands.append(materialize(value, as_type).value)
            except KernelLanguageError as e:
                raise KernelLanguageError(f"{api}(): '{name}': {e}") from None
        if cls.SET_MEMBERS:
            op = b.insert(ConstructOp(cls.STRUCT()))
            for name in given:
                i = cls.FIELD_NAMES.index(name)
                as_type = dt.float32 if cpp_types[i] == "float" else dt.int32
                try:
                    v = materialize(values[name], as_type).value
                except KernelLanguageError as e:
                    raise KernelLanguageError(f"{api}(): '{name}': {e}") from None
                b.insert(SetMemberOp(op.results[0], cls.STRUCT.field_names()[i], v))
            self.fields = values
            IRValue.__init__(self, op.results[0])
            return
        op = b.insert(ConstructOp(cls.STRUCT(), operands))
        self.fields = values
        IRValue.__init__(self, op.results[0])

    def __getattr__(self, name: str) -> Any:
        fields = object.__getattribute__(self, "fields") if name != "fields" else None
        if fields is not None and name in fields:
            return fields[name]
        raise AttributeError(f"{type(self).__name__} has no field '{name}'")

    def describe(self) -> str:
        return type(self).__name__


class SoftmaxTiling(AdvStruct):
    """`SoftMaxTiling`: how SoftMax splits its [src_m, src_k] tile (pyasc's name). SoftMax
    recomputes it when the shape it works on differs from (src_m, src_k), so a kernel may
    give the shape only."""

    __slots__ = ()
    STRUCT = SoftMaxTilingType
    SET_MEMBERS = True


class RmsNormTiling(AdvStruct):
    """`RmsNormTiling`: the [b_length, s_length, h_length] shape RmsNorm normalizes over its
    last axis (original_h_length: the unpadded H) and its passes."""

    __slots__ = ()
    STRUCT = RmsNormTilingType
    SET_MEMBERS = True


class LayerNormTiling(AdvStruct):
    """`LayerNormTiling`: the [b_length, s_length, h_length] shape LayerNorm normalizes over
    its last axis (original_h_length: the unpadded H) and its passes. Not in pyasc."""

    __slots__ = ()
    STRUCT = LayerNormTilingType


class SoftMaxShapeInfo(AdvStruct):
    """`AscendC::SoftMaxShapeInfo(src_m, src_k, ori_src_m, ori_src_k)`: the shape SoftMax
    works on and its unpadded original. Not in pyasc (its softmax has no shape argument)."""

    __slots__ = ()
    STRUCT = SoftMaxShapeInfoType
    POSITIONAL = True


class LogSoftMaxTiling(AdvStruct):
    """`LogSoftMaxTiling`: LogSoftMax's split of its [src_m, src_k] tile (SoftmaxTiling's
    fields). Not in pyasc."""

    __slots__ = ()
    STRUCT = LogSoftMaxTilingType
