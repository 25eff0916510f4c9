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
import warnings
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
    ap.add_argument("--search", action="store_true",
                    help="only time the tilings the library could choose for --tiled on the "
                         "MDL + UnitFlag + constant-tiling kernel, best first")
    args = ap.parse_args(argv)
    if args.search:
        return search(args.tiled)
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
            or any(tiled(args.tiled, api=v) for v in MDL_VARIANTS))


# examples/03_matmul's block_of (the samples' CalcOffset: a core's offsets and tails), which
# matmul_mdl calls as its own kernel helper, as that example's kernel does.
block_of = load("03_matmul/matmul.py").block_of


@asc.jit(matmul_cube_only=True)
def matmul_mdl(a: asc.GlobalAddress, b: asc.GlobalAddress, c: asc.GlobalAddress,
               tiling: asc.adv.TCubeTiling, workspace: asc.GlobalAddress,
               unit_flag: asc.ConstExpr[int], sm: asc.ConstExpr[int], sn: asc.ConstExpr[int],
               sk: asc.ConstExpr[int], bm: asc.ConstExpr[int], bn: asc.ConstExpr[int],
               bk: asc.ConstExpr[int]):
    """examples/03_matmul's kernel with the MDL template (CFG_MDL): one ND2NZ copy per L1
    stage and one Fixpipe per block (no bias). `unit_flag`: enUnitFlag; `sm` ... `bk`: 0, or
    the tiling's singleCoreM/N/K and baseM/N/K compiled into the object (a constant tiling,
    GetMMConfig<CONFIG_MDL>(MatmulShapeParams(...)))."""
    if asc.ascend_is_aic():
        offset_a, offset_b, offset_c, _, tail_m, tail_n = block_of(tiling)
        a_gm = asc.GlobalTensor()
        b_gm = asc.GlobalTensor()
        c_gm = asc.GlobalTensor()
        a_gm.set_global_buffer(a + offset_a)
        b_gm.set_global_buffer(b + offset_b)
        c_gm.set_global_buffer(c + offset_c)
        pipe = asc.TPipe()
        f16 = asc.adv.MatmulType(asc.TPosition.GM, asc.CubeFormat.ND, asc.float16)
        f32 = asc.adv.MatmulType(asc.TPosition.GM, asc.CubeFormat.ND, asc.float32)
        if sm:
            cfg = asc.adv.MatmulConfig(do_norm=False, do_multi_data_load=True, batch_mode=0,
                                       enable_ub_reuse=True, en_unit_flag=bool(unit_flag),
                                       single_core_m=sm, single_core_n=sn, single_core_k=sk,
                                       basic_m=bm, basic_n=bn, basic_k=bk)
        elif unit_flag:
            cfg = asc.adv.get_mdl_config(en_unit_flag=True)
        else:
            cfg = asc.adv.get_mdl_config()  # CFG_MDL
        mm = asc.adv.Matmul(a=f16, b=f16, c=f32, bias=f32, matmul_config=cfg)
        asc.adv.register_matmul(pipe, workspace, mm, tiling)
        if asc.get_block_idx() < tiling.used_core_num:
            mm.set_tensor_a(a_gm)
            mm.set_tensor_b(b_gm)
            mm.set_tail(tail_m, tail_n, tiling.k_a)
            mm.iterate_all(c_gm)
            mm.end()


def shapes_of(t) -> tuple:
    return (t.single_core_m, t.single_core_n, t.single_core_k, t.base_m, t.base_n, t.base_k)


def run_mdl(a, b, t, unit_flag: bool = False, const: bool = False):
    c = np.zeros((a.shape[0], b.shape[1]), dtype=np.float32)
    report = matmul_mdl[t.used_core_num](a.ravel(), b.ravel(), c.ravel(), t,
                                         np.zeros(1024, dtype=np.uint8), int(unit_flag),
                                         *(shapes_of(t) if const else (0,) * 6))
    return c, report


# api name -> (UnitFlag, constant tiling) of the MDL kernel
MDL_VARIANTS = {"mdl": (False, False), "mdl-uf": (True, False), "mdl-uf-const": (True, True)}


def tiled(size: int, cores: int = 24, api: str | None = None) -> int:
    """The library-tiled kernel on `cores` cube cores: cycles and M-pipe utilisation; `api`:
    the Matmul API's kernel instead of the hand-written one, "norm" (examples/03_matmul) or
    "mdl" (the same with CFG_MDL)."""
    if api in MDL_VARIANTS:
        ex = load("03_matmul/matmul.py")
        unit_flag, const = MDL_VARIANTS[api]

        def run(a, b, t):
            return run_mdl(a, b, t, unit_flag, const)
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
            "mdl": "Matmul API, CFG_MDL",
            "mdl-uf": "Matmul API, CFG_MDL + UnitFlag",
            "mdl-uf-const": "Matmul API, CFG_MDL + UnitFlag + constant tiling"
            }.get(api, "hand-written (examples/11_tiled_matmul)")
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


# Splits (mDim, nDim) and base blocks (baseM, baseN, baseK) tried by --search: the core grids
# of 24, 20 and 16 cores and the base blocks that fit L0A/L0B/L0C with two L0 buffers, incl.
# a base block larger than a core's share (the share is then one tail block).
SEARCH_SPLITS = ((4, 6), (6, 4), (3, 8), (8, 3), (2, 12), (12, 2), (4, 5), (4, 4))
SEARCH_BASES = ((128, 128, 64), (128, 128, 128), (128, 256, 64), (256, 128, 64),
                (64, 256, 64), (256, 64, 64), (128, 192, 64), (192, 128, 64))


def search_tiling(size: int, split, base, double: bool = True):
    """The library's tiling of size^3 (f16 -> f32) with the split and base block fixed (it
    chooses depths, stepK and the L0 buffers); None when it refuses them."""
    import ascdsl.lib.host as host

    md, nd = split
    mt = host.MultiCoreMatmulTiling(host.get_ascendc_platform())
    f16, f32 = host.DataType.DT_FLOAT16, host.DataType.DT_FLOAT
    mt.set_a_type(host.TPosition.GM, host.CubeFormat.ND, f16, False)
    mt.set_b_type(host.TPosition.GM, host.CubeFormat.ND, f16, False)
    mt.set_c_type(host.TPosition.GM, host.CubeFormat.ND, f32)
    mt.set_bias_type(host.TPosition.GM, host.CubeFormat.ND, f32)
    mt.set_dim(md * nd)
    mt.set_org_shape(size, size, size)
    mt.set_shape(size, size, size)
    mt.enable_bias(False)
    mt.set_buffer_space(-1, -1, -1)
    sm = -(-(-(-size // md)) // 16) * 16  # ceil(size / md), rounded up to whole fractals
    sn = -(-(-(-size // nd)) // 16) * 16
    mt.set_single_shape(sm, sn, size)
    mt.set_fix_split(*base)
    if not double:
        mt.set_double_buffer(False, False, False, False)
    t = asc.adv.TCubeTiling()
    with warnings.catch_warnings():  # a refused (split, base) is skipped, not reported
        warnings.simplefilter("ignore")
        return t if mt.get_tiling(t) == 0 else None


def search(size: int) -> int:
    """Time every (split, base block) of SEARCH_* on the MDL + UnitFlag + constant-tiling
    kernel, and the library's own pick, best first."""
    ex = load("03_matmul/matmul.py")
    rng = np.random.default_rng(0)
    a = rng.uniform(-1, 1, (size, size)).astype(np.float16)
    b = rng.uniform(-1, 1, (size, size)).astype(np.float16)
    ref = a.astype(np.float32) @ b.astype(np.float32)
    tilings = [("library", ex.generate_tiling(size, size, size, 24))]
    for split in SEARCH_SPLITS:
        for base in SEARCH_BASES:
            t = search_tiling(size, split, base)
            if t is not None:
                tilings.append((f"{split[0]}x{split[1]}", t))
    rows = []
    config.sanitize = "off"
    try:
        for name, t in tilings:
            c, report = run_mdl(a, b, t, unit_flag=True, const=True)
            if not np.allclose(c, ref, rtol=1e-4, atol=1e-3):
                print(f"{name}: wrong result", file=sys.stderr)
                return 1
            m_busy = sum(core.busy.get("PIPE_M", 0) for core in report.cores)
            util = m_busy / (report.cycles * len(report.cores))
            rows.append((report.cycles, name, t, util))
            print(f"  {name:>7} {t.used_core_num:>2} x {t.single_core_m}x{t.single_core_n} base "
                  f"{t.base_m}x{t.base_n}x{t.base_k} stepK {t.step_k_a} depth "
                  f"{t.depth_a1}/{t.depth_b1} dbL0C {t.db_l0c}: {report.cycles:,.0f} cycles, "
                  f"M busy {100 * util:.1f}%", flush=True)
    finally:
        config.sanitize = "raise"
    print("\nbest first:")
    print("| grid | cores x single | base | stepK | depthA1/B1 | dbL0C | cycles | M busy / "
          "kernel cycles |")
    print("|---|---|---|---|---|---|---|---|")
    for cyc, name, t, util in sorted(rows, key=lambda r: r[0]):
        print(f"| {name} | {t.used_core_num} x {t.single_core_m}x{t.single_core_n} | "
              f"{t.base_m}x{t.base_n}x{t.base_k} | {t.step_k_a} | {t.depth_a1}/{t.depth_b1} | "
              f"{t.db_l0c} | {cyc:,.0f} | {100 * util:.1f}% |")
    return 0


if __name__ == "__main__":
    sys.exit(main())
