"""Mixed kernels: one AI core = one cube core (AIC) and one or two vector cores (AIV).

A MIX_AIC_1_2 launch on n blocks runs, per block, three timelines: the AIC (L1, L0A/B/C, BT,
FB; pipes MTE1, M, FIX, MTE2, MTE3, S) and two AIVs (UB; pipes V, MTE2, MTE3, S); MIX_AIC_1_1
has one AIV. GM is shared. Each timeline is a `CoreSim` with its own memories, clocks and
sanitizer, running the whole kernel: as in Ascend C's split build, an op that only the other
kind of core has is a no-op there (the headers wrap cube instructions in `if ASCEND_IS_AIC`,
vector ones in `if ASCEND_IS_AIV`, e.g. dav_c220/kernel_operator_mm_impl.h), while scalar code,
loops and the framework's bookkeeping run on every core.

The timelines of one AI core wait for each other (CrossCoreWaitFlag), in either direction and
any number of times, so they cannot run one after the other: each runs in its own thread, and
a baton lets exactly one run at a time (`BlockRun`). A timeline runs until it must wait for a
flag nobody has set yet; then the lowest-numbered timeline that can go on runs (AIC first).
When none can, the first waiting one is deadlocked. Times do not depend on this order: they
come from each core's own clocks and the flags' times. Blocks run one after another, as in a
launch of single-kind cores (sim/kernel.py), unless the kernel has a SyncAll or a mode-0
cross-core flag: then every timeline of every block takes turns in one run (sim/syncall.py),
and each AI core's timelines see their part of it as a `BlockView`. `TurnRun` is the
threads-and-baton part alone; a single-kind launch with SyncAll runs its cores on it too.
"""

from __future__ import annotations

import threading
from collections.abc import Callable

import numpy as np

# The kinds of core of one AI core, by kernel type name (runtime.config.KernelType,
# KERNEL_TYPE_MIX_AIC_1_x); the other types run one kind of core per block.
LANES: dict[str, tuple[str, ...]] = {
    "MIX_AIC_1_2": ("aic", "aiv", "aiv"),
    "MIX_AIC_1_1": ("aic", "aiv"),
}


def lanes_of(kernel_type) -> tuple[str, ...] | None:
    """The timelines of one AI core for a `KernelType` (or its name); None: single-kind."""
    if kernel_type is None:
        return None
    return LANES.get(getattr(kernel_type, "name", kernel_type))


def lane_name(kind: str, sub_idx: int) -> str:
    return "AIC" if kind == "aic" else f"AIV{sub_idx}"


def lane_of_core(core) -> str:
    """How findings name a timeline of a mixed launch: "AIV1 of AI core 3"."""
    return f"{lane_name(core.kind, core.sub_idx)} of AI core {core.block_idx}"


def core_name(core) -> str:
    """How findings name a core of any launch: "core 3", or as `lane_of_core` in a mixed one."""
    return f"core {core.block_idx}" if core.launch.lanes is None else lane_of_core(core)


# --- which kind of core runs an op -------------------------------------------------------------

_CUBE_MEMS = None


def op_side(op) -> str | None:
    """"aic" for an op only the cube core executes, "aiv" for one only a vector core executes,
    None for one both run (scalar code, sync, framework bookkeeping). From the op's declared
    facts: cube ops and the cube pipes (M, MTE1, FIX) are the AIC's, the vector pipe is the
    AIV's, and a copy on MTE2/MTE3 belongs to the core whose memory (UB, or L1/L0) it touches."""
    global _CUBE_MEMS
    from ascdsl.dialects.ascendc.base import AscendCOp
    from ascdsl.dialects.ascendc.enums import Hardware, Pipe
    from ascdsl.dialects.ascendc.ops_cube import CubeOp, DataCopyNd2NzOp
    from ascdsl.dialects.ascendc.ops_matmul import MatmulOp, RegistMatmulObjOp
    from ascdsl.dialects.ascendc.ops_tensor import hardware_of

    if _CUBE_MEMS is None:
        _CUBE_MEMS = {Hardware.L1, Hardware.L0A, Hardware.L0B, Hardware.L0C, Hardware.BIAS,
                      Hardware.FIXBUF}
    if isinstance(op, CubeOp | DataCopyNd2NzOp):
        return "aic"
    if isinstance(op, MatmulOp | RegistMatmulObjOp):
        return None  # the AIC serves, the AIVs are clients (sim/kfc.py): both run it
    if not isinstance(op, AscendCOp):
        return None
    cls = type(op)
    if not (getattr(cls, "WRITES", ()) or getattr(cls, "READS", ())):
        return None  # no tensor effects: sync, scalar, bookkeeping
    try:
        pipe = op.hw_pipe()
    except Exception:  # noqa: BLE001 - an untraceable operand: both run it
        return None
    if pipe in (Pipe.PIPE_M, Pipe.PIPE_MTE1, Pipe.PIPE_FIX):
        return "aic"
    if pipe is Pipe.PIPE_V:
        return "aiv"
    if pipe in (Pipe.PIPE_MTE2, Pipe.PIPE_MTE3):
        mems = set()
        for name in (*cls.WRITES, *cls.READS):
            v = getattr(op, name, None)
            if v is not None and hasattr(v, "type"):
                hw = hardware_of(v)
                mems.add(Hardware.UB if hw is None else hw)
        if mems & _CUBE_MEMS:
            return "aic"
        if Hardware.UB in mems:
            return "aiv"
    return None


def has_vector_work(module) -> bool:
    """Whether a kernel that uses the cube also gives its vector cores something to do: an op
    only they run, code that asks which core it is on (then the kernel splits the work), or
    a Matmul object outside a cube-only kernel (its vector cores are the KFC clients)."""
    import ascdsl.dialects.ascendc as A
    from ascdsl.transforms.define_cube_only import CUBE_ONLY_ATTR

    asks = (A.AscendIsAIVOp, A.GetSubBlockIdxOp, A.GetSubBlockNumOp, A.CrossCoreFlagOp)
    cube_only = CUBE_ONLY_ATTR in module.attributes
    for op in module.walk():
        if isinstance(op, asks) or op_side(op) == "aiv":
            return True
        if isinstance(op, A.RegistMatmulObjOp) and not cube_only:
            return True
    return False


def on_side(fn: Callable, side: str, pre: float, name: str) -> Callable:
    """Run `fn` only on `side`'s cores; elsewhere the op is a no-op that still costs the
    scalar instructions issued before it (and is not counted as executed)."""

    def f(R):
        c = R[0]
        if c.kind == side:
            fn(R)
        else:
            c.t += pre
            skipped = c.skipped
            skipped[name] = skipped.get(name, 0) + 1

    return f


# --- running one AI core's timelines interleaved ----------------------------------------------


class _Abort(BaseException):
    """Unwinds a timeline's thread when another timeline failed (not an Exception, so that
    no `except Exception` of a lowering catches it)."""


class _Lane:
    __slots__ = ("core", "go", "ready", "done", "error", "abort", "deadlocked", "thread",
                 "waiting_at")

    def __init__(self, core):
        self.core = core
        self.go = threading.Event()
        self.ready: Callable[[], bool] | None = None
        self.done = False
        self.error: BaseException | None = None
        self.abort = False
        self.deadlocked = False
        self.thread: threading.Thread | None = None
        self.waiting_at = None  # the Site of the wait it is blocked in


class TurnRun:
    """Timelines run in threads that take turns (one at a time): a timeline runs until it
    waits (`wait_until`), then the first one in `cores`' order that can go on runs."""

    def __init__(self, cores: list, run_body: Callable[[object], None]):
        self.lanes = [_Lane(c) for c in cores]
        self.pos = {id(c): i for i, c in enumerate(cores)}
        self.back = threading.Event()
        self.run_body = run_body

    def _thread(self, lane: _Lane) -> None:
        lane.go.wait()
        lane.go.clear()
        if lane.abort:
            return
        old = np.seterr(all="ignore")  # numpy's error state is per thread
        try:
            self.run_body(lane.core)
        except _Abort:
            return
        except BaseException as e:  # noqa: BLE001 - handed to the launching thread
            lane.error = e
        finally:
            np.seterr(**old)
        lane.done = True
        self.back.set()

    def run(self) -> None:
        for lane in self.lanes:
            c = lane.core
            lane.thread = threading.Thread(target=self._thread, args=(lane,), daemon=True,
                                           name=f"ascdsl-sim-{c.kind}{c.block_idx}.{c.lane}")
            lane.thread.start()
        try:
            while True:
                lane = self._next()
                if lane is None:
                    return
                lane.go.set()
                self.back.wait()
                self.back.clear()
                if lane.error is not None:
                    raise lane.error
        finally:
            self._stop()

    def _next(self) -> _Lane | None:
        waiting = None
        for lane in self.lanes:
            if lane.done:
                continue
            if lane.ready is None or lane.ready():
                return lane
            if waiting is None:
                waiting = lane
        if waiting is not None:
            waiting.deadlocked = True  # nobody can set what it waits for
        return waiting

    def _stop(self) -> None:
        for lane in self.lanes:
            if not lane.done and lane.thread is not None and lane.thread.is_alive():
                lane.abort = True
                lane.go.set()
        for lane in self.lanes:
            if lane.thread is not None:
                lane.thread.join()

    def wait_until(self, core, ready: Callable[[], bool], site) -> bool:
        """Block `core`'s timeline until `ready()`; False if it never will be (deadlock)."""
        if ready():
            return True
        lane = self.lanes[self.pos[id(core)]]
        lane.ready = ready
        lane.waiting_at = site
        self.back.set()
        lane.go.wait()
        lane.go.clear()
        lane.ready = None
        lane.waiting_at = None
        if lane.abort:
            raise _Abort()
        if lane.deadlocked:
            lane.deadlocked = False
            return False
        return True

    def others_waiting(self, core) -> list:
        """(core, site) of the other timelines blocked in a wait (for deadlock notes)."""
        return [(lane.core, lane.waiting_at) for lane in self.lanes
                if lane.core is not core and lane.waiting_at is not None and not lane.done]


class BlockRun(TurnRun):
    """The timelines of one AI core, run in threads that take turns (one at a time)."""

    def __init__(self, cores: list, run_body: Callable[[object], None]):
        super().__init__(cores, run_body)
        for c in cores:
            c.xrun = self
        # Cross-core flags and what each timeline knows of the others (sim/crosscore.py).
        from .crosscore import BlockFlags

        self.flags = BlockFlags(cores)


class BlockView:
    """One AI core's timelines inside a run of the whole launch (sim/syncall.py): what its
    cross-core flags and Matmul objects see as `core.xrun`, as they see a `BlockRun`."""

    def __init__(self, run: TurnRun, lanes: list, flags):
        self.run = run
        self.lanes = lanes
        self.flags = flags
        for lane in lanes:
            lane.core.xrun = self

    def wait_until(self, core, ready: Callable[[], bool], site) -> bool:
        return self.run.wait_until(core, ready, site)

    def others_waiting(self, core) -> list:
        return self.run.others_waiting(core)


def make_cores(launch, block: int, nblocks: int, lanes: tuple[str, ...], base: int = 0
               ) -> list:
    """The timelines of AI core `block`, numbered from `base` (`CoreSim.lane`: their
    memories, flag counters and knowledge are keyed by it, so timelines that run interleaved
    need distinct numbers)."""
    from .core import CoreSim

    sub_num = sum(1 for k in lanes if k == "aiv")
    cores = []
    sub = 0
    for i, kind in enumerate(lanes):
        if kind == "aic":
            cores.append(CoreSim(launch, block, nblocks, lane=base + i, kind="aic", sub_idx=0,
                                 sub_num=1))
        else:
            cores.append(CoreSim(launch, block, nblocks, lane=base + i, kind="aiv",
                                 sub_idx=sub, sub_num=sub_num))
            sub += 1
    return cores
