"""The simulated Ascend AI core: runs synchronized ascendc IR on numpy, times it, checks it.

    from ascdsl.sim import SimKernel
    kernel = SimKernel(module, "vadd")               # compile the IR once into closures
    report = kernel.run(8, [x, y, z], "raise")       # -> RunReport

Most users go through `ascdsl.runtime.prepare(...)`, which also checks and converts numpy /
torch arguments. The model is described in docs/simulator.md.
"""

from __future__ import annotations

from .errors import (
    AlignmentError,
    AllocatorError,
    CoherenceError,
    DeadlockError,
    EventError,
    InvalidArgumentError,
    NotSimulatedError,
    OutOfBoundsError,
    QueueError,
    RaceError,
    SimulationError,
    SimulationWarning,
    Site,
    UBOverflowError,
)
from .kernel import SANITIZE_MODES, Param, SimKernel
from .report import RunReport

__all__ = [
    "SimKernel",
    "Param",
    "RunReport",
    "SANITIZE_MODES",
    "Site",
    "SimulationError",
    "SimulationWarning",
    "RaceError",
    "CoherenceError",
    "DeadlockError",
    "EventError",
    "OutOfBoundsError",
    "UBOverflowError",
    "AlignmentError",
    "AllocatorError",
    "QueueError",
    "InvalidArgumentError",
    "NotSimulatedError",
]
