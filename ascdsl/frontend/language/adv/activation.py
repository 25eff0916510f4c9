"""Activation APIs in the kernel language: `asc.adv.softmax` (pyasc) and `simple_softmax`."""

from __future__ import annotations


from ascdsl.dialects.ascendc import SimpleSoftMaxOp, SoftMaxOp

from ...builder import current
from ...errors import KernelLanguageError
from ...values import ConstExpr, describe
from . import _common as C
from .tiling import SoftMaxShapeInfo, SoftmaxTiling

__all__ = ["softmax", "simple_softmax"]


def _softmax(cls, api: str, dst, sum_, max_, src, tiling, temp_buffer, reuse_source,
             basic_block, data_format_nz, shape_info) -> None:
    d, sm, mx, s = (C.local(v, api, n) for v, n in ((dst, "dst"), (sum_, "sum"), (max_, "max"),
                                                   (src, "src")))
    C.same_dtype(api, ("dst", d), ("src", s))
    C.same_dtype(api, ("sum", sm), ("max", mx))
    C.elements(d, api, "dst", ("f16", "f32"), cls.CPP.api)
    if str(sm.dtype.ir) not in ("f16", "f32") or (d.dtype != sm.dtype and str(d.dtype.ir) != "f16"):
        raise KernelLanguageError(
            f"{api}(): 'sum' and 'max' hold dst's element type, or float32 with float16 dst "
            f"and src; got {sm.dtype} with {d.dtype}")
    tiling = ConstExpr.unwrap(tiling)
    if not isinstance(tiling, SoftmaxTiling):
        raise KernelLanguageError(f"{api}(): 'tiling' must be an asc.adv.SoftmaxTiling, got "
                                  f"{describe(tiling)}")
    shape_info = ConstExpr.unwrap(shape_info)
    if shape_info is not None and not isinstance(shape_info, SoftMaxShapeInfo):
        raise KernelLanguageError(f"{api}(): 'shape_info' must be an asc.adv.SoftMaxShapeInfo, "
                                  f"got {describe(shape_info)}")
    current().insert(cls(
        d.to_ir(), sm.to_ir(), mx.to_ir(), s.to_ir(), tiling.to_ir(),
        C.scratch(temp_buffer, api, cls.CPP.api),
        shape_info.to_ir() if shape_info is not None else None,
        C.flag(reuse_source, api, "reuse_source"), C.flag(basic_block, api, "basic_block"),
        C.flag(data_format_nz, api, "data_format_nz")))


def softmax(dst, sum, max, src, tiling, temp_buffer=None, reuse_source=False,  # noqa: A002
            basic_block=False, data_format_nz=False, shape_info=None) -> None:
    """`AscendC::SoftMax`: softmax over the last axis of a [m, k] tile.

    max = rowmax(src), sum = rowsum(exp(src - max)), dst = exp(src - max) / sum; `sum` and
    `max` get one 32-byte block per row (the row's value repeated). The shape is
    `shape_info` (an ascdsl extension: `asc.adv.SoftMaxShapeInfo(m, k, m, k)`), else the
    source's ShapeInfo, else the tiling's (src_m, src_k). dst may be src.
    """
    _softmax(SoftMaxOp, "softmax", dst, sum, max, src, tiling, temp_buffer, reuse_source,
             basic_block, data_format_nz, shape_info)


def simple_softmax(dst, sum, max, src, tiling, temp_buffer=None,  # noqa: A002
                   reuse_source=False, basic_block=False, data_format_nz=False,
                   shape_info=None) -> None:
    """`AscendC::SimpleSoftMax`: dst = exp(src - max) / sum with the row max and sum given
    (as `softmax` writes them). Not in pyasc's Python API (its dialect has the op)."""
    _softmax(SimpleSoftMaxOp, "simple_softmax", dst, sum, max, src, tiling, temp_buffer,
             reuse_source, basic_block, data_format_nz, shape_info)
