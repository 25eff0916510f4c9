"""`repeat_times` as pyasc writes it, an i8, read by every consumer as Ascend C's uint8_t.

pyasc materializes the repeat count of the masked vector forms with `_mat(repeat_times,
KT.int8)`: `arith.constant 1 : i8`, and `arith.trunci` for a runtime i32. Its builder refuses
128..255; ascdsl stores the byte (200 is `-56 : i8`, which C++ converts back to 200 at the
`uint8_t repeatTime` parameter), so the simulator must run 200 and 255 repeats, not -56 or -1.
"""

from __future__ import annotations

import numpy as np
import pytest
from frontend_helpers import codegen
from xdsl.dialects import arith
from xdsl.dialects.builtin import IntegerType

import ascdsl as asc
from ascdsl.dialects import ascendc, emitc

N = 255 * 128  # halves: 255 repeats of one 256-byte repeat each


def _kernel(reps):
    """adds(+1) over `reps` repeats of 128 halves (mask 128, contiguous repeats); None: the
    kernel's runtime argument `n`."""
    runtime = reps is None

    @asc.jit
    def k(x: asc.GlobalAddress, z: asc.GlobalAddress, n: int):
        gx = asc.GlobalTensor()
        gx.set_global_buffer(x)
        gz = asc.GlobalTensor()
        gz.set_global_buffer(z)
        lx = asc.LocalTensor(asc.float16, asc.TPosition.VECIN, 0, N)
        lz = asc.LocalTensor(asc.float16, asc.TPosition.VECOUT, N * 2, N)
        asc.data_copy(lx, gx, N)
        asc.duplicate(lz, 0.0, N)
        asc.set_flag(asc.HardEvent.MTE2_V, 0)
        asc.wait_flag(asc.HardEvent.MTE2_V, 0)
        params = asc.UnaryRepeatParams(1, 1, 8, 8)
        if asc.ConstExpr(runtime):
            asc.adds(lz, lx, 1.0, mask=128, repeat_times=n, repeat_params=params)
        else:
            asc.adds(lz, lx, 1.0, mask=128, repeat_times=reps, repeat_params=params)
        asc.set_flag(asc.HardEvent.V_MTE3, 0)
        asc.wait_flag(asc.HardEvent.V_MTE3, 0)
        asc.data_copy(gz, lz, N)

    return k


def _run(reps, n=0):
    x = (np.arange(N) % 7).astype(np.float16)
    z = np.full(N, -5, np.float16)
    _kernel(reps)[1](x, z, np.int32(n))
    return x, z


@pytest.mark.parametrize("reps", [200, 255])
def test_a_repeat_count_above_127_runs_that_many_repeats(reps):
    x, z = _run(reps)
    done = reps * 128
    np.testing.assert_array_equal(z[:done], x[:done] + np.float16(1))
    np.testing.assert_array_equal(z[done:], 0)  # duplicate's zeros: no repeat reached them


def test_the_constant_is_the_byte_pyasc_would_store():
    ck = codegen(_kernel(200), np.zeros(N, np.float16), np.zeros(N, np.float16), np.int32(0))
    (op,) = [o for o in ck.module.walk() if isinstance(o, ascendc.AddsL0Op)]
    rt = op.repeat_times.owner
    assert isinstance(rt, arith.ConstantOp)
    assert rt.result.type == IntegerType(8) and rt.value.value.data == -56
    mask = op.mask.owner  # pyasc's vec_binary_scalar: an i64 mask
    assert isinstance(mask, arith.ConstantOp) and mask.result.type == IntegerType(64)


def test_a_runtime_count_is_truncated_to_its_low_byte_as_in_cpp():
    ck = codegen(_kernel(None), np.zeros(N, np.float16), np.zeros(N, np.float16), np.int32(0))
    (op,) = [o for o in ck.module.walk() if isinstance(o, ascendc.AddsL0Op)]
    assert isinstance(op.repeat_times.owner, arith.TruncIOp)
    x, z = _run(None, n=200)
    np.testing.assert_array_equal(z[:200 * 128], x[:200 * 128] + np.float16(1))
    np.testing.assert_array_equal(z[200 * 128:], 0)
    # 256 + 3: C++ passes the low byte, 3 repeats
    x, z = _run(None, n=259)
    np.testing.assert_array_equal(z[:3 * 128], x[:3 * 128] + np.float16(1))
    np.testing.assert_array_equal(z[3 * 128:], 0)


@pytest.mark.parametrize("reps", [256, -1])
def test_a_literal_outside_uint8_is_a_located_error(reps):
    with pytest.raises(asc.CompilationError) as info:
        codegen(_kernel(reps), np.zeros(N, np.float16),
                np.zeros(N, np.float16), np.int32(0))
    assert "'repeat_times' is a uint8_t in Ascend C (0 to 255)" in info.value.message
    assert info.value.location is not None


def test_unary_and_reduce_forms_take_pyasc_s_operand_types():
    @asc.jit
    def k(n: int):
        a = asc.LocalTensor(asc.float16, asc.TPosition.VECIN, 0, 512)
        b = asc.LocalTensor(asc.float16, asc.TPosition.VECOUT, 1024, 512)
        w = asc.LocalTensor(asc.float16, asc.TPosition.VECCALC, 2048, 512)
        asc.exp(b, a, mask=128, repeat_times=2, repeat_params=asc.UnaryRepeatParams(1, 1, 8, 8))
        asc.reduce_sum(b, a, w, mask=128, repeat_time=2, src_rep_stride=8)

    ck = codegen(k, np.int32(0))
    (exp,) = [o for o in ck.module.walk() if isinstance(o, ascendc.ExpL0Op)]
    (red,) = [o for o in ck.module.walk() if isinstance(o, ascendc.ReduceSumL0Op)]
    # vec_unary: ui64 mask, i8 repeat; reduce_sum: ui64 mask, ui8 repeat and stride
    assert isinstance(exp.mask.owner, emitc.ConstantOp) and str(exp.mask.type) == "ui64"
    assert exp.repeat_times.type == IntegerType(8)
    assert [str(v.type) for v in (red.mask, red.repeat_time, red.src_rep_stride)] == \
        ["ui64", "ui8", "ui8"]
