"""How lean insert-que-sync's default placement is, and what it costs against pyasc's.

    python benchmarks/sync.py [--kernels 100]

The corpus is the sync property test's generator (tests/unit/transforms/sync_kernels.py),
derandomized so every run sees the same kernels. Each kernel goes through `ascdsl-default`.
For every flag pair (`fetch_event_id`, `set_flag`, `wait_flag`) and every `pipe_barrier`
that insert-que-sync placed (not cce-auto-sync's, not the final `pipe_all`), the kernel is
simulated once more without it: the sync is necessary when the sanitizer then reports a race.
EnQue/DeQue pairs are the TQue protocol (a tensor must be dequeued to be used) and are not
counted. Then the same pipeline with pyasc's placement (`insert-que-sync{mode=pyasc}`, then
cce-auto-sync as bisheng would add on hardware): simulated cycles of ours / pyasc's, and how
many kernels still race under pyasc's placement.
"""

from __future__ import annotations

import argparse
import statistics
import sys
import warnings
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT / "benchmarks"))
sys.path.insert(0, str(ROOT / "tests" / "unit" / "transforms"))

from auto_sync import corpus, simulate  # noqa: E402
from xdsl.context import Context  # noqa: E402

from ascdsl.context import make_context  # noqa: E402
from ascdsl.dialects.ascendc import PipeBarrierOp, SetFlagOp, WaitFlagOp  # noqa: E402
from ascdsl.loading import parse  # noqa: E402
from ascdsl.sim.errors import DeadlockError, QueueError  # noqa: E402
from ascdsl.transforms.cce_auto_sync import is_auto_sync  # noqa: E402
from ascdsl.transforms.insert_que_sync import InsertQueSyncPass  # noqa: E402
from ascdsl.transforms.pipeline import default_pipeline  # noqa: E402


def groups(module) -> list[list]:
    """insert-que-sync's flag pairs (with their fetch_event_id) and barriers, in walk order."""
    out: list[list] = []
    waits = {}
    for op in module.walk():
        if isinstance(op, WaitFlagOp) and not is_auto_sync(op):
            waits.setdefault(op.operands[0] if op.operands else id(op), op)
    ops = list(module.walk())
    for i, op in enumerate(ops):
        if is_auto_sync(op):
            continue
        if isinstance(op, SetFlagOp) and op.operands:
            group = [op]
            wait = waits.get(op.operands[0])
            if wait is not None:
                group.append(wait)
            owner = op.operands[0].owner
            if getattr(owner, "name", "") == "ascendc.pipe.fetch_event_id":
                group.append(owner)
            out.append(group)
        elif isinstance(op, PipeBarrierOp):
            last = op.next_op is not None and op.next_op.name == "func.return"
            if not last:
                out.append([op])
    return out


def pyasc_placement(text: str):
    """The default pipeline with pyasc's insert-que-sync, then cce-auto-sync."""
    module = parse(text, "gen.mlir")
    ctx: Context = make_context()
    for p in default_pipeline(insert_sync=True, auto_sync=True):
        if isinstance(p, InsertQueSyncPass):
            p = InsertQueSyncPass(mode="pyasc")
        p.apply(ctx, module)
    return module


def races(report) -> int:
    return sum(1 for f in report.findings if type(f).__name__ == "RaceError")


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--kernels", type=int, default=100)
    opts = ap.parse_args()
    warnings.simplefilter("ignore")
    ks = corpus(opts.kernels)
    necessary = total = failed = 0
    kinds = {"flags": 0, "pipe_barrier": 0}
    ratios: list[float] = []
    racy_ratios: list[float] = []
    pyasc_racy = pyasc_failed = 0
    for k in ks:
        text = k.mlir()
        try:
            ours = parse(text, "gen.mlir", passes="ascdsl-default")
            base = simulate(ours, k)
        except (QueueError, DeadlockError):
            failed += 1
            continue
        assert races(base) == 0, k.describe()
        for i in range(len(groups(ours))):
            trial = parse(text, "gen.mlir", passes="ascdsl-default")
            group = groups(trial)[i]
            kinds["flags" if isinstance(group[0], SetFlagOp) else "pipe_barrier"] += 1
            for op in group:
                op.detach()
                op.erase(safe_erase=False)
            total += 1
            try:
                necessary += races(simulate(trial, k)) > 0
            except (QueueError, DeadlockError):
                necessary += 1  # without it the kernel cannot even run
        try:
            theirs = simulate(pyasc_placement(text), k)
        except (QueueError, DeadlockError):
            pyasc_failed += 1
            continue
        ratio = base.core_cycles[0] / max(theirs.core_cycles[0], 1.0)
        if races(theirs):
            pyasc_racy += 1
            racy_ratios.append(ratio)  # against a kernel that is wrong on hardware
        else:
            ratios.append(ratio)
    print(f"kernels: {len(ks)} generated, {len(ks) - failed} run by ascdsl's placement "
          f"({failed} raised QueueError/DeadlockError)")
    print(f"insert-que-sync syncs: {total} ({kinds['flags']} flag pairs, "
          f"{kinds['pipe_barrier']} pipe_barrier)")
    share = necessary / total if total else 1.0
    print(f"necessary (removing it makes the sanitizer report a race): {necessary}/{total} "
          f"= {share:.1%}")
    print(f"pyasc's placement + cce-auto-sync: {pyasc_racy} of {len(ratios) + pyasc_racy} "
          f"kernels race, {pyasc_failed} cannot run")
    for label, rs in (("where pyasc's placement is race-free", ratios),
                      ("where it races (its cycles are those of a wrong kernel)", racy_ratios)):
        if rs:
            print(f"cycles ours / pyasc's {label}: {len(rs)} kernels, mean "
                  f"{statistics.mean(rs):.3f}, median {statistics.median(rs):.3f}, "
                  f"max {max(rs):.3f}, {sum(r > 1.0 for r in rs)} slower")
        else:
            print(f"cycles ours / pyasc's {label}: no kernels")

if __name__ == "__main__":
    main()
