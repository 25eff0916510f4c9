"""Simulator speed: ratios against numpy `x + y` measured in the same run (medians).

    python benchmarks/sim.py            # all cases
    python benchmarks/sim.py --quick    # fewer repetitions

Cases (targets from issue 6):
- 02_add_framework, 16K float32 on 8 cores (TILE_NUM 8, BUFFER_NUM 2: 16 tiles of 128 per
  core): < 5 ms with the sanitizer off, < 15 ms with it on;
- 4M float32 on 8 cores with legal UB tiles (8192 elements: 3 queues x 2 buffers x 32 KB =
  192 KB of UB): <= 30x numpy `x + y` off, <= 90x on;
- per executed op overhead (the 16K case's time / ops it executed): < 5 us.

The kernel is the 02_add_framework vadd written as IR (TQue, double buffering, copy_in /
compute / copy_out). Each figure is a median of repetitions; CPU time (process_time) is used so
that other processes on a shared machine distort less. `calibration` is the time of
`sum(range(10**6))` in the same run, to compare machines (about 12-15 ms on a quiet desktop).
"""

from __future__ import annotations

import argparse
import statistics
import sys
import time

import numpy as np

from ascdsl.context import make_context
from ascdsl.diagnostics import parse_module
from ascdsl.runtime import prepare

KERNEL = """\
func.func @vadd(%x: memref<?xf32, 22>, %y: memref<?xf32, 22>, %z: memref<?xf32, 22>, %block_length: i32, %tile_length: i32, %loops: i32) attributes {ascendc.global} {
  %idx = ascendc.get_block_idx : i32
  %off = arith.muli %idx, %block_length : i32
  %xp = emitasc.ptr_offset %x[%off] : memref<?xf32, 22>, i32, memref<?xf32, 22>
  %yp = emitasc.ptr_offset %y[%off] : memref<?xf32, 22>, i32, memref<?xf32, 22>
  %zp = emitasc.ptr_offset %z[%off] : memref<?xf32, 22>, i32, memref<?xf32, 22>
  %gx = ascendc.global_tensor : !ascendc.global_tensor<*xf32>
  %gy = ascendc.global_tensor : !ascendc.global_tensor<*xf32>
  %gz = ascendc.global_tensor : !ascendc.global_tensor<*xf32>
  ascendc.global_tensor.set_global_buffer %gx, %xp, %block_length : !ascendc.global_tensor<*xf32>, memref<?xf32, 22>, i32
  ascendc.global_tensor.set_global_buffer %gy, %yp, %block_length : !ascendc.global_tensor<*xf32>, memref<?xf32, 22>, i32
  ascendc.global_tensor.set_global_buffer %gz, %zp, %block_length : !ascendc.global_tensor<*xf32>, memref<?xf32, 22>, i32
  %pipe = ascendc.pipe
  %qx = ascendc.queue : <vecin, 2>
  %qy = ascendc.queue : <vecin, 2>
  %qz = ascendc.queue : <vecout, 2>
  %nbuf = arith.constant 2 : i32
  %esize = arith.constant 4 : i32
  %bytes = arith.muli %tile_length, %esize : i32
  ascendc.pipe.init_queue %pipe, %qx, %nbuf, %bytes : !ascendc.queue<vecin, 2>, i32, i32
  ascendc.pipe.init_queue %pipe, %qy, %nbuf, %bytes : !ascendc.queue<vecin, 2>, i32, i32
  ascendc.pipe.init_queue %pipe, %qz, %nbuf, %bytes : !ascendc.queue<vecout, 2>, i32, i32
  %c0 = arith.constant 0 : i32
  %c1 = arith.constant 1 : i32
  scf.for %i = %c0 to %loops step %c1 : i32 {
    %t0 = arith.muli %i, %tile_length : i32
    %xl = ascendc.que_bind.alloc_tensor %qx : !ascendc.queue<vecin, 2>, !ascendc.local_tensor<*xf32>
    %yl = ascendc.que_bind.alloc_tensor %qy : !ascendc.queue<vecin, 2>, !ascendc.local_tensor<*xf32>
    %gxi = ascendc.global_tensor.subindex %gx[%t0] : !ascendc.global_tensor<*xf32>, i32, !ascendc.global_tensor<*xf32>
    %gyi = ascendc.global_tensor.subindex %gy[%t0] : !ascendc.global_tensor<*xf32>, i32, !ascendc.global_tensor<*xf32>
    ascendc.data_copy_l2 %xl, %gxi, %tile_length : !ascendc.local_tensor<*xf32>, !ascendc.global_tensor<*xf32>, i32
    ascendc.data_copy_l2 %yl, %gyi, %tile_length : !ascendc.local_tensor<*xf32>, !ascendc.global_tensor<*xf32>, i32
    ascendc.que_bind.enque_tensor %qx, %xl : !ascendc.queue<vecin, 2>, !ascendc.local_tensor<*xf32>
    ascendc.que_bind.enque_tensor %qy, %yl : !ascendc.queue<vecin, 2>, !ascendc.local_tensor<*xf32>
    %xc = ascendc.que_bind.deque_tensor %qx : !ascendc.queue<vecin, 2>, !ascendc.local_tensor<*xf32>
    %yc = ascendc.que_bind.deque_tensor %qy : !ascendc.queue<vecin, 2>, !ascendc.local_tensor<*xf32>
    %zl = ascendc.que_bind.alloc_tensor %qz : !ascendc.queue<vecout, 2>, !ascendc.local_tensor<*xf32>
    ascendc.add_l2 %zl, %xc, %yc, %tile_length : !ascendc.local_tensor<*xf32>, !ascendc.local_tensor<*xf32>, !ascendc.local_tensor<*xf32>, i32
    ascendc.que_bind.enque_tensor %qz, %zl : !ascendc.queue<vecout, 2>, !ascendc.local_tensor<*xf32>
    ascendc.que_bind.free_tensor %qx, %xc : !ascendc.queue<vecin, 2>, !ascendc.local_tensor<*xf32>
    ascendc.que_bind.free_tensor %qy, %yc : !ascendc.queue<vecin, 2>, !ascendc.local_tensor<*xf32>
    %zc = ascendc.que_bind.deque_tensor %qz : !ascendc.queue<vecout, 2>, !ascendc.local_tensor<*xf32>
    %gzi = ascendc.global_tensor.subindex %gz[%t0] : !ascendc.global_tensor<*xf32>, i32, !ascendc.global_tensor<*xf32>
    ascendc.data_copy_l2 %gzi, %zc, %tile_length : !ascendc.global_tensor<*xf32>, !ascendc.local_tensor<*xf32>, i32
    ascendc.que_bind.free_tensor %qz, %zc : !ascendc.queue<vecout, 2>, !ascendc.local_tensor<*xf32>
  }
  ascendc.pipe_barrier pipe_all
  func.return
}
"""

CORES = 8


def median_cpu(fn, reps: int) -> float:
    """Median CPU seconds of `fn()` over `reps` runs (after one warm-up run)."""
    fn()
    times = []
    for _ in range(reps):
        t0 = time.process_time()
        fn()
        times.append(time.process_time() - t0)
    return statistics.median(times)


def case(exe, n: int, tile: int, reps: int) -> dict:
    rng = np.random.default_rng(0)
    x = rng.random(n, dtype=np.float32)
    y = rng.random(n, dtype=np.float32)
    z = np.zeros(n, np.float32)
    block = n // CORES
    args = [x, y, z, block, tile, block // tile]
    numpy_t = median_cpu(lambda: x + y, max(reps, 20))
    out = {"n": n, "tile": tile, "numpy_s": numpy_t}
    for mode in ("off", "raise"):
        report = exe.launch(CORES, args, sanitize=mode)
        if not np.array_equal(z, x + y):
            raise SystemExit(f"wrong result for n={n} ({mode})")
        t = median_cpu(lambda: exe.launch(CORES, args, sanitize=mode), reps)
        out[mode] = {"s": t, "ratio": t / numpy_t, "ops": report.ops_executed,
                     "us_per_op": t / report.ops_executed * 1e6, "cycles": report.cycles}
    return out


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--quick", action="store_true", help="fewer repetitions")
    opts = ap.parse_args(argv)
    reps_small, reps_big = (7, 3) if opts.quick else (21, 5)

    t0 = time.perf_counter()
    module = parse_module(make_context(), KERNEL, "bench_vadd.mlir")
    exe = prepare(module, "vadd")
    compile_s = time.perf_counter() - t0
    calibration = median_cpu(lambda: sum(range(10**6)), 7)

    small = case(exe, 16 * 1024, 128, reps_small)
    big = case(exe, 4 * 1024 * 1024, 8192, reps_big)

    print(f"ascdsl simulator benchmark (medians of CPU time; calibration "
          f"sum(range(1e6)) = {calibration * 1e3:.1f} ms, parse+compile {compile_s * 1e3:.0f} ms)")
    print(f"{'case':<38} {'time':>10} {'x numpy':>9} {'target':>16} {'ops':>7} {'us/op':>6}")
    rows = [
        ("16K f32, 8 cores, sanitizer off", small, "off", "< 5 ms"),
        ("16K f32, 8 cores, sanitizer on", small, "raise", "< 15 ms"),
        ("4M f32, 8 cores, sanitizer off", big, "off", "<= 30x numpy"),
        ("4M f32, 8 cores, sanitizer on", big, "raise", "<= 90x numpy"),
    ]
    ok = True
    for name, res, mode, target in rows:
        r = res[mode]
        ms = r["s"] * 1e3
        if target.startswith("<="):
            met = r["ratio"] <= float(target.split()[1].rstrip("x"))
        else:
            met = ms < float(target.split()[1])
        ok &= met
        print(f"{name:<38} {ms:>8.2f}ms {r['ratio']:>8.0f}x {target:>13} {'ok' if met else 'MISS':>2} "
              f"{r['ops']:>7} {r['us_per_op']:>6.2f}")
    for mode in ("off", "raise"):
        per_op = small[mode]["us_per_op"]
        met = per_op < 5.0
        ok &= met
        print(f"per executed op (16K case, sanitizer {mode:<5}): {per_op:.2f} us  target < 5 us "
              f"{'ok' if met else 'MISS'}")
    print(f"numpy x + y: 16K {small['numpy_s'] * 1e6:.1f} us, 4M {big['numpy_s'] * 1e3:.2f} ms; "
          f"time scaled to a 13 ms calibration: 16K off "
          f"{small['off']['s'] * 1e3 * 0.013 / calibration:.2f} ms, on "
          f"{small['raise']['s'] * 1e3 * 0.013 / calibration:.2f} ms")
    return 0 if ok else 1


if __name__ == "__main__":
    sys.exit(main())
