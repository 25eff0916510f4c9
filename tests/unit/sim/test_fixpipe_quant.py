"""The Fixpipe op's scalar quantising modes (sim/lower/fixpipe.py with sim/lower/fixquant.py):
QF322B8_PRE, f32 L0C into int8 with FixpipeParamsV220.deqScalar, exact against asc-devkit's
reference algorithm, with ReLU, and the type rule as a located error."""

from __future__ import annotations

import numpy as np
import pytest

from ascdsl.dialects.ascendc.types_cube import QuantMode
from ascdsl.sim import InvalidArgumentError
from cube_kernels import mmad_kernel
from sim_kernels import run


def _word(scale: float, offset: int = 0, signed: bool = True) -> int:
    return int(np.float32(scale).view(np.uint32)) | (offset & 0x1FF) << 37 | int(signed) << 46


def _operands(m, n, k, seed):
    rng = np.random.default_rng(seed)
    a = rng.integers(-8, 9, (m, k)).astype(np.float16)
    b = rng.integers(-8, 9, (k, n)).astype(np.float16)
    return a, b, a.astype(np.float32) @ b.astype(np.float32)


def _req(acc, scale, offset=0, signed=True, relu=False):
    x = np.maximum(acc, 0) if relu else acc
    x = np.round(np.clip(x * np.float32(scale), -256, 255)) + offset
    return np.clip(x, -128, 127) if signed else np.clip(x, 0, 255)


@pytest.mark.parametrize("relu", [False, True])
def test_qf322b8_pre_quantises_f32_l0c_into_int8(relu):
    m, n, k = 32, 32, 48
    a, b, acc = _operands(m, n, k, 1)
    c = np.zeros((m, n), np.int8)
    w = _word(0.25)
    run(mmad_kernel(m, n, k, out="i8", quant=int(QuantMode.QF322B8_PRE), relu=relu, deq=w),
        [a.ravel(), b.ravel(), c.ravel()])
    np.testing.assert_array_equal(c, _req(acc, 0.25, relu=relu).astype(np.int8))
    assert (c == 127).any() and ((c == 0).any() if relu else (c == -128).any())


def test_qf322b8_pre_unsigned_with_an_offset_stores_the_bytes():
    m, n, k = 16, 32, 32
    a, b, acc = _operands(m, n, k, 2)
    c = np.zeros((m, n), np.uint8)
    w = _word(0.5, offset=60, signed=False)
    run(mmad_kernel(m, n, k, out="ui8", quant=int(QuantMode.QF322B8_PRE), deq=w),
        [a.ravel(), b.ravel(), c.ravel()])
    np.testing.assert_array_equal(c, _req(acc, 0.5, 60, signed=False).astype(np.uint8))


def test_req8_needs_int32_l0c():
    m = n = k = 16
    a, b, _ = _operands(m, n, k, 3)
    c = np.zeros((m, n), np.int8)
    with pytest.raises(InvalidArgumentError, match="quantPre=REQ8, which converts i32 to i8 or ui8"):
        run(mmad_kernel(m, n, k, out="i8", quant=int(QuantMode.REQ8), deq=_word(1.0)),
            [a.ravel(), b.ravel(), c.ravel()])


def test_set_fixpipe_pre_quant_flag_is_overwritten_by_the_fixpipes_own_word():
    # dav-c220's Fixpipe sets QUANT_PRE from deqScalar in the scalar modes, so a word written
    # before it with SetFixpipePreQuantFlag changes nothing.
    m, n, k = 16, 16, 16
    a, b, acc = _operands(m, n, k, 3)
    c = np.zeros((m, n), np.int8)
    text = mmad_kernel(m, n, k, out="i8", quant=int(QuantMode.QF322B8_PRE), deq=_word(0.5))
    before = "    %pf = ascendc.construct !ascendc.fixpipe_params_v220"
    assert before in text
    text = text.replace(before, f"    %other = arith.constant {_word(8.0)} : i64\n"
                                "    ascendc.set_fixpipe_pre_quant_flag %other : i64\n" + before)
    run(text, [a.ravel(), b.ravel(), c.ravel()])
    np.testing.assert_array_equal(c, _req(acc, 0.5).astype(np.int8))
