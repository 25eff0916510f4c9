"""ascx in the kernel language: `asc.ext.scaled_relu` and `asc.ext.clamp`.

Imported when a kernel first uses one of them (registered lazily in __init__.py): the
kernel language is heavy to import, and ascdsl-opt never needs it.
"""

from __future__ import annotations

from ascdsl.extension import (
    KernelLanguageError,
    LocalTensor,
    current,
    dispatch,
    levels,
    materialize,
    materialize_int,
)

from .ops import ClampOp, ScaledReluL2Op


# pyasc-style arguments from the op's operands: scaled_relu(dst, src, scalar, count).
@levels(ScaledReluL2Op)
def scaled_relu(dst: LocalTensor, src: LocalTensor, scalar, *args, **kwargs) -> None:
    """`ascx::ScaledRelu`: dst = max(src, 0) * scalar, elementwise."""
    dispatch(scaled_relu, dst, src, scalar, *args, **kwargs)


def clamp(dst: LocalTensor, src: LocalTensor, lo, hi, count) -> None:
    """dst = min(max(src, lo), hi) over `count` elements (`ascx.clamp`)."""
    for name, t in (("dst", dst), ("src", src)):
        if not isinstance(t, LocalTensor):
            raise KernelLanguageError(f"clamp(): '{name}' must be a LocalTensor, got "
                                      f"{type(t).__name__}")
    element = dst.dtype
    current().insert(ClampOp(dst.to_ir(), src.to_ir(), materialize(lo, element).value,
                             materialize(hi, element).value,
                             materialize_int(count, "clamp(): 'count'").value))
