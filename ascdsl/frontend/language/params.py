"""Ascend C parameter structs (`asc.DataCopyParams(...)`, `asc.BinaryRepeatParams(...)`, ...).

One Python class per struct of the dialect's table (`PARAM_STRUCT_TYPES`): the class name is the
C++ name, the keyword arguments are the fields in snake_case with the dialect's defaults.
Building one emits `ascendc.construct`.
"""

from __future__ import annotations

import inspect
import re
from typing import Any, ClassVar

from ascdsl.dialects.ascendc import ConstructOp
from ascdsl.dialects.ascendc.types import PARAM_STRUCT_TYPES, ParamStructType

from ..builder import current
from ..errors import KernelLanguageError
from ..values import ConstExpr, IRValue, materialize_int


def _snake(name: str) -> str:
    return re.sub(r"(?<=[a-z0-9])([A-Z])", r"_\1", name).lower()


class ParamStruct(IRValue):
    """Base of the parameter-struct classes; `fields` keeps the values given per field."""

    __slots__ = ("fields",)
    STRUCT: ClassVar[type[ParamStructType]]
    FIELD_NAMES: ClassVar[tuple[str, ...]]
    DEFAULTS: ClassVar[tuple[int, ...]]

    def __init__(self, *args: Any, **kwargs: Any):
        cls = type(self)
        api = cls.__name__
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
        operands = [
            materialize_int(v, f"{api}(): '{name}'").value for name, v in self.fields.items()
        ]
        op = current().insert(ConstructOp(cls.STRUCT(), operands))
        super().__init__(op.results[0])

    def describe(self) -> str:
        """The struct's name."""
        return type(self).__name__


def _make(struct: type[ParamStructType]) -> type[ParamStruct]:
    name = struct.CPP.rsplit("::", 1)[-1]
    fields = tuple(_snake(f) for f in struct.field_names())
    defaults = struct.defaults()
    cls = type(
        name,
        (ParamStruct,),
        {
            "__slots__": (),
            "STRUCT": struct,
            "FIELD_NAMES": fields,
            "DEFAULTS": defaults,
            "__module__": __name__,
            "__qualname__": name,
            "__doc__": f"`{struct.CPP}{{{', '.join(struct.field_names())}}}` "
            f"(defaults {', '.join(f'{f}={d}' for f, d in zip(fields, defaults))}).",
        },
    )
    cls.__signature__ = inspect.Signature(  # type: ignore[attr-defined]
        [
            inspect.Parameter(f, inspect.Parameter.POSITIONAL_OR_KEYWORD, default=d)
            for f, d in zip(fields, defaults)
        ]
    )
    return cls


PARAM_CLASSES: dict[type[ParamStructType], type[ParamStruct]] = {
    t: _make(t) for t in PARAM_STRUCT_TYPES.values()
}
BY_NAME: dict[str, type[ParamStruct]] = {c.__name__: c for c in PARAM_CLASSES.values()}

DataCopyParams = BY_NAME["DataCopyParams"]
DataCopyPadParams = BY_NAME["DataCopyPadParams"]
DataCopyExtParams = BY_NAME["DataCopyExtParams"]
BinaryRepeatParams = BY_NAME["BinaryRepeatParams"]
UnaryRepeatParams = BY_NAME["UnaryRepeatParams"]
