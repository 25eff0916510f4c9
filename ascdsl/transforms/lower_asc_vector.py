"""`lower-asc-vector`: `asc` tile ops become `ascendc` ops on compiler-managed UB buffers.

Every tile becomes a `local_tensor_auto` of its element count (one dimension, rounded up to
whole 32-byte blocks; an i1 mask tile is a ui8 buffer of one bit per element), made where the
tile is made; every op writes its result buffer with `ascendc` instructions:

1. GM tensors (`asc.tensor`) are GlobalTensors bound to the pointer with the tensor's element
   count; `asc.dim` is the size operand it names. Offsets are linearized row-major.
2. Loads and stores are one DataCopy: contiguous boxes (1-d, whole rows, or one row) with a
   32-byte multiple of bytes as `data_copy_l2`, other contiguous ones as a one-block
   `data_copy_pad` (byte lengths), 2-d boxes narrower than the tensor as a strided
   `data_copy_pad` (one block per row, the GM stride in bytes). Tiles must lie inside the
   tensor: the lowered kernel copies whole tiles (the reference simulator pads and clips);
   `tile_bounds` refuses boxes known to reach out and guards the others at run time.
   A loaded tile stored unchanged is first copied on the vector unit (UB to UB), so that a
   buffer is written by one pipe and read by another only through a queue.
3. Elementwise ops are level-0 instructions over the buffers, tiled onto the vector unit's
   repeats: 256 bytes per repeat, count masks, at most 255 repeats per instruction, a tail
   instruction for the rest (see `vector_repeats`). `x - s` is `Adds(x, -s)`, `x / s` on
   floats is `Muls(x, 1 / s)`, `-x` is `Muls(x, -1)`, `exp2`, `log2`, `sinh`, `cosh` compose
   from Exp/Ln/Muls/Adds; erf, tanh, sin, cos, tan, floor and ceil call the math library.
4. bf16 tiles compute in f32 (the 910B vector unit has no bf16 arithmetic): each input is
   cast to an f32 buffer, the result cast back (select copies bits and needs no cast).
5. Comparisons write bit masks (`compare_l0`, `compare_scalar_l0`); `where` is `select_l0`.
6. Reductions: to a scalar with ReduceSum/Max/Min and GetValue; along the last axis of a 2-d
   tile row by row (a reduction, GetValue, SetValue per row); along the first axis as a fold
   of binary instructions. Softmax and rms_norm run row by row from the same instructions.
7. Broadcasts: `[1, C] -> [R, C]` is one strided instruction per repeat of a row (source
   repeat stride 0); `[R, 1]` and `[1]` sources broadcast each value with Duplicate.
8. reshape is free (buffers are one-dimensional); concat and copy (UB to UB) are DataCopy.

9. A tile carried through an `scf.for` (an accumulator) gets one buffer for the whole loop:
   filled from the initial tile before the loop and from the yielded tile at the end of each
   iteration (a vector copy); the loop keeps its other iter_args.

10. An atomic store is the store with its copy-out between SetAtomic<Kind><T>() and
    SetAtomicNone() (the staging copy, UB to UB, stays outside: atomics change copies into GM).

The lowerings of memory ops are here; those of compute ops are in `vector_compute.py`.

The cube ops (matmul, L1 / L0 tiles) are `lower-asc-cube`'s, which runs first. Refused with a
located error (the reference simulator runs them): mask regions, tiles yielded by scf.if,
reductions of rank > 2 tiles, int8 arithmetic. The result is valid `ascendc` IR:
`lower-asc-buffers` then gives the buffers memory (or `materialize-tensor` does, without reuse
or multi-buffering).
"""

from __future__ import annotations

import math
from collections.abc import Callable
from dataclasses import dataclass

from xdsl.context import Context
from xdsl.dialects import arith, scf
from xdsl.dialects.builtin import (
    IntegerType,
    ModuleOp,
    Signedness,
    i1,
)
from xdsl.ir import Attribute, Block, Operation, SSAValue
from xdsl.passes import ModulePass

import ascdsl.dialects.asc as T
import ascdsl.dialects.ascendc as A
from ascdsl.diagnostics import PassError
from ascdsl.dialects.asc import AscTileOp, TensorType, TileLocation, TileType
from ascdsl.dialects.ascendc.types import (
    DataCopyPadParamsType,
    DataCopyParamsType,
    GlobalTensorType,
)

from .analysis import function_bodies, gc_paused
from .input_output_tensor import _views_and_self
from .tile_bounds import keep_inside
from .vector_repeats import BLOCK_BYTES, Emit, FunctionState, elem_bytes, mask_bytes

ui8 = IntegerType(8, Signedness.UNSIGNED)

# Element types each instruction family computes natively on the 910B vector unit.
NATIVE: dict[str, tuple[str, ...]] = {
    "arith": ("f16", "f32", "i16", "i32"),  # Add Sub Mul Max Min, Adds Muls Maxs Mins, Duplicate
    "float": ("f16", "f32"),  # Div, Exp, Ln, Sqrt, Rsqrt, Abs, Relu, math library, reductions
    "shift": ("i16", "i32"),
    "compare": ("f16", "f32"),
}

LoweringFn = Callable[["TileLowering", Operation, Emit], None]
LOWERINGS: dict[type, LoweringFn] = {}
REFUSED: dict[type, str] = {}


def lowers(*classes: type) -> Callable[[LoweringFn], LoweringFn]:
    """Register how ops of these classes (and their subclasses) become ascendc ops."""

    def register(fn: LoweringFn) -> LoweringFn:
        for cls in classes:
            LOWERINGS[cls] = fn
        return fn

    return register


def refuse(cls: type, why: str) -> None:
    REFUSED[cls] = why


def lowering_for(cls: type) -> LoweringFn | str | None:
    for klass in cls.__mro__:
        if klass in REFUSED:
            return REFUSED[klass]
        if klass in LOWERINGS:
            return LOWERINGS[klass]
    return None


@dataclass(frozen=True)
class LowerAscVectorPass(ModulePass):
    """Lower asc tile ops to ascendc instructions on local_tensor_auto buffers."""

    name = "lower-asc-vector"

    def apply(self, ctx: Context, op: ModuleOp) -> None:
        from . import vector_compute  # noqa: F401  (registers the compute lowerings)

        with gc_paused():
            for func in function_bodies(op):
                if any(isinstance(o, AscTileOp) for o in func.walk()):
                    TileLowering(func).run()


# --- the driver ------------------------------------------------------------------------------


@dataclass
class GMTensor:
    """A lowered `asc.tensor`: its GlobalTensor and dimensions (ints or i32 values)."""

    global_tensor: SSAValue
    dims: list[int | SSAValue]
    elem: Attribute


class TileLowering:
    """lower-asc-vector on one function: walk the asc ops in order, build, then erase."""

    def __init__(self, func):
        self.func = func
        self.state = FunctionState(func.body.blocks.first)
        self.values: dict[SSAValue, SSAValue] = {}  # tile -> buffer, scalar result -> value
        self.tensors: dict[SSAValue, GMTensor] = {}
        self.loaded: set[SSAValue] = set()  # buffers written by a GM -> UB copy
        # Yields of loops that carry tiles: (yield, [(yielded tile, carried buffer)]).
        self.carried_yields: list[tuple[Operation, list[tuple[SSAValue, SSAValue]]]] = []
        self.replaced_loops: list[scf.ForOp] = []

    def run(self) -> None:
        _erase_dead(self.func)
        ops = [o for o in self.func.walk() if isinstance(o, AscTileOp) or _carries_tiles(o)]
        for op in ops:
            if isinstance(op, scf.ForOp):
                self._carry(op)
                continue
            self._check_boundaries(op)
            how = lowering_for(type(op))
            if how is None:
                raise PassError(op, f"has no lowering to ascendc ({type(op).__name__})")
            if isinstance(how, str):
                raise PassError(op, f"is not lowered to ascendc: {how}")
            how(self, op, Emit(self.state, op))
        for yield_op, pairs in self.carried_yields:
            em = Emit(self.state, yield_op)
            for value, carried in pairs:
                _copy_whole(em, carried, self.buf(value), tile_type(value))
        for op in reversed(ops):
            if isinstance(op, scf.ForOp):
                continue
            for r in op.results:
                if r in self.values and not isinstance(r.type, TileType | TensorType):
                    r.replace_all_uses_with(self.values[r])
            if op.parent is not None:
                op.detach()
                op.erase(safe_erase=False)
        for loop in self.replaced_loops:
            loop.erase(safe_erase=False)

    def _check_boundaries(self, op: Operation) -> None:
        """A tile may leave asc ops only as the iter_arg of an scf.for (see `_carry`)."""
        for r in op.results:
            if not isinstance(r.type, TileType):
                continue
            for use in r.uses:
                user = use.operation
                if isinstance(user, AscTileOp) or _carries_tiles(user):
                    continue
                if isinstance(user, scf.YieldOp) and _carries_tiles(user.parent_op()):
                    continue
                raise PassError(
                    user,
                    f"uses a tile ({r.type}); carrying tiles through {user.name} is not "
                    "lowered yet (scf.for iter_args are): keep each tile inside the branch that "
                    "makes it (the reference simulator runs this kernel: run_passes=False)",
                    notes=[(op, "the tile is made here")],
                )

    def _carry(self, loop: scf.ForOp) -> None:
        """An scf.for carrying tiles: each carried tile gets one buffer, filled from the init
        value before the loop and from the yielded tile at the end of each iteration; the
        loop keeps only its other iter_args, and its tile results are that buffer."""
        em = Emit(self.state, loop)
        body = loop.body.block
        keep = [i for i, a in enumerate(loop.iter_args) if not isinstance(a.type, TileType)]
        carried: dict[int, SSAValue] = {}
        for i, init in enumerate(loop.iter_args):
            if i in keep:
                continue
            buffer = new_buffer(em, init)
            _copy_whole(em, buffer, self.buf(init), tile_type(init))
            carried[i] = buffer
            self.values[body.args[i + 1]] = buffer
            self.values[loop.results[i]] = buffer
        new_body = Block(arg_types=[body.args[0].type, *[body.args[i + 1].type for i in keep]])
        body.args[0].replace_all_uses_with(new_body.args[0])
        for j, i in enumerate(keep):
            body.args[i + 1].replace_all_uses_with(new_body.args[j + 1])
        old_yield = body.last_op
        assert isinstance(old_yield, scf.YieldOp)
        for op in list(body.ops):
            op.detach()
            if op is not old_yield:
                new_body.add_op(op)
        new_yield = scf.YieldOp(*[old_yield.operands[i] for i in keep])
        new_yield.location = old_yield.location
        new_body.add_op(new_yield)
        self.carried_yields.append(
            (new_yield, [(old_yield.operands[i], b) for i, b in carried.items()])
        )
        new_loop = scf.ForOp(loop.lb, loop.ub, loop.step, [loop.iter_args[i] for i in keep],
                             new_body)
        new_loop.attributes.update(loop.attributes)
        em.add(new_loop)
        for j, i in enumerate(keep):
            loop.results[i].replace_all_uses_with(new_loop.results[j])
        old_yield.erase(safe_erase=False)
        # Out of the IR now; erased once the asc ops that read its tile results are gone.
        loop.detach()
        self.replaced_loops.append(loop)

    # -- values -----------------------------------------------------------------------------

    def tensor(self, v: SSAValue) -> GMTensor:
        got = self.tensors.get(v)
        if got is None:
            user = next((u.operation for u in v.uses), None)
            raise PassError(user or v, f"uses a GM tensor ({v.type}) that no asc.tensor op of "
                                       "this function makes (a function argument?): inline the "
                                       "function that takes it first (lower-asc does)")
        return got

    def buf(self, v: SSAValue) -> SSAValue:
        got = self.values.get(v)
        if got is None:
            user = next((u.operation for u in v.uses), None)
            raise PassError(user or v, f"uses a tile ({v.type}) that no asc op of this function "
                                       "makes (a function argument?): inline the function that "
                                       "takes tiles first (lower-asc does)")
        return got

    def set(self, tile: SSAValue, buffer: SSAValue) -> None:
        self.values[tile] = buffer


# asc ops whose only effect is their results (a load only reads): unused, they are dropped.
_EFFECTS = (T.StoreOp, T.SetValueOp, T.AtomicRMWOp, T.MatmulAccOp, T.CountMaskOp,
            T.BitwiseMaskOp, T.YieldOp)


def _erase_dead(func) -> None:
    """Erase asc ops whose results nobody uses (last first, so chains go too)."""
    for op in reversed(list(func.walk())):
        if (isinstance(op, AscTileOp) and not isinstance(op, _EFFECTS) and op.results
                and all(not r.uses for r in op.results)):
            op.detach()
            op.erase()


def _carries_tiles(op: Operation | None) -> bool:
    return isinstance(op, scf.ForOp) and any(isinstance(a.type, TileType) for a in op.iter_args)


def _copy_whole(em: Emit, dst: SSAValue, src: SSAValue, t: TileType) -> None:
    """dst = src for a whole tile's buffer: one vector DataCopy (UB to UB)."""
    if t.element_type == i1:
        em.add(A.DataCopyL2Op(dst, src, em.i32(mask_bytes(t.num_elements))))
    else:
        em.add(A.DataCopyL2Op(dst, src, em.i32(padded(t))))


def tile_type(v: SSAValue) -> TileType:
    t = v.type
    assert isinstance(t, TileType)
    return t


def element_name(t: Attribute) -> str:
    return str(t)


def require_ub(op: Operation, *tiles: SSAValue) -> None:
    for v in tiles:
        t = tile_type(v)
        if t.location is not TileLocation.UB:
            raise PassError(
                op,
                f"handles a {t.location.keyword} tile; L1/L0 tiles belong to the cube path "
                "(lower-asc-cube runs before this pass)",
            )


def element_count(v: SSAValue) -> int:
    return tile_type(v).num_elements


def new_buffer(em: Emit, tile: SSAValue) -> SSAValue:
    t = tile_type(tile)
    if t.element_type == i1:
        return em.buffer(mask_bytes(t.num_elements), ui8)
    return em.buffer(t.num_elements, t.element_type)


# --- GM tensors, loads, stores -----------------------------------------------------------------


@lowers(T.TensorOp)
def _tensor(lw: TileLowering, op: T.TensorOp, em: Emit) -> None:
    t = op.result.type
    assert isinstance(t, TensorType)
    dims = op.dims()
    g = em.value(A.GlobalTensorOp(GlobalTensorType(t.element_type, None)))
    em.add(A.SetGlobalBufferOp(g, op.base, _product(em, dims)))
    lw.tensors[op.result] = GMTensor(g, dims, t.element_type)


def _product(em: Emit, dims: list[int | SSAValue]) -> SSAValue:
    """The element count of a tensor: static dimensions folded, dynamic ones multiplied."""
    static = math.prod(d for d in dims if isinstance(d, int))
    value: SSAValue | None = None
    for d in dims:
        if not isinstance(d, int):
            value = d if value is None else em.value(arith.MuliOp(value, d))
    if value is None:
        return em.i32(static)
    return value if static == 1 else em.value(arith.MuliOp(value, em.i32(static)))


def _dim(em: Emit, d: int | SSAValue) -> SSAValue:
    return em.i32(d) if isinstance(d, int) else d


@lowers(T.DimOp)
def _dim_op(lw: TileLowering, op: T.DimOp, em: Emit) -> None:
    d = lw.tensor(op.base).dims[op.index.value.data]
    lw.values[op.result] = _dim(em, d)


def _linear(em: Emit, dims: list[int | SSAValue], offsets) -> SSAValue:
    """Row-major element offset of `offsets` in a tensor of `dims`."""
    total: SSAValue | None = None
    stride: int | SSAValue = 1
    for k in range(len(dims) - 1, -1, -1):
        off = offsets[k]
        term = off if stride == 1 else em.value(arith.MuliOp(off, _dim(em, stride)))
        total = term if total is None else em.value(arith.AddiOp(total, term))
        if k == 0:
            break
        d = dims[k]
        if isinstance(stride, int) and isinstance(d, int):
            stride = stride * d
        elif isinstance(stride, int) and stride == 1:
            stride = d
        else:
            stride = em.value(arith.MuliOp(_dim(em, stride), _dim(em, d)))
    assert total is not None
    return total


def _box(dims: list[int | SSAValue], shape: tuple[int, ...]) -> str:
    """How a tile's box lies in GM: "contiguous", "rows" (2-d, strided rows) or "other"."""
    r = len(shape)
    j = 0
    while j < r - 1 and shape[j] == 1:
        j += 1
    if all(isinstance(dims[k], int) and dims[k] == shape[k] for k in range(j + 1, r)):
        return "contiguous"
    return "rows" if r == 2 else "other"


def _copy_params(em: Emit, count: int, length: SSAValue | int, src_stride: SSAValue | int,
                 dst_stride: SSAValue | int) -> SSAValue:
    args = [em.i32(v) if isinstance(v, int) else v for v in (count, length, src_stride, dst_stride)]
    return em.value(A.ConstructOp(DataCopyParamsType(), args))


def _gm_copy(lw: TileLowering, op: Operation, em: Emit, tile: SSAValue, tensor: SSAValue,
             offsets, to_gm: bool, buffer: SSAValue) -> None:
    info = lw.tensor(tensor)
    t = tile_type(tile)
    shape, size = t.shape, elem_bytes(t.element_type)
    keep_inside(em, op, info.dims, shape, offsets)
    view = em.value(A.GlobalSubIndexOp(info.global_tensor, _linear(em, info.dims, list(offsets))))
    n, nbytes = t.num_elements, t.num_elements * size
    layout = _box(info.dims, shape)
    if layout == "contiguous" and nbytes % BLOCK_BYTES == 0:
        dst, src = (view, buffer) if to_gm else (buffer, view)
        em.add(A.DataCopyL2Op(dst, src, em.i32(n)))
        return
    if layout == "other":
        raise PassError(op, f"moves a {list(shape)} box that is not contiguous in a rank-"
                            f"{len(shape)} tensor; only 2-d boxes may be strided")
    rows, row_bytes = (1, nbytes) if layout == "contiguous" else (shape[0], shape[1] * size)
    if rows > 4095 or row_bytes > 65535:
        raise PassError(op, f"moves {rows} rows of {row_bytes} bytes; one DataCopyPad takes at "
                            "most 4095 rows of 65535 bytes (use smaller tiles)")
    if layout == "contiguous":
        gm_gap: int | SSAValue = 0
    else:
        width = info.dims[1]
        if isinstance(width, int):
            gm_gap = (width - shape[1]) * size
            if gm_gap > 65535:
                raise PassError(op, f"moves rows {gm_gap} bytes apart in GM; DataCopyParams "
                                    "strides hold at most 65535 bytes (use wider tiles)")
        else:
            gap_elems = em.value(arith.SubiOp(width, em.i32(shape[1])))
            gm_gap = em.value(arith.MuliOp(gap_elems, em.i32(size)))
    if to_gm:
        params = _copy_params(em, rows, row_bytes, 0, gm_gap)
        em.add(A.DataCopyPadL2Op(view, buffer, params))
    else:
        params = _copy_params(em, rows, row_bytes, gm_gap, 0)
        pad = em.value(A.ConstructOp(DataCopyPadParamsType(), []))
        em.add(A.DataCopyPadL0Op(buffer, view, params, pad))


@lowers(T.LoadOp)
def _load(lw: TileLowering, op: T.LoadOp, em: Emit) -> None:
    require_ub(op, op.result)
    buf = new_buffer(em, op.result)
    _gm_copy(lw, op, em, op.result, op.base, op.offsets, False, buf)
    lw.set(op.result, buf)
    lw.loaded.add(buf)


@lowers(T.StoreOp)
def _store(lw: TileLowering, op: T.StoreOp, em: Emit) -> None:
    _gm_copy(lw, op, em, op.value, op.base, op.offsets, True, _copy_out_buffer(lw, op, em))


def _copy_out_buffer(lw: TileLowering, op: T.StoreOp | T.AtomicRMWOp, em: Emit) -> SSAValue:
    """The UB buffer a store copies out of."""
    require_ub(op, op.value)
    buf = lw.buf(op.value)
    if buf in lw.loaded or not _one_direct_write(buf):
        # The copy-out's buffer gets a queue: one instruction must write it, on the buffer
        # itself (EnQue follows that write). A tile loaded and stored unchanged, or written
        # piecewise, is staged through one vector copy (UB to UB).
        t = tile_type(op.value)
        staged = new_buffer(em, op.value)
        em.add(A.DataCopyL2Op(staged, buf, em.i32(padded(t))))
        buf = staged
    return buf


# SetAtomicAdd/Max/Min by the reduction each declares (`KIND`), which asc's AtomicKind spells
# the same way.
_SET_ATOMIC = {cls.KIND: cls for cls in A.ATOMIC_OPS if getattr(cls, "KIND", None)}


@lowers(T.AtomicRMWOp)
def _atomic_rmw(lw: TileLowering, op: T.AtomicRMWOp, em: Emit) -> None:
    """The store, between SetAtomic<Kind><T>() and SetAtomicNone(): the copy-out's MTE3
    combines each element with GM's in T, and the memory system orders the cores' combines
    (the sanitizer sees no race between them). The scalar unit sets the mode; MTE3 takes it
    when the copy is issued, so the copy sits between the two in program order. Every element
    type an asc tensor may have is one the atomic unit combines (SetAtomicOpBase verifies it)."""
    buf = _copy_out_buffer(lw, op, em)
    em.add(_SET_ATOMIC[op.enum_value("kind").keyword](tile_type(op.value).element_type))
    _gm_copy(lw, op, em, op.value, op.base, op.offsets, True, buf)
    em.add(A.SetAtomicNoneOp())


def _one_direct_write(buf: SSAValue) -> bool:
    """Whether exactly one vector instruction writes the buffer, and writes the buffer value
    itself: a VECOUT queue hands a buffer from the vector unit to MTE3 after that write."""
    writers = 0
    for v in _views_and_self(buf):
        for use in v.uses:
            user = use.operation
            if isinstance(user, A.AscendCOp) and any(w is v for w in user.written_operands()):
                if v is not buf or user.hw_pipe() != A.Pipe.PIPE_V:
                    return False
                writers += 1
    return writers == 1


def padded(t: TileType) -> int:
    size = elem_bytes(t.element_type)
    return -(-t.num_elements * size // BLOCK_BYTES) * BLOCK_BYTES // size


@lowers(T.GetValueOp)
def _get_value(lw: TileLowering, op: T.GetValueOp, em: Emit) -> None:
    info = lw.tensor(op.base)
    idx = _linear(em, info.dims, list(op.offsets))
    lw.values[op.result] = em.value(A.GlobalGetValueOp(info.global_tensor, idx))


@lowers(T.SetValueOp)
def _set_value(lw: TileLowering, op: T.SetValueOp, em: Emit) -> None:
    info = lw.tensor(op.base)
    idx = _linear(em, info.dims, list(op.offsets))
    em.add(A.GlobalSetValueOp(info.global_tensor, idx, op.value))


@lowers(T.CopyOp)
def _copy(lw: TileLowering, op: T.CopyOp, em: Emit) -> None:
    require_ub(op, op.base, op.result)
    src_t, dst_t = tile_type(op.base), tile_type(op.result)
    size = elem_bytes(dst_t.element_type)
    dims: list[int | SSAValue] = list(src_t.shape)
    start = _linear(em, dims, list(op.offsets))
    src = em.at(lw.buf(op.base), start)
    dst = new_buffer(em, op.result)
    layout = _box(dims, dst_t.shape)
    if layout == "contiguous":
        if (dst_t.num_elements * size) % BLOCK_BYTES:
            raise PassError(op, "copies a box whose bytes are not a multiple of 32 within UB")
        em.add(A.DataCopyL2Op(dst, src, em.i32(dst_t.num_elements)))
    elif layout == "rows":
        blocks = dst_t.shape[1] * size // BLOCK_BYTES
        gap = (src_t.shape[1] - dst_t.shape[1]) * size // BLOCK_BYTES
        em.add(A.DataCopyL0Op(dst, src, _copy_params(em, dst_t.shape[0], blocks, gap, 0)))
    else:
        raise PassError(op, f"copies a {list(dst_t.shape)} box out of a rank-{src_t.rank} tile; "
                            "only 1-d and 2-d boxes are lowered")
    lw.set(op.result, dst)


# --- what is not lowered ---------------------------------------------------------------------

for _cls in (T.MatmulOp, T.MatmulAccOp, T.ZerosAccOp):
    refuse(_cls, "cube ops are lowered by lower-asc-cube, which runs before lower-asc-vector")
for _cls in (T.CountMaskOp, T.BitwiseMaskOp, T.YieldOp):
    refuse(_cls, "mask regions are not lowered yet (the reference simulator runs them); "
                 "asc2.where expresses most selections and is lowered")
