"""The kernel language: pyasc's names, each a thin builder over one `ascendc` op.

`import ascdsl as asc` exposes everything here (`asc.TPipe`, `asc.add`, `asc.float32`, ...).
"""

from __future__ import annotations

from ..dtypes import (
    DataType,
    bfloat16,
    bit,
    bool_,
    double,
    float16,
    float32,
    float64,
    float_,
    half,
    int1,
    int8,
    int16,
    int32,
    int64,
    int_,
    uint8,
    uint16,
    uint32,
    uint64,
)
from ..values import ConstExpr, GlobalAddress, PlainValue
from .core import (
    CMPMODE,
    CacheMode,
    CacheRwMode,
    CmpMode,
    HardEvent,
    Hardware,
    Pipe,
    PipeID,
    RoundMode,
    TPosition,
    ceildiv,
    range,
    static_assert,
    static_range,
)
from .fwk import TBuf, TPipe, TQue, TQueBind, get_tpipe_ptr
from .bufpool import TBufPool
from .list_tensor import ListTensorDesc, TensorDesc
from .trans5hd import TransDataTo5HDParams, trans_data_to_5hd
from .copy import data_copy, data_copy_pad
from . import copy_ext as _copy_ext
from .copy_ext import *  # noqa: F403  (DataCopy's remaining structs, asc.array, ...)
from . import aipp as _aipp
from .aipp import *  # noqa: F403  (AippParams, set_aipp_functions)
# After `.copy` is loaded: the name `copy` is then the function (pyasc's asc.copy), not the
# submodule, which importing binds on the package once.
from .copy_vec import CopyRepeatParams, copy
from .sort import get_sort_len, get_sort_offset, sort, sort32
from .mask import MaskMode, reset_mask, set_mask_count, set_mask_norm, set_vector_mask
from .reduce import (
    ReduceOrder,
    block_reduce_max,
    block_reduce_min,
    block_reduce_sum,
    pair_reduce_sum,
    reduce_max,
    reduce_min,
    reduce_sum,
    repeat_reduce_sum,
    whole_reduce_max,
    whole_reduce_min,
    whole_reduce_sum,
)
from .fused import axpy, fused_mul_add, fused_mul_add_relu, mul_add_dst
from .gather import brcb, gather, gatherb, scatter
from .transpose import TransposeParamsExt, TransposeType, transpose
from .mrgsort import (
    MrgSort4Info, MrgSortSrcList, get_mrg_sort_result, mrg_sort, mrg_sort4, proposal_concat,
    proposal_extract, rp_sort16,
)
from .gather_mask import GatherMaskMode, gather_mask, get_gather_mask_remain_count
from .cmpsel import SelMode, compare, compare_scalar, get_cmp_mask, select, set_cmp_mask
from .params import (
    BinaryRepeatParams,
    DataCopyExtParams,
    DataCopyPadParams,
    DataCopyParams,
    UnaryRepeatParams,
    GatherRepeatParams,
    BrcbRepeatParams,
    GatherMaskParams,
)
from .system import (
    dump_tensor,
    get_block_idx,
    get_block_num,
    get_sub_block_idx,
    pipe_barrier,
    printf,
    set_flag,
    wait_flag,
)
from .tensor import GlobalTensor, LocalMemAllocator, LocalTensor, LocalTensorAuto
from .tensor_members import ShapeInfo
from . import sysapi as _sysapi
from .sysapi import *  # noqa: F403  (store atomics, system queries, cache, scalar bit ops)
from . import blocksync as _blocksync
from .blocksync import *  # noqa: F403  (NotifyNextBlock/WaitPreBlock, IBSet/IBWait, SyncAll)
from .cube_params import (
    CO2Layout,
    CubeFormat,
    FixpipeConfig,
    FixpipeParamsV220,
    InitConstValueParams,
    LoadData2DParams,
    LoadData2DParamsV2,
    LoadData3DParamsV1,
    LoadData3DParamsV2,
    LoadData3DParamsV2Pro,
    LoadData2dTransposeParams,
    LoadData2dTransposeParamsV2,
    LoadDataRepeatParam,
    MmadParams,
    Nd2NzParams,
    Nz2NdParamsFull,
    QuantModes,
)
from .cube import (
    ascend_is_aic,
    ascend_is_aiv,
    FmatrixMode,
    fixpipe,
    get_sub_block_num,
    init_const_value,
    load_data,
    load_data_with_sparse,
    load_data_with_transpose,
    mmad,
    mmad_with_sparse,
    set_fix_pipe_pre_quant_flag,
    set_fmatrix,
    set_load_data_boundary,
    set_load_data_padding_value,
    set_load_data_repeat,
)
from . import adv
from .vconv import (
    add_deq_relu,
    add_relu_cast,
    bilinear_interpolation,
    cast_deq,
    fused_abs_sub,
    fused_exp_sub,
    mul_cast,
    prelu,
    set_deq_scale,
    sub_relu_cast,
)
from .vector import (
    abs,
    add,
    add_relu,
    adds,
    bitwise_and,
    bitwise_not,
    bitwise_or,
    cast,
    div,
    duplicate,
    exp,
    leaky_relu,
    ln,
    max,
    maxs,
    min,
    mins,
    mul,
    muls,
    neg,
    reciprocal,
    relu,
    rsqrt,
    shift_left,
    shift_right,
    sqrt,
    sub,
    sub_relu,
)

from .properties import (
    DEFAULT_C0_SIZE,
    ONE_BLK_SIZE,
    TOTAL_L0C_SIZE,
    TOTAL_L1_SIZE,
    Property,
    property,
)
from .adv.matmul import BatchMode, BatchOutMode, IterateMode, IterateOrder, LayoutMode, ScheduleType
from .adv.matmul_config import MatmulConfigMode

__all__ = [
    # types and values
    "DataType", "ConstExpr", "GlobalAddress", "PlainValue",
    "int1", "bit", "int8", "int16", "int32", "int64", "int_", "bool_",
    "uint8", "uint16", "uint32", "uint64",
    "float16", "half", "bfloat16", "float32", "float_", "float64", "double",
    # enums
    "TPosition", "HardEvent", "PipeID", "Pipe", "Hardware", "RoundMode", "CMPMODE", "CmpMode",
    "CacheMode", "CacheRwMode", "SelMode", "ReduceOrder",
    # loops and compile-time helpers
    "range", "static_range", "static_assert", "ceildiv",
    # framework
    "TPipe", "TQue", "TQueBind", "TBuf", "TBufPool", "get_tpipe_ptr", "TensorDesc", "ListTensorDesc",
    "TransDataTo5HDParams", "trans_data_to_5hd", "CopyRepeatParams", "copy",
    "get_sort_len", "get_sort_offset", "sort", "sort32",
    "MaskMode", "reset_mask", "set_mask_count", "set_mask_norm", "set_vector_mask",
    # tensors
    "GlobalTensor", "LocalTensor", "LocalTensorAuto", "LocalMemAllocator", "ShapeInfo",
    # parameter structs
    "DataCopyParams", "DataCopyPadParams", "DataCopyExtParams", "BinaryRepeatParams",
    "UnaryRepeatParams", "GatherRepeatParams", "BrcbRepeatParams",
    # data movement and vector compute
    "data_copy", "data_copy_pad",
    "abs", "add", "add_relu", "adds", "bitwise_and", "bitwise_not", "bitwise_or", "div",
    "duplicate", "exp", "leaky_relu", "ln", "max", "maxs", "min", "mins", "mul", "muls", "neg",
    "reciprocal", "reduce_max", "reduce_min", "reduce_sum", "relu", "rsqrt", "shift_left",
    "shift_right", "sqrt", "sub", "sub_relu",
    "cast",
    "add_relu_cast", "sub_relu_cast", "add_deq_relu", "mul_cast", "cast_deq", "set_deq_scale",
    "bilinear_interpolation", "fused_abs_sub", "fused_exp_sub", "prelu",
    "compare", "compare_scalar", "get_cmp_mask", "select", "set_cmp_mask",
    "block_reduce_max", "block_reduce_min", "block_reduce_sum", "pair_reduce_sum",
    "repeat_reduce_sum", "whole_reduce_max", "whole_reduce_min", "whole_reduce_sum",
    "axpy", "fused_mul_add", "fused_mul_add_relu", "mul_add_dst",
    "gather", "gatherb", "scatter", "brcb",
    "transpose", "TransposeParamsExt", "TransposeType",
    "MrgSortSrcList", "MrgSort4Info", "mrg_sort", "mrg_sort4", "get_mrg_sort_result",
    "rp_sort16", "proposal_concat", "proposal_extract",
    "gather_mask", "get_gather_mask_remain_count", "GatherMaskMode", "GatherMaskParams",
    # synchronization, system variables, debugging
    "set_flag", "wait_flag", "pipe_barrier", "get_block_idx", "get_block_num",
    "get_sub_block_idx", "printf", "dump_tensor",
    # advanced APIs (asc.adv.softmax, asc.adv.acos, ...)
    "adv",
    # the cube unit: load_data, mmad, fixpipe and their structs and enums
    "ascend_is_aic", "ascend_is_aiv", "get_sub_block_num",
    "load_data", "mmad", "fixpipe", "load_data_with_transpose", "load_data_with_sparse",
    "mmad_with_sparse", "init_const_value", "set_load_data_boundary",
    "set_load_data_padding_value", "set_load_data_repeat", "set_fix_pipe_pre_quant_flag",
    "set_fmatrix", "FmatrixMode",
    "InitConstValueParams", "LoadData2DParams", "LoadData2DParamsV2", "LoadData3DParamsV1",
    "LoadData3DParamsV2", "LoadData3DParamsV2Pro",
    "LoadData2dTransposeParams", "LoadData2dTransposeParamsV2", "LoadDataRepeatParam",
    "Nd2NzParams", "Nz2NdParamsFull", "MmadParams", "FixpipeParamsV220", "FixpipeConfig",
    "QuantModes", "CO2Layout", "CubeFormat",
    # store atomics, system queries, workspace, cache maintenance, scalar bit ops
    *_sysapi.__all__,
    *_blocksync.__all__,
    *_copy_ext.__all__,
    *_aipp.__all__,
    # header constants (asc.property(asc.TOTAL_L1_SIZE)) and the Matmul API's enums
    "Property", "property", "DEFAULT_C0_SIZE", "ONE_BLK_SIZE", "TOTAL_L1_SIZE", "TOTAL_L0C_SIZE",
    "LayoutMode", "BatchMode", "BatchOutMode", "IterateMode", "IterateOrder", "ScheduleType",
    "MatmulConfigMode",
]
