"""verify-sync warns statically about what the sanitizer finds, on the sync generator's
kernels (sync_kernels.py).

Each kernel goes through the default pipeline (auto_sync on, the JIT's default), then loses
one of insert-que-sync's flag pairs (the first, when it placed one): whenever the simulator's
sanitizer then reports a race, verify-sync must have warned about an unsynchronized
dependence into the racing pipe. verify-sync may warn where the simulated run happens not to
race (it follows every path, the run one); the converse would be a miss.
ASCDSL_SYNC_EXAMPLES sets the number of kernels.
"""

from __future__ import annotations

import os

import numpy as np
from hypothesis import HealthCheck, given, settings

from ascdsl.context import make_context
from ascdsl.diagnostics import DiagnosticEngine, using_engine
from ascdsl.dialects.ascendc import SetFlagOp
from ascdsl.loading import parse
from ascdsl.sim.errors import DeadlockError, QueueError, RaceError
from ascdsl.sim.kernel import SimKernel
from ascdsl.transforms.cce_auto_sync import is_auto_sync
from ascdsl.transforms.verify_sync import VerifySyncPass

from sync_kernels import TILE, Kernel, kernels

EXAMPLES = int(os.environ.get("ASCDSL_SYNC_EXAMPLES", 30))


def _drop_first_pair(module) -> bool:
    """Take out insert-que-sync's first set/wait pair (bisheng's are left: they are
    computed from the source, and the sanitizer judges the first layer here)."""
    for op in module.walk():
        if isinstance(op, SetFlagOp) and not is_auto_sync(op) and op.operands:
            waits = [u.operation for u in op.operands[0].uses
                     if u.operation.name == "ascendc.wait_flag"]
            for dead in (op, *waits):
                dead.detach()
                dead.erase(safe_erase=False)
            return True
    return False


def _races(module, kernel: Kernel) -> list[RaceError]:
    rng = np.random.default_rng(0)
    xs = [rng.uniform(0.5, 1.5, kernel.tiles * TILE).astype(np.float32)
          for _ in range(kernel.inputs)]
    z = np.zeros(kernel.tiles * TILE, np.float32)
    report = SimKernel(module, "k").run(1, [*xs, z], sanitize="warn")
    return [f for f in report.findings if isinstance(f, RaceError)]


def _warnings(module) -> list[str]:
    engine = DiagnosticEngine()
    with using_engine(engine):
        VerifySyncPass().apply(make_context(), module)
    return [d.message for d in engine.diagnostics if "unsynchronized" in d.message]


@settings(max_examples=EXAMPLES, deadline=None, derandomize=True,
          suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large])
@given(kernel=kernels())
def test_verify_sync_warns_where_the_sanitizer_finds_a_race(kernel):
    module = parse(kernel.mlir(), "generated.mlir", passes="ascdsl-default")
    assert _warnings(module) == [], kernel.describe()
    if not _drop_first_pair(module):
        return
    warned = _warnings(module)
    try:
        races = _races(module, kernel)
    except (QueueError, DeadlockError):
        return  # the run stopped before any race could be seen
    if races:
        pipe = str(races[0]).split(" op on PIPE_")[1].split(" ")[0]
        assert any(f"-> {pipe} dependence" in w for w in warned), (
            f"{kernel.describe()}\n{races[0]}\nverify-sync: {warned}")


def test_a_dropped_copy_through_flag_is_both_found_and_warned():
    """The property is not vacuous: the copy-through's MTE2 -> MTE3 pair, dropped, races and
    is warned about."""
    k = Kernel(1, 2, 1, False, [("copy_in", 0, 0), ("copy_out", 0)])
    module = parse(k.mlir(), "generated.mlir", passes="ascdsl-default")
    assert _drop_first_pair(module)
    assert _races(module, k)
    assert any("-> MTE3 dependence" in w for w in _warnings(module))
