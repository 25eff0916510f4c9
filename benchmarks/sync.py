"""How lean insert-que-sync's default placement is, and what it costs against pyasc's.

    python benchmarks/sync.py [--kernels 100] [--no-real]

Two corpora. Generated: the sync property test's generator (tests/unit/transforms/
sync_kernels.py), derandomized so every run sees the same kernels; each goes through
`ascdsl-default`. Real: the examples and pyasc's six insert_sync test kernels
(../shared/pyasc/python/test/kernels/insert_sync, run with `asc` mapped to ascdsl), launched as
their scripts and tests launch them, through the JIT's own pipeline (benchmarks/sync_real.py).
For every flag pair (`fetch_event_id`, `set_flag`, `wait_flag`) and every `pipe_barrier`
that insert-que-sync placed (not cce-auto-sync's, not the final `pipe_all`), the kernel is
simulated once more without it: the sync is necessary when the sanitizer then reports a race.
Without it, bisheng's layer is computed again (strip cce-auto-sync's syncs, run it again):
bisheng compiles the source without that sync, and may then place a pair of its own where
it placed none (or place it elsewhere) — holding its syncs fixed would count a sync as
unneeded that bisheng's syncs cover only because that sync is there.
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

import sync_real  # noqa: E402
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
            if getattr(owner, "name", "") in ("ascendc.pipe.fetch_event_id",
                                              "ascendc.pipe.alloc_event_id"):
                # A set moved back to its producer takes its id until a release_event_id.
                group += [u.operation for u in owner.results[0].uses
                          if u.operation.name == "ascendc.pipe.release_event_id"]
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
    # A warning-level RaceError is two cores leaving the same bytes in GM (the work done
    # twice, e.g. pyasc's test_matmul launched on 16 AI cores whose 32 AIVs wrap their block
    # index): no sync orders it away, so it says nothing about a placement.
    return sum(1 for f in report.findings
               if type(f).__name__ == "RaceError" and not f.warning)


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--kernels", type=int, default=100)
    ap.add_argument("--no-real", action="store_true", help="only the generated corpus")
    ap.add_argument("--show-unneeded", type=int, default=0, metavar="N",
                    help="print the first N generated kernels with a sync found unneeded")
    ap.add_argument("--progress", type=int, default=0, metavar="N",
                    help="print the running counts every N generated kernels (a long run "
                         "stopped early still reports what it measured)")
    opts = ap.parse_args()
    warnings.simplefilter("ignore")
    if not opts.no_real:
        real_kernels()
    if opts.kernels <= 0:
        return  # the real kernels only
    ks = corpus(opts.kernels)
    necessary = total = failed = 0
    kinds = {"flags": 0, "pipe_barrier": 0}
    ratios: list[float] = []
    racy_ratios: list[float] = []
    pyasc_racy = pyasc_failed = 0
    for done, k in enumerate(ks):
        if opts.progress and done and done % opts.progress == 0:
            print(f"[after {done} kernels]")
            summary(done, failed, total, kinds, necessary, ratios, racy_ratios, pyasc_racy,
                    pyasc_failed)
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
            sync_real.drop_group(trial, group)
            total += 1
            try:
                needed = races(simulate(trial, k)) > 0
            except (QueueError, DeadlockError):
                needed = True  # without it the kernel cannot even run
            necessary += needed
            if not needed and opts.show_unneeded > 0:
                opts.show_unneeded -= 1
                print(f"unneeded: {[str(op) for op in groups(parse(text, 'gen.mlir', passes='ascdsl-default'))[i]]}"
                      f"\n{text}\n")
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
    summary(len(ks), failed, total, kinds, necessary, ratios, racy_ratios, pyasc_racy,
            pyasc_failed)


def summary(kernels, failed, total, kinds, necessary, ratios, racy_ratios, pyasc_racy,
            pyasc_failed) -> None:
    print(f"kernels: {kernels} generated, {kernels - failed} run by ascdsl's placement "
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
    sys.stdout.flush()

def real_kernels() -> None:
    launches, skipped = sync_real.record()
    print("real kernels (examples, pyasc's insert_sync kernels):")
    necessary = total = 0
    ratios: list[float] = []
    for launch in launches:
        module, base = sync_real.run(launch, lambda passes, _: passes)
        label = f"  {launch.source} {launch.jitfn.__name__}[{launch.core_num}]"
        if not launch.insert_sync:
            print(f"{label}: insert_sync off (the kernel's own syncs): not counted")
            continue
        if races(base):
            print(f"{label}: RACES under ascdsl's placement ({races(base)} findings)")
            continue
        n = len(groups(module))
        needed = 0
        for i in range(n):
            _, trial = sync_real.run(
                launch, lambda passes, _, i=i: [*passes, sync_real.DropGroup(i, groups)])
            needed += races(trial) > 0
        necessary += needed
        total += n
        _, theirs = sync_real.run(launch, sync_real.pyasc_placement)
        ratio = sum(base.core_cycles) / max(sum(theirs.core_cycles), 1.0)
        verdict = f"races ({races(theirs)} findings)" if races(theirs) else "race-free"
        if not races(theirs):
            ratios.append(ratio)
        print(f"{label}: {needed}/{n} syncs necessary; cycles ours / pyasc's {ratio:.3f} "
              f"(pyasc's placement + cce-auto-sync {verdict})")
    for why in skipped:
        print(f"  not run: {why}")
    share = necessary / total if total else 1.0
    print(f"real kernels: necessary {necessary}/{total} = {share:.1%}; cycles ours / pyasc's "
          + (f"mean {statistics.mean(ratios):.3f}, max {max(ratios):.3f} over {len(ratios)} "
             "kernels where pyasc's placement is race-free" if ratios else "no race-free kernel"))
    print()


if __name__ == "__main__":
    main()
