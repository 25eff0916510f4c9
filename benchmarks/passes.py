"""Speed of the synchronization passes against parsing the same module.

    python benchmarks/passes.py                       # about 1k, 10k and 100k ops, 3 runs
    python benchmarks/passes.py --sizes 1000,10000,30000 --repeat 5

Two generated vadd-like kernels per size, tiles of copy-in / compute / copy-out, every other
tile inside an scf.for:
- "queues": TQue buffers, no synchronization (what insert-que-sync gets after erase-sync);
- "auto":   LocalTensorAuto tensors (what the JIT hands to the default pipeline).

For each size, in one process, interleaving sizes so machine noise spreads evenly, it times
parsing, `insert-que-sync` on the parsed "queues" kernel and `ascdsl-default` on the parsed
"auto" kernel, and prints medians per op (of the module as parsed), the insert-que-sync /
parse ratio (target <= 0.5) and how insert-que-sync's per-op time grows from the second
largest size to the largest (target < 1.3x).
"""

from __future__ import annotations

import argparse
import gc
import statistics
import sys
import time
from collections.abc import Callable

from xdsl.dialects.builtin import ModuleOp

from ascdsl.context import make_context
from ascdsl.diagnostics import parse_module
from ascdsl.transforms.ascdsl_default import AscdslDefaultPass
from ascdsl.transforms.insert_que_sync import InsertQueSyncPass

T = "!ascendc.local_tensor<128xf32>"
G = "!ascendc.global_tensor<*xf32>"
QIN, QOUT = "!ascendc.queue<vecin, 2>", "!ascendc.queue<vecout, 2>"


def _tile_queues(i: int) -> list[str]:
    return [
        f"%o{i} = arith.constant {i * 128} : index",
        f"%sx{i} = ascendc.global_tensor.subindex %gx[%o{i}] : {G}, index, {G}",
        f"%sy{i} = ascendc.global_tensor.subindex %gy[%o{i}] : {G}, index, {G}",
        f"%sz{i} = ascendc.global_tensor.subindex %gz[%o{i}] : {G}, index, {G}",
        f"%x{i} = ascendc.que_bind.alloc_tensor %qx : {QIN}, {T}",
        f"%y{i} = ascendc.que_bind.alloc_tensor %qy : {QIN}, {T}",
        f"ascendc.data_copy_l2 %x{i}, %sx{i}, %n : {T}, {G}, i32",
        f"ascendc.data_copy_l2 %y{i}, %sy{i}, %n : {T}, {G}, i32",
        f"%z{i} = ascendc.que_bind.alloc_tensor %qz : {QOUT}, {T}",
        f"ascendc.add_l2 %z{i}, %x{i}, %y{i}, %n : {T}, {T}, {T}, i32",
        f"ascendc.que_bind.free_tensor %qx, %x{i} : {QIN}, {T}",
        f"ascendc.que_bind.free_tensor %qy, %y{i} : {QIN}, {T}",
        f"ascendc.data_copy_l2 %sz{i}, %z{i}, %n : {G}, {T}, i32",
        f"ascendc.que_bind.free_tensor %qz, %z{i} : {QOUT}, {T}",
    ]


def _tile_auto(i: int) -> list[str]:
    return [
        f"%o{i} = arith.constant {i * 128} : index",
        f"%sx{i} = ascendc.global_tensor.subindex %gx[%o{i}] : {G}, index, {G}",
        f"%sy{i} = ascendc.global_tensor.subindex %gy[%o{i}] : {G}, index, {G}",
        f"%sz{i} = ascendc.global_tensor.subindex %gz[%o{i}] : {G}, index, {G}",
        f"%x{i} = ascendc.local_tensor_auto() : <128xf32>",
        f"%y{i} = ascendc.local_tensor_auto() : <128xf32>",
        f"ascendc.data_copy_l2 %x{i}, %sx{i}, %n : {T}, {G}, i32",
        f"ascendc.data_copy_l2 %y{i}, %sy{i}, %n : {T}, {G}, i32",
        f"%t{i} = ascendc.local_tensor_auto() : <128xf32>",
        f"ascendc.add_l2 %t{i}, %x{i}, %y{i}, %n : {T}, {T}, {T}, i32",
        f"%z{i} = ascendc.local_tensor_auto() : <128xf32>",
        f"ascendc.muls_l2 %z{i}, %t{i}, %s, %n : {T}, {T}, f32, i32",
        f"ascendc.data_copy_l2 %sz{i}, %z{i}, %n : {G}, {T}, i32",
    ]


def generate(kind: str, target_ops: int) -> str:
    """A kernel of about `target_ops` ops; `kind` is "queues" or "auto"."""
    tile = _tile_queues if kind == "queues" else _tile_auto
    per_tile = len(tile(0)) + 1  # every other tile adds an scf.for and its yield
    lines = [
        f"func.func @vadd(%gx: {G}, %gy: {G}, %gz: {G}, %n: i32, %s: f32, %len: i64, "
        "%lb: index, %ub: index, %st: index) attributes {ascendc.global} {"
    ]
    if kind == "queues":
        lines += [
            "  %pipe = ascendc.pipe",
            "  %c2 = arith.constant 2 : i32",
            "  %qx = ascendc.queue : <vecin, 2>",
            "  %qy = ascendc.queue : <vecin, 2>",
            "  %qz = ascendc.queue : <vecout, 2>",
            f"  ascendc.pipe.init_queue %pipe, %qx, %c2, %len : {QIN}, i32, i64",
            f"  ascendc.pipe.init_queue %pipe, %qy, %c2, %len : {QIN}, i32, i64",
            f"  ascendc.pipe.init_queue %pipe, %qz, %c2, %len : {QOUT}, i32, i64",
        ]
    for i in range(max(1, target_ops // per_tile)):
        if i % 2:
            lines.append(f"  scf.for %i{i} = %lb to %ub step %st {{")
            lines += ["    " + s for s in tile(i)]
            lines.append("  }")
        else:
            lines += ["  " + s for s in tile(i)]
    lines += ["  func.return", "}"]
    return "\n".join(lines)


def _timed(fn: Callable[[], object]) -> float:
    gc.collect()
    start = time.perf_counter()
    fn()
    return time.perf_counter() - start


def measure(target_ops: int, samples: dict[str, list[float]]) -> tuple[int, int]:
    """One run at one size: appends seconds to `samples`; returns the two kernels' op counts."""
    ctx = make_context()
    queues, auto = generate("queues", target_ops), generate("auto", target_ops)
    parsed: list[ModuleOp] = []
    samples["parse"].append(_timed(lambda: parsed.append(parse_module(ctx, queues, "q.mlir"))))
    module = parsed.pop()
    ops = sum(1 for _ in module.walk())
    samples["insert-que-sync"].append(_timed(lambda: InsertQueSyncPass().apply(ctx, module)))
    del module
    samples["parse-auto"].append(_timed(lambda: parsed.append(parse_module(ctx, auto, "a.mlir"))))
    auto_module = parsed.pop()
    auto_ops = sum(1 for _ in auto_module.walk())
    samples["ascdsl-default"].append(_timed(lambda: AscdslDefaultPass().apply(ctx, auto_module)))
    return ops, auto_ops


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawTextHelpFormatter)
    ap.add_argument(
        "--sizes", default="1000,10000,100000", help="target op counts, comma-separated"
    )
    ap.add_argument("--repeat", type=int, default=3, help="runs per size (medians are reported)")
    args = ap.parse_args(argv)
    sizes = [int(s) for s in args.sizes.split(",")]
    sys.setrecursionlimit(max(sys.getrecursionlimit(), 10000))

    results: dict[int, dict[str, list[float]]] = {
        n: {"parse": [], "insert-que-sync": [], "parse-auto": [], "ascdsl-default": []}
        for n in sizes
    }
    ops: dict[int, int] = {}
    auto_ops: dict[int, int] = {}
    for r in range(args.repeat):
        for n in sizes:
            ops[n], auto_ops[n] = measure(n, results[n])
            print(f"  run {r + 1}/{args.repeat}, {ops[n]} ops done", file=sys.stderr, flush=True)

    print(f"{'ops':>8} {'parse us/op':>12} {'iqs us/op':>10} {'iqs/parse':>10} "
          f"{'auto ops':>9} {'parse us/op':>12} {'default us/op':>14} {'default/parse':>14}")
    per_op: dict[int, float] = {}
    ratio_ok = True
    for n in sizes:
        s = results[n]
        parse = statistics.median(s["parse"]) / ops[n] * 1e6
        iqs = statistics.median(s["insert-que-sync"]) / ops[n] * 1e6
        parse_auto = statistics.median(s["parse-auto"]) / auto_ops[n] * 1e6
        default = statistics.median(s["ascdsl-default"]) / auto_ops[n] * 1e6
        per_op[n] = iqs
        ratio = iqs / parse
        ratio_ok &= ratio <= 0.5
        print(f"{ops[n]:>8} {parse:>12.1f} {iqs:>10.1f} {ratio:>10.3f} "
              f"{auto_ops[n]:>9} {parse_auto:>12.1f} {default:>14.1f} "
              f"{default / parse_auto:>14.2f}")
    print(f"insert-que-sync / parse <= 0.5 at every size: {'yes' if ratio_ok else 'NO'}")
    if len(sizes) >= 2:
        a, b = sizes[-2], sizes[-1]
        growth = per_op[b] / per_op[a]
        print(f"insert-que-sync per-op growth {ops[a]} -> {ops[b]} ops: {growth:.2f}x "
              f"(target < 1.3x: {'yes' if growth < 1.3 else 'NO'})")
    return 0


if __name__ == "__main__":
    sys.exit(main())
