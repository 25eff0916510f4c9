"""TBufPool and the queue queries on the simulator: two stages reuse one memory through
pools that share it; addresses, limits and the query results follow Ascend C."""

from __future__ import annotations

import numpy as np
import pytest

import ascdsl as asc
from ascdsl.sim.errors import NotSimulatedError, UBOverflowError

N = 256


@asc.jit
def _two_stages(x: asc.GlobalAddress, y: asc.GlobalAddress, z: asc.GlobalAddress,
                addr: asc.GlobalAddress):
    gx = asc.GlobalTensor()
    gx.set_global_buffer(x, N)
    gy = asc.GlobalTensor()
    gy.set_global_buffer(y, N)
    gz = asc.GlobalTensor()
    gz.set_global_buffer(z, N)
    ga = asc.GlobalTensor()
    ga.set_global_buffer(addr, 8)
    pipe = asc.TPipe()
    stage1 = asc.TBufPool(asc.TPosition.VECCALC, 4)
    stage2 = asc.TBufPool(asc.TPosition.VECCALC, 4)
    pipe.init_buf_pool(stage1, 3 * N * 4)
    pipe.init_buf_pool(stage2, 3 * N * 4, share_buf=stage1)  # the same bytes, reused
    qx = asc.TQue(asc.TPosition.VECIN, 1)
    qy = asc.TQue(asc.TPosition.VECIN, 1)
    qz = asc.TQue(asc.TPosition.VECOUT, 1)
    stage1.init_buffer(que=qx, num=1, len=N * 4)
    stage1.init_buffer(que=qy, num=1, len=N * 4)
    stage1.init_buffer(que=qz, num=1, len=N * 4)
    ga.set_value(0, qx.get_tensor_count_in_que())
    ga.set_value(1, qx.has_idle_buffer())
    lx = qx.alloc_tensor(asc.float32)
    ly = qy.alloc_tensor(asc.float32)
    ga.set_value(2, qx.has_idle_buffer())
    ga.set_value(3, lx.get_phy_addr())
    ga.set_value(4, ly.get_phy_addr())
    asc.data_copy(lx, gx, N)
    asc.data_copy(ly, gy, N)
    qx.enque(lx)
    qy.enque(ly)
    ga.set_value(5, qx.get_tensor_count_in_que())
    ga.set_value(6, qx.vacant_in_que())
    ax = qx.deque(asc.float32)
    ay = qy.deque(asc.float32)
    lz = qz.alloc_tensor(asc.float32)
    asc.add(lz, ax, ay, N)
    qz.enque(lz)
    qx.free_tensor(ax)
    qy.free_tensor(ay)
    oz = qz.deque(asc.float32)
    asc.data_copy(gz, oz, N)
    qz.free_tensor(oz)
    stage1.reset()
    # Stage 2: a TBuf in the shared memory, starting where stage 1's first queue did.
    tmp = asc.TBuf(asc.TPosition.VECCALC)
    stage2.init_buffer(buf=tmp, len=N * 4)
    t = tmp.get(asc.float32)
    ga.set_value(7, t.get_phy_addr())


def test_shared_pools_reuse_memory_and_queues_answer_their_state():
    x = np.random.default_rng(0).standard_normal(N).astype(np.float32)
    y = np.random.default_rng(1).standard_normal(N).astype(np.float32)
    z = np.zeros(N, np.float32)
    addr = np.full(8, -1, np.int64)
    _two_stages[1](x, y, z, addr)
    np.testing.assert_array_equal(z, x + y)
    # count 0, idle before alloc, not idle after (1 buffer), the two queues' buffers follow
    # each other from the pool's start, one tensor queued, no room left at depth 1, and the
    # shared pool's TBuf starts where stage 1 did.
    assert addr.tolist() == [0, 1, 0, 0, N * 4, 1, 0, 0]


@asc.jit
def _pool_too_small():
    pipe = asc.TPipe()
    pool = asc.TBufPool(asc.TPosition.VECCALC, 4)
    pipe.init_buf_pool(pool, 1000)
    buf = asc.TBuf(asc.TPosition.VECCALC)
    pool.init_buffer(buf=buf, len=2048)


def test_a_buffer_larger_than_its_pool_is_a_located_error():
    with pytest.raises(UBOverflowError, match="1024 bytes") as e:
        _pool_too_small[1]()
    assert "test_bufpool.py" in str(e.value)


@asc.jit
def _in_place(a: asc.GlobalAddress):
    q = asc.TQueBind(asc.TPosition.VECIN, asc.TPosition.VECIN, 0)
    t = asc.LocalTensor(asc.float32, asc.TPosition.VECIN, 0, 64)
    q.alloc_tensor(t)


def test_in_place_alloc_is_reported_as_not_simulated():
    with pytest.raises(NotSimulatedError, match="in-place form"):
        _in_place[1](np.zeros(4, np.float32))
