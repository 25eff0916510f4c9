"""lower-asc-cube on the simulator: boxes of L1 tiles copied to L0A / L0B in both LoadData
forms (one instruction per row block of fractals, or per column block with a dstGap), f16 and
bf16, `matmul` and `matmul_acc` in nested loops, against numpy, with the sanitizer raising."""

from __future__ import annotations

import numpy as np
import pytest

import ascdsl as asc
from ascdsl import tile as asc2
from ascdsl.dialects.asc import TileLocation, TileType
from ascdsl.transforms.cube_plan import tile_bytes

L1, L0A, L0B = asc2.TileLocation.L1, asc2.TileLocation.L0A, asc2.TileLocation.L0B


@asc2.jit
def box_matmul(a_ptr: asc.GlobalAddress, b_ptr: asc.GlobalAddress, c_ptr: asc.GlobalAddress,
               m: asc.ConstExpr[int], k: asc.ConstExpr[int], n: asc.ConstExpr[int],
               bm: asc.ConstExpr[int], bk: asc.ConstExpr[int], bn: asc.ConstExpr[int],
               r0: asc.ConstExpr[int], k0: asc.ConstExpr[int], q0: asc.ConstExpr[int]):
    a_gm = asc2.tensor(a_ptr, [m, k])
    b_gm = asc2.tensor(b_ptr, [k, n])
    c_gm = asc2.tensor(c_ptr, [bm, bn])
    a_l1 = asc2.load(a_gm, [m, k], offsets=[0, 0], location=L1)
    b_l1 = asc2.load(b_gm, [k, n], offsets=[0, 0], location=L1)
    a0 = asc2.copy(a_l1, [bm, bk], offsets=[r0, k0], location=L0A)
    b0 = asc2.copy(b_l1, [bk, bn], offsets=[k0, q0], location=L0B)
    asc2.store(asc2.matmul(a0, b0), c_gm, offsets=[0, 0])


def _rand(shape, dtype, rng):
    import torch

    return torch.from_numpy(rng.uniform(-1, 1, shape).astype(np.float32)).to(dtype)


@pytest.mark.parametrize(
    "m, k, n, bm, bk, bn, r0, k0, q0",
    [
        (64, 64, 64, 32, 64, 16, 16, 0, 32),  # A by row blocks, B by column blocks (dstGap)
        (128, 64, 64, 128, 32, 64, 0, 32, 0),  # A by column blocks (dstGap), B by row blocks
        (32, 96, 48, 16, 48, 48, 16, 32, 0),  # one row block of A, odd fractal counts
    ],
)
@pytest.mark.parametrize("dtype", ["float16", "bfloat16"])
def test_boxes_of_l1_tiles_multiply_as_numpy(m, k, n, bm, bk, bn, r0, k0, q0, dtype):
    torch = pytest.importorskip("torch", reason="bf16 arrays come from torch")
    rng = np.random.default_rng(7)
    tdt = getattr(torch, dtype)
    a, b = _rand((m, k), tdt, rng), _rand((k, n), tdt, rng)
    c = torch.zeros((bm, bn), dtype=torch.float32)
    report = box_matmul[1](a, b, c, m, k, n, bm, bk, bn, r0, k0, q0)
    ref = a.float()[r0:r0 + bm, k0:k0 + bk] @ b.float()[k0:k0 + bk, q0:q0 + bn]
    torch.testing.assert_close(c, ref, rtol=1e-4, atol=1e-4)
    assert report.findings == []


@asc2.jit
def batched_acc(a_ptr: asc.GlobalAddress, b_ptr: asc.GlobalAddress, c_ptr: asc.GlobalAddress,
                batches: int, m: asc.ConstExpr[int], k: asc.ConstExpr[int],
                n: asc.ConstExpr[int], bk: asc.ConstExpr[int]):
    """C[j] = A[j] @ B for each batch j (a runtime count), K in steps of bk: the accumulator is
    made in the outer loop and the accumulate flag threads through the inner one."""
    a_gm = asc2.tensor(a_ptr, [batches * m, k])
    b_gm = asc2.tensor(b_ptr, [k, n])
    c_gm = asc2.tensor(c_ptr, [batches * m, n])
    b_l1 = asc2.load(b_gm, [k, n], offsets=[0, 0], location=L1)
    for j in range(batches):
        acc = asc2.zeros_acc([m, n], dtype=asc.float32)
        a_l1 = asc2.load(a_gm, [m, k], offsets=[j * m, 0], location=L1)
        for t in range(k // bk, unroll_factor=3, parallel=True):
            a_t = asc2.copy(a_l1, [m, bk], offsets=[0, t * bk], location=L0A)
            b_t = asc2.copy(b_l1, [bk, n], offsets=[t * bk, 0], location=L0B)
            asc2.matmul_acc(a_t, b_t, acc)
        asc2.store(acc, c_gm, offsets=[j * m, 0])


@pytest.mark.parametrize("k_steps", [1, 2, 4, 5])
def test_accumulators_in_nested_loops_with_remainders(k_steps):
    """unroll_factor=3 over 1, 2, 4, 5 K steps: an empty main loop, a main loop without and
    with a remainder; three batches reuse the accumulator's L0C bytes."""
    rng = np.random.default_rng(3)
    m, n, bk, batches = 32, 64, 32, 3
    k = bk * k_steps
    a = rng.uniform(-1, 1, (batches * m, k)).astype(np.float16)
    b = rng.uniform(-1, 1, (k, n)).astype(np.float16)
    c = np.zeros((batches * m, n), np.float32)
    report = batched_acc[1](a, b, c, batches, m, k, n, bk)
    ref = np.concatenate([a[j * m:(j + 1) * m].astype(np.float32) @ b.astype(np.float32)
                          for j in range(batches)])
    np.testing.assert_allclose(c, ref, rtol=1e-4, atol=1e-3)
    assert report.findings == []


def test_the_module_records_the_cube_memory_it_uses():
    a, b = np.zeros((64, 64), np.float16), np.zeros((64, 64), np.float16)
    c = np.zeros((32, 16), np.float32)
    ck = box_matmul.compile(a, b, c, 64, 64, 64, 32, 64, 16, 16, 0, 32)
    used = {k: v.value.data for k, v in ck.module.attributes["asc.memory_consumed"].data.items()}
    # L1: both 64 x 64 f16 tiles; L0A 32 x 64, L0B 64 x 16 f16; L0C 32 x 16 f32.
    assert used == {"L1": 16384, "L0A": 4096, "L0B": 2048, "L0C": 2048}


def test_tiles_take_whole_fractals():
    from xdsl.dialects.builtin import f16, f32

    assert tile_bytes(TileType([16, 16], f32, TileLocation.L0C)) == 1024
    assert tile_bytes(TileType([16, 16], f16, TileLocation.L0A)) == 512
    assert tile_bytes(TileType([16, 48], f16, TileLocation.L1)) == 1536


def _addresses(module, position) -> list[int]:
    """Byte addresses of the kernel's static tensors at `position` (the JIT hoists them)."""
    import ascdsl.dialects.ascendc as A
    from ascdsl.dialects.ascendc import const_int

    return [const_int(op.addr.owner.inputs[0]) for op in module.walk()
            if isinstance(op, A.LocalTensorV2Op) and A.TPosition(op.enum_value("pos")) is position]


def test_unrolled_parallel_k_loops_get_ping_pong_l0_buffers():
    """asc2's matmul (unroll_factor=2, parallel): the two copies of the body load L0A / L0B at
    different addresses, so copy 2's LoadData overlaps copy 1's Mmad; without room for two
    (one K step of B fills L0B), both copies share one buffer."""
    import asc2_kernels as K

    a, b = np.zeros((64, 128), np.float16), np.zeros((128, 256), np.float16)
    c = np.zeros((64, 256), np.float32)
    from ascdsl.dialects.ascendc import TPosition

    two = K.matmul_kernel.compile(a, b, c, (64, 128), (128, 256), (64, 256), 2).module
    assert sorted(_addresses(two, TPosition.A2)) == [0, 8192]
    assert sorted(_addresses(two, TPosition.B2)) == [0, 32768]
    a, b = np.zeros((64, 256), np.float16), np.zeros((256, 256), np.float16)
    wide = K.matmul_kernel.compile(a, b, c, (64, 256), (256, 256), (64, 256), 2).module
    assert sorted(_addresses(wide, TPosition.A2)) == [0, 16384]
    assert _addresses(wide, TPosition.B2) == [0, 0]  # 64 KB each: L0B holds one


def test_tbuf_buffers_are_the_other_choice():
    from ascdsl.context import make_context
    from ascdsl.diagnostics import parse_module
    from ascdsl.transforms.lower_asc_cube import LowerAscCubePass
    import ascdsl.dialects.ascendc as A

    text = """
func.func @k(%a_ptr: memref<?xf16, 22>, %c_ptr: memref<?xf32, 22>) {
  %a = asc.tensor %a_ptr() : memref<?xf16, 22> -> !asc.tensor<32x32xf16>
  %c = asc.tensor %c_ptr() : memref<?xf32, 22> -> !asc.tensor<32x32xf32>
  %z = arith.constant 0 : i32
  %l1 = asc.load %a[%z, %z] : !asc.tensor<32x32xf16> -> !asc.tile<32x32xf16, L1>
  %x = asc.copy %l1[%z, %z] : !asc.tile<32x32xf16, L1> -> !asc.tile<32x32xf16, L0A>
  %y = asc.copy %l1[%z, %z] : !asc.tile<32x32xf16, L1> -> !asc.tile<32x32xf16, L0B>
  %r = asc.matmul %x, %y : !asc.tile<32x32xf16, L0A>, !asc.tile<32x32xf16, L0B> -> !asc.tile<32x32xf32, L0C>
  asc.store %r, %c[%z, %z] : !asc.tile<32x32xf32, L0C>, !asc.tensor<32x32xf32>
  func.return
}"""
    ctx = make_context()
    module = parse_module(ctx, text, "<k>")
    LowerAscCubePass(buffers="tbuf").apply(ctx, module)
    tbufs = [op for op in module.walk() if isinstance(op, A.TBufOp)]
    assert len(tbufs) == 4
    assert not any(isinstance(op, A.LocalTensorV2Op) for op in module.walk())
