"""The frontend writes the IR pyasc's frontend writes (its codegen.mlir), construct by construct:
numbers, casts between signedness, the order of called functions, GlobalTensor declarations,
parameter structs' cast lists. tests/pyasc/test_frontend_ir_ratchet.py checks whole kernels
against pyasc itself; these pin each rule and that the kernels still compute the same."""

from __future__ import annotations

import numpy as np
from frontend_helpers import codegen
from xdsl.dialects import arith, func, scf

import ascdsl as asc
from ascdsl.dialects import ascendc, emitc

I32 = np.int32(3)


def _ops(ck, cls):
    return [op for op in ck.module.walk() if isinstance(op, cls)]


def test_every_use_of_a_number_is_a_constant_of_its_own():
    @asc.jit
    def k(x: asc.GlobalAddress, n: int):
        g = asc.GlobalTensor()
        g.set_global_buffer(x)
        g.set_value(2, n * 2)
        for i in range(2):
            g.set_value(i, n * 2)

    ck = codegen(k, np.zeros(4, np.int32), I32)
    twos = [op for op in [*_ops(ck, arith.ConstantOp), *_ops(ck, emitc.ConstantOp)]
            if op.value.value.data == 2]
    # `2` as an index (a ui64, as pyasc's GlobalTensor.set_value), as a factor, the loop bound
    # and the factor in the loop: four constants,
    # the one in the loop inside it (pyasc does not reuse constants; canonicalize merges them)
    assert len(twos) == 4
    (loop,) = _ops(ck, scf.ForOp)
    assert sum(op.parent_op() is loop for op in twos) == 1


def test_unsigned_numbers_are_emitc_constants_and_signedness_changes_emitc_casts():
    @asc.jit
    def k(n: int):
        t = asc.LocalTensor(asc.float32, asc.TPosition.VECIN, 64, n)
        asc.printf("%d", t.get_length())

    ck = codegen(k, I32)
    (v2,) = _ops(ck, ascendc.LocalTensorV2Op)
    addr, size = v2.addr.owner, v2.tile_size.owner
    assert isinstance(addr, emitc.ConstantOp) and str(addr.value) == "64 : ui32"
    assert isinstance(size, emitc.CastOp) and size.source is ck.module.body.block.last_op \
        .body.block.args[0]
    assert "builtin.unrealized_conversion_cast" not in ck.ir


def test_a_signedness_change_is_one_c_cast_and_computes_as_c_does():
    @asc.jit
    def k(x: asc.GlobalAddress, y: asc.GlobalAddress, n: int):
        gx = asc.GlobalTensor()
        gx.set_global_buffer(x)
        gy = asc.GlobalTensor()
        gy.set_global_buffer(y)
        gx.set_value(0, n)  # int32 -> uint64: sign extension, then modulo 2^64
        gy.set_value(0, gx.get_value(0))  # uint64 -> int32: modulo 2^32

    ck = codegen(k, np.zeros(1, np.uint64), np.zeros(1, np.int32), np.int32(-3))
    casts = _ops(ck, emitc.CastOp)
    assert [(str(c.source.type), str(c.dest.type)) for c in casts] == [
        ("i32", "ui64"), ("ui64", "i32")]
    assert not _ops(ck, arith.ExtSIOp) and not _ops(ck, arith.TruncIOp)
    x, y = np.zeros(1, np.uint64), np.zeros(1, np.int32)
    k[1](x, y, np.int32(-3))
    assert x[0] == np.uint64(2**64 - 3) and y[0] == -3


def test_called_functions_come_first_public_the_last_called_on_top():
    @asc.jit
    def inner(v: int):
        return v + 1

    @asc.jit
    def outer(v: int):
        return inner(v) * 2

    @asc.jit
    def last(v: int):
        return v - 1

    @asc.jit
    def k(n: int):
        asc.printf("%d %d", outer(n), last(n))

    ck = codegen(k, I32)
    funcs = list(ck.module.body.block.ops)
    assert [f.sym_name.data for f in funcs] == ["last", "inner", "outer", "k"]
    assert all(f.sym_visibility is None for f in funcs)
    assert [c.callee.string_value() for c in _ops(ck, func.CallOp)] == ["inner", "outer", "last"]
    full = k.compile(I32, always_compile=True)  # the pipeline privatizes and inlines them
    assert [f.sym_name.data for f in full.module.body.block.ops
            if isinstance(f, func.FuncOp)] == ["k"]


def test_a_global_tensor_is_declared_where_it_is_bound():
    @asc.jit
    def k(x: asc.GlobalAddress, n: int):
        a = asc.GlobalTensor()
        b = asc.GlobalTensor()
        a.set_global_buffer(x + n, n)
        b.set_global_buffer(x)
        if n > 1:
            late = asc.GlobalTensor()
            late.set_global_buffer(x)
            late.set_value(0, 1)
        a.set_value(0, 2)
        b.set_value(0, 3)

    ck = codegen(k, np.zeros(8, np.int32), I32)
    body = ck.module.body.block.last_op.body.block
    names = [op.name for op in body.ops][:8]
    assert names == [
        "arith.index_cast", "emitasc.ptr_offset", "ascendc.global_tensor",
        "ascendc.global_tensor.set_global_buffer",
        "ascendc.global_tensor", "ascendc.global_tensor.set_global_buffer",
        "arith.constant", "arith.cmpi",
    ]


def test_a_tensor_bound_inside_an_if_is_declared_before_it():
    @asc.jit
    def k(x: asc.GlobalAddress, n: int):
        g = asc.GlobalTensor()
        if n > 1:
            g.set_global_buffer(x)
        else:
            g.set_global_buffer(x + 1)
        g.set_value(0, n)

    ck = codegen(k, np.zeros(8, np.int32), I32)
    (decl,) = _ops(ck, ascendc.GlobalTensorOp)
    (branch,) = _ops(ck, scf.IfOp)
    assert decl.parent_block() is branch.parent_block()
    data = np.zeros(8, np.int32)
    k[1](data, I32)
    assert data[0] == 3


def test_parameter_structs_list_their_field_types():
    @asc.jit
    def k(n: int):
        b = asc.BinaryRepeatParams(1, 1, 1, 8, 8, n)
        u = asc.UnaryRepeatParams()
        p = asc.DataCopyPadParams()
        asc.printf("%d", n)

    ck = codegen(k, I32)
    by_struct = {op.result.type.name: op.types for op in _ops(ck, ascendc.ConstructOp)}
    assert str(by_struct["ascendc.binary_repeat_params"]) == "[ui8, ui8, ui8, ui8, ui8, ui8]"
    assert str(by_struct["ascendc.unary_repeat_params"]) == "[ui16, ui16, ui8, ui8]"
    # pyasc's list, ui16 for the header's uint8_t paddings (the source casts to the field's
    # type: tests/unit/targets/test_construct_casts.py)
    assert str(by_struct["ascendc.data_copy_pad_params"]) == "[i1, ui16, ui16, ui64]"


def test_ceildiv_is_one_ceildivsi_and_rounds_up():
    # pyasc's PlainValue.ceildiv is `arith.ceildivsi` (its matmul tiling helpers use it);
    # unsigned operands get ceildivui, the op that means what the method says for them
    @asc.jit
    def k(x: asc.GlobalAddress, n: int, d: int):
        g = asc.GlobalTensor()
        g.set_global_buffer(x)
        g.set_value(0, n.ceildiv(d))
        g.set_value(1, (n * -1).ceildiv(d))
        g.set_value(2, n.cast(asc.uint32).ceildiv(3).cast(asc.int32))

    ck = codegen(k, np.zeros(4, np.int32), np.int32(7), np.int32(2))
    assert len(_ops(ck, arith.CeilDivSIOp)) == 2 and len(_ops(ck, arith.CeilDivUIOp)) == 1
    assert not _ops(ck, arith.DivSIOp)
    out = np.zeros(4, np.int32)
    k[1](out, np.int32(7), np.int32(2))
    assert out.tolist() == [4, -3, 3, 0]


def test_pointers_read_back_from_a_tensor_are_unranked_and_still_usable():
    # pyasc types get_phy_addr's pointer memref<*xT, 22> (a kernel argument is memref<?xT, 22>)
    @asc.jit
    def k(x: asc.GlobalAddress, y: asc.GlobalAddress):
        gx = asc.GlobalTensor()
        gx.set_global_buffer(x, 64)
        g2 = asc.GlobalTensor()
        g2.set_global_buffer(gx.get_phy_addr(8) + 4, 16)
        gy = asc.GlobalTensor()
        gy.set_global_buffer(y, 64)
        gy.set_value(0, g2.get_value(3))

    x, y = np.arange(64, dtype=np.float32), np.zeros(64, np.float32)
    ck = codegen(k, x, y)
    (phy,) = _ops(ck, ascendc.GlobalGetPhyAddrOp)
    assert str(phy.results[0].type) == "memref<*xf32, 22>"
    assert "__gm__ float* v5 = const_cast<__gm__ float*>(v3.GetPhyAddr(v4));" in \
        k.compile(x, y, always_compile=True).ascendc()
    k[1](x, y)
    assert y[0] == 15.0
