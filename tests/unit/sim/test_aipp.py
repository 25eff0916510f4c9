"""The AIPP conversion (sim/aipp.py) stage by stage against hand-computed values, and
SetAippFunctions + LoadImageToLocal on the simulator (sim/lower/aipp.py)."""

from __future__ import annotations

import numpy as np
import pytest

import ascdsl as asc
from ascdsl.sim.aipp import (RGB888_U8, XRGB8888_U8, YUV400_U8, YUV420SP_U8, AippConfig,
                             Window, convert, source_indices)

I8, F16 = np.dtype(np.int8), np.dtype(np.float16)


def config(fmt, *, pad_mode=0, pad_values=(0, 0, 0, 0), rb=False, uv=False, ax=False,
           single=False, mean=(0, 0, 0), dmin=(0.0, 0.0, 0.0), dvar=(1.0, 1.0, 1.0),
           cpad_mode=1, cpad_value=0, csc=False, matrix=((0,) * 3,) * 3, bias_in=(0, 0, 0),
           bias_out=(0, 0, 0)):
    """An AippParams value as the simulator holds it (six tuples, C++ field order)."""
    params = ((pad_mode, *pad_values), (rb, uv, ax), (single,),
              (*mean, *dmin, *dvar, 0), (cpad_mode, cpad_value),
              (csc, *(v for row in matrix for v in row), *bias_in, *bias_out))
    return AippConfig.from_params(fmt, params)


def run(cfg, window, src0, src1=None, out=I8):
    """Convert with the window's source bytes picked from flat src0/src1."""
    w = Window.of(cfg, window)
    i0, i1 = source_indices(cfg, w)
    b1 = None if i1 is None else np.asarray(src1, np.uint8)[i1]
    res, outside = convert(cfg, w, np.asarray(src0, np.uint8)[i0], b1, out)
    return res, outside


# A 4 x 5 RGB888 image: pixel (r, c) = (10r + c, 100 + 10r + c, 200 + r + c).
RGB = np.array([[(10 * r + c, 100 + 10 * r + c, 200 + r + c) for c in range(5)]
                for r in range(4)], np.uint8)


def test_crop_window_and_channel_padding_to_four():
    # 2 x 3 window from (row 1, col 1) of a 5-pixel-wide image; cPaddingMode 1: 4 channels,
    # the 4th the cPaddingValue.
    res, _ = run(config(RGB888_U8, cpad_value=-1), (3, 2, 1, 1, 5, 0, 0, 0, 0), RGB.ravel())
    assert res.shape == (2, 3, 4)
    assert res[0, 0].tolist() == [11, 111, 202 - 256, -1]  # int8: values past 127 wrap
    assert res[1, 2].tolist() == [23, 123, 205 - 256, -1]


def test_channel_padding_mode_zero_pads_to_32_bytes():
    res, _ = run(config(RGB888_U8, cpad_mode=0, cpad_value=7), (1, 1, 0, 0, 5, 0, 0, 0, 0),
                 RGB.ravel())
    assert res.shape == (1, 1, 32)  # int8: 32 channels
    assert res[0, 0, :3].tolist() == [0, 100, 200 - 256] and (res[0, 0, 3:] == 7).all()
    res, _ = run(config(RGB888_U8, cpad_mode=0), (1, 1, 0, 0, 5, 0, 0, 0, 0), RGB.ravel(),
                 out=F16)
    assert res.shape == (1, 1, 16)  # half: 16 channels


def test_swap_rb_on_rgb():
    res, _ = run(config(RGB888_U8, rb=True), (1, 1, 2, 3, 5, 0, 0, 0, 0), RGB.ravel())
    # pixel (3, 2) = (32, 132, 205): B, G, R
    assert res[0, 0, :3].tolist() == [205 - 256, 132 - 256, 32]


def test_xrgb_channel_choices():
    px = np.array([1, 2, 3, 4], np.uint8)  # X R G B
    win = (1, 1, 0, 0, 1, 0, 0, 0, 0)
    assert run(config(XRGB8888_U8), win, px)[0][0, 0, :3].tolist() == [1, 2, 3]  # X R G
    assert run(config(XRGB8888_U8, ax=True), win, px)[0][0, 0, :3].tolist() == [2, 3, 4]
    assert run(config(XRGB8888_U8, ax=True, rb=True), win, px)[0][0, 0, :3].tolist() == [4, 3, 2]
    assert run(config(XRGB8888_U8, rb=True), win, px)[0][0, 0, :3].tolist() == [3, 2, 1]


def test_yuv420sp_reads_uv_at_half_resolution_and_swaps():
    # 4 x 4 Y plane 0..15; UV plane 2 rows x 4 bytes (U V U V): row r = 50+10r.. .
    y = np.arange(16, dtype=np.uint8)
    uv = np.array([50, 51, 52, 53, 60, 61, 62, 63], np.uint8)
    win = (4, 4, 0, 0, 4, 0, 0, 0, 0)
    res, _ = run(config(YUV420SP_U8), win, y, uv)
    assert res[:, :, 0].tolist() == [[0, 1, 2, 3], [4, 5, 6, 7], [8, 9, 10, 11],
                                     [12, 13, 14, 15]]
    # pixel (3, 1): UV row 1, pair 0 -> U 60, V 61; pixel (0, 2): row 0, pair 1 -> 52, 53
    assert res[3, 1, 1:3].tolist() == [60, 61] and res[0, 2, 1:3].tolist() == [52, 53]
    res, _ = run(config(YUV420SP_U8, uv=True), win, y, uv)
    assert res[3, 1, 1:3].tolist() == [61, 60]


def test_yuv400_is_one_channel_without_csc():
    res, _ = run(config(YUV400_U8, cpad_value=9), (2, 1, 1, 0, 4, 0, 0, 0, 0),
                 np.arange(8, dtype=np.uint8))
    assert res[0].tolist() == [[1, 9, 9, 9], [2, 9, 9, 9]]


def test_csc_rgb_to_yuv_truncates_towards_zero_and_adds_the_output_bias():
    # k = 0: (R 77 + G 150 + B 29 + 128) / 256 + 0; k = 1: (-43 R - 85 G + 128 B + 128)/256 + 128
    m = ((77, 150, 29), (-43, -85, 128), (128, -107, -21))
    cfg = config(RGB888_U8, csc=True, matrix=m, bias_out=(0, 128, 128), cpad_mode=1)
    px = np.array([0, 0, 255], np.uint8)  # pure blue
    res, outside = run(cfg, (1, 1, 0, 0, 1, 0, 0, 0, 0), px, out=F16)
    # Y = (29*255 + 128) // 256 = 7523 // 256 = 29
    # U = (128*255 + 128) / 256 = 32768 / 256 = 128 -> 256 (out of range: wraps to 0)
    # V = (-21*255 + 128) / 256 = -5227 / 256 = -20.4 -> -20 (towards zero) + 128 = 108
    assert res[0, 0, :3].tolist() == [29.0, 0.0, 108.0]
    assert outside == 1


def test_csc_yuv_to_rgb_with_input_bias():
    m = ((256, 0, 359), (256, -88, -183), (256, 454, 0))
    cfg = config(YUV420SP_U8, csc=True, matrix=m, bias_in=(16, 128, 128))
    y, uv = np.array([116, 0], np.uint8), np.array([128, 200], np.uint8)
    res, outside = run(cfg, (1, 1, 0, 0, 2, 0, 0, 0, 0), y, uv, out=F16)
    # Y' = 100, U' = 0, V' = 72: R = (25600 + 25848 + 128) / 256 = 51576 / 256 = 201
    # G = (25600 - 13176 + 128) / 256 = 12552 / 256 = 49; B = (25600 + 128) / 256 = 100
    assert res[0, 0, :3].tolist() == [201.0, 49.0, 100.0] and outside == 0


def test_dtc_int8_subtracts_the_mean_per_output_channel():
    cfg = config(RGB888_U8, rb=True, mean=(5, 50, 100))
    res, _ = run(cfg, (1, 1, 0, 0, 5, 0, 0, 0, 0), RGB.ravel())
    # pixel (0, 0) = (0, 100, 200) swapped to (200, 100, 0); minus (5, 50, 100)
    assert res[0, 0, :3].tolist() == [195 - 256, 50, -100]


def test_dtc_half_rounds_each_step():
    cfg = config(RGB888_U8, mean=(1, 0, 0), dmin=(0.5, 0.0, 0.0), dvar=(1 / 3, 1.0, 2.0))
    px = np.array([200, 3, 255], np.uint8)
    res, _ = run(cfg, (1, 1, 0, 0, 1, 0, 0, 0, 0), px, out=F16)
    # ch0: half(199) - half(0.5) = 198.5; * half(1/3) = 0.33325195 -> 198.5 * 0.33325195
    #      = 66.15051 -> half 66.125 (spacing 0.0625 there: 66.125 < 66.1505 < 66.1875)
    assert res[0, 0, 0] == np.float16(66.125)
    assert res[0, 0, 2] == np.float16(510.0)


# One-channel 2 x 2 image [[1, 2], [3, 4]] (YUV400), padded by 2 on every side.
IMG = np.array([1, 2, 3, 4], np.uint8)


def padded(mode, top=2, bot=2, left=2, right=2, values=(0, 0, 0, 0)):
    cfg = config(YUV400_U8, pad_mode=mode, pad_values=values, cpad_mode=1, cpad_value=-1)
    res, _ = run(cfg, (2, 2, 0, 0, 2, top, bot, left, right), IMG)
    return res


def test_padding_mode_0_constants_left_and_right_only():
    res = padded(0, values=(7, 8, 9, 10))
    assert res.shape == (2, 6, 4)  # no top/bottom padding in mode 0
    assert res[:, :, 0].tolist() == [[7, 7, 1, 2, 7, 7], [7, 7, 3, 4, 7, 7]]
    assert res[0, 0].tolist() == [7, 8, 9, 10]  # channels below 4 take their values
    assert res[0, 2].tolist() == [1, -1, -1, -1]


def test_padding_mode_1_nearest_row_or_column():
    res = padded(1, top=1, bot=1, left=1, right=1)[:, :, 0]
    assert res.tolist() == [[1, 1, 2, 2], [1, 1, 2, 2], [3, 3, 4, 4], [3, 3, 4, 4]]


def test_padding_mode_2_block_copy():
    res = padded(2)[:, :, 0]
    assert res.tolist() == [[1, 2, 1, 2, 1, 2], [3, 4, 3, 4, 3, 4]] * 3


def test_padding_mode_3_mirror():
    res = padded(3)[:, :, 0]
    row1 = [2, 1, 1, 2, 2, 1]
    row2 = [4, 3, 3, 4, 4, 3]
    assert res.tolist() == [row2, row1, row1, row2, row2, row1]


def test_padding_mirror_wider_than_the_window_reads_earlier_padding():
    # left 3 on a 2-wide window (columns 3, 4): column 0 mirrors to column 2*3 - 0 - 1 = 5,
    # itself padding and filled later in order (still 0 then), as the reference loop reads
    # it; columns 1, 2 mirror to 4, 3; column 5 to 2*5 - 5 - 1 = 4.
    cfg = config(YUV400_U8, pad_mode=3, cpad_mode=1)
    res, _ = run(cfg, (2, 1, 0, 0, 2, 0, 0, 3, 1), IMG[:2])
    assert res[0, :, 0].tolist() == [0, 2, 1, 1, 2, 2]


def test_single_line_copy_reads_one_row():
    cfg = config(RGB888_U8, single=True)
    res, _ = run(cfg, (2, 3, 0, 1, 5, 0, 0, 0, 0), RGB.ravel())
    assert res.shape == (1, 2, 4) and res[0, 1, 0] == 11


# --- on the simulator ----------------------------------------------------------------------


def _capture_launch(monkeypatch):
    """Keep the Launch of the next run (its memories hold the L1 the kernel wrote)."""
    import ascdsl.sim.kernel as km

    seen = []
    real = km.Launch

    def make(*a, **k):
        seen.append(real(*a, **k))
        return seen[-1]

    monkeypatch.setattr(km, "Launch", make)
    return seen


def _l1(launch, n, dtype):
    from ascdsl.dialects.ascendc.enums import Hardware

    return launch.mems[(0, Hardware.L1)].bytes[:n * np.dtype(dtype).itemsize].view(dtype)


def test_load_image_to_local_converts_into_l1(monkeypatch):
    seen = _capture_launch(monkeypatch)

    @asc.jit
    def kernel(x: asc.GlobalAddress):
        gx = asc.GlobalTensor()
        gx.set_global_buffer(x)
        cfg = asc.AippParams(dtype=asc.float16,
                             swap_params=asc.AippSwapParams(is_swap_rb=True),
                             dtc_params=asc.AippDataTypeConvParams(dtc_mean_ch0=10,
                                                                   dtc_var_ch2=0.5),
                             c_padding_params=asc.AippChannelPaddingParams(
                                 c_padding_mode=1, c_padding_value=-2.0))
        asc.set_aipp_functions(gx, asc.AippInputFormat.RGB888_U8, cfg)
        dst = asc.LocalTensor(dtype=asc.float16, pos=asc.TPosition.A1, addr=0, tile_size=64)
        asc.load_image_to_local(dst, asc.LoadImageToLocalParams(3, 2, 1, 1, 5, 0, 0, 0, 0))

    report = kernel[1](RGB.ravel().copy())
    assert not report.findings
    got = _l1(seen[-1], 24, np.float16).reshape(2, 3, 4)
    win = RGB[1:3, 1:4].astype(np.float32)
    assert (got[..., 0] == win[..., 2] - 10).all()  # B - mean0
    assert (got[..., 1] == win[..., 1]).all()
    assert (got[..., 2] == win[..., 0] * 0.5).all()  # R * var2
    assert (got[..., 3] == -2).all()
    assert report.cores[0].busy["PIPE_MTE2"] > 0


def test_aipp_is_a_no_op_on_vector_cores():
    # pyasc's test_aipp: SetAippFunctions in a vector kernel, then a plain copy (the 910B
    # returns from SetAippFunctions on an AIV at once).
    @asc.jit
    def kernel(x: asc.GlobalAddress, z: asc.GlobalAddress):
        gx, gz = asc.GlobalTensor(), asc.GlobalTensor()
        gx.set_global_buffer(x)
        gz.set_global_buffer(z)
        cfg = asc.AippParams(dtype=asc.int8, swap_params=asc.AippSwapParams(is_swap_rb=True))
        asc.set_aipp_functions(gx, asc.AippInputFormat.RGB888_U8, cfg)
        t = asc.LocalTensor(asc.int8, asc.TPosition.VECIN, 0, 64)
        asc.data_copy(t, gx, 64)
        asc.set_flag(asc.HardEvent.MTE2_MTE3, 0)
        asc.wait_flag(asc.HardEvent.MTE2_MTE3, 0)
        asc.data_copy(gz, t, 64)

    x = np.arange(64, dtype=np.int8)
    z = np.zeros(64, np.int8)
    kernel[1](x, z)
    assert (z == x).all()


def test_load_image_before_set_aipp_is_a_located_error():
    from ascdsl.sim.errors import InvalidArgumentError

    @asc.jit
    def kernel():
        dst = asc.LocalTensor(dtype=asc.int8, pos=asc.TPosition.A1, addr=0, tile_size=64)
        asc.load_image_to_local(dst, asc.LoadImageToLocalParams(2, 2, 0, 0, 2, 0, 0, 0, 0))

    with pytest.raises(InvalidArgumentError, match="before any SetAippFunctions") as info:
        kernel[1]()
    assert "test_aipp.py:" in str(info.value)


def test_float_destination_is_refused_at_its_line():
    from ascdsl.sim import NotSimulatedError

    @asc.jit
    def kernel():
        dst = asc.LocalTensor(dtype=asc.float32, pos=asc.TPosition.A1, addr=0, tile_size=64)
        asc.load_image_to_local(dst, asc.LoadImageToLocalParams(2, 2, 0, 0, 2, 0, 0, 0, 0))

    with pytest.raises(NotSimulatedError, match="int8_t or half") as info:
        kernel[1]()
    assert "test_aipp.py:" in str(info.value)
