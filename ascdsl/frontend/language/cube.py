"""The cube unit in the kernel language: `asc.load_data`, `asc.mmad`, `asc.fixpipe`.

pyasc's signatures; the trailing arguments select the op (see `dispatch`):

    asc.load_data(a2, a1, asc.LoadData2DParams(...))          L1 -> L0A/L0B on MTE1
    asc.mmad(co1, a2, b2, asc.MmadParams(m, n, k))            L0A x L0B -> L0C on M
    asc.mmad(co1, a2, b2, bias, asc.MmadParams(m, n, k, unit_flag=0, cmatrix_source=False,
             cmatrix_init_val=False))                         from a bias row (C2)
    asc.fixpipe(c_gm, co1, asc.FixpipeParamsV220(...))        L0C -> GM on FIX (ROW_MAJOR)
    asc.fixpipe(c_gm, co1, params, asc.FixpipeConfig.cfg_nz)  another layout
"""

from __future__ import annotations

from enum import IntEnum
from typing import Any

from xdsl.dialects import arith, memref
from xdsl.dialects.builtin import ArrayAttr, IndexType, IntegerAttr

from ascdsl.dialects.ascendc import (
    AscendIsAICOp,
    AscendIsAIVOp,
    FixpipeOp,
    FixpipeWithWorkspaceOp,
    GetSubBlockNumOp,
    InitConstValueOp,
    LoadData3DL0V1Op,
    LoadData3DL0V2Op,
    LoadData3DL0V2ProOp,
    LoadDataG2LOp,
    LoadDataG2LV2Op,
    LoadDataL0Op,
    LoadDataL0V2Op,
    LoadDataWithSparseOp,
    LoadDataWithTransposeOp,
    LoadDataWithTransposeV2Op,
    MmadOp,
    MmadWithBiasOp,
    MmadWithSparseOp,
    ConstructOp,
    FmatrixModeType,
    SetFixpipePreQuantFlagOp,
    SetFmatrixOp,
    SetLoadDataBoundaryOp,
    SetLoadDataPaddingValueOp,
    SetLoadDataRepeatOp,
)

from ..builder import current
from ..errors import KernelLanguageError
from .. import dtypes as dt
from ..values import (
    ConstExpr,
    PlainValue,
    describe,
    is_numeric_like,
    materialize,
    materialize_int,
)
from ._util import require
from .cube_params import FixpipeConfig, FixpipeParamsV220, LoadDataRepeatParam
from .dispatch import dispatch, levels
from .tensor import BaseTensor, GlobalTensor, LocalTensor


@levels(LoadDataL0Op, LoadDataG2LOp, LoadDataL0V2Op, LoadDataG2LV2Op, LoadData3DL0V1Op,
        LoadData3DL0V2Op, LoadData3DL0V2ProOp)
def load_data(dst: LocalTensor, *args, **kwargs) -> None:
    """`AscendC::LoadData`: `LoadData(dst, src, params)` copies 512-byte fractals from L1
    (A1/B1) to L0A/L0B (A2/B2) on MTE1, or from GM on MTE2."""
    dispatch(load_data, dst, *args, **kwargs)


@levels(MmadOp, MmadWithBiasOp)
def mmad(dst: LocalTensor, fm: LocalTensor, filter: LocalTensor, *args, **kwargs) -> None:
    """`AscendC::Mmad`: `Mmad(dst, fm, filter, [bias,] params)` makes dst (L0C) = or += fm
    (L0A) x filter (L0B) on the cube (M pipe); f16/bf16/f32 accumulate in f32, int8 in int32."""
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


@levels(LoadDataWithTransposeOp, LoadDataWithTransposeV2Op)
def load_data_with_transpose(dst: LocalTensor, src: LocalTensor, *args, **kwargs) -> None:
    """`AscendC::LoadDataWithTranspose`: L1 -> L0B with transposed fractals."""
    dispatch(load_data_with_transpose, dst, src, *args, **kwargs)


@levels(LoadDataWithSparseOp, names={"params": "load_data_params"})
def load_data_with_sparse(dst: LocalTensor, src: LocalTensor, idx: LocalTensor, *args,
                          **kwargs) -> None:
    """`AscendC::LoadDataWithSparse`: int8 weights with a 2:4 index."""
    dispatch(load_data_with_sparse, dst, src, idx, *args, **kwargs)


@levels(MmadWithSparseOp, names={"params": "mmad_params"})
def mmad_with_sparse(dst: LocalTensor, fm: LocalTensor, filter: LocalTensor, *args,
                     **kwargs) -> None:
    """`AscendC::MmadWithSparse`: int8 with a 2:4 sparse filter."""
    dispatch(mmad_with_sparse, dst, fm, filter, *args, **kwargs)


@levels(InitConstValueOp, names={"params": "init_const_value_params"})
def init_const_value(dst: LocalTensor, *args, **kwargs) -> None:
    """`AscendC::InitConstValue`: fill an L1/L0A/L0B tensor with a value."""
    dispatch(init_const_value, dst, *args, **kwargs)


class FmatrixMode(IntEnum):
    """`AscendC::FmatrixMode`: which feature-map register SetFmatrix writes."""

    FMATRIX_LEFT = 0
    FMATRIX_RIGHT = 1


def set_fmatrix(l1_h: Any, l1_w: Any, pad_list: Any,
                fmatrix_mode: Any = FmatrixMode.FMATRIX_LEFT) -> None:
    """`AscendC::SetFmatrix(l1H, l1W, padList, fmatrixMode)`: the feature map (height, width and
    the four paddings left, right, top, bottom) that LoadData3DParamsV2Pro loads read (beyond
    pyasc, which has the op but no function for it)."""
    api = "set_fmatrix"
    pads = ConstExpr.unwrap(pad_list)
    if not isinstance(pads, (list, tuple)) or len(pads) != 4:
        raise KernelLanguageError(f"{api}(): 'pad_list' must be a list of four paddings (left, "
                                  f"right, top, bottom), got {describe(pads)}")
    mode = ConstExpr.unwrap(fmatrix_mode)
    if not isinstance(mode, int) or mode not in (0, 1):
        raise KernelLanguageError(f"{api}(): 'fmatrix_mode' must be FmatrixMode.FMATRIX_LEFT or "
                                  f"FMATRIX_RIGHT (a C++ enum constant), got {describe(mode)}")
    b = current()
    h = materialize_int(l1_h, f"{api}(): 'l1_h'", dt.uint16)
    w = materialize_int(l1_w, f"{api}(): 'l1_w'", dt.uint16)
    array = b.insert(memref.AllocaOp.get(dt.uint8.ir, shape=[4])).results[0]
    for i, v in enumerate(pads):
        value = materialize_int(v, f"{api}(): a padding", dt.uint8)
        idx = b.insert(arith.ConstantOp(IntegerAttr(i, IndexType()))).results[0]
        b.insert(memref.StoreOp.get(value.value, array, [idx]))
    m = materialize_int(int(mode), f"{api}(): 'fmatrix_mode'", dt.uint8).value
    cons = b.insert(ConstructOp(FmatrixModeType(), [m]))
    cons.properties["types"] = ArrayAttr([dt.uint8.ir])
    b.insert(SetFmatrixOp(h.value, w.value, array, cons.results[0]))


def set_load_data_boundary(boundary: Any) -> None:
    """`AscendC::SetLoadDataBoundary(boundary)`: where 3D loads wrap in L1."""
    value = materialize_int(boundary, "set_load_data_boundary(): 'boundary'").value
    current().insert(SetLoadDataBoundaryOp.build(operands=[value]))


def set_load_data_padding_value(pad_value: Any) -> None:
    """`AscendC::SetLoadDataPaddingValue(value)`: the value 3D loads pad with (its own type)."""
    if not is_numeric_like(ConstExpr.unwrap(pad_value)):
        raise KernelLanguageError(
            f"set_load_data_padding_value(): 'pad_value' must be a number, got "
            f"{describe(ConstExpr.unwrap(pad_value))}")
    value = materialize(pad_value).value
    current().insert(SetLoadDataPaddingValueOp.build(operands=[value]))


def set_load_data_repeat(param: Any) -> None:
    """`AscendC::SetLoadDataRepeat(LoadDataRepeatParam)`: how 3D loads repeat."""
    param = ConstExpr.unwrap(param)
    require(param, LoadDataRepeatParam, "set_load_data_repeat", "param", "a LoadDataRepeatParam")
    current().insert(SetLoadDataRepeatOp.build(operands=[param.to_ir()]))


def set_fix_pipe_pre_quant_flag(config: Any) -> None:
    """`AscendC::SetFixpipePreQuantFlag(config)`: the scalar quantization word (uint64)."""
    value = materialize_int(config, "set_fix_pipe_pre_quant_flag(): 'config'", dt.uint64).value
    current().insert(SetFixpipePreQuantFlagOp.build(operands=[value]))


def ascend_is_aic() -> PlainValue:
    """`ASCEND_IS_AIC`: whether this code runs on the cube core (a bool)."""
    return PlainValue(current().insert(AscendIsAICOp(dt.int1.ir)).results[0], dt.int1)


def ascend_is_aiv() -> PlainValue:
    """`ASCEND_IS_AIV`: whether this code runs on a vector core (a bool)."""
    return PlainValue(current().insert(AscendIsAIVOp(dt.int1.ir)).results[0], dt.int1)


def get_sub_block_num() -> PlainValue:
    """`GetSubBlockNum()`: how many vector cores share a cube core in this launch (uint64)."""
    return PlainValue(current().insert(GetSubBlockNumOp(dt.uint64.ir)).results[0], dt.uint64)


__all__ = ["ascend_is_aic", "ascend_is_aiv", "get_sub_block_num", "load_data", "mmad", "fixpipe",
           "FmatrixMode", "set_fmatrix",
           "load_data_with_transpose", "load_data_with_sparse",
           "mmad_with_sparse", "init_const_value", "set_load_data_boundary",
           "set_load_data_padding_value", "set_load_data_repeat", "set_fix_pipe_pre_quant_flag"]
