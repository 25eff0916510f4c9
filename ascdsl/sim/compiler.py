"""Compile a kernel's IR once into Python closures with resolved operand slots.

Every SSA value of a function gets a slot in a frame (a Python list); slot 0 holds the running
`CoreSim`. Each op becomes one closure `f(R)` that reads its operands from fixed slots, does its
work and writes its results to fixed slots; a block is a tuple of closures run in order;
`scf.for` runs its body block in a Python `for` loop. Constants are written into the frame
template at compile time and cost nothing at run time. No op is looked up, and no generic
dispatcher runs, while the kernel executes.

The op -> closure factories ("lowerings") live in `ascdsl.sim.lower.*`, registered by op class
(or family base class: one lowering serves every row of an elementwise family table) with
`@lowers(...)`. `not_simulated(cls, why)` registers a deliberate refusal: compiling such an op
raises a located `NotSimulatedError` carrying `why`.

Scalar-unit time is charged without a per-op cost: each timed op (ascendc ops, loops, calls)
adds the issue cycles of the untimed ops before it in its block (`Lowering.take_pre()`), and a
block adds its trailing ops' cycles (and a loop's back-edge) when it finishes.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable
from typing import Any

from xdsl.dialects import arith, func, scf
from xdsl.dialects.builtin import ModuleOp
from xdsl.ir import Block, Operation, Region, SSAValue

from ascdsl.diagnostics import location_of

from .errors import NotSimulatedError, SimulationError, Site

Closure = Callable[[list], None]
LoweringFn = Callable[[Operation, "Lowering"], Closure | None]

LOWERINGS: dict[type, LoweringFn] = {}
NOT_SIMULATED: dict[type, str] = {}
# Ops that do not count as issued scalar instructions.
FREE_OPS: tuple[type, ...] = (arith.ConstantOp, scf.YieldOp, func.ReturnOp, scf.ConditionOp)


def lowers(*classes: type) -> Callable[[LoweringFn], LoweringFn]:
    """Register a lowering for op classes (subclasses inherit it unless they register their own)."""

    def register(fn: LoweringFn) -> LoweringFn:
        for cls in classes:
            LOWERINGS[cls] = fn
        return fn

    return register


def not_simulated(cls: type, why: str) -> None:
    """Declare that ops of `cls` are deliberately not simulated, and why."""
    NOT_SIMULATED[cls] = why


def lowering_for(cls: type) -> LoweringFn | str | None:
    """The lowering of an op class, the reason it is not simulated, or None if unknown."""
    _load_lowerings()
    for klass in cls.__mro__:
        if klass in NOT_SIMULATED:
            return NOT_SIMULATED[klass]
        if klass in LOWERINGS:
            return LOWERINGS[klass]
    return None


_loaded = False


def _load_lowerings() -> None:
    global _loaded
    if not _loaded:
        import ascdsl.sim.lower  # noqa: F401  (registers every lowering)
        from ascdsl.extension.registry import attach

        attach("lowering", LOWERINGS)  # the lowerings of extensions' ops (ascdsl.extension)
        _loaded = True


class Program:
    """What compiling a module produced: sites (one per op) and block op histograms."""

    def __init__(self, module: ModuleOp, soc, mixed: bool = False):
        self.module = module
        self.soc = soc
        # A mixed (AIC + AIV) kernel: ops only one kind of core has are no-ops on the other
        # (sim/mix.py).
        self.mixed = mixed
        self.sites: list[Site] = []
        self.block_ops: list[Counter] = []
        self.block_cycles: list[float] = []
        self.functions: dict[str, CompiledFunction] = {}
        self._compiling: set[str] = set()
        self._site_of: dict[Operation, Site] = {}

    def site(self, op: Operation) -> Site:
        s = self._site_of.get(op)
        if s is None:
            pipe = None
            hw_pipe = getattr(op, "hw_pipe", None)
            if callable(hw_pipe):
                try:
                    p = hw_pipe()
                except Exception:  # noqa: BLE001 - an untraceable operand: decided at run time
                    p = None
                pipe = p.name if p is not None else None
            s = Site(len(self.sites), op.name, location_of(op), pipe)
            self.sites.append(s)
            self._site_of[op] = s
        return s

    def function(self, name: str, anchor: Operation | None) -> CompiledFunction:
        """Compile `func.func @name` once (recursion is refused: kernels cannot recurse)."""
        done = self.functions.get(name)
        if done is not None:
            return done
        f = _find_func(self.module, name)
        if f is None:
            raise NotSimulatedError(
                f"calls @{name}, which the module does not define",
                self.site(anchor) if anchor is not None else None,
            )
        if f.body.blocks.first is None:
            raise NotSimulatedError(
                f"calls @{name}, a declaration without a body (nothing to simulate)",
                self.site(anchor) if anchor is not None else self.site(f),
            )
        if name in self._compiling:
            raise NotSimulatedError(
                f"calls @{name} recursively; Ascend C kernels cannot recurse",
                self.site(anchor) if anchor is not None else self.site(f),
            )
        self._compiling.add(name)
        try:
            cf = CompiledFunction(self, f)
        finally:
            self._compiling.discard(name)
        self.functions[name] = cf
        return cf


def _find_func(module: ModuleOp, name: str) -> func.FuncOp | None:
    for op in module.ops:
        if isinstance(op, func.FuncOp) and op.sym_name.data == name:
            return op
    return None


class CompiledFunction:
    """A function compiled to a body closure over a frame of `nslots` slots."""

    def __init__(self, program: Program, f: func.FuncOp):
        self.program = program
        self.func = f
        self.name = f.sym_name.data
        cx = Lowering(program, self)
        blocks = list(f.body.blocks)
        if len(blocks) != 1:
            raise NotSimulatedError(
                f"@{self.name} has {len(blocks)} blocks; the simulator runs structured control "
                "flow (scf) only, as Ascend C kernels are",
                program.site(f),
            )
        entry = blocks[0]
        self.arg_slots = [cx.slot(a) for a in entry.args]
        self.ret_slots: list[int] = []
        cx.return_slots = self.ret_slots
        self.body = cx.block(entry)
        self.template = cx.template()
        self.nslots = len(self.template)


class Lowering:
    """Compile-time context of one function: slots, constants, sites, nested blocks."""

    def __init__(self, program: Program, function: CompiledFunction):
        self.program = program
        self.function = function
        self.soc = program.soc
        self.issue = program.soc.cost["scalar_issue"]
        self.loop_iteration = program.soc.cost["loop_iteration"]
        self._slots: dict[SSAValue, int] = {}
        self._consts: dict[int, Any] = {}
        self._next = 1  # slot 0 is the core
        self._pre: float | None = None
        self.yield_targets: list[list[int]] = []
        self.return_slots: list[int] = []

    # --- slots ----------------------------------------------------------------------------

    def slot(self, value: SSAValue) -> int:
        s = self._slots.get(value)
        if s is None:
            s = self._slots[value] = self._next
            self._next += 1
        return s

    def slots(self, values) -> list[int]:
        return [self.slot(v) for v in values]

    def fresh_slot(self) -> int:
        """A slot no SSA value owns (a callee's return values)."""
        s = self._next
        self._next += 1
        return s

    def set_const(self, value: SSAValue, const: Any) -> None:
        self._consts[self.slot(value)] = const

    def template(self) -> list:
        t: list = [None] * self._next
        for s, v in self._consts.items():
            t[s] = v
        return t

    # --- sites and time -------------------------------------------------------------------

    def site(self, op: Operation) -> Site:
        return self.program.site(op)

    def take_pre(self) -> float:
        """Scalar cycles to charge when the current timed op runs (once per lowering)."""
        pre = self._pre
        if pre is None:
            raise RuntimeError("take_pre() called twice or outside a timed op's lowering")
        self._pre = None
        return pre

    def error(self, op: Operation, message: str) -> NotSimulatedError:
        return NotSimulatedError(message, self.site(op))

    # --- blocks ---------------------------------------------------------------------------

    def region_block(self, region: Region) -> Block:
        blocks = list(region.blocks)
        if len(blocks) != 1:
            raise NotSimulatedError(
                f"a region with {len(blocks)} blocks is not simulated (structured control flow "
                "only)",
                self.site(region.parent_op()) if region.parent_op() else None,
            )
        return blocks[0]

    def block(self, block: Block, yield_to: list[int] | None = None, loop: bool = False) -> Closure:
        """Compile a block; `yield_to` receives its scf.yield values, `loop` adds a back-edge."""
        if yield_to is not None:
            self.yield_targets.append(yield_to)
        try:
            fns: list[Closure] = []
            pending = 0.0
            hist: Counter = Counter()
            issued = 0.0
            for op in block.ops:
                free = isinstance(op, FREE_OPS)
                if not free:
                    hist[op.name] += 1
                    issued += self.issue
                timed = _is_timed(op)
                if timed:
                    self._pre = pending + (0.0 if free else self.issue)
                    pending = 0.0
                elif not free:
                    pending += self.issue
                fn = self._lower(op)
                if timed and self._pre is not None:
                    raise RuntimeError(f"the lowering of {op.name} did not charge its issue time")
                if fn is not None:
                    fns.append(fn)
            tail = pending + (self.loop_iteration if loop else 0.0)
            bid = len(self.program.block_ops)
            self.program.block_ops.append(hist)
            self.program.block_cycles.append(issued + (self.loop_iteration if loop else 0.0))
            return _block_runner(tuple(fns), tail, bid)
        finally:
            if yield_to is not None:
                self.yield_targets.pop()

    def _lower(self, op: Operation) -> Closure | None:
        how = lowering_for(type(op))
        if how is None:
            raise NotSimulatedError(
                "is not simulated: the simulator has no lowering for it", self.site(op)
            )
        if isinstance(how, str):
            raise NotSimulatedError(f"is not simulated: {how}", self.site(op))
        refusal = getattr(op, "header_refusal", None)
        if refusal is not None and (why := refusal()) is not None:
            raise NotSimulatedError(why, self.site(op))  # the compiled kernel stops here too
        try:
            if self.program.mixed:
                from .mix import on_side, op_side

                side, pre = op_side(op), self._pre
                fn = how(op, self)
                return fn if side is None or fn is None else on_side(fn, side, pre or 0.0, op.name)
            return how(op, self)
        except (SimulationError, RuntimeError):  # located already (e.g. a refused dtype)
            raise
        except Exception as e:  # a bug in a lowering: still a located error, not a traceback
            raise NotSimulatedError(
                f"could not be compiled for the simulator: {type(e).__name__}: {e} (an internal "
                "error; please report it)",
                self.site(op),
            ) from e


_TIMED: tuple[type, ...] | None = None


def _is_timed(op: Operation) -> bool:
    """Ops that charge the scalar time before them: they issue work or run nested blocks."""
    global _TIMED
    if _TIMED is None:
        from ascdsl.dialects.ascendc.base import AscendCOp

        _TIMED = (AscendCOp, scf.ForOp, scf.IfOp, scf.WhileOp, scf.IndexSwitchOp, func.CallOp)
    return isinstance(op, _TIMED)


def _block_runner(fns: tuple[Closure, ...], tail: float, bid: int) -> Closure:
    if len(fns) == 1:
        (only,) = fns

        def run1(R: list) -> None:
            only(R)
            c = R[0]
            c.t += tail
            c.block_execs[bid] += 1

        return run1

    # The ops called one after another in straight-line code: a loop over them costs a
    # third of a call again per op (benchmarks/sim_instr.py).
    names = [f"f{i}" for i in range(len(fns))]
    src = ("def run(R):\n" + "".join(f"    {n}(R)\n" for n in names)
           + "    c = R[0]\n    c.t += tail\n    c.block_execs[bid] += 1\n")
    scope = dict(zip(names, fns), tail=tail, bid=bid)
    exec(compile(src, f"<block {bid}>", "exec"), scope)
    return scope["run"]
