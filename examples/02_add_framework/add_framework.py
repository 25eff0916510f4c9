"""z = x + y on 8 cores with the TPipe / TQue framework (synchronization from the queues).

pyasc's tutorial 02 in ascdsl. The kernel splits each tile's work into three jit
sub-functions that talk through queues:

    copy_in:  alloc_tensor -> data_copy GM->UB -> enque          (queues in_queue_x, in_queue_y)
    compute:  deque x, y -> alloc z -> add -> enque z -> free x, y
    copy_out: deque z -> data_copy UB->GM -> free z              (queue out_queue_z)

Queues of depth BUFFER_NUM = 2 double-buffer the tiles; enque/deque imply the events between
the pipes, so the kernel writes no set_flag/wait_flag. The sub-functions become func.calls
that the pass pipeline inlines.

Run it: `python examples/02_add_framework/add_framework.py` (exit status 0 when z == x + y).
Uses torch tensors when torch is installed, numpy arrays otherwise.
"""

import sys

import numpy as np

import ascdsl as asc

BUFFER_NUM = 2  # two tiles in flight per queue
USE_CORE_NUM = 8
TILE_NUM = 8


@asc.jit
def vadd_kernel(x: asc.GlobalAddress, y: asc.GlobalAddress, z: asc.GlobalAddress, block_length: int,
                tile_length: asc.ConstExpr[int]):
    offset = asc.get_block_idx() * block_length
    x_gm = asc.GlobalTensor()
    y_gm = asc.GlobalTensor()
    z_gm = asc.GlobalTensor()
    x_gm.set_global_buffer(x + offset)
    y_gm.set_global_buffer(y + offset)
    z_gm.set_global_buffer(z + offset)

    pipe = asc.TPipe()
    in_queue_x = asc.TQue(asc.TPosition.VECIN, BUFFER_NUM)
    in_queue_y = asc.TQue(asc.TPosition.VECIN, BUFFER_NUM)
    out_queue_z = asc.TQue(asc.TPosition.VECOUT, BUFFER_NUM)
    pipe.init_buffer(in_queue_x, BUFFER_NUM, tile_length * x.dtype.sizeof())
    pipe.init_buffer(in_queue_y, BUFFER_NUM, tile_length * y.dtype.sizeof())
    pipe.init_buffer(out_queue_z, BUFFER_NUM, tile_length * z.dtype.sizeof())

    for i in range(TILE_NUM * BUFFER_NUM):
        copy_in(i, x_gm, y_gm, in_queue_x, in_queue_y, tile_length)
        compute(z_gm, in_queue_x, in_queue_y, out_queue_z, tile_length)
        copy_out(i, z_gm, out_queue_z, tile_length)


@asc.jit
def copy_in(i: int, x_gm: asc.GlobalTensor, y_gm: asc.GlobalTensor, in_queue_x: asc.TQue,
            in_queue_y: asc.TQue, tile_length: asc.ConstExpr[int]):
    x_local = in_queue_x.alloc_tensor(x_gm.dtype)
    y_local = in_queue_y.alloc_tensor(y_gm.dtype)
    asc.data_copy(x_local, x_gm[i * tile_length:], tile_length)
    asc.data_copy(y_local, y_gm[i * tile_length:], tile_length)
    in_queue_x.enque(x_local)
    in_queue_y.enque(y_local)


@asc.jit
def compute(z_gm: asc.GlobalTensor, in_queue_x: asc.TQue, in_queue_y: asc.TQue, out_queue_z: asc.TQue,
            tile_length: asc.ConstExpr[int]):
    # z_gm is passed for its dtype.
    x_local = in_queue_x.deque(z_gm.dtype)
    y_local = in_queue_y.deque(z_gm.dtype)
    z_local = out_queue_z.alloc_tensor(z_gm.dtype)
    asc.add(z_local, x_local, y_local, tile_length)
    out_queue_z.enque(z_local)
    in_queue_x.free_tensor(x_local)
    in_queue_y.free_tensor(y_local)


@asc.jit
def copy_out(i: int, z_gm: asc.GlobalTensor, out_queue_z: asc.TQue, tile_length: asc.ConstExpr[int]):
    z_local = out_queue_z.deque(z_gm.dtype)
    asc.data_copy(z_gm[i * tile_length:], z_local, tile_length)
    out_queue_z.free_tensor(z_local)


def tiling(total_length: int):
    """(block_length, tile_length) for USE_CORE_NUM cores and TILE_NUM * BUFFER_NUM tiles."""
    block_length = (total_length + USE_CORE_NUM - 1) // USE_CORE_NUM
    return block_length, block_length // TILE_NUM // BUFFER_NUM


def vadd_launch(x, y):
    """z = x + y computed by the kernel (x, y: torch CPU tensors or numpy arrays)."""
    z = x.new_zeros(x.shape) if hasattr(x, "new_zeros") else np.zeros_like(x)
    block_length, tile_length = tiling(z.numel() if hasattr(z, "numel") else z.size)
    report = vadd_kernel[USE_CORE_NUM](x, y, z, block_length, tile_length)
    return z, report


def main() -> int:
    size = USE_CORE_NUM * 2048
    try:
        import torch

        torch.manual_seed(0)
        x = torch.rand(size, dtype=torch.float32)
        y = torch.rand(size, dtype=torch.float32)
        expected = x + y
        close = lambda z: bool(torch.allclose(z, expected))  # noqa: E731
    except ImportError:
        rng = np.random.default_rng(0)
        x = rng.random(size, dtype=np.float32)
        y = rng.random(size, dtype=np.float32)
        expected = x + y
        close = lambda z: bool(np.allclose(z, expected))  # noqa: E731
    try:
        z, report = vadd_launch(x, y)
    except asc.SimulationError as e:  # a race, a deadlock, ... found by the simulator
        print(f"[ERROR] {e}", file=sys.stderr)
        return 1
    if not close(z):
        print("[ERROR] add_framework: the result differs from x + y", file=sys.stderr)
        return 1
    print(f"[INFO] add_framework: {size} elements on {USE_CORE_NUM} cores match x + y")
    if report is not None:
        print(report)
    return 0


if __name__ == "__main__":
    sys.exit(main())
