"""LoadData with LoadData3DParamsV2 as img2col on the simulator: convolutions (filters, strides,
dilation, symmetric and asymmetric padding, padding values; half, float, int8) through Mmad,
checked against a direct convolution in numpy; windows of the img2col matrix; img2col into L0B
and transposed into L0A (a convolution's weight gradient); the load3d registers; refusals.

The weights' K order is the documented one (sim/lower/img2col.py): channel fastest within C0,
then the filter tap (kw fastest), then the channel block; a non-square filter, unequal strides
and dilations make any other order fail."""

from __future__ import annotations

import numpy as np
import pytest

import ascdsl as asc
from ascdsl.sim import InvalidArgumentError, OutOfBoundsError
from test_load_transpose import _cdiv

C0 = {asc.int8: 32, asc.float16: 16, asc.float32: 8}
NP = {asc.int8: np.int8, asc.float16: np.float16, asc.float32: np.float32}
ACC = {asc.int8: asc.int32, asc.float16: asc.float32, asc.float32: asc.float32}
NP_ACC = {asc.int8: np.int32, asc.float16: np.float32, asc.float32: np.float32}
L1_B = 128 * 1024  # where the second L1 operand starts (bytes)


def _al(x, a):
    return _cdiv(x, a) * a


class Conv:
    """One img2col geometry: map C x H x W, filter KH x KW, (sh, sw), (dh, dw), pads
    [left, right, top, bottom], padding value."""

    def __init__(self, dtype, c, h, w, kh, kw, stride=(1, 1), dil=(1, 1), pads=(0, 0, 0, 0),
                 pad_value=0):
        self.dtype, self.c, self.h, self.w, self.kh, self.kw = dtype, c, h, w, kh, kw
        self.stride, self.dil, self.pads, self.pad_value = stride, dil, pads, pad_value
        self.c0 = C0[dtype]
        left, right, top, bottom = pads
        self.ho = (h + top + bottom - (kh - 1) * dil[0] - 1) // stride[0] + 1
        self.wo = (w + left + right - (kw - 1) * dil[1] - 1) // stride[1] + 1
        self.p = self.ho * self.wo
        self.k = _cdiv(c, self.c0) * kh * kw * self.c0

    def params(self, k0, k_ext, m0, m_ext, transpose=False, channels=None, f_ctrl=False):
        sh, sw = self.stride
        dh, dw = self.dil
        return asc.LoadData3DParamsV2(self.pads, self.h, self.w, channels or self.c, k_ext,
                                      m_ext, k0, m0, sw, sh, self.kw, self.kh, dw, dh,
                                      transpose, self.pad_value, False, False, f_ctrl)

    def pro_params(self, k0, k_ext, m0, m_ext):
        """LoadData3DParamsV2Pro of the same geometry: the window in extConfig (16-bit fields
        from kExtension up), strides, filter and dilations in filterConfig (8-bit fields from
        strideW up); the map's size and padding come from the registers."""
        (sh, sw), (dh, dw) = self.stride, self.dil
        ext = k_ext | m_ext << 16 | k0 << 32 | m0 << 48
        flt = sw | sh << 8 | self.kw << 16 | self.kh << 24 | dw << 32 | dh << 40
        return asc.LoadData3DParamsV2Pro(self.c, False, False, False, False, False, ext, flt)

    def padded(self, x):
        left, right, top, bottom = self.pads
        return np.pad(x.astype(np.float64), ((0, 0), (top, bottom), (left, right)),
                      constant_values=self.pad_value)

    def direct(self, x, wgt):
        """out[ho * Wo + wo, co] = sum over c, i, j of xpad[c, ho*sh + i*dh, wo*sw + j*dw] *
        wgt[co, c, i, j]: the convolution itself, written without img2col."""
        xp = self.padded(x)
        (sh, sw), (dh, dw) = self.stride, self.dil
        out = np.zeros((self.ho, self.wo, wgt.shape[0]))
        for i in range(self.kh):
            for j in range(self.kw):
                patch = xp[:, i * dh:i * dh + sh * (self.ho - 1) + 1:sh,
                           j * dw:j * dw + sw * (self.wo - 1) + 1:sw]
                out += np.einsum("chw,oc->hwo", patch, wgt[:, :, i, j].astype(np.float64))
        return out.reshape(self.p, -1)

    def weight_grad(self, x, dy):
        """dW[co, c, i, j] = sum over positions of dy[p, co] * the tap (i, j) of channel c."""
        xp = self.padded(x)
        (sh, sw), (dh, dw) = self.stride, self.dil
        g = np.zeros((dy.shape[1], self.c, self.kh, self.kw))
        d = dy.astype(np.float64).reshape(self.ho, self.wo, -1)
        for i in range(self.kh):
            for j in range(self.kw):
                patch = xp[:, i * dh:i * dh + sh * (self.ho - 1) + 1:sh,
                           j * dw:j * dw + sw * (self.wo - 1) + 1:sw]
                g[:, :, i, j] = np.einsum("chw,hwo->oc", patch, d)
        return g

    def tap_matrix(self, wgt):
        """wgt[co, c, i, j] as the K x Cout matrix img2col's columns multiply:
        row ((c // C0 * KH + i) * KW + j) * C0 + c % C0."""
        m = np.zeros((self.k, wgt.shape[0]))
        for c in range(self.c):
            for i in range(self.kh):
                for j in range(self.kw):
                    m[((c // self.c0 * self.kh + i) * self.kw + j) * self.c0 + c % self.c0] = \
                        wgt[:, c, i, j]
        return m

    def img2col(self, x):
        """X[p, k] by loops over every entry (padding entries hold the padding value)."""
        xp = self.padded(x)
        (sh, sw), (dh, dw) = self.stride, self.dil
        out = np.zeros((self.p, self.k))
        for ho in range(self.ho):
            for wo in range(self.wo):
                for c in range(self.c):
                    for i in range(self.kh):
                        for j in range(self.kw):
                            col = ((c // self.c0 * self.kh + i) * self.kw + j) * self.c0 \
                                + c % self.c0
                            out[ho * self.wo + wo, col] = xp[c, ho * sh + i * dh,
                                                             wo * sw + j * dw]
        return out


def _nz(x1, gm, rows, cols, stride):
    asc.data_copy(x1, gm, asc.Nd2NzParams(1, rows, cols, 0, cols, stride, 1, 0))


def _kernel(cv: Conv, m, n, k, load_a, load_b, fill_a, fill_b, a_size, b_size, pre=None):
    """C[m, n] = A @ B: `fill_a/fill_b(x1, gm)` put the GM operands into L1, `load_a/load_b`
    move them into L0A/L0B; `pre()` runs before the loads."""
    dtype, acc = cv.dtype, ACC[cv.dtype]

    @asc.jit
    def kernel(a: asc.GlobalAddress, b: asc.GlobalAddress, c: asc.GlobalAddress):
        a_gm = asc.GlobalTensor()
        b_gm = asc.GlobalTensor()
        c_gm = asc.GlobalTensor()
        a_gm.set_global_buffer(a, a_size)
        b_gm.set_global_buffer(b, b_size)
        c_gm.set_global_buffer(c, m * n)
        a1 = asc.LocalTensor(dtype, asc.TPosition.A1, 0, 16 * 1024)
        b1 = asc.LocalTensor(dtype, asc.TPosition.B1, L1_B, 16 * 1024)
        a2 = asc.LocalTensor(dtype, asc.TPosition.A2, 0, _al(m, 16) * _al(k, 32))
        b2 = asc.LocalTensor(dtype, asc.TPosition.B2, 0, _al(k, 32) * _al(n, 16))
        co1 = asc.LocalTensor(acc, asc.TPosition.CO1, 0, _al(m, 16) * _al(n, 16))
        fill_a(a1, a_gm)
        fill_b(b1, b_gm)
        asc.set_flag(asc.HardEvent.MTE2_MTE1, 0)
        asc.wait_flag(asc.HardEvent.MTE2_MTE1, 0)
        if pre is not None:
            pre()
        load_a(a2, a1)
        load_b(b2, b1)
        asc.set_flag(asc.HardEvent.MTE1_M, 0)
        asc.wait_flag(asc.HardEvent.MTE1_M, 0)
        asc.mmad(co1, a2, b2, asc.MmadParams(m, n, k, is_bias=False, fm_offset=0,
                                             en_ssparse=False, en_winograd_a=False,
                                             en_winograd_b=False))
        asc.set_flag(asc.HardEvent.M_FIX, 0)
        asc.wait_flag(asc.HardEvent.M_FIX, 0)
        asc.fixpipe(c_gm, co1, asc.FixpipeParamsV220(n, m, _al(m, 16), n))
        asc.pipe_barrier(asc.Pipe.PIPE_ALL)

    return kernel


def _load2d_b(c0, n, k):
    """B given as [n, k] (NZ in L1) into L0B: one Load2D per block of C0 rows of k."""

    @asc.jit
    def load(b2, b1):
        params = asc.LoadData2DParams(0, _cdiv(n, 16), 1, 0, 0, False, 0)
        for i in range(_cdiv(k, c0)):
            asc.load_data(b2[i * _cdiv(n, 16) * 16 * c0], b1[i * _cdiv(n, 16) * 16 * c0],
                          params)

    return load


def _load2d_a(c0, m, k):
    """A given as [m, k] (NZ in L1) into L0A as ZZ: row block i takes K1 fractals M1 apart."""

    @asc.jit
    def load(a2, a1):
        for i in range(_cdiv(m, 16)):
            asc.load_data(a2[i * _cdiv(k, c0) * 16 * c0], a1,
                          asc.LoadData2DParams(i, _cdiv(k, c0), _cdiv(m, 16), 0, 0, False, 0))

    return load


def _feature_map(cv: Conv):
    """The map as [H * W, C] in GM, copied by Nd2Nz into L1 as C1 x (H * W) x C0."""

    @asc.jit
    def fill(a1, gm):
        _nz(a1, gm, cv.h * cv.w, cv.c, cv.h * cv.w)

    return fill


def _forward(cv: Conv, cout, m0, m_ext, k0, k_ext, pre=None, channels=None, f_ctrl=False,
             pro=False):
    """out[m_ext, cout] = X[m0.., k0..] @ Wmat[k0.., :], img2col into L0A (`pro`: with
    LoadData3DParamsV2Pro, after a LoadData3DParamsV2 of another window set the registers;
    "fmatrix": after SetFmatrix and SetLoadDataPaddingValue; "alone": after neither)."""

    @asc.jit
    def load_a(a2, a1):
        if pro:
            if pro == "fmatrix":
                asc.set_fmatrix(cv.h, cv.w, list(cv.pads), asc.FmatrixMode.FMATRIX_LEFT)
                # in the map's type: SetLoadDataPaddingValue<T> writes T's bit code
                asc.set_load_data_padding_value(NP[cv.dtype](cv.pad_value))
            elif pro == "int_padding":
                asc.set_fmatrix(cv.h, cv.w, list(cv.pads), asc.FmatrixMode.FMATRIX_LEFT)
                asc.set_load_data_padding_value(cv.pad_value)  # an int32 2: bits 0x00000002
            elif pro != "alone":
                asc.load_data(a2, a1, cv.params(0, cv.c0, 0, 16))
            asc.load_data(a2, a1, cv.pro_params(k0, k_ext, m0, m_ext))
        else:
            asc.load_data(a2, a1, cv.params(k0, k_ext, m0, m_ext, channels=channels,
                                            f_ctrl=f_ctrl))

    @asc.jit
    def fill_b(b1, gm):
        _nz(b1, gm, cout, k_ext, _al(cout, 16))

    return _kernel(cv, m_ext, cout, k_ext, load_a, _load2d_b(cv.c0, cout, k_ext),
                   _feature_map(cv), fill_b, cv.h * cv.w * cv.c, cout * k_ext, pre)


def _data(cv: Conv, cout, seed):
    rng = np.random.default_rng(seed)
    x = rng.integers(-3, 4, (cv.c, cv.h, cv.w))
    wgt = rng.integers(-3, 4, (cout, cv.c, cv.kh, cv.kw))
    return x, wgt


def _run_forward(cv: Conv, cout, x, wgt, m0, m_ext, k0, k_ext, **kw):
    kern = _forward(cv, cout, m0, m_ext, k0, k_ext, **kw)
    wmat = cv.tap_matrix(wgt)[k0:k0 + k_ext]
    out = np.zeros(m_ext * cout, NP_ACC[cv.dtype])
    x_gm = x.reshape(cv.c, -1).T.astype(NP[cv.dtype])  # [H * W, C]
    kern[1](np.ascontiguousarray(x_gm).ravel(),
            np.ascontiguousarray(wmat.T.astype(NP[cv.dtype])).ravel(), out)
    return out.reshape(m_ext, cout)


CONVS = {
    "half_3x3_pad1": Conv(asc.float16, 16, 8, 8, 3, 3, pads=(1, 1, 1, 1)),
    "half_c32_stride2_padvalue": Conv(asc.float16, 32, 8, 8, 3, 3, stride=(2, 2),
                                      pads=(1, 1, 1, 1), pad_value=1),
    "half_dilation2": Conv(asc.float16, 16, 8, 8, 3, 3, dil=(2, 2), pads=(1, 1, 1, 1)),
    # non-square filter, unequal strides and dilations, asymmetric padding, H != W
    "half_asymmetric": Conv(asc.float16, 16, 6, 8, 3, 2, stride=(1, 2), dil=(2, 1),
                            pads=(2, 0, 1, 3), pad_value=2),
    "float_c16": Conv(asc.float32, 16, 8, 6, 3, 3, pads=(1, 1, 1, 1), pad_value=5),
    "int8_c32": Conv(asc.int8, 32, 8, 8, 3, 3, stride=(2, 1), pads=(1, 0, 1, 0), pad_value=3),
}


@pytest.mark.parametrize("name", list(CONVS))
def test_img2col_into_l0a_multiplies_to_the_convolution(name):
    cv = CONVS[name]
    cout = 16
    x, wgt = _data(cv, cout, len(name))
    out = _run_forward(cv, cout, x, wgt, 0, cv.p, 0, cv.k)
    np.testing.assert_array_equal(out, cv.direct(x, wgt))


def test_the_reference_img2col_agrees_with_the_direct_convolution():
    # The window tests below compare with the loop img2col: it must be the convolution's.
    cv = CONVS["half_asymmetric"]
    x, wgt = _data(cv, 16, 1)
    np.testing.assert_array_equal(cv.img2col(x) @ cv.tap_matrix(wgt), cv.direct(x, wgt))


@pytest.mark.parametrize("name, m0, m_ext, k0, k_ext", [
    ("half_3x3_pad1", 16, 32, 48, 64),  # taps 3..6 of rows 16..47
    ("half_asymmetric", 8, 20, 16, 48),  # a window not on 16-row blocks
    ("float_c16", 32, 16, 64, 40),  # C1 = 2: columns cross from one channel block's taps on
    ("int8_c32", 0, 16, 96, 128),
])
def test_a_window_of_the_img2col_matrix(name, m0, m_ext, k0, k_ext):
    cv = CONVS[name]
    cout = 16
    x, wgt = _data(cv, cout, m0 + k0)
    out = _run_forward(cv, cout, x, wgt, m0, m_ext, k0, k_ext)
    want = cv.img2col(x)[m0:m0 + m_ext, k0:k0 + k_ext] @ cv.tap_matrix(wgt)[k0:k0 + k_ext]
    np.testing.assert_array_equal(out, want)


@pytest.mark.parametrize("name, m0, m_ext, k0, k_ext", [
    ("half_asymmetric", 0, 24, 0, 96),  # strides, dilations and pads all differ by axis
    ("half_asymmetric", 8, 20, 16, 48),
    ("int8_c32", 0, 16, 96, 128),
])
def test_v2pro_reads_the_geometry_from_its_words_and_the_map_from_the_registers(
        name, m0, m_ext, k0, k_ext):
    cv = CONVS[name]
    cout = 16
    x, wgt = _data(cv, cout, m0 + k0 + 1)
    out = _run_forward(cv, cout, x, wgt, m0, m_ext, k0, k_ext, pro=True)
    want = cv.img2col(x)[m0:m0 + m_ext, k0:k0 + k_ext] @ cv.tap_matrix(wgt)[k0:k0 + k_ext]
    np.testing.assert_array_equal(out, want)


@pytest.mark.parametrize("name", ["half_asymmetric", "float_c16"])
def test_v2pro_after_set_fmatrix_and_the_padding_value(name):
    cv = CONVS[name]
    cout = 16
    x, wgt = _data(cv, cout, 7)
    out = _run_forward(cv, cout, x, wgt, 0, cv.p, 0, cv.k, pro="fmatrix")
    np.testing.assert_array_equal(out, cv.direct(x, wgt))


def test_an_int_padding_value_pads_half_data_with_its_bit_code():
    # SetLoadDataPaddingValue<int32_t>(2) puts 0x00000002 in the register; a half map's load
    # reads 0x0002, the half 2^-24 * 2 (Load3DSetPaddingCal writes T's bit code, not a value)
    cv = CONVS["half_asymmetric"]
    cout = 16
    x = np.zeros((cv.c, cv.h, cv.w))
    wgt = np.ones((cout, cv.c, cv.kh, cv.kw))
    from ascdsl.sim.errors import SimulationWarning

    with pytest.warns(SimulationWarning, match=r"pads f16 data with the bits "
                      r"SetLoadDataPaddingValue<i32>\(2\) wrote, which read as f16 are"):
        out = _run_forward(cv, cout, x, wgt, 0, cv.p, 0, cv.k, pro="int_padding")
    tiny = float(np.array([2], np.uint16).view(np.float16)[0])
    taps = Conv(cv.dtype, cv.c, cv.h, cv.w, cv.kh, cv.kw, cv.stride, cv.dil, cv.pads, 1)
    want = taps.direct(np.zeros((cv.c, cv.h, cv.w)), wgt) * tiny  # padded taps x 2^-23
    np.testing.assert_array_equal(out, want.astype(np.float32))
    assert out.max() > 0 and out.max() < 1e-4


def test_v2pro_before_any_feature_map_register_is_refused():
    _refused(CONVS["half_3x3_pad1"], "NotSimulatedError",
             "reads the left feature-map register before any SetFmatrix", pro="alone")


# --- img2col into L0B and transposed into L0A: the weight gradient dW = dY^T X ---------------


def _grad_b(cv: Conv, cout):
    """dW[cout, K] = dY^T @ X: dY^T into L0A by Load2D, X into L0B by img2col."""

    @asc.jit
    def fill_a(a1, gm):
        _nz(a1, gm, cout, cv.p, _al(cout, 16))

    @asc.jit
    def load_b(b2, b1):
        asc.load_data(b2, b1, cv.params(0, cv.k, 0, cv.p))

    return _kernel(cv, cout, cv.k, cv.p, _load2d_a(cv.c0, cout, cv.p), load_b, fill_a,
                   _feature_map_b(cv), cout * cv.p, cv.h * cv.w * cv.c)


def _grad_a(cv: Conv, cout):
    """dW^T[K, cout] = X^T @ dY: X transposed into L0A by img2col, dY into L0B by Load2D."""

    @asc.jit
    def load_a(a2, a1):
        asc.load_data(a2, a1, cv.params(0, cv.k, 0, cv.p, transpose=True))

    @asc.jit
    def fill_b(b1, gm):
        _nz(b1, gm, cout, cv.p, _al(cout, 16))

    return _kernel(cv, cv.k, cout, cv.p, load_a, _load2d_b(cv.c0, cout, cv.p),
                   _feature_map(cv), fill_b, cv.h * cv.w * cv.c, cout * cv.p)


def _feature_map_b(cv: Conv):
    @asc.jit
    def fill(b1, gm):
        _nz(b1, gm, cv.h * cv.w, cv.c, cv.h * cv.w)

    return fill


GRADS = {
    "half": Conv(asc.float16, 16, 8, 8, 3, 2, stride=(1, 1), dil=(1, 2), pads=(2, 0, 1, 1),
                 pad_value=1),
    "float": Conv(asc.float32, 16, 8, 8, 2, 3, stride=(2, 1), pads=(1, 1, 1, 0)),
}


@pytest.mark.parametrize("name", list(GRADS))
@pytest.mark.parametrize("form", ["into_l0b", "transposed_into_l0a"])
def test_img2col_as_the_weight_gradients_operand(name, form):
    cv = GRADS[name]
    cout = 16
    assert cv.p % 16 == 0  # positions are the reduction axis: whole fractals
    rng = np.random.default_rng(7)
    x = rng.integers(-3, 4, (cv.c, cv.h, cv.w))
    dy = rng.integers(-3, 4, (cv.p, cout))
    want = cv.tap_matrix(cv.weight_grad(x, dy)).T  # [cout, K]
    x_gm = np.ascontiguousarray(x.reshape(cv.c, -1).T.astype(NP[cv.dtype])).ravel()
    dy_t = np.ascontiguousarray(dy.T.astype(NP[cv.dtype])).ravel()  # [cout, P]
    if form == "into_l0b":
        out = np.zeros(cout * cv.k, np.float32)
        _grad_b(cv, cout)[1](dy_t, x_gm, out)
        np.testing.assert_array_equal(out.reshape(cout, cv.k), want)
    else:
        out = np.zeros(cv.k * cout, np.float32)
        _grad_a(cv, cout)[1](x_gm, dy_t, out)
        np.testing.assert_array_equal(out.reshape(cv.k, cout), want.T)


# --- the registers ----------------------------------------------------------------------------


def _half():
    cv = CONVS["half_3x3_pad1"]
    x, wgt = _data(cv, 16, 3)
    return cv, x, wgt


def test_set_load_data_padding_value_does_not_change_the_loads_own_pad_value():
    # LoadData sets the padding register from its padValue first (IsResetLoad3dConfig's
    # default): the value SetLoadDataPaddingValue wrote does not reach the load.
    cv, x, wgt = _half()

    @asc.jit
    def pre():
        asc.set_load_data_padding_value(7.0)

    out = _run_forward(cv, 16, x, wgt, 0, cv.p, 0, cv.k, pre=pre)
    np.testing.assert_array_equal(out, cv.direct(x, wgt))


@pytest.mark.parametrize("boundary", [0, 4096])
def test_a_boundary_that_holds_the_feature_map_changes_nothing(boundary):
    cv, x, wgt = _half()

    @asc.jit
    def pre():
        asc.set_load_data_boundary(boundary)

    out = _run_forward(cv, 16, x, wgt, 0, cv.p, 0, cv.k, pre=pre)
    np.testing.assert_array_equal(out, cv.direct(x, wgt))


def test_repeat_time_one_runs_and_zero_is_a_nop():
    cv, x, wgt = _half()

    @asc.jit
    def once():
        asc.set_load_data_repeat(asc.LoadDataRepeatParam(0, 1, 0))

    out = _run_forward(cv, 16, x, wgt, 0, cv.p, 0, cv.k, pre=once)
    np.testing.assert_array_equal(out, cv.direct(x, wgt))

    @asc.jit
    def never():
        asc.set_load_data_repeat(asc.LoadDataRepeatParam(0, 0, 0))

    out = _run_forward(cv, 16, x, wgt, 0, cv.p, 0, cv.k, pre=never)
    np.testing.assert_array_equal(out, np.zeros_like(out))  # L0A as the kernel found it


# --- refusals ---------------------------------------------------------------------------------


def _refused(cv, error, match, m_ext=None, **kw):
    from ascdsl import sim

    x, wgt = _data(cv, 16, 0)
    with pytest.raises(getattr(sim, error), match=match) as info:
        _run_forward(cv, 16, x, wgt, 0, m_ext or cv.p, 0, cv.k, **kw)
    assert "test_img2col.py" in str(info.value)  # located at the load


def test_f_matrix_ctrl_is_refused_as_documented_unsupported():
    _refused(CONVS["half_3x3_pad1"], "NotSimulatedError", "fMatrixCtrl=1: only false",
             f_ctrl=True)


def test_a_partial_channel_block_with_a_filter_is_refused():
    cv = Conv(asc.float16, 32, 8, 8, 3, 3, pads=(1, 1, 1, 1))
    _refused(cv, "NotSimulatedError", "channelSize=24, not a multiple of C0 = 16",
             channels=24)


def test_a_zero_stride_is_refused():
    cv = Conv(asc.float16, 16, 8, 8, 3, 3, pads=(1, 1, 1, 1))
    cv.stride = (0, 1)
    _refused(cv, "NotSimulatedError", "strideH=0")


def test_more_than_one_repeat_is_refused():
    @asc.jit
    def pre():
        asc.set_load_data_repeat(asc.LoadDataRepeatParam(1, 2, 0))

    _refused(CONVS["half_3x3_pad1"], "NotSimulatedError", "repeatTime=2", pre=pre)


def test_reads_past_the_boundary_are_refused():
    @asc.jit
    def pre():
        asc.set_load_data_boundary(1024)  # the map takes 2048 bytes

    _refused(CONVS["half_3x3_pad1"], "NotSimulatedError", "past the boundary of 1024",
             pre=pre)


def test_a_window_larger_than_l0a_is_a_located_error():
    # 1024 rows x 144 columns of half (288 KB) into a 64 KB L0A: refused before any index
    # array is built (a mistyped extension would otherwise allocate gigabytes)
    cv = Conv(asc.float16, 16, 32, 32, 3, 3, pads=(1, 1, 1, 1))

    @asc.jit
    def load_a(a2, a1):
        asc.load_data(a2, a1, cv.params(0, cv.k, 0, cv.p))

    kern = _kernel(cv, 16, 16, cv.k, load_a, _load2d_b(cv.c0, 16, cv.k), _feature_map(cv),
                   _nz_fill(16, cv.k), cv.h * cv.w * cv.c, 16 * cv.k)
    with pytest.raises(OutOfBoundsError, match=r"writes a 1024 x 144 window \(294912 bytes\) "
                                               r"into L0A from byte 0, past its 65536 bytes"):
        kern[1](np.zeros(cv.h * cv.w * cv.c, np.float16), np.zeros(16 * cv.k, np.float16),
                np.zeros(256, np.float32))


def _nz_fill(rows, cols):
    @asc.jit
    def fill(x1, gm):
        _nz(x1, gm, rows, cols, _al(rows, 16))

    return fill


def test_a_filter_larger_than_the_padded_map_is_an_error():
    _refused(Conv(asc.float16, 16, 4, 4, 5, 5), "InvalidArgumentError",
             "the filter does not fit", m_ext=16)


def _set_fmatrix_ir(mode: int) -> str:
    """pyasc's IR form of SetFmatrix (tests/filecheck/targets/fmatrix.mlir: i16 sizes, a
    memref padList) with FmatrixMode `mode`."""
    return f"""\
func.func @k(%x: memref<?xf32, 22>) attributes {{ascendc.global}} {{
  %h = arith.constant 4 : i16
  %m = arith.constant {mode} : i8
  %pad = memref.alloca() : memref<4xui8>
  %fm = ascendc.construct !ascendc.fmatrix_mode(%m) : i8
  ascendc.set_fmatrix %h, %h, %pad, %fm : i16, i16, memref<4xui8>, !ascendc.fmatrix_mode
  func.return
}}
"""


def test_set_fmatrix_runs_as_a_register_write():
    # what the register then holds is checked through V2Pro loads above
    # (test_v2pro_after_set_fmatrix_and_the_padding_value)
    from sim_kernels import run

    report = run(_set_fmatrix_ir(1), [np.zeros(4, np.float32)])
    assert "ascendc.set_fmatrix" in str(report) and "findings: none" in str(report)


def test_set_fmatrix_with_a_mode_the_enum_has_not_is_a_located_error():
    from sim_kernels import run

    with pytest.raises(InvalidArgumentError, match=r"kernel.mlir:6:3: error: .*FmatrixMode 2; "
                                                   "SetFmatrix takes FMATRIX_LEFT"):
        run(_set_fmatrix_ir(2), [np.zeros(4, np.float32)])
