"""Vector-API numerics checked against the A2 (dav-c220) pages of asc-devkit's docs: corner
cases a kernel can reach (masked-off blocks, all-zero masks, the order of ReduceSum's
additions, ...), each with the values the documentation implies."""

from __future__ import annotations

import numpy as np
import pytest

import ascdsl as asc

U64 = 2**64 - 1


def _frame(compute, dtype, n=512):
    @asc.jit
    def kernel(x: asc.GlobalAddress, z: asc.GlobalAddress):
        gx = asc.GlobalTensor()
        gx.set_global_buffer(x)
        gz = asc.GlobalTensor()
        gz.set_global_buffer(z)
        lx = asc.LocalTensor(dtype, asc.TPosition.VECIN, 0, n)
        lz = asc.LocalTensor(dtype, asc.TPosition.VECOUT, 4096, n)
        tmp = asc.LocalTensor(dtype, asc.TPosition.VECCALC, 8192, n)
        asc.data_copy(lx, gx, n)
        asc.data_copy(lz, gz, n)
        asc.set_flag(asc.HardEvent.MTE2_V, 0)
        asc.wait_flag(asc.HardEvent.MTE2_V, 0)
        compute(lx, lz, tmp)
        asc.set_flag(asc.HardEvent.V_MTE3, 0)
        asc.wait_flag(asc.HardEvent.V_MTE3, 0)
        asc.data_copy(gz, lz, n)

    return kernel


_ASC = {np.float16: asc.float16, np.float32: asc.float32}


def _run(compute, x, fill=9):
    z = np.full(x.size, fill, x.dtype)
    _frame(compute, _ASC[x.dtype.type], x.size)[1](x, z)
    return z


# --- reductions ------------------------------------------------------------------------------


@asc.jit
def _block_reduce_half_mask(lx, lz, tmp):
    # mask 32 of 128: blocks 0 and 1 take part, blocks 2..7 have no element
    asc.block_reduce_sum(lz, lx, 1, 32, 1, 1, 8)
    asc.block_reduce_max(lz[16:], lx, 1, 32, 1, 1, 8)
    asc.block_reduce_min(lz[32:], lx, 1, [0xFFFF, 0], 1, 1, 8)


def test_block_reduce_leaves_blocks_without_masked_on_elements():
    # ReduceDataBlock.md (A2): a DataBlock none of whose elements takes part gets no value
    # written, dst keeps its data (the simulator wrote 0 for a sum, -inf/+inf for max/min).
    x = np.arange(512, dtype=np.float16) / 64
    z = _run(_block_reduce_half_mask, x)
    blocks = x[:128].reshape(8, 16)
    np.testing.assert_array_equal(z[0:2], blocks[:2].astype(np.float64).sum(axis=1))
    np.testing.assert_array_equal(z[16:18], blocks[:2].max(axis=1))
    assert z[32] == blocks[0].min()
    assert (z[2:16] == 9).all() and (z[18:32] == 9).all() and (z[33:48] == 9).all()


@asc.jit
def _reductions_with_a_zero_mask(lx, lz, tmp):
    asc.whole_reduce_sum(lz, lx, mask=[0, 0], repeat_time=2, dst_rep_stride=1, src_blk_stride=1,
                         src_rep_stride=8)
    asc.whole_reduce_max(lz[16:], lx, mask=[0, 0], repeat_time=2, dst_rep_stride=1,
                         src_blk_stride=1, src_rep_stride=8)
    asc.pair_reduce_sum(lz[32:], lx, repeat_time=1, mask=[0, 0], dst_rep_stride=1,
                        src_blk_stride=1, src_rep_stride=8)
    asc.reduce_max(lz[48:], lx, tmp, mask=[0, 0], repeat_time=2, src_rep_stride=8,
                   cal_index=True)
    asc.pipe_barrier(asc.PipeID.PIPE_V)
    asc.reduce_sum(lz[64:], lx, tmp, mask=[0, 0], repeat_time=2, src_rep_stride=8)


@asc.jit
def _count_mask_zero(lx, lz, tmp):
    asc.whole_reduce_sum(lz, lx, mask=0, repeat_time=2, dst_rep_stride=1, src_blk_stride=1,
                         src_rep_stride=8)
    asc.adds(lz[16:], lx, 1.0, mask=0, repeat_times=2,
             repeat_params=asc.UnaryRepeatParams(1, 1, 8, 8))
    asc.add(lz[16:], lx, lx, mask=0, repeat_times=1,
            repeat_params=asc.BinaryRepeatParams(1, 1, 1, 8, 8, 8))


def test_a_count_mask_of_zero_is_a_nop_not_an_error():
    # 掩码.md: "mask = 0表示指令不会执行计算操作，该接口将被视为NOP"; kernel_npu_debug.h's
    # CheckMaskValue only warns ("equivalent to a NOP") and takes the range [0, 256 /
    # sizeof(T)]. The simulator reported an InvalidArgumentError ("mask=0 (1..128)").
    x = np.arange(512, dtype=np.float16)
    z = _run(_count_mask_zero, x)
    assert (z == 9).all()


def test_an_all_zero_mask_is_a_nop():
    # ReduceRepeat.md / ReduceSum.md / ReduceMax.md (A2): mask 0 executes nothing and writes
    # nothing (the simulator wrote 0 sums and -inf maxima with index 0).
    x = np.arange(512, dtype=np.float16)
    z = _run(_reductions_with_a_zero_mask, x)
    assert (z[:80] == 9).all()


@asc.jit
def _reduce_sum_count(lx, lz, tmp):
    asc.reduce_sum(lz, lx, tmp, 512)


def test_reduce_sum_count_form_adds_as_the_a2_does():
    # ReduceSum.md: the A2's count form sums each repeat in a binary tree (ReduceDataBlock's
    # adjacent pairs) and then the repeats' sums in order, every addition in half. Repeat sums
    # 2048, 1, 1, 1: in order 2048 + 1 -> 2048 (ties to even) three times. (numpy's float32
    # pairwise sum gave 2052; a tree over the repeats would give 2050.)
    x = np.zeros(512, np.float16)
    x[[0, 128, 256, 384]] = [2048, 1, 1, 1]
    assert _run(_reduce_sum_count, x)[0] == 2048
    # within a repeat: (2048 + 1) + (1 + 0) -> 2048 + 1 -> 2048, where the exact sum is 2050
    x = np.zeros(512, np.float16)
    x[:3] = [2048, 1, 1]
    assert _run(_reduce_sum_count, x)[0] == 2048


# --- compare ---------------------------------------------------------------------------------


def _compare_frame(compute):
    @asc.jit
    def kernel(x: asc.GlobalAddress, y: asc.GlobalAddress, m: asc.GlobalAddress):
        gx = asc.GlobalTensor()
        gx.set_global_buffer(x)
        gy = asc.GlobalTensor()
        gy.set_global_buffer(y)
        gm = asc.GlobalTensor()
        gm.set_global_buffer(m)
        lx = asc.LocalTensor(asc.float32, asc.TPosition.VECIN, 0, 256)
        ly = asc.LocalTensor(asc.float32, asc.TPosition.VECIN, 1024, 256)
        bits = asc.LocalTensor(asc.uint8, asc.TPosition.VECOUT, 2048, 64)
        asc.data_copy(lx, gx, 256)
        asc.data_copy(ly, gy, 256)
        asc.data_copy(bits, gm, 64)
        asc.set_flag(asc.HardEvent.MTE2_V, 0)
        asc.wait_flag(asc.HardEvent.MTE2_V, 0)
        compute(lx, ly, bits)
        asc.set_flag(asc.HardEvent.V_MTE3, 0)
        asc.wait_flag(asc.HardEvent.V_MTE3, 0)
        asc.data_copy(gm, bits, 64)

    return kernel


def _compare(compute):
    x = np.random.default_rng(1).standard_normal(256).astype(np.float32)
    y = np.random.default_rng(2).standard_normal(256).astype(np.float32)
    m = np.full(64, 0xA5, np.uint8)
    _compare_frame(compute)[1](x, y, m)
    return x, y, np.unpackbits(m, bitorder="little").astype(bool)


@asc.jit
def _compare_partial_count(lx, ly, bits):
    asc.compare(bits, lx, ly, cmp_mode=asc.CMPMODE.LT, count=100)
    asc.compare_scalar(bits[32:], lx[128:], 0.0, cmp_mode=asc.CMPMODE.GT, count=127)


def test_compare_count_form_compares_whole_repeats_only():
    # Compare.md: "count个元素所占空间256字节对齐 ... 未对齐部分元素不参与计算"; dav_c220's
    # CompareCompute runs count * sizeof(T) / 256 repeats. 100 floats: one repeat of 64;
    # 127 floats: one repeat of 64 (the simulator compared all 100 / 127).
    x, y, bits = _compare(_compare_partial_count)
    primed = np.unpackbits(np.full(64, 0xA5, np.uint8), bitorder="little").astype(bool)
    np.testing.assert_array_equal(bits[:64], x[:64] < y[:64])
    np.testing.assert_array_equal(bits[64:128], primed[64:128])
    np.testing.assert_array_equal(bits[128:256], primed[128:256])
    np.testing.assert_array_equal(bits[256:320], x[128:192] > 0)
    np.testing.assert_array_equal(bits[320:], primed[320:])


@asc.jit
def _compare_masked(lx, ly, bits):
    params = asc.BinaryRepeatParams(1, 1, 1, 8, 8, 8)
    asc.compare(bits, lx, ly, cmp_mode=asc.CMPMODE.GE, mask=16, repeat_times=2,
                repeat_params=params)
    uparams = asc.UnaryRepeatParams(1, 1, 8, 8)
    asc.compare_scalar(bits[32:], lx[128:], 0.0, cmp_mode=asc.CMPMODE.LE, mask=[0xF, 0],
                       repeat_times=2, repeat_params=uparams)


def test_compare_tensor_forms_ignore_the_mask_on_a2():
    # Compare.md / Compares.md: on the A2 mask/mask[] is "保留参数，设置无效"; dav_c220's
    # VcmpvImpl and VcmpvsImpl drop it: every element of each repeat is compared (the
    # simulator wrote 16 / 4 bits a repeat and left the others).
    x, y, bits = _compare(_compare_masked)
    np.testing.assert_array_equal(bits[:128], x[:128] >= y[:128])
    np.testing.assert_array_equal(bits[256:384], x[128:] <= 0)


# --- select ----------------------------------------------------------------------------------


def _select_frame(compute):
    @asc.jit
    def kernel(x: asc.GlobalAddress, y: asc.GlobalAddress, m: asc.GlobalAddress,
               z: asc.GlobalAddress):
        gx = asc.GlobalTensor()
        gx.set_global_buffer(x)
        gy = asc.GlobalTensor()
        gy.set_global_buffer(y)
        gm = asc.GlobalTensor()
        gm.set_global_buffer(m)
        gz = asc.GlobalTensor()
        gz.set_global_buffer(z)
        lx = asc.LocalTensor(asc.float32, asc.TPosition.VECIN, 0, 64)
        ly = asc.LocalTensor(asc.float32, asc.TPosition.VECIN, 256, 64)
        bits = asc.LocalTensor(asc.uint8, asc.TPosition.VECIN, 512, 32)
        lz = asc.LocalTensor(asc.float32, asc.TPosition.VECOUT, 1024, 64)
        asc.data_copy(lx, gx, 64)
        asc.data_copy(ly, gy, 64)
        asc.data_copy(bits, gm, 32)
        asc.data_copy(lz, gz, 64)
        asc.set_flag(asc.HardEvent.MTE2_V, 0)
        asc.wait_flag(asc.HardEvent.MTE2_V, 0)
        compute(lx, ly, bits, lz)
        asc.set_flag(asc.HardEvent.V_MTE3, 0)
        asc.wait_flag(asc.HardEvent.V_MTE3, 0)
        asc.data_copy(gz, lz, 64)

    return kernel


@asc.jit
def _select_without_set_mask(lx, ly, bits, lz):
    asc.adds(lz, lz, 0.0, mask=8, repeat_times=1,
             repeat_params=asc.UnaryRepeatParams(1, 1, 8, 8))  # leaves mask 8 in the register
    asc.select(lz, bits, lx, ly, sel_mode=asc.SelMode.VSEL_TENSOR_TENSOR_MODE, mask=64,
               repeat_times=1, repeat_params=asc.BinaryRepeatParams(1, 1, 1, 8, 8, 8),
               is_set_mask=False)


def test_select_sets_its_mask_whatever_is_set_mask_says():
    # Select.md: isSetMask is a reserved parameter; dav_c220's VselImpl calls SetMask(mask)
    # unconditionally, so mask=64 selects all 64 floats (the simulator used the register's
    # mask of 8 left by Adds and kept z[8:]).
    x = np.arange(64, dtype=np.float32)
    y = -np.arange(64, dtype=np.float32)
    m = np.zeros(32, np.uint8)
    m[:8] = 0x0F  # elements 0-3 of each byte take x
    z = np.full(64, 9, np.float32)
    _select_frame(_select_without_set_mask)[1](x, y, m, z)
    take_x = np.unpackbits(m[:8], bitorder="little").astype(bool)
    np.testing.assert_array_equal(z, np.where(take_x, x, y))


# --- axpy ------------------------------------------------------------------------------------


@asc.jit
def _axpy_half_into_float(x: asc.GlobalAddress, z: asc.GlobalAddress):
    gx = asc.GlobalTensor()
    gx.set_global_buffer(x)
    gz = asc.GlobalTensor()
    gz.set_global_buffer(z)
    lx = asc.LocalTensor(asc.float16, asc.TPosition.VECIN, 0, 128)
    lz = asc.LocalTensor(asc.float32, asc.TPosition.VECOUT, 1024, 128)
    asc.data_copy(lx, gx, 128)
    asc.data_copy(lz, gz, 128)
    asc.set_flag(asc.HardEvent.MTE2_V, 0)
    asc.wait_flag(asc.HardEvent.MTE2_V, 0)
    asc.axpy(lz, lx, 300.0, 64)
    asc.axpy(lz[64:], lx[64:], 300.0, mask=64, repeat_times=1,
             repeat_params=asc.UnaryRepeatParams(1, 1, 8, 4))
    asc.set_flag(asc.HardEvent.V_MTE3, 0)
    asc.wait_flag(asc.HardEvent.V_MTE3, 0)
    asc.data_copy(gz, lz, 128)


def test_axpy_half_sources_into_float_multiply_in_float():
    # Axpy.md: dst = scalar * src + dst, (half, half, float) 64 elements a repeat: float lanes.
    # 300 * 300 = 90000 fits a float (the simulator rounded the product to half: inf), and
    # 300 * (1 + 2**-10) = 300.29296875 is exact in float (the simulator had 300.25).
    x = np.zeros(128, np.float16)
    x[[0, 64]] = 300
    x[[1, 65]] = 1 + 2.0 ** -10
    z = np.ones(128, np.float32)
    _axpy_half_into_float[1](x, z)
    for k in (0, 64):
        assert z[k] == 90001 and z[k + 1] == np.float32(300.29296875 + 1)


# --- repeats that read what earlier repeats wrote --------------------------------------------


@asc.jit
def _accumulate_rows(lx, lz, tmp):
    # lz[0:64] += lx[64 r : 64 r + 64], r = 0..3: dst and src1 the same, their repeat strides 0
    asc.add(lz, lx, lz, mask=64, repeat_times=4,
            repeat_params=asc.BinaryRepeatParams(1, 1, 1, 0, 8, 0))
    # lz[64:128] = max over the rows, the same way
    asc.max(lz[64:], lx, lz[64:], mask=64, repeat_times=4,
            repeat_params=asc.BinaryRepeatParams(1, 1, 1, 0, 8, 0))


def test_binary_ops_accumulate_through_a_zero_repeat_stride():
    # 通用说明和约束.md, 通用地址重叠约束: Add/Sub/Mul/Max/Min/AddRelu/SubRelu on half, int32
    # and float may have an earlier repeat's dst be a later repeat's src1 when dstRepStride or
    # src1RepStride is 0: the repeats run in order (the simulator read src1 once for all
    # repeats, so only the last row was added: 1 + x[192:256]).
    x = np.random.default_rng(3).standard_normal(512).astype(np.float32)
    z = np.full(512, 1, np.float32)
    z[64:128] = -np.inf
    _frame(_accumulate_rows, asc.float32)[1](x, z)
    rows = x[:256].reshape(4, 64)
    expect = np.float32(1)
    for r in range(4):
        expect = (expect + rows[r]).astype(np.float32)
    np.testing.assert_array_equal(z[:64], expect)
    np.testing.assert_array_equal(z[64:128], rows.max(axis=0))


# --- cast ------------------------------------------------------------------------------------


def _cast_f32(mode):
    @asc.jit
    def compute(lx, lz, tmp):
        asc.cast(lz, lx, mode, 64)
        asc.cast(lz[64:], lx[64:], mode, mask=64, repeat_times=1,
                 repeat_params=asc.UnaryRepeatParams(1, 1, 8, 8))

    return compute


def test_cast_float_to_float_rounds_to_an_integral_value():
    # precision_conversion.md, float -> float (the A2 takes CAST_RINT/FLOOR/CEIL/ROUND/TRUNC):
    # "将源值按照精度舍入模式取整": 0.5 gives 0.0 (RINT, FLOOR, TRUNC) and 1.0 (CEIL, ROUND).
    # The simulator copied the values unchanged.
    vals = [0.5, 1.5, -0.5, -2.5, 0.49999997, 2.0 ** 23 + 1, -7.0, 3.75]
    expect = {
        asc.RoundMode.CAST_RINT: [0, 2, -0.0, -2, 0, 2.0 ** 23 + 1, -7, 4],
        asc.RoundMode.CAST_FLOOR: [0, 1, -1, -3, 0, 2.0 ** 23 + 1, -7, 3],
        asc.RoundMode.CAST_CEIL: [1, 2, -0.0, -2, 1, 2.0 ** 23 + 1, -7, 4],
        asc.RoundMode.CAST_ROUND: [1, 2, -1, -3, 0, 2.0 ** 23 + 1, -7, 4],
        asc.RoundMode.CAST_TRUNC: [0, 1, -0.0, -2, 0, 2.0 ** 23 + 1, -7, 3],
    }
    x = np.zeros(512, np.float32)
    x[:8] = x[64:72] = vals
    for mode, want in expect.items():
        z = _run(_cast_f32(mode), x)
        np.testing.assert_array_equal(z[:8], np.float32(want))
        np.testing.assert_array_equal(z[64:72], np.float32(want))


# --- brcb ------------------------------------------------------------------------------------


@asc.jit
def _brcb_block_stride_zero(lx, lz, tmp):
    asc.brcb(lz, lx, 2, asc.BrcbRepeatParams(0, 8))


def test_brcb_block_stride_zero_is_one():
    # Brcb.md's reference code ("if repeatParams.dstBlkStride == 0: dstBlkStride = 1") and the
    # headers' warning "dstBlkStride = 0 in Brcb is equivalent to dstBlkStride = 1": 16 blocks
    # each filled with one element (the simulator wrote all 8 of a repeat into one block).
    x = np.arange(512, dtype=np.float32)
    z = _run(_brcb_block_stride_zero, x)
    np.testing.assert_array_equal(z[:128], np.repeat(x[:16], 8))
    assert (z[128:] == 9).all()


# --- scalar bit counts -----------------------------------------------------------------------


@asc.jit
def _sign_bits(out: asc.GlobalAddress):
    g = asc.GlobalTensor()
    g.set_global_buffer(out)
    g.set_value(0, asc.count_bits_cnt_same_as_sign_bit(0))
    g.set_value(1, asc.count_bits_cnt_same_as_sign_bit(-1))
    g.set_value(2, asc.count_bits_cnt_same_as_sign_bit(np.int64(0x000F00FF0FF0FFFF)))


def test_count_bits_same_as_sign_of_all_sign_bits_is_minus_one():
    # CountBitsCntSameAsSignBit.md and asc_sflbits.md: "当输入是-1（比特位全1）或者0（比特位
    # 全0）时，返回-1"; 0x000f00ff0ff0ffff gives 11 (the simulator gave 63 for 0 and -1).
    out = np.full(4, 7, np.int64)
    _sign_bits[1](out)
    assert out.tolist() == [-1, -1, 11, 7]


def _cast_kernel(src, dst, mode):
    """Cast 64 elements of `src` type in GM into `dst` type with round mode `mode`."""

    @asc.jit
    def kernel(x: asc.GlobalAddress, z: asc.GlobalAddress):
        gx = asc.GlobalTensor()
        gx.set_global_buffer(x)
        gz = asc.GlobalTensor()
        gz.set_global_buffer(z)
        lx = asc.LocalTensor(src, asc.TPosition.VECIN, 0, 64)
        lz = asc.LocalTensor(dst, asc.TPosition.VECOUT, 1024, 64)
        asc.data_copy(lx, gx, 64)
        asc.set_flag(asc.HardEvent.MTE2_V, 0)
        asc.wait_flag(asc.HardEvent.MTE2_V, 0)
        asc.cast(lz, lx, mode, 64)
        asc.set_flag(asc.HardEvent.V_MTE3, 0)
        asc.wait_flag(asc.HardEvent.V_MTE3, 0)
        asc.data_copy(gz, lz, 64)

    return kernel


_float_to_int64 = _cast_kernel(asc.float32, asc.int64, asc.RoundMode.CAST_RINT)


def test_cast_float_to_int64_saturates_upwards():
    # precision_conversion.md: "溢出默认按照饱和模式处理"; float -> int64 is an A2 pair
    # (Cast.md). 1e19 and +inf give INT64_MAX (the simulator wrapped them to INT64_MIN: the
    # float of INT64_MAX is 2**63).
    x = np.zeros(64, np.float32)
    x[:4] = [1e19, np.inf, -1e19, 2.0 ** 62]
    z = np.zeros(64, np.int64)
    _float_to_int64[1](x, z)
    info = np.iinfo(np.int64)
    assert z[:4].tolist() == [info.max, info.max, info.min, 2 ** 62]


def _cast_to_half(mode):
    return _cast_kernel(asc.float32, asc.float16, mode)


def test_cast_round_overflows_to_half_as_rint_does():
    # precision_conversion.md, CAST_ROUND: "若待舍入部分的首位为0，则不进位；否则，进位" — the
    # same carry as CAST_RINT at 65520 (half-way past 65504) and beyond, which the simulator
    # turns into inf for RINT. ROUND gave 65504 there.
    x = np.zeros(64, np.float32)
    x[:5] = [65520, 1e6, -65520, 65519, 65535]
    got = {}
    for mode in (asc.RoundMode.CAST_RINT, asc.RoundMode.CAST_ROUND):
        z = np.zeros(64, np.float16)
        _cast_to_half(mode)[1](x, z)
        got[mode] = z[:5].tolist()
    assert got[asc.RoundMode.CAST_ROUND] == got[asc.RoundMode.CAST_RINT]
    assert got[asc.RoundMode.CAST_ROUND] == [np.inf, np.inf, -np.inf, 65504, np.inf]


# --- math library ----------------------------------------------------------------------------


def test_sign_of_nan_is_zero():
    # Sign.md's float example: [-inf, -2.0, -0.0, 0.0, nan, -nan, 2.0, inf] ->
    # [-1, -1, 0, 0, 0, 0, 1, 1] (the simulator gave nan for the NaNs).
    from sim_kernels import run, ub_kernel

    x = np.zeros(64, np.float32)
    x[:8] = [-np.inf, -2.0, -0.0, 0.0, np.nan, -np.nan, 2.0, np.inf]
    z = np.full(64, 9, np.float32)
    body = "  %r = arith.constant false\n  ascendc.sign %zl, %xl, %n, %r : TZ, TX, i32, i1"
    run(ub_kernel(body, "f32", n=64), [x, np.zeros_like(x), z])
    assert z[:8].tolist() == [-1, -1, 0, 0, 0, 0, 1, 1]


_U = 2 ** 37  # the f32 spacing in [2**60, 2**61)
_WIDE = [2 ** 60 + 2 ** 36 + 1, -(2 ** 60 + 2 ** 36 + 1), 2 ** 60 + 2 ** 36 - 1, 2 ** 60 + 1,
         -(2 ** 60 + 1), 2 ** 60 + _U - 1, 2 ** 63 - 1, -2 ** 63]
_TOP = 2 ** 63 - 2 ** 39  # the largest f32 below 2**63


@pytest.mark.parametrize("mode, expect", [
    (asc.RoundMode.CAST_RINT, [2 ** 60 + _U, -(2 ** 60 + _U), 2 ** 60, 2 ** 60, -2 ** 60,
                               2 ** 60 + _U, 2 ** 63, -2 ** 63]),
    (asc.RoundMode.CAST_ROUND, [2 ** 60 + _U, -(2 ** 60 + _U), 2 ** 60, 2 ** 60, -2 ** 60,
                                2 ** 60 + _U, 2 ** 63, -2 ** 63]),
    (asc.RoundMode.CAST_FLOOR, [2 ** 60, -(2 ** 60 + _U), 2 ** 60, 2 ** 60, -(2 ** 60 + _U),
                                2 ** 60, _TOP, -2 ** 63]),
    (asc.RoundMode.CAST_CEIL, [2 ** 60 + _U, -2 ** 60, 2 ** 60 + _U, 2 ** 60 + _U, -2 ** 60,
                               2 ** 60 + _U, 2 ** 63, -2 ** 63]),
    (asc.RoundMode.CAST_TRUNC, [2 ** 60, -2 ** 60, 2 ** 60, 2 ** 60, -2 ** 60, 2 ** 60, _TOP,
                                -2 ** 63]),
])
def test_cast_int64_to_float_rounds_once(mode, expect):
    # vconv_s642f32{r,a,f,c,z} round the integer to f32 directly. The simulator went through
    # float64, which rounds first above 2**53: 2**60 + 2**36 + 1 became the tie 2**60 + 2**36,
    # then 2**60 under RINT, not 2**60 + 2**37; 2**60 + 1 became 2**60, which CEIL kept.
    assert np.float32(np.float64(_WIDE[0])) == 2 ** 60
    x = np.zeros(64, np.int64)
    x[:8] = _WIDE
    z = np.full(64, 7, np.float32)
    _cast_kernel(asc.int64, asc.float32, mode)[1](x, z)
    assert z[:8].astype(np.float64).tolist() == [float(e) for e in expect]


def test_cast_half_to_int8_with_cast_none_rounds_to_nearest_even():
    # dav_c220's Cast<int8_t, half> has CAST_NONE (vconv_f162s8; the verifier refused it), which
    # "在转换有精度损失时表示CAST_RINT模式" (RoundMode): ties to even, then saturation.
    x = np.zeros(64, np.float16)
    x[:8] = [2.5, -2.5, 3.5, 0.4, -0.6, 200, -200, 126.5]
    z = np.full(64, 9, np.int8)
    _cast_kernel(asc.float16, asc.int8, asc.RoundMode.CAST_NONE)[1](x, z)
    assert z[:8].tolist() == [2, -2, 4, 0, -1, 127, -128, 126]


_int32_to_half = _cast_kernel(asc.int32, asc.float16, asc.RoundMode.CAST_RINT)


def test_cast_int32_to_half_is_refused_as_a_deq_scale_conversion():
    # dav_c220's Cast<half, int32_t> is vconv_deq (kernel_operator_vec_vconv_impl.h: "roundMode
    # is ignored ... please use it with SetDeqScale"): the result is scaled by a register the
    # simulator does not model, so it used to give an unscaled value the NPU does not compute.
    from ascdsl.sim.errors import NotSimulatedError

    with pytest.raises(NotSimulatedError, match="deq-scale register") as e:
        _int32_to_half[1](np.arange(64, dtype=np.int32), np.zeros(64, np.float16))
    assert "test_numerics_audit.py" in str(e.value)
