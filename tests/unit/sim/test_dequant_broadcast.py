"""AscendDequant and BroadCast in the simulator: kernels in the kernel language against numpy
(the dav-c220 implementations' numerics and layouts), their shape and scratch rules as
located errors, what the sanitizer sees, and a cost counted through the implementations'
loops."""

from __future__ import annotations

import numpy as np
import pytest

import ascdsl as asc
from ascdsl.dialects.ascendc.soc import LIBRARY_910B, get_soc
from ascdsl.sim import InvalidArgumentError, RaceError
from ascdsl.sim.lower.dequant_broadcast import broadcast_steps, dequant_steps
from sim_kernels import run, ub_kernel

ISSUE = get_soc().cost["vector_issue"]
NP = {asc.float32: np.float32, asc.float16: np.float16, asc.int8: np.int8,
      asc.uint8: np.uint8, asc.uint64: np.uint64, asc.int32: np.int32}


def _dequant_kernel(src_len, scale_len, dst_len, m, n, cal, dst_t=asc.float32,
                    scale_t=asc.float32, tmp_bytes=4096, mode=None, fill=None):
    """z = AscendDequant(x, s) with DequantParams(m, n, cal); `fill`: dst holds that value
    first (so the padding it leaves shows)."""

    @asc.jit(insert_sync=True)
    def k(x: asc.GlobalAddress, s: asc.GlobalAddress, z: asc.GlobalAddress):
        xg, sg, zg = asc.GlobalTensor(), asc.GlobalTensor(), asc.GlobalTensor()
        xg.set_global_buffer(x)
        sg.set_global_buffer(s)
        zg.set_global_buffer(z)
        src = asc.LocalTensorAuto(asc.int32, src_len)
        scale = asc.LocalTensorAuto(scale_t, scale_len)
        dst = asc.LocalTensorAuto(dst_t, dst_len)
        asc.data_copy(src, xg, src_len)
        asc.data_copy(scale, sg, scale_len)
        if fill is not None:
            asc.duplicate(dst, fill, dst_len)
            asc.pipe_barrier(asc.PipeID.PIPE_V)
        params = asc.adv.DequantParams(m, n, cal)
        if tmp_bytes > 0:
            tmp = asc.LocalTensorAuto(asc.uint8, tmp_bytes)
            asc.adv.ascend_dequant(dst, src, scale, params, tmp, mode=mode)  # call
        else:
            asc.adv.ascend_dequant(dst, src, scale, params, mode=mode)  # call
        asc.data_copy(zg, dst, dst_len)

    return k


def _dequant_ref(x: np.ndarray, s: np.ndarray, cal: int) -> np.ndarray:
    ref = x.astype(np.float32)
    ref[:, :cal] = ref[:, :cal] * s[:cal].astype(np.float32)
    return ref


def test_dequant_scales_the_first_cal_count_columns_of_each_row():
    m, n, cal = 4, 64, 40
    rng = np.random.default_rng(1)
    x = rng.integers(-(1 << 20), 1 << 20, (m, n)).astype(np.int32)
    x[0, 0] = 0  # 0 * -s is -0; the library's final Adds +0 makes it +0
    s = (rng.random(n) * 4 - 2).astype(np.float32)
    s[0] = -1.5
    z = np.full((m, n), np.nan, np.float32)
    _dequant_kernel(m * n, n, m * n, m, n, cal)[1](x, s, z)
    ref = _dequant_ref(x, s, cal)
    np.testing.assert_array_equal(z, ref)
    assert not np.signbit(z[0, 0])
    # the unscaled columns are float(src), not src * deqScale
    assert not np.array_equal(z[:, cal:], x[:, cal:] * s[cal:])


def test_dequant_to_half_with_uint64_scales_pads_each_row_to_32_bytes():
    m, n, cal = 3, 40, 24
    n_dst = 48  # 40 halves rounded up to 16
    rng = np.random.default_rng(2)
    x = rng.integers(-3000, 3000, (m, n)).astype(np.int32)
    scales = (rng.random(n) + 0.5).astype(np.float32)
    # the float in the low word; the high word holds other fields the API ignores
    s = (np.uint64(0xABCD) << np.uint64(32)) | scales.view(np.uint32).astype(np.uint64)
    z = np.zeros((m, n_dst), np.float16)
    _dequant_kernel(m * n, n, m * n_dst, m, n, cal, dst_t=asc.float16, scale_t=asc.uint64,
                    fill=7.0)[1](x, s, z)
    np.testing.assert_array_equal(z[:, :n], _dequant_ref(x, scales, cal).astype(np.float16))
    assert (z[:, n:] == np.float16(7)).all()


@pytest.mark.parametrize("dst_t,scale_t", [("bfloat16", "float32"), ("float32", "bfloat16"),
                                           ("bfloat16", "bfloat16")])
def test_dequant_bfloat16_forms(dst_t, scale_t):
    torch = pytest.importorskip("torch")
    m, n, cal = 2, 32, 32
    g = torch.Generator().manual_seed(3)
    x = torch.randint(-5000, 5000, (m, n), generator=g, dtype=torch.int32)
    s = (torch.rand(n, generator=g) + 0.5).to(getattr(torch, scale_t))
    z = torch.zeros(m, n, dtype=getattr(torch, dst_t))
    _dequant_kernel(m * n, n, m * n, m, n, cal, dst_t=getattr(asc, dst_t),
                    scale_t=getattr(asc, scale_t))[1](x, s, z)
    # float products, then round to nearest even bfloat16 (Cast CAST_RINT)
    ref = (x.float() * s.float()).to(getattr(torch, dst_t))
    assert torch.equal(z, ref)


def test_single_row_mode_splits_one_long_row_and_multi_row_keeps_it():
    m, n = 3, 16
    rng = np.random.default_rng(4)
    x = rng.integers(-100, 100, (m * n,)).astype(np.int32)
    s = (rng.random(m * n) + 0.5).astype(np.float32)
    single = np.zeros(m * n, np.float32)
    _dequant_kernel(m * n, m * n, m * n, 1, m * n, n)[1](x, s, single)
    np.testing.assert_array_equal(single.reshape(m, n),
                                  _dequant_ref(x.reshape(m, n), s, n))
    multi = np.zeros(m * n, np.float32)
    _dequant_kernel(m * n, m * n, m * n, 1, m * n, n,
                    mode=asc.adv.DeQuantMode.DEQUANT_WITH_MULTI_ROW)[1](x, s, multi)
    np.testing.assert_array_equal(multi, _dequant_ref(x[None, :], s, n)[0])


def test_dequant_without_temp_buffer_takes_the_free_ub():
    m, n, cal = 2, 64, 64
    x = np.arange(m * n, dtype=np.int32).reshape(m, n) - 50
    s = np.linspace(-1, 1, n, dtype=np.float32)
    z = np.zeros((m, n), np.float32)
    _dequant_kernel(m * n, n, m * n, m, n, cal, tmp_bytes=0)[1](x, s, z)
    np.testing.assert_array_equal(z, _dequant_ref(x, s, cal))


@pytest.mark.parametrize("shape,sizes,message", [
    ((4, 12, 8), (64, 16, 64), r"DequantParams.n = 12: a row of int32 must be a positive "
                               r"multiple of 32 bytes \(8 elements\)"),
    ((4, 16, 24), (64, 32, 64), r"DequantParams.calCount = 24; it must be in \[1, n = 16\]"),
    ((5, 16, 8), (64, 16, 80), r"DequantParams \{m = 5, n = 16\}: 80 int32 elements, but the "
                               r"source holds 64"),
    ((4, 16, 16), (64, 8, 64), r"calCount = 16, but deqScale holds 8 elements"),
    ((4, 16, 16), (64, 16, 48), r"writes 4 rows of 16 f32 .* but the destination holds 48"),
])
def test_dequant_shape_rules_are_located_errors(shape, sizes, message):
    m, n, cal = shape
    src_len, scale_len, dst_len = sizes
    k = _dequant_kernel(src_len, scale_len, dst_len, m, n, cal)
    x, s = np.zeros(src_len, np.int32), np.ones(scale_len, np.float32)
    with pytest.raises(InvalidArgumentError, match=message) as info:
        k[1](x, s, np.zeros(dst_len, np.float32))
    assert info.value.site is not None and "# call" in str(info.value)


def test_dequant_temp_buffer_below_the_documented_minimum_is_an_error():
    m, n, cal = 2, 64, 64  # GetAscendDequantMaxMinTmpSize: (2 * 64 + 72) floats = 800 bytes
    x, s = np.zeros(m * n, np.int32), np.ones(n, np.float32)
    small = _dequant_kernel(m * n, n, m * n, m, n, cal, tmp_bytes=768)
    with pytest.raises(InvalidArgumentError, match=r"sharedTmpBuffer of 768 bytes; "
                                                   r"AscendC::AscendDequant needs at least 800"):
        small[1](x, s, np.zeros(m * n, np.float32))
    z = np.zeros(m * n, np.float32)
    _dequant_kernel(m * n, n, m * n, m, n, cal, tmp_bytes=800)[1](x, s, z)


def test_reading_the_dequantized_rows_without_a_vector_barrier_is_a_race():
    # Synchronized by hand (sim_kernels.ub_kernel): y's zeros, as floats, are the scales.
    body = ("  %ys = ascendc.reinterpret_cast %yl : TX to !ascendc.local_tensor<64xf32>\n"
            "  %c2 = arith.constant 2 : i32\n  %c32 = arith.constant 32 : i32\n"
            "  %p = ascendc.construct !ascendc.dequant_params(%c2, %c32, %c32) : i32, i32, i32\n"
            "  ascendc.ascend_dequant %zl, %xl, %ys, %p {mode = 0 : i32} : TZ, TX, "
            "!ascendc.local_tensor<64xf32>, !ascendc.dequant_params\n"
            "  ascendc.add_l2 %zl, %zl, %zl, %n : TZ, TZ, TZ, i32")
    x, y = np.ones(64, np.int32), np.zeros(64, np.int32)
    with pytest.raises(RaceError, match="ascendc.add_l2"):
        run(ub_kernel(body, "i32", "f32"), [x, y, np.zeros(64, np.float32)])
    fixed = body.replace("  ascendc.add_l2", "  ascendc.pipe_barrier pipe_v\n  ascendc.add_l2")
    z = np.full(64, np.nan, np.float32)
    run(ub_kernel(fixed, "i32", "f32"), [x, y, z])
    np.testing.assert_array_equal(z, np.zeros(64, np.float32))


# --- BroadCast ---------------------------------------------------------------------------------


def _broadcast_kernel(dtype, src_len, dst_len, dst_shape, src_shape, tmp_bytes=4096, axis=None,
                      runtime=False):
    """z = BroadCast(x) from src_shape to dst_shape; with `runtime`, the shapes' extents are
    kernel arguments (the C++ arrays hold runtime values)."""
    # tuples: the JIT cache keys a kernel on the closure values that are immutable
    dst_shape, src_shape = tuple(dst_shape), tuple(src_shape)

    @asc.jit(insert_sync=True)
    def k(x: asc.GlobalAddress, z: asc.GlobalAddress, d0: int, d1: int, s0: int, s1: int):
        xg, zg = asc.GlobalTensor(), asc.GlobalTensor()
        xg.set_global_buffer(x)
        zg.set_global_buffer(z)
        src = asc.LocalTensorAuto(dtype, src_len)
        dst = asc.LocalTensorAuto(dtype, dst_len)
        asc.data_copy(src, xg, src_len)
        if runtime:
            dshape, sshape = [d0, d1], [s0, s1]
        else:
            dshape, sshape = dst_shape, src_shape
        if tmp_bytes > 0:
            tmp = asc.LocalTensorAuto(asc.uint8, tmp_bytes)
            asc.adv.broadcast(dst, src, dshape, sshape, tmp, axis=axis)  # call
        else:
            asc.adv.broadcast(dst, src, dshape, sshape, axis=axis)  # call
        asc.data_copy(zg, dst, dst_len)

    def launch(x, z):
        shapes = list(dst_shape) + [0] * (2 - len(dst_shape)) + list(src_shape) + \
            [0] * (2 - len(src_shape))
        return k[1](x, z, *shapes)

    launch.kernel = k
    return launch


@pytest.mark.parametrize("dtype,m,n", [(asc.float32, 5, 64), (asc.float16, 20, 32),
                                       (asc.float16, 3, 12), (asc.float32, 9, 12),
                                       (asc.int8, 4, 32), (asc.uint8, 2, 64)])
def test_broadcast_repeats_each_row_value_along_the_row(dtype, m, n):
    x = (np.arange(32) * 7 - 40).astype(NP[dtype])
    per_block = 32 // np.dtype(NP[dtype]).itemsize
    dst_len = -(-m * n // per_block) * per_block  # whole 32-byte blocks for the copy out
    z = np.zeros(dst_len, NP[dtype])
    _broadcast_kernel(dtype, 32, dst_len, [m, n], [m, 1])(x, z)
    # dense rows of n, also when n is not 32-byte aligned (the library packs them)
    np.testing.assert_array_equal(z[:m * n].reshape(m, n), np.repeat(x[:m, None], n, axis=1))


def test_broadcast_with_runtime_shapes_axis_0_one_element_and_equal_sizes():
    x = np.arange(1, 65, dtype=np.float32)
    z = np.zeros(256, np.float32)
    _broadcast_kernel(asc.float32, 64, 256, [6, 40], [6, 1], axis=1, runtime=True)(x, z)
    np.testing.assert_array_equal(z[:240].reshape(6, 40), np.repeat(x[:6, None], 40, axis=1))
    z = np.zeros(256, np.float32)
    _broadcast_kernel(asc.float32, 64, 256, [4, 16], [1, 16])(x, z)  # axis 0 from the shapes
    np.testing.assert_array_equal(z[:64].reshape(4, 16), np.tile(x[:16], (4, 1)))
    z = np.zeros(256, np.float32)
    _broadcast_kernel(asc.float32, 64, 256, [48], [1])(x, z)  # dim 1: one element
    np.testing.assert_array_equal(z[:48], np.full(48, x[0]))
    z = np.zeros(256, np.float32)
    _broadcast_kernel(asc.float32, 64, 256, [4, 16], [4, 16], axis=1, tmp_bytes=0)(x, z)
    np.testing.assert_array_equal(z[:64], x)


def test_broadcast_axis_must_match_the_shapes_and_axis_0_rows_must_be_aligned():
    x, z = np.arange(64, dtype=np.float32), np.zeros(256, np.float32)
    wrong = _broadcast_kernel(asc.float32, 64, 256, [4, 16], [1, 16], axis=1, runtime=True)
    with pytest.raises(InvalidArgumentError, match=r"is BroadCast<T, 2, 1>, but srcShape "
                                                   r"\[1, 16\] -> dstShape \[4, 16\] broadcasts "
                                                   r"axis 0") as info:
        wrong(x, z)
    assert "# call" in str(info.value)
    unaligned = _broadcast_kernel(asc.float32, 64, 256, [4, 12], [1, 12])
    with pytest.raises(InvalidArgumentError, match=r"rows of 12 f32: BroadCast needs "
                                                   r"srcShape\[1\] 32-byte aligned"):
        unaligned(x, z)
    bad = _broadcast_kernel(asc.float32, 64, 256, [4, 16], [3, 1], axis=1, runtime=True)
    with pytest.raises(InvalidArgumentError, match=r"cannot broadcast srcShape \[3, 1\] to "
                                                   r"dstShape \[4, 16\]"):
        bad(x, z)


def test_broadcast_temp_buffer_below_the_documented_minimum_is_an_error():
    x, z = np.arange(64, dtype=np.float32), np.zeros(1024, np.float32)
    # [16, 1] -> [16, 64] float: one 8 x 8 block of floats (256 bytes) at least
    with pytest.raises(InvalidArgumentError, match=r"sharedTmpBuffer of 128 bytes; "
                                                   r"AscendC::BroadCast needs at least 256"):
        _broadcast_kernel(asc.float32, 64, 1024, [16, 64], [16, 1], tmp_bytes=128)(x, z)
    _broadcast_kernel(asc.float32, 64, 1024, [16, 64], [16, 1], tmp_bytes=256)(x, z)
    np.testing.assert_array_equal(z.reshape(16, 64), np.repeat(x[:16, None], 64, axis=1))


# --- cost ------------------------------------------------------------------------------------


def test_dequant_cost_counts_the_chunks_and_mul_loops():
    m, n, cal = 8, 256, 200
    x, s = np.ones(m * n, np.int32), np.ones(n, np.float32)

    def cycles(tmp):
        k = _dequant_kernel(m * n, n, m * n, m, n, cal, tmp_bytes=tmp)
        return k[1](x, s, np.zeros(m * n, np.float32)).busy["PIPE_V"]

    # 2336 bytes (the minimum, 584 floats) hold the 200-float scale row and one 256-float row:
    # 8 chunks, each Cast (4 repeats), 3 Mul of the 3 full 64-column blocks, a norm-mode Mul of
    # the last 8 columns, Adds (4); and one Adds of the scale row (4 repeats) first.
    assert cycles(2336) == (1 + 8 * 6) * ISSUE + 4 + 8 * (4 + 3 + 1 + 4)
    # with room for all 8 rows: one chunk of the same instructions, 8 repeats each Mul
    assert cycles(16384) == 7 * ISSUE + 4 + (32 + 3 * 8 + 8 + 32)


def test_broadcast_cost_counts_the_rounds():
    x = np.arange(64, dtype=np.float32)

    def cycles(tmp):
        run = _broadcast_kernel(asc.float32, 64, 1024, [16, 64], [16, 1], tmp_bytes=tmp)
        return run(x, np.zeros(1024, np.float32)).busy["PIPE_V"]

    # 256 bytes of scratch hold 8 rows' blocks: two rounds of Brcb (1 repeat) and Copy (8)
    assert cycles(256) == 4 * ISSUE + 2 * (1 + 8)
    # 4 KB: one round of Brcb (2 repeats) and Copy (16)
    assert cycles(4096) == 2 * ISSUE + 2 + 16


def test_steps_use_the_library_table_sequences():
    lib = LIBRARY_910B["AscendDequant"]
    for key, mix in lib.mix.items():
        dst = key.split("<")[0]
        steps = dequant_steps(mix, dst, 4, 40, 24, 1024)
        assert [api for api, _, _ in steps] == mix.split()
    lib = LIBRARY_910B["BroadCast"]
    for path, dst, src in (("last", [8, 16], [8, 1]), ("last_unaligned", [8, 12], [8, 1]),
                           ("first", [8, 16], [1, 16]), ("same", [8, 16], [8, 16]),
                           ("one", [8, 16], [1, 1])):
        steps = broadcast_steps(lib, path, dst, src, 4, False, 4096)
        assert [api for api, _, _ in steps] == lib.mix[path].split()
    b8 = broadcast_steps(lib, "last", [8, 32], [8, 1], 2, True, 4096)
    assert [api for api, _, _ in b8] == lib.mix["b8"].split() + lib.mix["last"].split()
