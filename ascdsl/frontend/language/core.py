"""Loops, compile-time helpers and the enums of the kernel language."""

from __future__ import annotations

from typing import Any

from ascdsl.dialects.ascendc import (
    CacheMode,
    CacheRwMode,
    CmpMode,
    HardEvent,
    Hardware,
    Pipe,
    RoundMode,
    TPosition,
)

from ..errors import KernelLanguageError
from ..values import INTEGRAL, ConstExpr, IRValue, describe

# pyasc's names for the enums.
PipeID = Pipe
CMPMODE = CmpMode

__all__ = [
    "range",
    "static_range",
    "static_assert",
    "ceildiv",
    "TPosition",
    "HardEvent",
    "PipeID",
    "Pipe",
    "Hardware",
    "RoundMode",
    "CMPMODE",
    "CmpMode",
    "CacheMode",
    "CacheRwMode",
]


class _RangeBase:
    __slots__ = ("start", "stop", "step")

    def __init__(self, *args: Any):
        name = type(self).__name__
        if not 1 <= len(args) <= 3:
            raise KernelLanguageError(f"'{name}' expects from 1 to 3 arguments, got {len(args)}")
        args = tuple(ConstExpr.unwrap(a) for a in args)
        self.start: Any = 0
        self.step: Any = 1
        if len(args) == 1:
            self.stop = args[0]
        else:
            self.start, self.stop = args[0], args[1]
        if len(args) == 3:
            self.step = args[2]

    def __iter__(self):
        raise KernelLanguageError(
            f"'{type(self).__name__}' can only be used as the iterable of a for-loop in a kernel"
        )


class range(_RangeBase):  # noqa: A001 - pyasc's name
    """`for i in asc.range(...)`: a runtime loop (`scf.for`), like Python's `range` in a kernel."""

    __slots__ = ()


# Iterations `asc.static_range` may unroll in one kernel (nested loops and sub-functions
# count together): each one copies the loop body's IR, so a million would compile for hours.
STATIC_RANGE_LIMIT = 10_000


class static_range(_RangeBase):
    """`for i in asc.static_range(...)`: unrolled while compiling; bounds must be known then."""

    __slots__ = ()

    def __init__(self, *args: Any):
        super().__init__(*args)
        for v in (self.start, self.stop, self.step):
            if isinstance(v, IRValue) or not isinstance(v, INTEGRAL):
                raise KernelLanguageError(
                    f"static_range bounds must be integers known at compile time, got {describe(v)}"
                )
        if self.step == 0:
            raise KernelLanguageError("static_range step must not be zero")


def static_assert(test: Any, message: str | None = None) -> None:
    """Fail the compilation when `test` (known at compile time) is false."""
    test = ConstExpr.unwrap(test)
    if isinstance(test, IRValue):
        raise KernelLanguageError(
            "static_assert condition must be known at compile time, got a runtime value"
        )
    if not test:
        raise KernelLanguageError(message if message is not None else "static_assert failed")


def ceildiv(x: Any, y: Any) -> Any:
    """ceil(x / y) for positive integers (folded when both are known at compile time)."""
    x, y = ConstExpr.unwrap(x), ConstExpr.unwrap(y)
    return (x + y - 1) // y
