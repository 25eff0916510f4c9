"""`ascdsl-sim`: run a kernel of an IR file on the simulator and print its report.

    ascdsl-sim vadd.mlir --kernel vadd --cores 8 \\
        --arg x=f32[16384]:rand --arg y=f32[16384]:rand --arg z=f32[16384] \\
        --arg block_length=2048 --expect "z = x + y" --trace vadd.json

Argument specs (`--arg`, one per kernel argument, by name or in order):

    NAME=TYPE[SHAPE]:FILL    a GM array: TYPE f16 bf16 f32 f64 i8 i16 i32 i64 ui8 ... ui64,
                             SHAPE 16384 or 8x2048, FILL zeros (default), ones, rand (uniform
                             [0, 1); integers 0..99), randn, arange, a number, or file=PATH.npy
    NAME=VALUE               a scalar (its type comes from the kernel's signature)
    NAME=TYPE:VALUE          a scalar with its type spelled out (checked against the kernel)

`--expect "z = x + y"` compares an array after the run with a numpy expression of the arrays'
values before the run (exit status 1 on a mismatch). `-p a,b` runs passes first, so the same
kernel can be simulated before and after a pass. The input file is never written; `--trace`,
`--plot` and `--save` outputs are written atomically.

Exit status: 0 success, 1 a simulation error / failed --expect / bad IR, 2 usage errors.
"""

from __future__ import annotations

import argparse
import io
import os
import re
import sys
from collections.abc import Sequence

import numpy as np

from ascdsl.tools.common import OneLineArgParser, UsageError, run_entry
from ascdsl.diagnostics import AscdslError




_EPILOG = """\
argument specs (one per kernel argument, by name or in order):
  NAME=TYPE[SHAPE]:FILL   a GM array; TYPE f16 bf16 f32 f64 i8..i64 ui8..ui64, SHAPE 1024 or
                          8x128, FILL zeros (default), ones, rand, randn, arange, a number,
                          file=PATH.npy
  NAME=VALUE              a scalar (typed by the kernel's signature), or NAME=TYPE:VALUE

example:
  ascdsl-sim vadd.mlir --cores 8 --arg x=f32[16384]:rand --arg y=f32[16384]:rand \\
      --arg z=f32[16384] --arg block_length=2048 --expect "z = x + y" --trace vadd.json
"""


def _build_parser() -> OneLineArgParser:
    p = OneLineArgParser(
        prog="ascdsl-sim",
        description="Run a kernel of an IR file on ascdsl's simulator of an Ascend AI core.",
        allow_abbrev=False,
        formatter_class=argparse.RawDescriptionHelpFormatter,
        epilog=_EPILOG,
    )
    p.add_argument("input", help="IR file (synchronized ascendc IR; '-' for stdin)")
    p.add_argument("--kernel", help="kernel function (default: the only ascendc.global one)")
    p.add_argument("--cores", type=int, default=1, help="number of cores (blocks), default 1")
    p.add_argument("--arg", action="append", default=[], metavar="SPEC",
                   help="a kernel argument: NAME=TYPE[SHAPE]:FILL or NAME=VALUE (repeatable)")
    p.add_argument("--soc", help="SoC model (default Ascend910B1)")
    p.add_argument("--sanitize", choices=("raise", "warn", "off"), default="raise",
                   help="sanitizer mode (default raise)")
    p.add_argument("-p", "--passes", action="append", default=[],
                   help="pass pipeline to run first (as ascdsl-opt -p)")
    p.add_argument("--seed", type=int, default=0, help="seed of rand/randn fills (default 0)")
    p.add_argument("--expect", action="append", default=[], metavar="'OUT = EXPR'",
                   help="check an array against a numpy expression of the inputs")
    p.add_argument("--rtol", type=float, default=None, help="relative tolerance of --expect")
    p.add_argument("--trace", metavar="OUT.json", help="write a Chrome-trace/Perfetto timeline")
    p.add_argument("--plot", metavar="OUT.png", help="draw the timeline (needs matplotlib)")
    p.add_argument("--save", metavar="OUT.npz", help="save every array after the run")
    p.add_argument("--print", dest="show", action="append", default=[], metavar="NAME",
                   help="print an array after the run")
    p.add_argument("--quiet", action="store_true", help="print findings and errors only")
    return p


# --- argument specs ----------------------------------------------------------------------

_NP = {
    "f16": np.float16, "f32": np.float32, "f64": np.float64, "bf16": np.uint16,
    "i1": np.bool_, "i8": np.int8, "i16": np.int16, "i32": np.int32, "i64": np.int64,
    "ui8": np.uint8, "ui16": np.uint16, "ui32": np.uint32, "ui64": np.uint64,
    "si8": np.int8, "si16": np.int16, "si32": np.int32, "si64": np.int64,
}
_ARRAY = re.compile(r"^(?P<type>[a-z0-9]+)\[(?P<shape>[0-9x, ]*)\](?::(?P<fill>.*))?$")


def _fill(spec: str, dtype: str, shape: tuple[int, ...], rng: np.random.Generator) -> np.ndarray:
    n = int(np.prod(shape)) if shape else 1
    fill = spec.strip() or "zeros"
    if dtype == "bf16":
        from ascdsl.sim.dtypes import f32_to_bf16

        return f32_to_bf16(_fill(fill, "f32", shape, rng).reshape(-1)).reshape(shape)
    npdt = _NP[dtype]
    is_float = np.issubdtype(npdt, np.floating)
    if fill == "zeros":
        return np.zeros(shape, npdt)
    if fill == "ones":
        return np.ones(shape, npdt)
    if fill == "arange":
        return np.arange(n).astype(npdt).reshape(shape)
    if fill == "rand":
        if is_float:
            return rng.random(n).astype(npdt).reshape(shape)
        return rng.integers(0, 100, n).astype(npdt).reshape(shape)
    if fill == "randn":
        if not is_float:
            raise UsageError(f"fill 'randn' needs a float type, not {dtype}")
        return rng.standard_normal(n).astype(npdt).reshape(shape)
    if fill.startswith("file="):
        path = fill[5:]
        try:
            arr = np.load(path)
        except (OSError, ValueError) as e:
            raise UsageError(f"cannot load '{path}': {e}") from None
        if arr.size != n:
            raise UsageError(f"'{path}' holds {arr.size} elements, the spec asks for {n}")
        return np.ascontiguousarray(arr.astype(npdt).reshape(shape))
    try:
        value = float(fill) if is_float else int(fill, 0)
    except ValueError:
        raise UsageError(
            f"unknown fill '{fill}' (zeros, ones, rand, randn, arange, a number, file=PATH.npy)"
        ) from None
    return np.full(shape, value, npdt)


def _shape(text: str) -> tuple[int, ...]:
    parts = [p for p in re.split(r"[x, ]+", text.strip()) if p]
    if not parts:
        raise UsageError("an array spec needs a shape, e.g. f32[1024]")
    return tuple(int(p) for p in parts)


def parse_args_specs(specs: list[str], params, rng: np.random.Generator) -> dict[str, object]:
    """Kernel argument values by parameter name, from the --arg specs."""
    by_name = {p.name: p for p in params}
    values: dict[str, object] = {}
    position = 0
    for spec in specs:
        name, eq, body = spec.partition("=")
        if not eq or name not in by_name:
            if eq and re.match(r"^[A-Za-z_]\w*$", name):
                raise UsageError(f"--arg {spec}: the kernel has no argument '{name}' "
                                 f"(arguments: {', '.join(by_name)})")
            body = spec
            while position < len(params) and params[position].name in values:
                position += 1
            if position >= len(params):
                raise UsageError(f"--arg {spec}: more arguments than the kernel takes")
            p = params[position]
        else:
            p = by_name[name]
            if p.name in values:
                raise UsageError(f"--arg {spec}: '{p.name}' is given twice")
        values[p.name] = _value(p, body.strip(), spec, rng)
    missing = [p.name for p in params if p.name not in values]
    if missing:
        hint = ", ".join(
            f"{p.name}=" + (f"{p.dtype.name}[N]" if p.kind == "gm" else p.dtype.name)
            for p in params if p.name in missing
        )
        raise UsageError(f"missing --arg for {', '.join(missing)} (e.g. {hint})")
    return values


def _value(p, body: str, spec: str, rng):
    m = _ARRAY.match(body)
    if p.kind == "gm":
        if m is None:
            raise UsageError(f"--arg {spec}: '{p.name}' is a GM pointer to {p.dtype.name}; give "
                             f"an array like {p.name}={p.dtype.name}[1024]:rand")
        t = m.group("type")
        if t != p.dtype.name and not (t.startswith("si") and t[1:] == p.dtype.name):
            raise UsageError(f"--arg {spec}: '{p.name}' points to {p.dtype.name}, not {t}")
        return _fill(m.group("fill") or "zeros", p.dtype.name, _shape(m.group("shape")), rng)
    if m is not None:
        raise UsageError(f"--arg {spec}: '{p.name}' is a scalar ({p.dtype.name}), not an array")
    t, colon, v = body.partition(":")
    if colon:
        if t != p.dtype.name:
            raise UsageError(f"--arg {spec}: '{p.name}' is {p.dtype.name}, not {t}")
        body = v
    try:
        return float(body) if p.dtype.kind == "float" else int(body, 0)
    except ValueError:
        raise UsageError(f"--arg {spec}: '{body}' is not a {p.dtype.name} value") from None


# --- checks ------------------------------------------------------------------------------


def check_expectations(
    exprs, before: dict, after: dict, rtol: float | None, bf16: frozenset = frozenset()
) -> list[str]:
    """Failures of `OUT = EXPR` checks (empty when all hold). Arrays named in `bf16` hold bf16
    bit patterns (compared as f32)."""
    from ascdsl.sim.dtypes import bf16_to_f32

    failures = []
    ns = {k: getattr(np, k) for k in dir(np) if not k.startswith("_")}
    for text in exprs:
        out, eq, expr = text.partition("=")
        out = out.strip()
        if not eq or out not in after:
            raise UsageError(f"--expect '{text}': write 'NAME = EXPR' with NAME an array argument")
        env = dict(ns)
        env.update(before)
        try:
            want = np.asarray(eval(expr, {"__builtins__": {}}, env))  # noqa: S307 - user's CLI
        except Exception as e:  # noqa: BLE001 - the user's expression
            raise UsageError(f"--expect '{text}': {type(e).__name__}: {e}") from None
        got = after[out]
        if out in bf16:
            got = bf16_to_f32(got)
        tol = rtol if rtol is not None else (1e-2 if got.dtype == np.float16 else 1e-5)
        if want.shape != got.shape and want.size == got.size:
            want = want.reshape(got.shape)
        ok = want.shape == got.shape and np.allclose(got, want, rtol=tol, atol=tol)
        if not ok:
            if want.shape == got.shape:
                bad = np.flatnonzero(~np.isclose(got, want, rtol=tol, atol=tol))
                i = int(bad[0])
                failures.append(
                    f"--expect '{text}': {bad.size} of {got.size} elements differ; first at "
                    f"[{i}]: got {got.reshape(-1)[i].item()!r}, expected "
                    f"{want.reshape(-1)[i].item()!r}"
                )
            else:
                failures.append(f"--expect '{text}': shape {want.shape} vs {got.shape}")
    return failures


# --- main --------------------------------------------------------------------------------


def _read_module(path: str, passes: list[str]):
    from ascdsl.context import make_context
    from ascdsl.diagnostics import IRVerifyError, parse_module, verify_diagnostics

    if path == "-":
        text, name = sys.stdin.read(), "<stdin>"
    else:
        try:
            with open(path, encoding="utf-8") as f:
                text = f.read()
        except (OSError, UnicodeDecodeError) as e:
            raise UsageError(f"cannot read '{path}': {e}") from None
        name = path
    ctx = make_context()
    module = parse_module(ctx, text, name)
    found = verify_diagnostics(module)
    if found:
        raise IRVerifyError(found)
    if passes:
        from ascdsl.tools.ascdsl_opt import build_pipeline

        for p in build_pipeline(passes):
            p.apply(ctx, module)
            found = verify_diagnostics(module)
            if found:
                for d in found:
                    d.message += f" (after pass '{p.name}')"
                raise IRVerifyError(found)
    return module


def _only_kernel(module) -> str:
    from xdsl.dialects import func

    names = [
        op.sym_name.data
        for op in module.ops
        if isinstance(op, func.FuncOp) and "ascendc.global" in op.attributes
    ]
    if len(names) != 1:
        raise UsageError(
            f"the file has {len(names)} kernels ({', '.join(names) or 'none'}); pick one with "
            "--kernel"
        )
    return names[0]


def main(argv: Sequence[str] | None = None, out=None) -> int:
    out = out or sys.stdout
    argv = sys.argv[1:] if argv is None else list(argv)
    try:
        opts = _build_parser().parse_args(argv)
        if opts.cores <= 0:
            raise UsageError(f"--cores must be at least 1, got {opts.cores}")
    except UsageError as e:
        print(f"ascdsl-sim: error: {e}", file=sys.stderr)
        return 2
    from ascdsl.runtime import prepare

    try:
        module = _read_module(opts.input, opts.passes)
        kernel = opts.kernel or _only_kernel(module)
        try:
            exe = prepare(module, kernel, soc=opts.soc)
        except KeyError as e:
            raise UsageError(str(e.args[0])) from None
        except ValueError as e:
            raise UsageError(str(e)) from None
        rng = np.random.default_rng(opts.seed)
        values = parse_args_specs(opts.arg, exe.params, rng)
        arrays = {k: v for k, v in values.items() if isinstance(v, np.ndarray)}
        bf16 = frozenset(p.name for p in exe.params if p.kind == "gm" and p.dtype.is_bf16)
        before = {k: (_bf16_values(v) if k in bf16 else v.copy()) for k, v in arrays.items()}
        from ascdsl.runtime.args import marshal

        try:
            args = marshal(exe.params, [values[p.name] for p in exe.params], kernel)
        except (TypeError, ValueError) as e:
            raise UsageError(str(e)) from None
        report = exe.kernel.run(opts.cores, args, opts.sanitize)
    except UsageError as e:
        print(f"ascdsl-sim: error: {e}", file=sys.stderr)
        return 2
    except AscdslError as e:
        print(e.render(), file=sys.stderr)
        return 1

    status = 0
    if not opts.quiet:
        print(report.summary(), file=out)
    for name in opts.show:
        if name not in arrays:
            print(f"ascdsl-sim: error: --print {name}: no such array argument", file=sys.stderr)
            status = 2
            continue
        with np.printoptions(threshold=32, edgeitems=6):
            print(f"{name} = {arrays[name]!r}", file=out)
    try:
        after = dict(arrays)
        failures = check_expectations(opts.expect, before, after, opts.rtol, bf16)
    except UsageError as e:
        print(f"ascdsl-sim: error: {e}", file=sys.stderr)
        return 2
    for msg in failures:
        print(f"ascdsl-sim: check failed: {msg}", file=sys.stderr)
        status = 1
    if opts.expect and not failures and not opts.quiet:
        print(f"  checks: {len(opts.expect)} passed", file=out)
    out.flush()
    for f in report.findings:
        print(f.render(), file=sys.stderr)
    try:
        if opts.trace:
            report.save_trace(opts.trace)
        if opts.plot:
            report.plot(opts.plot)
        if opts.save:
            from ascdsl.sim.report import write_atomically

            buf = io.BytesIO()
            np.savez(buf, **arrays)
            write_atomically(opts.save, buf.getvalue())
    except ImportError as e:
        print(f"ascdsl-sim: error: {e}", file=sys.stderr)
        return 1
    except OSError as e:
        print(f"ascdsl-sim: error: cannot write output: {e}", file=sys.stderr)
        return 1
    return status


def _bf16_values(bits: np.ndarray) -> np.ndarray:
    from ascdsl.sim.dtypes import bf16_to_f32

    return bf16_to_f32(bits.reshape(-1)).reshape(bits.shape)


def entry() -> None:
    run_entry("ascdsl-sim", main)


if __name__ == "__main__":
    entry()
