"""Building ascendc IR from Python with the ops' natural constructors."""

from xdsl.dialects import func
from xdsl.dialects.builtin import ModuleOp, f16, f32, i1, i8, i32, i64, IntegerType, Signedness
from xdsl.ir import Block, Region
from xdsl.printer import Printer

import ascdsl.dialects.ascendc as A
from ascdsl.diagnostics import parse_module, verify_diagnostics
from ascdsl.dialects.gm import gm_pointer_type

ui32 = IntegerType(32, Signedness.UNSIGNED)
ui64 = IntegerType(64, Signedness.UNSIGNED)
T = A.LocalTensorType(f32, [256])
H = A.LocalTensorType(f16, [256])
G = A.GlobalTensorType(f32, None)


def _module(arg_types, build):
    block = Block(arg_types=arg_types)
    ops = build(*block.args)
    block.add_ops([*ops, func.ReturnOp()])
    f = func.FuncOp("k", (arg_types, []), Region(block))
    return ModuleOp([f])


def _roundtrip(ctx, module):
    assert verify_diagnostics(module) == []
    text = str(module)
    again = parse_module(ctx, text, "<roundtrip>")
    assert str(again) == text
    assert again.is_structurally_equivalent(module)
    return text


def test_framework_ops(ctx):
    def build(len_):
        pipe = A.PipeOp()
        q = A.QueueOp(A.TPosition.VECIN, 2)
        qb = A.QueBindOp(A.TPosition.VECIN, A.TPosition.VECOUT, 1)
        tb = A.TBufOp(A.TPosition.VECCALC)
        pool = A.TBufPoolOp(A.TPosition.VECIN, 4)
        init_q = A.InitQueueOp(pipe.pipe, q.result, len_, len_)
        init_b = A.InitBufferOp(pipe.pipe, tb.result, len_)
        alloc_id = A.AllocEventIdOp(pipe.pipe, A.HardEvent.MTE2_V)
        fetch_id = A.FetchEventIdOp(pipe.pipe, A.HardEvent.V_S, i8)
        release = A.ReleaseEventIdOp(pipe.pipe, alloc_id.event_id, A.HardEvent.MTE2_V)
        t = A.AllocTensorOp(q.result, T)
        enq = A.EnqueTensorOp(q.result, t.tensor)
        deq = A.DequeTensorOp(q.result, T)
        free = A.FreeTensorOp(q.result, deq.tensor)
        get = A.GetTensorOp(tb.result, T)
        get_n = A.GetTensorOp(tb.result, T, len_)
        get_off = A.GetWithOffsetOp(tb.result, len_, len_, H)
        members = [A.PipeInitOp(pipe.pipe), A.PipeResetOp(pipe.pipe), A.PipeDestroyOp(pipe.pipe)]
        ptr = A.GetTPipePtrOp()
        return [pipe, q, qb, tb, pool, init_q, init_b, alloc_id, fetch_id, release, t, enq,
                deq, free, get, get_n, get_off, *members, ptr]

    text = _roundtrip(ctx, _module([i32], build))
    assert "%3 = ascendc.queue : <vecin, 2>" not in text  # values are renumbered per module
    assert "ascendc.queue : <vecin, 2>" in text
    assert "ascendc.que_bind : <vecin, vecout, 1>" in text
    assert "ascendc.pipe.alloc_event_id %1, mte2_v : i32" in text
    assert "ascendc.pipe.release_event_id %1, %6 {event = 4 : i32} : !ascendc.pipe, i32" in text


def test_tensor_ops(ctx):
    def build(x, n, idx, hw, u):
        g = A.GlobalTensorOp(G)
        sgb = A.SetGlobalBufferOp(g.tensor, x, n)
        sub = A.GlobalSubIndexOp(g.tensor, idx)
        gv = A.GlobalGetValueOp(sub.result, n)
        sv = A.GlobalSetValueOp(sub.result, n, gv.value)
        lt = A.LocalTensorOp(T)
        lsub = A.LocalSubIndexOp(lt.tensor, idx)
        lv = A.LocalGetValueOp(lt.tensor, u)
        lsv = A.LocalSetValueOp(lsub.result, u, lv.value)
        v2 = A.LocalTensorV2Op(A.TPosition.VECIN, u, u, A.LocalTensorType(f32, None))
        rc = A.ReinterpretCastOp(v2.result, A.LocalTensorType(i32, None))
        alloc = A.LocalMemAllocatorOp(hw, A.LocalMemAllocatorType(A.Hardware.UB))
        a1 = A.AllocatorAllocOp(alloc.allocator, A.TPosition.VECIN, n, A.LocalTensorType(f32, None))
        a2 = A.AllocatorAllocDynamicOp(alloc.allocator, A.TPosition.VECOUT, n, A.LocalTensorType(f16, None))
        cur = A.AllocatorGetCurAddrOp(alloc.allocator, ui32)
        auto = A.LocalTensorAutoOp(A.LocalTensorType(f32, [64]), input=True)
        dyn = A.LocalTensorAutoOp(A.LocalTensorType(f32, [4, -1]), [hw], output=True)
        return [g, sgb, sub, gv, sv, lt, lsub, lv, lsv, v2, rc, alloc, a1, a2, cur, auto, dyn]

    from xdsl.dialects.builtin import IndexType

    text = _roundtrip(ctx, _module([gm_pointer_type(f32), i32, IndexType(), i64, ui32], build))
    assert "ascendc.local_tensor_v2 vecin, %4, %4 : !ascendc.local_tensor<*xf32>" in text
    assert "ascendc.local_tensor_auto() input : <64xf32>" in text
    assert "ascendc.local_tensor_auto(%3) output : <4x?xf32>" in text
    assert "ascendc.local_mem_allocator.alloc %" in text and ", vecin, %1, f32 :" in text


def test_vector_and_sync_ops(ctx):
    def build(d, a, n, m, s, flag):
        bp = A.ConstructOp(A.BinaryRepeatParamsType())
        up = A.ConstructOp(A.UnaryRepeatParamsType(), [n, n, n, n])
        cp = A.ConstructOp(A.DataCopyParamsType(), [n, n, n, n])
        return [
            bp, up, cp,
            A.AddL2Op(d, a, a, n),
            A.SubL0Op(d, a, a, n, n, bp.result),
            A.MulL1Op(d, a, a, [m, m], n, bp.result, is_set_mask=False),
            A.DivL3Op(d, a, a),
            A.ExpL2Op(d, a, n),
            A.AbsL0Op(d, a, n, n, up.result),
            A.AddsL2Op(d, a, s, n),
            A.LeakyReluL0Op(d, a, s, n, n, up.result),
            A.DuplicateL2Op(d, s, n),
            A.DuplicateL0Op(d, s, n, n, n, n),
            A.ReduceSumL2Op(d, a, a, n),
            A.ReduceMaxL2Op(d, a, a, n, flag),
            A.CastL2Op(d, a, A.RoundMode.CAST_RINT, n),
            A.SetFlagOp(A.HardEvent.MTE2_V, n),
            A.WaitFlagOp(A.HardEvent.MTE2_V, n),
            A.PipeBarrierOp(A.Pipe.PIPE_V),
            A.GetBlockIdxOp(),
            A.GetBlockNumOp(i64),
            A.GetSubBlockIdxOp(),
            A.PrintfOp("n=%d", [n]),
            A.DumpTensorOp(d, n, n),
        ]

    text = _roundtrip(ctx, _module([T, T, i32, ui64, f32, i1], build))
    assert "ascendc.mul_l1 %0, %1, %1, %3, %3, %2, %6 : " in text
    assert "ascendc.sub_l0 %0, %1, %1, %2, %2, %6 {isSetMask} : " in text
    assert "ascendc.cast_l2 %0, %1, %2 {roundMode = 1 : i32} : " in text
    assert 'ascendc.printf %2 {desc = "n=%d"} : i32' in text
    assert "ascendc.pipe_barrier pipe_v" in text


def test_data_copy_ops(ctx):
    def build(l, g, n):
        cp = A.ConstructOp(A.DataCopyParamsType(), [n, n, n, n])
        pad = A.ConstructOp(A.DataCopyPadParamsType())
        return [
            cp, pad,
            A.DataCopyL2Op(l, g, n),
            A.DataCopyL0Op(g, l, cp.result),
            A.DataCopyPadL0Op(l, g, cp.result, pad.result),
            A.DataCopyPadL2Op(g, l, cp.result),
        ]

    text = _roundtrip(ctx, _module([T, G, i32], build))
    assert "ascendc.data_copy_l2 %0, %1, %2 : " in text
    assert "ascendc.data_copy_pad_l0 %0, %1, %3, %4 : " in text


def test_printer_output_is_pyasc_syntax():
    """The generic form keeps enum properties as i32 integers, as pyasc's does."""
    import io

    op = A.SetFlagOp(A.HardEvent.V_MTE3, A.GetBlockIdxOp().value)
    s = io.StringIO()
    Printer(stream=s, print_generic_format=True).print_op(op)
    assert '"ascendc.set_flag"(%0) <{event = 7 : i32}> : (i32) -> ()' in s.getvalue()
