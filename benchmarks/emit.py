"""Printing a module as Ascend C vs printing it as MLIR text, same module, same run.

    python benchmarks/emit.py [--ops 10000] [--repeat 7]

Builds a kernel of about `--ops` ops (a double-buffered vadd-like body repeated in scf.for
loops: queue alloc/enque/deque/free, data copies with GM offsets, vector ops at L0/L1/L2,
set/wait flags, barriers, index arithmetic, a parameter struct), parses it once, then times
`ascdsl.targets.ascendc.emit(module)` and xDSL's `Printer.print_op(module)` into a StringIO,
interleaved, and prints the medians and the ratio emit / MLIR (target: <= 1.0).
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

from xdsl.printer import Printer  # noqa: E402

from ascdsl.context import make_context  # noqa: E402
from ascdsl.diagnostics import parse_module  # noqa: E402
from ascdsl.targets.ascendc import emit  # noqa: E402

T = "!ascendc.local_tensor<256xf32>"
G = "!ascendc.global_tensor<*xf32>"
QI = "!ascendc.queue<vecin, 2>"
QO = "!ascendc.queue<vecout, 2>"

BODY = f"""\
    %off{{k}} = arith.muli %i{{k}}, %c256 : index
    %sx{{k}} = ascendc.global_tensor.subindex %gx[%off{{k}}] : {G}, index, {G}
    %sz{{k}} = ascendc.global_tensor.subindex %gz[%off{{k}}] : {G}, index, {G}
    %a{{k}} = ascendc.que_bind.alloc_tensor %qin : {QI}, {T}
    ascendc.data_copy_l2 %a{{k}}, %sx{{k}}, %n : {T}, {G}, i32
    ascendc.que_bind.enque_tensor %qin, %a{{k}} : {QI}, {T}
    %b{{k}} = ascendc.que_bind.deque_tensor %qin : {QI}, {T}
    %o{{k}} = ascendc.que_bind.alloc_tensor %qout : {QO}, {T}
    ascendc.add_l2 %o{{k}}, %b{{k}}, %b{{k}}, %n : {T}, {T}, {T}, i32
    ascendc.muls_l2 %o{{k}}, %o{{k}}, %two, %n : {T}, {T}, f32, i32
    ascendc.exp_l0 %o{{k}}, %o{{k}}, %n, %n, %up {{isSetMask}} : {T}, {T}, i32, i32, !ascendc.unary_repeat_params
    ascendc.relu_l1 %o{{k}}, %o{{k}}, %m, %m, %n, %up : {T}, {T}, ui64, ui64, i32, !ascendc.unary_repeat_params
    ascendc.pipe_barrier pipe_v
    ascendc.que_bind.free_tensor %qin, %b{{k}} : {QI}, {T}
    ascendc.que_bind.enque_tensor %qout, %o{{k}} : {QO}, {T}
    %d{{k}} = ascendc.que_bind.deque_tensor %qout : {QO}, {T}
    ascendc.set_flag v_mte3, %id : i32
    ascendc.wait_flag v_mte3, %id : i32
    ascendc.data_copy_l2 %sz{{k}}, %d{{k}}, %n : {G}, {T}, i32
    ascendc.que_bind.free_tensor %qout, %d{{k}} : {QO}, {T}
    %s{{k}} = arith.addi %acc{{k}}, %n : i32
    %t{{k}} = arith.cmpi slt, %s{{k}}, %n : i32
    %u{{k}} = arith.select %t{{k}}, %s{{k}}, %n : i32
"""
BODY_OPS = BODY.count("\n") + 2  # + the loop and its yield


def kernel(n_ops: int) -> str:
    loops = max(1, n_ops // BODY_OPS)
    head = f"""\
func.func @bench(%x: memref<?xf32, 22>, %z: memref<?xf32, 22>, %n: i32, %m: ui64, %two: f32) attributes {{ascendc.global}} {{
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c4 = arith.constant 4 : index
  %c256 = arith.constant 256 : index
  %c2 = arith.constant 2 : i32
  %c1024 = arith.constant 1024 : i32
  %c8 = arith.constant 8 : i32
  %gx = ascendc.global_tensor : {G}
  %gz = ascendc.global_tensor : {G}
  ascendc.global_tensor.set_global_buffer %gx, %x : {G}, memref<?xf32, 22>
  ascendc.global_tensor.set_global_buffer %gz, %z : {G}, memref<?xf32, 22>
  %pipe = ascendc.pipe
  %qin = ascendc.queue : <vecin, 2>
  %qout = ascendc.queue : <vecout, 2>
  ascendc.pipe.init_queue %pipe, %qin, %c2, %c1024 : {QI}, i32, i32
  ascendc.pipe.init_queue %pipe, %qout, %c2, %c1024 : {QO}, i32, i32
  %id = ascendc.pipe.fetch_event_id %pipe, v_mte3 : i32
  %up = ascendc.construct !ascendc.unary_repeat_params(%c2, %c2, %c8, %c8) : i32, i32, i32, i32
"""
    parts = [head]
    for k in range(loops):
        parts.append(
            f"  %r{k} = scf.for %i{k} = %c0 to %c4 step %c1 iter_args(%acc{k} = %n) -> (i32) {{\n"
        )
        parts.append(BODY.replace("{k}", str(k)))
        parts.append(f"    scf.yield %u{k} : i32\n  }}\n")
    parts.append("  return\n}\n")
    return "".join(parts)


def time_once(fn) -> float:
    gc.collect()
    t0 = time.perf_counter()
    fn()
    return time.perf_counter() - t0


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--ops", type=int, default=10000)
    ap.add_argument("--repeat", type=int, default=7)
    args = ap.parse_args(argv)

    text = kernel(args.ops)
    module = parse_module(make_context(), text, "bench.mlir")
    n_ops = sum(1 for _ in module.walk()) - 1  # without the module itself

    def print_mlir() -> None:
        Printer(stream=io.StringIO()).print_op(module)

    def print_ascendc() -> None:
        emit(module)

    print_mlir(), print_ascendc()  # warm caches (rule resolution, type spellings)
    mlir, asc = [], []
    for _ in range(args.repeat):
        mlir.append(time_once(print_mlir))
        asc.append(time_once(print_ascendc))
    m, a = statistics.median(mlir), statistics.median(asc)
    print(f"module: {n_ops} ops, Ascend C {len(emit(module).splitlines())} lines")
    print(f"print as MLIR text : {m * 1e3:8.1f} ms  ({m / n_ops * 1e6:.1f} us/op, median of {args.repeat})")
    print(f"print as Ascend C  : {a * 1e3:8.1f} ms  ({a / n_ops * 1e6:.1f} us/op, median of {args.repeat})")
    ratio = a / m
    print(f"ratio Ascend C / MLIR: {ratio:.2f} (target <= 1.0) {'OK' if ratio <= 1.0 else 'SLOWER'}")
    return 0 if ratio <= 1.0 else 1


if __name__ == "__main__":
    sys.exit(main())
