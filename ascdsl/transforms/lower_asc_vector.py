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
   tensor: the lowered kernel copies whole tiles (the reference simulator pads and clips).
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

Refused with a located error (the reference simulator runs them): the cube ops (matmul, L1 /
L0 tiles), atomics, mask regions, tiles yielded by scf.if, reductions of rank > 2 tiles, int8
arithmetic. The result is valid `ascendc` IR: `lower-asc-buffers` then gives the
buffers memory (or `materialize-tensor` does, without reuse or multi-buffering).
"""

from __future__ import annotations

import math
from collections.abc import Callable
from dataclasses import dataclass

from xdsl.context import Context
from xdsl.dialects import arith, scf
from xdsl.dialects import math as xmath
from xdsl.dialects.builtin import (
    BFloat16Type,
    Float16Type,
    Float32Type,
    IntegerType,
    ModuleOp,
    Signedness,
    f16,
    f32,
    i1,
)
from xdsl.ir import Attribute, Block, Operation, SSAValue
from xdsl.passes import ModulePass

import ascdsl.dialects.asc as T
import ascdsl.dialects.ascendc as A
from ascdsl.diagnostics import PassError
from ascdsl.dialects.asc import AscTileOp, TensorType, TileLocation, TileType
from ascdsl.dialects.ascendc.types import (
    BinaryRepeatParamsType,
    DataCopyPadParamsType,
    DataCopyParamsType,
    GlobalTensorType,
    UnaryRepeatParamsType,
)

from .analysis import function_bodies, gc_paused
from .input_output_tensor import _views_and_self
from .vector_repeats import (
    BLOCK_BYTES,
    MASK_REPEATS,
    Emit,
    FunctionState,
    Strides,
    elem_bytes,
    mask_bytes,
    per_repeat,
    whole_repeats,
)

ui8 = IntegerType(8, Signedness.UNSIGNED)

# Element types each instruction family computes natively on the 910B vector unit.
NATIVE: dict[str, tuple[str, ...]] = {
    "arith": ("f16", "f32", "i16", "i32"),  # Add Sub Mul Max Min, Adds Muls Maxs Mins, Duplicate
    "float": ("f16", "f32"),  # Div, Exp, Ln, Sqrt, Rsqrt, Abs, Relu, math library, reductions
    "shift": ("i16", "i32"),
    "compare": ("f16", "f32"),
}

LoweringFn = Callable[["_Lowering", Operation, Emit], None]
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
        with gc_paused():
            for func in function_bodies(op):
                if any(isinstance(o, AscTileOp) for o in func.walk()):
                    _Lowering(func).run()


# --- the driver ------------------------------------------------------------------------------


@dataclass
class GMTensor:
    """A lowered `asc.tensor`: its GlobalTensor and dimensions (ints or i32 values)."""

    global_tensor: SSAValue
    dims: list[int | SSAValue]
    elem: Attribute


class _Lowering:
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
                _copy_whole(em, carried, self.buf(value), _tile(value))
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
            buffer = _new_buffer(em, init)
            _copy_whole(em, buffer, self.buf(init), _tile(init))
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
        em.add(A.DataCopyL2Op(dst, src, em.i32(_padded(t))))


def _tile(v: SSAValue) -> TileType:
    t = v.type
    assert isinstance(t, TileType)
    return t


def _name(t: Attribute) -> str:
    return str(t)


def _require_ub(op: Operation, *tiles: SSAValue) -> None:
    for v in tiles:
        t = _tile(v)
        if t.location is not TileLocation.UB:
            raise PassError(
                op,
                f"handles a {t.location.keyword} tile; L1/L0 tiles belong to the cube path, "
                "which is not lowered yet (the reference simulator runs it)",
            )


def _count(v: SSAValue) -> int:
    return _tile(v).num_elements


def _new_buffer(em: Emit, tile: SSAValue) -> SSAValue:
    t = _tile(tile)
    if t.element_type == i1:
        return em.buffer(mask_bytes(t.num_elements), ui8)
    return em.buffer(t.num_elements, t.element_type)


# --- GM tensors, loads, stores -----------------------------------------------------------------


@lowers(T.TensorOp)
def _tensor(lw: _Lowering, op: T.TensorOp, em: Emit) -> None:
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
def _dim_op(lw: _Lowering, op: T.DimOp, em: Emit) -> None:
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


def _gm_copy(lw: _Lowering, op: Operation, em: Emit, tile: SSAValue, tensor: SSAValue,
             offsets, to_gm: bool, buffer: SSAValue) -> None:
    info = lw.tensor(tensor)
    t = _tile(tile)
    shape, size = t.shape, elem_bytes(t.element_type)
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
def _load(lw: _Lowering, op: T.LoadOp, em: Emit) -> None:
    _require_ub(op, op.result)
    buf = _new_buffer(em, op.result)
    _gm_copy(lw, op, em, op.result, op.base, op.offsets, False, buf)
    lw.set(op.result, buf)
    lw.loaded.add(buf)


@lowers(T.StoreOp)
def _store(lw: _Lowering, op: T.StoreOp, em: Emit) -> None:
    _require_ub(op, op.value)
    buf = lw.buf(op.value)
    if buf in lw.loaded or not _one_direct_write(buf):
        # The copy-out's buffer gets a queue: one instruction must write it, on the buffer
        # itself (EnQue follows that write). A tile loaded and stored unchanged, or written
        # piecewise, is staged through one vector copy (UB to UB).
        t = _tile(op.value)
        staged = _new_buffer(em, op.value)
        em.add(A.DataCopyL2Op(staged, buf, em.i32(_padded(t))))
        buf = staged
    _gm_copy(lw, op, em, op.value, op.base, op.offsets, True, buf)


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


def _padded(t: TileType) -> int:
    size = elem_bytes(t.element_type)
    return -(-t.num_elements * size // BLOCK_BYTES) * BLOCK_BYTES // size


@lowers(T.GetValueOp)
def _get_value(lw: _Lowering, op: T.GetValueOp, em: Emit) -> None:
    info = lw.tensor(op.base)
    idx = _linear(em, info.dims, list(op.offsets))
    lw.values[op.result] = em.value(A.GlobalGetValueOp(info.global_tensor, idx))


@lowers(T.SetValueOp)
def _set_value(lw: _Lowering, op: T.SetValueOp, em: Emit) -> None:
    info = lw.tensor(op.base)
    idx = _linear(em, info.dims, list(op.offsets))
    em.add(A.GlobalSetValueOp(info.global_tensor, idx, op.value))


@lowers(T.CopyOp)
def _copy(lw: _Lowering, op: T.CopyOp, em: Emit) -> None:
    _require_ub(op, op.base, op.result)
    src_t, dst_t = _tile(op.base), _tile(op.result)
    size = elem_bytes(dst_t.element_type)
    dims: list[int | SSAValue] = list(src_t.shape)
    start = _linear(em, dims, list(op.offsets))
    src = em.at(lw.buf(op.base), start)
    dst = _new_buffer(em, op.result)
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


# --- elementwise ---------------------------------------------------------------------------


def _native(op: Operation, t: Attribute, family: str) -> None:
    if _name(t) not in NATIVE[family]:
        raise PassError(op, f"computes on {t} elements, which the 910B vector unit does not "
                            f"support for this operation ({', '.join(NATIVE[family])})")


def _bf16(t: Attribute) -> bool:
    return isinstance(t, BFloat16Type)


def _widen(em: Emit, buf: SSAValue, n: int) -> SSAValue:
    """A bf16 buffer cast to a new f32 buffer (exact)."""
    wide = em.buffer(n, f32)
    em.cast(wide, buf, A.RoundMode.CAST_NONE, n, 4, 2)
    return wide


def _narrow(em: Emit, dst: SSAValue, wide: SSAValue, n: int) -> None:
    em.cast(dst, wide, A.RoundMode.CAST_RINT, n, 2, 4)


def _scalar_as(em: Emit, s: SSAValue, t: Attribute) -> SSAValue:
    if s.type == t:
        return s
    if isinstance(s.type, BFloat16Type | Float16Type) and isinstance(t, Float32Type):
        return em.value(arith.ExtFOp(s, t))
    raise AssertionError(f"no conversion of {s.type} to {t}")


_BINARY: dict[type, tuple[type, str]] = {
    T.AddOp: (A.AddL0Op, "arith"),
    T.SubOp: (A.SubL0Op, "arith"),
    T.MulOp: (A.MulL0Op, "arith"),
    T.DivOp: (A.DivL0Op, "float"),
    T.MaximumOp: (A.MaxL0Op, "arith"),
    T.MinimumOp: (A.MinL0Op, "arith"),
}


@lowers(T.BinaryTileOp)
def _binary(lw: _Lowering, op: T.BinaryTileOp, em: Emit) -> None:
    cls, family = _BINARY[type(op)]
    _require_ub(op, op.result)
    t, n = _tile(op.result), _count(op.result)
    dst = _new_buffer(em, op.result)
    a, b = lw.buf(op.lhs), lw.buf(op.rhs)
    if _bf16(t.element_type):
        wa, wb = _widen(em, a, n), _widen(em, b, n)
        em.binary(cls, wa, wa, wb, n, 4)
        _narrow(em, dst, wa, n)
    else:
        _native(op, t.element_type, family)
        em.binary(cls, dst, a, b, n, elem_bytes(t.element_type))
    lw.set(op.result, dst)


def _negated(em: Emit, s: SSAValue) -> SSAValue:
    if isinstance(s.type, IntegerType):
        return em.value(arith.SubiOp(em.const(0, s.type), s))
    return em.value(arith.NegfOp(s))


def _reciprocal(op: Operation, em: Emit, s: SSAValue) -> SSAValue:
    if isinstance(s.type, IntegerType):
        raise PassError(op, "divides an integer tile by a scalar; the vector unit has no "
                            "integer division (divide as floats)")
    return em.value(arith.DivfOp(em.const(1.0, s.type), s))


# asc op -> (ascendc vector-scalar op, family, how the scalar is prepared)
_SCALAR: dict[type, tuple[type, str, Callable | None]] = {
    T.AddSOp: (A.AddsL0Op, "arith", None),
    T.SubSOp: (A.AddsL0Op, "arith", lambda op, em, s: _negated(em, s)),
    T.MulSOp: (A.MulsL0Op, "arith", None),
    T.DivSOp: (A.MulsL0Op, "arith", _reciprocal),
    T.MaxSOp: (A.MaxsL0Op, "arith", None),
    T.MinSOp: (A.MinsL0Op, "arith", None),
    T.ShLSOp: (A.ShiftLeftL0Op, "shift", None),
    T.ShRSOp: (A.ShiftRightL0Op, "shift", None),
}


@lowers(T.ScalarTileOp)
def _scalar_op(lw: _Lowering, op: T.ScalarTileOp, em: Emit) -> None:
    cls, family, prepare = _SCALAR[type(op)]
    _require_ub(op, op.result)
    t, n = _tile(op.result), _count(op.result)
    dst = _new_buffer(em, op.result)
    src = lw.buf(op.base)
    if _bf16(t.element_type):
        s = _scalar_as(em, op.value, f32)
        s = prepare(op, em, s) if prepare else s
        w = _widen(em, src, n)
        em.scalar(cls, w, w, s, n, 4)
        _narrow(em, dst, w, n)
    else:
        _native(op, t.element_type, family)
        s = prepare(op, em, op.value) if prepare else op.value
        em.scalar(cls, dst, src, s, n, elem_bytes(t.element_type))
    lw.set(op.result, dst)


# asc unary op -> steps on (dst, src): ("unary", cls) | ("muls", factor) | ("adds", c) |
# ("math", cls). Each step writes dst (the first reads src, later ones dst).
_UNARY: dict[type, list[tuple[str, object]]] = {
    T.ExpOp: [("unary", A.ExpL0Op)],
    T.LogOp: [("unary", A.LnL0Op)],
    T.SqrtOp: [("unary", A.SqrtL0Op)],
    T.RsqrtOp: [("unary", A.RsqrtL0Op)],
    T.AbsOp: [("unary", A.AbsL0Op)],
    T.ReluOp: [("unary", A.ReluL0Op)],
    T.NegOp: [("muls", -1)],
    T.Exp2Op: [("muls", math.log(2.0)), ("unary", A.ExpL0Op)],
    T.Log2Op: [("unary", A.LnL0Op), ("muls", 1.0 / math.log(2.0))],
    T.ErfOp: [("math", A.ErfOp)],
    T.TanhOp: [("math", A.TanhOp)],
    T.SinOp: [("math", A.SinOp)],
    T.CosOp: [("math", A.CosOp)],
    T.TanOp: [("math", A.TanOp)],
    T.SinhOp: [("math", A.SinhOp)],
    T.CoshOp: [("math", A.CoshOp)],
    T.FloorOp: [("math", A.FloorOp)],
    T.CeilOp: [("math", A.CeilOp)],
}


@lowers(T.UnaryTileOp)
def _unary(lw: _Lowering, op: T.UnaryTileOp, em: Emit) -> None:
    steps = _UNARY[type(op)]
    _require_ub(op, op.result)
    t, n = _tile(op.result), _count(op.result)
    dst = _new_buffer(em, op.result)
    src = lw.buf(op.operand)
    elem = t.element_type
    work_dst, work_src = dst, src
    if _bf16(elem):
        work_src = _widen(em, src, n)
        work_dst = work_src
        elem = f32
    family = "arith" if type(op) in (T.NegOp,) else "float"
    _native(op, elem, family)
    size = elem_bytes(elem)
    cur = work_src
    for kind, what in steps:
        if kind == "unary":
            em.unary(what, work_dst, cur, n, size)  # type: ignore[arg-type]
        elif kind == "muls":
            factor = em.const(what, elem)  # type: ignore[arg-type]
            em.scalar(A.MulsL0Op, work_dst, cur, factor, n, size)
        elif kind == "math":
            em.add(what(work_dst, cur, em.i32(n)))  # type: ignore[operator]
        cur = work_dst
    if work_dst is not dst:
        _narrow(em, dst, work_dst, n)
    lw.set(op.result, dst)


# --- compare, select, cast, splat ------------------------------------------------------------


def _compare_sources(lw: _Lowering, em: Emit, op: Operation, src: SSAValue, n: int):
    """(buffer, element type) a comparison reads: bf16 widened to f32."""
    t = _tile(src)
    buf = lw.buf(src)
    if _bf16(t.element_type):
        return _widen(em, buf, n), f32
    _native(op, t.element_type, "compare")
    return buf, t.element_type


@lowers(T.CmpOp)
def _cmp(lw: _Lowering, op: T.CmpOp, em: Emit) -> None:
    _require_ub(op, op.lhs)
    n = _count(op.lhs)
    a, elem = _compare_sources(lw, em, op, op.lhs, n)
    b, _ = _compare_sources(lw, em, op, op.rhs, n)
    dst = _new_buffer(em, op.result)
    mode = op.enum_value("mode").cmp_mode
    p = em.state.params(BinaryRepeatParamsType, [Strides()] * 3)
    elems = per_repeat(elem_bytes(elem))
    em.repeated(whole_repeats(n, elems), elems, lambda f, m, r: A.CompareL0Op(
        em.at(dst, f // 8), em.at(a, f), em.at(b, f), mode, m, r, p), MASK_REPEATS)
    lw.set(op.result, dst)


@lowers(T.CmpSOp)
def _cmps(lw: _Lowering, op: T.CmpSOp, em: Emit) -> None:
    _require_ub(op, op.base)
    n = _count(op.base)
    a, elem = _compare_sources(lw, em, op, op.base, n)
    s = _scalar_as(em, op.value, elem)
    dst = _new_buffer(em, op.result)
    mode = op.enum_value("mode").cmp_mode
    p = em.state.params(UnaryRepeatParamsType, [Strides()] * 2)
    elems = per_repeat(elem_bytes(elem))
    em.repeated(whole_repeats(n, elems), elems, lambda f, m, r: A.CompareScalarL0Op(
        em.at(dst, f // 8), em.at(a, f), s, mode, m, r, p), MASK_REPEATS)
    lw.set(op.result, dst)


@lowers(T.SelectOp)
def _select(lw: _Lowering, op: T.SelectOp, em: Emit) -> None:
    _require_ub(op, op.result)
    t, n = _tile(op.result), _count(op.result)
    dst = _new_buffer(em, op.result)
    a, b, mask = lw.buf(op.a), lw.buf(op.b), lw.buf(op.mask)
    elem = t.element_type
    if _bf16(elem):  # a selection copies bits: select the bf16 bits as f16
        dst_v, a, b = (em.reinterpret(t, f16) for t in (dst, a, b))
        elem = f16
    else:
        dst_v = dst
    _native(op, elem, "compare")
    p = em.state.params(BinaryRepeatParamsType, [Strides()] * 3)
    elems = per_repeat(elem_bytes(elem))
    em.repeated(whole_repeats(n, elems), elems, lambda f, m, r: A.SelectL0Op(
        em.at(dst_v, f), em.at(mask, f // 8), em.at(a, f), em.at(b, f), m, r, p), MASK_REPEATS)
    lw.set(op.result, dst)


def _round_mode(src: Attribute, dst: Attribute) -> A.RoundMode:
    """Float to integer truncates (asc2); narrowing or int to float rounds to nearest."""
    src_float, dst_float = not isinstance(src, IntegerType), not isinstance(dst, IntegerType)
    if src_float and not dst_float:
        return A.RoundMode.CAST_TRUNC
    if dst_float and (not src_float or elem_bytes(dst) < elem_bytes(src)):
        return A.RoundMode.CAST_RINT
    return A.RoundMode.CAST_NONE


@lowers(T.CastOp)
def _cast(lw: _Lowering, op: T.CastOp, em: Emit) -> None:
    _require_ub(op, op.operand)
    src_t, dst_t = _tile(op.operand), _tile(op.result)
    if i1 in (src_t.element_type, dst_t.element_type):
        raise PassError(op, "converts an i1 mask tile; masks feed asc.select (where) only")
    n = src_t.num_elements
    dst = _new_buffer(em, op.result)
    ds, ss = elem_bytes(dst_t.element_type), elem_bytes(src_t.element_type)
    em.cast(dst, lw.buf(op.operand), _round_mode(src_t.element_type, dst_t.element_type), n, ds, ss)
    lw.set(op.result, dst)


@lowers(T.SplatOp)
def _splat(lw: _Lowering, op: T.SplatOp, em: Emit) -> None:
    _require_ub(op, op.result)
    t, n = _tile(op.result), _count(op.result)
    dst = _new_buffer(em, op.result)
    if _bf16(t.element_type):
        wide = em.buffer(n, f32)
        em.duplicate(wide, _scalar_as(em, op.value, f32), n, 4)
        _narrow(em, dst, wide, n)
    else:
        _native(op, t.element_type, "arith")
        em.duplicate(dst, op.value, n, elem_bytes(t.element_type))
    lw.set(op.result, dst)


# --- shapes ----------------------------------------------------------------------------------


@lowers(T.ReshapeOp)
def _reshape(lw: _Lowering, op: T.ReshapeOp, em: Emit) -> None:
    lw.set(op.result, lw.buf(op.operand))


@lowers(T.BroadcastOp)
def _broadcast(lw: _Lowering, op: T.BroadcastOp, em: Emit) -> None:
    _require_ub(op, op.result)
    src_t, dst_t = _tile(op.operand), _tile(op.result)
    shape, dshape = src_t.shape, dst_t.shape
    elem = dst_t.element_type
    dst = _new_buffer(em, op.result)
    src = lw.buf(op.operand)
    if src_t.num_elements == 1:
        value = em.value(A.LocalGetValueOp(src, em.i32(0)))
        _fill(op, em, dst, value, dst_t.num_elements, elem)
    elif len(dshape) == 2 and len(shape) == 2 and shape == (1, dshape[1]):
        _rows_from_row(op, em, dst, src, dshape, elem)
    elif len(dshape) == 2 and len(shape) == 2 and shape == (dshape[0], 1):
        cols = dshape[1]
        for r in range(dshape[0]):
            value = em.value(A.LocalGetValueOp(src, em.i32(r)))
            _fill(op, em, em.at(dst, r * cols), value, cols, elem)
    else:
        raise PassError(op, f"broadcasts {list(shape)} to {list(dshape)}; lowered are a single "
                            "value, a [1, C] row and an [R, 1] column to 2-d tiles")
    lw.set(op.result, dst)


def _fill(op: Operation, em: Emit, dst: SSAValue, value: SSAValue, n: int, elem: Attribute) -> None:
    if _bf16(elem):
        raise PassError(op, "broadcasts a bf16 value; compute the tile in f32 first")
    _native(op, elem, "arith")
    em.duplicate(dst, value, n, elem_bytes(elem))


def _rows_from_row(op: Operation, em: Emit, dst: SSAValue, row: SSAValue,
                   shape: tuple[int, ...], elem: Attribute) -> None:
    """Every row of dst = row: per repeat of the row, one Muls(x, 1) whose source repeat stride
    is 0 and destination repeat stride one row."""
    if _bf16(elem):
        raise PassError(op, "broadcasts a bf16 row; compute the tile in f32 first")
    _native(op, elem, "arith")
    rows, cols = shape
    size = elem_bytes(elem)
    row_blocks = cols * size // BLOCK_BYTES
    if row_blocks > 255:
        raise PassError(op, f"broadcasts rows of {cols * size} bytes; a repeat stride holds at "
                            "most 255 blocks (8160 bytes)")
    one = em.const(1, elem)
    elems = per_repeat(size)
    for first in range(0, cols, elems):
        mask = min(elems, cols - first)
        em.strided_scalar(A.MulsL0Op, em.at(dst, first), em.at(row, first), one, mask, rows,
                          Strides(1, row_blocks), Strides(1, 0))


@lowers(T.ConcatOp)
def _concat(lw: _Lowering, op: T.ConcatOp, em: Emit) -> None:
    _require_ub(op, op.result)
    dst = _new_buffer(em, op.result)
    first = 0
    for v in op.inputs:
        t = _tile(v)
        if (t.nbytes % BLOCK_BYTES) or (first * elem_bytes(t.element_type)) % BLOCK_BYTES:
            raise PassError(op, f"concatenates a {t} whose bytes do not start and end on 32-byte "
                                "boundaries of the result")
        em.add(A.DataCopyL2Op(em.at(dst, first), lw.buf(v), em.i32(t.num_elements)))
        first += t.num_elements
    lw.set(op.result, dst)


# --- reductions ------------------------------------------------------------------------------

_REDUCE_ALL: dict[T.ReduceKind, type] = {
    T.ReduceKind.SUM: A.ReduceSumL2Op,
    T.ReduceKind.MAX: A.ReduceMaxL2Op,
    T.ReduceKind.MIN: A.ReduceMinL2Op,
}
_FOLD: dict[T.ReduceKind, type] = {
    T.ReduceKind.SUM: A.AddL0Op,
    T.ReduceKind.MAX: A.MaxL0Op,
    T.ReduceKind.MIN: A.MinL0Op,
    T.ReduceKind.PROD: A.MulL0Op,
}


@dataclass
class _Scratch:
    """The result and work buffers of ReduceSum/Max/Min, made once for a row loop."""

    out: SSAValue
    work: SSAValue


def _scratch(em: Emit, n: int, elem: Attribute) -> _Scratch:
    """One partial result per repeat of the source fits the work buffer."""
    repeats = -(-n // per_repeat(elem_bytes(elem)))
    return _Scratch(em.buffer(1, elem), em.buffer(max(repeats, 1), elem))


def _reduce_to_scalar(op: Operation, em: Emit, kind: T.ReduceKind, src: SSAValue, n: int,
                      elem: Attribute, scratch: _Scratch | None = None) -> SSAValue:
    """ReduceSum/Max/Min of n elements, then GetValue: the result as a scalar."""
    _native(op, elem, "float")
    cls = _REDUCE_ALL.get(kind)
    if cls is None:
        raise PassError(op, f"reduces with {kind.keyword} along the last axis, which has no "
                            "Ascend C reduction (the reference simulator runs it)")
    s = scratch or _scratch(em, n, elem)
    if cls is A.ReduceSumL2Op:
        em.add(cls(s.out, src, s.work, em.i32(n)))
    else:
        em.add(cls(s.out, src, s.work, em.i32(n), em.const(0, i1)))
    return em.value(A.LocalGetValueOp(s.out, em.i32(0)))


@lowers(T.ReduceAs1dOp)
def _reduce_as_1d(lw: _Lowering, op: T.ReduceAs1dOp, em: Emit) -> None:
    _require_ub(op, op.operand)
    t = _tile(op.operand)
    n, src, elem = t.num_elements, lw.buf(op.operand), t.element_type
    if _bf16(elem):
        src, elem = _widen(em, src, n), f32
    value = _reduce_to_scalar(op, em, op.enum_value("kind"), src, n, elem)
    if value.type != op.result.type:
        value = em.value(arith.TruncFOp(value, op.result.type))
    lw.values[op.result] = value


@lowers(T.ReduceOp)
def _reduce(lw: _Lowering, op: T.ReduceOp, em: Emit) -> None:
    _require_ub(op, op.operand)
    t = _tile(op.operand)
    kind = op.enum_value("kind")
    dims = op.reduced_dims()
    elem, size = t.element_type, elem_bytes(t.element_type)
    if _bf16(elem):
        raise PassError(op, "reduces a bf16 tile; cast it to f32 first (asc2: tile.to(float32))")
    src = lw.buf(op.operand)
    dst = _new_buffer(em, op.result)
    shape = t.shape
    if len(shape) > 2:
        raise PassError(op, f"reduces a rank-{len(shape)} tile; 1-d and 2-d tiles are lowered")
    rows, cols = (1, shape[0]) if len(shape) == 1 else shape
    if len(shape) == 1 or sorted(dims) == [0, 1]:
        value = _reduce_to_scalar(op, em, kind, src, t.num_elements, elem)
        em.add(A.LocalSetValueOp(dst, em.i32(0), value))
    elif dims == [1]:
        scratch = _scratch(em, cols, elem)
        for r in range(rows):
            value = _reduce_to_scalar(op, em, kind, em.at(src, r * cols), cols, elem, scratch)
            em.add(A.LocalSetValueOp(dst, em.i32(r), value))
    else:  # dims == [0]: fold the rows with binary instructions
        _native(op, elem, "arith")
        if rows == 1:
            em.add(A.DataCopyL2Op(dst, src, em.i32(_padded(_tile(op.result)))))
        else:
            em.binary(_FOLD[kind], dst, src, em.at(src, cols), cols, size)
            for r in range(2, rows):
                em.binary(_FOLD[kind], dst, dst, em.at(src, r * cols), cols, size)
    lw.set(op.result, dst)


def _rows_of(t: TileType) -> tuple[int, int]:
    return (1, t.shape[0]) if t.rank == 1 else (t.shape[0], t.shape[1])


@lowers(T.SoftmaxOp)
def _softmax(lw: _Lowering, op: T.SoftmaxOp, em: Emit) -> None:
    """Per row: m = max(x); e = exp(x - m) in a scratch row; y = e * (1 / sum(e))."""
    _require_ub(op, op.operand)
    t = _tile(op.operand)
    elem = t.element_type
    _native(op, elem, "float")
    size = elem_bytes(elem)
    rows, cols = _rows_of(t)
    src, dst = lw.buf(op.operand), _new_buffer(em, op.result)
    e = em.buffer(cols, elem)
    scratch = _scratch(em, cols, elem)
    for r in range(rows):
        x, y = em.at(src, r * cols), em.at(dst, r * cols)
        m = _reduce_to_scalar(op, em, T.ReduceKind.MAX, x, cols, elem, scratch)
        em.scalar(A.AddsL0Op, e, x, em.value(arith.NegfOp(m)), cols, size)
        em.unary(A.ExpL0Op, e, e, cols, size)
        s = _reduce_to_scalar(op, em, T.ReduceKind.SUM, e, cols, elem, scratch)
        inv = em.value(arith.DivfOp(em.const(1.0, elem), s))
        em.scalar(A.MulsL0Op, y, e, inv, cols, size)
    lw.set(op.result, dst)


@lowers(T.RmsNormOp)
def _rms_norm(lw: _Lowering, op: T.RmsNormOp, em: Emit) -> None:
    """Per row: r = 1 / sqrt(sum(x * x) / C + eps); y = x * r * gamma."""
    _require_ub(op, op.operand, op.gamma)
    t = _tile(op.operand)
    elem = t.element_type
    _native(op, elem, "float")
    size = elem_bytes(elem)
    rows, cols = _rows_of(t)
    src, dst, gamma = lw.buf(op.operand), _new_buffer(em, op.result), lw.buf(op.gamma)
    square = em.buffer(cols, elem)
    scratch = _scratch(em, cols, elem)
    inv_cols = em.const(1.0 / cols, elem)
    for r in range(rows):
        x, y = em.at(src, r * cols), em.at(dst, r * cols)
        em.binary(A.MulL0Op, square, x, x, cols, size)
        s = _reduce_to_scalar(op, em, T.ReduceKind.SUM, square, cols, elem, scratch)
        mean = em.value(arith.MulfOp(s, inv_cols))
        root = em.value(xmath.SqrtOp(em.value(arith.AddfOp(mean, op.epsilon))))
        inv = em.value(arith.DivfOp(em.const(1.0, elem), root))
        em.scalar(A.MulsL0Op, y, x, inv, cols, size)
        em.binary(A.MulL0Op, y, y, gamma, cols, size)
    lw.set(op.result, dst)


# --- what is not lowered ---------------------------------------------------------------------

_CUBE = ("the cube path (L1/L0 tiles, mmad, fixpipe) is not lowered yet; it waits for the cube "
         "ops of the ascendc dialect (the reference simulator runs it: run_passes=False)")
for _cls in (T.MatmulOp, T.MatmulAccOp, T.ZerosAccOp):
    refuse(_cls, _CUBE)
refuse(T.AtomicRMWOp, "atomic stores need SetAtomicAdd/Max/Min, which the ascendc dialect does "
                      "not have yet (the reference simulator runs them)")
for _cls in (T.CountMaskOp, T.BitwiseMaskOp, T.YieldOp):
    refuse(_cls, "mask regions are not lowered yet (the reference simulator runs them); "
                 "asc2.where expresses most selections and is lowered")
