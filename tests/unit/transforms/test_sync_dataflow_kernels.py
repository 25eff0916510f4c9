"""Issue 16's kernels: the default pipeline orders every cross-pipe dependence they have.

Each kernel runs clean and right on the simulator (sanitizer on, several cores) after the
default pipeline, and becomes a race again when the sync the pipeline put for one dependence
is taken out of the compiled IR; pyasc's placement (`insert-que-sync{mode=pyasc}`) races on
the ones it misses.
"""

from __future__ import annotations

import numpy as np
import pytest

import ascdsl as asc
from ascdsl.context import make_context
from ascdsl.dialects.ascendc import FetchEventIdOp, HardEvent, PipeBarrierOp, PipeOp, SetFlagOp
from ascdsl.runtime import prepare
from ascdsl.transforms.erase_sync import EraseSyncPass
from ascdsl.transforms.insert_que_sync import InsertQueSyncPass

TILE = 256
CORES = 4


@asc.jit
def copy_through(x: asc.GlobalAddress, z: asc.GlobalAddress):
    xg = asc.GlobalTensor()
    zg = asc.GlobalTensor()
    off = asc.get_block_idx() * TILE
    xg.set_global_buffer(x + off)
    zg.set_global_buffer(z + off)
    a = asc.LocalTensorAuto(asc.float32, [TILE])
    asc.data_copy(a, xg, TILE)
    asc.data_copy(zg, a, TILE)


@asc.jit
def in_place(x: asc.GlobalAddress, z: asc.GlobalAddress):
    xg = asc.GlobalTensor()
    zg = asc.GlobalTensor()
    off = asc.get_block_idx() * TILE
    xg.set_global_buffer(x + off)
    zg.set_global_buffer(z + off)
    a = asc.LocalTensorAuto(asc.float32, [TILE])
    asc.data_copy(a, xg, TILE)
    asc.muls(a, a, 2.0, TILE)
    asc.data_copy(zg, a, TILE)


@asc.jit
def vector_chain(x: asc.GlobalAddress, z: asc.GlobalAddress):
    xg = asc.GlobalTensor()
    zg = asc.GlobalTensor()
    off = asc.get_block_idx() * TILE
    xg.set_global_buffer(x + off)
    zg.set_global_buffer(z + off)
    a = asc.LocalTensorAuto(asc.float32, [TILE])
    b = asc.LocalTensorAuto(asc.float32, [TILE])
    asc.data_copy(a, xg, TILE)
    asc.relu(b, a, TILE)
    asc.muls(b, b, 2.0, TILE)
    asc.data_copy(zg, b, TILE)


# Without LocalTensorAuto the JIT inserts sync only when asked (pyasc's rule).
@asc.jit(insert_sync=True)
def tbuf_tiles(x: asc.GlobalAddress, z: asc.GlobalAddress, n: int):
    """A queue-less TBuf filled by MTE2, scaled by V, drained by MTE3, in a tile loop."""
    xg = asc.GlobalTensor()
    zg = asc.GlobalTensor()
    off = asc.get_block_idx() * n
    xg.set_global_buffer(x + off)
    zg.set_global_buffer(z + off)
    pipe = asc.TPipe()
    buf = asc.TBuf(asc.TPosition.VECCALC)
    pipe.init_buffer(buf, TILE * 4)
    t = buf.get(asc.float32)
    for i in range(n // TILE):
        asc.data_copy(t, xg[i * TILE:], TILE)
        asc.adds(t, t, 1.0, TILE)
        asc.data_copy(zg[i * TILE:], t, TILE)


@asc.jit(insert_sync=True)
def static_tiles(x: asc.GlobalAddress, z: asc.GlobalAddress, n: int):
    """Static tensors (address and length) instead of queues, as pyasc's tutorial 01."""
    xg = asc.GlobalTensor()
    zg = asc.GlobalTensor()
    off = asc.get_block_idx() * n
    xg.set_global_buffer(x + off)
    zg.set_global_buffer(z + off)
    xl = asc.LocalTensor(asc.float32, asc.TPosition.VECIN, 0, TILE)
    zl = asc.LocalTensor(asc.float32, asc.TPosition.VECOUT, TILE * 4, TILE)
    for i in range(n // TILE):
        asc.data_copy(xl, xg[i * TILE:], TILE)
        asc.muls(zl, xl, 3.0, TILE)
        asc.data_copy(zg[i * TILE:], zl, TILE)


@asc.jit
def scalar_access(x: asc.GlobalAddress, z: asc.GlobalAddress):
    """get_value of a tensor MTE2 wrote; set_value into it before MTE3 reads it."""
    xg = asc.GlobalTensor()
    zg = asc.GlobalTensor()
    off = asc.get_block_idx() * TILE
    xg.set_global_buffer(x + off)
    zg.set_global_buffer(z + off)
    a = asc.LocalTensorAuto(asc.float32, [TILE])
    asc.data_copy(a, xg, TILE)
    v = a.get_value(1)
    a.set_value(0, v * 2.0)
    asc.data_copy(zg, a, TILE)


@asc.jit
def store_reload(x: asc.GlobalAddress, z: asc.GlobalAddress):
    """z = 2x stored, read back, z = z + 1: the reload must wait for the store (MTE3 -> MTE2
    on GM, which neither the queues nor bisheng's auto-sync order)."""
    xg = asc.GlobalTensor()
    zg = asc.GlobalTensor()
    off = asc.get_block_idx() * TILE
    xg.set_global_buffer(x + off)
    zg.set_global_buffer(z + off)
    a = asc.LocalTensorAuto(asc.float32, [TILE])
    asc.data_copy(a, xg, TILE)
    b = asc.LocalTensorAuto(asc.float32, [TILE])
    asc.muls(b, a, 2.0, TILE)
    asc.data_copy(zg, b, TILE)
    c = asc.LocalTensorAuto(asc.float32, [TILE])
    asc.data_copy(c, zg, TILE)
    d = asc.LocalTensorAuto(asc.float32, [TILE])
    asc.adds(d, c, 1.0, TILE)
    asc.data_copy(zg, d, TILE)


@asc.jit
def gm_chain(x: asc.GlobalAddress, z: asc.GlobalAddress, n: int):
    """Tile i of z is tile i-1 of z plus one: each iteration reads what the previous one
    stored."""
    xg = asc.GlobalTensor()
    zg = asc.GlobalTensor()
    off = asc.get_block_idx() * n
    xg.set_global_buffer(x + off)
    zg.set_global_buffer(z + off)
    a = asc.LocalTensorAuto(asc.float32, [TILE])
    asc.data_copy(a, xg, TILE)
    asc.data_copy(zg, a, TILE)
    for i in range(1, n // TILE):
        b = asc.LocalTensorAuto(asc.float32, [TILE])
        asc.data_copy(b, zg[(i - 1) * TILE:], TILE)
        c = asc.LocalTensorAuto(asc.float32, [TILE])
        asc.adds(c, b, 1.0, TILE)
        asc.data_copy(zg[i * TILE:], c, TILE)


@asc.jit
def gm_in_place_tiles(x: asc.GlobalAddress, z: asc.GlobalAddress, n: int):
    """x += 1 tile by tile in place: tile i+1's load does not touch tile i's store."""
    xg = asc.GlobalTensor()
    off = asc.get_block_idx() * n
    xg.set_global_buffer(x + off)
    for i in range(n // TILE):
        b = asc.LocalTensorAuto(asc.float32, [TILE])
        asc.data_copy(b, xg[i * TILE:], TILE)
        c = asc.LocalTensorAuto(asc.float32, [TILE])
        asc.adds(c, b, 1.0, TILE)
        asc.data_copy(xg[i * TILE:], c, TILE)


def _chain_expected(x: np.ndarray) -> np.ndarray:
    z = x.reshape(CORES, -1, TILE).copy()
    for i in range(1, z.shape[1]):
        z[:, i] = z[:, i - 1] + 1
    return z.reshape(-1)


def _x(n: int) -> np.ndarray:
    return np.random.default_rng(16).standard_normal(n).astype(np.float32)


def _scalar_expected(x: np.ndarray) -> np.ndarray:
    z = x.copy().reshape(CORES, TILE)
    z[:, 0] = z[:, 1] * 2
    return z.reshape(-1)


# kernel, extra args, expected result, the event whose sync (or barrier) is then taken out
CASES = [
    (copy_through, (), lambda x: x, HardEvent.MTE2_MTE3),
    (in_place, (), lambda x: 2 * x, HardEvent.MTE2_V),
    (vector_chain, (), lambda x: 2 * np.maximum(x, 0), "pipe_v"),
    (tbuf_tiles, (4 * TILE,), lambda x: x + 1, HardEvent.MTE2_V),
    (tbuf_tiles, (4 * TILE,), lambda x: x + 1, HardEvent.V_MTE3),
    (tbuf_tiles, (4 * TILE,), lambda x: x + 1, HardEvent.MTE3_MTE2),
    (static_tiles, (4 * TILE,), lambda x: 3 * x, HardEvent.MTE2_V),
    (static_tiles, (4 * TILE,), lambda x: 3 * x, HardEvent.V_MTE2),
    (scalar_access, (), _scalar_expected, HardEvent.MTE2_S),
    (scalar_access, (), _scalar_expected, HardEvent.S_MTE3),
    (store_reload, (), lambda x: 2 * x + 1, HardEvent.MTE3_MTE2),
    (gm_chain, (4 * TILE,), _chain_expected, HardEvent.MTE3_MTE2),
]
IDS = [f"{k.__name__}-{getattr(e, 'name', e)}" for k, _, _, e in CASES]


def _size(args: tuple) -> int:
    return CORES * (args[0] if args else TILE)


@pytest.mark.parametrize(("kernel", "args", "expected", "event"), CASES, ids=IDS)
def test_default_pipeline_runs_clean_and_right(kernel, args, expected, event):
    x = _x(_size(args))
    z = np.zeros_like(x)
    report = kernel[CORES](x, z, *args)
    assert report.findings == []
    np.testing.assert_allclose(z, expected(x), rtol=1e-6)


def _drop(module, event) -> int:
    """Take out every inserted set/wait group of `event` (or every `pipe_barrier` of a pipe)."""
    dropped = 0
    for op in list(module.walk()):
        if event == "pipe_v":
            if isinstance(op, PipeBarrierOp) and op.barrier_pipe.keyword == "pipe_v":
                op.parent.erase_op(op)
                dropped += 1
            continue
        if isinstance(op, SetFlagOp) and op.enum_value("event") == event:
            fetch = op.event_id.owner
            wait = op.next_op
            for dead in (op, wait):
                dead.parent.erase_op(dead)
            if isinstance(fetch, FetchEventIdOp) and not fetch.event_id.uses:
                pipe = fetch.pipe.owner
                fetch.parent.erase_op(fetch)
                if isinstance(pipe, PipeOp) and not pipe.pipe.uses:
                    pipe.parent.erase_op(pipe)
            dropped += 1
    return dropped


@pytest.mark.parametrize(("kernel", "args", "expected", "event"), CASES, ids=IDS)
def test_each_inserted_sync_is_needed(kernel, args, expected, event):
    x = _x(_size(args))
    z = np.zeros_like(x)
    ck = kernel.compile(x, z, *args)
    module = ck.module.clone()
    assert _drop(module, event) >= 1
    with pytest.raises(asc.RaceError) as info:
        prepare(module, ck.kernel_name).launch(CORES, [x, z, *args])
    # The race is at the op that lost its wait (the source may be another pipe the dropped
    # wait covered transitively: MTE3_MTE2 also orders the V ops before the copy-out).
    dst = "PIPE_V" if event == "pipe_v" else event.dst_pipe.name
    assert f"on {dst}" in str(info.value).split("\n")[0]
    assert info.value.layer == _missing_layer(kernel, event)


def _missing_layer(kernel, event) -> str:
    """The layer the finding must name (sim/layers.py): bisheng's for V -> V and the scalar
    pairs, the TQue framework's for an auto tensor (queue-backed), else the author's (TBuf,
    static tensors, GM)."""
    if event == "pipe_v" or event in (HardEvent.MTE2_S, HardEvent.S_MTE3):
        return "AUTO_SYNC"
    if kernel in (copy_through, in_place):
        return "FRAMEWORK"
    return "USER"


@pytest.mark.parametrize(
    ("kernel", "args"),
    [(copy_through, ()), (in_place, ()), (tbuf_tiles, (4 * TILE,)), (scalar_access, ())],
)
def test_pyasc_placement_races_where_the_default_does_not(kernel, args):
    x = _x(_size(args))
    z = np.zeros_like(x)
    ck = kernel.compile(x, z, *args)
    module = ck.module.clone()
    ctx = make_context()
    EraseSyncPass().apply(ctx, module)
    InsertQueSyncPass(mode="pyasc").apply(ctx, module)
    with pytest.raises(asc.RaceError):
        prepare(module, ck.kernel_name).launch(CORES, [x, z, *args])


def test_in_place_tiles_get_no_gm_flag_and_stay_right():
    """GM ranges are compared, not just buffers: the in-place tile loop keeps its copy-in of
    tile i+1 free to overlap the copy-out of tile i."""
    x = _x(CORES * 4 * TILE)
    before = x.copy()
    report = gm_in_place_tiles[CORES](x, np.zeros(1, np.float32), 4 * TILE)
    assert report.findings == []
    np.testing.assert_allclose(x, before + 1, rtol=1e-6)
    source = gm_in_place_tiles.compile(x, np.zeros(1, np.float32), 4 * TILE).source
    assert "MTE3_MTE2" not in source


def test_a_user_barrier_survives_the_default_pipeline():
    """`relu(b, a); pipe_barrier(V); muls(b, b)`: erase-sync keeps the user's barrier (and
    the pass adds none beside it), so the kernel is ordered with or without auto-sync."""

    @asc.jit
    def chain_with_barrier(x: asc.GlobalAddress, z: asc.GlobalAddress):
        xg = asc.GlobalTensor()
        zg = asc.GlobalTensor()
        xg.set_global_buffer(x)
        zg.set_global_buffer(z)
        a = asc.LocalTensorAuto(asc.float32, [TILE])
        b = asc.LocalTensorAuto(asc.float32, [TILE])
        asc.data_copy(a, xg, TILE)
        asc.relu(b, a, TILE)
        asc.pipe_barrier(asc.PipeID.PIPE_V)
        asc.muls(b, b, 2.0, TILE)
        asc.data_copy(zg, b, TILE)

    x = _x(TILE)
    z = np.zeros_like(x)
    report = chain_with_barrier[1](x, z)
    assert report.findings == []
    np.testing.assert_allclose(z, 2 * np.maximum(x, 0))
    ir = chain_with_barrier.compile(x, z).ir
    assert ir.count("ascendc.pipe_barrier pipe_v") == 1


@pytest.mark.parametrize(("kernel", "args", "expected", "event"), CASES, ids=IDS)
def test_verify_sync_warns_where_the_sanitizer_finds_the_race(kernel, args, expected, event):
    from ascdsl.diagnostics import DiagnosticEngine, using_engine
    from ascdsl.transforms.verify_sync import VerifySyncPass

    x = _x(_size(args))
    z = np.zeros_like(x)
    module = kernel.compile(x, z, *args).module.clone()
    engine = DiagnosticEngine()
    with using_engine(engine):
        VerifySyncPass().apply(make_context(), module)
    assert [d.message for d in engine.diagnostics if "unsynchronized" in d.message] == []
    _drop(module, event)
    with using_engine(engine):
        VerifySyncPass().apply(make_context(), module)
    found = [d.message for d in engine.diagnostics if "unsynchronized" in d.message]
    dst = "V" if event == "pipe_v" else event.dst_pipe.short
    assert any(f"-> {dst} dependence" in m for m in found), found
