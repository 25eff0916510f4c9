"""Counter mode (SetMaskCount) as the 910B's headers use it: the mask register's low word is
the element count of the whole instruction, over as many repeats as it needs, with the
block and repeat strides; repeatTimes is not used. The count APIs leave normal mode with a
full mask; families without a counter model stop with a located error."""

from __future__ import annotations

import numpy as np
import pytest

import ascdsl as asc
from ascdsl.sim.errors import InvalidArgumentError, NotSimulatedError

N = 256


@asc.jit
def _counter(x: asc.GlobalAddress, z: asc.GlobalAddress, count: int,
             form: asc.ConstExpr[int]):
    gx = asc.GlobalTensor()
    gx.set_global_buffer(x)
    gz = asc.GlobalTensor()
    gz.set_global_buffer(z)
    pipe = asc.TPipe()
    buf = asc.TBuf(asc.TPosition.VECCALC)
    pipe.init_buffer(buf, 2 * N * 4)
    src = buf.get_with_offset(N, 0, asc.float32)
    dst = buf.get_with_offset(N, N * 4, asc.float32)
    asc.data_copy(src, gx, N)
    asc.set_flag(asc.HardEvent.MTE2_V, 0)
    asc.wait_flag(asc.HardEvent.MTE2_V, 0)
    asc.duplicate(dst, -1.0, N)
    asc.pipe_barrier(asc.PipeID.PIPE_V)
    asc.set_mask_count()
    asc.set_vector_mask(count, dtype=asc.float32, mode=asc.MaskMode.COUNTER)
    if form == 0:
        # repeat_times 1 is not used: 100 f32 are two repeats, 64 + 36
        asc.adds(dst, src, 1.0, 64, 1, asc.UnaryRepeatParams(1, 1, 8, 8), is_set_mask=False)
    elif form == 1:
        # repeat strides of 16 blocks: repeat 1 starts at element 128 of both
        asc.copy(dst, src, 64, 1, asc.CopyRepeatParams(1, 1, 16, 16), is_set_mask=False)
    elif form == 2:
        # an op that sets its own (normal-mode) mask in counter mode
        asc.adds(dst, src, 1.0, 64, 1, asc.UnaryRepeatParams(1, 1, 8, 8))
    elif form == 3:
        # a count API switches back to normal mode with a full mask
        asc.adds(dst, src, 2.0, 8)
        asc.pipe_barrier(asc.PipeID.PIPE_V)
        asc.adds(dst, src, 1.0, 64, 2, asc.UnaryRepeatParams(1, 1, 8, 8), is_set_mask=False)
    asc.set_mask_norm()
    asc.reset_mask()
    asc.set_flag(asc.HardEvent.V_MTE3, 0)
    asc.wait_flag(asc.HardEvent.V_MTE3, 0)
    asc.data_copy(gz, dst, N)


def run(count, form):
    x = np.arange(N, dtype=np.float32)
    z = np.zeros(N, np.float32)
    _counter[1](x, z, count, form)
    return x, z


def test_the_count_runs_over_repeats_and_ignores_repeat_times():
    x, z = run(100, 0)
    expected = np.full(N, -1, np.float32)
    expected[:100] = x[:100] + 1
    np.testing.assert_array_equal(z, expected)


def test_counter_mode_keeps_the_repeat_strides():
    x, z = run(100, 1)
    expected = np.full(N, -1, np.float32)
    expected[:64] = x[:64]
    expected[128:164] = x[128:164]
    np.testing.assert_array_equal(z, expected)


def test_an_op_that_sets_its_own_mask_in_counter_mode_is_a_located_error():
    with pytest.raises(InvalidArgumentError) as e:
        run(100, 2)
    msg = str(e.value)
    assert ("runs in counter mode with 18446744073709551615 elements (the mask register's "
            "low word): this op's isSetMask wrote a normal-mode bit mask there") in msg
    assert "test_mask_counter.py:" in msg


def test_a_count_api_leaves_normal_mode_with_a_full_mask():
    x, z = run(100, 3)
    expected = np.full(N, -1, np.float32)
    expected[:128] = x[:128] + 1  # the L0 op's 2 repeats of 64: normal mode, full mask
    np.testing.assert_array_equal(z, expected)


@asc.jit
def _select_in_counter_mode(x: asc.GlobalAddress):
    pipe = asc.TPipe()
    buf = asc.TBuf(asc.TPosition.VECCALC)
    pipe.init_buffer(buf, 4096)
    a = buf.get_with_offset(64, 0, asc.float32)
    m = buf.get_with_offset(32, 1024, asc.uint8)
    asc.set_mask_count()
    asc.set_vector_mask(64, dtype=asc.float32, mode=asc.MaskMode.COUNTER)
    asc.compare(m, a, a, asc.CMPMODE.LT, 64, 1, asc.BinaryRepeatParams(), is_set_mask=False)


def test_families_without_a_counter_model_stop_with_a_located_error():
    with pytest.raises(NotSimulatedError) as e:
        _select_in_counter_mode[1](np.zeros(64, np.float32))
    assert ("runs in counter mode (SetMaskCount), which the simulator models for the "
            "elementwise L0/L1 ops only, not for Compare; call SetMaskNorm() before it"
            in str(e.value))


def test_bit_masks_on_8_bit_elements_have_no_910b_form():
    # the headers give Duplicate, Copy and the binary/unary ops 16- and 32-bit types only
    from sim_kernels import run as run_ir

    text = """\
func.func @k() attributes {ascendc.global} {
  %a0 = "emitc.constant"() <{value = 0 : ui32}> : () -> ui32
  %n = "emitc.constant"() <{value = 512 : ui32}> : () -> ui32
  %t = ascendc.local_tensor_v2 veccalc, %a0, %n : !ascendc.local_tensor<*xi8>
  %s = arith.constant 3 : i8
  %m = arith.constant -1 : i64
  %m0 = builtin.unrealized_conversion_cast %m : i64 to ui64
  %c1 = arith.constant 1 : i32
  %c8 = arith.constant 8 : i32
  ascendc.duplicate_l1 %t, %s, %m0, %m0, %c1, %c1, %c8 : !ascendc.local_tensor<*xi8>, i8, ui64, ui64, i32, i32, i32
  func.return
}
"""
    with pytest.raises(NotSimulatedError) as e:
        run_ir(text, [])
    assert e.value.loc.line == 10
    assert ("'ascendc.duplicate_l1' op on 8-bit elements only has no form on Ascend910B1: its "
            "instructions take 16- and 32-bit elements") in str(e.value)
