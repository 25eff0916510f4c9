"""The cube unit in the kernel language: `asc.load_data`, `asc.mmad`, `asc.fixpipe`.

pyasc's signatures; the trailing arguments select the op (see `dispatch`):

    asc.load_data(a2, a1, asc.LoadData2DParams(...))          L1 -> L0A/L0B on MTE1
    asc.mmad(co1, a2, b2, asc.MmadParams(m, n, k))            L0A x L0B -> L0C on M
    asc.mmad(co1, a2, b2, bias, asc.MmadParams(m, n, k))      plus a bias row (C2)
    asc.fixpipe(c_gm, co1, asc.FixpipeParamsV220(...))        L0C -> GM on FIX (ROW_MAJOR)
    asc.fixpipe(c_gm, co1, params, asc.FixpipeConfig.cfg_nz)  another layout
"""

from __future__ import annotations

from typing import Any

from ascdsl.dialects.ascendc import (
    FixpipeOp,
    FixpipeWithWorkspaceOp,
    LoadDataG2LOp,
    LoadDataG2LV2Op,
    LoadDataL0Op,
    LoadDataL0V2Op,
    MmadOp,
    MmadWithBiasOp,
)

from ..builder import current
from ..errors import KernelLanguageError
from ..values import ConstExpr, describe
from ._util import require
from .cube_params import FixpipeConfig, FixpipeParamsV220
from .dispatch import dispatch, levels
from .tensor import BaseTensor, GlobalTensor, LocalTensor


@levels(LoadDataL0Op, LoadDataG2LOp, LoadDataL0V2Op, LoadDataG2LV2Op)
def load_data(dst: LocalTensor, *args, **kwargs) -> None:
    """`AscendC::LoadData(dst, src, params)`: 512-byte fractals from L1 (A1/B1) to L0A/L0B
    (A2/B2) on MTE1, or from GM on MTE2."""
    dispatch(load_data, dst, *args, **kwargs)


@levels(MmadOp, MmadWithBiasOp)
def mmad(dst: LocalTensor, fm: LocalTensor, filter: LocalTensor, *args, **kwargs) -> None:
    """`AscendC::Mmad(dst, fm, filter, [bias,] params)`: dst (L0C) = or += fm (L0A) x filter
    (L0B) on the cube (M pipe); f16/bf16/f32 accumulate in f32, int8 in int32."""
    dispatch(mmad, dst, fm, filter, *args, **kwargs)


def fixpipe(dst: BaseTensor, src: LocalTensor, *args: Any, **kwargs: Any) -> None:
    """`AscendC::Fixpipe<dstT, srcT, config>(dst, src, [cbuf_workspace,] params)`: L0C (CO1)
    to GM or L1 on FIX; NZ fractals become ND rows (config `FixpipeConfig.cfg_row_major`, the
    default), converted by `quant_pre` and ReLU'd if `relu_en`."""
    api = "fixpipe"
    require(dst, (GlobalTensor, LocalTensor), api, "dst", "a GlobalTensor or LocalTensor")
    require(src, LocalTensor, api, "src", "a LocalTensor (in CO1)")
    rest = [ConstExpr.unwrap(a) for a in args]
    workspace = None
    if rest and isinstance(rest[0], LocalTensor):
        workspace = rest.pop(0)
    elif "cbuf_workspace" in kwargs:
        workspace = ConstExpr.unwrap(kwargs.pop("cbuf_workspace"))
    params = rest.pop(0) if rest else ConstExpr.unwrap(kwargs.pop("params", None))
    config = rest.pop(0) if rest else ConstExpr.unwrap(
        kwargs.pop("config", FixpipeConfig.cfg_row_major))
    if rest or kwargs:
        extra = ", ".join([describe(a) for a in rest] + list(kwargs))
        raise KernelLanguageError(f"{api}() got unexpected arguments: {extra}")
    require(params, FixpipeParamsV220, api, "params", "a FixpipeParamsV220")
    if callable(config) and not isinstance(config, FixpipeConfig):
        config = config()
    require(config, FixpipeConfig, api, "config", "a FixpipeConfig")
    if workspace is None:
        op = FixpipeOp(dst.to_ir(), src.to_ir(), params.to_ir(), config.to_ir())
    else:
        require(workspace, LocalTensor, api, "cbuf_workspace", "a LocalTensor (in L1)")
        op = FixpipeWithWorkspaceOp.build(operands=[dst.to_ir(), src.to_ir(), workspace.to_ir(),
                                                    params.to_ir(), config.to_ir()])
    current().insert(op)


__all__ = ["load_data", "mmad", "fixpipe"]
