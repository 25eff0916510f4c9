"""asc2 kernels as pyasc's own tests write them (python/test/asc2/kernels/ of the pyasc fork),
ported by changing the imports: `import ascdsl as asc`, `from ascdsl import tile as asc2`."""

from __future__ import annotations

import importlib.util
from pathlib import Path

import ascdsl as asc
from ascdsl import tile as asc2


def _example(relative: str):
    path = Path(__file__).resolve().parents[3] / "examples" / relative
    spec = importlib.util.spec_from_file_location(path.stem, path)
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


@asc2.jit(always_compile=True)
def vadd_kernel(x_ptr: asc.GlobalAddress, y_ptr: asc.GlobalAddress, out_ptr: asc.GlobalAddress,
                size: int, tile_size: asc.ConstExpr[int], tile_per_block: asc.ConstExpr[int]):
    x_gm = asc2.tensor(x_ptr, [size])
    y_gm = asc2.tensor(y_ptr, [size])
    out_gm = asc2.tensor(out_ptr, [size])
    base_offset = asc2.block_idx() * tile_size * tile_per_block
    for i in range(tile_per_block):
        tile_offset = base_offset + i * tile_size
        x = asc2.load(x_gm, [tile_size], offsets=[tile_offset])
        y = asc2.load(y_gm, [tile_size], offsets=[tile_offset])
        out = x + y
        asc2.store(out, out_gm, offsets=[tile_offset])


@asc2.jit(always_compile=True, vf_fusion=True)
def vmuladd_kernel(x_ptr: asc.GlobalAddress, y_ptr: asc.GlobalAddress, z_ptr: asc.GlobalAddress,
                   out_ptr: asc.GlobalAddress, size: int, tile_size: asc.ConstExpr[int],
                   tile_per_block: asc.ConstExpr[int], buffer_factor: asc.ConstExpr[int]):
    x_gm = asc2.tensor(x_ptr, [size])
    y_gm = asc2.tensor(y_ptr, [size])
    z_gm = asc2.tensor(z_ptr, [size])
    out_gm = asc2.tensor(out_ptr, [size])
    base_offset = asc2.block_idx() * tile_size * tile_per_block
    for i in range(tile_per_block, unroll_factor=buffer_factor, parallel=True):
        tile_offset = base_offset + i * tile_size
        x = asc2.load(x_gm, [tile_size], offsets=[tile_offset])
        y = asc2.load(y_gm, [tile_size], offsets=[tile_offset])
        z = asc2.load(z_gm, [tile_size], offsets=[tile_offset])
        out = x * y + z
        asc2.store(out, out_gm, offsets=[tile_offset])


@asc2.jit(always_compile=True)
def leaky_relu_kernel(x_ptr: asc.GlobalAddress, alpha: float, out_ptr: asc.GlobalAddress,
                      size: int, tile_size: asc.ConstExpr[int], tile_per_block: asc.ConstExpr[int]):
    x_gm = asc2.tensor(x_ptr, [size])
    out_gm = asc2.tensor(out_ptr, [size])
    base_offset = asc2.block_idx() * tile_size * tile_per_block
    for i in range(tile_per_block, unroll_factor=2, parallel=True):
        tile_offset = base_offset + i * tile_size
        x = asc2.load(x_gm, [tile_size], offsets=[tile_offset])
        out = asc2.where(x >= 0, x, x * alpha)
        asc2.store(out, out_gm, offsets=[tile_offset])


# gelu and the row softmax are examples 09 and 08, asc2's kernels as they are.
gelu_kernel = _example("09_tile_gelu/tile_gelu.py").gelu_kernel
softmax_kernel = _example("08_tile_softmax/tile_softmax.py").softmax_kernel


@asc2.jit(always_compile=True)
def softmax_fused_kernel(x_ptr: asc.GlobalAddress, out_ptr: asc.GlobalAddress, num_rows: int,
                         num_cols: asc.ConstExpr[int], block_size: asc.ConstExpr[int]):
    x_gm = asc2.tensor(x_ptr, [num_rows, num_cols])
    out_gm = asc2.tensor(out_ptr, [num_rows, num_cols])
    start_rows = asc2.block_idx() * block_size
    rows = asc2.load(x_gm, [block_size, num_cols], offsets=[start_rows, 0])
    out = asc2.softmax(rows)
    asc2.store(out, out_gm, offsets=[start_rows, 0])


@asc2.jit(always_compile=True)
def matmul_kernel(a_ptr: asc.GlobalAddress, b_ptr: asc.GlobalAddress, c_ptr: asc.GlobalAddress,
                  a_shape: asc.ConstExpr, b_shape: asc.ConstExpr, c_shape: asc.ConstExpr,
                  k_tiles: asc.ConstExpr):
    a_gm = asc2.tensor(a_ptr, a_shape)
    b_gm = asc2.tensor(b_ptr, b_shape)
    c_gm = asc2.tensor(c_ptr, c_shape)
    acc = asc2.zeros_acc(c_shape, dtype=asc.float32)
    k_offset = a_shape[1] // k_tiles
    a_l1 = asc2.load(a_gm, a_shape, offsets=[0, 0], location=asc2.TileLocation.L1)
    b_l1 = asc2.load(b_gm, b_shape, offsets=[0, 0], location=asc2.TileLocation.L1)
    for i in range(k_tiles, unroll_factor=2, parallel=True):
        a_i = asc2.copy(a_l1, [a_shape[0], k_offset], offsets=[0, i * k_offset],
                        location=asc2.TileLocation.L0A)
        b_i = asc2.copy(b_l1, [k_offset, b_shape[1]], offsets=[i * k_offset, 0],
                        location=asc2.TileLocation.L0B)
        asc2.matmul_acc(a_i, b_i, acc)
    asc2.store(acc, c_gm, offsets=[0, 0])
