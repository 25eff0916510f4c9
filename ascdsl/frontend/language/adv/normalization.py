"""Normalization APIs in the kernel language: `asc.adv.rmsnorm`."""

from __future__ import annotations

from ascdsl.dialects.ascendc import RmsNormOp

from ...builder import current
from ...errors import KernelLanguageError
from ...values import ConstExpr, describe
from . import _common as C
from .tiling import RmsNormTiling

__all__ = ["rmsnorm"]


def rmsnorm(dst, src, gamma, epsilon, tiling, temp_buffer=None, basic_block=False) -> None:
    """`AscendC::RmsNorm`: over the last axis H of the tiling's [B, S, H] shape,
    dst = src / sqrt(mean(src^2) + epsilon) * gamma (gamma has H elements)."""
    api = "rmsnorm"
    d, s, g = C.local(dst, api, "dst"), C.local(src, api, "src"), C.local(gamma, api, "gamma")
    C.same_dtype(api, ("dst", d), ("src", s), ("gamma", g))
    C.elements(d, api, "dst", ("f16", "f32"), "RmsNorm")
    tiling = ConstExpr.unwrap(tiling)
    if not isinstance(tiling, RmsNormTiling):
        raise KernelLanguageError(f"{api}(): 'tiling' must be an asc.adv.RmsNormTiling, got "
                                  f"{describe(tiling)}")
    current().insert(RmsNormOp(
        d.to_ir(), s.to_ir(), g.to_ir(), C.scalar(epsilon, api, "epsilon", s.dtype),
        tiling.to_ir(), C.scratch(temp_buffer, api, "RmsNorm"),
        C.flag(basic_block, api, "basic_block")))
