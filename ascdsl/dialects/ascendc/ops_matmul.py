"""The Matmul API (`matmul::Matmul` members), `REGIST_MATMUL_OBJ`, `GetMatmulApiTiling` and
the KfcServer of mixed kernels, in pyasc's syntax (`ascendc.matmul.*`, `ascendc.kfc_server.*`).

A Matmul object computes C = A B (+ bias) over its tiling (`TCubeTiling`): `set_tensor_a/b`
and `set_bias` record the operands, `iterate` computes the next baseM x baseN block of C into
L0C, `get_tensor_c` moves that block out (FIX), `iterate_all` does both for the whole
singleCoreM x singleCoreN result. Inside, the object drives MTE2 (GM -> L1), MTE1
(L1 -> L0A/L0B), M (Mmad) and FIX; the facts below name the pipe an op ends on and the tensors
it reads or writes, which is what the sync passes and the sanitizer need: the pipes inside one
call are ordered by the library itself.

The flags pyasc passes as C++ template arguments (`sync`, `waitIterateAll`, ...) are operands,
printed as template arguments (`Iterate<sync>(partialSum)`).
"""

from __future__ import annotations

from typing import ClassVar

from xdsl.dialects.builtin import TypeAttribute
from xdsl.irdl import (
    AnyAttr,
    ParsePropInAttrDict,
    operand_def,
    opt_operand_def,
    opt_prop_def,
    prop_def,
    result_def,
    var_operand_def,
)
from xdsl.parser import Parser
from xdsl.printer import Printer

from .base import AscendCOp, Cpp, CppStyle, asc_op
from .constraints import GLOBAL, LOCAL, MEMREF, PIPE, TENSOR, Is
from .enums import Pipe, TPosition
from .segments import SEGMENTED, SegmentedFormat
from .types import LocalTensorType
from .types_matmul import CubeTilingType, MatmulConfigType
from .types_matmul_api import (
    KfcServerType,
    MatmulApiStaticTilingType,
    MatmulType,
    MatrixOffsetType,
)

MATMUL = Is((MatmulType,), "a Matmul object (!ascendc.matmul)")
TILING = Is((CubeTilingType,), "a TCubeTiling (!ascendc.cube_tiling)")
CONFIG = Is((MatmulConfigType,), "a MatmulConfig (!ascendc.matmul_config)")
KFC = Is((KfcServerType,), "a KfcServer (!ascendc.kfc_server)")

FORMAT = "operands attr-dict `:` type(operands)"
HEADER = "lib/matmul_intf.h"


def _member(api: str, template: tuple[str, ...] = (), args: tuple[str, ...] | None = None) -> Cpp:
    return Cpp(api, CppStyle.MEMBER, template=template, args=args, header=HEADER)


# C at these positions is in UB, which only a vector core has: the object is a mixed kernel's
# client there (sync_client.py), and dav-c220 has no L0C -> UB path.
_UB_POSITIONS = (TPosition.VECCALC, TPosition.VECIN, TPosition.VECOUT)


class MatmulOp(AscendCOp):
    """A call on a Matmul object (its first operand)."""

    matmul = operand_def(MATMUL)
    irdl_options = (ParsePropInAttrDict(),)
    assembly_format = FORMAT
    # pyasc's Matmul.td gives none of these ops `OpWithDst`: its insert-sync leaves what the
    # library writes to the library's own synchronisation (GetTensorC<sync=true> returns with
    # the block in place, as the matmul tutorials rely on).
    PYASC_DST: ClassVar[bool] = False

    def matmul_type(self) -> MatmulType:
        return self.matmul.type  # type: ignore[return-value]


class _SegmentedMatmulOp(SegmentedFormat, MatmulOp):
    irdl_options = SEGMENTED
    assembly_format = None


# --- setup -------------------------------------------------------------------------------------


@asc_op(cpp=Cpp("Init", CppStyle.SPECIAL, header=HEADER))
class MatmulInitOp(MatmulOp):
    """`mm.Init(&tiling[, pipe])`: take the tiling (REGIST_MATMUL_OBJ also does this)."""

    name = "ascendc.matmul.init"
    cubeTiling = operand_def(TILING)
    pipe = opt_operand_def(PIPE)


@asc_op(cpp=_member("SetTensorA"), reads=())
class MatmulSetTensorAOp(MatmulOp):
    """`mm.SetTensorA(gm, isTransposeA)`: where A is (read by the next Iterate)."""

    name = "ascendc.matmul.set_tensor_a"
    tensor = operand_def(TENSOR)
    transpose = operand_def()


@asc_op(cpp=_member("SetTensorA"))
class MatmulSetTensorAScalarOp(MatmulOp):
    """`mm.SetTensorA(scalar)`: A is one value broadcast."""

    name = "ascendc.matmul.set_tensor_a_scalar"
    aScalar = operand_def()


@asc_op(cpp=_member("SetTensorB"))
class MatmulSetTensorBOp(MatmulOp):
    """`mm.SetTensorB(gm, isTransposeB)`."""

    name = "ascendc.matmul.set_tensor_b"
    tensor = operand_def(TENSOR)
    transpose = operand_def()


@asc_op(cpp=_member("SetTensorB"))
class MatmulSetTensorBScalarOp(MatmulOp):
    """`mm.SetTensorB(scalar)`."""

    name = "ascendc.matmul.set_tensor_b_scalar"
    bScalar = operand_def()


@asc_op(cpp=_member("SetBias"))
class MatmulSetBiasOp(MatmulOp):
    """`mm.SetBias(gm)`: a [1, N] bias added to every row of C (enables the bias)."""

    name = "ascendc.matmul.set_bias"
    tensor = operand_def(TENSOR)


@asc_op(cpp=_member("DisableBias"))
class MatmulDisableBiasOp(MatmulOp):
    """`mm.DisableBias()`."""

    name = "ascendc.matmul.disable_bias"


@asc_op(cpp=Cpp("SetSelfDefineData", CppStyle.SPECIAL, header=HEADER))
class MatmulSetSelfDefineDataOp(MatmulOp):
    """`mm.SetSelfDefineData(reinterpret_cast<uint64_t>(ptr))`."""

    name = "ascendc.matmul.set_self_define_data"
    dataPtr = operand_def()


@asc_op(cpp=_member("SetSparseIndex"))
class MatmulSetSparseIndexOp(MatmulOp):
    """`mm.SetSparseIndex(indexGlobal)` (sparse matmul)."""

    name = "ascendc.matmul.set_sparse_index"
    indexGlobal = operand_def(GLOBAL)


@asc_op(cpp=Cpp("SetUserDefInfo", CppStyle.SPECIAL, header=HEADER))
class MatmulSetUserDefInfoOp(MatmulOp):
    """`mm.SetUserDefInfo(reinterpret_cast<uint64_t>(tilingPtr))`."""

    name = "ascendc.matmul.set_user_def_info"
    tilingPtr = operand_def(MEMREF)


@asc_op(cpp=_member("SetHF32"))
class MatmulSetHF32Op(MatmulOp):
    """`mm.SetHF32(enable, transMode)`: f32 inputs computed as HF32."""

    name = "ascendc.matmul.set_hf32"
    enableHF32 = operand_def()
    transMode = operand_def()


@asc_op(cpp=_member("SetTail"))
class MatmulSetTailOp(MatmulOp):
    """`mm.SetTail(tailM, tailN, tailK)`: this core's part of C is tailM x tailN over tailK
    (a tail core's share is smaller than singleCoreM/N/K); -1 keeps a size."""

    name = "ascendc.matmul.set_tail"
    tailM = operand_def()
    tailN = operand_def()
    tailK = operand_def()


@asc_op(cpp=_member("SetBatchNum"))
class MatmulSetBatchNumOp(MatmulOp):
    name = "ascendc.matmul.set_batch_num"
    batchA = operand_def()
    batchB = operand_def()


@asc_op(cpp=_member("SetWorkspace"))
class MatmulSetWorkspaceOp(MatmulOp):
    """`mm.SetWorkspace(gm[, size])`: GM scratch for results handed to the vector cores."""

    name = "ascendc.matmul.set_workspace"
    tensor = operand_def()
    size = opt_operand_def()


@asc_op(cpp=_member("SetQuantScalar"))
class MatmulSetQuantScalarOp(MatmulOp):
    name = "ascendc.matmul.set_quant_scalar"
    quantscalar = operand_def()


@asc_op(cpp=_member("SetQuantVector"))
class MatmulSetQuantVectorOp(MatmulOp):
    name = "ascendc.matmul.set_quant_vector"
    quantvector = operand_def(GLOBAL)


@asc_op(cpp=_member("SetOrgShape"))
class MatmulSetOrgShapeOp(_SegmentedMatmulOp):
    """`mm.SetOrgShape(orgM, orgN, orgKa[, orgKb[, orgKc]])`: the full matrices' sizes (their
    row strides), when they differ from the tiling's M, N, Ka / Kb."""

    name = "ascendc.matmul.set_org_shape"
    orgm = operand_def()
    orgn = operand_def()
    orgka = operand_def()
    orgkb = opt_operand_def()
    orgkc = opt_operand_def()


@asc_op(cpp=_member("SetSingleShape"))
class MatmulSetSingleShapeOp(MatmulOp):
    name = "ascendc.matmul.set_single_shape"
    singlem = operand_def()
    singlen = operand_def()
    singlek = operand_def()


# --- compute -----------------------------------------------------------------------------------


@asc_op(cpp=_member("Iterate", template=("value:sync",), args=("partialsum", "localCmaxtrix")),
        pipe=Pipe.PIPE_M, writes=("localCmaxtrix",))
class MatmulIterateOp(MatmulOp):
    """`bool more = mm.Iterate<sync>(enPartialSum)`: compute the next baseM x baseN block of C
    (in the tiling's iterate order) into L0C; false when every block is done."""

    name = "ascendc.matmul.iterate"
    partialsum = operand_def()
    localCmaxtrix = opt_operand_def(LOCAL)
    sync = operand_def()
    result = result_def()
    assembly_format = None

    @classmethod
    def parse(cls, parser: Parser) -> MatmulIterateOp:
        # pyasc's format: `%mm, %partial, %sync attr-dict (, %localC)? : T, T, T, (T,)? Tres`.
        start = parser.pos
        names = [parser.parse_unresolved_operand()]
        for _ in range(2):
            parser.parse_punctuation(",")
            names.append(parser.parse_unresolved_operand())
        attrs = dict(parser.parse_optional_attr_dict())
        local = None
        if parser.parse_optional_punctuation(","):
            local = parser.parse_unresolved_operand()
        parser.parse_punctuation(":")
        types = [parser.parse_type()]
        for _ in range(2):
            parser.parse_punctuation(",")
            types.append(parser.parse_type())
        parser.parse_punctuation(",")
        # MLIR prints an absent local C's type as nothing (`i1, i1, i1`); pyasc's lit test
        # writes an empty slot (`i1, i1, , i1`): both read.
        local_type = None
        first = parser.parse_optional_type()
        if first is None:
            parser.parse_punctuation(",")
            result_type = parser.parse_type()
        elif parser.parse_optional_punctuation(","):
            local_type, result_type = first, parser.parse_type()
        else:
            result_type = first
        if (local is None) != (local_type is None):
            parser.raise_error("the local C tensor and its type go together", start, parser.pos)
        mm, partial, sync = parser.resolve_operands(names, types, start)
        local_v = [] if local is None else [parser.resolve_operand(local, local_type)]
        return cls.create(operands=[mm, partial, *local_v, sync], result_types=[result_type],
                          attributes=attrs)

    def print(self, printer: Printer) -> None:
        printer.print_string(" ")
        printer.print_list([self.matmul, self.partialsum, self.sync], printer.print_operand)
        printer.print_op_attributes(self.attributes)
        if self.localCmaxtrix is not None:
            printer.print_string(", ")
            printer.print_operand(self.localCmaxtrix)
        printer.print_string(" : ")
        printer.print_list([self.matmul.type, self.partialsum.type, self.sync.type],
                           printer.print_attribute)
        printer.print_string(", ")
        if self.localCmaxtrix is not None:
            printer.print_attribute(self.localCmaxtrix.type)
            printer.print_string(", ")
        printer.print_attribute(self.result.type)


@asc_op(cpp=_member("GetTensorC", template=("value:sync",),
                    args=("tensor", "tensor2", "atomic", "sequentialwrite")),
        pipe=Pipe.PIPE_FIX, writes=("tensor", "tensor2"))
class MatmulGetTensorCOp(MatmulOp):
    """`mm.GetTensorC<sync>(c, enAtomic, enSequentialWrite)`: move the block the last
    Iterate computed out of L0C into `c` (GM: at its place in C; local: packed).

    Two forms, two pipes. The cube core's own object (cube-only kernels, or C in GM) writes
    `c` with its Fixpipe (FIX). A vector core's client with C in UB has no Fixpipe: the
    server's Fixpipe fills the GM workspace and the client copies the block into `c` on
    MTE2 (matmul_client.h CopyToUB), so that is the pipe the kernel's other accesses to `c`
    must be ordered with."""

    name = "ascendc.matmul.get_tensor_c"
    tensor = operand_def(TENSOR)
    tensor2 = opt_operand_def(TENSOR)
    atomic = operand_def()
    sequentialwrite = operand_def()
    sync = operand_def()

    def copies_to_ub(self) -> bool:
        """Whether this is the client form (C in UB, one local target)."""
        return (self.tensor2 is None and isinstance(self.tensor.type, LocalTensorType)
                and self.matmul_type().operand("c")[0] in _UB_POSITIONS)

    def hw_pipe(self) -> Pipe:
        return Pipe.PIPE_MTE2 if self.copies_to_ub() else Pipe.PIPE_FIX


@asc_op(cpp=_member("GetTensorC", template=("value:sync",), args=("atomic", "sequentialwrite")),
        pipe=Pipe.PIPE_FIX)
class MatmulGetTensorCReturnOp(MatmulOp):
    """`GlobalTensor c = mm.GetTensorC<sync>(enAtomic, enSequentialWrite)` (mixed kernels:
    the block in the workspace)."""

    name = "ascendc.matmul.get_tensor_c_return"
    atomic = operand_def()
    sequentialwrite = operand_def()
    sync = operand_def()
    result = result_def(GLOBAL)
    assembly_format = ("$matmul `,` $atomic `,` $sequentialwrite `,` $sync attr-dict `:` "
                       "type($matmul) `,` type($atomic) `,` type($sequentialwrite) `,` "
                       "type($sync) `,` type($result)")


@asc_op(cpp=_member("IterateAll", template=("value:sync",),
                    args=("tensor", "enAtomic", "enSenquentialWrite", "waitIterateAll",
                          "fakeMsg")),
        pipe=Pipe.PIPE_FIX, writes=("tensor",))
class MatmulIterateAllOp(_SegmentedMatmulOp):
    """`mm.IterateAll<sync>(c, enAtomic, enSequentialWrite, waitIterateAll, fakeMsg)`: the
    whole singleCoreM x singleCoreN result of this core into `c`."""

    name = "ascendc.matmul.iterate_all"
    tensor = operand_def(TENSOR)
    enAtomic = opt_operand_def()
    enSenquentialWrite = opt_operand_def()
    waitIterateAll = opt_operand_def()
    fakeMsg = opt_operand_def()
    sync = operand_def()


@asc_op(cpp=_member("WaitIterateAll"))
class MatmulWaitIterateAllOp(MatmulOp):
    name = "ascendc.matmul.wait_iterate_all"


@asc_op(cpp=_member("IterateBatch", template=("value:sync", "value:waitIterateBatch"),
                    args=("tensor", "batchA", "batchB", "enSenquentialWrite", "maxtrixStrideA",
                          "maxtrixStrideB", "maxtrixStrideC", "enPartialSum", "enAtomic")),
        pipe=Pipe.PIPE_FIX, writes=("tensor",))
class MatmulIterateBatchOp(_SegmentedMatmulOp):
    """`mm.IterateBatch<sync, wait>(c, batchA, batchB, ...)`: batchA x batchB matmuls."""

    name = "ascendc.matmul.iterate_batch"
    tensor = operand_def(TENSOR)
    batchA = operand_def()
    batchB = operand_def()
    enSenquentialWrite = operand_def()
    maxtrixStrideA = operand_def()
    maxtrixStrideB = operand_def()
    maxtrixStrideC = operand_def()
    enPartialSum = opt_operand_def()
    enAtomic = opt_operand_def()
    sync = operand_def()
    waitIterateBatch = opt_operand_def()


@asc_op(cpp=_member("IterateBatch"), pipe=Pipe.PIPE_FIX, writes=("tensor",))
class MatmulIterateBatchCubeOnlyOp(MatmulOp):
    name = "ascendc.matmul.iterate_batch_cube_only"
    tensor = operand_def(TENSOR)
    enPartialSum = operand_def()
    enAtomic = operand_def()
    enSenquentialWrite = operand_def()
    maxtrixStrideA = operand_def()
    maxtrixStrideB = operand_def()
    maxtrixStrideC = operand_def()


@asc_op(cpp=_member("WaitIterateBatch"))
class MatmulWaitIterateBatchOp(MatmulOp):
    name = "ascendc.matmul.wait_iterate_batch"


@asc_op(cpp=_member("GetBatchTensorC", template=("value:sync",),
                    args=("batchA", "batchB", "sequentialwrite")), pipe=Pipe.PIPE_FIX)
class MatmulGetBatchTensorCOp(MatmulOp):
    name = "ascendc.matmul.get_batch_tensor_c"
    batchA = operand_def()
    batchB = operand_def()
    sequentialwrite = operand_def()
    sync = operand_def()
    result = result_def(GLOBAL)
    assembly_format = ("$matmul `,` $batchA `,` $batchB `,` $sequentialwrite `,` $sync attr-dict "
                       "`:` type($matmul) `,` type($batchA) `,` type($batchB) `,` "
                       "type($sequentialwrite) `,` type($sync) `,` type($result)")


@asc_op(cpp=_member("GetBatchTensorC", template=("value:sync",),
                    args=("c", "batchA", "batchB", "sequentialwrite")),
        pipe=Pipe.PIPE_MTE2, writes=("c",))
class MatmulGetBatchTensorCLocalMemOp(MatmulOp):
    """`mm.GetBatchTensorC<false>(ub, batchA, batchB, enSequentialWrite)`: one IterateNBatch
    loop's results from the cache workspace into `ub`. Only a vector core's client does
    anything here (the server's copy of the call is empty): CopyToUBBatch, on MTE2 with no
    MTE2 -> V flag after it (WaitGetTensorC is that flag)."""

    name = "ascendc.matmul.get_batch_tensor_c_local_mem"
    c = operand_def(LOCAL)
    batchA = operand_def()
    batchB = operand_def()
    sequentialwrite = operand_def()
    sync = operand_def()


@asc_op(cpp=_member("IterateNBatch", template=("value:sync", "value:waitIterateBatch"),
                    args=("batchLoop", "batchA", "batchB", "enSequentialWrite", "matrixStrideA",
                          "matrixStrideB", "matrixStrideC")), pipe=Pipe.PIPE_FIX)
class MatmulIterateNBatchOp(MatmulOp):
    name = "ascendc.matmul.iterate_n_batch"
    batchLoop = operand_def()
    batchA = operand_def()
    batchB = operand_def()
    enSequentialWrite = operand_def()
    matrixStrideA = operand_def()
    matrixStrideB = operand_def()
    matrixStrideC = operand_def()
    sync = operand_def()
    waitIterateBatch = operand_def()


@asc_op(cpp=_member("WaitGetTensorC"))
class MatmulWaitGetTensorCOp(MatmulOp):
    """`mm.WaitGetTensorC()`: SetFlag/WaitFlag MTE2_V on the vector core, so the vector pipe
    sees what GetBatchTensorC / AsyncGetTensorC copied into UB (sync_client.py)."""

    name = "ascendc.matmul.wait_get_tensor_c"


@asc_op(cpp=_member("GetOffsetC"))
class MatmulGetOffsetCOp(MatmulOp):
    name = "ascendc.matmul.get_offset_c"
    result = result_def(Is((MatrixOffsetType,), "!ascendc.matrix_offset"))
    assembly_format = "operands attr-dict `:` type(operands)"


@asc_op(cpp=_member("AsyncGetTensorC"), pipe=Pipe.PIPE_MTE2, writes=("tensor",))
class MatmulAsyncGetTensorCOp(MatmulOp):
    """`mm.AsyncGetTensorC(ub)`: the next block from the workspace into `ub` (a client's
    CopyToUB<..., sync=false> on MTE2; WaitGetTensorC is the MTE2 -> V flag after it)."""

    name = "ascendc.matmul.async_get_tensor_c"
    tensor = operand_def(LOCAL)


@asc_op(cpp=_member("End"))
class MatmulEndOp(MatmulOp):
    """`mm.End()`: release the object's buffers (and, in a mixed kernel, tell the server)."""

    name = "ascendc.matmul.end"


# --- objects and tilings -----------------------------------------------------------------------


@asc_op(cpp=Cpp("REGIST_MATMUL_OBJ", CppStyle.SPECIAL, header=HEADER))
class RegistMatmulObjOp(AscendCOp):
    """`REGIST_MATMUL_OBJ(&pipe, workspace, mm[, &tiling])`: bind the object to the pipe's
    L1/L0 and the system workspace, and Init it with the tiling when given."""

    name = "ascendc.regist_matmul_obj"
    pipe = operand_def(PIPE)
    workspace = operand_def()
    matmul = operand_def(MATMUL)
    tiling = opt_operand_def(TILING)
    irdl_options = (ParsePropInAttrDict(),)
    assembly_format = FORMAT


@asc_op(cpp=Cpp("GetMatmulApiTiling", CppStyle.SPECIAL, header=HEADER))
class GetMatmulApiTilingOp(AscendCOp):
    """`MatmulApiStaticTiling t = GetMatmulApiTiling<A, B, C, Bias>(cfg, l1Size)`."""

    name = "ascendc.get_matmul_api_tiling"
    mmCFG = operand_def(CONFIG)
    l1Size = operand_def()
    matmulType = prop_def(TypeAttribute)
    result = result_def(Is((MatmulApiStaticTilingType,), "!ascendc.matmul_api_static_tiling"))
    irdl_options = (ParsePropInAttrDict(),)
    assembly_format = FORMAT


# --- KfcServer (the cube side of a mixed kernel) -------------------------------------------------


class KfcOp(AscendCOp):
    server = operand_def(KFC)
    irdl_options = (ParsePropInAttrDict(),)
    assembly_format = FORMAT


@asc_op(cpp=_member("Init"))
class KfcInitOp(KfcOp):
    """`server.Init(workspace)`."""

    name = "ascendc.kfc_server.init"
    workspace = operand_def()


@asc_op(cpp=_member("isRun"))
class KfcIsRunOp(KfcOp):
    """`server.isRun()`: whether a vector core still has requests."""

    name = "ascendc.kfc_server.is_run"
    value = result_def()
    assembly_format = "$server attr-dict `:` type($value)"


@asc_op(cpp=Cpp("InitObj", CppStyle.SPECIAL, header=HEADER))
class KfcInitObjOp(KfcOp):
    """`server.InitObj(&pipe, mm...)`: the Matmul objects the server runs."""

    name = "ascendc.kfc_server.init_obj"
    pipe = operand_def(PIPE)
    ops = var_operand_def(AnyAttr())


@asc_op(cpp=_member("Run"))
class KfcRunOp(KfcOp):
    """`server.Run(mm)`: serve one request for `mm`."""

    name = "ascendc.kfc_server.run"
    matmul = operand_def(MATMUL)


@asc_op(cpp=_member("Quit"))
class KfcQuitOp(KfcOp):
    name = "ascendc.kfc_server.quit"


MATMUL_OPS: list[type[AscendCOp]] = [
    MatmulInitOp, MatmulSetTensorAOp, MatmulSetTensorAScalarOp, MatmulSetTensorBOp,
    MatmulSetTensorBScalarOp, MatmulSetBiasOp, MatmulDisableBiasOp, MatmulSetSelfDefineDataOp,
    MatmulSetSparseIndexOp, MatmulSetUserDefInfoOp, MatmulSetHF32Op, MatmulSetTailOp,
    MatmulSetBatchNumOp, MatmulSetWorkspaceOp, MatmulSetQuantScalarOp, MatmulSetQuantVectorOp,
    MatmulSetOrgShapeOp, MatmulSetSingleShapeOp, MatmulIterateOp, MatmulGetTensorCOp,
    MatmulGetTensorCReturnOp, MatmulIterateAllOp, MatmulWaitIterateAllOp, MatmulIterateBatchOp,
    MatmulIterateBatchCubeOnlyOp, MatmulWaitIterateBatchOp, MatmulGetBatchTensorCOp,
    MatmulGetBatchTensorCLocalMemOp, MatmulIterateNBatchOp, MatmulWaitGetTensorCOp,
    MatmulGetOffsetCOp, MatmulAsyncGetTensorCOp, MatmulEndOp, RegistMatmulObjOp,
    GetMatmulApiTilingOp, KfcInitOp, KfcIsRunOp, KfcInitObjOp, KfcRunOp, KfcQuitOp,
]
