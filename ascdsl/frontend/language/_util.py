"""Argument checks shared by the kernel-language functions (messages name the API and argument)."""

from __future__ import annotations

from enum import Enum
from typing import Any, TypeVar

from ..dtypes import DataType
from ..errors import KernelLanguageError
from ..values import INTEGRAL, ConstExpr, IRValue, describe

E = TypeVar("E", bound=Enum)


def enum_arg(value: Any, enum: type[E], api: str, arg: str) -> E:
    """A compile-time enum argument (`asc.HardEvent.MTE2_V`); integers are accepted by value."""
    value = ConstExpr.unwrap(value)
    if isinstance(value, enum):
        return value
    if isinstance(value, IRValue):
        raise KernelLanguageError(
            f"{api}(): '{arg}' must be known at compile time (an {enum.__name__}), "
            f"got a {describe(value)}"
        )
    if isinstance(value, INTEGRAL) and not isinstance(value, bool):
        try:
            return enum(int(value))
        except ValueError:
            pass
    raise KernelLanguageError(f"{api}(): '{arg}' must be an {enum.__name__}, got {describe(value)}")


def dtype_arg(value: Any, api: str, arg: str = "dtype") -> DataType:
    """A data-type argument (`asc.float32`)."""
    value = ConstExpr.unwrap(value)
    if isinstance(value, DataType):
        return value
    raise KernelLanguageError(
        f"{api}(): '{arg}' must be a data type such as asc.float32, got {describe(value)}"
    )


def const_int_arg(value: Any, api: str, arg: str) -> int:
    """An integer that must be known at compile time (a queue depth, a position, ...)."""
    value = ConstExpr.unwrap(value)
    if isinstance(value, IRValue):
        raise KernelLanguageError(
            f"{api}(): '{arg}' must be known at compile time, got a {describe(value)}"
        )
    if isinstance(value, INTEGRAL):
        return int(value)
    raise KernelLanguageError(f"{api}(): '{arg}' must be an integer, got {describe(value)}")


def const_bool_arg(value: Any, api: str, arg: str) -> bool:
    """A flag that must be known at compile time (`is_set_mask`, `cal_index`)."""
    value = ConstExpr.unwrap(value)
    if isinstance(value, bool):
        return value
    if isinstance(value, INTEGRAL) and value in (0, 1):
        return bool(value)
    raise KernelLanguageError(
        f"{api}(): '{arg}' must be True or False at compile time, got {describe(value)}"
    )


def require(value: Any, cls: type | tuple[type, ...], api: str, arg: str, what: str) -> Any:
    """`value` if it is a `cls`, else an error naming the API, the argument and `what`."""
    if not isinstance(value, cls):
        raise KernelLanguageError(f"{api}(): '{arg}' must be {what}, got {describe(value)}")
    return value


def bind_args(api: str, names: tuple[str, ...], args: tuple, kwargs: dict,
              noun: str = "argument") -> dict[str, Any]:
    """pyasc's positional-or-keyword arguments of `api` by name (`noun`: what the error
    messages call them, "argument" or "field"); a missing one is simply absent."""
    if len(args) > len(names):
        raise KernelLanguageError(
            f"{api}() takes at most {len(names)} {noun}s ({', '.join(names)})")
    given = dict(zip(names, args))
    for k, v in kwargs.items():
        if k not in names:
            raise KernelLanguageError(
                f"{api}() has no {noun} '{k}' ({noun}s: {', '.join(names)})")
        if k in given:
            raise KernelLanguageError(f"{api}() got two values for '{k}'")
        given[k] = v
    return given
