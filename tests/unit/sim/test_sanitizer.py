"""One test per sanitizer finding: its class, message, both ops, pipes and source lines."""

import warnings
from pathlib import Path

import numpy as np
import pytest

from ascdsl.sim import (
    AlignmentError,
    AllocatorError,
    DeadlockError,
    EventError,
    OutOfBoundsError,
    RaceError,
    SimulationWarning,
    UBOverflowError,
)
from sim_kernels import line_of, racy_vadd, rand, run, ub_kernel, vadd_framework

F = "!ascendc.local_tensor<*xf32>"
G = "!ascendc.global_tensor<*xf32>"
M = "memref<?xf32, 22>"

VADD = (Path(__file__).resolve().parents[3] / "examples" / "ir" / "vadd.mlir").read_text()


def vadd_args(n=64):
    return [rand(n), rand(n, seed=1), np.zeros(n, np.float32)]


def raises(cls, text, args, **kw):
    with pytest.raises(cls) as e:
        run(text, args, **kw)
    return e.value


# --- races -------------------------------------------------------------------------------


def test_missing_wait_flag_is_a_race_between_mte2_and_v():
    text = VADD.replace("  ascendc.wait_flag mte2_v, %id : i32\n", "")
    err = raises(RaceError, text, vadd_args(), kernel="vadd")
    add, copy = line_of(text, "ascendc.add_l2"), line_of(text, "data_copy_l2 %xl")
    assert (err.op, err.pipe, err.other_op, err.other_pipe) == (
        "ascendc.add_l2", "PIPE_V", "ascendc.data_copy_l2", "PIPE_MTE2")
    assert (err.loc.line, err.other_loc.line) == (add, copy)
    msg = str(err)
    assert msg.startswith(f"kernel.mlir:{add}:3: error: RaceError: 'ascendc.add_l2' op on PIPE_V "
                          "reads UB bytes [0, 256) while 'ascendc.data_copy_l2' on PIPE_MTE2 may "
                          "still be writing them")
    assert "set_flag/wait_flag mte2_v" in msg
    assert f"kernel.mlir:{copy}:3: note: the conflicting write ('ascendc.data_copy_l2' on PIPE_MTE2)" in msg


def test_the_synchronized_kernel_is_clean():
    x, y, z = vadd_args()
    report = run(VADD, [x, y, z], kernel="vadd")
    assert report.findings == [] and np.array_equal(z, x + y)


def test_dependent_vector_ops_need_a_pipe_v_barrier():
    body = ("  ascendc.add_l2 %zl, %xl, %yl, %n : TZ, TX, TX, i32\n"
            "  ascendc.mul_l2 %zl, %zl, %yl, %n : TZ, TZ, TX, i32")
    text = ub_kernel(body)
    err = raises(RaceError, text, vadd_args()[:2] + [np.zeros(64, np.float32)])
    assert (err.op, err.other_op, err.pipe, err.other_pipe) == (
        "ascendc.mul_l2", "ascendc.add_l2", "PIPE_V", "PIPE_V")
    assert err.loc.line == line_of(text, "mul_l2") and err.other_loc.line == line_of(text, "add_l2")
    assert "dependent ones need pipe_barrier(PIPE_V) between them" in str(err)
    fixed = ub_kernel(body.replace("\n", "\n  ascendc.pipe_barrier pipe_v\n"))
    x, y, z = vadd_args()
    run(fixed, [x, y, z])
    np.testing.assert_array_equal(z, (x + y) * y)


def test_independent_vector_ops_need_no_barrier():
    body = ("  ascendc.add_l2 %zl, %xl, %yl, %n : TZ, TX, TX, i32\n"
            "  ascendc.mul_l2 %yl, %xl, %xl, %n : TX, TX, TX, i32")  # reads xl, writes yl
    x, y, z = vadd_args()
    y0 = y.copy()
    assert run(ub_kernel(body), [x, y, z]).findings == []
    np.testing.assert_array_equal(z, x + y0)


def test_overwriting_a_buffer_mte3_still_reads_is_a_race():
    body = "\n".join([
        "  ascendc.add_l2 %zl, %xl, %yl, %n : TZ, TX, TX, i32",
        "  ascendc.set_flag v_mte3, %c1 : i32",
        "  ascendc.wait_flag v_mte3, %c1 : i32",
        "  ascendc.data_copy_pad_l2 %gz, %zl, %cpz : !ascendc.global_tensor<*xf32>, TZ, !ascendc.data_copy_params",
        "  ascendc.pipe_barrier pipe_v",  # orders V after V, not after MTE3
        "  ascendc.sub_l2 %zl, %xl, %yl, %n : TZ, TX, TX, i32",
    ])
    text = ub_kernel(body)
    err = raises(RaceError, text, vadd_args())
    assert (err.op, err.pipe, err.other_op, err.other_pipe) == (
        "ascendc.sub_l2", "PIPE_V", "ascendc.data_copy_pad_l2", "PIPE_MTE3")
    assert "may still be reading them" in str(err)
    assert "set_flag/wait_flag mte3_v" in str(err)


def test_cores_writing_the_same_gm_range_race():
    text = racy_vadd()
    n = 1024
    err = raises(RaceError, text, [rand(n), rand(n), np.zeros(n, np.float32), 512, 128, 4],
                 cores=2, kernel="vadd")
    msg = str(err)
    assert "on PIPE_MTE3 of core 0 writes GM 'z' bytes [0, 512) that core 1 writes too" in msg
    assert err.loc.line == line_of(text, "data_copy_l2 %gzi")
    assert "note: the access of core 1" in msg


def test_disjoint_core_slices_do_not_race():
    n = 1024
    x, y, z = rand(n), rand(n, seed=1), np.zeros(n, np.float32)
    report = run(vadd_framework(2), [x, y, z, 512, 128, 4], cores=2, kernel="vadd")
    assert report.findings == [] and np.array_equal(z, x + y)


# --- deadlocks ---------------------------------------------------------------------------


def test_wait_flag_without_set_flag_deadlocks():
    text = ub_kernel("  ascendc.wait_flag v_mte3, %c1 : i32")
    err = raises(DeadlockError, text, vadd_args())
    assert err.loc.line == line_of(text, "wait_flag v_mte3, %c1")
    assert "waits for v_mte3 id 1 but no set_flag of it is pending: the PIPE_MTE3 pipe would " \
           "wait forever" in str(err)


def queue_text(body: str, depth: int = 1, num: int = 1) -> str:
    qt = f"!ascendc.queue<vecin, {depth}>"
    return f"""\
func.func @k(%x: {M}) attributes {{ascendc.global}} {{
  %pipe = ascendc.pipe
  %q = ascendc.queue : <vecin, {depth}>
  %num = arith.constant {num} : i32
  %len = arith.constant 256 : i32
  ascendc.pipe.init_queue %pipe, %q, %num, %len : {qt}, i32, i32
{body.replace("QT", qt)}
  func.return
}}
"""


def test_deque_on_an_empty_queue_deadlocks():
    text = queue_text(f"  %t = ascendc.que_bind.deque_tensor %q : QT, {F}")
    err = raises(DeadlockError, text, [rand(8)])
    assert err.loc.line == 7
    assert "dequeues from an empty queue" in str(err)
    assert "kernel.mlir:3:3: note: queue declared here" in str(err)


def test_alloc_on_a_queue_without_free_buffers_deadlocks():
    text = queue_text(f"  %a = ascendc.que_bind.alloc_tensor %q : QT, {F}\n"
                      f"  %b = ascendc.que_bind.alloc_tensor %q : QT, {F}")
    err = raises(DeadlockError, text, [rand(8)])
    assert err.loc.line == 8
    assert "waits for a free buffer of a queue whose 1 buffer(s) are all in use" in str(err)
    assert "kernel.mlir:7:3: note: buffer 0 was allocated here" in str(err)


# --- events ------------------------------------------------------------------------------


def test_set_flag_twice_without_wait():
    body = "  ascendc.set_flag v_mte3, %c1 : i32\n  ascendc.set_flag v_mte3, %c1 : i32"
    text = ub_kernel(body)
    err = raises(EventError, text, vadd_args())
    first = line_of(text, "set_flag v_mte3, %c1")
    assert (err.loc.line, err.other_loc.line) == (first + 1, first)
    assert "sets v_mte3 id 1 while an earlier set_flag of it was not waited for yet" in str(err)


def test_event_id_out_of_range():
    text = ub_kernel("  %c8 = arith.constant 8 : i32\n  ascendc.set_flag v_mte3, %c8 : i32")
    err = raises(EventError, text, vadd_args())
    assert err.loc.line == line_of(text, "set_flag v_mte3, %c8")
    assert "uses event id 8 of v_mte3; the hardware has ids 0 to 7 per event" in str(err)


def test_release_of_an_id_that_was_not_allocated():
    text = ub_kernel("  %c3 = arith.constant 3 : i32\n"
                     "  ascendc.pipe.release_event_id %pipe, %c3 {event = 4 : i32} : !ascendc.pipe, i32")
    err = raises(EventError, text, vadd_args())
    assert err.loc.line == line_of(text, "release_event_id")
    assert "releases event id 3 of mte2_v, which was not allocated" in str(err)


def test_allocating_more_event_ids_than_exist():
    body = "\n".join([
        "  %c9 = arith.constant 9 : i32",
        "  scf.for %i = %c0 to %c9 step %c1 : i32 {",
        "    %id = ascendc.pipe.alloc_event_id %pipe, v_mte3 : i32",
        "  }",
    ])
    text = ub_kernel(body)
    err = raises(EventError, text, vadd_args())
    assert err.loc.line == line_of(text, "alloc_event_id")
    assert "needs an event id of v_mte3 but all 8 are allocated" in str(err)
    assert "note: id 0 taken here" in str(err)


def test_set_flag_never_waited_for():
    text = ub_kernel("  ascendc.set_flag v_mte3, %c1 : i32")
    err = raises(EventError, text, vadd_args())
    assert err.loc.line == line_of(text, "set_flag v_mte3, %c1")
    assert "no wait_flag consumes it before the kernel ends" in str(err)


def test_event_id_allocated_and_never_released():
    text = ub_kernel("  %id = ascendc.pipe.alloc_event_id %pipe, v_mte3 : i32")
    err = raises(EventError, text, vadd_args())
    assert err.loc.line == line_of(text, "alloc_event_id")
    assert "allocates v_mte3 id 0 and never releases it before the kernel ends" in str(err)


def test_event_ids_given_back_by_release_or_reset_are_fine():
    released = ub_kernel(
        "  %id = ascendc.pipe.alloc_event_id %pipe, v_mte3 : i32\n"
        "  ascendc.pipe.release_event_id %pipe, %id {event = 7 : i32} : !ascendc.pipe, i32")
    assert run(released, vadd_args()).findings == []
    fetched = ub_kernel("  %id = ascendc.pipe.fetch_event_id %pipe, v_mte3 : i32")
    assert run(fetched, vadd_args()).findings == []  # FetchEventID reserves nothing


def test_unreleased_ids_are_findings_in_warn_mode():
    text = ub_kernel("  %a = ascendc.pipe.alloc_event_id %pipe, v_mte3 : i32\n"
                     "  %b = ascendc.pipe.alloc_event_id %pipe, mte2_v : i32")
    with warnings.catch_warnings():
        warnings.simplefilter("ignore", SimulationWarning)
        report = run(text, vadd_args(), sanitize="warn")
    assert sorted(str(f).split("\n")[0].split("op ")[1][:27] for f in report.findings) == [
        "allocates mte2_v id 0 and n", "allocates v_mte3 id 0 and n"]
    assert run(text, vadd_args(), sanitize="off").findings == []


ALLOCATOR = """\
  %hw = arith.constant 1 : i32
  %a = ascendc.local_mem_allocator %hw : i32, !ascendc.local_mem_allocator<1>
  %sixteen = arith.constant 16 : i32
  %t = ascendc.local_mem_allocator.alloc_dynamic %a, vecin, %sixteen, f32 : !ascendc.local_mem_allocator<1>, i32, !ascendc.local_tensor<*xf32>"""


def test_local_mem_allocator_after_a_tpipe_is_a_finding():
    # Both hand out UB from address 0: the allocator's tile lands on the TBuf's bytes.
    text = ub_kernel(ALLOCATOR)
    err = raises(AllocatorError, text, vadd_args())
    assert err.loc.line == line_of(text, "ascendc.local_mem_allocator %hw")
    assert "mixes a LocalMemAllocator and a TPipe on one core" in str(err)
    assert f"kernel.mlir:{line_of(text, '%pipe = ascendc.pipe')}:3: note: the TPipe" in str(err)


def test_tpipe_after_a_local_mem_allocator_is_a_finding():
    text = f"""\
func.func @k(%x: {M}) attributes {{ascendc.global}} {{
{ALLOCATOR}
  %pipe = ascendc.pipe
  func.return
}}
"""
    err = raises(AllocatorError, text, [rand(8)])
    assert err.loc.line == 6 and err.op == "ascendc.pipe"
    assert "kernel.mlir:3:3: note: the LocalMemAllocator" in str(err)


def test_local_mem_allocator_alone_is_fine():
    text = f"""\
func.func @k(%x: {M}) attributes {{ascendc.global}} {{
{ALLOCATOR}
  func.return
}}
"""
    assert run(text, [rand(8)]).findings == []


# --- bounds, capacity, alignment ---------------------------------------------------------


def test_access_past_the_global_tensor_size_is_reported_with_the_range():
    text = f"""\
func.func @k(%x: {M}, %z: {M}) attributes {{ascendc.global}} {{
  %c0 = arith.constant 0 : i32
  %c8 = arith.constant 8 : i32
  %c16 = arith.constant 16 : i32
  %gx = ascendc.global_tensor : {G}
  ascendc.global_tensor.set_global_buffer %gx, %x, %c8 : {G}, {M}, i32
  %pipe = ascendc.pipe
  %b = ascendc.tbuf : <vecin>
  %len = arith.constant 64 : i32
  ascendc.pipe.init_buffer %pipe, %b, %len : !ascendc.tbuf<vecin>, i32
  %t = ascendc.tbuf.get_tensor %b : !ascendc.tbuf<vecin>, {F}
  ascendc.data_copy_l2 %t, %gx, %c16 : {F}, {G}, i32
  ascendc.pipe_barrier pipe_all
  func.return
}}
"""
    err = raises(OutOfBoundsError, text, [rand(16), rand(16)])
    assert err.loc.line == 12
    assert "reads elements [0, 16) of a GlobalTensor of 8 elements" in str(err)
    assert "kernel.mlir:6:3: note: tensor declared here" in str(err)


def test_vector_op_past_its_tensor_is_reported():
    # UB has no per-tensor bounds: the overrun is a warning (sim/ub_layout.py, tested in
    # test_ub_layout.py), an error only when a later op reads the data it clobbered.
    text = ub_kernel("  %c72 = arith.constant 72 : i32\n"
                     "  ascendc.abs_l2 %xl, %xl, %c72 : TX, TX, i32")
    with pytest.warns(SimulationWarning):
        report = run(text, vadd_args())
    [w] = report.findings
    assert w.warning and isinstance(w, OutOfBoundsError)
    assert w.loc.line == line_of(text, "abs_l2")
    assert "writes elements [0, 72) of a tensor that has 64 f32 elements" in str(w)


def test_queue_buffers_beyond_ub_overflow():
    # The length is a kernel argument: the verifier cannot see it, the simulator can.
    text = queue_text("", num=2).replace(f"%x: {M})", f"%x: {M}, %n: i32)").replace(
        "%len = arith.constant 256 : i32", "%len = arith.addi %n, %n : i32")
    err = raises(UBOverflowError, text, [rand(8), 50000])
    assert err.loc.line == 6
    assert "needs 2 x 100000 bytes at vecin: UB bytes [0, 200000) but Ascend910B1 has 196608" in str(err)


def test_more_than_64_pipe_buffers_overflow():
    text = f"""\
func.func @k(%x: {M}) attributes {{ascendc.global}} {{
  %c0 = arith.constant 0 : i32
  %c1 = arith.constant 1 : i32
  %c65 = arith.constant 65 : i32
  %pipe = ascendc.pipe
  %len = arith.constant 32 : i32
  scf.for %i = %c0 to %c65 step %c1 : i32 {{
    %b = ascendc.tbuf : <veccalc>
    ascendc.pipe.init_buffer %pipe, %b, %len : !ascendc.tbuf<veccalc>, i32
  }}
  func.return
}}
"""
    err = raises(UBOverflowError, text, [rand(8)])
    assert err.loc.line == 9
    assert "would give the TPipe 65 buffers; a kernel may use at most 64" in str(err)


def test_copy_length_not_a_multiple_of_32_bytes_is_rounded_down_with_a_warning():
    # Ascend C rounds DataCopy's count down to whole blocks without an error on the NPU:
    # a warning finding, recorded even in "raise" mode (numbers: test_gm_layout.py).
    text = ub_kernel("  %c10 = arith.constant 10 : i32\n"
                     "  ascendc.data_copy_l2 %yl, %xl, %c10 : TX, TX, i32")
    with pytest.warns(SimulationWarning):
        report = run(text, vadd_args())
    [err] = report.findings
    assert isinstance(err, AlignmentError) and err.warning
    assert err.loc.line == line_of(text, "data_copy_l2 %yl")
    assert "copies 10 f32 elements = 40 bytes, not a multiple of 32" in str(err)
    assert "so it copies 8 elements (32 bytes)" in str(err)
    assert "warning: AlignmentError" in str(err)


def test_vector_operand_at_an_unaligned_address():
    text = ub_kernel("  %t = ascendc.local_tensor.subindex %xl[%c1] : TX, i32, TX\n"
                     "  %c8 = arith.constant 8 : i32\n"
                     "  ascendc.abs_l2 %zl, %t, %c8 : TZ, TX, i32")
    err = raises(AlignmentError, text, vadd_args())
    assert err.loc.line == line_of(text, "abs_l2")
    assert "reads a tensor at UB byte 4, not a multiple of 32" in str(err)


def test_get_with_offset_needs_32_byte_offsets():
    text = ub_kernel("  %c8 = arith.constant 8 : i32\n  %o = arith.addi %c8, %c8 : i32\n"
                     "  %t = ascendc.tbuf.get_with_offset %buf, %c8, %o : !ascendc.tbuf<veccalc>, "
                     "i32, i32, TX")
    err = raises(AlignmentError, text, vadd_args())
    assert "GetWithOffset needs a multiple of 32" in str(err)


# --- modes -------------------------------------------------------------------------------


def test_warn_mode_collects_findings_and_runs_on():
    text = VADD.replace("  ascendc.wait_flag mte2_v, %id : i32\n", "")
    x, y, z = vadd_args()
    with pytest.warns(SimulationWarning):
        report = run(text, [x, y, z], sanitize="warn", kernel="vadd")
    kinds = sorted(type(f).__name__ for f in report.findings)
    assert kinds == ["EventError", "RaceError", "RaceError"]  # x and y, and the lone set_flag
    assert np.array_equal(z, x + y)  # program order is the reference


def test_off_mode_finds_nothing():
    text = VADD.replace("  ascendc.wait_flag mte2_v, %id : i32\n", "")
    with warnings.catch_warnings():
        warnings.simplefilter("error")
        report = run(text, vadd_args(), sanitize="off", kernel="vadd")
    assert report.findings == [] and report.sanitize == "off"


def test_deadlocks_raise_in_every_mode():
    text = ub_kernel("  ascendc.wait_flag v_mte3, %c1 : i32")
    for mode in ("warn", "off"):
        with pytest.raises(DeadlockError):
            run(text, vadd_args(), sanitize=mode)


def test_an_array_passed_twice_is_one_gm_buffer():
    # z = x + z in place, 2 cores each on their own slice: correct and race free; the same
    # kernel with both cores on one slice races on the shared buffer, whichever name is used.
    n = 1024
    x = rand(n)
    z = rand(n, seed=1)
    expect = x + z
    run(vadd_framework(2), [x, z, z, 512, 128, 4], cores=2, kernel="vadd")
    np.testing.assert_array_equal(z, expect)
    text = vadd_framework(2).replace("%idx = ascendc.get_block_idx : i32",
                                     "%idx = arith.constant 0 : i32")
    err = raises(RaceError, text, [x, z, z, 512, 128, 4], cores=2, kernel="vadd")
    assert "GM 'y'" in str(err)  # the buffer carries the first argument's name


def test_hand_picked_event_id_colliding_with_a_queue_event():
    text = queue_text("\n".join([
        f"  %a = ascendc.que_bind.alloc_tensor %q : QT, {F}",
        f"  ascendc.que_bind.enque_tensor %q, %a : QT, {F}",
        "  %c0 = arith.constant 0 : i32",
        "  ascendc.set_flag mte2_v, %c0 : i32",
    ]))
    err = raises(EventError, text, [rand(8)])
    assert err.loc.line == line_of(text, "set_flag mte2_v")
    assert "uses mte2_v id 0, which the TPipe has given to a queue's pending EnQue/FreeTensor " \
           "event" in str(err)
    assert err.other_loc.line == line_of(text, "enque_tensor")


def test_a_view_past_its_tensor_is_reported_in_the_tensors_elements():
    # Before: a view taken past the end (xg[1000] of 8 elements) was "a GlobalTensor of -992
    # elements", read at [0, 64).
    import ascdsl as asc

    @asc.jit(always_compile=True)
    def k(x: asc.GlobalAddress, n: int):
        xg = asc.GlobalTensor()
        xg.set_global_buffer(x, n)
        pipe = asc.TPipe()
        q = asc.TQue(asc.TPosition.VECIN, 1)
        pipe.init_buffer(q, 1, 64 * 4)
        t = q.alloc_tensor(asc.float32)
        asc.data_copy(t, xg[1000], 64)
        q.enque(t)
        q.free_tensor(q.deque(asc.float32))

    with pytest.raises(OutOfBoundsError) as info:
        k[1](np.zeros(2048, np.float32), 8)
    assert ("reads elements [1000, 1064) of a GlobalTensor of 8 elements (through its view "
            "from element 1000) (argument 'x' from element 0; SetGlobalBuffer gave it 8 "
            "elements)") in str(info.value)
