"""Activation APIs in the kernel language: `asc.adv.softmax` (pyasc), and beyond pyasc
`simple_softmax`, `log_softmax`, `gelu`, `faster_gelu`, `sigmoid`, `silu`, `swish`, `swiglu`."""

from __future__ import annotations


from ascdsl.dialects.ascendc import (
    FasterGeluOp,
    GeluOp,
    LogSoftMaxOp,
    SigmoidOp,
    SiluOp,
    SimpleSoftMaxOp,
    SoftMaxOp,
    SwiGLUOp,
    SwishOp,
)

from ... import dtypes as dt
from ...builder import current
from ...errors import KernelLanguageError
from ...values import ConstExpr, describe
from . import _common as C
from .tiling import LogSoftMaxTiling, SoftMaxShapeInfo, SoftmaxTiling

__all__ = ["softmax", "simple_softmax", "log_softmax", "gelu", "faster_gelu", "sigmoid", "silu",
           "swish", "swiglu"]


def _rows(api: str, cpp: str, dst, sum_, max_, src, shape_info):
    """The tensors of a row API, checked, and its shape info (or None)."""
    d, sm, mx, s = (C.local(v, api, n) for v, n in ((dst, "dst"), (sum_, "sum"), (max_, "max"),
                                                   (src, "src")))
    C.same_dtype(api, ("dst", d), ("src", s))
    C.same_dtype(api, ("sum", sm), ("max", mx))
    C.elements(d, api, "dst", ("f16", "f32"), cpp)
    if str(sm.dtype.ir) not in ("f16", "f32") or (d.dtype != sm.dtype and str(d.dtype.ir) != "f16"):
        raise KernelLanguageError(
            f"{api}(): 'sum' and 'max' hold dst's element type, or float32 with float16 dst "
            f"and src; got {sm.dtype} with {d.dtype}")
    shape_info = ConstExpr.unwrap(shape_info)
    if shape_info is not None and not isinstance(shape_info, SoftMaxShapeInfo):
        raise KernelLanguageError(f"{api}(): 'shape_info' must be an asc.adv.SoftMaxShapeInfo, "
                                  f"got {describe(shape_info)}")
    info = shape_info.to_ir() if shape_info is not None else None
    return d.to_ir(), sm.to_ir(), mx.to_ir(), s.to_ir(), info


def _tiling(api: str, tiling, cls):
    tiling = ConstExpr.unwrap(tiling)
    if not isinstance(tiling, cls):
        raise KernelLanguageError(f"{api}(): 'tiling' must be an asc.adv.{cls.__name__}, got "
                                  f"{describe(tiling)}")
    return tiling.to_ir()


def _softmax(cls, api: str, dst, sum_, max_, src, tiling, temp_buffer, reuse_source,
             basic_block, data_format_nz, shape_info) -> None:
    cpp = cls.CPP.api
    d, sm, mx, s, info = _rows(api, cpp, dst, sum_, max_, src, shape_info)
    current().insert(cls(
        d, sm, mx, s, _tiling(api, tiling, SoftmaxTiling), C.scratch(temp_buffer, api, cpp),
        info, C.flag(reuse_source, api, "reuse_source"), C.flag(basic_block, api, "basic_block"),
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


def log_softmax(dst, sum, max, src, tiling, temp_buffer, reuse_source=False,  # noqa: A002
                data_format_nz=False, shape_info=None) -> None:
    """`AscendC::LogSoftMax`: dst = log(softmax(src)) over the last axis, with the row max
    and sum written as `softmax` writes them. The API needs `temp_buffer` (uint8 scratch) and
    an `asc.adv.LogSoftMaxTiling`. Not in pyasc."""
    api = "log_softmax"
    d, sm, mx, s, info = _rows(api, "LogSoftMax", dst, sum, max, src, shape_info)
    tmp = C.scratch(temp_buffer, api, "LogSoftMax")
    if tmp is None:
        raise KernelLanguageError(f"{api}(): AscendC::LogSoftMax needs a temp_buffer")
    current().insert(LogSoftMaxOp(
        d, sm, mx, s, tmp, _tiling(api, tiling, LogSoftMaxTiling), info,
        C.flag(reuse_source, api, "reuse_source"), C.flag(data_format_nz, api, "data_format_nz")))


def _elementwise(cls, api: str, dst, src, count, **extra):
    d, s = C.local(dst, api, "dst"), C.local(src, api, "src")
    C.same_dtype(api, ("dst", d), ("src", s))
    C.elements(d, api, "dst", cls.ELEMENTS, cls.CPP.api)
    if ConstExpr.unwrap(count) is None:
        raise KernelLanguageError(f"{api}(): AscendC::{cls.CPP.api} needs the element count")
    return d, s, C.count(count, api)


def gelu(dst, src, data_size, temp_buffer=None, high_precision=False,
         high_performance=False) -> None:
    """`AscendC::Gelu`: x / (1 + e^(-1.59576912 (x + 0.044715 x^3))) (the tanh form).
    Not in pyasc."""
    d, s, n = _elementwise(GeluOp, "gelu", dst, src, data_size)
    current().insert(GeluOp(d.to_ir(), s.to_ir(), n, C.scratch(temp_buffer, "gelu", "Gelu"),
                            C.flag(high_precision, "gelu", "high_precision"),
                            C.flag(high_performance, "gelu", "high_performance")))


def faster_gelu(dst, src, data_size, temp_buffer=None, high_precision=False,
                high_performance=False) -> None:
    """`AscendC::FasterGelu`: x / (1 + e^(-1.702 x)). Not in pyasc."""
    api = "faster_gelu"
    d, s, n = _elementwise(FasterGeluOp, api, dst, src, data_size)
    current().insert(FasterGeluOp(d.to_ir(), s.to_ir(), n,
                                  C.scratch(temp_buffer, api, "FasterGelu"),
                                  C.flag(high_precision, api, "high_precision"),
                                  C.flag(high_performance, api, "high_performance")))


def sigmoid(dst, src, count, temp_buffer=None, is_reuse_source=False) -> None:
    """`AscendC::Sigmoid`: 1 / (1 + e^-x). Not in pyasc."""
    d, s, n = _elementwise(SigmoidOp, "sigmoid", dst, src, count)
    current().insert(SigmoidOp(d.to_ir(), s.to_ir(), n,
                               C.scratch(temp_buffer, "sigmoid", "Sigmoid"),
                               C.flag(is_reuse_source, "sigmoid", "is_reuse_source")))


def silu(dst, src, data_size, is_reuse_source=False) -> None:
    """`AscendC::Silu`: x / (1 + e^-x). Not in pyasc."""
    d, s, n = _elementwise(SiluOp, "silu", dst, src, data_size)
    current().insert(SiluOp(d.to_ir(), s.to_ir(), n,
                            C.flag(is_reuse_source, "silu", "is_reuse_source")))


def swish(dst, src, data_size, scalar_value, is_reuse_source=False) -> None:
    """`AscendC::Swish`: x / (1 + e^(-beta x)) with beta = `scalar_value`. Not in pyasc."""
    d, s, n = _elementwise(SwishOp, "swish", dst, src, data_size)
    current().insert(SwishOp(d.to_ir(), s.to_ir(), n,
                             C.scalar(scalar_value, "swish", "scalar_value", d.dtype),
                             C.flag(is_reuse_source, "swish", "is_reuse_source")))


def swiglu(dst, src0, src1, scalar_value, count, temp_buffer=None,
           is_reuse_source=False) -> None:
    """`AscendC::SwiGLU`: src0 * src1 / (1 + e^(-beta src1)) with beta = `scalar_value`.
    Not in pyasc."""
    api = "swiglu"
    d, a = C.local(dst, api, "dst"), C.local(src0, api, "src0")
    b = C.local(src1, api, "src1")
    C.same_dtype(api, ("dst", d), ("src0", a), ("src1", b))
    C.elements(d, api, "dst", SwiGLUOp.ELEMENTS, "SwiGLU")
    if ConstExpr.unwrap(count) is None:
        raise KernelLanguageError(f"{api}(): AscendC::SwiGLU needs the element count")
    current().insert(SwiGLUOp(d.to_ir(), a.to_ir(), b.to_ir(),
                              C.scalar(scalar_value, api, "scalar_value", dt.float32),
                              C.count(count, api), C.scratch(temp_buffer, api, "SwiGLU"),
                              C.flag(is_reuse_source, api, "is_reuse_source")))
