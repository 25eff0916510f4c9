"""The `ascendc` dialect: one op per Ascend C API, in pyasc's textual IR.

    from ascdsl.dialects.ascendc import AscendC, AddL2Op, HardEvent, LocalTensorType
"""

from __future__ import annotations

from xdsl.ir import Dialect

from .base import AscendCOp, Cpp, CppStyle, asc_op, const_int, element_type, enum_attr
from .enums import (
    ALL_ENUMS,
    AscEnum,
    CacheMode,
    CacheRwMode,
    CmpMode,
    HardEvent,
    Hardware,
    Pipe,
    RoundMode,
    TPosition,
)
from .ops_binary import *  # noqa: F403
from .ops_binary import BINARY_OPS, BinaryL0Base, BinaryL1Base, BinaryL2Base, BinaryL3Base, BinaryOp
from .ops_cast import *  # noqa: F403
from .ops_cast import CAST_OPS, CastOp
from .ops_vconv import *  # noqa: F403
from .ops_vconv import VCONV_OPS, AddDeqReluOp, AddReluCastOp, CastDeqOp, SubReluCastOp
from .ops_binary_ext import *  # noqa: F403
from .ops_binary_ext import BINARY_EXT_OPS, BilinearInterpolationOp, MulCastOp
from .ops_copy import *  # noqa: F403
from .ops_copy import COPY_OPS, DataCopyBase, copy_pipe
from .ops_cmpsel import (
    CMPSEL_OPS, CompareL0Op, CompareL1Op, CompareL2Op, CompareOpBase, CompareRL0Op,
    CompareRL1Op, CompareScalarL0Op, CompareScalarL1Op, CompareScalarL2Op, GetCmpMaskOp,
    SelectL0Op, SelectL1Op, SelectL2Op, SelectOpBase, SelectRegOp, SelectScalarL0Op,
    SelectScalarL1Op, SelectScalarL2Op, SelectScalarRegOp, SelMode, SetCmpMaskOp,
)
from .ops_fwk import *  # noqa: F403
from .ops_fwk import FWK_OPS
from .ops_ffts import FFTS_OPS, SetFftsBaseAddrOp
from .ops_cross_core import (
    CROSS_CORE_OPS,
    CrossCoreFlagOp,
    CrossCoreSetFlagOp,
    CrossCoreWaitFlagOp,
)
from .ops_math import *  # noqa: F403
from .ops_math import MATH_OPS, BinaryMathOp, MathLibraryOp, UnaryMathOp
from .ops_params import *  # noqa: F403
from .ops_params import PARAM_OPS
from .ops_reduce import *  # noqa: F403
from .ops_reduce import REDUCE_OPS, ReduceL2Base
from .ops_reduce_repeat import *  # noqa: F403
from .ops_fused import *  # noqa: F403
from .ops_fused import FUSED_OPS, TernaryOp
from .ops_gather import *  # noqa: F403
from .ops_gather import GATHER_OPS, OffsetOp
from .ops_transpose import TRANSPOSE_OPS, TransposeExtOp, TransposeOp
from .ops_gather_mask import GATHER_MASK_OPS, GatherMaskMode, GatherMaskOp, GetGatherMaskRemainCountOp
from .types_vec import *  # noqa: F403
from .types_vec import VEC_PARAM_TYPES, VEC_TYPES
from .ops_reduce_repeat import REDUCE_REPEAT_OPS, ReduceOrder, RepeatReduceOp
from .ops_sync import *  # noqa: F403
from .ops_sync import SYNC_OPS
from .ops_tensor import *  # noqa: F403
from .ops_tensor import TENSOR_OPS, hardware_of, position_of
from .ops_unary import *  # noqa: F403
from .ops_unary import UNARY_OPS, UnaryL0Base, UnaryL1Base, UnaryL2Base, UnaryOp
from .ops_vec_scalar import *  # noqa: F403
from .ops_vec_scalar import (
    VEC_SCALAR_OPS,
    DuplicateOp,
    VecScalarL0Base,
    VecScalarL1Base,
    VecScalarL2Base,
    VecScalarOp,
)
from .types import *  # noqa: F403
from .types import ALL_TYPES, PARAM_STRUCT_TYPES, ParamStructType, TensorTypeBase
from .vector_base import VectorOp
from .types_adv import *  # noqa: F403
from .types_adv import ADV_TYPES, AdvStructType
from .ops_adv import *  # noqa: F403
from .ops_adv import ADV_OPS, AdvOp
from .ops_activation import *  # noqa: F403
from .ops_activation import ACTIVATION_OPS
from .types_cube import *  # noqa: F403
from .types_cube import CUBE_TYPES, CubeStructType
from .ops_cube import *  # noqa: F403
from .ops_cube import CUBE_OPS, CubeOp
from .ops_core_type import *  # noqa: F403
from .ops_core_type import CORE_TYPE_OPS, CoreTypeOp
from .types_matmul import *  # noqa: F403
from .types_matmul import MATMUL_TYPES
from .types_matmul_api import *  # noqa: F403
from .types_matmul_api import MATMUL_API_TYPES
from .ops_matmul import *  # noqa: F403
from .ops_matmul import MATMUL_OPS
from .enums_sys import *  # noqa: F403
from .enums_sys import SYS_ENUMS
from .ops_sys import *  # noqa: F403
from .ops_sys import SYS_OPS
from .ops_atomic import *  # noqa: F403
from .ops_atomic import ATOMIC_OPS, SetAtomicOpBase
from .ops_block_sync import *  # noqa: F403
from .ops_block_sync import BLOCK_SYNC_OPS
from .ops_tensor_ext import *  # noqa: F403
from .ops_tensor_ext import TENSOR_EXT_OPS, TENSOR_EXT_TYPES
from .ops_debug import *  # noqa: F403
from .ops_debug import DEBUG_OPS
from .ops_bufpool import *  # noqa: F403
from .ops_bufpool import BUFPOOL_OPS
from .ops_que_ext import *  # noqa: F403
from .ops_que_ext import QUE_EXT_OPS
from .ops_list_tensor import *  # noqa: F403
from .ops_list_tensor import LIST_TENSOR_OPS, LIST_TENSOR_TYPES
from .ops_trans5hd import *  # noqa: F403
from .ops_trans5hd import TRANS5HD_OPS, TransDataTo5HDParamsType
from .ops_fmatrix import *  # noqa: F403
from .ops_fmatrix import FMATRIX_OPS, FmatrixModeType
from .ops_copy_vec import *  # noqa: F403
from .ops_copy_vec import COPY_VEC_OPS, CopyRepeatParamsType
from .ops_sort import *  # noqa: F403
from .ops_sort import SORT_OPS
from .ops_mrgsort import *  # noqa: F403
from .ops_mrgsort import MRGSORT_OPS
from .types_sort import *  # noqa: F403
from .types_sort import SORT_TYPES
from .ops_mask import *  # noqa: F403
from .ops_mask import MASK_OPS, MaskMode
from .types_copy_ext import *  # noqa: F403
from .types_copy_ext import COPY_EXT_TYPES
from .ops_data_copy_ext import *  # noqa: F403
from .ops_data_copy_ext import DATA_COPY_EXT_OPS
from .ops_aipp import *  # noqa: F403
from .ops_aipp import AIPP_OPS, AIPP_TYPES

# Every op, one list per module (each module's list names its ops in order).
ALL_OPS: list[type[AscendCOp]] = [
    *FWK_OPS,  # TPipe, TQue, TBuf and their members
    *TENSOR_OPS,  # GlobalTensor, LocalTensor, allocators
    *COPY_OPS,  # DataCopy, DataCopyPad
    *PARAM_OPS,  # ascendc.construct (parameter structs)
    *BINARY_OPS,  # dst = f(src0, src1)
    *UNARY_OPS,  # dst = f(src)
    *VEC_SCALAR_OPS,  # dst = f(src, scalar), Duplicate
    *REDUCE_OPS,  # ReduceSum/Max/Min
    *REDUCE_REPEAT_OPS,  # block, pair, repeat and whole reductions; ReduceSum/Max/Min L0/L1
    *FUSED_OPS,  # Axpy, FusedMulAdd(Relu), MulAddDst (read dst too)
    *GATHER_OPS,  # Gather, Gatherb, Scatter, Brcb
    *GATHER_MASK_OPS,  # GatherMask, GetGatherMaskRemainCount
    *TRANSPOSE_OPS,  # Transpose (16 x 16, TransposeParamsExt)
    *CAST_OPS,  # Cast
    *VCONV_OPS,  # CastDeq, AddReluCast/SubReluCast, AddDeqRelu, SetDeqScale
    *BINARY_EXT_OPS,  # MulCast, FusedAbsSub, FusedExpSub, Prelu, BilinearInterpolation
    *SYNC_OPS,  # SetFlag/WaitFlag, PipeBarrier, system variables, printf
    *CMPSEL_OPS,  # Compare, Select
    *MATH_OPS,  # Ascend C math APIs (Erf, Tanh, Sin, ...)
    *ADV_OPS,  # advanced APIs: SoftMax, RmsNorm, AscendQuant, Concat/Extract
    *ACTIVATION_OPS,  # Gelu, Silu, Sigmoid, Swish, SwiGLU
    *FFTS_OPS,  # set_ffts_base_addr (cross-core flags)
    *CROSS_CORE_OPS,  # CrossCoreSetFlag / CrossCoreWaitFlag (AIC <-> AIV)
    *CUBE_OPS,  # LoadData, Mmad, Fixpipe, Nd2Nz copies (the cube unit)
    *MATMUL_OPS,  # the Matmul API, REGIST_MATMUL_OBJ, KfcServer
    *CORE_TYPE_OPS,  # ASCEND_IS_AIC / ASCEND_IS_AIV, GetSubBlockNum
    *SYS_OPS,  # system queries, workspace, cache maintenance, scalar bit ops
    *ATOMIC_OPS,  # SetAtomicAdd/Max/Min/Type/None, SetStoreAtomicConfig
    *BLOCK_SYNC_OPS,  # NotifyNextBlock/WaitPreBlock, IBSet/IBWait, SyncAll
    *TENSOR_EXT_OPS,  # GetPhyAddr, GetSize, SetUserTag, t(i), ShapeInfo, ... of the tensors
    *DEBUG_OPS,  # PrintTimeStamp, DumpAccChkPoint, MetricsProfStart/Stop
    *BUFPOOL_OPS,  # TPipe/TBufPool InitBufPool, TBufPool InitBuffer and Reset
    *QUE_EXT_OPS,  # in-place and user-position EnQue/DeQue, queue queries, to_que_bind
    *LIST_TENSOR_OPS,  # TensorDesc, ListTensorDesc
    *TRANS5HD_OPS,  # TransDataTo5HD (address tensor, tensor list, address list)
    *FMATRIX_OPS,  # SetFmatrix, ffts_cross_core_sync
    *COPY_VEC_OPS,  # Copy (vector unit, CopyRepeatParams)
    *SORT_OPS,  # GetSortLen, GetSortOffset, Sort32, Sort
    *MRGSORT_OPS,  # MrgSort, MrgSort4, GetMrgSortResult, RpSort16, ProposalConcat/Extract
    *MASK_OPS,  # ResetMask, SetMaskCount/Norm, SetVectorMask
    *DATA_COPY_EXT_OPS,  # DataCopy enhanced / CO12 / slices, DataCopyPad ext, SetPadValue
    *AIPP_OPS,  # SetAippFunctions
]

ALL_TYPES.extend(ADV_TYPES)  # tiling and configuration structs of the advanced APIs
ALL_TYPES.extend(CUBE_TYPES)  # parameter structs and enums of the cube APIs
ALL_TYPES.extend(MATMUL_TYPES)  # TCubeTiling (host tiling -> Matmul API)
ALL_TYPES.extend(MATMUL_API_TYPES)  # matmul::Matmul, KfcServer, MatrixOffset
ALL_TYPES.extend(VEC_PARAM_TYPES)  # GatherRepeatParams, BrcbRepeatParams, TransposeParamsExt
ALL_TYPES.extend(VEC_TYPES)  # VdeqInfo
ALL_TYPES.extend(SORT_TYPES)  # MrgSortSrcList, MrgSort4Info, TransposeType
ALL_TYPES.extend(TENSOR_EXT_TYPES)  # ShapeInfo
ALL_TYPES.extend(LIST_TENSOR_TYPES)  # TensorDesc, ListTensorDesc
ALL_TYPES.append(TransDataTo5HDParamsType)
PARAM_STRUCT_TYPES["trans_data_to_5hd_params"] = TransDataTo5HDParamsType
ALL_TYPES.append(FmatrixModeType)  # an enum pyasc builds like a struct: no kernel-language class
ALL_TYPES.append(CopyRepeatParamsType)
PARAM_STRUCT_TYPES["copy_repeat_params"] = CopyRepeatParamsType
PARAM_STRUCT_TYPES.update({t.name.removeprefix("ascendc."): t for t in VEC_PARAM_TYPES})
ALL_TYPES.extend(COPY_EXT_TYPES)  # DataCopyEnhancedParams, SliceInfo, ... and their enums
ALL_TYPES.extend(AIPP_TYPES)  # AippParams and its six parts

AscendC = Dialect("ascendc", ALL_OPS, ALL_TYPES)

__all__ = [
    "AscendC",
    "ALL_OPS",
    "ALL_TYPES",
    "ALL_ENUMS",
    "AscendCOp",
    "AscEnum",
    "Cpp",
    "CppStyle",
    "asc_op",
    "const_int",
    "element_type",
    "enum_attr",
    "position_of",
    "hardware_of",
    "copy_pipe",
    "TPosition",
    "HardEvent",
    "Pipe",
    "Hardware",
    "RoundMode",
    "CmpMode",
    "CacheMode",
    "CacheRwMode",
    "SelMode",
    "MaskMode",
    "SetAtomicOpBase",
    *[e.__name__ for e in SYS_ENUMS],
    "ReduceOrder",
    "RepeatReduceOp",
    "OffsetOp",
    "GatherMaskMode",
    "TernaryOp",
    "UnaryMathOp",
    "BinaryMathOp",
    "MathLibraryOp",
    "AdvOp",
    "AdvStructType",
    "CubeStructType",
    "CubeOp",
    "VectorOp",
    "BinaryOp",
    "BinaryL0Base",
    "BinaryL1Base",
    "BinaryL2Base",
    "BinaryL3Base",
    "UnaryOp",
    "UnaryL0Base",
    "UnaryL1Base",
    "UnaryL2Base",
    "VecScalarOp",
    "VecScalarL0Base",
    "VecScalarL1Base",
    "VecScalarL2Base",
    "DuplicateOp",
    "CastOp",
    "CastDeqOp",
    "AddReluCastOp",
    "SubReluCastOp",
    "AddDeqReluOp",
    "MulCastOp",
    "BilinearInterpolationOp",
    "ReduceL2Base",
    "DataCopyBase",
    "ParamStructType",
    "TensorTypeBase",
    "PARAM_STRUCT_TYPES",
    *[c.__name__ for c in ALL_OPS],
    *[c.__name__ for c in ALL_TYPES],
]
