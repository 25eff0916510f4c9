"""The cube unit's basic APIs: LoadData, Mmad, Fixpipe, InitConstValue and the ND <-> NZ copies.

The cube computes C[m, n] (+)= A[m, k] B[k, n] on fractals: A waits in L0A (position A2) as
16 x C0 fractals in row-major block order (ZZ), B in L0B (B2) as C0 x 16 fractals stored
column by column (ZN), C accumulates in L0C (CO1) as 16 x 16 fractals in column-major block
order (NZ); C0 is 32 bytes of the input type (16 halves). The pipes:

    GM --MTE2 (DataCopy Nd2Nz)--> L1 (A1/B1) --MTE1 (LoadData)--> L0A/L0B --M (Mmad)--> L0C
    L0C --FIX (Fixpipe: NZ -> ND, f32 -> f16, ReLU)--> GM

Like pyasc, the dialect accepts any element types and positions here (its lit tests use i32
and vecin tensors); the simulator checks the combinations the hardware has, and the Ascend C
headers check the C++.
"""

from __future__ import annotations

from typing import ClassVar

from xdsl.dialects.builtin import IntegerType
from xdsl.ir import SSAValue
from xdsl.irdl import AnyAttr, ParsePropInAttrDict, operand_def
from xdsl.utils.exceptions import VerifyException

from .base import AscendCOp, Cpp, asc_op, const_int
from .constraints import GLOBAL, INT, LOCAL, TENSOR, Is
from .enums import Hardware, Pipe
from .ops_copy import DataCopyBase
from .ops_params import ConstructOp
from .ops_tensor import hardware_of
from .types import GlobalTensorType
from .types_cube import (
    CO2Layout,
    FixpipeConfigType,
    FixpipeParamsV220Type,
    InitConstValueParamsType,
    LoadData2DParamsType,
    LoadData2DParamsV2Type,
    LoadData2dTransposeParamsType,
    LoadData2dTransposeParamsV2Type,
    LoadData3DParamsV1Type,
    LoadData3DParamsV2ProType,
    LoadData3DParamsV2Type,
    LoadDataRepeatParamType,
    MmadParamsType,
    Nd2NzParamsType,
    Nz2NdParamsFullType,
)
from .vector_base import DEFAULT_FORMAT


def _is(t: type, what: str) -> Is:
    return Is((t,), f"!ascendc.{t.name.removeprefix('ascendc.')} ({what})")


LOAD_2D = _is(LoadData2DParamsType, "LoadData2DParams")
LOAD_2D_V2 = _is(LoadData2DParamsV2Type, "LoadData2DParamsV2")
LOAD_3D_V1 = _is(LoadData3DParamsV1Type, "LoadData3DParamsV1")
LOAD_3D_V2 = _is(LoadData3DParamsV2Type, "LoadData3DParamsV2")
LOAD_3D_V2PRO = _is(LoadData3DParamsV2ProType, "LoadData3DParamsV2Pro")
LOAD_TRANSPOSE = _is(LoadData2dTransposeParamsType, "LoadData2dTransposeParams")
LOAD_TRANSPOSE_V2 = _is(LoadData2dTransposeParamsV2Type, "LoadData2dTransposeParamsV2")
MMAD = _is(MmadParamsType, "MmadParams")
FIXPIPE = _is(FixpipeParamsV220Type, "FixpipeParamsV220")
FIXPIPE_CONFIG = _is(FixpipeConfigType, "FixpipeConfig")
INIT_CONST = _is(InitConstValueParamsType, "InitConstValueParams")
REPEAT_PARAM = _is(LoadDataRepeatParamType, "LoadDataRepeatParam")
ND2NZ = _is(Nd2NzParamsType, "Nd2NzParams")
NZ2ND = _is(Nz2NdParamsFullType, "Nz2NdParamsFull")


class CubeOp(AscendCOp):
    """Base of the cube ops: `dst` is written, the tensors in READS are read."""

    irdl_options = (ParsePropInAttrDict(),)
    assembly_format = DEFAULT_FORMAT
    WRITES: ClassVar[tuple[str, ...]] = ("dst",)


# --- LoadData: L1 (or GM) -> L0A / L0B, on MTE1 ---------------------------------------------


class LoadDataBase(CubeOp):
    """`LoadData(dst, src, params)`: fractals from L1 to L0A/L0B (MTE1) or from GM (MTE2)."""

    dst = operand_def(LOCAL)
    src = operand_def(TENSOR)
    READS: ClassVar[tuple[str, ...]] = ("src",)

    def hw_pipe(self) -> Pipe | None:
        return Pipe.PIPE_MTE2 if isinstance(self.src.type, GlobalTensorType) else Pipe.PIPE_MTE1


@asc_op(cpp=Cpp("LoadData"))
class LoadDataL0Op(LoadDataBase):
    """`LoadData(dst, src, LoadData2DParams)` from L1 (A1/B1) to L0A/L0B (A2/B2)."""

    name = "ascendc.load_data_l0"
    src = operand_def(LOCAL)
    params = operand_def(LOAD_2D)

    def __init__(self, dst: SSAValue, src: SSAValue, params: SSAValue):
        super().__init__(operands=[dst, src, params])


@asc_op(cpp=Cpp("LoadData"))
class LoadDataG2LOp(LoadDataBase):
    """`LoadData(dst, src, LoadData2DParams)` from GM straight to L1/L0A/L0B (MTE2)."""

    name = "ascendc.load_data_g2l"
    src = operand_def(GLOBAL)
    params = operand_def(LOAD_2D)


@asc_op(cpp=Cpp("LoadData"))
class LoadDataL0V2Op(LoadDataBase):
    """`LoadData(dst, src, LoadData2DParamsV2)` from L1, addressed by (m, k) positions."""

    name = "ascendc.load_data_l0_v2"
    src = operand_def(LOCAL)
    params = operand_def(LOAD_2D_V2)


@asc_op(cpp=Cpp("LoadData"))
class LoadDataG2LV2Op(LoadDataBase):
    """`LoadData(dst, src, LoadData2DParamsV2)` from GM."""

    name = "ascendc.load_data_g2l_v2"
    src = operand_def(GLOBAL)
    params = operand_def(LOAD_2D_V2)


@asc_op(cpp=Cpp("LoadData"))
class LoadData3DL0V1Op(LoadDataBase):
    """`LoadData(dst, src, LoadData3DParamsV1)`: img2col from L1 (feature maps)."""

    name = "ascendc.load_data_3d_l0_v1"
    src = operand_def(LOCAL)
    params = operand_def(LOAD_3D_V1)


@asc_op(cpp=Cpp("LoadData"))
class LoadData3DL0V2Op(LoadDataBase):
    """`LoadData(dst, src, LoadData3DParamsV2)`: img2col from L1 (feature maps)."""

    name = "ascendc.load_data_3d_l0_v2"
    src = operand_def(LOCAL)
    params = operand_def(LOAD_3D_V2)


@asc_op(cpp=Cpp("LoadData"))
class LoadData3DL0V2ProOp(LoadDataBase):
    """`LoadData(dst, src, LoadData3DParamsV2Pro)`: img2col with packed configuration words."""

    name = "ascendc.load_data_3d_l0_v2pro"
    src = operand_def(LOCAL)
    params = operand_def(LOAD_3D_V2PRO)


@asc_op(cpp=Cpp("LoadDataWithTranspose"))
class LoadDataWithTransposeOp(LoadDataBase):
    """`LoadDataWithTranspose(dst, src, LoadData2dTransposeParams)`: L1 -> L0B transposed."""

    name = "ascendc.load_data_with_transpose"
    src = operand_def(LOCAL)
    params = operand_def(LOAD_TRANSPOSE)


@asc_op(cpp=Cpp("LoadDataWithTranspose"))
class LoadDataWithTransposeV2Op(LoadDataBase):
    """`LoadDataWithTranspose(dst, src, LoadData2dTransposeParamsV2)`."""

    name = "ascendc.load_data_with_transpose_v2"
    src = operand_def(LOCAL)
    params = operand_def(LOAD_TRANSPOSE_V2)


@asc_op(cpp=Cpp("LoadDataWithSparse"))
class LoadDataWithSparseOp(LoadDataBase):
    """`LoadDataWithSparse(dst, src, idx, LoadData2DParams)`: int8 weights with a 2:4 index."""

    name = "ascendc.load_data_with_sparse"
    src = operand_def(LOCAL)
    idx = operand_def(LOCAL)
    params = operand_def(LOAD_2D)
    READS: ClassVar[tuple[str, ...]] = ("src", "idx")


# --- Mmad: L0A x L0B -> L0C, on M -------------------------------------------------------------


class MmadBase(CubeOp):
    """`Mmad(dst, fm, filter, [bias,] params)`: dst (L0C) (+)= fm (L0A) x filter (L0B)."""

    dst = operand_def(LOCAL)
    fm = operand_def(LOCAL)
    filter = operand_def(LOCAL)
    READS: ClassVar[tuple[str, ...]] = ("fm", "filter")


@asc_op(cpp=Cpp("Mmad"), pipe=Pipe.PIPE_M,
        formula="dst[m, n] = (0 or dst[m, n]) + sum_k fm[m, k] * filter[k, n]")
class MmadOp(MmadBase):
    """`Mmad(dst, fm, filter, MmadParams)`: products accumulate in f32 (or i32 for int8);
    `cmatrixInitVal` starts from zero, else from what dst holds."""

    name = "ascendc.mmad"
    params = operand_def(MMAD)

    def __init__(self, dst: SSAValue, fm: SSAValue, filter: SSAValue, params: SSAValue):
        super().__init__(operands=[dst, fm, filter, params])


@asc_op(cpp=Cpp("Mmad"), pipe=Pipe.PIPE_M, reads=("fm", "filter", "bias"),
        formula="dst[m, n] = bias[n] + sum_k fm[m, k] * filter[k, n]")
class MmadWithBiasOp(MmadBase):
    """`Mmad(dst, fm, filter, bias, MmadParams)`: starts from the bias row (BT buffer, C2)."""

    name = "ascendc.mmad_with_bias"
    bias = operand_def(LOCAL)
    params = operand_def(MMAD)


@asc_op(cpp=Cpp("MmadWithSparse"), pipe=Pipe.PIPE_M)
class MmadWithSparseOp(MmadBase):
    """`MmadWithSparse(dst, fm, filter, MmadParams)`: int8 with a 2:4 sparse filter."""

    name = "ascendc.mmad_with_sparse"
    params = operand_def(MMAD)


# --- initialization and load configuration ---------------------------------------------------


@asc_op(cpp=Cpp("InitConstValue"))
class InitConstValueOp(CubeOp):
    """`InitConstValue(dst, InitConstValueParams)`: fill L1 (MTE2) or L0A/L0B (MTE1)."""

    name = "ascendc.init_const_value"
    dst = operand_def(LOCAL)
    params = operand_def(INIT_CONST)

    def hw_pipe(self) -> Pipe | None:
        return Pipe.PIPE_MTE2 if hardware_of(self.dst) == Hardware.L1 else Pipe.PIPE_MTE1


@asc_op(cpp=Cpp("SetLoadDataBoundary"))
class SetLoadDataBoundaryOp(AscendCOp):
    """`SetLoadDataBoundary(boundary)`: where 3D loads wrap in L1 (0: no boundary)."""

    name = "ascendc.set_load_data_boundary"
    boundary = operand_def(INT)
    assembly_format = DEFAULT_FORMAT


@asc_op(cpp=Cpp("SetLoadDataPaddingValue"))
class SetLoadDataPaddingValueOp(AscendCOp):
    """`SetLoadDataPaddingValue(value)`: the value 3D loads pad with."""

    name = "ascendc.set_load_data_padding_value"
    value = operand_def(AnyAttr())
    assembly_format = DEFAULT_FORMAT


@asc_op(cpp=Cpp("SetLoadDataRepeat"))
class SetLoadDataRepeatOp(AscendCOp):
    """`SetLoadDataRepeat(LoadDataRepeatParam)`: how 3D loads repeat."""

    name = "ascendc.set_load_data_repeat"
    param = operand_def(REPEAT_PARAM)
    assembly_format = DEFAULT_FORMAT


# --- Fixpipe: L0C -> GM / L1, on FIX ------------------------------------------------------------


class FixpipeBase(CubeOp):
    """`Fixpipe<dstT, srcT, config>(dst, src, [workspace,] params)`."""

    dst = operand_def(TENSOR)
    src = operand_def(LOCAL)
    READS: ClassVar[tuple[str, ...]] = ("src",)

    def layout(self) -> CO2Layout | None:
        """The layout the config was built with, when the IR fixes it (it is a C++ template
        argument, so the printer and the simulator both need it as a constant)."""
        owner = self.config.owner  # type: ignore[attr-defined]
        if not isinstance(owner, ConstructOp):
            return None
        if not owner.args:
            return CO2Layout.ROW_MAJOR  # FixpipeConfig's default in pyasc
        value = const_int(owner.args[0])
        return CO2Layout(value) if value in CO2Layout._value2member_map_ else None


# The printer spells these (the config is a template argument named after its constant).
@asc_op(cpp=Cpp("Fixpipe", template=("elem:dst", "elem:src")), pipe=Pipe.PIPE_FIX,
        formula="dst[m * dstStride + n] = quant(relu?(src_nz[m, n]))")
class FixpipeOp(FixpipeBase):
    """`Fixpipe(dst, src, FixpipeParamsV220)`: L0C's NZ fractals to ND rows (CFG_ROW_MAJOR),
    converted by quantPre (NoQuant, F322F16, F322BF16, ...) and ReLU'd if reluEn."""

    name = "ascendc.fixpipe"
    params = operand_def(FIXPIPE)
    config = operand_def(FIXPIPE_CONFIG)

    def __init__(self, dst: SSAValue, src: SSAValue, params: SSAValue, config: SSAValue):
        super().__init__(operands=[dst, src, params, config])


@asc_op(cpp=Cpp("Fixpipe", template=("elem:dst", "elem:src")), pipe=Pipe.PIPE_FIX,
        reads=("src", "cbuf_workspace"))
class FixpipeWithWorkspaceOp(FixpipeBase):
    """`Fixpipe(dst, src, cbufWorkspace, FixpipeParamsV220)`: per-channel quantization
    parameters read from an L1 workspace."""

    name = "ascendc.fixpipe_with_workspace"
    cbuf_workspace = operand_def(LOCAL)
    params = operand_def(FIXPIPE)
    config = operand_def(FIXPIPE_CONFIG)


@asc_op(cpp=Cpp("SetFixpipePreQuantFlag"))
class SetFixpipePreQuantFlagOp(AscendCOp):
    """`SetFixpipePreQuantFlag(config)`: the scalar quantization word of later Fixpipes."""

    name = "ascendc.set_fixpipe_pre_quant_flag"
    config = operand_def(INT)
    assembly_format = DEFAULT_FORMAT

    def verify_facts(self) -> None:
        t = self.config.type
        if isinstance(t, IntegerType) and t.width.data != 64:
            raise VerifyException(f"the quantization word is 64 bits wide, got {t}")


# --- DataCopy with Nd2Nz / Nz2Nd parameters -----------------------------------------------------


@asc_op(cpp=Cpp("DataCopy"))
class DataCopyNd2NzOp(DataCopyBase):
    """`DataCopy(dst, src, Nd2NzParams)`: row-major matrices from GM (or UB) into NZ fractals
    of L1 (MTE2 from GM)."""

    name = "ascendc.data_copy_nd2nz"
    intri_params = operand_def(ND2NZ)  # pyasc's keyword: data_copy(..., intri_params=...)

    def __init__(self, dst: SSAValue, src: SSAValue, intri_params: SSAValue):
        super().__init__(operands=[dst, src, intri_params])


@asc_op(cpp=Cpp("DataCopy"))
class DataCopyNz2NdOp(DataCopyBase):
    """`DataCopy(dst, src, Nz2NdParamsFull)`: NZ fractals of UB back to row-major GM (MTE3)."""

    name = "ascendc.data_copy_nz2nd"
    dst = operand_def(GLOBAL)  # the headers' only form: UB -> GM
    src = operand_def(LOCAL)
    intri_params = operand_def(NZ2ND)


CUBE_OPS: list[type[AscendCOp]] = [
    LoadDataL0Op,
    LoadDataG2LOp,
    LoadDataL0V2Op,
    LoadDataG2LV2Op,
    LoadData3DL0V1Op,
    LoadData3DL0V2Op,
    LoadData3DL0V2ProOp,
    LoadDataWithTransposeOp,
    LoadDataWithTransposeV2Op,
    LoadDataWithSparseOp,
    MmadOp,
    MmadWithBiasOp,
    MmadWithSparseOp,
    InitConstValueOp,
    SetLoadDataBoundaryOp,
    SetLoadDataPaddingValueOp,
    SetLoadDataRepeatOp,
    FixpipeOp,
    FixpipeWithWorkspaceOp,
    SetFixpipePreQuantFlagOp,
    DataCopyNd2NzOp,
    DataCopyNz2NdOp,
]

