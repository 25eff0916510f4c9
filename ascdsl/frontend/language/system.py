"""Synchronization, system variables and debugging in the kernel language.

`asc.set_flag` / `asc.wait_flag` / `asc.pipe_barrier`, `asc.get_block_idx` and friends,
`asc.printf` and `asc.dump_tensor`: one op each.
"""

from __future__ import annotations

import re
from typing import Any

from xdsl.ir import SSAValue

from ascdsl.dialects.ascendc import (
    DumpTensorOp,
    GetBlockIdxOp,
    GetBlockNumOp,
    GetSubBlockIdxOp,
    HardEvent,
    Pipe,
    PipeBarrierOp,
    PrintfOp,
    SetFlagOp,
    WaitFlagOp,
)

from .. import dtypes as dt
from ..builder import current
from ..errors import KernelLanguageError
from ..values import (
    ConstExpr,
    GlobalAddress,
    IRValue,
    PlainValue,
    describe,
    is_numeric_like,
    materialize,
    materialize_int,
)
from ._util import enum_arg, require
from .tensor import BaseTensor
from .tensor_members import ShapeInfo

# --- synchronization -----------------------------------------------------------------------


def set_flag(event: Any, event_id: Any = 0) -> None:
    """`SetFlag<event>(event_id)`: the source pipe of `event` signals once its work is done."""
    ev = enum_arg(event, HardEvent, "set_flag", "event")
    v = materialize_int(event_id, "set_flag(): 'event_id'")
    current().insert(SetFlagOp(ev, v.value))


def wait_flag(event: Any, event_id: Any = 0) -> None:
    """`WaitFlag<event>(event_id)`: the destination pipe waits for the matching set_flag."""
    ev = enum_arg(event, HardEvent, "wait_flag", "event")
    v = materialize_int(event_id, "wait_flag(): 'event_id'")
    current().insert(WaitFlagOp(ev, v.value))


def pipe_barrier(pipe: Any) -> None:
    """`PipeBarrier<pipe>()`: later ops of `pipe` wait for its earlier ones (PIPE_ALL: all)."""
    p = enum_arg(pipe, Pipe, "pipe_barrier", "pipe")
    current().insert(PipeBarrierOp(p))


# --- system variables ----------------------------------------------------------------------


def _sysvar(cls: type, t: dt.DataType = dt.int32) -> PlainValue:
    op = current().insert(cls(t.ir))
    return PlainValue(op.results[0], t)


def get_block_idx() -> PlainValue:
    """This core's index, 0 .. core_num - 1 (int32)."""
    return _sysvar(GetBlockIdxOp)


def get_block_num() -> PlainValue:
    """The number of cores the kernel runs on (int32)."""
    return _sysvar(GetBlockNumOp)


def get_sub_block_idx() -> PlainValue:
    """Which vector core of an AI core runs this code (0 or 1; an int64, as pyasc types it)."""
    return _sysvar(GetSubBlockIdxOp, dt.int64)


# --- debugging -----------------------------------------------------------------------------


# One conversion of a C format (`%%` is none): flags, width, precision, length, conversion.
_CONVERSION = re.compile(r"%%|%[-+ #0]*(?:\d+|\*)?(?:\.(?:\d+|\*))?(?:hh|h|ll|l|L|z|j|t)?"
                         r"[diouxXeEfFgGcsp]")


def printf(desc: Any, *params: Any) -> None:
    """`AscendC::printf(desc, ...)`. The arguments fill the format's conversions in order; a
    Python string is written into the format in place of its `%s` (as pyasc does), its `%`
    doubled so that it prints as given; every other argument is passed to printf."""
    desc = ConstExpr.unwrap(desc)
    if not isinstance(desc, str):
        raise KernelLanguageError(f"printf(): the format must be a string, got {describe(desc)}")
    conversions = [m for m in _CONVERSION.finditer(desc) if m.group() != "%%"]
    # C's printf takes one value per conversion and one per `*` width or precision; a missing
    # value prints garbage and an extra one is dropped, so a count mismatch is an error.
    wanted = sum(1 + m.group().count("*") for m in conversions)
    if wanted != len(params):
        given = f"{len(params)} {'was' if len(params) == 1 else 'were'} given"
        raise KernelLanguageError(
            f"printf(): the format {desc!r} takes {wanted} value{'s' * (wanted != 1)} (one per "
            f"conversion; '%%' takes none) but {given}")
    text: list[str] = []
    at = 0
    values: list[SSAValue] = []
    for i, p in enumerate(params):
        p = ConstExpr.unwrap(p)
        if isinstance(p, str):
            if i >= len(conversions) or conversions[i].group() != "%s":
                where = (f"conversion {i + 1} is '{conversions[i].group()}'"
                         if i < len(conversions) else f"the format has {len(conversions)} "
                         "conversions")
                raise KernelLanguageError(
                    f"printf(): argument {i + 1} is a string, written into the format in place "
                    f"of its '%s', but {where}")
            m = conversions[i]
            text += [desc[at:m.start()], p.replace("%", "%%")]
            at = m.end()
        elif isinstance(p, PlainValue) or (not isinstance(p, IRValue) and is_numeric_like(p)):
            values.append(materialize(p).value)
        elif isinstance(p, GlobalAddress):  # a GM pointer, printed with %p (pyasc passes it)
            values.append(p.value)
        else:
            raise KernelLanguageError(f"printf(): cannot print {describe(p)}")
    text.append(desc[at:])
    current().insert(PrintfOp("".join(text), values))


def dump_tensor(tensor: Any, desc: Any, dump_size: Any, shape_info: Any = None) -> None:
    """`DumpTensor(tensor, desc, dump_size[, shape_info])`: dump `dump_size` elements tagged
    `desc` (uint32 values, as pyasc passes them)."""
    api = "dump_tensor"
    t = require(ConstExpr.unwrap(tensor), BaseTensor, api, "tensor", "a LocalTensor or GlobalTensor")
    d = materialize_int(desc, f"{api}(): 'desc'", dt.uint32)
    n = materialize_int(dump_size, f"{api}(): 'dump_size'", dt.uint32)
    info = ConstExpr.unwrap(shape_info)
    if info is not None:
        info = require(info, ShapeInfo, api, "shape_info", "a ShapeInfo").value
    current().insert(DumpTensorOp(t.to_ir(), d.value, n.value, info))


__all__ = [
    "set_flag",
    "wait_flag",
    "pipe_barrier",
    "get_block_idx",
    "get_block_num",
    "get_sub_block_idx",
    "printf",
    "dump_tensor",
]
