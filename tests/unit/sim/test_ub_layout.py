"""UB as the NPU has it (ascdsl/sim/ub_layout.py): an access past a LocalTensor's end lands in
the bytes TPipe put after it; harmless overruns are warnings naming what lies there, an
overrun that clobbers data a later op reads is an error, past the UB's end is fatal."""

import warnings

import numpy as np
import pytest

from ascdsl.sim import OutOfBoundsError, SimulationWarning
from sim_kernels import line_of, rand, run, ub_kernel, vadd_framework


def warnings_of(report):
    return [f for f in report.findings if f.warning]


def errors_of(report):
    return [f for f in report.findings if not f.warning]


def quiet_run(text, args, **kw):
    with warnings.catch_warnings():
        warnings.simplefilter("ignore", SimulationWarning)
        return run(text, args, **kw)


def full_repeat_vadd(buffer_num: int, dtype: str) -> str:
    """pyasc's test_vadd_bits: the add runs a full repeat (256 bytes) on 64-element tiles."""
    t = f"!ascendc.local_tensor<*x{dtype}>"
    full = 256 // {"f32": 4, "f16": 2}[dtype]
    text = vadd_framework(buffer_num, dtype)
    return text.replace(
        f"    ascendc.add_l2 %zl, %xc, %yc, %tile_length : {t}, {t}, {t}, i32",
        f"    %full = arith.constant {full} : i32\n"
        f"    ascendc.add_l2 %zl, %xc, %yc, %full : {t}, {t}, {t}, i32")


def vadd_args(n, dtype, seed=0):
    return [rand(n, dtype, seed), rand(n, dtype, seed + 1), np.zeros(n, dtype)]


def test_a_full_repeat_into_a_64_element_tile_is_a_warning_and_the_result_is_right():
    # f16 tiles of 64: x at UB [0, 128), y at [128, 256), z at [256, 384). The add reads 128
    # elements of x (into y's buffer) and of y (into z's) and writes 128 into z: [384, 512)
    # is UB no buffer owns. On the NPU the test passes; here too, with three warnings.
    text = full_repeat_vadd(1, "f16")
    x, y, z = vadd_args(256, np.float16)
    with pytest.warns(SimulationWarning):
        report = run(text, [x, y, z, 256, 64, 4], kernel="vadd")
    np.testing.assert_array_equal(z, x + y)
    assert errors_of(report) == []
    # A finding is kept once per op: the add's first overrun, its write of tile 0.
    [w] = warnings_of(report)
    assert isinstance(w, OutOfBoundsError) and w.loc.line == line_of(text, "ascendc.add_l2")
    assert ("writes elements [0, 128) of a tensor that has 64 f16 elements (vecout UB bytes "
            "[256, 384)): bytes [384, 512): UB no buffer of the core owns; the NPU writes them"
            in str(w))
    assert "findings: 1 (1 warning)" in report.summary()


def test_an_overrun_into_a_free_buffer_of_the_queue_is_only_a_warning():
    # Double buffering, f16 tiles of 64: z's buffers at [512, 640) and [640, 768). The add
    # writes 128 elements from 512, over buffer 1, which no tensor holds. (With more tiles
    # the overrun reads of x and y race with the next tile's copy into their buffer 1: the
    # sanitizer reports that as it would any race.)
    text = full_repeat_vadd(2, "f16")
    x, y, z = vadd_args(64, np.float16)
    report = quiet_run(text, [x, y, z, 64, 64, 1], kernel="vadd")
    np.testing.assert_array_equal(z, x + y)
    assert errors_of(report) == []
    [w] = warnings_of(report)
    init = line_of(text, "init_queue %pipe, %qz")
    assert (f"bytes [640, 768): buffer 1 of a vecout queue (free; InitBuffer @ kernel.mlir:"
            f"{init}); the NPU writes them") in str(w)


def test_an_overrun_that_clobbers_data_a_later_op_reads_is_an_error():
    # x's tile [0, 128) f16 runs a full repeat of abs over y's buffer, which holds y's tile
    # (copied in): the add then reads y's buffer and would get |y| on the NPU.
    t = "!ascendc.local_tensor<*xf16>"
    text = vadd_framework(1, "f16").replace(
        "    %zl = ascendc.que_bind.alloc_tensor",
        f"    %full = arith.constant 128 : i32\n"
        f"    ascendc.abs_l2 %xc, %xc, %full : {t}, {t}, i32\n"
        f"    ascendc.pipe_barrier pipe_v\n"
        f"    %zl = ascendc.que_bind.alloc_tensor")
    x, y, z = vadd_args(64, np.float16)
    with pytest.raises(OutOfBoundsError) as e:
        quiet_run(text, [x, y, z, 64, 64, 1], kernel="vadd")
    err = e.value
    assert err.loc.line == line_of(text, "ascendc.add_l2")
    # the overrun itself: a warning naming the queue buffer it lands in
    report = quiet_run(text, [x, y, z, 64, 64, 1], sanitize="warn", kernel="vadd")
    [w] = warnings_of(report)
    init_y = line_of(text, "init_queue %pipe, %qy")
    assert (f"writes elements [0, 128) of a tensor that has 64 f16 elements (vecin UB bytes "
            f"[0, 128)): bytes [128, 256): buffer 0 of a vecin queue (in use; InitBuffer @ "
            f"kernel.mlir:{init_y}); the NPU writes them") in str(w)
    init = line_of(text, "init_queue %pipe, %qy")
    assert (f"'ascendc.add_l2' op reads UB bytes [128, 256) of buffer 0 of a vecin queue (in use; "
            f"InitBuffer @ kernel.mlir:{init}), which 'ascendc.abs_l2' overwrote when it wrote "
            "past the end of a tensor (vecin UB bytes [0, 128)): on the NPU this read gets the "
            "overrun's bytes") in str(err)
    assert f"kernel.mlir:{line_of(text, 'ascendc.abs_l2')}:5: note: the write past the " \
           "tensor's end" in str(err)
    # In "warn" mode the run goes on with the NPU's bytes: z = x + |y|... of x's tail.
    x, y, z = vadd_args(64, np.float16)
    y -= np.float16(0.5)
    report = quiet_run(text, [x, y, z, 64, 64, 1], sanitize="warn", kernel="vadd")
    [e2] = errors_of(report)
    assert "overwrote when it wrote past the end" in str(e2)
    np.testing.assert_array_equal(z, np.abs(x) + np.abs(y))


def test_views_of_one_tbuf_an_overrun_into_the_next_view_then_read():
    # ub_kernel: x, y, z are 64-f32 views of one TBuf at bytes 0, 256, 512. Eight elements
    # written past x are y[0:8]; reading y afterwards is the corruption.
    body = ("  %c72 = arith.constant 72 : i32\n"
            "  %five = arith.constant 5.0 : f32\n"
            "  ascendc.duplicate_l2 %xl, %five, %c72 : TX, f32, i32\n"
            "  ascendc.pipe_barrier pipe_v\n"
            "  ascendc.add_l2 %zl, %yl, %xl, %n : TZ, TX, TX, i32")
    text = ub_kernel(body)
    x, y, z = rand(64), rand(64, seed=1), np.zeros(64, np.float32)
    report = quiet_run(text, [x, y, z], sanitize="warn")
    [w] = warnings_of(report)
    assert ("writes elements [0, 72) of a tensor that has 64 f32 elements (veccalc UB bytes "
            "[0, 256)): bytes [256, 288): the rest of the tensor's own buffer, a veccalc TBuf"
            in str(w))
    [err] = errors_of(report)
    assert err.loc.line == line_of(text, "ascendc.add_l2")
    assert "reads UB bytes [256, 288) of a veccalc TBuf" in str(err)
    # what the NPU computes: y's first 8 elements are the duplicated 5.0
    np.testing.assert_array_equal(z[:8], np.full(8, 10.0, np.float32))
    np.testing.assert_array_equal(z[8:], y[8:] + 5.0)


def test_writing_the_clobbered_bytes_again_heals_them():
    body = ("  %c72 = arith.constant 72 : i32\n"
            "  %five = arith.constant 5.0 : f32\n"
            "  %two = arith.constant 2.0 : f32\n"
            "  ascendc.duplicate_l2 %xl, %five, %c72 : TX, f32, i32\n"
            "  ascendc.pipe_barrier pipe_v\n"
            "  ascendc.duplicate_l2 %yl, %two, %n : TX, f32, i32\n"
            "  ascendc.pipe_barrier pipe_v\n"
            "  ascendc.add_l2 %zl, %yl, %xl, %n : TZ, TX, TX, i32")
    x, y, z = rand(64), rand(64, seed=1), np.zeros(64, np.float32)
    report = quiet_run(ub_kernel(body), [x, y, z])
    assert errors_of(report) == [] and len(warnings_of(report)) == 1
    np.testing.assert_array_equal(z, np.full(64, 7.0, np.float32))


def test_an_overrun_of_bytes_nobody_wrote_is_no_clobber():
    # A Get(64) tensor of a 512-byte TBuf writes 8 past its end, then a Get(72) view reads
    # them: the bytes held nothing but what the overrun wrote, so there is nothing to corrupt.
    body = ("  %c72 = arith.constant 72 : i32\n"
            "  %five = arith.constant 5.0 : f32\n"
            "  %c64 = arith.constant 64 : i32\n"
            "  %t = ascendc.tbuf.get_tensor %b, %c64 : !ascendc.tbuf<veccalc>, FT, i32\n"
            "  %w = ascendc.tbuf.get_tensor %b, %c72 : !ascendc.tbuf<veccalc>, FT, i32\n"
            "  ascendc.duplicate_l2 %t, %five, %c72 : FT, f32, i32\n"
            "  ascendc.pipe_barrier pipe_v\n"
            "  ascendc.add_l2 %zl, %w, %w, %n : TZ, FT, FT, i32").replace(
                "FT", "!ascendc.local_tensor<*xf32>")
    text = ub_kernel(body).replace(
        "  %oy = arith.constant",
        "  %b = ascendc.tbuf : <veccalc>\n"
        "  %blen = arith.constant 512 : i32\n"
        "  ascendc.pipe.init_buffer %pipe, %b, %blen : !ascendc.tbuf<veccalc>, i32\n"
        "  %oy = arith.constant")
    x, y, z = rand(64), rand(64, seed=1), np.zeros(64, np.float32)
    report = quiet_run(text, [x, y, z])
    assert errors_of(report) == []
    [w] = warnings_of(report)
    assert "bytes [1024, 1056): the rest of the tensor's own buffer, a veccalc TBuf" in str(w)
    np.testing.assert_array_equal(z, np.full(64, 10.0, np.float32))


def test_past_the_end_of_ub_is_fatal():
    # 910B: 196608 bytes of UB. A static tensor in its last 256 bytes, written 72 f32 long.
    text = """\
func.func @k() attributes {ascendc.global} {
  %addr = "emitc.constant"() <{value = 196352 : ui32}> : () -> ui32
  %n = "emitc.constant"() <{value = 64 : ui32}> : () -> ui32
  %c72 = arith.constant 72 : i32
  %one = arith.constant 1.0 : f32
  %t = ascendc.local_tensor_v2 veccalc, %addr, %n : !ascendc.local_tensor<*xf32>
  ascendc.duplicate_l2 %t, %one, %c72 : !ascendc.local_tensor<*xf32>, f32, i32
  func.return
}
"""
    with pytest.raises(OutOfBoundsError) as e:
        run(text, [])
    assert e.value.loc.line == 7
    assert ("writes elements [0, 72) of a f32 tensor at UB byte 196352: bytes [196352, "
            "196640) lie outside the 196608-byte UB") in str(e.value)


def test_a_static_tensor_past_its_end_names_the_static_tensor_it_lands_in():
    text = """\
func.func @k() attributes {ascendc.global} {
  %a0 = "emitc.constant"() <{value = 0 : ui32}> : () -> ui32
  %a1 = "emitc.constant"() <{value = 256 : ui32}> : () -> ui32
  %n = "emitc.constant"() <{value = 64 : ui32}> : () -> ui32
  %c72 = arith.constant 72 : i32
  %one = arith.constant 1.0 : f32
  %t = ascendc.local_tensor_v2 veccalc, %a0, %n : !ascendc.local_tensor<*xf32>
  %u = ascendc.local_tensor_v2 veccalc, %a1, %n : !ascendc.local_tensor<*xf32>
  ascendc.duplicate_l2 %t, %one, %c72 : !ascendc.local_tensor<*xf32>, f32, i32
  func.return
}
"""
    report = quiet_run(text, [])
    [w] = warnings_of(report)
    assert ("bytes [256, 288): a static LocalTensor (local_tensor_v2 @ kernel.mlir:8)"
            in str(w))
