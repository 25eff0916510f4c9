"""The kind of each runtime kernel argument: a GM pointer to a dtype (numpy array, torch CPU
tensor, MockTensor) or a scalar of a dtype (Python int -> int32, float -> float32, bool, numpy
scalar, MockValue). A kernel's specialization is the ArgKind of each argument."""

from __future__ import annotations

import sys
from typing import Any

import numpy as np

from . import dtypes as dt
from .codegen import ArgKind
from .dtypes import DataType
from .values import INTEGRAL, REAL


class MockTensor:
    """Stands for an array argument of `dtype` when compiling without data."""

    __slots__ = ("dtype",)

    def __init__(self, dtype: DataType):
        self.dtype = _checked_dtype(type(self).__name__, dtype)


class MockValue:
    """Stands for a scalar argument of `dtype` when compiling without data."""

    __slots__ = ("dtype",)

    def __init__(self, dtype: DataType):
        self.dtype = _checked_dtype(type(self).__name__, dtype)


def _checked_dtype(what: str, dtype: Any) -> DataType:
    if not isinstance(dtype, DataType):
        shown = (f"class {dtype.__module__}.{dtype.__qualname__}" if isinstance(dtype, type)
                 else f"{type(dtype).__name__} {dtype!r}")
        raise TypeError(f"{what}(): 'dtype' must be a data type such as asc.float32, got "
                        f"{shown}")
    return dtype


_SCALAR_KINDS: dict[type, ArgKind] = {
    bool: ArgKind(False, dt.bool_),
    int: ArgKind(False, dt.int32),
    float: ArgKind(False, dt.float32),
}
_NP_KINDS: dict[tuple[bool, Any], ArgKind | None] = {}
_INT32_MIN, _INT32_MAX = -(1 << 31), (1 << 31) - 1


def _dtype_kind(pointer: bool, dtype_obj: Any) -> ArgKind | None:
    key = (pointer, dtype_obj)
    kind = _NP_KINDS.get(key, False)
    if kind is False:
        t = dt.from_array_dtype_name(str(dtype_obj))
        kind = ArgKind(pointer, t) if t is not None else None
        _NP_KINDS[key] = kind
    return kind  # type: ignore[return-value]


def classify(fn_name: str, name: str, value: Any) -> ArgKind:
    """The ArgKind of a runtime argument; TypeError naming the argument when unsupported."""
    kind = _SCALAR_KINDS.get(type(value))
    if kind is not None:
        if kind.dtype is dt.int32 and not _INT32_MIN <= value <= _INT32_MAX:
            raise ValueError(
                f"{fn_name}(): argument '{name}' = {value} does not fit int32 (Python ints are "
                "passed as int32; pass numpy.int64(...) for a 64-bit value)"
            )
        return kind
    if isinstance(value, np.ndarray):
        kind = _dtype_kind(True, value.dtype)
        if kind is None:
            raise TypeError(
                f"{fn_name}(): argument '{name}' is a numpy array of {value.dtype}, which has no "
                "kernel type (use float16/32/64, bfloat16, int8..int64 or uint8..uint64)"
            )
        return kind
    if isinstance(value, np.generic):
        kind = _dtype_kind(False, value.dtype)
        if kind is None:
            raise TypeError(f"{fn_name}(): argument '{name}' is a numpy {value.dtype}, which has "
                            "no kernel type")
        return kind
    torch = sys.modules.get("torch")
    if torch is not None and isinstance(value, torch.Tensor):
        if value.device.type != "cpu":
            raise TypeError(
                f"{fn_name}(): argument '{name}' is a torch tensor on {value.device}; the "
                "simulator takes CPU tensors"
            )
        kind = _dtype_kind(True, value.dtype)
        if kind is None:
            raise TypeError(f"{fn_name}(): argument '{name}' is a torch tensor of {value.dtype}, "
                            "which has no kernel type")
        return kind
    if isinstance(value, MockTensor):
        return ArgKind(True, value.dtype)
    if isinstance(value, MockValue):
        return ArgKind(False, value.dtype)
    struct = getattr(type(value), "STRUCT", None)
    if struct is not None and callable(getattr(value, "pack", None)):
        # a host struct (asc.adv.TCubeTiling): passed as a GM pointer to its bytes
        return ArgKind(True, dt.uint8, struct())
    if isinstance(value, bool):
        return _SCALAR_KINDS[bool]
    if isinstance(value, INTEGRAL):
        return classify(fn_name, name, int(value))
    if isinstance(value, REAL):
        return _SCALAR_KINDS[float]
    raise TypeError(
        f"{fn_name}(): argument '{name}' has unsupported type {type(value).__name__} "
        f"(Argument type in JIT function is not supported: {type(value).__name__}); pass a "
        "numpy array, a torch CPU tensor, a Python int/float/bool or a numpy scalar"
    )
