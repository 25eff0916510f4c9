"""Tensors of the kernel language: GlobalTensor, LocalTensor, LocalTensorAuto, LocalMemAllocator.

Tensors the kernel makes have an unranked type (`!ascendc.local_tensor<*xf32>`), as in pyasc:
their length comes from the buffer they view. `LocalTensorAuto` with a static shape is ranked.
"""

from __future__ import annotations

from typing import Any

from xdsl.ir import SSAValue

from ascdsl.dialects.ascendc import (
    AllocatorAllocDynamicOp,
    CacheMode,
    CacheRwMode,
    AllocatorAllocOp,
    AllocatorGetCurAddrOp,
    GlobalGetValueOp,
    GlobalSetValueOp,
    GlobalSubIndexOp,
    GlobalTensorOp,
    GlobalTensorType,
    Hardware,
    LocalGetValueOp,
    LocalMemAllocatorOp,
    LocalMemAllocatorType,
    LocalSetValueOp,
    LocalSubIndexOp,
    LocalTensorAutoOp,
    LocalTensorOp,
    LocalTensorType,
    LocalTensorV2Op,
    ReinterpretCastOp,
    SetGlobalBufferOp,
    SetL2CacheHintOp,
    TPosition,
    allocator_hardware_error,
    position_of,
)

from .. import dtypes as dt
from ..builder import current
from ..dtypes import DataType
from ..errors import KernelLanguageError
from ..values import (
    ConstExpr,
    GlobalAddress,
    IRValue,
    PlainValue,
    constant,
    describe,
    is_int_like,
    materialize,
    materialize_int,
)
from ._util import dtype_arg, enum_arg


def _as_ui32(value: Any, what: str) -> SSAValue:
    """A ui32 operand, as pyasc makes it: a number is a ui32 constant, a runtime value a cast."""
    return materialize_int(value, what, dt.uint32).value


def _start_index(api: str, key: Any) -> Any:
    """`t[i]` / `t[i:]` -> i (pyasc: a stop or step is not supported)."""
    key = ConstExpr.unwrap(key)
    if isinstance(key, slice):
        if key.stop is not None or key.step is not None:
            raise KernelLanguageError(
                f"{api} slicing takes a start only (t[start:]); a stop or step is not supported"
            )
        return 0 if key.start is None else key.start
    if is_int_like(key):
        return key
    raise KernelLanguageError(f"{api} subscript must be an integer or 'start:', got {describe(key)}")


from .tensor_members import GlobalTensorMembers, LocalTensorMembers  # noqa: E402

class BaseTensor(IRValue):
    """A tensor with an element `dtype`."""

    __slots__ = ("dtype",)

    def describe(self) -> str:
        """`LocalTensor(float32)`."""
        return f"{type(self).__name__}({self.dtype.name if self.dtype else '?'})"

    def __repr__(self) -> str:
        return self.describe()


class GlobalTensor(GlobalTensorMembers, BaseTensor):
    """`AscendC::GlobalTensor<T>`: a typed view of GM; `set_global_buffer(ptr[, size])` binds it.

    The element type comes from the pointer, so the tensor's IR value is created when it is
    bound: at the binding, as pyasc's frontend does, when that is in the block where
    `GlobalTensor()` was written; else (bound inside an `if` or a loop) where `GlobalTensor()`
    was written, so that it stays visible after the `if`.
    """

    __slots__ = ("_decl",)

    def __init__(self) -> None:
        b = current()
        super().__init__(None)  # type: ignore[arg-type]
        self.dtype = None
        assert b.block is not None
        self._decl = (b.block, b.block.last_op, b.func, b.loc)

    @classmethod
    def _wrap(cls, value: SSAValue, dtype: DataType) -> GlobalTensor:
        t = cls.__new__(cls)
        t.value = value
        t.dtype = dtype
        t._decl = None
        return t

    def to_ir(self) -> SSAValue:
        """The tensor's IR value (an error before set_global_buffer)."""
        if self.value is None:
            raise KernelLanguageError("GlobalTensor is used before set_global_buffer()")
        return self.value

    def set_global_buffer(self, buffer: Any = None, buffer_size: Any = None) -> None:
        """Bind the tensor to GM at `buffer` (a kernel pointer, or pointer + offset)."""
        buffer = ConstExpr.unwrap(buffer)
        if not isinstance(buffer, GlobalAddress):
            raise KernelLanguageError(
                "set_global_buffer(): 'buffer' must be a GlobalAddress (a pointer argument of "
                f"the kernel, possibly plus an offset), got {describe(buffer)}"
            )
        b = current()
        if self._decl is not None and self._decl[0] is b.block and (
            self.value is None or self.dtype == buffer.dtype
        ):
            # As pyasc's frontend: each set_global_buffer declares the tensor where it stands
            # (`asc.global_tensor` right before `set_global_buffer`).
            op = b.insert(GlobalTensorOp(GlobalTensorType(buffer.dtype.ir)))
            self.value = op.results[0]
            self.dtype = buffer.dtype
        elif self.value is None:
            # Bound inside a nested region (an `if`, a loop): the declaration goes where the
            # tensor was created, so that it dominates its uses after the region.
            if self._decl is None or self._decl[2] is not b.func:
                raise KernelLanguageError(
                    "set_global_buffer(): the GlobalTensor was created in another function"
                )
            block, anchor, _, loc = self._decl
            tail = b.decl_tails
            key = (id(block), id(anchor))
            after = tail.get(key, anchor)
            saved = b.loc
            b.loc = loc
            op = b.insert_after(after, block, GlobalTensorOp(GlobalTensorType(buffer.dtype.ir)))
            b.loc = saved
            tail[key] = op
            self.value = op.results[0]
            self.dtype = buffer.dtype
        elif self.dtype != buffer.dtype:
            raise KernelLanguageError(
                f"set_global_buffer(): this GlobalTensor holds {self.dtype.name}, the buffer "
                f"points to {buffer.dtype.name}"
            )
        size = None
        if buffer_size is not None:
            size = materialize_int(buffer_size, "set_global_buffer(): 'buffer_size'").value
        b.insert(SetGlobalBufferOp(self.value, buffer.value, size))

    def set_l2_cache_hint(self, mode: Any = CacheMode.CACHE_MODE_NORMAL,
                          rw_mode: Any = CacheRwMode.RW) -> None:
        """`g.SetL2CacheHint<rw_mode>(mode)`: CACHE_MODE_DISABLE makes the tensor's reads (or
        writes, by `rw_mode`) bypass L2, for data used once; CACHE_MODE_NORMAL restores it."""
        api = "set_l2_cache_hint"
        mode = enum_arg(mode, CacheMode, api, "mode")
        rw_mode = enum_arg(rw_mode, CacheRwMode, api, "rw_mode")
        if mode not in (CacheMode.CACHE_MODE_NORMAL, CacheMode.CACHE_MODE_DISABLE):
            raise KernelLanguageError(
                f"{api}(): 'mode' must be CACHE_MODE_NORMAL or CACHE_MODE_DISABLE (as in pyasc), "
                f"got {mode.name}"
            )
        current().insert(SetL2CacheHintOp(self.to_ir(), mode, rw_mode))

    def __getitem__(self, key: Any) -> GlobalTensor:
        start = _start_index("GlobalTensor", key)
        idx = materialize_int(start, "GlobalTensor index")
        op = current().insert(GlobalSubIndexOp(self.to_ir(), idx.value))
        return GlobalTensor._wrap(op.results[0], self.dtype)

    def get_value(self, offset: Any) -> PlainValue:
        """`g.GetValue(offset)`: one element, read by the scalar unit."""
        idx = materialize_int(offset, "get_value(): 'offset'", dt.uint64)  # pyasc: uint64
        op = current().insert(GlobalGetValueOp(self.to_ir(), idx.value))
        return PlainValue(op.results[0], self.dtype)

    def set_value(self, offset: Any, value: Any) -> None:
        """`g.SetValue(offset, value)`."""
        idx = materialize_int(offset, "set_value(): 'offset'", dt.uint64)
        v = materialize(value, self.dtype)
        current().insert(GlobalSetValueOp(self.to_ir(), idx.value, v.value))


class LocalTensor(LocalTensorMembers, BaseTensor):
    """`AscendC::LocalTensor<T>`: a typed view of on-chip memory.

    `LocalTensor(dtype, pos, addr, tile_size)` is a static tensor of `tile_size` elements at
    byte `addr` of `pos`; `LocalTensor(dtype)` declares an unbound one. Tensors also come from
    queues (`alloc_tensor`, `deque`), TBufs (`get`) and allocators.
    """

    __slots__ = ("shape",)

    def __init__(self, dtype: Any, *args: Any, **kwargs: Any) -> None:
        api = "LocalTensor"
        dtype = dtype_arg(dtype, api)
        b = current()
        if not args and not kwargs:
            op = b.insert(LocalTensorOp(LocalTensorType(dtype.ir)))
        else:
            names = ("pos", "addr", "tile_size")
            if len(args) > 3:
                raise KernelLanguageError(
                    "LocalTensor() takes (dtype) or (dtype, pos, addr, tile_size)"
                )
            given = dict(zip(names, args))
            for k, v in kwargs.items():
                if k not in names or k in given:
                    raise KernelLanguageError(f"LocalTensor(): unexpected argument '{k}'")
                given[k] = v
            missing = [n for n in names if n not in given]
            if missing:
                raise KernelLanguageError(
                    "LocalTensor(): a static tensor needs pos, addr and tile_size; missing "
                    + ", ".join(missing)
                )
            pos = enum_arg(given["pos"], TPosition, api, "pos")
            addr = _as_ui32(given["addr"], "LocalTensor(): 'addr'")
            size = _as_ui32(given["tile_size"], "LocalTensor(): 'tile_size'")
            op = b.insert(LocalTensorV2Op(pos, addr, size, LocalTensorType(dtype.ir)))
        super().__init__(op.results[0])
        self.dtype = dtype
        self.shape = None

    @classmethod
    def _wrap(cls, value: SSAValue, dtype: DataType, shape: tuple | None = None) -> LocalTensor:
        t = cls.__new__(cls)
        t.value = value
        t.dtype = dtype
        t.shape = shape
        return t

    @property
    def position(self) -> TPosition | None:
        """Where the tensor lives, when the op that made it says so."""
        return position_of(self.value)

    def __getitem__(self, key: Any) -> LocalTensor:
        start = _start_index("LocalTensor", key)
        idx = materialize_int(start, "LocalTensor index")
        op = current().insert(LocalSubIndexOp(self.value, idx.value))
        return LocalTensor._wrap(op.results[0], self.dtype, self.shape)

    def get_value(self, index: Any) -> PlainValue:
        """`t.GetValue(index)`: one element, read by the scalar unit."""
        idx = materialize_int(index, "get_value(): 'index'", dt.uint32)  # pyasc: uint32
        op = current().insert(LocalGetValueOp(self.value, idx.value))
        return PlainValue(op.results[0], self.dtype)

    def set_value(self, index: Any, value: Any) -> None:
        """`t.SetValue(index, value)`."""
        idx = materialize_int(index, "set_value(): 'index'", dt.uint32)
        v = materialize(value, self.dtype)
        current().insert(LocalSetValueOp(self.value, idx.value, v.value))

    def reinterpret_cast(self, dtype: Any) -> LocalTensor:
        """The same buffer seen as `dtype` elements."""
        dtype = dtype_arg(dtype, "reinterpret_cast")
        if dtype == self.dtype:
            return self
        t = self.value.type
        assert isinstance(t, LocalTensorType)
        op = current().insert(ReinterpretCastOp(self.value, t.with_element_type(dtype.ir)))
        return LocalTensor._wrap(op.results[0], dtype, self.shape)


class LocalTensorAuto(LocalTensor):
    """A UB tensor the compiler places (`materialize-tensor`) and synchronizes (`insert_sync`).

    `LocalTensorAuto(dtype, shape)`: `shape` is an int or a sequence; run-time dimensions make
    the tensor dynamically sized. Using one turns `insert_sync` on when it is left to `None`.
    """

    __slots__ = ()

    def __init__(self, dtype: Any, shape: Any) -> None:  # noqa: D107
        api = "LocalTensorAuto"
        dtype = dtype_arg(dtype, api)
        shape = ConstExpr.unwrap(shape)
        dims = list(shape) if isinstance(shape, (list, tuple)) else [shape]
        dims = [ConstExpr.unwrap(d) for d in dims]
        if not dims:
            raise KernelLanguageError(f"{api}(): the shape needs at least one dimension")
        for d in dims:
            if not is_int_like(d):
                raise KernelLanguageError(
                    f"{api}(): shape dimensions must be integers, got {describe(d)}"
                )
        b = current()
        b.uses_auto_tensors = True
        if all(not isinstance(d, IRValue) for d in dims):
            static = tuple(int(d) for d in dims)
            if any(d <= 0 for d in static):
                raise KernelLanguageError(f"{api}(): dimensions must be positive, got {static}")
            op = b.insert(LocalTensorAutoOp(LocalTensorType(dtype.ir, static)))
            shape_t: tuple | None = static
        else:
            # pyasc's form: every dimension as an i64 operand, unranked type.
            sizes = [materialize_int(d, f"{api}() dimension", dt.int64).value for d in dims]
            op = b.insert(LocalTensorAutoOp(LocalTensorType(dtype.ir), sizes))
            shape_t = None
        IRValue.__init__(self, op.results[0])
        self.dtype = dtype
        self.shape = shape_t


class LocalMemAllocator(IRValue):
    """`AscendC::LocalMemAllocator<hw>`: hands out static tensors from address 0 upward.

    Not to be mixed with TPipe in one kernel (Ascend C's rule).
    """

    __slots__ = ("hardware",)

    def __init__(self, hard: Any = Hardware.UB) -> None:
        hw = enum_arg(hard, Hardware, "LocalMemAllocator", "hard")
        refused = allocator_hardware_error(hw)
        if refused is not None:
            raise KernelLanguageError(f"LocalMemAllocator(): {refused}")
        hw_value = constant(int(hw), dt.int64)
        op = current().insert(LocalMemAllocatorOp(hw_value.value, LocalMemAllocatorType(hw)))
        super().__init__(op.results[0])
        self.hardware = hw

    def alloc(self, pos: Any, data_type: Any, tile_size: Any) -> LocalTensor:
        """A tensor of `tile_size` elements of `data_type` at `pos`.

        As pyasc: a `ConstExpr` tile size gives `Alloc<pos, T, tileSize>()`, anything else (a
        Python int too) `Alloc<pos, T>(tileSize)` with the size as an i32.
        """
        api = "LocalMemAllocator.alloc"
        p = enum_arg(pos, TPosition, api, "pos")
        dtype = dtype_arg(data_type, api, "data_type")
        tile = ConstExpr.unwrap(tile_size)
        size = materialize_int(tile, f"{api}(): 'tile_size'")
        cls = AllocatorAllocOp if isinstance(tile_size, ConstExpr) else AllocatorAllocDynamicOp
        if not isinstance(tile, IRValue) and int(tile) <= 0:
            raise KernelLanguageError(f"{api}(): 'tile_size' must be positive, got {tile}")
        op = current().insert(cls(self.value, p, size.value, LocalTensorType(dtype.ir)))
        return LocalTensor._wrap(op.results[0], dtype)

    def get_cur_addr(self) -> PlainValue:
        """The first free byte address, a `uint32` as `GetCurAddr()` returns (and pyasc)."""
        op = current().insert(AllocatorGetCurAddrOp(self.value, dt.uint32.ir))
        return PlainValue(op.results[0], dt.uint32)
