"""Simulated time of pyasc's Matmul tutorials, run unchanged with `asc` served by ascdsl.

    python benchmarks/pyasc_tutorials.py [03_matmul_mix 04_matmul_cube_only ...]

Each tutorial's own main (shapes, host tiling, torch inputs, its allclose check) runs on the
simulator; the launch it makes is intercepted only to keep its RunReport. Prints, per
tutorial: the shape, the launch, the cycles of the slowest timeline, the same in us and the
Task Duration estimate (docs/cube.md's table is this output). The tutorials are read in place
from ../shared/pyasc/python/tutorials (or $ASCDSL_SHARED_DIR): their licence keeps them out of
this repository, so without ../shared the script says so and exits 2. Needs torch (the
tutorials build their inputs with it; `pip install -e '.[dev]'` installs the CPU build).
"""

from __future__ import annotations

import importlib.util
import os
import sys
from pathlib import Path

import ascdsl

# name -> (file, kernel, the tutorial's driver, shape M x N x K, how it launches)
TUTORIALS = {
    "03_matmul_mix": ("matmul_mix.py", "matmul_kernel", "matmul_mix_custom",
                      "512 x 1024 x 512", "24 blocks, 48 clients"),
    "04_matmul_cube_only": ("matmul_cube_only.py", "matmul_kernel", "matmul_cube_only_custom",
                            "128 x 30720 x 64", "24 cube cores"),
    "05_matmul_leakyrelu": ("matmul_leakyrelu.py", "matmul_leakyrelu_kernel",
                            "matmul_leakyrelu_custom", "1024 x 640 x 256", "1 block, 2 clients"),
}


def tutorials_dir() -> Path:
    env = os.environ.get("ASCDSL_SHARED_DIR")
    shared = Path(env) if env else Path(__file__).resolve().parents[2] / "shared"
    return shared / "pyasc" / "python" / "tutorials"


class _Keep:
    """Stands in for the tutorial's kernel: `kernel[grid](...)` launches it and keeps the
    report, which the tutorial's own launch function drops."""

    def __init__(self, kernel):
        self.kernel, self.reports = kernel, []

    def __getitem__(self, grid):
        launch = self.kernel[grid]

        def run(*args, **kwargs):
            report = launch(*args, **kwargs)
            self.reports.append(report)
            return report
        return run


def measure(name: str, root: Path):
    file, kernel, driver, _, _ = TUTORIALS[name]
    spec = importlib.util.spec_from_file_location(f"pyasc_tutorial_{name}", root / name / file)
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    keep = _Keep(getattr(module, kernel))
    setattr(module, kernel, keep)
    import asc.runtime.config as config
    getattr(module, driver)(config.Backend.Model, None)  # asserts the tutorial's own numbers
    (report,) = keep.reports
    return report


def main(argv: list[str]) -> int:
    root = tutorials_dir()
    if not root.is_dir():
        print(f"pyasc's tutorials are not at {root} (../shared beside the project, or set "
              "ASCDSL_SHARED_DIR): nothing to measure", file=sys.stderr)
        return 2
    names = argv or list(TUTORIALS)
    unknown = [n for n in names if n not in TUTORIALS]
    if unknown:
        print(f"unknown tutorial {unknown[0]!r}; known: {', '.join(TUTORIALS)}", file=sys.stderr)
        return 2
    ascdsl.alias_asc()
    print("| tutorial | shape | launch | cycles | us | Task Duration (us) |")
    print("|---|---|---|---|---|---|")
    for name in names:
        report = measure(name, root)
        _, _, _, shape, launch = TUTORIALS[name]
        print(f"| {name} | {shape} | {launch} | {report.cycles:,.0f} | "
              f"{report.microseconds:.1f} | {report.task_duration_us:.1f} |", flush=True)
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
