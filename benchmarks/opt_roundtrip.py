"""Parse / verify / print cost per op: ascendc modules vs plain arith modules, same run.

    python benchmarks/opt_roundtrip.py [--sizes 1000,10000,100000] [--repeat 3]

For each size it generates an ascendc module (vadd-like: queue alloc/enque/deque/free, data
copies, vector adds, set/wait flags, barriers; about `size` ops) and an arith module of the
same op count (a chain of `arith.addi`, what xdsl-opt parses fastest), then times, in this
process, parsing with ascdsl-opt's locating parser, verification (`verify_diagnostics`, as
ascdsl-opt runs it) and printing, against xDSL's own parser, `verify()` and printer on the
arith module. Prints µs/op (medians) and the ratios:

- ascendc / arith per op, per phase (target: <= 1.0 — our dialect is not slower than xDSL's own);
- per-op growth from the second-largest to the largest size (target: < 1.3x).
"""

from __future__ import annotations

import argparse
import gc
import io
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from xdsl.parser import Parser  # noqa: E402
from xdsl.printer import Printer  # noqa: E402

from ascdsl.context import make_context  # noqa: E402
from ascdsl.diagnostics import LocatingParser, verify_diagnostics  # noqa: E402

TILE = "!ascendc.local_tensor<256xf32>"
QUEUE_IN = "!ascendc.queue<vecin, 2>"
QUEUE_OUT = "!ascendc.queue<vecout, 2>"
GM = "!ascendc.global_tensor<*xf32>"


def ascendc_module(n_ops: int) -> tuple[str, int]:
    """A kernel body repeating one copy-in / add / copy-out step; returns (text, op count)."""
    head = [
        f"func.func @vadd(%x: memref<?xf32, 22>, %y: memref<?xf32, 22>, %n: i32, %id: i32) {{",
        "  %pipe = ascendc.pipe",
        f"  %qx = ascendc.queue : <vecin, 2>",
        f"  %qz = ascendc.queue : <vecout, 2>",
        f"  %gx = ascendc.global_tensor : {GM}",
        f"  %gz = ascendc.global_tensor : {GM}",
        f"  ascendc.global_tensor.set_global_buffer %gx, %x : {GM}, memref<?xf32, 22>",
        f"  ascendc.global_tensor.set_global_buffer %gz, %y : {GM}, memref<?xf32, 22>",
    ]
    step = [
        f"  %a{{i}} = ascendc.que_bind.alloc_tensor %qx : {QUEUE_IN}, {TILE}",
        f"  ascendc.data_copy_l2 %a{{i}}, %gx, %n : {TILE}, {GM}, i32",
        f"  ascendc.que_bind.enque_tensor %qx, %a{{i}} : {QUEUE_IN}, {TILE}",
        f"  %d{{i}} = ascendc.que_bind.deque_tensor %qx : {QUEUE_IN}, {TILE}",
        f"  %z{{i}} = ascendc.que_bind.alloc_tensor %qz : {QUEUE_OUT}, {TILE}",
        f"  ascendc.add_l2 %z{{i}}, %d{{i}}, %d{{i}}, %n : {TILE}, {TILE}, {TILE}, i32",
        f"  ascendc.set_flag v_mte3, %id : i32",
        f"  ascendc.wait_flag v_mte3, %id : i32",
        f"  ascendc.data_copy_l2 %gz, %z{{i}}, %n : {GM}, {TILE}, i32",
        f"  ascendc.que_bind.free_tensor %qx, %d{{i}} : {QUEUE_IN}, {TILE}",
        f"  ascendc.que_bind.free_tensor %qz, %z{{i}} : {QUEUE_OUT}, {TILE}",
        "  ascendc.pipe_barrier pipe_v",
    ]
    lines = list(head)
    count = len(head) - 1
    i = 0
    while count < n_ops - 2:
        lines.extend(s.format(i=i) for s in step)
        count += len(step)
        i += 1
    lines += ["  func.return", "}"]
    return "\n".join(lines) + "\n", count + 3  # + func, return, module


def arith_module(n_ops: int) -> tuple[str, int]:
    lines = ["func.func @chain(%a: i32) -> i32 {", "  %v0 = arith.addi %a, %a : i32"]
    for i in range(1, n_ops - 3):
        lines.append(f"  %v{i} = arith.addi %v{i - 1}, %a : i32")
    lines += [f"  func.return %v{n_ops - 4} : i32", "}"]
    return "\n".join(lines) + "\n", n_ops


def _time(fn) -> tuple[float, object]:
    gc.collect()
    t0 = time.perf_counter()
    result = fn()
    return time.perf_counter() - t0, result


def _phases(text: str, ours: bool):
    """(parse, verify, print) callables for one module, on ascdsl's or on xDSL's path."""
    ctx = make_context()
    state: dict[str, object] = {}

    def parse():
        parser = LocatingParser(ctx, text, "bench.mlir") if ours else Parser(ctx, text, "b.mlir")
        state["module"] = parser.parse_module()

    def verify():
        module = state["module"]
        found = verify_diagnostics(module) if ours else module.verify()  # type: ignore[union-attr]
        assert not found, "benchmark module must verify"

    def print_it():
        Printer(stream=io.StringIO()).print_op(state["module"])  # type: ignore[arg-type]

    return {"parse": parse, "verify": verify, "print": print_it}


def measure(ours_text: str, base_text: str, repeat: int) -> tuple[dict, dict]:
    """Median seconds per phase; ours and the baseline alternate so load hits both alike."""
    ours, base = _phases(ours_text, True), _phases(base_text, False)
    samples = {side: {p: [] for p in ours} for side in ("ours", "base")}
    for _ in range(repeat):
        for phase in ("parse", "verify", "print"):
            samples["ours"][phase].append(_time(ours[phase])[0])
            samples["base"][phase].append(_time(base[phase])[0])
    med = {side: {p: statistics.median(v) for p, v in d.items()} for side, d in samples.items()}
    return med["ours"], med["base"]


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--sizes", default="1000,10000,100000")
    ap.add_argument("--repeat", type=int, default=5)
    args = ap.parse_args()
    sizes = [int(s) for s in args.sizes.split(",")]

    per_op: dict[int, dict[str, float]] = {}
    print(f"{'ops':>8} {'phase':>7} {'ascendc us/op':>14} {'arith us/op':>12} {'ratio':>6}")
    for size in sizes:
        a_text, a_ops = ascendc_module(size)
        b_text, b_ops = arith_module(size)
        repeat = args.repeat if size <= 20000 else max(1, args.repeat // 3)
        ours, base = measure(a_text, b_text, repeat)
        per_op[size] = {}
        for phase in ("parse", "verify", "print"):
            a = ours[phase] / a_ops * 1e6
            b = base[phase] / b_ops * 1e6
            per_op[size][phase] = a
            print(f"{a_ops:>8} {phase:>7} {a:>14.1f} {b:>12.1f} {a / b:>6.2f}")
    if len(sizes) >= 2:
        lo, hi = sizes[-2], sizes[-1]
        for phase in ("parse", "verify", "print"):
            growth = per_op[hi][phase] / per_op[lo][phase]
            print(f"growth {lo}->{hi} per op, {phase}: {growth:.2f}x (target < 1.3x)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
