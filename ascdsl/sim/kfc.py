"""The Matmul API in mixed kernels: the KFC client (each AIV) and server (the AIC).

In a MIX_AIC_1_x kernel a `matmul::Matmul` object is split across the cores of an AI core
(Ascend C: kfc_register_obj.h, matmul_client.h, kernel_kfc.h, matmul_server_impl_c220.h):

- `REGIST_MATMUL_OBJ` on the AIC starts a `KfcServer` that serves the block's AIVs until each
  has quit (its client's destructor, at the end of the kernel), then *returns from the
  kernel*: the AIC runs nothing after it. It keeps one Matmul object per AIV.
- On each AIV the object is a client. SetTensorA/B, SetBias, SetTail, SetOrgShape only record
  into the client's message; Init, Iterate, IterateAll, GetTensorC and End post it to the
  server (a 64-byte message copied UB -> GM on MTE3; the server polls GM). IterateAll and
  GetTensorC with `sync` wait for the server's answer (NotifyEvent on its FIX pipe).
- Iterate (sync) computes one base block on the AIC into L0C; GetTensorC moves it out: to the
  user's GM, or, for a C in the vector core's UB (VECCALC / VECIN / VECOUT), to a GM
  workspace that the client copies into its tensor (CopyToUB, MTE2, then an MTE2 -> V flag).
  While an Iterate/GetTensorC sequence runs, the server stays locked on that AIV; IterateAll
  and End release it, and the server takes the next message that arrived first.

Cost of a message (the SoC table's estimates, no published measurement):
`kfc_post` cycles on the client's MTE3 (the message copy), `kfc_latency` until the server's
poll sees it, `kfc_dispatch` for the server to decode it; an answer reaches the client
`cross_core_latency` after the server's FIX work, as any cross-core flag.

Ordering, for the sanitizer: a message publishes what the client's MTE3 knows when the copy
is issued (the client makes MTE3 wait for its scalar unit first), an answer what the server's
cube pipes have done (the Matmul's own flags chain MTE2 -> MTE1 -> M -> FIX); both travel
through the same per-core knowledge as cross-core flags (sim/crosscore.py), so the GM the two
sides share is checked like any other. A client that waits for an answer also knows its own
message copy was done (the server saw it), which orders its later copies after its earlier
MTE3 writes.

Which message the server takes when two AIVs have one waiting is decided by arrival time once
no other AIV can still post an earlier one (each has posted, finished or is waiting).
"""

from __future__ import annotations

from collections import deque

from .crosscore import _join
from .errors import DeadlockError, InvalidArgumentError
from .mix import lane_of_core
from .sanitizer import FIX, M, MTE1, MTE2, MTE3, NPIPES, PIPE_NAMES, S


class KernelReturn(Exception):  # noqa: N818 - it is a control transfer, not an error
    """The AIC's REGIST_MATMUL_OBJ returns from the kernel once its server has stopped."""


class Msg:
    __slots__ = ("kind", "sub", "t", "pub", "site", "data", "obj")

    def __init__(self, kind: str, sub: int, t: float, pub, site, data, obj=None):
        self.kind = kind
        self.sub = sub
        self.t = t
        self.pub = pub
        self.site = site
        self.data = data
        self.obj = obj  # the client's Matmul object (its construct site), as KfcMsg's instID


def _cost(c, name: str) -> float:
    return c.soc.cost[name]


class KfcChannel:
    """The message queues of one AI core's Matmul objects (one per BlockRun)."""

    def __init__(self, run):
        self.run = run
        self.started: float | None = None  # when the AIC's server started
        # when the AIC's start-up message (WORKSPACE_SYNC_ID, insert-kfc-sync) reaches the AIVs
        self.workspace_ready: float | None = None
        self.msgs: dict[int, deque] = {}  # per AIV lane: its messages, oldest first
        self.answers: dict[int, deque] = {}  # per AIV lane: (time, publication)
        self.served = None  # the construct site of the object the AIC's server runs

    @staticmethod
    def of(core) -> KfcChannel:
        run = core.xrun
        ch = getattr(run, "kfc", None)
        if ch is None:
            ch = run.kfc = KfcChannel(run)
        return ch

    def _aiv_lanes(self) -> list:
        return [lane for lane in self.run.lanes if lane.core.kind == "aiv"]

    # --- the client side --------------------------------------------------------------------

    def post(self, c, kind: str, site, data=None, obj=None):
        """The client on AIV `c` posts a message (S -> MTE3 flag, MTE3 copy to GM) for its
        Matmul object `obj`; returns what its MTE3 knew then (for `wait_answer`)."""
        served = self.served
        if obj is not None and served is not None and obj.index != served.index:
            # REGIST_MATMUL_OBJ on the AIC serves the objects it is given and returns from the
            # kernel: an object registered by a later call is never served (a hang on hardware).
            raise InvalidArgumentError(
                f"calls the Matmul object built at {_where(obj)}, but the AI core's KFC server "
                f"serves only the object built at {_where(served)}: on the cube core "
                "register_matmul starts the server and returns from the kernel, so a second "
                "object's register_matmul never runs there (Ascend C registers every object in "
                "one REGIST_MATMUL_OBJ(&pipe, ws, mm1, &t1, mm2, &t2)); use one object per mixed "
                "kernel, or a cube-only kernel", site, core=c.block_idx)
        san = c.san
        if san is not None:
            san.join(MTE3, san.snapshot(S))
            san.begin(MTE3)
        c.hold(MTE3, c.t)
        c.run(MTE3, _cost(c, "kfc_post"), 0.0, site)
        pub = own = None
        if san is not None:
            own = san.snapshot(MTE3)
            pub = dict(self.run.flags.know[c.lane][-1])
            pub[c.lane] = own
        msg = Msg(kind, c.lane, c.done[MTE3] + _cost(c, "kfc_latency"), pub, site, data, obj)
        self.msgs.setdefault(c.lane, deque()).append(msg)
        return own

    def workspace_sync(self, c, p: int) -> None:
        """The AIC's ffts_cross_core_sync(PIPE_MTE3, flag 15, mode 2): it fires once `p`'s
        earlier work is done and counts on the AIVs like a cross-core flag."""
        t = max(c.t, c.free[p], c.done[p]) + c.cost.cross_core_latency
        self.workspace_ready = t

    def wait_server(self, c, site) -> None:
        """REGIST_MATMUL_OBJ on an AIV: WaitEvent(WORKSPACE_SYNC_ID), then the server runs."""
        if not c.xrun.wait_until(c, lambda: self.workspace_ready is not None, site):
            why = ("never starts its KFC server (REGIST_MATMUL_OBJ must run on the AIC too)"
                   if self.started is None else
                   "never sends the start-up message the client waits for "
                   "(ffts_cross_core_sync(PIPE_MTE3, 3873) on the AIC: the insert-kfc-sync "
                   "pass writes it)")
            raise DeadlockError(
                f"registers a Matmul object on the {lane_of_core(c)}, but the AI core's cube core "
                f"{why}", site, PIPE_NAMES[S], core=c.block_idx)
        if self.workspace_ready > c.t:
            c.t = self.workspace_ready

    def wait_answer(self, c, site, own) -> None:
        """A sync call waits for the server's answer (WaitEvent: the whole core stalls)."""
        q = self.answers.setdefault(c.lane, deque())
        if not c.xrun.wait_until(c, lambda: bool(q), site):
            raise DeadlockError(
                f"waits on the {lane_of_core(c)} for the Matmul server's answer, which never comes "
                "(the cube core has stopped serving)", site, PIPE_NAMES[S], core=c.block_idx)
        t, pub = q.popleft()
        start = c.t
        if t > start:
            c.t = t
            if c.trace is not None:
                c.trace.append((S, start, t - start, site))
        san = c.san
        if san is not None:
            know = self.run.flags.know[c.lane]
            know.append(_join(know[-1], pub))
            san.xepoch = len(know) - 1
            if own is not None:
                for p in range(NPIPES):
                    san.join(p, own)

    # --- the server side --------------------------------------------------------------------

    def answer(self, c, sub: int) -> None:
        """NotifyEvent<PIPE_FIX> to the client on lane `sub`."""
        t = max(c.t, c.free[FIX], c.done[FIX]) + c.cost.cross_core_latency
        pub = None
        san = c.san
        if san is not None:
            counts = [0] * NPIPES
            for p in (MTE2, MTE1, M, FIX, S):
                counts = list(map(max, counts, san.snapshot(p)))
            pub = dict(self.run.flags.know[c.lane][-1])
            pub[c.lane] = counts
        self.answers.setdefault(sub, deque()).append((t, pub))

    def serve(self, c, site, handle) -> None:
        """The KfcServer loop on the AIC `c`: `handle(msg)` processes one message and returns
        whether the server stays locked on that client."""
        self.started = c.t
        lanes = self._aiv_lanes()
        msgs = self.msgs
        locked: list = [None]

        def settled(x) -> bool:
            # A client blocked in a wait that can now return (the answer to its last sync
            # call is there) is about to run on and may post again: not settled yet.
            return x.done or (x.ready is not None and not x.ready())

        def ready() -> bool:
            lk = locked[0]
            if lk is not None:
                return bool(msgs.get(lk.core.lane)) or lk.done
            return all(msgs.get(x.core.lane) or settled(x) for x in lanes)

        while True:
            if not c.xrun.wait_until(c, ready, site):
                return  # every client waits for something else: their waits report it
            lk = locked[0]
            if lk is not None:
                q = msgs.get(lk.core.lane)
                if not q:
                    locked[0] = None  # the client quit in the middle of a sequence
                    continue
            else:
                waiting = [x for x in lanes if msgs.get(x.core.lane)]
                if not waiting:
                    return  # all clients quit (or wait on each other)
                lk = min(waiting, key=lambda x: (msgs[x.core.lane][0].t, x.core.lane))
                q = msgs[lk.core.lane]
            msg = q.popleft()
            self._receive(c, msg)
            locked[0] = lk if handle(msg) else None

    def _receive(self, c, msg: Msg) -> None:
        start = c.t
        t = msg.t if msg.t > start else start
        t += _cost(c, "kfc_dispatch")
        c.t = t
        if c.trace is not None:
            c.trace.append((S, start, t - start, msg.site))
        san = c.san
        if san is not None and msg.pub is not None:
            know = self.run.flags.know[c.lane]
            know.append(_join(know[-1], msg.pub))
            san.xepoch = len(know) - 1


def _where(site) -> str:
    return str(site.loc) if site.loc is not None else f"op {site.index}"




__all__ = ["KernelReturn", "KfcChannel", "Msg"]
