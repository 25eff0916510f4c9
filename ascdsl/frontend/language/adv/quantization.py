"""Quantization APIs in the kernel language: `asc.adv.quant` and (beyond pyasc)
`asc.adv.ascend_dequant` with its `asc.adv.DeQuantMode`."""

from __future__ import annotations

from ascdsl.dialects.ascendc import DEQUANT_TYPES, AscendDequantOp, DeQuantMode, QuantOp

from ... import dtypes as dt
from ...builder import current
from ...errors import KernelLanguageError
from ...values import ConstExpr, describe
from .._util import enum_arg
from ..tensor import LocalTensor
from . import _common as C
from .types import DequantParams, QuantConfig

__all__ = ["quant", "ascend_dequant", "DeQuantMode"]


def quant(dst, src, scale, offset, count=None, temp_buffer=None, reuse_source=False,
          config=None) -> None:
    """`AscendC::AscendQuant` per tensor: dst (int8) = round(src * scale + offset), ties to
    even, saturated; computed in half as the library does. `config` is an
    `asc.adv.QuantConfig`."""
    api = "quant"
    d, s = C.local(dst, api, "dst"), C.local(src, api, "src")
    if d.dtype != dt.int8:
        raise KernelLanguageError(f"{api}(): 'dst' must hold int8, got {d.dtype}")
    C.elements(s, api, "src", ("f16", "f32"), "AscendQuant")
    if ConstExpr.unwrap(count) is None:
        raise KernelLanguageError(
            f"{api}(): give 'count' (pyasc's ascendc.quant carries the element count)")
    config = ConstExpr.unwrap(config)
    if config is not None and not isinstance(config, QuantConfig):
        raise KernelLanguageError(f"{api}(): 'config' must be an asc.adv.QuantConfig, got "
                                  f"{describe(config)}")
    current().insert(QuantOp(
        d.to_ir(), s.to_ir(), C.scalar(scale, api, "scale", s.dtype),
        C.scalar(offset, api, "offset", s.dtype), C.count(count, api),
        C.scratch(temp_buffer, api, "AscendQuant"),
        config.to_ir() if config is not None else None,
        C.flag(reuse_source, api, "reuse_source")))


_SPELLED = {"f32": "float32", "bf16": "bfloat16", "f16": "float16", "ui64": "uint64"}


def ascend_dequant(dst, src, deq_scale, params, temp_buffer=None, mode=None) -> None:
    """`AscendC::AscendDequant<dstT, scaleT, mode>(dst, src, deqScale[, sharedTmpBuffer],
    DequantParams{m, n, calCount})` with a scale vector: src is m rows of n int32 (n a
    multiple of 8) and dst[i][j] = float(src[i][j]) * deq_scale[j] for j < calCount, the rest
    of the row converted unscaled; dst rows are n rounded up to 32 bytes of its type.
    (dst, deq_scale) hold (float32, float32), (float32, bfloat16), (bfloat16, bfloat16),
    (bfloat16, float32) or (float16, uint64: a float in the low word). `params` is an
    `asc.adv.DequantParams`; `mode` an `asc.adv.DeQuantMode` (default
    DEQUANT_WITH_SINGLE_ROW: {1, n, c} is {n / c, c, c} when it can be). Not in pyasc."""
    api = "ascend_dequant"
    d, s = C.local(dst, api, "dst"), C.local(src, api, "src")
    sc = ConstExpr.unwrap(deq_scale)
    if not isinstance(sc, LocalTensor):
        raise KernelLanguageError(
            f"{api}(): 'deq_scale' must be a LocalTensor of scales (ascdsl has the scale-vector "
            f"form of AscendDequant only), got {describe(sc)}")
    if s.dtype != dt.int32:
        raise KernelLanguageError(f"{api}(): 'src' must hold int32, got {s.dtype}")
    pair = (str(d.dtype.ir), str(sc.dtype.ir))
    if pair not in DEQUANT_TYPES:
        takes = ", ".join(f"({_SPELLED[a]}, {_SPELLED[b]})" for a, b in DEQUANT_TYPES)
        raise KernelLanguageError(
            f"{api}(): 'dst' holds {d.dtype} and 'deq_scale' {sc.dtype}; AscendC::AscendDequant "
            f"takes (dst, deq_scale) {takes}")
    params = ConstExpr.unwrap(params)
    if not isinstance(params, DequantParams):
        raise KernelLanguageError(f"{api}(): 'params' must be an asc.adv.DequantParams(m, n, "
                                  f"cal_count), got {describe(params)}")
    chosen = DeQuantMode.DEQUANT_WITH_SINGLE_ROW if ConstExpr.unwrap(mode) is None else \
        enum_arg(mode, DeQuantMode, api, "mode")
    current().insert(AscendDequantOp(d.to_ir(), s.to_ir(), sc.to_ir(), params.to_ir(),
                                     C.scratch(temp_buffer, api, "AscendDequant"), chosen))
