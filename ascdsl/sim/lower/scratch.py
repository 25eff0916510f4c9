"""What the advanced APIs share in the simulator: their element count and their scratch space.

An advanced API computes in chunks that fit its scratch space. Given `sharedTmpBuffer`, that
tensor is the scratch: it holds uint8 bytes, at least the library's minimum (one repeat's
worth of elements times the API's scratch bytes per element, GetXxxMaxMinTmpSize), and must
not overlap the API's sources or destinations (every API's documented restriction); the
library overwrites all of it. Without it, the library takes the UB the TPipe has not handed
out (PopStackBuffer): that must hold the minimum too.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence

from xdsl.ir import SSAValue

from ascdsl.dialects.ascendc.enums import Hardware

from ..compiler import Lowering
from ..errors import InvalidArgumentError, UBOverflowError
from ..memory import LTensor
from ..sanitizer import V
from .common import declared_here


def count_reader(op, cx: Lowering, count: SSAValue | None, src_slot: int) -> Callable:
    """R -> the element count: the `calCount` operand, else the source tensor's size."""
    if count is None:
        return lambda R: R[src_slot].n
    slot = cx.slot(count)
    return lambda R: int(R[slot])


def stack_bytes(c) -> int:
    """UB bytes no TPipe of the core has handed out: what PopStackBuffer gives the library."""
    ub = c.memory(Hardware.UB, None)
    used = max((p.cursor.get(Hardware.UB, 0) for p in c.pipes if p.alive), default=0)
    return max(ub.size - used, 0)


class Scratch:
    """The scratch space of one advanced-API op."""

    __slots__ = ("api", "dtype", "elem", "slot", "site", "op_name")

    def __init__(self, op, cx: Lowering, api: str, dtype: str, elem_size: int,
                 tmp: SSAValue | None = None):
        tmp = op.tmp_buffer() if tmp is None else tmp
        self.api = api
        self.dtype = dtype
        self.elem = elem_size
        self.slot = cx.slot(tmp) if tmp is not None else None
        self.site = cx.site(op)
        self.op_name = f"AscendC::{api}"

    def check(self, c, R, operands: Sequence[tuple[LTensor, int, int]], need: int | None = None,
              rule: str = "one repeat of elements; see its GetMaxMinTmpSize") -> int:
        """The scratch bytes of this call, checked (raises or reports what is wrong). `need`
        and `rule`: the least the call accepts and why, where the shape decides it."""
        if need is None:
            need = c.cost.library_min_tmp(self.api, self.dtype, self.elem)
        site = self.site
        if self.slot is None:
            free = stack_bytes(c)
            if free < need:
                raise UBOverflowError(
                    f"{self.op_name} takes its scratch space from the UB the TPipe has not "
                    f"handed out: {free} bytes are left, it needs at least {need}; pass a "
                    "temp_buffer (sharedTmpBuffer) or leave more UB free",
                    site, core=c.block_idx)
            return free
        t = R[self.slot]
        nbytes = t.n * t.dt.size
        if t.dt.name not in ("ui8", "i8") and c.checking:
            c.finding(InvalidArgumentError(
                f"passes a sharedTmpBuffer of {t.dt.name} elements; {self.op_name} takes a "
                "LocalTensor<uint8_t> of scratch bytes", site, notes=declared_here(t)))
        if nbytes < need:
            raise InvalidArgumentError(
                f"passes a sharedTmpBuffer of {nbytes} bytes; {self.op_name} needs at least "
                f"{need} for {self.dtype} ({rule})", site, notes=declared_here(t),
                core=c.block_idx)
        if c.checking:
            lo, hi = t.off, t.off + nbytes
            for other, olo, ohi in operands:
                if other.mem is t.mem and olo < hi and lo < ohi:
                    c.finding(InvalidArgumentError(
                        f"passes a sharedTmpBuffer (bytes [{lo}, {hi}) of {t.mem.name}) that "
                        f"overlaps an operand (bytes [{olo}, {ohi})): {self.op_name} "
                        "overwrites its scratch space, so the two must not overlap", site,
                        notes=declared_here(t)))
                    break
        return nbytes

    def span(self, R) -> tuple | None:
        """(memory, lo, hi) of the scratch tensor, None for stack space."""
        if self.slot is None:
            return None
        t = R[self.slot]
        return (t.mem, t.off, t.off + t.n * t.dt.size)


def staged(cx: Lowering, api: str, dtype: str) -> bool:
    """Whether the library runs several vector instructions (with PipeBarrier<PIPE_V> between
    its steps) rather than one."""
    lib = cx.soc.library.get(api)
    return lib is not None and sum(lib.instructions(dtype).values()) > 1


def record(san, site, reads: Sequence[tuple], early: Sequence[tuple], final: Sequence[tuple],
           several: bool) -> None:
    """The sanitizer's view of one advanced-API call: (memory, lo, hi) ranges.

    A call of several instructions is three steps: its first instructions read the sources
    (ordered after their producers only by the caller's syncs), then, after the library's own
    PipeBarrier<PIPE_V>, it writes its scratch and intermediate outputs (`early`), and after
    another barrier its last instruction writes the destination (`final`), which a later
    vector op reads only after a barrier of its own. A one-instruction call is one step.
    """
    k = san.begin(V)
    for mem, lo, hi in reads:
        san.access(mem, lo, hi, False, V, k, site)
    if several:
        san.barrier(V)
        k = san.begin(V)
    for span in early:
        if span is not None:
            san.access(span[0], span[1], span[2], True, V, k, site)
    if several:
        san.barrier(V)
        k = san.begin(V)
    for mem, lo, hi in final:
        san.access(mem, lo, hi, True, V, k, site)
