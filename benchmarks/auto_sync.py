"""How lean cce-auto-sync is, over a corpus of generated vector kernels.

    python benchmarks/auto_sync.py [--kernels 200]

The corpus is the sync property test's generator (tests/unit/transforms/sync_kernels.py),
derandomized so every run sees the same kernels. Each kernel goes through the default
pipeline with auto_sync on; for every sync group cce-auto-sync inserted (a `pipe_barrier`, or
an event-id constant with its set/wait pair) the kernel is simulated once more without that
group: the sync is necessary when the sanitizer then reports a race of bisheng's layer.
Kernels the first layer cannot run (insert-que-sync's QueueError, being fixed under issue 16)
are counted and left out. Prints: kernels, groups inserted by kind, the share of necessary
groups, and simulated cycles with auto_sync on relative to off (what bisheng's layer costs).
"""

from __future__ import annotations

import argparse
import statistics
import sys
import warnings
from pathlib import Path

import numpy as np

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT / "tests" / "unit" / "transforms"))

from hypothesis import HealthCheck, given, settings  # noqa: E402

from ascdsl.loading import parse  # noqa: E402
from ascdsl.sim.errors import DeadlockError, QueueError  # noqa: E402
from ascdsl.sim.kernel import SimKernel  # noqa: E402
from ascdsl.transforms.cce_auto_sync import is_auto_sync  # noqa: E402
from sync_kernels import TILE, kernels  # noqa: E402


def corpus(n: int) -> list:
    found: list = []

    @settings(max_examples=n, derandomize=True, database=None, deadline=None,
              suppress_health_check=list(HealthCheck))
    @given(kernels())
    def collect(k):
        found.append(k)

    collect()
    return found


def simulate(module, kernel):
    rng = np.random.default_rng(0)
    xs = [rng.uniform(0.5, 1.5, kernel.tiles * TILE).astype(np.float32)
          for _ in range(kernel.inputs)]
    z = np.zeros(kernel.tiles * TILE, np.float32)
    return SimKernel(module, "k").run(1, [*xs, z], sanitize="warn")


def groups(module) -> list[list]:
    """The auto-sync ops of `module` in walk order, grouped (barrier | constant, set, wait)."""
    out: list[list] = []
    pending: list = []
    for op in module.walk():
        if not is_auto_sync(op):
            continue
        if op.name == "ascendc.pipe_barrier":
            out.append([op])
        else:
            pending.append(op)
            if len(pending) == 3:
                out.append(pending)
                pending = []
    return out


def auto_races(report) -> int:
    return sum(1 for f in report.findings if getattr(f, "layer", None) == "AUTO_SYNC")


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--kernels", type=int, default=200)
    opts = ap.parse_args()
    warnings.simplefilter("ignore")
    ks = corpus(opts.kernels)
    kinds = {"pipe_barrier": 0, "set/wait": 0}
    necessary = total = skipped = 0
    ratios = []
    for k in ks:
        text = k.mlir()
        try:
            on = parse(text, "gen.mlir", passes="ascdsl-default")
            base = simulate(on, k)
            off = simulate(parse(text, "gen.mlir", passes="ascdsl-default{auto-sync=false}"), k)
        except (QueueError, DeadlockError):
            skipped += 1
            continue
        assert auto_races(base) == 0, k.describe()
        ratios.append(base.core_cycles[0] / max(off.core_cycles[0], 1.0))
        n = len(groups(on))
        for i in range(n):
            trial = parse(text, "gen.mlir", passes="ascdsl-default")
            group = groups(trial)[i]
            kinds["pipe_barrier" if len(group) == 1 else "set/wait"] += 1
            for op in reversed(group):
                op.detach()
                op.erase()
            total += 1
            necessary += auto_races(simulate(trial, k)) > 0
    print(f"kernels: {len(ks)} generated, {len(ks) - skipped} run "
          f"({skipped} left out: the first layer's QueueError/DeadlockError)")
    print(f"auto-sync groups inserted: {total} ({kinds['pipe_barrier']} pipe_barrier, "
          f"{kinds['set/wait']} set/wait pairs)")
    share = necessary / total if total else 1.0
    print(f"necessary (removing it makes the sanitizer report a race): {necessary}/{total} "
          f"= {share:.1%}")
    if ratios:
        print(f"cycles with auto_sync / without: mean {statistics.mean(ratios):.3f}, "
              f"max {max(ratios):.3f}")


if __name__ == "__main__":
    main()
