"""The basic Fixpipe's vector quantisation modes (VDEQF16, VREQ8, VQF322B8_PRE): a scale word
per column, read from an L1 workspace (`asc.fixpipe(dst, src, cbuf_workspace, params)`), as
kernel_operator_fixpipe_v2_impl.h runs them; exact against a per-element transcription of
asc-devkit's reference algorithm (fixpipe_l0c2gm/scripts/gen_data_*.py), with the cost of the
L1 -> FB chunks and the located errors of misuse."""

from __future__ import annotations

import numpy as np
import pytest

import ascdsl as asc
from ascdsl.sim import InvalidArgumentError
from ascdsl.sim.lower.fixquant import fb_chunks

QM = asc.QuantModes


def _word(scale: float, offset: int = 0, signed: bool = True) -> int:
    return int(np.float32(scale).view(np.uint32)) | (offset & 0x1FF) << 37 | int(signed) << 46


def _m1(words: np.ndarray) -> np.ndarray:
    return (words.astype(np.uint64) & np.uint64(0xFFFFE000)).astype(np.uint32).view(np.float32)


def _requant_ref(acc: np.ndarray, words: np.ndarray) -> np.ndarray:
    """gen_data_s322s8.py's req8_pre / gen_data_f322s8.py's qf322b8_pre, element by element,
    with column j's word: f32 product, saturate to [-256, 255], round half to even, add the
    9-bit offset, saturate to the 8-bit range the sign bit picks; the byte as stored."""
    m, n = acc.shape
    out = np.zeros((m, n), np.uint8)
    for j in range(n):
        w = int(words[j])
        m1 = np.float32(_m1(np.array([w], np.uint64))[0])
        off = (w >> 37) & 0x1FF  # unsigned, as extract_quant_params reads it
        signed = (w >> 46) & 1
        for i in range(m):
            x = np.float32(np.float32(acc[i, j]) * m1)
            x = min(max(float(x), -256.0), 255.0)
            q = int(np.round(x)) + off
            q = min(max(q, -128), 127) if signed else min(max(q, 0), 255)
            out[i, j] = q & 0xFF
    return out


def int8_kernel(M, N, K, quant, relu=False, ws_pos=None, sync_ws=True):
    """The kernel C = fixpipe(A @ B) with A [M, K] and B^T [N, K] int8 (int32 in L0C), one
    block, the scale words copied GM -> L1."""
    M1, N1, K1 = M // 16, N // 16, K // 32
    pos = asc.TPosition.A1 if ws_pos is None else ws_pos

    @asc.jit
    def kernel(a: asc.GlobalAddress, bt: asc.GlobalAddress, s: asc.GlobalAddress,
               c: asc.GlobalAddress):
        a_gm, b_gm, s_gm, c_gm = (asc.GlobalTensor(), asc.GlobalTensor(), asc.GlobalTensor(),
                                  asc.GlobalTensor())
        a_gm.set_global_buffer(a, M * K)
        b_gm.set_global_buffer(bt, N * K)
        s_gm.set_global_buffer(s, N)
        c_gm.set_global_buffer(c, M * N)
        a1 = asc.LocalTensor(asc.int8, asc.TPosition.A1, 0, M * K)
        b1 = asc.LocalTensor(asc.int8, asc.TPosition.B1, M * K, N * K)
        ws = asc.LocalTensor(asc.uint64, pos, M * K + N * K, N)
        a2 = asc.LocalTensor(asc.int8, asc.TPosition.A2, 0, M * K)
        b2 = asc.LocalTensor(asc.int8, asc.TPosition.B2, 0, N * K)
        co1 = asc.LocalTensor(asc.int32, asc.TPosition.CO1, 0, M * N)
        asc.data_copy(a1, a_gm, asc.Nd2NzParams(1, M, K, 0, K, M, 1, 0))
        # B^T's NZ fractals are B's ZN fractals: one load of all of them, no transpose
        asc.data_copy(b1, b_gm, asc.Nd2NzParams(1, N, K, 0, K, N, 1, 0))
        asc.set_flag(asc.HardEvent.MTE2_MTE1, 0)
        asc.wait_flag(asc.HardEvent.MTE2_MTE1, 0)
        asc.data_copy(ws, s_gm, N)  # after the flag: only MTE2_FIX orders it before FIX
        for i in asc.static_range(M1):
            asc.load_data(a2[i * K1 * 512:], a1, asc.LoadData2DParams(i, K1, M1, 0, 0, False, 0))
        asc.load_data(b2, b1, asc.LoadData2DParams(0, K1 * N1, 1, 0, 0, False, 0))
        asc.set_flag(asc.HardEvent.MTE1_M, 0)
        asc.wait_flag(asc.HardEvent.MTE1_M, 0)
        asc.mmad(co1, a2, b2, asc.MmadParams(M, N, K, is_bias=False, fm_offset=0,
                                             en_ssparse=False, en_winograd_a=False,
                                             en_winograd_b=False))
        asc.set_flag(asc.HardEvent.M_FIX, 0)
        asc.wait_flag(asc.HardEvent.M_FIX, 0)
        if sync_ws:
            asc.set_flag(asc.HardEvent.MTE2_FIX, 0)
            asc.wait_flag(asc.HardEvent.MTE2_FIX, 0)
        asc.fixpipe(c_gm, co1, ws, asc.FixpipeParamsV220(N, M, M, N, quant_pre=quant,
                                                         relu_en=relu))

    return kernel


def _int8_mmad_fixpipe(a_np, bt_np, words, out_dtype, quant, relu=False, ws_pos=None,
                       sync_ws=True):
    (M, K), N = a_np.shape, bt_np.shape[0]
    kernel = int8_kernel(M, N, K, quant, relu, ws_pos, sync_ws)
    c = np.zeros((M, N), out_dtype)
    report = kernel[1](a_np.ravel(), bt_np.ravel(), np.asarray(words, np.uint64), c.ravel())
    return c, report


def _operands(m, n, k, seed):
    rng = np.random.default_rng(seed)
    a = rng.integers(-128, 128, (m, k)).astype(np.int8)
    bt = rng.integers(-128, 128, (n, k)).astype(np.int8)
    return a, bt, a.astype(np.int64) @ bt.astype(np.int64).T


def test_vreq8_requantises_each_column_with_its_own_word():
    m, n, k = 32, 48, 64
    a, bt, acc = _operands(m, n, k, 1)
    rng = np.random.default_rng(2)
    # Scales around 1/256 (the sums reach ~±100k), offsets, mixed sign bits: every column
    # has its own conversion, and both saturations happen.
    words = np.array([_word(float(rng.uniform(0.2, 2.0)) / 256, int(rng.integers(0, 40)),
                            bool(j % 3)) for j in range(n)], np.uint64)
    c, report = _int8_mmad_fixpipe(a, bt, words, np.int8, QM.VREQ8)
    want = _requant_ref(acc, words).view(np.int8)
    np.testing.assert_array_equal(c, want)
    assert (c == 127).any() and (c == -128).any()
    assert not report.findings


def test_vdeqf16_dequantises_each_column_rounding_once():
    m, n, k = 16, 32, 32
    a, bt, acc = _operands(m, n, k, 3)
    scales = np.float32(2.0) ** -np.arange(4, n + 4, dtype=np.float32) * np.float32(1.375)
    words = np.array([_word(float(s)) for s in scales], np.uint64)
    c, _ = _int8_mmad_fixpipe(a, bt, words, np.float16, QM.VDEQF16)
    # The exact product (int32 x 11 significant bits fits f64), rounded once into f16.
    want = (acc.astype(np.float64) * _m1(words).astype(np.float64)[None, :]).astype(np.float16)
    np.testing.assert_array_equal(c, want)


def test_vreq8_with_relu_cuts_negative_accumulators():
    m, n, k = 16, 16, 32
    a, bt, acc = _operands(m, n, k, 4)
    words = np.array([_word(1 / 1024, 5)] * n, np.uint64)
    c, _ = _int8_mmad_fixpipe(a, bt, words, np.int8, QM.VREQ8, relu=True)
    np.testing.assert_array_equal(c, _requant_ref(np.maximum(acc, 0), words).view(np.int8))
    assert c.min() == 5  # every negative accumulator became 0, plus the offset


@asc.jit
def f16_vqf322b8(a: asc.GlobalAddress, b: asc.GlobalAddress, s: asc.GlobalAddress,
                 c: asc.GlobalAddress):
    a_gm, b_gm, s_gm, c_gm = (asc.GlobalTensor(), asc.GlobalTensor(), asc.GlobalTensor(),
                              asc.GlobalTensor())
    a_gm.set_global_buffer(a, 256)
    b_gm.set_global_buffer(b, 256)
    s_gm.set_global_buffer(s, 16)
    c_gm.set_global_buffer(c, 256)
    a1 = asc.LocalTensor(asc.float16, asc.TPosition.A1, 0, 256)
    b1 = asc.LocalTensor(asc.float16, asc.TPosition.B1, 512, 256)
    ws = asc.LocalTensor(asc.uint64, asc.TPosition.A1, 1024, 16)
    a2 = asc.LocalTensor(asc.float16, asc.TPosition.A2, 0, 256)
    b2 = asc.LocalTensor(asc.float16, asc.TPosition.B2, 0, 256)
    co1 = asc.LocalTensor(asc.float32, asc.TPosition.CO1, 0, 256)
    asc.data_copy(a1, a_gm, asc.Nd2NzParams(1, 16, 16, 0, 16, 16, 1, 0))
    asc.data_copy(b1, b_gm, asc.Nd2NzParams(1, 16, 16, 0, 16, 16, 1, 0))
    asc.data_copy(ws, s_gm, 16)
    asc.set_flag(asc.HardEvent.MTE2_MTE1, 0)
    asc.wait_flag(asc.HardEvent.MTE2_MTE1, 0)
    asc.load_data(a2, a1, asc.LoadData2DParams(0, 1, 1, 0, 0, False, 0))
    asc.load_data(b2, b1, asc.LoadData2DParams(0, 1, 1, 0, 0, True, 0))
    asc.set_flag(asc.HardEvent.MTE1_M, 0)
    asc.wait_flag(asc.HardEvent.MTE1_M, 0)
    asc.mmad(co1, a2, b2, asc.MmadParams(16, 16, 16, is_bias=False, fm_offset=0,
                                         en_ssparse=False, en_winograd_a=False,
                                         en_winograd_b=False))
    asc.set_flag(asc.HardEvent.M_FIX, 0)
    asc.wait_flag(asc.HardEvent.M_FIX, 0)
    asc.set_flag(asc.HardEvent.MTE2_FIX, 0)
    asc.wait_flag(asc.HardEvent.MTE2_FIX, 0)
    asc.fixpipe(c_gm, co1, ws, asc.FixpipeParamsV220(16, 16, 16, 16,
                                                     quant_pre=asc.QuantModes.VQF322B8_PRE))


def test_vqf322b8_pre_quantises_f32_l0c_per_column_into_uint8_bytes():
    rng = np.random.default_rng(5)
    a = rng.integers(-8, 9, (16, 16)).astype(np.float16)
    b = rng.integers(-8, 9, (16, 16)).astype(np.float16)
    acc = a.astype(np.float32) @ b.astype(np.float32)
    words = np.array([_word(0.25 * (j + 1), 3 * j, signed=j < 8) for j in range(16)],
                     np.uint64)
    c = np.zeros((16, 16), np.uint8)
    f16_vqf322b8[1](a.ravel(), b.ravel(), words, c.ravel())
    np.testing.assert_array_equal(c, _requant_ref(acc, words))


def test_fb_chunks_follow_gen_fixpipe_tiling_v220():
    assert fb_chunks(48) == [(0, 48)]
    assert fb_chunks(256) == [(0, 256)]
    assert fb_chunks(300) == [(0, 128), (128, 128), (256, 44)]
    assert fb_chunks(384) == [(0, 128), (128, 128), (256, 128)]


def test_wide_blocks_load_fb_in_chunks_on_fix():
    # 272 columns: three FB loads (128, 128, 16 words), each followed by a PipeBarrier and its
    # part of the rows; FIX takes longer than one 256-column load and write would.
    m, k = 16, 32
    words = lambda n: np.array([_word(1 / 512)] * n, np.uint64)  # noqa: E731
    a, bt, acc = _operands(m, 272, k, 6)
    c, report = _int8_mmad_fixpipe(a, bt, words(272), np.int8, QM.VREQ8)
    np.testing.assert_array_equal(c, _requant_ref(acc, words(272)).view(np.int8))
    a2, bt2, _ = _operands(m, 256, k, 6)
    _, report2 = _int8_mmad_fixpipe(a2, bt2, words(256), np.int8, QM.VREQ8)
    fix = report.cores[0].busy["PIPE_FIX"]
    fix2 = report2.cores[0].busy["PIPE_FIX"]
    assert fix > fix2 * 272 / 256


def test_missing_mte2_fix_flag_before_the_workspace_read_is_a_race():
    a, bt, _ = _operands(16, 16, 32, 7)
    with pytest.raises(asc.RaceError) as e:
        _int8_mmad_fixpipe(a, bt, np.array([_word(1 / 512)] * 16, np.uint64), np.int8,
                           QM.VREQ8, sync_ws=False)
    assert "asc.fixpipe(" in str(e.value) and "asc.data_copy(ws" in str(e.value)


@asc.jit
def no_ws(c: asc.GlobalAddress):
    c_gm = asc.GlobalTensor()
    c_gm.set_global_buffer(c, 256)
    co1 = asc.LocalTensor(asc.int32, asc.TPosition.CO1, 0, 256)
    asc.fixpipe(c_gm, co1, asc.FixpipeParamsV220(16, 16, 16, 16,
                                                 quant_pre=asc.QuantModes.VREQ8))


def test_vector_mode_without_a_workspace_is_a_located_error():
    with pytest.raises(InvalidArgumentError, match="without the scale vector: pass it as the "
                                                   "cbuf_workspace") as e:
        no_ws[1](np.zeros(256, np.int8))
    assert "asc.fixpipe(" in str(e.value)


def test_workspace_outside_l1_is_a_located_error():
    a, bt, _ = _operands(16, 16, 32, 8)
    with pytest.raises(InvalidArgumentError, match="reads its scale vector from a tensor in"):
        _int8_mmad_fixpipe(a, bt, np.array([_word(1.0)] * 16, np.uint64), np.int8, QM.VREQ8,
                           ws_pos=asc.TPosition.VECIN)


def test_scalar_mode_with_a_workspace_writes_nothing_and_says_so():
    a, bt, _ = _operands(16, 16, 32, 9)
    with pytest.raises(InvalidArgumentError, match="writes nothing: with a cbufWorkspace, "
                       "Fixpipe runs only the vector quantPre modes .* not NoQuant") as e:
        _int8_mmad_fixpipe(a, bt, np.array([_word(1.0)] * 16, np.uint64), np.int32,
                           QM.NoQuant)
    assert "asc.fixpipe(" in str(e.value)
