"""What the simulator reports: located errors naming the ops, their pipes and source lines.

Every error is an `AscdslError`, so `str(err)` renders `file:line:col: error: ...` with the
kernel's source line and a caret, followed by notes on the other op involved. The fields
(`op`, `pipe`, `loc`, `other_op`, `other_pipe`, `other_loc`, `core`) give the same facts to
programs.

Three kinds of problems exist:

- *findings* of the sanitizer (races, event misuse, unaligned copies, accesses past a tensor's
  end that stay inside its memory): `sanitize="raise"` raises the first one, `"warn"`
  collects them in the report and goes on, `"off"` does not look for them;
- *fatal* errors, after which nothing meaningful can run (a wait that would hang the
  hardware, an allocation that does not fit, an access outside the memory itself): raised in
  every mode;
- *warning* findings (`warning=True`): what runs on the NPU without a fault or a wrong
  result but depends on bytes no tensor owns (a read of an allocation's padding, a DataCopy
  count the hardware rounds down). Recorded in the report in "raise" and "warn" mode, never
  raised; rendered `file:line:col: warning: ...`.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from ascdsl.diagnostics import AscdslError, Diagnostic, Loc, Severity


@dataclass(frozen=True, eq=False)
class Site:
    """One op of the compiled kernel: what errors and the timeline say about it."""

    index: int
    name: str  # `ascendc.add_l2`
    loc: Loc | None
    pipe: str | None = None  # static pipe name (`PIPE_V`) when known

    @property
    def short(self) -> str:
        """`add_l2`: the op name without its dialect."""
        return self.name.split(".", 1)[-1] if self.name.startswith("ascendc.") else self.name

    def where(self) -> str:
        return str(self.loc) if self.loc is not None else "<unknown location>"

    def label(self) -> str:
        """`add_l2 @ add.py:12` — a timeline slice name."""
        if self.loc is None:
            return self.short
        return f"{self.short} @ {self.loc.file.rsplit('/', 1)[-1]}:{self.loc.line}"


class SimulationError(AscdslError):
    """Base of every error the simulator raises (fatal errors and sanitizer findings)."""

    kind = "simulation error"

    def __init__(
        self,
        message: str,
        site: Site | None = None,
        pipe: str | None = None,
        *,
        other: Site | None = None,
        other_pipe: str | None = None,
        other_note: str | None = None,
        notes: Sequence[tuple[Site | None, str]] = (),
        core: int | None = None,
        warning: bool = False,
    ):
        self.message = message
        self.warning = warning
        self.site = site
        self.op = site.name if site is not None else None
        self.pipe = pipe
        self.loc = site.loc if site is not None else None
        self.other_site = other
        self.other_op = other.name if other is not None else None
        self.other_pipe = other_pipe
        self.other_loc = other.loc if other is not None else None
        self._other_note = other_note
        self._notes = list(notes)
        self.core = core
        super().__init__(self._diagnostic())

    def _diagnostic(self) -> Diagnostic:
        head = self.message
        if self.site is not None:
            head = f"'{self.site.name}' op " + head
        if self.core is not None:
            head += f" (core {self.core})"
        note_list = []
        other = self.other_site
        if other is not None:
            text = self._other_note or "the other op"
            if self.other_pipe:
                text += f" ('{other.name}' on {self.other_pipe})"
            else:
                text += f" ('{other.name}')"
            note_list.append(Diagnostic(Severity.NOTE, text, other.loc))
        for s, text in self._notes:
            note_list.append(Diagnostic(Severity.NOTE, text, s.loc if s is not None else None))
        severity = Severity.WARNING if self.warning else Severity.ERROR
        return Diagnostic(severity, f"{type(self).__name__}: {head}", self.loc, note_list)

    def set_core(self, core: int) -> None:
        """Name the core the error happened on (re-renders the message)."""
        self.core = core
        self.diagnostics = [self._diagnostic()]
        self.args = (self.render(),)

    def key(self) -> tuple:
        """Identity for de-duplicating repeated findings (same ops, same problem class)."""
        return (type(self).__name__, self.op, self.loc, self.other_op, self.other_loc,
                self.warning)


class RaceError(SimulationError):
    """Two conflicting accesses not ordered by a sync edge (or V ops without a PIPE_V barrier,
    or overlapping GM accesses of different cores)."""

    # The layer that would have had to order the pair (ascdsl.sim.layers.Layer's name:
    # FRAMEWORK, AUTO_SYNC or USER); None for races between cores.
    layer: str | None = None


class CoherenceError(SimulationError):
    """A core's scalar data cache (DCache) makes the hardware's answer differ from GM's: a
    GetValue hitting a stale line, a copy reading GM under a dirty line or writing into one,
    two cores writing one 64-byte line through SetValue (ascdsl.sim.dcache)."""


class DeadlockError(SimulationError):
    """A wait that can never be satisfied: wait_flag without set_flag, DeQue on an empty queue,
    AllocTensor on a queue whose buffers are all in use."""


class EventError(SimulationError):
    """Misuse of hardware event ids: set twice without a wait, ids outside 0-7, releasing an id
    that was not allocated, an id allocated and never released, more ids than the hardware
    has."""


class OutOfBoundsError(SimulationError):
    """An access outside a tensor (GM or local), with the offending index range."""


class UBOverflowError(SimulationError):
    """Buffers that do not fit in the SoC's on-chip memory, or more than 64 TPipe buffers."""


class AlignmentError(SimulationError):
    """A copy or an address that breaks Ascend C's 32-byte rules."""


class QueueError(SimulationError):
    """TQue misuse: EnQue/FreeTensor of a tensor the queue does not own, double free, EnQue on
    a full queue, use of a queue without buffers."""


class AllocatorError(SimulationError):
    """A LocalMemAllocator used on a core that also has a TPipe: both hand out the same
    on-chip memory from address 0, so their buffers overlap (Ascend C: the static-tensor
    style with LocalMemAllocator must not be mixed with TPipe)."""


class InvalidArgumentError(SimulationError):
    """An op parameter outside what the hardware accepts (mask, repeat count, block length...)."""


class NotSimulatedError(SimulationError):
    """The kernel uses an op the simulator does not run; the message says why and what to do."""


class TrapError(SimulationError):
    """The kernel called Trap(): the core stops, as the NPU raises an exception there."""


class SimulationWarning(UserWarning):
    """A sanitizer finding reported in `sanitize="warn"` mode."""
