"""Which layer of the toolchain orders a pair of conflicting accesses on a 910B.

Three layers order a kernel on hardware (docs/simulator.md, "The three layers"):

1. the TPipe/TQue framework: EnQue/DeQue and FreeTensor/AllocTensor of a queue's buffer order
   its producer and consumer pipes (cross-pipe only; insert-que-sync places them for
   LocalTensorAuto kernels);
2. bisheng's `--cce-auto-sync` (pyasc's `auto_sync` option, on by default; the cce-auto-sync
   pass models it): on the vector core, V -> V, and S <-> V, S <-> MTE2, S <-> MTE3;
3. the hardware: a pipe other than V, MTE2 and MTE3 runs its ops in order, and the S-pipe
   configuration ops are ordered against every pipe. Two copies on one DMA pipe whose
   destinations overlap are ordered by no layer: Ascend C's PipeBarrier page asks the author
   for PipeBarrier<PIPE_MTE2> / <PIPE_MTE3> between them (the framework syncs across pipes
   only, and bisheng's auto-sync leaves overlapping copies alone).

The sanitizer asks `layer_of` about every unordered pair it finds: a pair the hardware orders
is no finding; any other one is a real race, and its message names the layer that would have
had to order it (`layer_note`).
"""

from __future__ import annotations

from enum import Enum

from ascdsl.dialects.ascendc.enums import Hardware

from .sanitizer import DMA_PIPES, FIX, M, MTE1, MTE2, MTE3, PIPE_NAMES, S, V

CUBE_PIPES = frozenset({M, MTE1, FIX})
# The pipes bisheng's auto-sync pairs with the scalar pipe.
SCALAR_PEERS = frozenset({V, MTE2, MTE3})
VECTOR_CORE_MEMORIES = frozenset({Hardware.UB, Hardware.GM})


class Layer(Enum):
    HARDWARE = "the hardware"
    FRAMEWORK = "the TQue framework"
    AUTO_SYNC = "bisheng's --cce-auto-sync"
    USER = "the kernel's author"


def layer_of(earlier: int, later: int, hw: Hardware, owner: str | None) -> Layer:
    """The layer that orders an access on pipe `later` after one on pipe `earlier`.

    `hw` is the memory both touch; `owner` what holds the bytes on the core ("queue" for a
    TQue/TQueBind buffer, "tbuf" for a TBuf, None for static tensors and GM).
    """
    if earlier == later:
        if later in DMA_PIPES:
            return Layer.USER  # overlapping copies on one DMA pipe: PipeBarrier by hand
        if later != V:
            return Layer.HARDWARE  # in-order pipes (S, M, MTE1, FIX)
    on_vector_core = (
        hw in VECTOR_CORE_MEMORIES and earlier not in CUBE_PIPES and later not in CUBE_PIPES
    )
    if on_vector_core and earlier == later == V:
        return Layer.AUTO_SYNC
    if on_vector_core and S in (earlier, later):
        other = later if earlier == S else earlier
        if other in SCALAR_PEERS:
            return Layer.AUTO_SYNC
    if owner == "queue" and S not in (earlier, later):
        return Layer.FRAMEWORK
    return Layer.USER


def layer_note(layer: Layer, earlier: int, later: int, auto_sync: bool, owner: str | None) -> str:
    """The sentence of a race message that says who had to order the pair."""
    pair = f"{PIPE_NAMES[earlier]} -> {PIPE_NAMES[later]}"
    if layer is Layer.AUTO_SYNC:
        if auto_sync:
            return (
                f"layer: bisheng's --cce-auto-sync orders {pair} on hardware, and the "
                "cce-auto-sync pass that models it ran on this kernel but left this pair "
                "unordered (a bug of the pass; auto_sync=False and a hand-written sync "
                "work around it)"
            )
        return (
            f"layer: bisheng's --cce-auto-sync would order {pair} on hardware, but this "
            "kernel runs without it (auto_sync=False, ascdsl-sim --auto-sync=off, or IR "
            "simulated without the cce-auto-sync pass), so the kernel must order it itself"
        )
    if layer is Layer.FRAMEWORK:
        return (
            f"layer: the TQue framework orders {pair} on a queue's buffer through "
            "EnQue/DeQue and FreeTensor/AllocTensor; this access is outside that protocol "
            "(use the tensor DeQue returns, free before the next AllocTensor, or let "
            "insert-que-sync place them with insert_sync=True)"
        )
    what = {"tbuf": "a TBuf", None: "a static tensor or GM", "queue": "a queue's buffer"}[owner]
    reasons = []
    if S in (earlier, later) or earlier == later:
        reasons.append("the TQue framework orders only pairs of different non-scalar pipes")
    elif owner != "queue":
        reasons.append(f"the TQue framework does not guard {what}")
    else:
        reasons.append("no queue of the TQue framework links these two pipes")
    if earlier in CUBE_PIPES or later in CUBE_PIPES:
        reasons.append("bisheng's --cce-auto-sync adds nothing on the cube core")
    elif earlier == later and later in DMA_PIPES:
        reasons.append(
            "bisheng's --cce-auto-sync leaves overlapping copies on one DMA pipe to the author"
        )
    else:
        reasons.append(f"bisheng's --cce-auto-sync never orders {pair}")
    return "layer: the kernel's author (" + "; ".join(reasons) + ")"
