"""Data copies, TPipe placement, queues, TBuf, static tensors, LocalMemAllocator, GetValue."""

import numpy as np
import pytest

from ascdsl.sim import OutOfBoundsError, QueueError, UBOverflowError
from sim_kernels import rand, run

F = "!ascendc.local_tensor<*xf32>"
G = "!ascendc.global_tensor<*xf32>"
M = "memref<?xf32, 22>"
CP = "!ascendc.data_copy_params"


def copy_kernel(body: str) -> str:
    """@k(%x, %z): %gx, %gz bound to x and z, a 4 KB TBuf %buf, then `body`."""
    return f"""\
func.func @k(%x: {M}, %z: {M}) attributes {{ascendc.global}} {{
  %c0 = arith.constant 0 : i32
  %c1 = arith.constant 1 : i32
  %gx = ascendc.global_tensor : {G}
  %gz = ascendc.global_tensor : {G}
  ascendc.global_tensor.set_global_buffer %gx, %x : {G}, {M}
  ascendc.global_tensor.set_global_buffer %gz, %z : {G}, {M}
  %pipe = ascendc.pipe
  %buf = ascendc.tbuf : <veccalc>
  %len = arith.constant 4096 : i32
  ascendc.pipe.init_buffer %pipe, %buf, %len : !ascendc.tbuf<veccalc>, i32
  %t = ascendc.tbuf.get_tensor %buf : !ascendc.tbuf<veccalc>, {F}
{body}
  ascendc.pipe_barrier pipe_all
  func.return
}}
"""


def params(*vals, kind="data_copy_params"):
    consts = "\n".join(f"  %q{i} = arith.constant {v} : i32" for i, v in enumerate(vals))
    names = ", ".join(f"%q{i}" for i in range(len(vals)))
    return consts + f"\n  %p = ascendc.construct !ascendc.{kind}({names}) : " + ", ".join(["i32"] * len(vals))


SYNC_IN = "  ascendc.set_flag mte2_mte3, %c0 : i32\n  ascendc.wait_flag mte2_mte3, %c0 : i32"


def test_data_copy_l0_strides_gather_blocks():
    # GM -> UB: 3 blocks of 1 x 32 bytes, source gap 1 block: x[0:8], x[16:24], x[32:40].
    # UB -> GM contiguous 24 elements.
    body = (params(3, 1, 1, 0) + f"\n  ascendc.data_copy_l0 %t, %gx, %p : {F}, {G}, {CP}\n"
            + SYNC_IN + "\n  %n = arith.constant 24 : i32\n"
            f"  ascendc.data_copy_l2 %gz, %t, %n : {G}, {F}, i32")
    x = rand(64)
    z = np.zeros(24, np.float32)
    run(copy_kernel(body), [x, z])
    np.testing.assert_array_equal(z, np.concatenate([x[0:8], x[16:24], x[32:40]]))


def test_data_copy_pad_gm_to_ub_pads_each_block():
    # 2 blocks of 12 bytes (3 f32) with 1 element of left and right padding of value 9:
    # each UB block is [9, a, b, c, 9] padded to 32 bytes (8 f32).
    body = (params(2, 12, 4, 0) + "\n" + "\n".join(
        [
            "  %t1 = arith.constant 1 : i32",
            "  %pv = arith.constant 9 : i32",
            "  %pp = ascendc.construct !ascendc.data_copy_pad_params(%t1, %t1, %t1, %pv) : i32, i32, i32, i32",
            f"  ascendc.data_copy_pad_l0 %t, %gx, %p, %pp : {F}, {G}, {CP}, !ascendc.data_copy_pad_params",
            SYNC_IN,
            "  %n = arith.constant 16 : i32",
            f"  ascendc.data_copy_l2 %gz, %t, %n : {G}, {F}, i32",
        ]))
    x = np.arange(1, 17, dtype=np.float32)
    z = np.zeros(16, np.float32)
    run(copy_kernel(body), [x, z])
    assert z[:5].tolist() == [9, 1, 2, 3, 9]  # block 0: x[0:3]
    assert z[8:13].tolist() == [9, 5, 6, 7, 9]  # block 1: 12 + 4 bytes further in GM: x[4:7]


def test_data_copy_pad_ub_to_gm_writes_exact_bytes():
    body = "\n".join(
        [
            "  %n = arith.constant 16 : i32",
            f"  ascendc.data_copy_l2 %t, %gx, %n : {F}, {G}, i32",
            SYNC_IN,
            params(1, 20, 0, 0),
            f"  ascendc.data_copy_pad_l2 %gz, %t, %p : {G}, {F}, {CP}",
        ]
    )
    x = rand(16)
    z = np.full(8, -1, np.float32)
    run(copy_kernel(body), [x, z])
    np.testing.assert_array_equal(z[:5], x[:5])
    np.testing.assert_array_equal(z[5:], -1)


def test_gm_copy_past_the_segment_is_out_of_bounds_with_the_range():
    # x (128 bytes) sits at the start of a 2 MiB segment of torch_npu's allocator: a copy
    # that runs past the segment's end would fault on the NPU, whatever the sanitize mode.
    body = "\n".join([
        "  %far = arith.constant 524280 : i32",
        f"  %gf = ascendc.global_tensor.subindex %gx[%far] : {G}, i32, {G}",
        f"  %n = arith.constant 64 : i32\n  ascendc.data_copy_l2 %t, %gf, %n : {F}, {G}, i32",
    ])
    with pytest.raises(OutOfBoundsError) as e:
        run(copy_kernel(body), [rand(32), np.zeros(8, np.float32)], sanitize="off")
    msg = str(e.value)
    assert ("reads elements [524280, 524344) of GM argument 'x', which has 32 f32 elements: "
            "byte 2097376 of the 2 MiB segment") in msg
    assert "the NPU faults there" in msg
    assert "kernel.mlir:16:3" in msg


def queue_kernel(body: str, queues: str = "") -> str:
    return f"""\
func.func @k(%x: {M}, %z: {M}) attributes {{ascendc.global}} {{
  %c0 = arith.constant 0 : i32
  %c1 = arith.constant 1 : i32
  %c2 = arith.constant 2 : i32
  %gx = ascendc.global_tensor : {G}
  %gz = ascendc.global_tensor : {G}
  ascendc.global_tensor.set_global_buffer %gx, %x : {G}, {M}
  ascendc.global_tensor.set_global_buffer %gz, %z : {G}, {M}
  %pipe = ascendc.pipe
{queues}
{body}
  ascendc.pipe_barrier pipe_all
  func.return
}}
"""


def test_init_buffer_rounds_to_32_bytes_and_places_blocks_in_order():
    # Two queue buffers of 100 bytes: the second starts at byte 128; the TBuf after them at 256.
    # Each core writes its buffers' UB addresses (GetPhyAddr-like) via static tensors reading
    # the same bytes: copy x into buffer 1 through the queue, read it back at address 128.
    qt = "!ascendc.queue<vecin, 2>"
    queues = (f"  %q = ascendc.queue : <vecin, 2>\n  %len = arith.constant 100 : i32\n"
              f"  ascendc.pipe.init_queue %pipe, %q, %c2, %len : {qt}, i32, i32\n"
              "  %b = ascendc.tbuf : <veccalc>\n  %bl = arith.constant 64 : i32\n"
              "  ascendc.pipe.init_buffer %pipe, %b, %bl : !ascendc.tbuf<veccalc>, i32")
    body = "\n".join(
        [
            f"  %a0 = ascendc.que_bind.alloc_tensor %q : {qt}, {F}",
            f"  %a1 = ascendc.que_bind.alloc_tensor %q : {qt}, {F}",
            "  %n = arith.constant 8 : i32",
            f"  ascendc.data_copy_l2 %a1, %gx, %n : {F}, {G}, i32",
            "  %tb = ascendc.tbuf.get_tensor %b : !ascendc.tbuf<veccalc>, " + F,
            "  %x8 = ascendc.global_tensor.subindex %gx[%n] : " + f"{G}, i32, {G}",
            f"  ascendc.data_copy_l2 %tb, %x8, %n : {F}, {G}, i32",
            "  ascendc.set_flag mte2_mte3, %c0 : i32",
            "  ascendc.wait_flag mte2_mte3, %c0 : i32",
            "  %a128 = arith.constant 128 : i32",
            "  %a256 = arith.constant 256 : i32",
            "  %u128 = builtin.unrealized_conversion_cast %a128 : i32 to ui32",
            "  %u256 = builtin.unrealized_conversion_cast %a256 : i32 to ui32",
            "  %u8 = builtin.unrealized_conversion_cast %n : i32 to ui32",
            f"  %s1 = ascendc.local_tensor_v2 vecin, %u128, %u8 : {F}",
            f"  %s2 = ascendc.local_tensor_v2 vecin, %u256, %u8 : {F}",
            f"  ascendc.data_copy_l2 %gz, %s1, %n : {G}, {F}, i32",
            f"  %z8 = ascendc.global_tensor.subindex %gz[%n] : {G}, i32, {G}",
            f"  ascendc.data_copy_l2 %z8, %s2, %n : {G}, {F}, i32",
        ]
    )
    x = rand(16)
    z = np.zeros(16, np.float32)
    run(queue_kernel(body, queues), [x, z])
    np.testing.assert_array_equal(z, x)


def test_queue_is_fifo():
    qt = "!ascendc.queue<vecin, 2>"
    queues = (f"  %q = ascendc.queue : <vecin, 2>\n  %len = arith.constant 32 : i32\n"
              f"  ascendc.pipe.init_queue %pipe, %q, %c2, %len : {qt}, i32, i32")
    body = "\n".join(
        [
            "  %n = arith.constant 8 : i32",
            f"  %a = ascendc.que_bind.alloc_tensor %q : {qt}, {F}",
            f"  %b = ascendc.que_bind.alloc_tensor %q : {qt}, {F}",
            f"  ascendc.data_copy_l2 %a, %gx, %n : {F}, {G}, i32",
            f"  %x8 = ascendc.global_tensor.subindex %gx[%n] : {G}, i32, {G}",
            f"  ascendc.data_copy_l2 %b, %x8, %n : {F}, {G}, i32",
            f"  ascendc.que_bind.enque_tensor %q, %a : {qt}, {F}",
            f"  ascendc.que_bind.enque_tensor %q, %b : {qt}, {F}",
            f"  %first = ascendc.que_bind.deque_tensor %q : {qt}, {F}",
            "  ascendc.set_flag v_mte3, %c0 : i32",
            "  ascendc.wait_flag v_mte3, %c0 : i32",
            f"  ascendc.data_copy_l2 %gz, %first, %n : {G}, {F}, i32",
        ]
    )
    x = rand(16)
    z = np.zeros(8, np.float32)
    run(queue_kernel(body, queues), [x, z])
    np.testing.assert_array_equal(z, x[:8])


def test_queue_misuse_is_a_queue_error():
    qt = "!ascendc.queue<vecin, 1>"
    queues = (f"  %q = ascendc.queue : <vecin, 1>\n  %len = arith.constant 32 : i32\n"
              f"  ascendc.pipe.init_queue %pipe, %q, %c1, %len : {qt}, i32, i32")
    body = (f"  %a = ascendc.que_bind.alloc_tensor %q : {qt}, {F}\n"
            f"  ascendc.que_bind.free_tensor %q, %a : {qt}, {F}\n"
            f"  ascendc.que_bind.free_tensor %q, %a : {qt}, {F}")
    with pytest.raises(QueueError) as e:
        run(queue_kernel(body, queues), [rand(8), np.zeros(8, np.float32)])
    msg = str(e.value)
    assert "kernel.mlir:15:3: error: QueueError: 'ascendc.que_bind.free_tensor' op frees a tensor " \
           "whose buffer was already freed" in msg
    assert "kernel.mlir:14:3: note: the buffer was free here" in msg


def test_local_mem_allocator_hands_out_aligned_addresses():
    text = """\
func.func @k(%out: memref<?xi32, 22>) attributes {ascendc.global} {
  %g = ascendc.global_tensor : !ascendc.global_tensor<*xi32>
  ascendc.global_tensor.set_global_buffer %g, %out : !ascendc.global_tensor<*xi32>, memref<?xi32, 22>
  %hw = arith.constant 1 : i32
  %a = ascendc.local_mem_allocator %hw : i32, !ascendc.local_mem_allocator<1>
  %a0 = ascendc.local_mem_allocator.get_cur_addr %a : !ascendc.local_mem_allocator<1>, i32
  %ten = arith.constant 10 : i32
  %t = ascendc.local_mem_allocator.alloc_dynamic %a, vecin, %ten, f32 : !ascendc.local_mem_allocator<1>, i32, !ascendc.local_tensor<*xf32>
  %a1 = ascendc.local_mem_allocator.get_cur_addr %a : !ascendc.local_mem_allocator<1>, i32
  %c0 = arith.constant 0 : i32
  %c1 = arith.constant 1 : i32
  ascendc.global_tensor.set_value %g, %c0, %a0 : !ascendc.global_tensor<*xi32>, i32, i32
  ascendc.global_tensor.set_value %g, %c1, %a1 : !ascendc.global_tensor<*xi32>, i32, i32
  ascendc.pipe_barrier pipe_all
  func.return
}
"""
    out = np.zeros(2, np.int32)
    run(text, [out])
    assert out.tolist() == [0, 64]  # 40 bytes, rounded up to the next 32-byte boundary


def test_gm_allocator_is_not_simulated():
    # Valid IR (pyasc reads and prints it), refused by the headers: the simulator says so.
    from ascdsl.sim import NotSimulatedError

    text = """\
func.func @k(%out: memref<?xi32, 22>) attributes {ascendc.global} {
  %hw = arith.constant 0 : i64
  %a = ascendc.local_mem_allocator %hw : i64, !ascendc.local_mem_allocator<0>
  func.return
}
"""
    with pytest.raises(NotSimulatedError, match=r"kernel.mlir:3:3: .*LocalMemAllocator<Hardware::GM> "
                                                r"is rejected by Ascend C"):
        run(text, [np.zeros(2, np.int32)])


def test_static_tensor_past_ub_is_an_overflow():
    text = """\
func.func @k(%x: memref<?xf32, 22>) attributes {ascendc.global} {
  %a = arith.constant 196000 : i32
  %n = arith.constant 1024 : i32
  %ua = builtin.unrealized_conversion_cast %a : i32 to ui32
  %un = builtin.unrealized_conversion_cast %n : i32 to ui32
  %t = ascendc.local_tensor_v2 vecin, %ua, %un : !ascendc.local_tensor<*xf32>
  func.return
}
"""
    with pytest.raises(UBOverflowError, match=r"kernel.mlir:6:3: .*bytes \[196000, 200096\) of UB, but Ascend910B1 has 196608"):
        run(text, [rand(4)])


def test_get_value_set_value_and_reinterpret_cast():
    text = """\
func.func @k(%x: memref<?xf32, 22>, %out: memref<?xi32, 22>) attributes {ascendc.global} {
  %c0 = arith.constant 0 : i32
  %c3 = arith.constant 3 : i32
  %c8 = arith.constant 8 : i32
  %gx = ascendc.global_tensor : !ascendc.global_tensor<*xf32>
  %go = ascendc.global_tensor : !ascendc.global_tensor<*xi32>
  ascendc.global_tensor.set_global_buffer %gx, %x : !ascendc.global_tensor<*xf32>, memref<?xf32, 22>
  ascendc.global_tensor.set_global_buffer %go, %out : !ascendc.global_tensor<*xi32>, memref<?xi32, 22>
  %pipe = ascendc.pipe
  %b = ascendc.tbuf : <vecin>
  %len = arith.constant 32 : i32
  ascendc.pipe.init_buffer %pipe, %b, %len : !ascendc.tbuf<vecin>, i32
  %t = ascendc.tbuf.get_tensor %b : !ascendc.tbuf<vecin>, !ascendc.local_tensor<*xf32>
  ascendc.data_copy_l2 %t, %gx, %c8 : !ascendc.local_tensor<*xf32>, !ascendc.global_tensor<*xf32>, i32
  ascendc.set_flag mte2_s, %c0 : i32
  ascendc.wait_flag mte2_s, %c0 : i32
  %v = ascendc.local_tensor.get_value %t, %c3 : !ascendc.local_tensor<*xf32>, i32, f32
  %bits = ascendc.reinterpret_cast %t : !ascendc.local_tensor<*xf32> to !ascendc.local_tensor<*xi32>
  %w = ascendc.local_tensor.get_value %bits, %c3 : !ascendc.local_tensor<*xi32>, i32, i32
  ascendc.global_tensor.set_value %go, %c0, %w : !ascendc.global_tensor<*xi32>, i32, i32
  %two = arith.constant 2.0 : f32
  %dbl = arith.mulf %v, %two : f32
  ascendc.global_tensor.set_value %gx, %c0, %dbl : !ascendc.global_tensor<*xf32>, i32, f32
  ascendc.pipe_barrier pipe_all
  func.return
}
"""
    x = rand(8)
    x3 = x[3]
    out = np.zeros(1, np.int32)
    run(text, [x, out])
    assert out[0] == x[3:4].view(np.int32)[0]
    assert x[0] == np.float32(x3 * 2)
