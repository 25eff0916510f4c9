"""The hand-written cube kernel of examples/05_mmad: one buffer per stage against two.

    python benchmarks/cube.py [--repeat 3] [--tiled 1024]

C[256, 256] = A[256, 512] @ B[512, 256], half in, float out, on 4 cores (one 128 x 128 tile
of C each, K in steps of 64). For BUFFER 1 and 2 the result is checked against numpy, then
printed: the kernel's cycles, each core's cycles and its M-pipe utilisation (busy cycles /
the core's cycles), and the simulator's wall time (sanitizer off, compiled kernel cached)
against numpy's matmul of the same matrices. Simulated cycles are deterministic; wall times
are the best of `--repeat` runs.

Then the host tiling library's kernel (examples/11_tiled_matmul): C = A @ B of `--tiled` cubed
f16 matrices on 24 cube cores, every block size from `host.MultiCoreMatmulTiling`; it prints
the tiling, the cycles, the M-pipe busy cycles over all cores' cycles (utilisation) and the
simulator's wall time (one run, sanitizer off) against numpy. `--tiled 0` skips it. The same
for the Matmul API's kernel (examples/03_matmul: `asc.adv.Matmul.iterate_all` on the same
tiling, the simulator running the library's schedule).
"""

from __future__ import annotations

import argparse
import sys
import time
from pathlib import Path

import numpy as np

sys.path.insert(0, str(Path(__file__).resolve().parent))

import ascdsl as asc  # noqa: E402
import ascdsl.runtime.config as config  # noqa: E402
from tile import load  # noqa: E402  (an example module by its path)


def best(fn, repeat: int) -> float:
    times = []
    for _ in range(repeat):
        t0 = time.perf_counter()
        fn()
        times.append(time.perf_counter() - t0)
    return min(times)


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--repeat", type=int, default=3)
    ap.add_argument("--tiled", type=int, default=1024,
                    help="size of the library-tiled matmul (0: skip it)")
    args = ap.parse_args(argv)
    ex = load("05_mmad/mmad.py")
    rng = np.random.default_rng(0)
    a = rng.uniform(-1, 1, (ex.M, ex.K)).astype(np.float16)
    b = rng.uniform(-1, 1, (ex.K, ex.N)).astype(np.float16)
    ref = a.astype(np.float32) @ b.astype(np.float32)
    numpy_s = best(lambda: a.astype(np.float32) @ b.astype(np.float32), max(args.repeat, 20))
    print(f"C[{ex.M}, {ex.N}] = A[{ex.M}, {ex.K}] @ B[{ex.K}, {ex.N}] (f16 -> f32), "
          f"{ex.USE_CORE_NUM} cores, tile {ex.BM}x{ex.BN}, K step {ex.BK}")
    print("| buffers | cycles | cycles per core | M busy / core cycles | sim wall (s) | "
          "vs numpy |")
    print("|---|---|---|---|---|---|")
    for buffers in (1, 2):
        c, report = ex.mmad_launch(a, b, buffers)  # sanitizer on: checks the sync too
        if not np.allclose(c, ref, rtol=1e-4, atol=1e-3) or report.findings:
            print(f"BUFFER {buffers}: wrong result or findings", file=sys.stderr)
            return 1
        config.sanitize = "off"
        try:
            wall = best(lambda: ex.mmad_launch(a, b, buffers), args.repeat)
        finally:
            config.sanitize = "raise"
        per_core = ", ".join(f"{core.cycles:,.0f}" for core in report.cores)
        util = ", ".join(f"{100 * core.busy['PIPE_M'] / core.cycles:.0f}%"
                         for core in report.cores)
        print(f"| {buffers} | {report.cycles:,.0f} | {per_core} | {util} | {wall:.3f} | "
              f"{wall / numpy_s:,.0f}x |")
    print(f"numpy matmul: {numpy_s * 1e3:.3f} ms")
    if not args.tiled:
        return 0
    return (tiled(args.tiled) or tiled(args.tiled, api="norm")
            or tiled(args.tiled, api="mdl"))


@asc.jit(matmul_cube_only=True)
def matmul_mdl(a: asc.GlobalAddress, b: asc.GlobalAddress, c: asc.GlobalAddress,
               tiling: asc.adv.TCubeTiling, workspace: asc.GlobalAddress):
    """examples/03_matmul's kernel with the MDL template (CFG_MDL): one ND2NZ copy per L1
    stage and one Fixpipe per block (no bias)."""
    if asc.ascend_is_aic():
        block = asc.get_block_idx()
        m_blocks = tiling.m.ceildiv(tiling.single_core_m)
        m_index = block % m_blocks
        n_index = block // m_blocks
        tail_m = tiling.m - m_index * tiling.single_core_m
        if tail_m > tiling.single_core_m:
            tail_m = tiling.single_core_m
        tail_n = tiling.n - n_index * tiling.single_core_n
        if tail_n > tiling.single_core_n:
            tail_n = tiling.single_core_n
        a_gm = asc.GlobalTensor()
        b_gm = asc.GlobalTensor()
        c_gm = asc.GlobalTensor()
        a_gm.set_global_buffer(a + m_index * tiling.k_a * tiling.single_core_m)
        b_gm.set_global_buffer(b + n_index * tiling.single_core_n)
        c_gm.set_global_buffer(c + m_index * tiling.n * tiling.single_core_m
                               + n_index * tiling.single_core_n)
        pipe = asc.TPipe()
        f16 = asc.adv.MatmulType(asc.TPosition.GM, asc.CubeFormat.ND, asc.float16)
        f32 = asc.adv.MatmulType(asc.TPosition.GM, asc.CubeFormat.ND, asc.float32)
        mm = asc.adv.Matmul(a=f16, b=f16, c=f32, bias=f32,
                            matmul_config=asc.adv.MatmulConfig(do_norm=False,
                                                               do_multi_data_load=True))
        asc.adv.register_matmul(pipe, workspace, mm, tiling)
        if asc.get_block_idx() < tiling.used_core_num:
            mm.set_tensor_a(a_gm)
            mm.set_tensor_b(b_gm)
            mm.set_tail(tail_m, tail_n, tiling.k_a)
            mm.iterate_all(c_gm)
            mm.end()


def tiled(size: int, cores: int = 24, api: str | None = None) -> int:
    """The library-tiled kernel on `cores` cube cores: cycles and M-pipe utilisation; `api`:
    the Matmul API's kernel instead of the hand-written one, "norm" (examples/03_matmul) or
    "mdl" (the same with CFG_MDL)."""
    if api == "mdl":
        ex = load("03_matmul/matmul.py")

        def run(a, b, t):
            c = np.zeros((a.shape[0], b.shape[1]), dtype=np.float32)
            report = matmul_mdl[t.used_core_num](a.ravel(), b.ravel(), c.ravel(), t,
                                                 np.zeros(1024, dtype=np.uint8))
            return c, report
    elif api:
        ex = load("03_matmul/matmul.py")

        def run(a, b, t):
            return ex.matmul(a, b, None, t)
    else:
        ex = load("11_tiled_matmul/tiled_matmul.py")
        run = ex.tiled_matmul
    rng = np.random.default_rng(0)
    a = rng.uniform(-1, 1, (size, size)).astype(np.float16)
    b = rng.uniform(-1, 1, (size, size)).astype(np.float16)
    ref = a.astype(np.float32) @ b.astype(np.float32)
    numpy_s = best(lambda: a.astype(np.float32) @ b.astype(np.float32), 20)
    what = {"norm": "Matmul API, CFG_NORM (examples/03_matmul)",
            "mdl": "Matmul API, CFG_MDL"}.get(api, "hand-written (examples/11_tiled_matmul)")
    print(f"\nlibrary tiling, {what}, C[{size}, {size}] = A[{size}, {size}] @ B[{size}, "
          f"{size}], {cores} cube cores")
    print("| L1 buffers | tiling | cycles | M busy / core cycles (all cores) | "
          "M busy / kernel cycles | busiest core's pipes (cycles) | sim wall (s, sanitizer off) "
          "| vs numpy |")
    print("|---|---|---|---|---|---|---|---|")
    for double in (False, True):
        t = ex.generate_tiling(size, size, size, cores, double_buffer=double)
        config.sanitize = "off"
        try:
            run(a, b, t)  # compile (cached), then time one run
            t0 = time.perf_counter()
            c, report = run(a, b, t)
            wall = time.perf_counter() - t0
        finally:
            config.sanitize = "raise"
        if not np.allclose(c, ref, rtol=1e-4, atol=1e-3):
            print("tiled matmul: wrong result", file=sys.stderr)
            return 1
        m_busy = sum(core.busy.get("PIPE_M", 0) for core in report.cores)
        pipes = {p: max(core.busy.get(p, 0) for core in report.cores)
                 for p in ("PIPE_MTE2", "PIPE_MTE1", "PIPE_M", "PIPE_FIX")}
        busiest = ", ".join(f"{p[5:]} {v:,.0f}" for p, v in pipes.items())
        util = m_busy / sum(core.cycles for core in report.cores)
        worst = m_busy / (report.cycles * len(report.cores))
        shape = (f"{t.used_core_num} x {t.single_core_m}x{t.single_core_n}, base "
                 f"{t.base_m}x{t.base_n}x{t.base_k}, stepK {t.step_k_a}, depthA1/B1 "
                 f"{t.depth_a1}/{t.depth_b1}, dbL0A/B/C {t.db_l0a}/{t.db_l0b}/{t.db_l0c}")
        print(f"| {2 if double else 1} | {shape} | {report.cycles:,.0f} | {100 * util:.1f}% | "
              f"{100 * worst:.1f}% | {busiest} | {wall:.1f} | {wall / numpy_s:,.0f}x |")
    return 0


if __name__ == "__main__":
    sys.exit(main())
