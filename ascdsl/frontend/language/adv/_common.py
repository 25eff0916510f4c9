"""Argument checks shared by the advanced APIs of the kernel language (messages name the API)."""

from __future__ import annotations

from typing import Any

from xdsl.ir import SSAValue

from ... import dtypes as dt
from ...errors import KernelLanguageError
from ...values import ConstExpr, IRValue, constant, describe, materialize, materialize_int
from ..tensor import LocalTensor


def local(value: Any, api: str, arg: str) -> LocalTensor:
    value = ConstExpr.unwrap(value)
    if not isinstance(value, LocalTensor):
        raise KernelLanguageError(f"{api}(): '{arg}' must be a LocalTensor, got {describe(value)}")
    return value


def elements(t: LocalTensor, api: str, arg: str, allowed: tuple[str, ...], cpp: str) -> None:
    """The tensor holds one of the element types the Ascend C API accepts (IR spellings)."""
    name = str(t.dtype.ir) if t.dtype is not None else "?"
    if name not in allowed:
        spelled = ", ".join(_NAMES.get(a, a) for a in allowed)
        raise KernelLanguageError(
            f"{api}(): '{arg}' holds {t.dtype}; AscendC::{cpp} computes {spelled}")


_NAMES = {"f16": "float16", "f32": "float32", "i16": "int16", "ui16": "uint16", "i32": "int32",
          "i8": "int8", "ui8": "uint8"}


def same_dtype(api: str, first: tuple[str, LocalTensor], *rest: tuple[str, LocalTensor]) -> None:
    name, t = first
    for other_name, other in rest:
        if other.dtype != t.dtype:
            raise KernelLanguageError(
                f"{api}(): '{other_name}' holds {other.dtype} but '{name}' holds {t.dtype}")


def scratch(value: Any, api: str, cpp: str, allowed: bool = True) -> SSAValue | None:
    """`temp_buffer`: None, or a LocalTensor of uint8 scratch bytes."""
    value = ConstExpr.unwrap(value)
    if value is None:
        return None
    if not allowed:
        raise KernelLanguageError(f"{api}(): AscendC::{cpp} takes no temp_buffer (it needs no "
                                  "scratch space)")
    t = local(value, api, "temp_buffer")
    if t.dtype is not None and t.dtype not in (dt.uint8, dt.int8):
        raise KernelLanguageError(
            f"{api}(): 'temp_buffer' holds {t.dtype}; the scratch space of AscendC::{cpp} is a "
            "LocalTensor of uint8 bytes (asc.uint8)")
    return t.to_ir()


def flag(value: Any, api: str, arg: str) -> bool:
    """A template flag: known when the kernel compiles."""
    value = ConstExpr.unwrap(value)
    if isinstance(value, IRValue):
        raise KernelLanguageError(
            f"{api}(): '{arg}' is a C++ template argument and must be known at compile time, "
            f"got a {describe(value)}")
    if isinstance(value, (bool, int)) and value in (0, 1):
        return bool(value)
    raise KernelLanguageError(f"{api}(): '{arg}' must be True or False, got {describe(value)}")


def bool_operand(value: Any, api: str, arg: str) -> SSAValue:
    """A template flag the IR carries as an i1 operand (`arith.constant false`)."""
    return constant(flag(value, api, arg), dt.bit).value


def count(value: Any, api: str, dtype: dt.DataType = dt.int32) -> SSAValue | None:
    value = ConstExpr.unwrap(value)
    if value is None:
        return None
    return materialize_int(value, f"{api}(): 'count'", dtype).value


def scalar(value: Any, api: str, arg: str, dtype: dt.DataType) -> SSAValue:
    value = ConstExpr.unwrap(value)
    try:
        return materialize(value, dtype).value
    except KernelLanguageError as e:
        raise KernelLanguageError(f"{api}(): '{arg}': {e}") from None
