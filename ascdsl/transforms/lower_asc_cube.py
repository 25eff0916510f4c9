"""`lower-asc-cube`: the cube unit's tiles and ops become LoadData / Mmad / Fixpipe.

    ascdsl-opt tests/filecheck/transforms/lower-asc-cube.mlir -p lower-asc-cube  # alone
    ascdsl-opt FILE.mlir --lower-asc --ascdsl-default -t ascendc      # the JIT's road

What each asc op becomes (C0 = 32 bytes of the element type, a fractal 16 x C0 = 512 bytes):

| asc | ascendc |
|---|---|
| `load` into L1 (2-d, GM rows) | `DataCopy(l1, gm, Nd2NzParams)`: NZ fractals (column blocks of C0 columns, each holding all the tile's rows) |
| `copy` L1 -> L0A | `LoadData(l0a, l1, LoadData2DParams)`: ZZ fractals (row blocks of fractals) |
| `copy` L1 -> L0B | `LoadData(..., ifTranspose = true)`: ZN fractals (each transposed) |
| `zeros_acc` | an L0C buffer; the first Mmad into it writes instead of adding |
| `matmul(a, b)` | a new L0C buffer and `Mmad(c, a, b, MmadParams(m, n, k, isBias = false))` |
| `matmul_acc(a, b, acc)` | `Mmad(acc, a, b, MmadParams(m, n, k, isBias = written))`, `written` the accumulate flag of `cube_plan.thread_flags` (false on the first step of the K loop) |
| `store` of an L0C tile | `Fixpipe(gm, l0c, FixpipeParamsV220, CFG_ROW_MAJOR)`: NZ -> ND rows of f32 (`asc.store` keeps the tile's type; `quantPre` would convert to f16 / bf16 on the way) |

A box of an L1 tile copied to L0A / L0B is addressed by its first fractal; LoadData copies
`repeatTimes` fractals `srcStride` apart. The lowering issues one LoadData per row block of
fractals, or per column block with a `dstGap`, whichever takes fewer instructions.

Buffers (`cube_plan`: live ranges, reuse, ping-pong tiles in parallel loops, capacity
errors): with `buffers=static` (the default) each tile is a static tensor,
`LocalTensor<T>(pos, addr, len)` at its planned byte address of its memory (positions A1 for
L1, A2, B2, CO1), as hand-written cube kernels place them; with `buffers=tbuf`, one `TBuf` per
memory that `TPipe.InitBuffer` sizes to the plan's peak, and each tile a `GetWithOffset` at
its offset. Static is the default because `insert-que-sync`'s dataflow tells static tensors
apart by byte range but sees a TBuf as one buffer: with a TBuf, the LoadData into the second
ping-pong L0 buffer waits for the Mmad that reads the first (20,288 against 22,143 simulated
cycles on examples/10). Nothing here synchronizes: `insert-que-sync` orders MTE2 -> MTE1 -> M
-> FIX and the reuse of each buffer (write-after-read flags), like any other static buffer.

Refused with a located error (the reference simulator runs them: `run_passes=False`): loads
straight into L0A / L0B / L0C, stores of L1 / L0A / L0B tiles, copies other than L1 to L0A /
L0B, f32 or int8 operands (LoadData transposes B's fractals for 16-bit types only), sizes
that are not whole fractals (rows and columns multiples of 16), boxes off the fractal grid,
and kernels that use cube and UB tiles together (mixed AIC/AIV kernels are not lowered).

The module gets `asc.memory_consumed` entries `L1`, `L0A`, `L0B`, `L0C` (bytes).
"""

from __future__ import annotations

from dataclasses import dataclass

from xdsl.context import Context
from xdsl.dialects import arith
from xdsl.dialects.builtin import (
    ArrayAttr,
    BFloat16Type,
    DictionaryAttr,
    Float16Type,
    IntegerAttr,
    IntegerType,
    ModuleOp,
    Signedness,
    UnrealizedConversionCastOp,
    i1,
    i32,
    i64,
)
from xdsl.ir import Operation, SSAValue

import ascdsl.dialects.asc as T
import ascdsl.dialects.ascendc as A
from ascdsl.diagnostics import PassError
from ascdsl.dialects.asc import AscTileOp, TileLocation, TileType
from ascdsl.dialects.ascendc import const_int
from ascdsl.dialects.ascendc import soc as soc_table
from ascdsl.dialects.ascendc.types import GlobalTensorType, LocalTensorType
from ascdsl.dialects.ascendc.types_cube import (
    FixpipeConfigType,
    FixpipeParamsV220Type,
    LoadData2DParamsType,
    MmadParamsType,
    Nd2NzParamsType,
    QuantMode,
)

from .analysis import function_bodies, gc_paused
from .cube_plan import MEMORY, CubePlan, is_cube_tile, plan_memory, thread_flags
from .lower_asc_vector import _linear, _product
from .options import CheckedPass
from .tile_bounds import keep_inside
from .vector_repeats import Emit, FunctionState, elem_bytes

MEMORY_ATTR = "asc.memory_consumed"
FRACTAL_ROWS = 16
_CUBE_OPS = (T.MatmulOp, T.MatmulAccOp, T.ZerosAccOp)


@dataclass(frozen=True)
class LowerAscCubePass(CheckedPass):
    """Lower asc cube tiles (L1/L0A/L0B/L0C) and matmul to LoadData, Mmad and Fixpipe."""

    name = "lower-asc-cube"
    CHOICES = {"soc": soc_table.SOCS, "buffers": ("static", "tbuf")}

    soc: str = soc_table.DEFAULT_SOC
    buffers: str = "static"

    def apply(self, ctx: Context, op: ModuleOp) -> None:
        soc = soc_table.get_soc(self.soc)
        most: dict[str, int] = {}
        with gc_paused():
            for func in function_bodies(op):
                cube = [o for o in func.walk() if _is_cube_op(o)]
                if not cube:
                    continue
                plan = CubeLowering(func, soc, self.buffers == "static").run(cube)
                for location, size in plan.sizes.items():
                    key = location.keyword
                    most[key] = max(most.get(key, 0), size)
        if most:
            old = op.attributes.get(MEMORY_ATTR)
            entries = dict(old.data) if isinstance(old, DictionaryAttr) else {}
            entries.update({k: IntegerAttr(v, i64) for k, v in most.items()})
            op.attributes[MEMORY_ATTR] = DictionaryAttr(entries)


def _is_cube_op(op: Operation) -> bool:
    if not isinstance(op, AscTileOp):
        return False
    if isinstance(op, _CUBE_OPS):
        return True
    return any(is_cube_tile(v) for v in (*op.operands, *op.results))


def _tile(v: SSAValue) -> TileType:
    t = v.type
    assert isinstance(t, TileType)
    return t


class CubeLowering:
    """lower-asc-cube on one function: check, thread flags, plan memory, emit, erase."""

    def __init__(self, func, soc: soc_table.SoC, static: bool = True):
        self.func = func
        self.soc = soc
        self.static = static
        self.state = FunctionState(func.body.blocks.first)
        self.buffers: dict[SSAValue, SSAValue] = {}  # tile -> its local tensor
        self.tensors: dict[SSAValue, tuple[SSAValue, list]] = {}  # asc.tensor -> (GM, dims)
        self.tbufs: dict[TileLocation, SSAValue] = {}

    def run(self, ops: list[Operation]) -> CubePlan:
        self._check_kernel(ops)
        for op in ops:
            self._check(op)
        accumulators = [o.results[0] for o in ops if isinstance(o, T.ZerosAccOp | T.MatmulOp)]
        flags = thread_flags(accumulators)
        tiles = [r for o in ops for r in o.results if is_cube_tile(r)]
        plan = plan_memory(self.func, tiles, self.soc)
        self._setup(plan)
        for op in ops:
            em = Emit(self.state, op)
            for r in op.results:
                if r in plan.buffers:
                    self.buffers[r] = self._buffer(em, r, plan)
            LOWER[type(op)](self, op, em, flags)
        for op in reversed(ops):
            op.detach()
            op.erase(safe_erase=False)
        return plan

    # -- checks -----------------------------------------------------------------------------

    def _check_kernel(self, ops: list[Operation]) -> None:
        for o in self.func.walk():
            if isinstance(o, AscTileOp) and any(
                isinstance(v.type, TileType) and v.type.location is TileLocation.UB
                for v in (*o.operands, *o.results)
            ):
                raise PassError(o, "uses a UB tile in a kernel that uses the cube unit; kernels "
                                   "that mix cube and vector work (AIC + AIV) are not lowered "
                                   "yet (the reference simulator runs them: run_passes=False)",
                                notes=[(ops[0], "the cube is used here")])
        for op in ops:
            for r in op.results:
                for use in r.uses:
                    if not isinstance(use.operation, AscTileOp):
                        raise PassError(use.operation, f"uses a cube tile ({r.type}); cube "
                                        "tiles stay inside asc ops (no loop-carried or "
                                        "branch-yielded L1/L0 tiles)",
                                        notes=[(op, "the tile is made here")])

    def _check(self, op: Operation) -> None:
        # The dialect's verifier keeps loads to UB / L1 and stores to UB / L0C tiles.
        if isinstance(op, T.LoadOp):
            t = _tile(op.result)
            if op.pad is not None:
                raise PassError(op, "pads a load into L1; the lowered kernel copies whole tiles")
            _check_grid(op, t, "the loaded tile")
        elif isinstance(op, T.CopyOp):
            src, dst = _tile(op.base), _tile(op.result)
            if src.location is not TileLocation.L1 or dst.location not in (
                    TileLocation.L0A, TileLocation.L0B):
                raise PassError(op, f"copies a {src.location.keyword} tile to "
                                    f"{dst.location.keyword}; the cube path lowers copies from L1 "
                                    "to L0A / L0B only")
            _check_grid(op, dst, "the copied box")
            for k, off in enumerate(op.offsets):
                c = const_int(off)
                if c is not None and c % FRACTAL_ROWS:
                    raise PassError(op, f"copies a box at offset {c} of dimension {k}; boxes "
                                        f"start on the fractal grid (multiples of {FRACTAL_ROWS})")
        elif isinstance(op, T.StoreOp):
            pass  # an L0C tile (the verifier's rule); Fixpipe takes any box of rows
        elif isinstance(op, T.MatmulOp | T.MatmulAccOp):
            for v, want in ((op.a, TileLocation.L0A), (op.b, TileLocation.L0B)):
                t = _tile(v)
                if t.location is not want:
                    raise PassError(op, f"takes a {t.location.keyword} operand where the cube "
                                        f"reads {want.keyword}: copy(tile, shape, offsets, "
                                        f"location={want.keyword}) first")
                if not isinstance(t.element_type, Float16Type | BFloat16Type):
                    raise PassError(op, f"multiplies {t.element_type} tiles; the lowering "
                                        "handles f16 and bf16 (LoadData transposes B's fractals "
                                        "for 16-bit types only)")
        elif not isinstance(op, T.ZerosAccOp):
            raise PassError(op, "is not lowered on cube tiles; the cube path lowers load (to "
                                "L1), copy (L1 to L0A / L0B), zeros_acc, matmul, matmul_acc and "
                                "store (from L0C)")

    # -- buffers and tensors ----------------------------------------------------------------

    def _setup(self, plan: CubePlan) -> None:
        if self.static:
            return
        entry = self.func.body.blocks.first
        pipe = A.PipeOp()
        made: list[Operation] = [pipe]
        for location, size in plan.sizes.items():
            tbuf = A.TBufOp(MEMORY[location][1])
            length = arith.ConstantOp(IntegerAttr(size, i32))
            made += [tbuf, length, A.InitBufferOp(pipe.pipe, tbuf.result, length.result)]
            self.tbufs[location] = tbuf.result
        first = entry.first_op
        for new in made:
            new.location = self.func.location
            if first is None:
                entry.add_op(new)
            else:
                entry.insert_op_before(new, first)

    def _buffer(self, em: Emit, tile: SSAValue, plan: CubePlan) -> SSAValue:
        t = _tile(tile)
        b = plan.buffers[tile]
        n = b.nbytes // elem_bytes(t.element_type)
        lt = LocalTensorType(t.element_type, [n])
        if self.static:
            pos = MEMORY[t.location][1]
            # pyasc's form: i32 values cast to the ui32 the op takes.
            addr, size = (em.value(UnrealizedConversionCastOp.get([em.i32(v)], [_U32]))
                          for v in (b.offset, n))
            return em.value(A.LocalTensorV2Op(pos, addr, size, lt))
        return em.value(A.GetWithOffsetOp(self.tbufs[t.location], em.i32(n), em.i32(b.offset), lt))

    def gm(self, tensor: SSAValue) -> tuple[SSAValue, list]:
        got = self.tensors.get(tensor)
        if got is None:
            op = tensor.owner
            if not isinstance(op, T.TensorOp):
                raise PassError(next(u.operation for u in tensor.uses),
                                "uses a GM tensor that no asc.tensor op of this function makes; "
                                "inline the function that takes it first (lower-asc does)")
            tt = op.result.type
            em = Emit(self.state, op)
            g = em.value(A.GlobalTensorOp(GlobalTensorType(tt.element_type, None)))
            dims = op.dims()
            em.add(A.SetGlobalBufferOp(g, op.base, _product(em, dims)))
            got = self.tensors[tensor] = (g, dims)
        return got


def _check_grid(op: Operation, t: TileType, role: str) -> None:
    if t.rank != 2 or any(d % FRACTAL_ROWS for d in t.shape):
        raise PassError(op, f"{role} is {t}; cube tiles are 2-d with rows and columns in whole "
                            f"fractals (multiples of {FRACTAL_ROWS})")


def _construct(em: Emit, t, values: list[int | SSAValue], casts=None) -> SSAValue:
    args = [em.i32(v) if isinstance(v, int) else v for v in values]
    op = A.ConstructOp(t, args)
    if casts is not None:
        op.types = ArrayAttr(casts)
    return em.value(op)


def _int_expr(em: Emit, terms: list[tuple[int | SSAValue, int]], constant: int) -> int | SSAValue:
    """constant + sum(value * factor), folded as far as the values are known."""
    known = constant
    dynamic: SSAValue | None = None
    for value, factor in terms:
        c = value if isinstance(value, int) else const_int(value)
        if c is not None:
            known += c * factor
            continue
        term = value if factor == 1 else em.value(arith.MuliOp(value, em.i32(factor)))
        dynamic = term if dynamic is None else em.value(arith.AddiOp(dynamic, term))
    if dynamic is None:
        return known
    return dynamic if known == 0 else em.value(arith.AddiOp(dynamic, em.i32(known)))


def _div(em: Emit, v: SSAValue, d: int) -> int | SSAValue:
    c = const_int(v)
    if c is not None:
        return c // d
    return em.value(arith.DivSIOp(v, em.i32(d)))


# --- the ops -------------------------------------------------------------------------------------


def _load(lw: CubeLowering, op: T.LoadOp, em: Emit, flags) -> None:
    g, dims = lw.gm(op.base)
    if len(dims) != 2:
        raise PassError(op, f"loads a 2-d tile from a rank-{len(dims)} tensor; the cube path "
                            "loads rows of a 2-d tensor")
    rows, cols = _tile(op.result).shape
    keep_inside(em, op, dims, (rows, cols), op.offsets)  # Nd2Nz reads whole rows of the box
    view = em.value(A.GlobalSubIndexOp(g, _linear(em, dims, list(op.offsets))))
    # One ND matrix of `rows` rows, `dims[1]` elements apart in GM, into NZ column blocks
    # `rows` rows tall (dstNzC0Stride), rows one block apart (dstNzNStride).
    params = _construct(em, Nd2NzParamsType(), [1, rows, cols, 0, dims[1], rows, 1, 0])
    em.add(A.DataCopyNd2NzOp(lw.buffers[op.result], view, params))


def _copy(lw: CubeLowering, op: T.CopyOp, em: Emit, flags) -> None:
    src_t, dst_t = _tile(op.base), _tile(op.result)
    size = elem_bytes(dst_t.element_type)
    c0 = 32 // size
    frac = 512 // size
    r1 = src_t.shape[0] // FRACTAL_ROWS  # fractals in a column block of the L1 tile
    rows, cols = dst_t.shape
    # NZ in L1: fractal (row block rb, column block cb) is fractal cb * r1 + rb.
    base = _int_expr(em, [(_div(em, op.offsets[1], c0), r1), (_div(em, op.offsets[0],
                                                                    FRACTAL_ROWS), 1)], 0)
    src, dst = lw.buffers[op.base], lw.buffers[op.result]
    if dst_t.location is TileLocation.L0A:
        # ZZ: fractal (rb, cb) of the box at rb * k1 + cb.
        outer, inner, transpose = rows // FRACTAL_ROWS, cols // c0, 0
    else:
        # ZN: fractal (rb, cb) at rb * n1 + cb, each transposed (rows of B are K).
        outer, inner, transpose = rows // c0, cols // FRACTAL_ROWS, 1
    if outer <= inner:  # one LoadData per row block: `inner` fractals r1 apart
        for i in range(outer):
            start = _int_expr(em, [(base, 1)], i)
            params = _construct(em, LoadData2DParamsType(),
                                [start, inner, r1, 0, 0, transpose, 0])
            em.add(A.LoadDataL0Op(_at(em, dst, i * inner * frac), src, params))
    else:  # one per column block: `outer` consecutive fractals, spread `inner` apart
        for j in range(inner):
            start = _int_expr(em, [(base, 1)], j * r1)
            params = _construct(em, LoadData2DParamsType(),
                                [start, outer, 1, 0, inner - 1, transpose, 0])
            em.add(A.LoadDataL0Op(_at(em, dst, j * frac), src, params))


def _at(em: Emit, t: SSAValue, first: int) -> SSAValue:
    return em.at(t, first)


_U16 = IntegerType(16, Signedness.UNSIGNED)
_U32 = IntegerType(32, Signedness.UNSIGNED)
_MMAD_CASTS = [_U16, _U16, _U16, i1, i32, i1, i1, i1]


def _mmad(lw: CubeLowering, op: T.MatmulOp | T.MatmulAccOp, em: Emit, dst: SSAValue,
          accumulate: int | SSAValue) -> None:
    m, k = _tile(op.a).shape
    n = _tile(op.b).shape[1]
    if not isinstance(accumulate, int):
        c = const_int(accumulate)
        # An i1 constant reads back as 0 or -1.
        accumulate = int(c != 0) if c is not None else em.value(arith.ExtUIOp(accumulate, i32))
    params = _construct(em, MmadParamsType(), [m, n, k, accumulate, 0, 0, 0, 0], _MMAD_CASTS)
    em.add(A.MmadOp(dst, lw.buffers[op.a], lw.buffers[op.b], params))


def _matmul(lw: CubeLowering, op: T.MatmulOp, em: Emit, flags) -> None:
    _mmad(lw, op, em, lw.buffers[op.result], 0)


def _matmul_acc(lw: CubeLowering, op: T.MatmulAccOp, em: Emit, flags) -> None:
    _mmad(lw, op, em, lw.buffers[op.acc], flags[op])


def _zeros_acc(lw: CubeLowering, op: T.ZerosAccOp, em: Emit, flags) -> None:
    """Only the buffer (made by the driver): the first Mmad into it writes (isBias false)."""


def _store(lw: CubeLowering, op: T.StoreOp, em: Emit, flags) -> None:
    flag = flags.get(op)
    if flag is not None and const_int(flag) == 0:
        raise PassError(op, "stores an accumulator that no matmul_acc has written; L0C has no "
                            "zero fill (asc.full / zeros in UB and a store write zeros)")
    owner = op.value.owner
    if flag is None and isinstance(owner, T.ZerosAccOp):
        raise PassError(op, "stores an accumulator that no matmul_acc writes; L0C has no zero "
                            "fill (asc.zeros in UB and a store write zeros)")
    g, dims = lw.gm(op.base)
    if len(dims) != 2:
        raise PassError(op, f"stores a 2-d L0C tile into a rank-{len(dims)} tensor; Fixpipe "
                            "writes rows of a 2-d tensor")
    m, n = _tile(op.value).shape
    keep_inside(em, op, dims, (m, n), op.offsets)  # Fixpipe writes whole rows of the box
    view = em.value(A.GlobalSubIndexOp(g, _linear(em, dims, list(op.offsets))))
    # nSize, mSize, srcStride (rows of L0C between column blocks), dstStride (GM row), reluEn,
    # quantPre, deqScalar, ndNum, srcNdStride, dstNdStride, unitFlag, isChannelSplit.
    params = _construct(em, FixpipeParamsV220Type(),
                        [n, m, m, dims[1], 0, int(QuantMode.NoQuant), 0, 1, 0, 0, 0, 0])
    config = _construct(em, FixpipeConfigType(), [1])  # CO2Layout::ROW_MAJOR
    em.add(A.FixpipeOp(view, lw.buffers[op.value], params, config))


LOWER = {
    T.LoadOp: _load,
    T.CopyOp: _copy,
    T.StoreOp: _store,
    T.ZerosAccOp: _zeros_acc,
    T.MatmulOp: _matmul,
    T.MatmulAccOp: _matmul_acc,
}
