"""Fused vector forms of the kernel language (pyasc's names and keywords): `axpy`,
`fused_mul_add`, `fused_mul_add_relu`, `mul_add_dst`."""

from __future__ import annotations

from ascdsl.dialects.ascendc import (
    AxpyL0Op, AxpyL1Op, AxpyL2Op,
    FusedMulAddL0Op, FusedMulAddL1Op, FusedMulAddL2Op,
    FusedMulAddReluL0Op, FusedMulAddReluL1Op, FusedMulAddReluL2Op,
    MulAddDstL0Op, MulAddDstL1Op, MulAddDstL2Op,
)

from .dispatch import BINARY_TYPES, dispatch, levels
from .tensor import LocalTensor
from .vector import Scalar


@levels(AxpyL0Op, AxpyL1Op, AxpyL2Op, types=BINARY_TYPES)
def axpy(dst: LocalTensor, src: LocalTensor, scalar: Scalar, *args, **kwargs) -> None:
    """`AscendC::Axpy`: dst = src * scalar + dst (half into float allowed)."""
    dispatch(axpy, dst, src, scalar, *args, **kwargs)


@levels(FusedMulAddL0Op, FusedMulAddL1Op, FusedMulAddL2Op, types=BINARY_TYPES)
def fused_mul_add(dst: LocalTensor, src0: LocalTensor, src1: LocalTensor, *args,
                  **kwargs) -> None:
    """`AscendC::FusedMulAdd`: dst = src0 * dst + src1 (one rounding)."""
    dispatch(fused_mul_add, dst, src0, src1, *args, **kwargs)


@levels(FusedMulAddReluL0Op, FusedMulAddReluL1Op, FusedMulAddReluL2Op, types=BINARY_TYPES)
def fused_mul_add_relu(dst: LocalTensor, src0: LocalTensor, src1: LocalTensor, *args,
                       **kwargs) -> None:
    """`AscendC::FusedMulAddRelu`: dst = max(src0 * dst + src1, 0)."""
    dispatch(fused_mul_add_relu, dst, src0, src1, *args, **kwargs)


@levels(MulAddDstL0Op, MulAddDstL1Op, MulAddDstL2Op, types=BINARY_TYPES)
def mul_add_dst(dst: LocalTensor, src0: LocalTensor, src1: LocalTensor, *args,
                **kwargs) -> None:
    """`AscendC::MulAddDst`: dst = src0 * src1 + dst (one rounding)."""
    dispatch(mul_add_dst, dst, src0, src1, *args, **kwargs)


__all__ = ["axpy", "fused_mul_add", "fused_mul_add_relu", "mul_add_dst"]
