"""Command line of the pyasc oracle (run from the project root).

    python -m tests.pyasc_oracle dump path/to/kernel.py [...] -o outdir
        pyasc's codegen.mlir / ascir.mlir / ascendc.cpp for every kernel the file compiles, in
        outdir/<file>/<NNNN>-<kernel>/ with meta.json (script or test function, specialization)
    python -m tests.pyasc_oracle all [--area basic ...] [-j 2] [--json results.json]
        every kernel file of pyasc's Python suite (../shared/pyasc/python); a table by area
    python -m tests.pyasc_oracle corpus [--area basic ...] [--missing] [--failures]
        ascdsl reading every codegen.mlir / ascir.mlir pyasc writes: a table by area, the
        ops ascdsl lacks by how many dumps need them (--missing: all of them, with the ops
        that alone stand between a dump and its round trip), the dumps it fails on
    python -m tests.pyasc_oracle corpus --text [--show 10] [--list]
        ascdsl-opt printing every dump back: byte-equal to pyasc's text without and with
        --mlir-print-debuginfo, the most common first differences (--list: the equal ids)
    python -m tests.pyasc_oracle printer [--area basic ...] [--show 5] [--list]
        ascdsl's Ascend C printer on pyasc's own ascir.mlir against pyasc's ascendc.cpp:
        equal / differs / unread, the most common first differences (--list: every equal id)
    python -m tests.pyasc_oracle jit-ir [--area basic ...] [--results suite.json] [--show 5] [--list]
        ascdsl's JIT on pyasc's tests against pyasc's dumps of the same compiles: frontend IR
        and IR after the passes, equal after name normalisation (tests/pyasc_oracle/ir_diff.py),
        and the Ascend C after pyasc-pipeline against pyasc's (--stage ascendc; jit_cpp_diff.py)
    python -m tests.pyasc_oracle passes [--area basic ...] [--show 10] [--list]
        ascdsl's pass pipeline (pyasc-pipeline) on pyasc's codegen.mlir against pyasc's
        ascir.mlir: equal / differs / fails / unread, the most common first differences
    python -m tests.pyasc_oracle venv
        find or create pyasc's environment and print where it is
"""

from __future__ import annotations

import argparse
import json
import shutil
import sys
import time
from collections import Counter, defaultdict
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

from . import layout, oracle, venv

FILES = ("codegen.mlir", "ascir.mlir", "ascendc.cpp")


def _log(msg: str) -> None:
    print(msg, file=sys.stderr, flush=True)


def cmd_venv(args) -> int:
    started = time.monotonic()
    path = venv.ensure_venv(create=True, log=_log)
    print(f"{path} (pyasc {venv.installed_version(path)}; {time.monotonic() - started:.0f}s)")
    return 0


def cmd_dump(args) -> int:
    out = Path(args.output)
    status = 0
    for name in args.files:
        path = Path(name)
        try:
            result = oracle.dump_file(path, use_cache=not args.no_cache)
        except (oracle.OracleError, venv.VenvUnavailable, FileNotFoundError) as e:
            _log(f"error: {e}")
            status = 1
            continue
        dest = out / path.stem
        if dest.exists():
            shutil.rmtree(dest)
        dest.mkdir(parents=True)
        for i, k in enumerate(result.kernels, 1):
            kdir = dest / f"{i:04d}-{k.kernel}"
            kdir.mkdir()
            for f in [*FILES, "meta.json"]:
                src = k.directory / f
                if src.exists():
                    shutil.copyfile(src, kdir / f)
        shutil.copyfile(result.directory / "index.json", dest / "index.json")
        print(f"{path}: {len(result.kernels)} kernel(s) -> {dest}"
              f"{' (cached)' if result.cached else ''}")
        for i, k in enumerate(result.kernels, 1):
            notes = {"ok": "", "codegen_only": "  [frontend IR only: the test mocks the compiler]"}
            note = notes.get(k.status, f"  [{k.status}: {k.error}]")
            print(f"  {i:04d}-{k.kernel:<32} {k.origin}{note}")
        for c in result.codegen_errors:
            print(f"  (frontend error) {c['kernel']:<23} {c['origin']}: {c['error']}")
    return status


def cmd_all(args) -> int:
    reason = layout.missing_reason()
    if reason:
        _log(reason)
        return 1
    files = layout.suite_files(args.area)
    venv.ensure_venv(create=True, log=_log)
    started = time.monotonic()

    def one(item):
        area, path = item
        try:
            return area, path, oracle.dump_file(path, use_cache=not args.no_cache), None
        except (oracle.OracleError, venv.VenvUnavailable) as e:
            return area, path, None, str(e).splitlines()[0]

    with ThreadPoolExecutor(max_workers=args.jobs) as pool:
        results = list(pool.map(one, files))

    rows: dict[str, Counter] = defaultdict(Counter)
    errors: Counter = Counter()
    records = []
    for area, path, res, err in results:
        row = rows[area]
        row["files"] += 1
        if res is None:
            row["driver errors"] += 1
            errors[err] += 1
            continue
        origins = [o for o in res.outcomes]
        row["tests"] += len(origins)
        compiled_origins = {k.origin for k in res.kernels if k.status in ("ok", "codegen_only")}
        row["tests with a kernel"] += len(compiled_origins)
        row["compiles"] += len(res.kernels) + len(res.codegen_errors)
        row["ok"] += sum(1 for k in res.kernels if k.status == "ok")
        row["frontend IR only"] += sum(1 for k in res.kernels if k.status == "codegen_only")
        row["complete dumps"] += sum(
            1 for k in res.kernels if all((k.directory / f).exists() for f in FILES))
        for k in res.kernels:
            if k.status not in ("ok", "codegen_only"):
                errors[f"{k.status}: {k.error}"] += 1
        for c in res.codegen_errors:
            errors[f"codegen_error: {c['error']}"] += 1
        records.append({
            "file": layout.relname(path), "area": area, "cache": str(res.directory),
            "kernels": [{"origin": k.origin, "kernel": k.kernel, "status": k.status,
                         "error": k.error} for k in res.kernels],
            "codegen_errors": res.codegen_errors,
            "outcomes": [o.__dict__ for o in res.outcomes],
        })
    cols = ["files", "tests", "tests with a kernel", "compiles", "ok", "frontend IR only",
            "complete dumps", "driver errors"]
    print(f"{'area':<15}" + "".join(f"{c:>20}" for c in cols))
    total: Counter = Counter()
    for area in layout.AREAS:
        if area in rows:
            total.update(rows[area])
            print(f"{area:<15}" + "".join(f"{rows[area][c]:>20}" for c in cols))
    print(f"{'total':<15}" + "".join(f"{total[c]:>20}" for c in cols))
    if errors:
        print("\nmost common failures:")
        for msg, n in errors.most_common(10):
            print(f"{n:5d}  {msg}")
    print(f"\n{time.monotonic() - started:.0f}s")
    if args.json:
        Path(args.json).write_text(json.dumps(records, indent=1))
    return 0


def cmd_corpus(args) -> int:
    from . import corpus

    reason = layout.missing_reason()
    if reason:
        _log(reason)
        return 1
    venv.ensure_venv(create=True, log=_log)
    if args.text:
        return _corpus_text(args)
    started = time.monotonic()
    files = layout.suite_files(args.area)
    statuses = ["roundtrips", "missing", "known", "invalid", "fails"]
    rows: dict[str, Counter] = defaultdict(Counter)
    results = {}
    for area, path in files:
        c = corpus.read_corpus([path])
        results.update(c.results)
        for r in c.results.values():
            rows[area][r.status] += 1
    everything = corpus.Corpus(results)
    print(f"{'area':<15}{'dumps':>8}" + "".join(f"{s:>12}" for s in statuses))
    total: Counter = Counter()
    for area in layout.AREAS:
        if area in rows:
            total.update(rows[area])
            print(f"{area:<15}{sum(rows[area].values()):>8}"
                  + "".join(f"{rows[area][s]:>12}" for s in statuses))
    print(f"{'total':<15}{sum(total.values()):>8}" + "".join(f"{total[s]:>12}" for s in statuses))
    missing = everything.missing_counts()
    shown = missing.most_common(None if args.missing else 15)
    print(f"\n{len(missing)} op/type/attribute names ascdsl lacks, by the dumps that use them:")
    for name, n in shown:
        print(f"{n:5d}  {name}")
    if args.missing:
        print("\nnames that alone stand between a dump and its round trip:")
        for name, n in everything.ops_only_missing().most_common():
            print(f"{n:5d}  {name}")
    known = Counter(r.error.splitlines()[0] for r in results.values() if r.status == "known")
    if known:
        print("\nknown differences (tests/pyasc_oracle/corpus.py, KNOWN_DIFFERENCES):")
        for msg, n in known.most_common():
            print(f"{n:5d}  {msg[:110]}")
    fails = everything.by_status("fails")
    if fails:
        print(f"\n{len(fails)} dump(s) ascdsl cannot read:")
        for i in fails[: None if args.failures else 5]:
            print(f"  {i}\n    " + results[i].error.replace("\n", "\n    "))
    print(f"\n{time.monotonic() - started:.0f}s")
    return 1 if fails else 0


def _corpus_text(args) -> int:
    from . import text_diff

    started = time.monotonic()
    results = text_diff.run([p for _, p in layout.suite_files(args.area)])
    if args.list:
        print("\n".join(text_diff.equal_ids(results)))
    else:
        print(text_diff.summary(results, args.show))
    _log(f"{time.monotonic() - started:.0f}s")
    return 0


def cmd_printer(args) -> int:
    from . import printer_diff

    reason = layout.missing_reason()
    if reason:
        _log(reason)
        return 1
    venv.ensure_venv(create=True, log=_log)
    results = printer_diff.run([p for _, p in layout.suite_files(args.area)])
    print(printer_diff.summary(results, args.show))
    if args.list:
        for ident in sorted(i for i, r in results.items() if r.status == "equal"):
            print(ident)
    return 0


def cmd_jit_ir(args) -> int:
    from . import ir_diff

    reason = layout.missing_reason()
    if reason:
        _log(reason)
        return 1
    venv.ensure_venv(create=True, log=_log)
    stages = tuple(args.stage) if args.stage else ("codegen", "passes", "pyasc-pipeline",
                                                   "ascendc")
    pairs = ir_diff.run(args.area, Path(args.results) if args.results else None,
                        Path(args.save) if args.save else None, stages)
    if args.list:
        print("\n".join(ir_diff.equal_ids(pairs, stages[0])))
        return 0
    print(ir_diff.summary(pairs, args.show))
    return 0


def cmd_passes(args) -> int:
    from . import pass_diff

    reason = layout.missing_reason()
    if reason:
        _log(reason)
        return 1
    venv.ensure_venv(create=True, log=_log)
    started = time.monotonic()
    results = pass_diff.run([p for _, p in layout.suite_files(args.area)])
    print(pass_diff.summary(results, args.show))
    if args.list:
        for ident in sorted(i for i, r in results.items() if r.status == "equal"):
            print(ident)
    _log(f"{time.monotonic() - started:.0f}s")
    return 0


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(prog="python -m tests.pyasc_oracle",
                                     description="pyasc 1.1.1 as an oracle: its IR and Ascend C")
    sub = parser.add_subparsers(dest="cmd", required=True)
    p = sub.add_parser("dump", help="dump pyasc's IR and Ascend C for kernel files")
    p.add_argument("files", nargs="+")
    p.add_argument("-o", "--output", required=True)
    p.add_argument("--no-cache", action="store_true")
    p.set_defaults(fn=cmd_dump)
    p = sub.add_parser("all", help="run the oracle on pyasc's whole Python suite")
    p.add_argument("--area", action="append", choices=list(layout.AREAS))
    p.add_argument("-j", "--jobs", type=int, default=2)
    p.add_argument("--json")
    p.add_argument("--no-cache", action="store_true")
    p.set_defaults(fn=cmd_all)
    p = sub.add_parser("corpus", help="ascdsl reading every IR file pyasc writes")
    p.add_argument("--area", action="append", choices=list(layout.AREAS))
    p.add_argument("--missing", action="store_true", help="every name ascdsl lacks")
    p.add_argument("--failures", action="store_true", help="every dump ascdsl cannot read")
    p.add_argument("--text", action="store_true",
                   help="ascdsl-opt's printed text against pyasc's, byte for byte "
                        "(tests/pyasc_oracle/text_diff.py)")
    p.add_argument("--show", type=int, default=10, help="with --text: difference classes")
    p.add_argument("--list", action="store_true",
                   help="with --text: print the dumps printed back byte-equal")
    p.set_defaults(fn=cmd_corpus)
    p = sub.add_parser("printer", help="ascdsl's Ascend C printer against pyasc's")
    p.add_argument("--area", action="append", choices=list(layout.AREAS))
    p.add_argument("--show", type=int, default=5)
    p.add_argument("--list", action="store_true", help="print the ids that are equal")
    p.set_defaults(fn=cmd_printer)
    p = sub.add_parser("jit-ir", help="ascdsl's JIT IR against pyasc's on the same compiles")
    p.add_argument("--area", action="append", choices=list(layout.AREAS))
    p.add_argument("--results", help="a suite run made with ASCDSL_SUITE_IR=1 (else one runs)")
    p.add_argument("--save", help="write the suite run's results here (for --results)")
    p.add_argument("--show", type=int, default=5)
    p.add_argument("--stage", action="append",
                   choices=["codegen", "passes", "pyasc-pipeline", "ascendc"],
                   help="compare only these stages (default: all four)")
    p.add_argument("--list", action="store_true",
                   help="print the compiles equal at the first --stage (default: codegen)")
    p.set_defaults(fn=cmd_jit_ir)
    p = sub.add_parser("passes", help="ascdsl's passes on pyasc's codegen.mlir against "
                                      "pyasc's ascir.mlir")
    p.add_argument("--area", action="append", choices=list(layout.AREAS))
    p.add_argument("--show", type=int, default=10)
    p.add_argument("--list", action="store_true", help="print the ids that are equal")
    p.set_defaults(fn=cmd_passes)
    p = sub.add_parser("venv", help="find or create pyasc's environment")
    p.set_defaults(fn=cmd_venv)
    args = parser.parse_args(argv)
    return args.fn(args)


if __name__ == "__main__":
    sys.exit(main())
