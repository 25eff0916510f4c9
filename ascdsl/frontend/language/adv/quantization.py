"""Quantization APIs in the kernel language: `asc.adv.quant`."""

from __future__ import annotations

from ascdsl.dialects.ascendc import QuantOp

from ... import dtypes as dt
from ...builder import current
from ...errors import KernelLanguageError
from ...values import ConstExpr, describe
from . import _common as C
from .types import QuantConfig

__all__ = ["quant"]


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
