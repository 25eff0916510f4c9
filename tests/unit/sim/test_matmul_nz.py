"""A and B of the Matmul API in CubeFormat.NZ (ascdsl/sim/lower/matmul_nz.py): results
against numpy through the layout (column strips C0 = 32 bytes wide, the org shape's height
rounded up to 16), tails in M, N and K, transposed operands, int8 and f16; the stages copied
as plain copies of whole strips (fewer MTE2 cycles than ND2NZ for the same matrix); the bytes
the copy reads (padding rows) bounds-checked; C in NZ and batch calls on NZ refused."""

from __future__ import annotations

import numpy as np
import pytest

import ascdsl as asc
import ascdsl.lib.host as host
from ascdsl.sim.errors import InvalidArgumentError, NotSimulatedError, SimulationWarning

# Bytes in a padding slot of the NZ layout: never part of the product, so a reader that
# took a padding element would change the result.
PAD = 77


def to_nz(x: np.ndarray, pad=PAD) -> np.ndarray:
    """A stored matrix (height x width) in NZ: width / C0 strips, each the height rounded up
    to 16 rows of C0 elements, flattened."""
    h, w = x.shape
    c0 = 32 // x.itemsize
    h16, ns = -(-h // 16) * 16, -(-w // c0)
    out = np.full((ns, h16, c0), pad, x.dtype)
    for s in range(ns):
        part = x[:, s * c0:(s + 1) * c0]
        out[s, :h, :part.shape[1]] = part
    return out.ravel()


def _type(nz: bool, dtype, trans: bool = False):
    fmt = asc.CubeFormat.NZ if nz else asc.CubeFormat.ND
    return asc.adv.MatmulType(asc.TPosition.GM, fmt, dtype, trans)


def _mm(A_NZ, B_NZ, INT8, TA, TB, MDL):
    dt = asc.int8 if INT8 else asc.float16
    cfg = asc.adv.get_mdl_config() if MDL else asc.adv.get_normal_config()
    c = asc.adv.MatmulType(asc.TPosition.GM, asc.CubeFormat.ND,
                           asc.int32 if INT8 else asc.float32)
    return asc.adv.Matmul(a=_type(A_NZ, dt, TA), b=_type(B_NZ, dt, TB), c=c,
                          matmul_config=cfg)


@asc.jit(matmul_cube_only=True)
def nz_kernel(a: asc.GlobalAddress, b: asc.GlobalAddress, c: asc.GlobalAddress,
              tiling: asc.adv.TCubeTiling, ws: asc.GlobalAddress, m: int, n: int, k: int,
              A_NZ: asc.ConstExpr[bool], B_NZ: asc.ConstExpr[bool], INT8: asc.ConstExpr[bool],
              TA: asc.ConstExpr[bool], TB: asc.ConstExpr[bool], MDL: asc.ConstExpr[bool]):
    a_gm = asc.GlobalTensor()
    b_gm = asc.GlobalTensor()
    c_gm = asc.GlobalTensor()
    a_gm.set_global_buffer(a)
    b_gm.set_global_buffer(b)
    c_gm.set_global_buffer(c)
    pipe = asc.TPipe()
    mm = _mm(A_NZ, B_NZ, INT8, TA, TB, MDL)
    asc.adv.register_matmul(pipe, ws, mm, tiling)
    mm.set_org_shape(m, n, k)
    mm.set_tensor_a(a_gm, TA)
    mm.set_tensor_b(b_gm, TB)
    mm.iterate_all(c_gm)
    mm.end()


def _tiling(m, n, k, a_nz, b_nz, int8, ta=False, tb=False):
    mt = host.MultiCoreMatmulTiling(host.get_ascendc_platform())
    dt = host.DataType.DT_INT8 if int8 else host.DataType.DT_FLOAT16
    fmt = {True: host.CubeFormat.NZ, False: host.CubeFormat.ND}
    mt.set_a_type(host.TPosition.GM, fmt[a_nz], dt, ta)
    mt.set_b_type(host.TPosition.GM, fmt[b_nz], dt, tb)
    mt.set_c_type(host.TPosition.GM, host.CubeFormat.ND,
                  host.DataType.DT_INT32 if int8 else host.DataType.DT_FLOAT)
    mt.set_dim(1)
    mt.set_org_shape(m, n, k)
    mt.set_shape(m, n, k)
    mt.enable_bias(False)
    mt.set_buffer_space(-1, -1, -1)
    t = asc.adv.TCubeTiling()
    if mt.get_tiling(t) != 0:
        raise ValueError(mt.error)
    return t


def _run(m, n, k, a_nz, b_nz, int8=False, ta=False, tb=False, mdl=False, seed=0, b_data=None):
    """C = A B by the kernel, A and B small integers given in their formats; (C, reference,
    report)."""
    rng = np.random.default_rng(seed)
    dt = np.int8 if int8 else np.float16
    a = rng.integers(-4, 5, (m, k)).astype(dt)
    b = rng.integers(-4, 5, (k, n)).astype(dt)
    sa = a.T.copy() if ta else a  # the matrices as stored: A [K, M], B [N, K] transposed
    sb = b.T.copy() if tb else b
    ga = to_nz(sa) if a_nz else sa.ravel()
    gb = (to_nz(sb) if b_nz else sb.ravel()) if b_data is None else b_data(sb)
    c = np.zeros(m * n, np.int32 if int8 else np.float32)
    tiling = _tiling(m, n, k, a_nz, b_nz, int8, ta, tb)
    report = nz_kernel[1](ga, gb, c, tiling, np.zeros(1024, np.uint8), m, n, k, a_nz, b_nz,
                          int8, ta, tb, mdl)
    acc = np.int32 if int8 else np.float32
    return c.reshape(m, n), a.astype(acc) @ b.astype(acc), report


@pytest.mark.parametrize("m,n,k,a_nz,b_nz,int8,ta,tb,mdl", [
    (64, 96, 128, False, True, False, False, False, False),  # NZ B, f16
    (40, 100, 72, False, True, False, False, False, True),   # tails in M, N, K; MDL
    (40, 100, 72, True, False, False, False, False, False),  # NZ A with the same tails
    (48, 100, 72, True, True, True, False, False, True),     # int8, both NZ (C0 = 32)
    (64, 80, 96, True, True, False, True, True, False),      # transposed: A [K, M], B [N, K]
    (48, 72, 100, False, True, True, False, True, True),     # int8 B [N, K]: K in strips
])
def test_nz_operands_match_numpy_exactly(m, n, k, a_nz, b_nz, int8, ta, tb, mdl):
    got, want, report = _run(m, n, k, a_nz, b_nz, int8, ta, tb, mdl)
    np.testing.assert_array_equal(got, want)
    assert not report.findings


@pytest.mark.parametrize("mdl", [False, True])
def test_an_nz_stage_is_a_plain_copy_of_strips_cheaper_than_nd2nz(mdl):
    # The same 128 x 256 f16 B (256-byte rows in ND, 16 strips of 128 x 32 bytes in NZ) and
    # the same stages: ND2NZ is capped at nd2nz_rate and issues a burst a row, the NZ copy
    # a burst a strip at the plain copy's rate. M, MTE1 and FIX do the same work.
    m, n, k = 128, 256, 128
    runs = {nz: _run(m, n, k, False, nz, mdl=mdl) for nz in (False, True)}
    for got, want, _ in runs.values():
        np.testing.assert_array_equal(got, want)
    nd, nzr = (runs[x][2].cores[0].busy for x in (False, True))
    assert nzr["PIPE_MTE2"] < nd["PIPE_MTE2"]
    for pipe in ("PIPE_M", "PIPE_MTE1"):
        assert nzr[pipe] == pytest.approx(nd[pipe], rel=1e-9)


def test_the_copy_reads_the_strips_padding_rows():
    # K = 72 rows of B are 80 rows a strip in GM (4 strips x 80 x 16 = 5120 elements): a B
    # without the last strip's 8 padding rows ends before what the library's DataCopy reads.
    with pytest.warns(SimulationWarning, match=r"OutOfBoundsError: .* reads elements "
                                               r"\[0, 5120\) of GM argument 'b', which has "
                                               r"4992 f16"):
        got, want, _ = _run(32, 64, 72, False, True, b_data=lambda sb: to_nz(sb)[:-8 * 16])
    np.testing.assert_array_equal(got, want)  # the padding rows are not part of the product


@asc.jit(matmul_cube_only=True)
def short_org(a: asc.GlobalAddress, b: asc.GlobalAddress, c: asc.GlobalAddress,
              tiling: asc.adv.TCubeTiling, ws: asc.GlobalAddress):
    a_gm = asc.GlobalTensor()
    b_gm = asc.GlobalTensor()
    c_gm = asc.GlobalTensor()
    a_gm.set_global_buffer(a)
    b_gm.set_global_buffer(b)
    c_gm.set_global_buffer(c)
    pipe = asc.TPipe()
    mm = _mm(False, True, False, False, False, False)
    asc.adv.register_matmul(pipe, ws, mm, tiling)
    mm.set_org_shape(64, 64, 64, 32)  # Kb = 32: strips of 32 rows, K = 64 read
    mm.set_tensor_a(a_gm)
    mm.set_tensor_b(b_gm)
    mm.iterate_all(c_gm)
    mm.end()


def test_strips_shorter_than_k_are_a_located_error():
    tiling = _tiling(64, 64, 64, False, True, False)
    with pytest.raises(InvalidArgumentError, match="strips are 32 rows high .*Kb") as e:
        short_org[1](np.zeros(64 * 64, np.float16), np.zeros(64 * 64, np.float16),
                     np.zeros(64 * 64, np.float32), tiling, np.zeros(64, np.uint8))
    assert "test_matmul_nz.py:" in str(e.value)


@asc.jit(matmul_cube_only=True)
def nz_batch(a: asc.GlobalAddress, b: asc.GlobalAddress, c: asc.GlobalAddress,
             tiling: asc.adv.TCubeTiling, ws: asc.GlobalAddress):
    a_gm = asc.GlobalTensor()
    b_gm = asc.GlobalTensor()
    c_gm = asc.GlobalTensor()
    a_gm.set_global_buffer(a)
    b_gm.set_global_buffer(b)
    c_gm.set_global_buffer(c)
    pipe = asc.TPipe()
    lay = asc.LayoutMode.NORMAL
    mm = asc.adv.Matmul(
        a=asc.adv.MatmulType(asc.TPosition.GM, asc.CubeFormat.ND, asc.float16, False, lay),
        b=asc.adv.MatmulType(asc.TPosition.GM, asc.CubeFormat.NZ, asc.float16, False, lay),
        c=asc.adv.MatmulType(asc.TPosition.GM, asc.CubeFormat.ND, asc.float32, False, lay))
    asc.adv.register_matmul(pipe, ws, mm, tiling)
    mm.set_tensor_a(a_gm)
    mm.set_tensor_b(b_gm)
    mm.set_batch_num(2, 2)
    mm.iterate_batch(c_gm, False, 0, False)
    mm.end()


def test_a_batch_call_on_an_nz_operand_is_refused():
    tiling = _tiling(32, 32, 32, False, True, False)
    with pytest.raises(NotSimulatedError, match="IterateBatch with B in CubeFormat.NZ") as e:
        nz_batch[1](np.zeros(2 * 32 * 32, np.float16), np.zeros(2 * 32 * 32, np.float16),
                    np.zeros(2 * 32 * 32, np.float32), tiling, np.zeros(64, np.uint8))
    assert "test_matmul_nz.py:" in str(e.value)


@asc.jit
def mixed_nz(a: asc.GlobalAddress, b: asc.GlobalAddress, c: asc.GlobalAddress,
             tiling: asc.adv.TCubeTiling, ws: asc.GlobalAddress, m: int, n: int, k: int,
             PAD_AT: asc.ConstExpr[int]):
    # Mixed (AIC + AIV): each AIV's IterateAll computes its half of C's rows on the server;
    # with PAD_AT > 0 AIV1 first writes 256 bytes of B from element PAD_AT.
    half = m // 2
    block = asc.get_block_idx()
    a_gm = asc.GlobalTensor()
    b_gm = asc.GlobalTensor()
    c_gm = asc.GlobalTensor()
    a_gm.set_global_buffer(a + block * half * k)
    b_gm.set_global_buffer(b)
    c_gm.set_global_buffer(c + block * half * n)
    pipe = asc.TPipe()
    mm = _mm(False, True, False, False, False, False)
    asc.adv.register_matmul(pipe, ws, mm, tiling)
    if PAD_AT > 0:
        if asc.get_sub_block_idx() == 1:
            other = asc.GlobalTensor()
            other.set_global_buffer(b + PAD_AT)
            buf = asc.TBuf(asc.TPosition.VECCALC)
            pipe.init_buffer(buf, 256)
            t = buf.get(asc.float16)
            asc.duplicate(t, 0.0, 128)
            asc.set_flag(asc.HardEvent.V_MTE3, 0)
            asc.wait_flag(asc.HardEvent.V_MTE3, 0)
            asc.data_copy(other, t, 128)
    mm.set_org_shape(m, n, k)
    mm.set_tensor_a(a_gm)
    mm.set_tensor_b(b_gm)
    mm.iterate_all(c_gm)
    mm.end()


def _mixed(m, n, k, pad_at=0):
    rng = np.random.default_rng(5)
    a = rng.integers(-4, 5, (m, k)).astype(np.float16)
    b = rng.integers(-4, 5, (k, n)).astype(np.float16)
    tiling = _tiling(m // 2, n, k, False, True, False)
    c = np.zeros(m * n, np.float32)
    report = mixed_nz[1](a.ravel(), to_nz(b), c, tiling, np.zeros(1024, np.uint8), m, n, k,
                         pad_at)
    return c.reshape(m, n), a.astype(np.float32) @ b.astype(np.float32), report


def test_the_kfc_server_reads_an_nz_weight():
    got, want, report = _mixed(64, 48, 72)
    np.testing.assert_array_equal(got, want)
    assert not report.findings


def test_the_sanitizer_sees_the_copy_read_the_strips_padding_rows():
    # K = 72: rows 72-79 of strip 0 (elements 1152-1279) are padding, which the server's
    # DataCopy reads while AIV1 writes them unordered.
    with pytest.raises(asc.SimulationError) as info:
        _mixed(64, 48, 72, pad_at=72 * 16)
    assert type(info.value).__name__ == "RaceError"
