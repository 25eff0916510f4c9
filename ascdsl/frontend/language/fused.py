"""Fused vector forms of the kernel language (pyasc's names and keywords): `axpy`."""

from __future__ import annotations

from ascdsl.dialects.ascendc import AxpyL0Op, AxpyL1Op, AxpyL2Op

from .dispatch import dispatch, levels
from .tensor import LocalTensor
from .vector import Scalar


@levels(AxpyL0Op, AxpyL1Op, AxpyL2Op)
def axpy(dst: LocalTensor, src: LocalTensor, scalar: Scalar, *args, **kwargs) -> None:
    """`AscendC::Axpy`: dst = src * scalar + dst (half into float allowed)."""
    dispatch(axpy, dst, src, scalar, *args, **kwargs)


__all__ = ["axpy"]
