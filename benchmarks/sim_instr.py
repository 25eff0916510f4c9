"""Simulator cost in instructions: the 16K vadd of benchmarks/sim.py counted by valgrind.

    python benchmarks/sim_instr.py                      # this checkout
    python benchmarks/sim_instr.py OLD_TREE NEW_TREE    # two source trees, the ratio new/old

CPU time on a shared machine moves by a factor of two between runs (see README.md, sim.py);
an instruction count does not. Each tree is run under callgrind twice, with 0 and with
LAUNCHES launches of the 16K case after one warm-up launch, and the difference divided by
LAUNCHES is the count per launch: the start-up (imports, parsing, compiling the kernel)
cancels out. The cyclic garbage collector is off in the driver: a full collection (tens of
millions of instructions over the IR) falls on one launch or another as allocation counts
shift, which moved the count per launch by several percent between versions doing the same
work. Instructions are not time (cache misses and numpy's memory traffic are not counted), so
this compares two versions of the interpreter-bound simulator; it does not check targets.
A tree is a directory holding the `ascdsl` package (a git worktree of another revision);
its modules are compiled first, since this environment may forbid writing bytecode and
compiling under valgrind would count the compiler.
"""

from __future__ import annotations

import argparse
import compileall
import os
import re
import shutil
import subprocess
import sys
import tempfile
from pathlib import Path

LAUNCHES = 40
HERE = Path(__file__).resolve().parent

DRIVER = """\
import gc
import sys
gc.disable()
sys.path.insert(0, {bench!r})
import numpy as np
import sim as b
from ascdsl.context import make_context
from ascdsl.diagnostics import parse_module
from ascdsl.runtime import prepare
exe = prepare(parse_module(make_context(), b.KERNEL, "bench_vadd.mlir"), "vadd")
n, tile = 16 * 1024, 128
rng = np.random.default_rng(0)
x = rng.random(n, dtype=np.float32)
y = rng.random(n, dtype=np.float32)
z = np.zeros(n, np.float32)
block = n // b.CORES
args = [x, y, z, block, tile, block // tile]
exe.launch(b.CORES, args, sanitize="off")
for _ in range(int(sys.argv[1])):
    exe.launch(b.CORES, args, sanitize="off")
assert np.array_equal(z, x + y)
"""


def start(tree: Path, launches: int, driver: Path, out_dir: Path) -> subprocess.Popen:
    """One run of the driver under callgrind with `launches` launches, importing `tree`."""
    env = dict(os.environ, PYTHONPATH=str(tree), PYTHONHASHSEED="0")
    out = out_dir / f"callgrind.{launches}.out"
    return subprocess.Popen(
        ["valgrind", "--tool=callgrind", f"--callgrind-out-file={out}", sys.executable,
         str(driver), str(launches)],
        env=env, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, text=True, cwd=out_dir)


def instructions(tree: Path, run: subprocess.Popen) -> int:
    _, err = run.communicate()
    if run.returncode:
        raise SystemExit(f"{tree}: the driver failed under valgrind:\n{err[-2000:]}")
    m = re.search(r"refs:\s+([\d,]+)", err)
    if m is None:
        raise SystemExit(f"{tree}: valgrind printed no instruction count:\n{err[-2000:]}")
    return int(m.group(1).replace(",", ""))


def per_launch(tree: Path) -> float:
    if not (tree / "ascdsl" / "__init__.py").is_file():
        raise SystemExit(f"{tree}: no ascdsl package there")
    compileall.compile_dir(str(tree / "ascdsl"), quiet=1)
    with tempfile.TemporaryDirectory() as tmp:
        driver = Path(tmp) / "driver.py"
        driver.write_text(DRIVER.format(bench=str(HERE)))
        # The two runs are independent: side by side on a machine with two CPUs.
        base, full = [start(tree, n, driver, Path(tmp)) for n in (0, LAUNCHES)]
        return (instructions(tree, full) - instructions(tree, base)) / LAUNCHES


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("trees", nargs="*", type=Path,
                    help="source trees to compare (default: this checkout)")
    opts = ap.parse_args(argv)
    if shutil.which("valgrind") is None:
        print("valgrind is not installed; nothing measured", file=sys.stderr)
        return 2
    trees = [t.resolve() for t in opts.trees] or [HERE.parent]
    first = None
    for tree in trees:
        n = per_launch(tree)
        ratio = "" if first is None else f"  ({n / first:.3f} x the first)"
        first = n if first is None else first
        print(f"{tree}: {n / 1e6:.2f} M instructions per launch of the 16K vadd{ratio}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
