"""Audit of the sanitizer's race / deadlock / event answers against who orders what on a 910B
(reference/ascend-sync-facts.md): each test is a kernel whose answer was wrong before."""


import numpy as np
import pytest

import ascdsl as asc
from ascdsl.sim.errors import DeadlockError, RaceError
from sim_kernels import source_line_of

N = 64
E = asc.HardEvent




# --- bisheng's auto-sync flags take ids of their own ------------------------------------------


def _scalar_flag_kernel(x: asc.GlobalAddress, z: asc.GlobalAddress, mode: asc.ConstExpr[int]):
    zg = asc.GlobalTensor()
    zg.set_global_buffer(z)
    a = asc.LocalTensor(asc.float32, asc.TPosition.VECCALC, 0, N)
    b = asc.LocalTensor(asc.float32, asc.TPosition.VECCALC, 1024, N)
    if mode == 0:
        # The kernel's own V_S id 0 is pending while bisheng orders V -> S for b.
        asc.duplicate(a, 1.0, N)
        asc.set_flag(E.V_S, 0)
        asc.duplicate(b, 2.0, N)
        v = b.get_value(0)
        asc.wait_flag(E.V_S, 0)
        zg.set_value(0, v + a.get_value(0))
    if mode == 1:
        # The kernel's own S_V id 0 is pending while bisheng orders S -> V for b.
        a.set_value(0, 1.0)
        asc.set_flag(E.S_V, 0)
        b.set_value(0, 2.0)
        asc.relu(b, b, N)
        asc.wait_flag(E.S_V, 0)
        asc.relu(a, a, N)
    if mode == 2:
        # A wait with no set of the kernel's own: bisheng's flag does not feed it.
        asc.duplicate(a, 1.0, N)
        v = a.get_value(0)
        asc.wait_flag(E.V_S, 0)  # never set
        zg.set_value(0, v)


scalar_flag_kernel = asc.jit(always_compile=True)(_scalar_flag_kernel)


@pytest.mark.parametrize("mode", [0, 1])
def test_user_flag_pending_across_an_auto_sync_flag_of_the_same_id_is_clean(mode):
    # cce-auto-sync writes id 0; bisheng takes a free id, so the kernel's pending flag is
    # neither consumed by bisheng's wait nor lost to its set (was: a DeadlockError at the
    # kernel's wait_flag, after an EventError "sets ... twice").
    x, z = np.ones(2 * N, np.float32), np.zeros(2 * N, np.float32)
    ir = scalar_flag_kernel.compile(x, z, mode).ir
    event = "v_s" if mode == 0 else "s_v"
    assert f"ascendc.set_flag {event}" in ir and "{ascdsl.auto_sync}" in ir
    report = scalar_flag_kernel[1](x, z, mode)
    assert report.findings == []
    if mode == 0:
        assert z[0] == 3.0


def test_user_wait_is_not_fed_by_an_auto_sync_set():
    x, z = np.ones(2 * N, np.float32), np.zeros(2 * N, np.float32)
    with pytest.raises(DeadlockError) as info:
        scalar_flag_kernel[1](x, z, 2)
    err = info.value
    assert err.loc.line == source_line_of(_scalar_flag_kernel, "# never set")
    assert "waits for v_s id 0 but no set_flag of it is pending" in str(err)


# --- a one-pipe queue (VECCALC) orders nothing at a buffer's first AllocTensor ----------------


def _veccalc_kernel(x: asc.GlobalAddress, z: asc.GlobalAddress, mode: asc.ConstExpr[int]):
    pipe = asc.TPipe()
    qc = asc.TQue(asc.TPosition.VECCALC, 1)
    pipe.init_buffer(qc, 1, N * 4)
    tb = asc.TBuf(asc.TPosition.VECCALC)
    pipe.init_buffer(tb, N * 4)
    t = tb.get(asc.float32)
    asc.duplicate(t, 1.0, N)
    if mode == 1:
        c0 = qc.alloc_tensor(asc.float32)
        asc.duplicate(c0, 0.0, N)
        qc.free_tensor(c0)
    c = qc.alloc_tensor(asc.float32)
    asc.adds(c, t, 1.0, N)  # reads what duplicate wrote
    qc.free_tensor(c)


veccalc_kernel = asc.jit(always_compile=True, auto_sync=False)(_veccalc_kernel)


def test_first_alloc_of_a_veccalc_queue_is_no_vector_barrier():
    # The framework syncs across pipes only; Ascend C's AllocTensor waits for a V_V flag only
    # when FreeTensor set one (kernel_tquebind_impl.h). Was: a pipe_barrier at every
    # AllocTensor of a VECCALC queue, which hid this V -> V race without auto-sync.
    x, z = np.ones(N, np.float32), np.zeros(N, np.float32)
    with pytest.raises(RaceError) as info:
        veccalc_kernel[1](x, z, 0)
    err = info.value
    assert (err.pipe, err.other_pipe, err.layer) == ("PIPE_V", "PIPE_V", "AUTO_SYNC")
    assert err.loc.line == source_line_of(_veccalc_kernel, "# reads what duplicate wrote")
    assert err.other_loc.line == source_line_of(_veccalc_kernel, "asc.duplicate(t, 1.0, N)")
    assert "reads UB bytes" in str(err) and "need pipe_barrier(PIPE_V) between them" in str(err)
    # With bisheng's layer the pair is ordered.
    assert veccalc_kernel[1](x, z, 0, auto_sync=True).findings == []


def test_veccalc_queue_reuse_after_free_still_waits_like_ascend_c():
    # FreeTensor's V_V flag and the next AllocTensor's wait order what came before the free.
    x, z = np.ones(N, np.float32), np.zeros(N, np.float32)
    assert veccalc_kernel[1](x, z, 1).findings == []


# --- a one-pipe queue's EnQue / DeQue order V before V -----------------------------------------


def _ub_queue_kernel(x: asc.GlobalAddress, z: asc.GlobalAddress, mode: asc.ConstExpr[int]):
    pipe = asc.TPipe()
    qc = asc.TQue(asc.TPosition.VECCALC, 1)
    pipe.init_buffer(qc, 1, N * 4)
    tb = asc.TBuf(asc.TPosition.VECCALC)
    pipe.init_buffer(tb, N * 4)
    out = tb.get(asc.float32)
    c = qc.alloc_tensor(asc.float32)
    asc.duplicate(c, 2.0, N)  # the producer
    if mode == 1:
        qc.enque(c)
        c = qc.deque(asc.float32)
    asc.adds(out, c, 1.0, N)  # the consumer
    qc.free_tensor(c)


ub_queue_kernel = asc.jit(always_compile=True, auto_sync=False)(_ub_queue_kernel)


def test_enque_deque_of_a_ub_queue_orders_vector_work():
    # kernel_tquebind_impl.h: "when src and dst both ub, should insert pipe v barrier": EnQue
    # sets V_V id 0 and DeQue waits for it. The simulator set and waited nothing there and
    # reported a V -> V race the framework prevents.
    x, z = np.ones(N, np.float32), np.zeros(N, np.float32)
    assert ub_queue_kernel[1](x, z, 1).findings == []
    with pytest.raises(RaceError) as info:  # without the queue hand-over: a real race
        ub_queue_kernel[1](x, z, 0)
    assert info.value.loc.line == source_line_of(_ub_queue_kernel, "# the consumer")
