"""NotifyNextBlock / WaitPreBlock, IBSet / IBWait and SyncAll between simulated cores.

The protocol (rounds, deadlocks, what is not simulated) is in sim/blocksync.py, SyncAll's
(a launch whose cores take turns) in sim/syncall.py. Each op
first waits for every pipe of its core (the Ascend C implementations begin and end with
PipeBarrier<PIPE_ALL>). The workspace is identified by its GM buffer and element offset.
"""

from __future__ import annotations

import ascdsl.dialects.ascendc as A

from ..blocksync import next_wait, signal, wait
from ..compiler import Lowering, lowers
from ..syncall import sync_all


def _ws(t) -> tuple:
    return (id(t.buf), t.off)


@lowers(A.NotifyNextBlockOp)
def lower_notify_next_block(op, cx: Lowering):
    pre = cx.take_pre()
    site = cx.site(op)
    sg = cx.slot(op.gm_workspace)

    def f(R):
        c = R[0]
        c.t += pre
        c.barrier_all()
        signal(c, ("next", _ws(R[sg]), c.block_idx), site)

    return f


@lowers(A.WaitPreBlockOp)
def lower_wait_pre_block(op, cx: Lowering):
    pre = cx.take_pre()
    site = cx.site(op)
    sg = cx.slot(op.gm_workspace)

    def f(R):
        c = R[0]
        c.t += pre
        c.barrier_all()
        ws = _ws(R[sg])
        k = next_wait(c, ("next", ws))
        b, n = c.block_idx, c.block_num
        if b == 0:
            if k == 0:
                return  # the workspace starts at zero: block 0's first round passes
            wait(c, ("next", ws, n - 1), k - 1, n - 1,
                 f"round {k - 1}'s NotifyNextBlock", site)
        else:
            wait(c, ("next", ws, b - 1), k, b - 1, f"round {k}'s NotifyNextBlock", site)
        c.barrier_all()

    return f


@lowers(A.IBSetOp)
def lower_ib_set(op, cx: Lowering):
    pre = cx.take_pre()
    site = cx.site(op)
    sg, sb, se = cx.slot(op.gm_workspace), cx.slot(op.block_idx), cx.slot(op.event_id)

    def f(R):
        c = R[0]
        c.t += pre
        c.barrier_all()
        signal(c, ("ib", _ws(R[sg]), R[sb], R[se]), site)

    return f


@lowers(A.IBWaitOp)
def lower_ib_wait(op, cx: Lowering):
    pre = cx.take_pre()
    site = cx.site(op)
    sg, sb, se = cx.slot(op.gm_workspace), cx.slot(op.block_idx), cx.slot(op.event_id)

    def f(R):
        c = R[0]
        c.t += pre
        c.barrier_all()
        key = ("ib", _ws(R[sg]), R[sb], R[se])
        wait(c, key, next_wait(c, key), R[sb], f"IBSet event {R[se]}", site)
        c.barrier_all()

    return f


@lowers(A.SyncAllSoftOp)
def lower_sync_all_soft(op, cx: Lowering):
    pre = cx.take_pre()
    site = cx.site(op)
    sg, su = cx.slot(op.gm_workspace), cx.slot(op.used_cores)

    def f(R):
        c = R[0]
        c.t += pre
        sync_all(c, int(R[su]), _ws(R[sg]), site)

    return f


@lowers(A.SyncAllHardOp)
def lower_sync_all_hard(op, cx: Lowering):
    pre = cx.take_pre()
    site = cx.site(op)

    def f(R):
        c = R[0]
        c.t += pre
        sync_all(c, None, None, site)

    return f
