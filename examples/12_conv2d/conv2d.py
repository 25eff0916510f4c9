"""A 3 x 3 convolution on the cube unit with img2col (LoadData3DParamsV2), f16 in, f32 out.

out[p, co] = sum over c, i, j of x[c, ho + i - 1, wo + j - 1] * w[co, c, i, j], p = ho * W + wo
(stride 1, padding 1: the output keeps the map's H x W). Each AI core computes a block of
output positions:

    GM x [H * W, C] --MTE2 (data_copy, Nd2NzParams)--> L1 x1: the map as C1 x (H * W) x C0
       --MTE1 (load_data, LoadData3DParamsV2: img2col)--> L0A a2: this core's rows of X
    GM w [Cout, K]  --MTE2 (data_copy, Nd2NzParams)--> L1 w1 --MTE1 (LoadData2DParams)--> L0B
       --M (mmad)--> L0C --FIX (fixpipe)--> GM rows of out

img2col's matrix X has a row per output position and a column per (channel block, filter tap,
channel) with the channel fastest: the weights are laid out in that order on the host
(`weight_matrix`). Run it: `python examples/12_conv2d/conv2d.py` (exit status 0 when the
result matches numpy's convolution).
"""

import sys

import numpy as np

import ascdsl as asc

C, H, W = 32, 16, 16  # input channels and map
COUT = 64
KH = KW = 3
PAD = 1
C0 = 16  # half channels per 32-byte block
K = (C // C0) * KH * KW * C0  # img2col columns
P = H * W  # output positions (stride 1, padding 1)
USE_CORE_NUM = 4
ROWS = P // USE_CORE_NUM  # positions per core


@asc.jit
def conv2d_kernel(x: asc.GlobalAddress, w: asc.GlobalAddress, out: asc.GlobalAddress):
    block = asc.get_block_idx()
    x_gm = asc.GlobalTensor()
    w_gm = asc.GlobalTensor()
    out_gm = asc.GlobalTensor()
    x_gm.set_global_buffer(x, P * C)
    w_gm.set_global_buffer(w, COUT * K)
    out_gm.set_global_buffer(out + block * ROWS * COUT, ROWS * COUT)
    x1 = asc.LocalTensor(asc.float16, asc.TPosition.A1, 0, P * C)
    w1 = asc.LocalTensor(asc.float16, asc.TPosition.B1, P * C * 2, COUT * K)
    a2 = asc.LocalTensor(asc.float16, asc.TPosition.A2, 0, ROWS * K)
    b2 = asc.LocalTensor(asc.float16, asc.TPosition.B2, 0, K * COUT)
    co1 = asc.LocalTensor(asc.float32, asc.TPosition.CO1, 0, ROWS * COUT)

    # The map: P rows of C channels, as NZ (a block of C0 channels after another, P rows each).
    asc.data_copy(x1, x_gm, asc.Nd2NzParams(1, P, C, 0, C, P, 1, 0))
    # The weights as Cout rows of K: their NZ in L1 is B's ZN fractals (B = w^T, K x Cout).
    asc.data_copy(w1, w_gm, asc.Nd2NzParams(1, COUT, K, 0, K, COUT, 1, 0))
    asc.set_flag(asc.HardEvent.MTE2_MTE1, 0)
    asc.wait_flag(asc.HardEvent.MTE2_MTE1, 0)

    # img2col: rows block * ROWS .. + ROWS of X, all K columns, into L0A (ZZ).
    asc.load_data(a2, x1, asc.LoadData3DParamsV2(
        [PAD, PAD, PAD, PAD], H, W, C, K, ROWS, 0, block * ROWS,
        1, 1, KW, KH, 1, 1, False, 0))
    for i in range(K // C0):
        asc.load_data(b2[i * COUT * C0], w1[i * COUT * C0],
                      asc.LoadData2DParams(0, COUT // 16, 1, 0, 0, False, 0))
    asc.set_flag(asc.HardEvent.MTE1_M, 0)
    asc.wait_flag(asc.HardEvent.MTE1_M, 0)

    asc.mmad(co1, a2, b2, asc.MmadParams(ROWS, COUT, K, is_bias=False, fm_offset=0,
                                         en_ssparse=False, en_winograd_a=False,
                                         en_winograd_b=False))
    asc.set_flag(asc.HardEvent.M_FIX, 0)
    asc.wait_flag(asc.HardEvent.M_FIX, 0)
    asc.fixpipe(out_gm, co1, asc.FixpipeParamsV220(COUT, ROWS, ROWS, COUT))
    asc.pipe_barrier(asc.Pipe.PIPE_ALL)


def weight_matrix(wgt: np.ndarray) -> np.ndarray:
    """w[co, c, i, j] as [Cout, K] in img2col's column order: column
    ((c // C0 * KH + i) * KW + j) * C0 + c % C0."""
    cout, c = wgt.shape[:2]
    per_block = wgt.reshape(cout, c // C0, C0, KH, KW).transpose(0, 1, 3, 4, 2)
    return per_block.reshape(cout, K)


def reference(x: np.ndarray, wgt: np.ndarray) -> np.ndarray:
    """The convolution itself, without img2col: out[ho * W + wo, co]."""
    xp = np.pad(x.astype(np.float64), ((0, 0), (PAD, PAD), (PAD, PAD)))
    out = np.zeros((H, W, COUT))
    for i in range(KH):
        for j in range(KW):
            out += np.einsum("chw,oc->hwo", xp[:, i:i + H, j:j + W], wgt[:, :, i, j])
    return out.reshape(P, COUT)


def main() -> int:
    rng = np.random.default_rng(0)
    x = rng.integers(-3, 4, (C, H, W)).astype(np.float16)
    wgt = rng.integers(-3, 4, (COUT, C, KH, KW)).astype(np.float16)
    x_gm = np.ascontiguousarray(x.reshape(C, P).T)  # [H * W, C]
    w_gm = np.ascontiguousarray(weight_matrix(wgt))
    out = np.zeros(P * COUT, np.float32)
    report = conv2d_kernel[USE_CORE_NUM](x_gm.ravel(), w_gm.ravel(), out)
    print(report)
    ok = np.array_equal(out.reshape(P, COUT), reference(x, wgt))
    print("conv2d matches numpy" if ok else "conv2d differs from numpy")
    return 0 if ok else 1


if __name__ == "__main__":
    sys.exit(main())
