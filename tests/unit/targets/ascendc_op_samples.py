"""One valid instance of every `ascendc` op, built from the op's IRDL definition.

`sample_function(cls, index)` returns a `func.func` whose body is one instance of `cls`: each
operand is a function argument (or an `arith.constant` where the op needs a compile-time
value), each type is chosen from the operand's constraint, and a few ops whose verifier
relates operands get the types it asks for (OVERRIDES). The test iterates `ALL_OPS` through it,
so an op added to the dialect is printed and compiled without editing the test.
"""

from __future__ import annotations

from xdsl.dialects import arith, func
from xdsl.dialects.builtin import (
    MemRefType,
    IntegerAttr,
    IntegerType,
    Signedness,
    StringAttr,
    UnitAttr,
    f16,
    f32,
    i1,
    i32,
)
from xdsl.ir import Attribute, Block, Operation, Region, SSAValue
from xdsl.irdl import AnyAttr, EqAttrConstraint, RangeLengthConstraint, RangeOf

from ascdsl.dialects.ascendc import (
    AdvOp,
    AscendDequantOp,
    BroadCastOp,
    CastOp,
    ExtractOp,
    MathLibraryOp,
    QuantOp,
    CmpMode,
    CompareOpBase,
    SelectOpBase,
    SelectScalarL0Op,
    SelectScalarL1Op,
    SelectScalarL2Op,
    SelMode,
    ReduceOrder,
    GatherL0Op,
    GatherL1Op,
    GatherL2Op,
    GatherbL0Op,
    ScatterL0Op,
    ScatterL1Op,
    ScatterL2Op,
    ConstructOp,
    DataCopyBase,
    CacheMode,
    CacheRwMode,
    HardEvent,
    Hardware,
    Pipe,
    RoundMode,
    TPosition,
    enum_attr,
)
from ascdsl.dialects.ascendc import (
    AddDeqReluOp,
    AddReluCastOp,
    BilinearInterpolationOp,
    CastDeqOp,
    GatherMaskMode,
    GatherMaskOp,
    GetGatherMaskRemainCountOp,
    MulCastOp,
    SetDeqScaleL4Op,
    SetDeqScaleOp,
    SubReluCastOp,
)
from ascdsl.dialects.ascendc.constraints import UI64, IntLike, Is
from ascdsl.dialects.ascendc.segments import segment_sizes
from ascdsl.dialects.ascendc.ops_tensor import AllocatorAllocOp, ReinterpretCastOp
from ascdsl.dialects.ascendc import DataCopyPadL2Op
from ascdsl.dialects.ascendc import (  # system ops (ops_sys.py, ops_atomic.py)
    DataCachePreloadOp,
    GetArchVersionOp,
    GetStoreAtomicConfigOp,
    IBSetOp,
    IBWaitOp,
    LocalGetPhyAddrOp,
    NotifyNextBlockOp,
    SyncAllSoftOp,
    WaitPreBlockOp,
    GetHcclContextOp,
    ScalarCastOp,
    ScalarGetCountOfValueOp,
    ScalarGetSFFValueOp,
    SetHcclContextOp,
)
from ascdsl.dialects.ascendc.enums_sys import AtomicDtype, AtomicOp, CacheLine, DcciDst, MemDsbT
from ascdsl.dialects.ascendc.ops_cube import (
    DataCopyNz2NdOp,
    FixpipeBase,
    FixpipeWithWorkspaceOp,
    InitConstValueOp,
    LoadDataBase,
    LoadDataG2LOp,
    LoadDataG2LV2Op,
    LoadDataWithSparseOp,
    MmadBase,
    MmadWithSparseOp,
    SetFixpipePreQuantFlagOp,
)
from ascdsl.dialects.ascendc.types_cube import FixpipeConfigType
from ascdsl.dialects.ascendc.ops_transpose import TransposeBase, TransposeExtOp
from ascdsl.dialects.ascendc.ops_copy_vec import CopyL0Op, CopyL1Op
from ascdsl.dialects.ascendc.ops_fmatrix import SetFmatrixOp
from ascdsl.dialects.ascendc.ops_mask import MaskMode
from ascdsl.dialects.ascendc.ops_sort import Sort32Op, SortOp
from ascdsl.dialects.ascendc.ops_mrgsort import MrgSort4Op, MrgSortOp, MrgSortWithInfoOp
from ascdsl.dialects.ascendc.types_sort import MrgSortSrcListType
from ascdsl.dialects.ascendc.ops_list_tensor import ListTensorDescType, TensorDescType
from ascdsl.dialects.ascendc.ops_trans5hd import (
    TransDataTo5HDOp,
    TransDataTo5HDTensorListOp,
    TransDataTo5HDUintListOp,
)
from ascdsl.dialects.ascendc.ops_que_ext import (
    AllocTensorInPlaceOp,
    DequeTensorInPlaceOp,
    ToQueBindOp,
)
from ascdsl.dialects.ascendc.types_vec import TransposeParamsExtType, VdeqInfoType
from ascdsl.dialects.ascendc.types import (
    DataCopyParamsType,
    GlobalTensorType,
    LocalMemAllocatorType,
    LocalTensorType,
    ParamStructType,
    PipeType,
    QueBindType,
    QueueType,
    TBufPoolType,
    TBufType,
)
from ascdsl.dialects.gm import gm_pointer_type

ui64 = IntegerType(64, Signedness.UNSIGNED)
LOCAL = LocalTensorType(f32, [64])
GLOBAL = GlobalTensorType(f32, None)

ENUM_SAMPLES = {
    MaskMode: MaskMode.NORMAL,
    HardEvent: HardEvent.MTE2_V,
    Pipe: Pipe.PIPE_V,
    TPosition: TPosition.VECIN,
    RoundMode: RoundMode.CAST_RINT,
    CmpMode: CmpMode.LT,
    Hardware: Hardware.UB,
    CacheMode: CacheMode.CACHE_MODE_DISABLE,
    CacheRwMode: CacheRwMode.READ,
    SelMode: SelMode.VSEL_TENSOR_TENSOR_MODE,
    ReduceOrder: ReduceOrder.ORDER_INDEX_VALUE,
    GatherMaskMode: GatherMaskMode.DEFAULT,
    AtomicDtype: AtomicDtype.ATOMIC_F32,
    AtomicOp: AtomicOp.ATOMIC_SUM,
    CacheLine: CacheLine.SINGLE_CACHE_LINE,
    DcciDst: DcciDst.CACHELINE_OUT,
    MemDsbT: MemDsbT.ALL,
}
MASK_BITS = LocalTensorType(IntegerType(8, Signedness.UNSIGNED), [32])
SCRATCH = LocalTensorType(IntegerType(8, Signedness.UNSIGNED), [1024])
OFFSETS = LocalTensorType(IntegerType(32, Signedness.UNSIGNED), [64])

# (op class or family base, operand/result name) -> type
OVERRIDES: dict[tuple[type[Operation], str], Attribute] = {
    (DataCopyBase, "dst"): LOCAL,
    (DataCopyBase, "src"): GLOBAL,
    (CastOp, "dst"): LocalTensorType(f16, [64]),
    (CastOp, "src"): LOCAL,
    (ReinterpretCastOp, "out"): LocalTensorType(i32, [64]),
    (ConstructOp, "result"): DataCopyParamsType(),
    (CompareOpBase, "dst"): MASK_BITS,
    (CompareOpBase, "src1Scalar"): f32,
    (SelectOpBase, "selMask"): MASK_BITS,
    # gather / scatter: byte offsets in a uint32 tensor
    **{(cls, name): OFFSETS for cls, name in (
        (GatherL0Op, "src_offset"), (GatherL1Op, "src_offset"), (GatherL2Op, "src_offset"),
        (GatherbL0Op, "offset"), (ScatterL0Op, "dst_offset"), (ScatterL1Op, "dst_offset"),
        (ScatterL2Op, "dst_offset"))},
    # advanced APIs: scratch bytes, int8 quantized output, uint32 sort indices
    (MathLibraryOp, "sharedTmpBuffer"): SCRATCH,
    (AdvOp, "sharedTmpBuffer"): SCRATCH,
    (QuantOp, "dst"): LocalTensorType(IntegerType(8), [64]),
    (ExtractOp, "dstIndex"): LocalTensorType(IntegerType(32, Signedness.UNSIGNED), [64]),
    # cube: half inputs in L1/L0A/L0B, float in L0C and GM (Mmad's f32 <- f16 x f16)
    (LoadDataBase, "dst"): LocalTensorType(f16, [256]),
    (LoadDataBase, "src"): LocalTensorType(f16, [256]),
    (LoadDataWithSparseOp, "dst"): LocalTensorType(IntegerType(8), [512]),
    (LoadDataWithSparseOp, "src"): LocalTensorType(IntegerType(8), [512]),
    (LoadDataWithSparseOp, "idx"): LocalTensorType(IntegerType(8, Signedness.UNSIGNED), [512]),
    (MmadBase, "fm"): LocalTensorType(f16, [256]),
    (MmadBase, "filter"): LocalTensorType(f16, [256]),
    (MmadWithSparseOp, "dst"): LocalTensorType(i32, [256]),
    (MmadWithSparseOp, "fm"): LocalTensorType(IntegerType(8), [512]),
    (MmadWithSparseOp, "filter"): LocalTensorType(IntegerType(8), [512]),
    (FixpipeBase, "dst"): GLOBAL,
    (FixpipeWithWorkspaceOp, "cbuf_workspace"): LocalTensorType(
        IntegerType(64, Signedness.UNSIGNED), [16]),
    (InitConstValueOp, "dst"): LocalTensorType(f16, [256]),
    (SetFixpipePreQuantFlagOp, "config"): IntegerType(64, Signedness.UNSIGNED),
    # conversions: the element pairs the headers take
    (AddReluCastOp, "dst"): LocalTensorType(f16, [64]),
    (SubReluCastOp, "dst"): LocalTensorType(f16, [64]),
    (AddDeqReluOp, "dst"): LocalTensorType(f16, [64]),
    (AddDeqReluOp, "src0"): LocalTensorType(i32, [64]),
    (AddDeqReluOp, "src1"): LocalTensorType(i32, [64]),
    (CastDeqOp, "dst"): LocalTensorType(IntegerType(8), [64]),
    (CastDeqOp, "src"): LocalTensorType(IntegerType(16), [64]),
    (MulCastOp, "dst"): LocalTensorType(IntegerType(8), [64]),
    (MulCastOp, "src0"): LocalTensorType(f16, [64]),
    (MulCastOp, "src1"): LocalTensorType(f16, [64]),
    (SetDeqScaleOp, "scale"): f16,
    (SetDeqScaleL4Op, "vdeq"): LocalTensorType(IntegerType(64, Signedness.UNSIGNED), [16]),
    (SetDeqScaleL4Op, "vdeqInfo"): VdeqInfoType(),
    (GatherMaskOp, "src1Pattern"): OFFSETS,
    (GatherMaskOp, "reduceMode"): i1,
    (GatherMaskOp, "mask"): IntegerType(32, Signedness.UNSIGNED),
    (GatherMaskOp, "rsvdCnt"): ui64,
    (GetGatherMaskRemainCountOp, "result"): ui64,
    (TransposeBase, "dst"): LocalTensorType(f16, [256]),
    (TransposeBase, "src"): LocalTensorType(f16, [256]),
    (TransposeExtOp, "shared_tmp_buffer"): SCRATCH,
    (TransposeExtOp, "params"): TransposeParamsExtType(),
    (BilinearInterpolationOp, "dst"): LocalTensorType(f16, [64]),
    (BilinearInterpolationOp, "src0"): LocalTensorType(f16, [64]),
    (BilinearInterpolationOp, "src1"): LocalTensorType(f16, [64]),
    (BilinearInterpolationOp, "src0_offset"): OFFSETS,
    (BilinearInterpolationOp, "shared_tmp_buffer"): SCRATCH,
    # system ops: GetArchVersion's uint32_t&, DataCachePreload's GlobalTensor<uint64_t>,
    # ScalarCast from float to int32
    (GetArchVersionOp, "core_version"): IntegerType(32, Signedness.UNSIGNED),
    (DataCachePreloadOp, "src"): GlobalTensorType(IntegerType(64, Signedness.UNSIGNED)),
    (ScalarCastOp, "value"): f32,
    (LocalGetPhyAddrOp, "result"): IntegerType(64, Signedness.UNSIGNED),
    (GetStoreAtomicConfigOp, "atomic_type"): IntegerType(16, Signedness.UNSIGNED),
    # in-place AllocTensor/DeQue need a depth-0 queue; a TQue<VECIN> is a TQueBind<GM, VECIN>
    **{(cls, "queue"): QueBindType(TPosition.VECIN, TPosition.VECIN, 0)
       for cls in (AllocTensorInPlaceOp, DequeTensorInPlaceOp)},
    (ToQueBindOp, "result"): QueBindType(TPosition.GM, TPosition.VECIN, 2),
    (Sort32Op, "src1"): LocalTensorType(IntegerType(32, Signedness.UNSIGNED), [64]),
    (SortOp, "index"): LocalTensorType(IntegerType(32, Signedness.UNSIGNED), [64]),
    (MrgSortWithInfoOp, "sortList"): MrgSortSrcListType(f32),
    (MrgSort4Op, "src"): MrgSortSrcListType(f32),
    (SetFmatrixOp, "padList"): MemRefType(IntegerType(8, Signedness.UNSIGNED), [4]),
    (SetFmatrixOp, "l1H"): IntegerType(16, Signedness.UNSIGNED),
    (SetFmatrixOp, "l1W"): IntegerType(16, Signedness.UNSIGNED),
    (GetStoreAtomicConfigOp, "atomic_op"): IntegerType(16, Signedness.UNSIGNED),
    **{(cls, name): t for cls in (NotifyNextBlockOp, WaitPreBlockOp, IBSetOp, IBWaitOp,
                                  SyncAllSoftOp)
       for name, t in (("gm_workspace", GlobalTensorType(i32)),
                       ("ub_workspace", LocalTensorType(i32, [256])))},
    (ScalarCastOp, "result"): i32,
    (GetHcclContextOp, "context"): gm_pointer_type(IntegerType(8, Signedness.UNSIGNED)),
    (SetHcclContextOp, "context"): gm_pointer_type(IntegerType(8, Signedness.UNSIGNED)),
}
# Enum values of one op's property, where the op takes fewer values than its enum has.
OP_ENUM_SAMPLES = {
    (SelectScalarL0Op, "selMode"): SelMode.VSEL_TENSOR_SCALAR_MODE,
    (SelectScalarL1Op, "selMode"): SelMode.VSEL_TENSOR_SCALAR_MODE,
    (SelectScalarL2Op, "selMode"): SelMode.VSEL_TENSOR_SCALAR_MODE,
}
# More specific than the family rows above: checked first.
EXACT_OVERRIDES: dict[tuple[type[Operation], str], Attribute] = {
    (DataCopyPadL2Op, "dst"): GLOBAL,  # DataCopyPad(GlobalTensor, LocalTensor, params)
    (DataCopyPadL2Op, "src"): LOCAL,
    (DataCopyNz2NdOp, "dst"): GLOBAL,  # DataCopy(GlobalTensor, LocalTensor, Nz2NdParamsFull)
    (DataCopyNz2NdOp, "src"): LOCAL,
    (LoadDataG2LOp, "src"): GlobalTensorType(f16),
    (LoadDataG2LV2Op, "src"): GlobalTensorType(f16),
}
# Scalars with no type constraint, by operand name.
UNCONSTRAINED = {"cal_index": i1, "vars": i32, "args": i32}
# Operands that must be constants (C++ template arguments), by (op class, name).
from ascdsl.dialects.ascendc import MATMUL_OPS, MatmulType  # noqa: E402
from ascdsl.dialects.ascendc.types_cube import CubeFormat as _CubeFormat  # noqa: E402

CONSTANT_OPERANDS = {
    # The Matmul API's C++ template flags: bool constants.
    **{(c, n): (0, IntegerType(1)) for c in MATMUL_OPS for n in ("sync", "waitIterateBatch")
       if n in dict(c.get_irdl_definition().operands)},
    (AllocatorAllocOp, "tile_size"): 32,
    (ScalarGetSFFValueOp, "count_value"): 1,
    (ScalarGetCountOfValueOp, "count_value"): 1,
    (SetHcclContextOp, "index"): 0,
    (GetHcclContextOp, "index"): 0,
    (CopyL0Op, "isSetMask"): 1,  # Copy<T, isSetMask>: a template argument
    (CopyL1Op, "isSetMask"): 1,
}


MATMUL_SAMPLE = MatmulType((int(TPosition.GM), int(_CubeFormat.ND), f16, False, 0),
                           (int(TPosition.GM), int(_CubeFormat.ND), f16, False, 0),
                           (int(TPosition.GM), int(_CubeFormat.ND), f32, False, 0),
                           (int(TPosition.GM), int(_CubeFormat.ND), f32))


def _inner(constr):
    while isinstance(constr, RangeLengthConstraint | RangeOf):
        constr = constr.constraint if isinstance(constr, RangeLengthConstraint) else constr.constr
    return constr


def _override(cls: type[Operation], name: str) -> Attribute | None:
    if (cls, name) in EXACT_OVERRIDES:
        return EXACT_OVERRIDES[(cls, name)]
    for klass in cls.__mro__:
        if (klass, name) in OVERRIDES:
            return OVERRIDES[(klass, name)]
    return None


# Ascend C APIs whose headers accept integer elements only (their dtype static_asserts: And,
# Or, Not take int16_t / uint16_t; the shifts 16- and 32-bit integers): sampled with i16
# tensors and scalars instead of f32.
INTEGER_APIS = frozenset({"And", "Or", "Not", "ShiftLeft", "ShiftRight", "Xor"})
i16 = IntegerType(16)


def _element(cls: type[Operation]) -> Attribute:
    cpp = getattr(cls, "CPP", None)
    return i16 if cpp is not None and cpp.api in INTEGER_APIS else f32


def sample_type(cls: type[Operation], name: str, constr) -> Attribute:
    """A type that satisfies the constraint of `cls`'s operand or result `name`."""
    chosen = _override(cls, name)
    if chosen is not None:
        return chosen
    element = _element(cls)
    inner = _inner(constr)
    if isinstance(inner, EqAttrConstraint):
        return inner.attr
    if isinstance(inner, IntLike):
        return i32
    if isinstance(inner, UI64):
        return ui64
    if isinstance(inner, AnyAttr):
        return UNCONSTRAINED.get(name, element)
    if isinstance(inner, Is):
        first = inner.classes[0]
        if first is PipeType:
            return PipeType()
        if first is QueueType:
            return QueueType(TPosition.VECIN, 2)
        if first is QueBindType:
            return QueBindType(TPosition.VECIN, TPosition.VECOUT, 2)
        if first is TBufType:
            return TBufType(TPosition.VECCALC)
        if first is TBufPoolType:
            return TBufPoolType(TPosition.VECIN, 4)
        if first is LocalTensorType:
            return LOCAL if element is f32 else LocalTensorType(element, [64])
        if first is GlobalTensorType:
            return GLOBAL
        if first is LocalMemAllocatorType:
            return LocalMemAllocatorType(Hardware.UB)
        if first is MatmulType:
            return MATMUL_SAMPLE
        if not first.get_irdl_definition().parameters:
            return first()  # KfcServer, MatrixOffset, MatmulApiStaticTiling
        if issubclass(first, ParamStructType):
            return first()
        if first in (TensorDescType, ListTensorDescType):
            return first()
        if first.__name__ in ("MemRefType", "UnrankedMemRefType"):
            return gm_pointer_type(f32)
    raise NotImplementedError(f"{cls.name}: no sample type for '{name}' ({constr})")


def _properties(cls: type[Operation], result_types: list[Attribute],
                present: dict[str, bool]) -> dict[str, Attribute]:
    props: dict[str, Attribute] = {}
    defn = cls.get_irdl_definition()
    enums = getattr(cls, "ENUMS", {})
    for name, prop in defn.properties.items():
        optional = type(prop).__name__.startswith("Opt")
        constr = repr(prop.constr)
        if name == "operandSegmentSizes":
            props[name] = segment_sizes(cls, present)
        elif name in enums:
            props[name] = enum_attr(OP_ENUM_SAMPLES.get((cls, name), ENUM_SAMPLES[enums[name]]))
        elif name == "matmulType":
            props[name] = MATMUL_SAMPLE
        elif name == "isSetMask":
            props[name] = UnitAttr()
        elif optional:
            continue
        elif "StringAttr" in constr:
            props[name] = StringAttr("value %d")
        elif name == "dtype":
            t = result_types[0] if result_types else f32  # SetAtomicAdd<T>: no result
            props[name] = getattr(t, "element_type", t)
        elif name == "modeId":  # CrossCoreSetFlag<modeId, pipe>: a ui8 mode (2: AIC <-> AIV)
            from ascdsl.dialects.ascendc.ops_cross_core import UI8

            props[name] = IntegerAttr(2, UI8)
        elif name == "elementType":  # TensorDesc<T>
            props[name] = f32
        else:
            raise NotImplementedError(f"{cls.name}: no sample for property '{name}'")
    return props


def _template_operands(cls: type[Operation]) -> set[str]:
    """Operands the op's C++ uses as template arguments (plain names in `Cpp.template`)."""
    cpp = getattr(cls, "CPP", None)
    return {t for t in (cpp.template if cpp is not None else ()) if ":" not in t}


def _constant_of(t: Attribute) -> tuple[int, Attribute]:
    if not isinstance(t, IntegerType):
        raise NotImplementedError(f"no constant sample of type {t}")
    return (0, t)


# Ops whose C++ depends on the IR around them (TransDataTo5HD<T> takes T from the tensor
# whose GetPhyAddr made its addresses): a sample written out, `{name}` the function name.
_ADDRS = ", ".join(["%a"] * 16)
_TENSORS = ", ".join(["%t"] * 16)
_U64S = ", ".join(["ui64"] * 32)
_LOCALS = ", ".join(["!ascendc.local_tensor<256xf16>"] * 32)
WRITTEN_SAMPLES: dict[type[Operation], str] = {
    # MrgSort's four counts and four sorted numbers, and a list built from four tensors.
    MrgSortOp: """
func.func @{name}(%d: !ascendc.local_tensor<256xf32>, %s: !ascendc.local_tensor<64xf32>,
                  %c: ui16, %n: ui32, %v: ui16, %r: ui16) {
  %l = ascendc.construct !ascendc.mrg_sort_src_list<f32>(%s, %s, %s, %s) [!ascendc.local_tensor<64xf32>, !ascendc.local_tensor<64xf32>, !ascendc.local_tensor<64xf32>, !ascendc.local_tensor<64xf32>] : !ascendc.local_tensor<64xf32>, !ascendc.local_tensor<64xf32>, !ascendc.local_tensor<64xf32>, !ascendc.local_tensor<64xf32>
  ascendc.mrg_sort %d, %l, %c, %c, %c, %c, %n, %n, %n, %n, %v, %r {operandSegmentSizes = array<i32: 1, 1, 4, 4, 1, 1>} : !ascendc.local_tensor<256xf32>, !ascendc.mrg_sort_src_list<f32>, ui16, ui16, ui16, ui16, ui32, ui32, ui32, ui32, ui16, ui16
  ascendc.mrg_sort %d, %l, %c, %c, %c, %c, %n, %n, %n, %n, %v, %r {isExhaustedSuspension, operandSegmentSizes = array<i32: 1, 1, 4, 4, 1, 1>} : !ascendc.local_tensor<256xf32>, !ascendc.mrg_sort_src_list<f32>, ui16, ui16, ui16, ui16, ui32, ui32, ui32, ui32, ui16, ui16
  return
}""",
    # AscendDequant: int32 rows, a float scale row, the DequantParams it builds.
    AscendDequantOp: """
func.func @{name}(%d: !ascendc.local_tensor<256xf32>, %s: !ascendc.local_tensor<256xi32>,
                  %c: !ascendc.local_tensor<64xf32>, %t: !ascendc.local_tensor<1024xui8>,
                  %m: i32, %n: i32, %k: i32) {
  %p = ascendc.construct !ascendc.dequant_params(%m, %n, %k) : i32, i32, i32
  ascendc.ascend_dequant %d, %s, %c, %t, %p {mode = 0 : i32}
      : !ascendc.local_tensor<256xf32>, !ascendc.local_tensor<256xi32>,
        !ascendc.local_tensor<64xf32>, !ascendc.local_tensor<1024xui8>, !ascendc.dequant_params
  return
}""",
    # BroadCast: its two shapes have `dim` integers each.
    BroadCastOp: """
func.func @{name}(%d: !ascendc.local_tensor<256xf32>, %s: !ascendc.local_tensor<64xf32>,
                  %t: !ascendc.local_tensor<1024xui8>, %m: ui32, %n: ui32, %one: ui32) {
  ascendc.broadcast %d, %s, %m, %n, %m, %one, %t {axis = 1 : i32, dim = 2 : i32}
      : !ascendc.local_tensor<256xf32>, !ascendc.local_tensor<64xf32>, ui32, ui32, ui32, ui32,
        !ascendc.local_tensor<1024xui8>
  return
}""",
    TransDataTo5HDOp: """
func.func @{name}(%t: !ascendc.local_tensor<256xf16>, %d: !ascendc.local_tensor<16xui64>,
                  %s: !ascendc.local_tensor<16xui64>, %p: !ascendc.trans_data_to_5hd_params,
                  %i: ui32) {
  %a = ascendc.local_tensor.get_phy_addr %t, %i : !ascendc.local_tensor<256xf16>, ui64, ui32
  ascendc.local_tensor.set_value %d, %i, %a : !ascendc.local_tensor<16xui64>, ui32, ui64
  ascendc.local_tensor.set_value %s, %i, %a : !ascendc.local_tensor<16xui64>, ui32, ui64
  ascendc.trans_data_to_5hd %d, %s, %p : !ascendc.local_tensor<16xui64>, !ascendc.local_tensor<16xui64>, !ascendc.trans_data_to_5hd_params
  return
}""",
    TransDataTo5HDUintListOp: f"""
func.func @{{name}}(%t: !ascendc.local_tensor<256xf16>, %p: !ascendc.trans_data_to_5hd_params,
                  %i: ui32) {{
  %a = ascendc.local_tensor.get_phy_addr %t, %i : !ascendc.local_tensor<256xf16>, ui64, ui32
  ascendc.trans_data_to_5hd_uint_list {_ADDRS}, {_ADDRS}, %p {{operandSegmentSizes = array<i32: 16, 16, 1>}} : {_U64S}, !ascendc.trans_data_to_5hd_params
  return
}}""",
    TransDataTo5HDTensorListOp: f"""
func.func @{{name}}(%t: !ascendc.local_tensor<256xf16>, %p: !ascendc.trans_data_to_5hd_params) {{
  ascendc.trans_data_to_5hd_tensor_list {_TENSORS}, {_TENSORS}, %p {{operandSegmentSizes = array<i32: 16, 16, 1>}} : {_LOCALS}, !ascendc.trans_data_to_5hd_params
  return
}}""",
}


from data_copy_ext_samples import SAMPLES as _DATA_COPY_EXT  # noqa: E402

WRITTEN_SAMPLES.update(_DATA_COPY_EXT)


def _written_sample(cls: type[Operation], index: int) -> func.FuncOp:
    from ascdsl.context import make_context
    from ascdsl.diagnostics import parse_module

    mnemonic = cls.name.removeprefix("ascendc.").replace(".", "_")
    text = WRITTEN_SAMPLES[cls].replace("{name}", f"op{index}_{mnemonic}")
    module = parse_module(make_context(), text, f"<sample {cls.name}>")
    f = next(op for op in module.ops if isinstance(op, func.FuncOp))
    f.detach()
    return f


def sample_function(cls: type[Operation], index: int) -> func.FuncOp:
    """`func.func @op<index>_<mnemonic>(...)` holding one `cls` op."""
    if cls in WRITTEN_SAMPLES:
        return _written_sample(cls, index)
    defn = cls.get_irdl_definition()
    result_types = [sample_type(cls, n, r.constr) for n, r in defn.results]
    arg_types: list[Attribute] = []
    plan: list[tuple[str, list[Attribute | int]]] = []
    template = _template_operands(cls)
    for name, operand in defn.operands:
        kind = type(operand).__name__
        if (cls, name) in CONSTANT_OPERANDS:
            plan.append((name, [CONSTANT_OPERANDS[(cls, name)]]))
            continue
        if name == "sharedTmpBuffer" and not getattr(cls, "TAKES_TMP", True):
            plan.append((name, []))  # the API has no overload with scratch (Log)
            continue
        t = sample_type(cls, name, operand.constr)
        if isinstance(t, FixpipeConfigType):
            # A template argument of Fixpipe: built from a constant layout (1: ROW_MAJOR).
            plan.append((name, [FixpipeConfigType()]))
            continue
        if name in template:
            # A C++ template argument must be a compile-time constant: a constant when the
            # op needs it, left out when it is optional.
            plan.append((name, [] if kind.startswith("Opt") else [_constant_of(t)]))
            continue
        if kind.startswith("Var") and not kind.startswith("Opt"):
            count = 2 if isinstance(_inner(operand.constr), UI64) else (
                4 if name == "args" else (0 if name == "dynamic_shape" else 1)
            )
            plan.append((name, [t] * count))
        else:
            plan.append((name, [t]))
        arg_types += [x for x in plan[-1][1] if isinstance(x, Attribute)]
    block = Block(arg_types=arg_types)
    args = iter(block.args)
    operands: list[SSAValue | list[SSAValue]] = []
    for name, items in plan:
        values: list[SSAValue] = []
        for item in items:
            if isinstance(item, FixpipeConfigType):
                layout = arith.ConstantOp(IntegerAttr(1, i32))
                config = ConstructOp(item, [layout.result])
                block.add_ops([layout, config])
                values.append(config.result)
            elif isinstance(item, tuple):
                const = arith.ConstantOp(IntegerAttr(*item))
                block.add_op(const)
                values.append(const.result)
            elif isinstance(item, int):
                const = arith.ConstantOp(IntegerAttr(item, i32))
                block.add_op(const)
                values.append(const.result)
            else:
                values.append(next(args))
        kind = type(dict(defn.operands)[name]).__name__
        operands.append(values if kind.startswith(("Var", "Opt")) else values[0])
    present = {name: bool(items) for name, items in plan}
    op = cls.create(
        operands=[v for o in operands for v in (o if isinstance(o, list) else [o])],
        result_types=result_types,
        properties=_properties(cls, result_types, present),
    )
    block.add_op(op)
    block.add_op(func.ReturnOp())
    mnemonic = cls.name.removeprefix("ascendc.").replace(".", "_")
    return func.FuncOp(f"op{index}_{mnemonic}", (arg_types, []), Region(block))

