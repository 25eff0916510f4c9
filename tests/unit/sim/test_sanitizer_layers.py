"""The sanitizer's third layer: which layer a race belongs to, in its message and `layer`."""

import numpy as np
import pytest

from ascdsl.loading import parse
from ascdsl.sim.errors import RaceError
from ascdsl.sim.kernel import SimKernel

T = "!ascendc.local_tensor<64xf32>"
G = "!ascendc.global_tensor<*xf32>"

HEAD = f"""func.func @k(%x: memref<?xf32, 22>, %z: memref<?xf32, 22>) attributes {{ascendc.global{{ATTR}}}} {{
  %gx = ascendc.global_tensor : {G}
  ascendc.global_tensor.set_global_buffer %gx, %x : {G}, memref<?xf32, 22>
  %gz = ascendc.global_tensor : {G}
  ascendc.global_tensor.set_global_buffer %gz, %z : {G}, memref<?xf32, 22>
  %pipe = ascendc.pipe
  %n = arith.constant 64 : i32
  %len = arith.constant 256 : i64
  %buf = ascendc.tbuf : <veccalc>
  ascendc.pipe.init_buffer %pipe, %buf, %len : !ascendc.tbuf<veccalc>, i64
  %t = ascendc.tbuf.get_tensor %buf : !ascendc.tbuf<veccalc>, {T}
  %q = ascendc.queue : <vecin, 1>
  %one = arith.constant 1 : i32
  ascendc.pipe.init_queue %pipe, %q, %one, %len : !ascendc.queue<vecin, 1>, i32, i64
  %u = ascendc.que_bind.alloc_tensor %q : !ascendc.queue<vecin, 1>, {T}
"""
TAIL = """  func.return
}
"""


def race(body: str, auto_sync_on: bool = False) -> RaceError:
    text = HEAD.replace("{ATTR}", ", ascdsl.auto_sync_on" if auto_sync_on else "") + body + TAIL
    kernel = SimKernel(parse(text, "k.mlir"), "k")
    x = np.ones(64, np.float32)
    with pytest.raises(RaceError) as info:
        kernel.run(1, [x, np.zeros_like(x)])
    return info.value


def test_vector_pair_without_auto_sync_names_bishengs_layer():
    err = race(f"""  ascendc.relu_l2 %t, %t, %n : {T}, {T}, i32
  ascendc.relu_l2 %t, %t, %n : {T}, {T}, i32
""")
    assert err.layer == "AUTO_SYNC"
    assert str(err).startswith(
        "k.mlir:17:3: error: RaceError: 'ascendc.relu_l2' op on PIPE_V reads UB bytes [0, 256) "
        "that an earlier vector op is still writing: consecutive vector instructions overlap "
        "on A2, so dependent ones need pipe_barrier(PIPE_V) between them; layer: bisheng's "
        "--cce-auto-sync would order PIPE_V -> PIPE_V on hardware, but this kernel runs "
        "without it (auto_sync=False, ascdsl-sim --auto-sync=off, or IR simulated without the "
        "cce-auto-sync pass), so the kernel must order it itself (core 0)")


def test_vector_pair_the_pass_left_is_reported_as_its_bug():
    err = race(f"""  ascendc.relu_l2 %t, %t, %n : {T}, {T}, i32
  ascendc.relu_l2 %t, %t, %n : {T}, {T}, i32
""", auto_sync_on=True)
    assert err.layer == "AUTO_SYNC"
    assert ("layer: bisheng's --cce-auto-sync orders PIPE_V -> PIPE_V on hardware, and the "
            "cce-auto-sync pass that models it ran on this kernel but left this pair unordered "
            "(a bug of the pass") in str(err)


def test_scalar_after_vector_is_bishengs():
    err = race(f"""  ascendc.relu_l2 %t, %t, %n : {T}, {T}, i32
  %i = arith.constant 3 : i32
  %v = ascendc.local_tensor.get_value %t, %i : {T}, i32, f32
""")
    assert (err.layer, err.pipe, err.other_pipe) == ("AUTO_SYNC", "PIPE_S", "PIPE_V")
    assert "bisheng's --cce-auto-sync would order PIPE_V -> PIPE_S on hardware" in str(err)


def test_queue_buffer_outside_the_protocol_is_the_frameworks():
    err = race(f"""  ascendc.data_copy_l2 %u, %gx, %n : {T}, {G}, i32
  ascendc.relu_l2 %t, %u, %n : {T}, {T}, i32
""")
    assert (err.layer, err.pipe, err.other_pipe) == ("FRAMEWORK", "PIPE_V", "PIPE_MTE2")
    assert (
        "; layer: the TQue framework orders PIPE_MTE2 -> PIPE_V on a queue's buffer through "
        "EnQue/DeQue and FreeTensor/AllocTensor; this access is outside that protocol (use the "
        "tensor DeQue returns, free before the next AllocTensor, or let insert-que-sync place "
        "them with insert_sync=True) (core 0)") in str(err)


def test_tbuf_between_dma_and_vector_is_the_authors():
    err = race(f"""  ascendc.relu_l2 %t, %t, %n : {T}, {T}, i32
  ascendc.data_copy_l2 %gz, %t, %n : {G}, {T}, i32
""")
    assert (err.layer, err.pipe, err.other_pipe) == ("USER", "PIPE_MTE3", "PIPE_V")
    assert ("layer: the kernel's author (the TQue framework does not guard a TBuf; bisheng's "
            "--cce-auto-sync never orders PIPE_V -> PIPE_MTE3)") in str(err)


def test_gm_between_copy_out_and_copy_in_is_the_authors():
    err = race(f"""  ascendc.pipe_barrier pipe_v
  ascendc.data_copy_l2 %gz, %t, %n : {G}, {T}, i32
  %gz2 = ascendc.global_tensor : {G}
  ascendc.global_tensor.set_global_buffer %gz2, %z : {G}, memref<?xf32, 22>
  ascendc.data_copy_l2 %u, %gz2, %n : {T}, {G}, i32
""")
    # GM written by MTE3 and read back by MTE2: no queue, and bisheng leaves DMA pairs alone.
    assert (err.layer, err.pipe, err.other_pipe) == ("USER", "PIPE_MTE2", "PIPE_MTE3")
    assert ("layer: the kernel's author (the TQue framework does not guard a static tensor "
            "or GM; bisheng's --cce-auto-sync never orders PIPE_MTE3 -> PIPE_MTE2)") in str(err)
