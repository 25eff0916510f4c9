"""Normalization APIs in the kernel language: `asc.adv.rmsnorm` (pyasc) and `layernorm`."""

from __future__ import annotations

from ascdsl.dialects.ascendc import LayerNormOp, RmsNormOp

from ...builder import current
from ...errors import KernelLanguageError
from ...values import ConstExpr, describe
from . import _common as C
from .tiling import LayerNormTiling, RmsNormTiling

__all__ = ["rmsnorm", "layernorm"]


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


def layernorm(dst, mean, variance, src, gamma, beta, epsilon, tiling, temp_buffer=None,
              reuse_source=False) -> None:
    """`AscendC::LayerNorm`: over the last axis H of the tiling's [B, S, H] shape, the mean
    and variance of each row (B * S values each) and
    dst = (src - mean) / sqrt(variance + epsilon) * gamma + beta. Not in pyasc."""
    api = "layernorm"
    names = ("dst", "mean", "variance", "src", "gamma", "beta")
    ts = [C.local(v, api, n) for v, n in zip((dst, mean, variance, src, gamma, beta), names)]
    C.same_dtype(api, *zip(names, ts))
    C.elements(ts[0], api, "dst", ("f16", "f32"), "LayerNorm")
    tiling = ConstExpr.unwrap(tiling)
    if not isinstance(tiling, LayerNormTiling):
        raise KernelLanguageError(f"{api}(): 'tiling' must be an asc.adv.LayerNormTiling, got "
                                  f"{describe(tiling)}")
    current().insert(LayerNormOp(
        *(t.to_ir() for t in ts), C.scalar(epsilon, api, "epsilon", ts[3].dtype), tiling.to_ir(),
        C.scratch(temp_buffer, api, "LayerNorm"), C.flag(reuse_source, api, "reuse_source")))
