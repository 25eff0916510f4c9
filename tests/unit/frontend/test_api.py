"""The kernel language: each API is a thin builder over its `ascendc` op."""

from __future__ import annotations

import inspect

import pytest
from frontend_helpers import codegen, expect_error, op_names
from xdsl.dialects import arith

import ascdsl as asc
from ascdsl.dialects import ascendc, emitc
from ascdsl.frontend.language.dispatch import LEVELS

F32 = asc.MockTensor(asc.float32)
F16 = asc.MockTensor(asc.float16)
I32 = asc.MockValue(asc.int32)


def ops_of(ck, cls):
    return [op for op in ck.module.walk() if isinstance(op, cls)]


def test_dtypes_and_enums():
    assert asc.float32.sizeof() == 4 and asc.half.sizeof() == 2 and asc.int64.sizeof() == 8
    assert asc.float_ is asc.float32 and asc.int_ is asc.int32 and asc.bool_ is asc.int8
    assert str(asc.bfloat16.to_ir()) == "bf16" and str(asc.uint16.to_ir()) == "ui16"
    assert asc.PipeID.PIPE_V is ascendc.Pipe.PIPE_V
    assert asc.HardEvent.MTE2_V is ascendc.HardEvent.MTE2_V
    assert asc.CMPMODE.LT is ascendc.CmpMode.LT
    assert {"TPosition", "RoundMode", "Hardware"} <= set(dir(asc))


def test_every_level_op_is_built_by_a_written_function():
    """Each L0/L1/L2 op of a family is reachable from the kernel language, through a `def`
    with pyasc's name and signature whose docstring names the C++ API and lists the forms."""
    families = (ascendc.BinaryOp, ascendc.UnaryOp, ascendc.VecScalarOp, ascendc.DuplicateOp,
                ascendc.ReduceL2Base, ascendc.RepeatReduceOp, ascendc.OffsetOp,
                ascendc.DataCopyBase)
    # Copy's two levels (pyasc's copy_l0 bit mask, copy_l1 count) are built by its own written
    # `asc.copy` (copy_vec.py), as pyasc's copy dispatches on the mask's form.
    written_elsewhere = {ascendc.CopyL0Op, ascendc.CopyL1Op}
    level_ops = {c for c in ascendc.ALL_OPS
                 if issubclass(c, families) and c.name[-3:] in ("_l0", "_l1", "_l2")
                 and c not in written_elsewhere}
    # (The cube functions, load_data and mmad, dispatch over forms that are not levels.)
    # ascdsl's own: an extension loaded earlier in the process adds its ops to the tables.
    built = {op for table in LEVELS.values() for op in table.ops
             if issubclass(op, families) and op.name[-3:] in ("_l0", "_l1", "_l2")
             and op.__module__.startswith("ascdsl.")}
    assert level_ops == built
    for name, table in LEVELS.items():
        if not all(op.__module__.startswith("ascdsl.") for op in table.ops):
            continue  # an extension's function (`asc.ext.<name>`), not the kernel language's
        fn = getattr(asc, name)
        assert fn.__name__ == name and fn.__code__.co_name == name  # a written def
        params = list(inspect.signature(fn).parameters)
        assert params[: len(table.leading)] == [p.name for p in table.leading]
        assert params[-2:] == ["args", "kwargs"]
        api = table.ops[0].CPP.api
        assert fn.__doc__.startswith(f"`AscendC::{api}`"), name
        assert table.signature_text() in fn.__doc__
    assert {"bitwise_and", "bitwise_or", "bitwise_not"} <= set(LEVELS)  # pyasc's names
    assert list(inspect.signature(asc.add).parameters) == ["dst", "src0", "src1", "args",
                                                          "kwargs"]


def _queue_tensors(dtype=asc.float32):
    pipe = asc.TPipe()
    q = asc.TQue(asc.TPosition.VECIN, 1)
    pipe.init_buffer(q, 1, 4096)
    return pipe, q.alloc_tensor(dtype), q.alloc_tensor(dtype), q.alloc_tensor(dtype)


def test_binary_levels_dispatch_on_arguments():
    @asc.jit
    def k(n: int):
        pipe, dst, a, b = _queue_tensors()
        asc.add(dst, a, b, n)  # count -> L2
        params = asc.BinaryRepeatParams(1, 1, 1, 8, 8, 8)
        asc.mul(dst, a, b, 64, 2, params)  # mask + repeat_times + params -> L0
        asc.sub(dst, a, b, [0xFFFFFFFFFFFFFFFF, 0], 2, params, is_set_mask=False)  # mask list -> L1
        asc.bitwise_and(dst, a, b, count=16)

    ck = codegen(k, I32)
    (l2,) = ops_of(ck, ascendc.AddL2Op)
    (l0,) = ops_of(ck, ascendc.MulL0Op)
    (l1,) = ops_of(ck, ascendc.SubL1Op)
    assert ops_of(ck, ascendc.AndL2Op)
    assert l0.has_flag("isSetMask") and not l1.has_flag("isSetMask")
    assert str(l0.mask.type) == "i64" and str(l2.count.type) == "i32"
    assert [str(m.type) for m in l1.mask] == ["ui64", "ui64"]
    # unsigned numbers are emitc.constant, as pyasc writes them (arith has no unsigned types)
    assert [(type(m.owner), m.owner.value.value.data) for m in l1.mask] == [
        (emitc.ConstantOp, 0xFFFFFFFFFFFFFFFF), (emitc.ConstantOp, 0)]
    assert '"emitc.constant"() <{value = 18446744073709551615 : ui64}>' in ck.ir  # all ones
    (construct,) = ops_of(ck, ascendc.ConstructOp)
    assert isinstance(construct.result.type, ascendc.BinaryRepeatParamsType)
    assert len(construct.args) == 6


def test_unary_scalar_duplicate_reduce_cast():
    @asc.jit
    def k(n: int, s: float):
        pipe, dst, src, tmp = _queue_tensors()
        asc.exp(dst, src, n)
        asc.bitwise_not(dst, src, n)
        asc.adds(dst, src, s, n)
        asc.muls(dst, src, 2, n)
        asc.leaky_relu(dst, src, 0.1, 64, 1, asc.UnaryRepeatParams())
        asc.duplicate(dst, 1.5, n)
        asc.duplicate(dst, 0, [1, 2], 1, 1, 8)
        asc.reduce_sum(dst, src, tmp, n)
        asc.reduce_max(dst, src, tmp, n, True)
        half_t = pipe_queue_half(pipe)
        asc.cast(half_t, src, asc.RoundMode.CAST_RINT, n)
        asc.cast(half_t, src, asc.RoundMode.CAST_NONE, 64, 2, asc.UnaryRepeatParams(1, 1, 4, 8))

    ck = codegen(k, I32, asc.MockValue(asc.float32))
    for cls in (ascendc.ExpL2Op, ascendc.NotL2Op, ascendc.AddsL2Op, ascendc.MulsL2Op,
                ascendc.LeakyReluL0Op, ascendc.DuplicateL2Op, ascendc.DuplicateL1Op,
                ascendc.ReduceSumL2Op, ascendc.ReduceMaxL2Op, ascendc.CastL2Op, ascendc.CastL0Op):
        assert len(ops_of(ck, cls)) == 1, cls.__name__
    (muls,) = ops_of(ck, ascendc.MulsL2Op)
    assert str(muls.scalar.type) == "f32"  # the scalar takes the tensor's element type
    (dup,) = ops_of(ck, ascendc.DuplicateL2Op)
    assert "arith.constant 1.500000e+00 : f32" in ck.ir and str(dup.scalar.type) == "f32"
    (rmax,) = ops_of(ck, ascendc.ReduceMaxL2Op)
    assert str(rmax.cal_index.type) == "i8"  # pyasc: _mat(cal_index, KT.bool_), an int8
    (c0,) = ops_of(ck, ascendc.CastL0Op)
    assert c0.enum_value("roundMode") == ascendc.RoundMode.CAST_NONE
    (c2,) = ops_of(ck, ascendc.CastL2Op)
    assert c2.enum_value("roundMode") == ascendc.RoundMode.CAST_RINT


@asc.jit
def pipe_queue_half(pipe: asc.TPipe):
    q = asc.TQue(asc.TPosition.VECOUT, 1)
    pipe.init_buffer(q, 1, 2048)
    return q.alloc_tensor(asc.float16)


def test_data_copy_forms_and_param_structs():
    @asc.jit
    def k(x: asc.GlobalAddress, n: int):
        g = asc.GlobalTensor()
        g.set_global_buffer(x)
        pipe = asc.TPipe()
        q = asc.TQue(asc.TPosition.VECIN, 2)
        pipe.init_buffer(q, 2, 1024)
        t = q.alloc_tensor(asc.float32)
        asc.data_copy(t, g[n:], 256)
        asc.data_copy(g, t, asc.DataCopyParams(block_count=1, block_len=8))
        asc.data_copy_pad(t, g, asc.DataCopyParams(1, 40), asc.DataCopyPadParams(True, 0, 2, 0))
        asc.data_copy_pad(g[8], t, data_copy_params=asc.DataCopyParams(1, 40))

    ck = codegen(k, F32, I32)
    assert [len(ops_of(ck, c)) for c in (ascendc.DataCopyL2Op, ascendc.DataCopyL0Op,
                                         ascendc.DataCopyPadL0Op, ascendc.DataCopyPadL2Op)] == [1] * 4
    constructs = ops_of(ck, ascendc.ConstructOp)
    assert [type(c.result.type).__name__ for c in constructs] == [
        "DataCopyParamsType", "DataCopyParamsType", "DataCopyPadParamsType", "DataCopyParamsType"
    ]
    first = constructs[0]
    assert [a.owner.value.value.data for a in first.args] == [1, 8, 0, 0]  # defaults filled in


def test_param_struct_signatures_follow_the_dialect():
    import inspect

    sig = inspect.signature(asc.BinaryRepeatParams)
    # pyasc's constructors end with `handle` (the IR value to wrap; test_param_handle.py)
    assert list(sig.parameters) == ["dst_blk_stride", "src0_blk_stride", "src1_blk_stride",
                                    "dst_rep_stride", "src0_rep_stride", "src1_rep_stride",
                                    "handle"]
    assert [p.default for p in sig.parameters.values()] == [1, 1, 1, 8, 8, 8, None]


def test_framework_objects():
    @asc.jit
    def k(n: int):
        pipe = asc.TPipe()
        que = asc.TQue(asc.TPosition.VECOUT, 2)
        bind = asc.TQueBind(asc.TPosition.VECIN, asc.TPosition.VECOUT, 1)
        buf = asc.TBuf(asc.TPosition.VECCALC)
        pipe.init_buffer(que, 2, 128)
        pipe.init_buffer(que=bind, num=1, len=256)
        pipe.init_buffer(buf, 1024)
        t = que.alloc_tensor(asc.float16)
        que.enque(t)
        d = que.deque(asc.float16)
        que.free_tensor(d)
        whole = buf.get(asc.int32)
        part = buf.get(asc.int32, 64)
        off = buf.get_with_offset(64, 256, asc.float32)
        ev = pipe.alloc_event_id(asc.HardEvent.MTE2_V)
        asc.set_flag(asc.HardEvent.MTE2_V, ev)
        asc.wait_flag(asc.HardEvent.MTE2_V, ev)
        pipe.release_event_id(ev, asc.HardEvent.MTE2_V)
        tmp = asc.get_tpipe_ptr().fetch_event_id(asc.HardEvent.V_S)
        pipe.reset()
        pipe.init()
        pipe.destroy()

    ck = codegen(k, I32)
    names = op_names(ck)
    for name in ("ascendc.pipe", "ascendc.queue", "ascendc.que_bind", "ascendc.tbuf",
                 "ascendc.pipe.init_queue", "ascendc.pipe.init_buffer",
                 "ascendc.que_bind.alloc_tensor", "ascendc.que_bind.enque_tensor",
                 "ascendc.que_bind.deque_tensor", "ascendc.que_bind.free_tensor",
                 "ascendc.tbuf.get_tensor", "ascendc.tbuf.get_with_offset",
                 "ascendc.pipe.alloc_event_id", "ascendc.pipe.fetch_event_id",
                 "ascendc.pipe.release_event_id", "ascendc.set_flag", "ascendc.wait_flag",
                 "ascendc.pipe.reset", "ascendc.pipe.init", "ascendc.pipe.destroy"):
        assert name in names, name
    assert names.count("ascendc.pipe") == 1  # get_tpipe_ptr() in the kernel is the same pipe
    assert "ascendc.get_tpipe_ptr" not in names
    (q,) = ops_of(ck, ascendc.QueueOp)
    assert (q.result.type.position, q.result.type.depth) == (asc.TPosition.VECOUT, 2)
    (whole, part) = ops_of(ck, ascendc.GetTensorOp)
    assert whole.len is None and part.len is not None


def test_get_tpipe_ptr_in_a_sub_function():
    @asc.jit
    def sync(n: int):
        ev = asc.get_tpipe_ptr().fetch_event_id(asc.HardEvent.V_MTE3)
        asc.set_flag(asc.HardEvent.V_MTE3, ev)
        asc.wait_flag(asc.HardEvent.V_MTE3, ev)

    @asc.jit
    def k(n: int):
        pipe = asc.TPipe()
        sync(n)

    ck = codegen(k, I32)
    assert op_names(ck).count("ascendc.get_tpipe_ptr") == 1


def test_set_l2_cache_hint_builds_pyasc_s_op():
    @asc.jit
    def k(x: asc.GlobalAddress):
        g = asc.GlobalTensor()
        g.set_global_buffer(x)
        g.set_l2_cache_hint(asc.CacheMode.CACHE_MODE_DISABLE)
        g.set_l2_cache_hint(mode=asc.CacheMode.CACHE_MODE_NORMAL, rw_mode=asc.CacheRwMode.READ)

    ck = codegen(k, F32)
    hints = ops_of(ck, ascendc.SetL2CacheHintOp)
    # pyasc's dialect numbers DISABLE 0 and NORMAL 1 (its translator prints `mode = 0` as
    # CACHE_MODE_DISABLE); the kernel's member decides the value, so the source says what the
    # kernel asked for.
    assert [(h.mode.value.data, h.rw_mode.value.data) for h in hints] == [(0, 3), (1, 1)]
    source = k.compile(F32).source
    assert ".SetL2CacheHint<AscendC::CacheRwMode::RW>(AscendC::CacheMode::CACHE_MODE_DISABLE);" \
        in source
    assert ".SetL2CacheHint<AscendC::CacheRwMode::READ>(AscendC::CacheMode::CACHE_MODE_NORMAL);" \
        in source


def test_set_l2_cache_hint_takes_the_modes_pyasc_takes():
    @asc.jit
    def k(x: asc.GlobalAddress):
        g = asc.GlobalTensor()
        g.set_global_buffer(x)
        g.set_l2_cache_hint(asc.CacheMode.CACHE_MODE_LAST)  # mark

    expect_error(k, (F32,), "set_l2_cache_hint(): 'mode' must be CACHE_MODE_NORMAL or "
                 "CACHE_MODE_DISABLE (as in pyasc), got CACHE_MODE_LAST", "# mark",
                 token="g.set_l2_cache_hint")


def test_local_tensor_forms():
    @asc.jit
    def k(n: int):
        static = asc.LocalTensor(asc.float32, asc.TPosition.VECIN, 64, n)
        unbound = asc.LocalTensor(asc.int16)
        view = static[n:]
        elem = static.get_value(3)
        static.set_value(4, elem * 2)
        as_int = static.reinterpret_cast(asc.int32)
        same = static.reinterpret_cast(asc.float32)
        allocator = asc.LocalMemAllocator()
        fixed = allocator.alloc(asc.TPosition.VECCALC, asc.float16, 128)
        dynamic = allocator.alloc(asc.TPosition.VECCALC, asc.float16, n)
        addr = allocator.get_cur_addr()

    ck = codegen(k, I32)
    (v2,) = ops_of(ck, ascendc.LocalTensorV2Op)
    assert v2.enum_value("pos") == asc.TPosition.VECIN
    assert str(v2.addr.type) == "ui32" and isinstance(v2.addr.owner, emitc.ConstantOp)
    assert v2.addr.owner.value.value.data == 64 and isinstance(v2.tile_size.owner, emitc.CastOp)
    assert len(ops_of(ck, ascendc.LocalTensorOp)) == 1
    assert len(ops_of(ck, ascendc.LocalSubIndexOp)) == 1
    assert len(ops_of(ck, ascendc.ReinterpretCastOp)) == 1  # same dtype: no cast
    # pyasc's forms: a Python int size is an i32 operand too (the template form is ConstExpr's).
    assert not ops_of(ck, ascendc.AllocatorAllocOp)
    fixed_op, dynamic_op = ops_of(ck, ascendc.AllocatorAllocDynamicOp)
    assert str(fixed_op.tile_size.owner.value) == "128 : i32"
    assert dynamic_op.tile_size.owner is None or not isinstance(dynamic_op.tile_size.owner,
                                                                 arith.ConstantOp)
    (cur,) = ops_of(ck, ascendc.AllocatorGetCurAddrOp)
    assert str(cur.result.type) == "ui32"
    (alloc,) = ops_of(ck, ascendc.LocalMemAllocatorOp)
    assert alloc.allocator.type.hardware == asc.Hardware.UB
    assert v2.result.type.element_type == asc.float32.to_ir()


def test_gm_allocator_is_refused_at_its_line():
    # The IR may hold one (pyasc's does); the headers static_assert, so the kernel stops here.
    @asc.jit
    def k():
        allocator = asc.LocalMemAllocator(asc.Hardware.GM)  # here

    expect_error(k, (), "LocalMemAllocator(): LocalMemAllocator<Hardware::GM> is rejected by "
                 "Ascend C", "asc.LocalMemAllocator(asc.Hardware.GM)  # here",
                 token="asc.LocalMemAllocator")


def test_local_tensor_auto_static_and_dynamic_turn_insert_sync_on():
    @asc.jit
    def k(n: int):
        a = asc.LocalTensorAuto(asc.float32, 256)
        b = asc.LocalTensorAuto(asc.float16, [4, n])

    ck = codegen(k, I32)
    static, dynamic = ops_of(ck, ascendc.LocalTensorAutoOp)
    assert static.result.type.shape == (256,) and len(static.dynamic_shape) == 0
    assert dynamic.result.type.shape is None  # pyasc: unranked with every dimension as i64
    assert [str(d.type) for d in dynamic.dynamic_shape] == ["i64", "i64"]
    assert ck.insert_sync is True  # insert_sync=None and a LocalTensorAuto


def test_insert_sync_auto_is_off_without_auto_tensors_and_explicit_wins():
    @asc.jit
    def k(n: int):
        pipe = asc.TPipe()

    assert codegen(k, I32).insert_sync is False
    assert codegen(k, I32, insert_sync=True).insert_sync is True


def test_sync_system_and_debug_functions():
    @asc.jit
    def k(x: asc.GlobalAddress, n: int):
        g = asc.GlobalTensor()
        g.set_global_buffer(x, n)
        asc.pipe_barrier(asc.PipeID.PIPE_ALL)
        idx = asc.get_block_idx()
        num = asc.get_block_num()
        sub = asc.get_sub_block_idx()
        asc.printf("core %d of %d (%d)\n", idx, num, sub)
        asc.dump_tensor(g, 7, 16)
        asc.set_flag(asc.HardEvent.S_V)  # event id defaults to 0

    ck = codegen(k, F32, I32)
    (barrier,) = ops_of(ck, ascendc.PipeBarrierOp)
    assert barrier.barrier_pipe == ascendc.Pipe.PIPE_ALL
    for cls in (ascendc.GetBlockIdxOp, ascendc.GetBlockNumOp, ascendc.GetSubBlockIdxOp,
                ascendc.DumpTensorOp):
        (op,) = ops_of(ck, cls)
    (p,) = ops_of(ck, ascendc.PrintfOp)
    assert len(p.vars) == 3
    (flag,) = ops_of(ck, ascendc.SetFlagOp)
    assert flag.enum_value("event") == ascendc.HardEvent.S_V
    (sgb,) = ops_of(ck, ascendc.SetGlobalBufferOp)
    assert sgb.size is not None


def test_unsigned_scalars_compute_through_casts():
    import numpy as np

    @asc.jit
    def k(x: asc.GlobalAddress, u):
        g = asc.GlobalTensor()
        g.set_global_buffer(x)
        g.set_value(0, u // 2 + 1)

    ck = codegen(k, np.zeros(2, np.uint32), np.uint32(7))
    names = op_names(ck)
    assert "arith.divui" in names and "arith.divsi" not in names
    assert "emitc.cast" in names and "builtin.unrealized_conversion_cast" not in names


def test_ceildiv_and_static_assert():
    @asc.jit
    def k(n: int):
        a = asc.ceildiv(10, 4)
        asc.static_assert(a == 3, "folded")
        b = asc.ceildiv(n, 4)
        asc.printf("%d", b)

    names = op_names(codegen(k, I32))
    assert "arith.divsi" in names

    @asc.jit
    def bad(n: int):
        asc.static_assert(1 == 2, "tile sizes must match")

    expect_error(bad, (I32,), "tile sizes must match", "asc.static_assert")


def test_api_outside_a_kernel_is_an_error():
    with pytest.raises(asc.frontend.KernelLanguageError, match="only be used inside a @ascdsl.jit"):
        asc.TPipe()


def test_param_struct_classes_are_written_and_follow_the_dialect():
    from ascdsl.dialects.ascendc import PARAM_STRUCT_TYPES
    from ascdsl.frontend.language import params

    source = inspect.getsource(params)
    for struct in PARAM_STRUCT_TYPES.values():
        cls = params.PARAM_CLASSES[struct]
        assert f"class {cls.__name__}(ParamStruct):" in source
        assert cls.__name__ == struct.CPP.removeprefix("AscendC::")
        assert getattr(asc, cls.__name__) is cls
        assert list(inspect.signature(cls).parameters) == [*cls.FIELD_NAMES, "handle"]
    assert asc.DataCopyParams.FIELD_NAMES == ("block_count", "block_len", "src_stride",
                                              "dst_stride")
    assert asc.BinaryRepeatParams.DEFAULTS == (1, 1, 1, 8, 8, 8)
