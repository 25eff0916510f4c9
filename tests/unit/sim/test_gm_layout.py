"""GM as the NPU lays it out (ascdsl/sim/gm_layout.py): torch_npu's allocator rounding, what
a copy past a tensor's end reads and writes, which of those are warnings and which errors,
DataCopy's rounded-down count, and overlapping writes of ragged multi-core launches."""

import numpy as np
import pytest
from xdsl.dialects.builtin import f32

from ascdsl.sim import AlignmentError, OutOfBoundsError, RaceError, SimulationWarning
from ascdsl.sim.dtypes import sim_dtype
from ascdsl.sim.gm_layout import GMLayout, block_bytes, segment_bytes
from ascdsl.sim.memory import GMBuffer
from sim_kernels import line_of, rand, run

F = "!ascendc.local_tensor<*xf32>"
G = "!ascendc.global_tensor<*xf32>"
M = "memref<?xf32, 22>"
SYNC = "  ascendc.set_flag mte2_mte3, %c0 : i32\n  ascendc.wait_flag mte2_mte3, %c0 : i32"


def copy_through_ub(args: list[str], src: str, dst: str, n_in: int, n_out: int,
                    ragged: bool = False) -> str:
    """@k(args): GM `src` -> UB (n_in elements) -> GM `dst` (n_out elements), pyasc's way:
    GlobalTensors without a size. `ragged`: a last argument %block, and each core's
    GlobalTensors start at get_block_idx() * block (pyasc's generalization tests)."""
    sig = ", ".join(f"%{a}: {M}" for a in args) + (", %block: i32" if ragged else "")
    lines = [f"func.func @k({sig}) attributes {{ascendc.global}} {{",
             "  %c0 = arith.constant 0 : i32"]
    if ragged:
        lines += ["  %idx = ascendc.get_block_idx : i32",
                  "  %off = arith.muli %idx, %block : i32"]
    for a in (src, dst):
        ptr = f"%{a}"
        if ragged:
            lines.append(f"  %{a}p = emitasc.ptr_offset %{a}[%off] : {M}, i32, {M}")
            ptr = f"%{a}p"
        lines += [f"  %g{a} = ascendc.global_tensor : {G}",
                  f"  ascendc.global_tensor.set_global_buffer %g{a}, {ptr} : {G}, {M}"]
    lines += [
        "  %pipe = ascendc.pipe",
        "  %buf = ascendc.tbuf : <veccalc>",
        "  %len = arith.constant 4096 : i32",
        "  ascendc.pipe.init_buffer %pipe, %buf, %len : !ascendc.tbuf<veccalc>, i32",
        f"  %t = ascendc.tbuf.get_tensor %buf : !ascendc.tbuf<veccalc>, {F}",
        f"  %nin = arith.constant {n_in} : i32",
        f"  ascendc.data_copy_l2 %t, %g{src}, %nin : {F}, {G}, i32",
        SYNC,
        f"  %nout = arith.constant {n_out} : i32",
        f"  ascendc.data_copy_l2 %g{dst}, %t, %nout : {G}, {F}, i32",
        "  ascendc.pipe_barrier pipe_all",
        "  func.return",
        "}",
    ]
    return "\n".join(lines) + "\n"


def ragged_kernel(n: int) -> str:
    return copy_through_ub(["x", "z"], "x", "z", n, n, ragged=True)


def warnings_of(report):
    return [f for f in report.findings if f.warning]


# --- the allocator ------------------------------------------------------------------------


def test_torch_npu_rounds_each_request_plus_32_bytes_up_to_512():
    assert block_bytes(4) == 512  # 4 + 32 < 512
    assert block_bytes(480) == 512
    assert block_bytes(481) == 1024  # 481 + 32 > 512
    assert block_bytes(39996) == 40448  # 9999 f32: 452 bytes of padding
    assert block_bytes(510408) == 510464  # 153 x 834 i32: 56 bytes of padding
    assert segment_bytes(512) == 2 << 20 and segment_bytes(1 << 20) == 2 << 20
    assert segment_bytes((1 << 20) + 512) == 20 << 20
    assert segment_bytes(11 << 20) == 12 << 20  # >= 10 MiB: rounded up to 2 MiB


def test_arguments_are_placed_in_order_and_views_of_one_array_share_an_allocation():
    dt = sim_dtype(f32)
    whole = np.arange(300, dtype=np.float32)
    x, y = np.ones(9999, np.float32), np.zeros(10, np.float32)
    big = np.zeros(400_000, np.float32)  # 1.6 MB: the large pool, a 20 MiB segment
    bufs = [GMBuffer(0, "x", dt, x), GMBuffer(1, "a", dt, whole[:200]),
            GMBuffer(2, "b", dt, whole[100:]), GMBuffer(3, "big", dt, big),
            GMBuffer(4, "y", dt, y)]
    layout = GMLayout()
    layout.place(bufs)
    bx, ba, bb, bbig, by = bufs
    assert (bx.alloc.segment.index, bx.base, bx.alloc.size) == (0, 0, 40448)
    # a and b overlap in the caller's memory: one 1200-byte allocation, b 400 bytes in.
    assert ba.alloc is bb.alloc and (ba.base, bb.base) == (40448, 40848)
    assert ba.alloc.size == block_bytes(1200)
    assert bbig.alloc.segment.index == 1 and bbig.alloc.segment.size == 20 << 20
    assert by.alloc.segment.index == 0 and by.base == 40448 + 1536
    # Until an access runs past an argument's end the kernel works on the callers' arrays.
    assert bx.alloc.segment.bytes is None and np.shares_memory(bx.arr, x)
    layout.materialize()
    # Then it sees the arguments' bytes in the segments; its writes go back at the end.
    assert not np.shares_memory(bx.arr, x) and bx.mem.size == (2 << 20)
    bb.arr[0] = 7.0  # element 100 of `whole`, seen through both views
    assert ba.arr[100] == 7.0 and whole[100] == 100.0
    assert bx.alloc.segment.bytes[40448 + 400] == bb.arr.view(np.uint8)[0]
    layout.copy_back()
    assert whole[100] == 7.0 and np.array_equal(x, np.ones(9999, np.float32))


# --- reads and writes past a tensor's end -------------------------------------------------


def test_a_read_of_padding_is_a_warning_and_reads_zeros():
    x, z = rand(10), np.full(16, -1.0, np.float32)
    text = copy_through_ub(["x", "z"], "x", "z", 16, 16)
    with pytest.warns(SimulationWarning):
        report = run(text, [x, z])
    [w] = warnings_of(report)
    assert isinstance(w, OutOfBoundsError) and w.loc.line == line_of(text, "%t, %gx")
    msg = str(w)
    assert "warning: OutOfBoundsError" in msg
    assert ("reads elements [0, 16) of GM argument 'x', which has 10 f32 elements: bytes "
            "[40, 64) past its end are 24 bytes of its own allocation's padding") in msg
    assert "the NPU reads them without a fault" in msg
    np.testing.assert_array_equal(z[:10], x)
    np.testing.assert_array_equal(z[10:], 0.0)
    assert "findings: 1 (1 warning)" in report.summary()


def test_a_read_past_the_padding_reads_the_next_arguments_values():
    # x: 8 f32 in a 512-byte block, then y's block: a 256-element read of x sees x, x's
    # padding (zeros), y's data and y's padding, in that order.
    x, y, z = rand(8), rand(120, seed=1), np.zeros(256, np.float32)
    text = copy_through_ub(["x", "y", "z"], "x", "z", 256, 256)
    with pytest.warns(SimulationWarning):
        report = run(text, [x, y, z])
    np.testing.assert_array_equal(z[:8], x)
    np.testing.assert_array_equal(z[8:128], 0.0)
    np.testing.assert_array_equal(z[128:248], y)
    np.testing.assert_array_equal(z[248:], 0.0)
    [w] = warnings_of(report)
    assert "480 bytes of GM argument 'y' (its data at bytes [0, 480))" in str(w)
    assert "32 bytes of 'y''s allocation's padding" in str(w)


def test_a_write_into_padding_no_tensor_owns_is_a_warning():
    x, z = rand(16), np.zeros(10, np.float32)
    text = copy_through_ub(["x", "z"], "x", "z", 16, 16)
    with pytest.warns(SimulationWarning):
        report = run(text, [x, z])
    np.testing.assert_array_equal(z, x[:10])
    [w] = warnings_of(report)
    assert w.loc.line == line_of(text, "%gz, %t")
    assert ("writes elements [0, 16) of GM argument 'z', which has 10 f32 elements: bytes "
            "[40, 64) past its end are 24 bytes of its own allocation's padding") in str(w)
    assert "no tensor's data changes" in str(w)


def test_a_write_into_another_argument_is_an_error_naming_both():
    # z comes first: its 512-byte block ends where x's data begins.
    z, x = np.zeros(8, np.float32), rand(256)
    text = copy_through_ub(["z", "x"], "x", "z", 256, 256)
    with pytest.raises(OutOfBoundsError) as e:
        run(text, [z, x], sanitize="off")  # fatal in every mode: it corrupts x
    msg = str(e.value)
    assert not e.value.warning and e.value.loc.line == line_of(text, "%gz, %t")
    assert ("writes elements [0, 256) of GM argument 'z', which has 8 f32 elements: its "
            "bytes [512, 1024) are elements [0, 128) of GM argument 'x'") in msg
    assert "on the NPU this write corrupts 'x'" in msg


# --- DataCopy's count -----------------------------------------------------------------------


def test_data_copy_rounds_a_ragged_count_down_to_whole_blocks():
    x, z = rand(16), np.full(16, -1.0, np.float32)
    text = copy_through_ub(["x", "z"], "x", "z", 16, 13)  # 13 f32 = 52 bytes: 1 block
    with pytest.warns(SimulationWarning):
        report = run(text, [x, z])
    np.testing.assert_array_equal(z[:8], x[:8])
    np.testing.assert_array_equal(z[8:], -1.0)
    [w] = warnings_of(report)
    assert isinstance(w, AlignmentError)
    assert "so it copies 8 elements (32 bytes) and leaves the last 5 alone" in str(w)


def test_data_copy_of_less_than_a_block_copies_nothing():
    x, z = rand(8), np.full(8, -1.0, np.float32)
    with pytest.warns(SimulationWarning):
        run(copy_through_ub(["x", "z"], "x", "z", 8, 1), [x, z])
    np.testing.assert_array_equal(z, -1.0)


# --- ragged launches across cores ---------------------------------------------------------


def test_ragged_cores_overlapping_with_the_same_values_are_no_race():
    # pyasc's split: 2 cores, block 10 elements, tiles of 16: core 1 copies [10, 26) of a
    # 20-element tensor; both write z[10:16) with the same values.
    x, z = rand(20), np.zeros(20, np.float32)
    with pytest.warns(SimulationWarning):
        report = run(ragged_kernel(16), [x, z, 10], cores=2)
    np.testing.assert_array_equal(z, x)
    kinds = {(type(f).__name__, f.warning) for f in report.findings}
    assert kinds == {("OutOfBoundsError", True), ("RaceError", True)}
    [race] = [f for f in report.findings if isinstance(f, RaceError)]
    assert "both cores leave the same bytes there" in str(race)


def test_ragged_cores_writing_different_values_still_race():
    # Every core writes its tile of x to the start of z: core 0 x[0:16), core 1 x[10:26).
    x, z = rand(20), np.zeros(20, np.float32)
    text = ragged_kernel(16).replace("%zp = emitasc.ptr_offset %z[%off]",
                                     "%zp = emitasc.ptr_offset %z[%c0]")
    with pytest.raises(RaceError) as e:
        run(text, [x, z, 10], cores=2)
    assert "writes GM 'z' bytes [0, 64) that core 1 writes too" in str(e.value)
    assert not e.value.warning


def test_set_value_past_the_padding_into_another_argument_is_an_error():
    # z: 8 f32 in a 512-byte block; element 130 of z is element 2 of x, the next argument.
    text = "\n".join([
        f"func.func @k(%z: {M}, %x: {M}) attributes {{ascendc.global}} {{",
        f"  %gz = ascendc.global_tensor : {G}",
        f"  ascendc.global_tensor.set_global_buffer %gz, %z : {G}, {M}",
        "  %i = arith.constant 130 : index",
        "  %v = arith.constant 1.0 : f32",
        f"  ascendc.global_tensor.set_value %gz, %i, %v : {G}, index, f32",
        "  func.return",
        "}",
    ]) + "\n"
    z, x = np.zeros(8, np.float32), rand(16)
    with pytest.raises(OutOfBoundsError) as e:
        run(text, [z, x])
    assert ("sets elements [130, 131) of GM argument 'z', which has 8 f32 elements: its bytes "
            "[520, 524) are elements [2, 3) of GM argument 'x'") in str(e.value)
    # Inside z's own padding the same SetValue is a warning, and x keeps its values.
    with pytest.warns(SimulationWarning):
        report = run(text.replace("130 : index", "100 : index"), [z, x.copy()])
    assert [f.warning for f in report.findings] == [True]


def test_copies_after_an_access_past_the_end_use_the_arguments_new_place():
    # The first copies run on the callers' arrays (and keep byte views of them); the read
    # past x's end moves every argument into its allocator segment, where the last copy must
    # write (a view of the caller's z kept from before would be overwritten at the end).
    x, z = rand(16), np.full(40, -1.0, np.float32)
    text = "\n".join([
        f"func.func @k(%x: {M}, %z: {M}) attributes {{ascendc.global}} {{",
        "  %c0 = arith.constant 0 : i32",
        "  %c8 = arith.constant 8 : i32",
        "  %c32 = arith.constant 32 : i32",
        f"  %gx = ascendc.global_tensor : {G}",
        f"  ascendc.global_tensor.set_global_buffer %gx, %x : {G}, {M}",
        f"  %gz = ascendc.global_tensor : {G}",
        f"  ascendc.global_tensor.set_global_buffer %gz, %z : {G}, {M}",
        "  %pipe = ascendc.pipe",
        "  %buf = ascendc.tbuf : <veccalc>",
        "  %len = arith.constant 4096 : i32",
        "  ascendc.pipe.init_buffer %pipe, %buf, %len : !ascendc.tbuf<veccalc>, i32",
        f"  %t = ascendc.tbuf.get_tensor %buf : !ascendc.tbuf<veccalc>, {F}",
        f"  ascendc.data_copy_l2 %t, %gx, %c8 : {F}, {G}, i32",
        SYNC,
        f"  ascendc.data_copy_l2 %gz, %t, %c8 : {G}, {F}, i32",
        "  ascendc.pipe_barrier pipe_all",
        f"  ascendc.data_copy_l2 %t, %gx, %c32 : {F}, {G}, i32",
        SYNC,
        f"  %gz8 = ascendc.global_tensor.subindex %gz[%c8] : {G}, i32, {G}",
        f"  ascendc.data_copy_l2 %gz8, %t, %c32 : {G}, {F}, i32",
        "  ascendc.pipe_barrier pipe_all",
        "  func.return",
        "}",
    ]) + "\n"
    with pytest.warns(SimulationWarning):
        run(text, [x, z])
    np.testing.assert_array_equal(z[:8], x[:8])
    np.testing.assert_array_equal(z[8:24], x)
    np.testing.assert_array_equal(z[24:], 0.0)
