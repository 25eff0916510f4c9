"""Two copies on one DMA pipe whose destinations overlap (Ascend C's PipeBarrier page,
约束说明): without PipeBarrier<PIPE_MTE2> / <PIPE_MTE3> between them the data is undefined, and
neither the TQue framework nor bisheng's auto-sync inserts that barrier. The sanitizer
reports the pair (exact in bytes, atomic stores exempt), and only that pair."""

import sys
from pathlib import Path

import numpy as np
import pytest

import ascdsl as asc
from ascdsl.sim.errors import RaceError
from sim_kernels import line_of, run, source_line_of, vadd_framework

N = 64  # float32 elements per copy: 256 bytes
E = asc.HardEvent
P = asc.PipeID
ROWS, COLS = 16, 64  # a matrix written one 8-column block (32 bytes) per copy




# --- MTE3: two copies out to overlapping GM ---------------------------------------------------


def _copy_out_twice(x: asc.GlobalAddress, z: asc.GlobalAddress, mode: asc.ConstExpr[int]):
    xg = asc.GlobalTensor()
    xg.set_global_buffer(x)
    zg = asc.GlobalTensor()
    zg.set_global_buffer(z)
    a = asc.LocalTensor(asc.float32, asc.TPosition.VECIN, 0, N)
    asc.data_copy(a, xg, N)
    asc.set_flag(E.MTE2_MTE3, 0)
    asc.wait_flag(E.MTE2_MTE3, 0)
    asc.data_copy(zg, a, N)  # the first copy out
    if mode == 1:
        asc.pipe_barrier(P.PIPE_MTE3)
    if mode == 2:
        # MTE3 -> V -> MTE3: V knew the first copy, and MTE3 joins what V knew.
        asc.set_flag(E.MTE3_V, 0)
        asc.wait_flag(E.MTE3_V, 0)
        asc.set_flag(E.V_MTE3, 0)
        asc.wait_flag(E.V_MTE3, 0)
    if mode == 3:
        asc.pipe_barrier(P.PIPE_ALL)
    if mode == 4:
        asc.pipe_barrier(P.PIPE_MTE2)  # a barrier of the other DMA pipe orders nothing here
    asc.data_copy(zg[16:], a, N)  # the second copy out


copy_out_twice = asc.jit(always_compile=True)(_copy_out_twice)


@pytest.mark.parametrize("auto_sync", [True, False])
def test_two_copies_out_to_overlapping_gm_race_on_mte3(auto_sync):
    x, z = np.arange(N, dtype=np.float32), np.zeros(2 * N, np.float32)
    with pytest.raises(RaceError) as info:
        copy_out_twice[1](x, z, 0, auto_sync=auto_sync)
    err = info.value
    assert (err.pipe, err.other_pipe, err.layer) == ("PIPE_MTE3", "PIPE_MTE3", "USER")
    assert err.loc.line == source_line_of(_copy_out_twice, "# the second copy out")
    assert err.other_loc.line == source_line_of(_copy_out_twice, "# the first copy out")
    msg = str(err)
    # z[16:64] is where the two meet: bytes [64, 256)
    assert "on PIPE_MTE3 writes GM 'z' bytes [64, 256)" in msg
    assert "the destinations of two copies on one DMA pipe overlap" in msg
    assert "insert pipe_barrier(PIPE_MTE3) between them" in msg
    assert "the TQue framework orders only pairs of different non-scalar pipes" in msg
    assert "bisheng's --cce-auto-sync leaves overlapping copies on one DMA pipe" in msg


@pytest.mark.parametrize("mode", [1, 2, 3])
def test_copies_out_ordered_by_a_barrier_or_flags_are_clean(mode):
    x, z = np.arange(N, dtype=np.float32), np.zeros(2 * N, np.float32)
    assert copy_out_twice[1](x, z, mode).findings == []
    want = np.zeros(2 * N, np.float32)
    want[:N] = x
    want[16:16 + N] = x
    assert np.array_equal(z, want)


def test_a_barrier_of_the_other_dma_pipe_does_not_order_mte3():
    x, z = np.arange(N, dtype=np.float32), np.zeros(2 * N, np.float32)
    with pytest.raises(RaceError) as info:
        copy_out_twice[1](x, z, 4)
    assert info.value.loc.line == source_line_of(_copy_out_twice, "# the second copy out")


# --- MTE2: two copies in to overlapping UB ----------------------------------------------------


def _copy_in_twice(x: asc.GlobalAddress, z: asc.GlobalAddress, mode: asc.ConstExpr[int]):
    xg = asc.GlobalTensor()
    xg.set_global_buffer(x)
    zg = asc.GlobalTensor()
    zg.set_global_buffer(z)
    a = asc.LocalTensor(asc.float32, asc.TPosition.VECIN, 0, N)
    b = asc.LocalTensor(asc.float32, asc.TPosition.VECIN, 128, N)  # a's second half and on
    asc.data_copy(a, xg, N)  # fills a
    if mode == 1:
        asc.pipe_barrier(P.PIPE_MTE2)
    if mode == 2:
        # MTE2 -> MTE3 -> MTE2 (the pair a TQueBind VECIN -> VECOUT uses)
        asc.set_flag(E.MTE2_MTE3, 1)
        asc.wait_flag(E.MTE2_MTE3, 1)
        asc.set_flag(E.MTE3_MTE2, 1)
        asc.wait_flag(E.MTE3_MTE2, 1)
    asc.data_copy(b, xg[N:], N)  # fills b over a's second half
    asc.set_flag(E.MTE2_MTE3, 0)
    asc.wait_flag(E.MTE2_MTE3, 0)
    asc.data_copy(zg, a, N)


copy_in_twice = asc.jit(always_compile=True)(_copy_in_twice)


def test_two_copies_in_to_overlapping_ub_race_on_mte2():
    x, z = np.arange(2 * N, dtype=np.float32), np.zeros(N, np.float32)
    with pytest.raises(RaceError) as info:
        copy_in_twice[1](x, z, 0)
    err = info.value
    assert (err.pipe, err.other_pipe, err.layer) == ("PIPE_MTE2", "PIPE_MTE2", "USER")
    assert err.loc.line == source_line_of(_copy_in_twice, "# fills b over a's second half")
    assert err.other_loc.line == source_line_of(_copy_in_twice, "# fills a")
    msg = str(err)
    assert "on PIPE_MTE2 writes UB bytes [128, 256)" in msg
    assert "insert pipe_barrier(PIPE_MTE2) between them" in msg


@pytest.mark.parametrize("mode", [1, 2])
def test_copies_in_ordered_by_a_barrier_or_flags_are_clean(mode):
    x, z = np.arange(2 * N, dtype=np.float32), np.zeros(N, np.float32)
    assert copy_in_twice[1](x, z, mode).findings == []
    assert np.array_equal(z, np.concatenate([x[:32], x[N:N + 32]]))


# --- strided copies: interleaved bursts are exact, not their covering ranges -----------------


def _columns_in(x: asc.GlobalAddress, z: asc.GlobalAddress, twice: asc.ConstExpr[int]):
    """Copy a ROWS x COLS matrix into UB one 8-column block per copy (ROWS bursts of 32
    bytes, 256 apart), then out whole."""
    xg = asc.GlobalTensor()
    xg.set_global_buffer(x)
    zg = asc.GlobalTensor()
    zg.set_global_buffer(z)
    m = asc.LocalTensor(asc.float32, asc.TPosition.VECIN, 0, ROWS * COLS)
    for j in range(COLS // 8):
        asc.data_copy(m[j * 8:], xg[j * 8:], asc.DataCopyParams(ROWS, 1, 7, 7))  # column j
    if twice == 1:
        asc.data_copy(m[8:], xg[8:], asc.DataCopyParams(ROWS, 1, 7, 7))  # column 1 again
    asc.set_flag(E.MTE2_MTE3, 0)
    asc.wait_flag(E.MTE2_MTE3, 0)
    asc.data_copy(zg, m, ROWS * COLS)


columns_in = asc.jit(always_compile=True)(_columns_in)


def test_interleaved_strided_copies_into_ub_are_clean():
    # 16 bursts each: the sanitizer records one covering range per copy, and those overlap.
    x = np.arange(ROWS * COLS, dtype=np.float32)
    z = np.zeros_like(x)
    assert columns_in[1](x, z, 0).findings == []
    assert np.array_equal(z, x)


def test_a_strided_copy_repeated_over_its_own_bursts_races_on_their_bytes():
    x = np.arange(ROWS * COLS, dtype=np.float32)
    z = np.zeros_like(x)
    with pytest.raises(RaceError) as info:
        columns_in[1](x, z, 1)
    err = info.value
    assert err.loc.line == source_line_of(_columns_in, "# column 1 again")
    assert err.other_loc.line == source_line_of(_columns_in, "# column j")
    # the first burst both write: row 0's column block 1, not the covering range
    assert "on PIPE_MTE2 writes UB bytes [32, 64)" in str(err)


def _covered_column(x: asc.GlobalAddress, z: asc.GlobalAddress, again: asc.ConstExpr[int]):
    """Column block 1 without its last row, then column block 0 whole: the second copy's
    covering range holds the first's, its bursts miss them. Then column block 1 again."""
    xg = asc.GlobalTensor()
    xg.set_global_buffer(x)
    zg = asc.GlobalTensor()
    zg.set_global_buffer(z)
    m = asc.LocalTensor(asc.float32, asc.TPosition.VECIN, 0, ROWS * COLS)
    asc.data_copy(m[8:], xg[8:], asc.DataCopyParams(ROWS - 1, 1, 7, 7))  # column 1
    asc.data_copy(m, xg, asc.DataCopyParams(ROWS, 1, 7, 7))  # column 0
    if again == 1:
        asc.data_copy(m[8:], xg[8:], asc.DataCopyParams(ROWS - 1, 1, 7, 7))  # column 1 again
    if again == 2:
        asc.pipe_barrier(asc.Pipe.PIPE_MTE2)
        asc.data_copy(m[8:], xg[8:], asc.DataCopyParams(ROWS - 1, 1, 7, 7))  # after a barrier
    asc.set_flag(E.MTE2_MTE3, 0)
    asc.wait_flag(E.MTE2_MTE3, 0)
    asc.data_copy(zg, m, ROWS * COLS)


covered_column = asc.jit(always_compile=True)(_covered_column)


def test_a_copy_over_bytes_an_interleaved_later_copy_covers_still_races():
    # The shadow's last writer of every byte range of column 1 is column 0's copy, whose
    # bursts miss them; the segment keeps column 1's copy as an earlier unfinished write.
    x = np.arange(ROWS * COLS, dtype=np.float32)
    z = np.zeros_like(x)
    assert covered_column[1](x, z, 0).findings == []
    with pytest.raises(RaceError) as info:
        covered_column[1](x, z, 1)
    err = info.value
    assert err.loc.line == source_line_of(_covered_column, "# column 1 again")
    assert err.other_loc.line == source_line_of(_covered_column, "# column 1\n")
    assert "on PIPE_MTE2 writes UB bytes [32, 64)" in str(err)
    # A barrier of MTE2 orders the three: clean, with column 1 from x.
    report = covered_column[1](x, z, 2)
    assert report.findings == []
    assert np.array_equal(z[8:16], x[8:16])


def _columns_out(x: asc.GlobalAddress, z: asc.GlobalAddress, twice: asc.ConstExpr[int]):
    """The whole matrix into UB, then out to GM one 8-column block per copy."""
    xg = asc.GlobalTensor()
    xg.set_global_buffer(x)
    zg = asc.GlobalTensor()
    zg.set_global_buffer(z)
    m = asc.LocalTensor(asc.float32, asc.TPosition.VECOUT, 0, ROWS * COLS)
    asc.data_copy(m, xg, ROWS * COLS)
    asc.set_flag(E.MTE2_MTE3, 0)
    asc.wait_flag(E.MTE2_MTE3, 0)
    for j in range(COLS // 8):
        asc.data_copy(zg[j * 8:], m[j * 8:], asc.DataCopyParams(ROWS, 1, 7, 7))  # column j
    if twice == 1:
        asc.data_copy(zg[56:], m[56:], asc.DataCopyParams(ROWS, 1, 7, 7))  # column 7 again


columns_out = asc.jit(always_compile=True)(_columns_out)


def test_interleaved_strided_copies_out_to_gm_are_clean():
    x = np.arange(ROWS * COLS, dtype=np.float32)
    z = np.zeros_like(x)
    assert columns_out[1](x, z, 0).findings == []
    assert np.array_equal(z, x)
    with pytest.raises(RaceError) as info:
        columns_out[1](x, z, 1)
    err = info.value
    assert (err.pipe, err.loc.line) == ("PIPE_MTE3", source_line_of(_columns_out, "# column 7 again"))
    assert "writes GM 'z' bytes [224, 256)" in str(err)


R = 8  # rows per Nd2Nz copy


def _nd2nz_rows(x: asc.GlobalAddress, mode: asc.ConstExpr[int]):
    """Two Nd2Nz copies of R rows x 16 halfs into one L1 tile, each on every other NZ row
    (dstNzNStride 2): the second one row further on (mode 0) or on the same rows (mode 1)."""
    g = asc.GlobalTensor()
    g.set_global_buffer(x)
    l1 = asc.LocalTensor(asc.float16, asc.TPosition.A1, 0, 2 * R * 16)
    params = asc.Nd2NzParams(1, R, 16, 0, 16, 2 * R, 2, 0)
    asc.data_copy(l1, g, params)  # the even rows
    if mode == 0:
        asc.data_copy(l1[16:], g[R * 16:], params)  # the odd rows
    else:
        asc.data_copy(l1, g[R * 16:], params)  # the even rows again
    asc.pipe_barrier(asc.Pipe.PIPE_ALL)


nd2nz_rows = asc.jit(always_compile=True)(_nd2nz_rows)


def test_nd2nz_copies_into_interleaved_l1_rows_pair_only_on_their_bytes():
    x = np.arange(2 * R * 16, dtype=np.float16)
    report = nd2nz_rows[1](x, 0)
    assert report.core_kind == "aic" and report.findings == []
    with pytest.raises(RaceError) as info:
        nd2nz_rows[1](x, 1)
    err = info.value
    assert (err.pipe, err.other_pipe) == ("PIPE_MTE2", "PIPE_MTE2")
    assert err.loc.line == source_line_of(_nd2nz_rows, "# the even rows again")
    assert "writes L1 bytes [0, 32)" in str(err)


# --- atomic stores accumulate; a plain store over one does not --------------------------------


def _atomic_out(x: asc.GlobalAddress, z: asc.GlobalAddress, mode: asc.ConstExpr[int]):
    xg = asc.GlobalTensor()
    xg.set_global_buffer(x)
    zg = asc.GlobalTensor()
    zg.set_global_buffer(z)
    a = asc.LocalTensor(asc.float32, asc.TPosition.VECIN, 0, N)
    asc.data_copy(a, xg, N)
    asc.set_flag(E.MTE2_MTE3, 0)
    asc.wait_flag(E.MTE2_MTE3, 0)
    if mode != 1:
        asc.set_atomic_add(asc.float32)
    asc.data_copy(zg, a, N)  # the first store
    if mode == 1:
        asc.set_atomic_add(asc.float32)
    if mode == 2:
        asc.set_atomic_none()
    asc.data_copy(zg, a, N)  # the second store
    asc.set_atomic_none()


atomic_out = asc.jit(always_compile=True)(_atomic_out)


def test_atomic_adds_to_the_same_gm_need_no_barrier():
    x, z = np.arange(N, dtype=np.float32), np.ones(N, np.float32)
    assert atomic_out[1](x, z, 0).findings == []
    assert np.array_equal(z, 1 + 2 * x)


@pytest.mark.parametrize("mode", [1, 2])  # atomic over plain, plain over atomic
def test_a_plain_and_an_atomic_store_to_the_same_gm_race(mode):
    x, z = np.arange(N, dtype=np.float32), np.ones(N, np.float32)
    with pytest.raises(RaceError) as info:
        atomic_out[1](x, z, mode)
    err = info.value
    assert (err.pipe, err.other_pipe) == ("PIPE_MTE3", "PIPE_MTE3")
    assert err.loc.line == source_line_of(_atomic_out, "# the second store")
    assert err.other_loc.line == source_line_of(_atomic_out, "# the first store")


# --- queue kernels ----------------------------------------------------------------------------


def test_the_double_buffered_queue_example_stays_clean():
    root = Path(__file__).resolve().parents[3] / "examples" / "02_add_framework"
    sys.path.insert(0, str(root))
    try:
        import add_framework
    finally:
        sys.path.remove(str(root))
    x = np.random.default_rng(0).random(8 * 2048, dtype=np.float32)
    y = np.random.default_rng(1).random(8 * 2048, dtype=np.float32)
    z, report = add_framework.vadd_launch(x, y)
    assert report.findings == [] and np.array_equal(z, x + y)


# --- the IR path (ascdsl-sim, prepare) --------------------------------------------------------

F = "!ascendc.local_tensor<*xf32>"
G = "!ascendc.global_tensor<*xf32>"
MR = "memref<?xf32, 22>"

IR_TWO_COPIES_OUT = f"""\
func.func @k(%x: {MR}, %z: {MR}) attributes {{ascendc.global}} {{
  %c0 = arith.constant 0 : i32
  %c32 = arith.constant 32 : i32
  %c64 = arith.constant 64 : i32
  %gx = ascendc.global_tensor : {G}
  %gz = ascendc.global_tensor : {G}
  ascendc.global_tensor.set_global_buffer %gx, %x : {G}, {MR}
  ascendc.global_tensor.set_global_buffer %gz, %z : {G}, {MR}
  %u0 = "emitc.constant"() <{{value = 0 : ui32}}> : () -> ui32
  %u64 = "emitc.constant"() <{{value = 64 : ui32}}> : () -> ui32
  %a = ascendc.local_tensor_v2 vecin, %u0, %u64 : {F}
  ascendc.data_copy_l2 %a, %gx, %c64 : {F}, {G}, i32
  ascendc.set_flag mte2_mte3, %c0 : i32
  ascendc.wait_flag mte2_mte3, %c0 : i32
  ascendc.data_copy_l2 %gz, %a, %c64 : {G}, {F}, i32
BARRIER
  %gz2 = ascendc.global_tensor.subindex %gz[%c32] : {G}, i32, {G}
  ascendc.data_copy_l2 %gz2, %a, %c64 : {G}, {F}, i32
  func.return
}}
"""


def test_two_copies_out_race_in_ir_too():
    text = IR_TWO_COPIES_OUT.replace("BARRIER\n", "")
    args = [np.arange(N, dtype=np.float32), np.zeros(2 * N, np.float32)]
    with pytest.raises(RaceError) as info:
        run(text, args)
    err = info.value
    assert (err.op, err.pipe, err.other_pipe) == ("ascendc.data_copy_l2", "PIPE_MTE3",
                                                  "PIPE_MTE3")
    assert err.loc.line == line_of(text, "data_copy_l2 %gz2")
    assert err.other_loc.line == line_of(text, "data_copy_l2 %gz, %a")
    fixed = IR_TWO_COPIES_OUT.replace("BARRIER", "  ascendc.pipe_barrier pipe_mte3")
    assert run(fixed, args).findings == []
    assert np.array_equal(args[1][32:96], args[0])


def test_the_double_buffered_vadd_ir_stays_clean():
    # Each MTE2 copy refills a queue buffer whose previous copy MTE2 learnt about through
    # FreeTensor (V -> MTE2): no barrier is needed between them.
    n, cores = 4096, 2
    x = np.random.default_rng(2).random(n, dtype=np.float32)
    y = np.random.default_rng(3).random(n, dtype=np.float32)
    z = np.zeros(n, np.float32)
    per = n // cores
    report = run(vadd_framework(2), [x, y, z, per, per // 8, 8], cores=cores, kernel="vadd")
    assert report.findings == [] and np.array_equal(z, x + y)
