"""`ascdsl-sim`: run a kernel of an IR file on the simulator and print its report.

    ascdsl-sim examples/ir/vadd_auto.mlir -p ascdsl-default --kernel vadd --cores 8 \\
        --arg x=f32[16384]:rand --arg y=f32[16384]:rand --arg z=f32[16384] \\
        --arg n=2048 --expect "z = x + y" --trace vadd.json

Argument specs (`--arg`, one per kernel argument, by name or in order):

    NAME=TYPE[SHAPE]:FILL    a GM array: TYPE f16 bf16 f32 f64 i8 i16 i32 i64 ui8 ... ui64,
                             SHAPE 16384 or 8x2048, FILL zeros (default), ones, rand (uniform
                             [0, 1); integers 0..99), randn, arange, a number, or file=PATH.npy
    NAME=VALUE               a scalar (its type comes from the kernel's signature)
    NAME=TYPE:VALUE          a scalar with its type spelled out (checked against the kernel)

`--expect "z = x + y"` compares an array after the run with a numpy expression of the arrays'
values before the run (exit status 1 on a mismatch; NaN matches NaN). A `file=PATH.npy` fill
must hold numbers of the argument's kind (floats narrow with rounding, integers must fit), and
arrays larger than `--max-memory` (4G) in total are refused before they are allocated.
`-p a,b` runs passes first, so the same kernel can be simulated before and after a pass. The
input file is never written; `--trace`, `--plot` and `--save` outputs are written atomically
(the timeline is kept only when one of the first two is asked for).

Exit status: 0 success, 1 a simulation error / failed --expect / bad IR, 2 usage errors.
"""

from __future__ import annotations

import argparse
import io
import math
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
arrays larger than --max-memory (default 4G) in total are refused before allocation.

example (from the repository's root; 8 cores of 2048 elements each):
  ascdsl-sim examples/ir/vadd_auto.mlir -p ascdsl-default --cores 8 \\
      --arg x=f32[16384]:rand --arg y=f32[16384]:rand --arg z=f32[16384] --arg n=2048 \\
      --expect "z = x + y" --trace vadd.json
"""



# pyasc's kernel types (runtime.config.KernelType) by name; the simulator takes the name.
_KERNEL_TYPES = ("AIV_ONLY", "AIC_ONLY", "MIX_AIV_HARD_SYNC", "MIX_AIC_HARD_SYNC", "MIX_AIV_1_0",
                 "MIX_AIC_1_0", "MIX_AIC_1_1", "MIX_AIC_1_2")

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
    p.add_argument("--kernel-type", choices=_KERNEL_TYPES, default=None,
                   help="which cores each block runs (pyasc's kernel_type): MIX_AIC_1_2 = one "
                        "cube core and two vector cores; default: detected")
    p.add_argument("--auto-sync", choices=("on", "off"), default="on",
                   help="model bisheng's --cce-auto-sync (pyasc's auto_sync option): 'on' "
                   "(default) runs the cce-auto-sync pass before simulating, 'off' removes "
                   "the syncs it added and runs the kernel as written")
    p.add_argument("--sanitize", choices=("raise", "warn", "off"), default="raise",
                   help="sanitizer mode (default raise)")
    p.add_argument("-p", "--passes", action="append", default=[],
                   help="pass pipeline to run first (as ascdsl-opt -p)")
    p.add_argument("--seed", type=int, default=0,
                   help="seed of rand/randn fills, a non-negative integer (default 0)")
    p.add_argument("--max-memory", default="4G", metavar="SIZE",
                   help="refuse argument arrays larger than this in total (default 4G; "
                        "suffixes K, M, G, T)")
    p.add_argument("--expect", action="append", default=[], metavar="'OUT = EXPR'",
                   help="check an array against a numpy expression of the inputs")
    p.add_argument("--rtol", type=float, default=None,
                   help="relative (and absolute) tolerance of --expect, >= 0 (default 1e-5; "
                        "1e-2 for f16)")
    p.add_argument("--trace", metavar="OUT.json", help="write a Chrome-trace/Perfetto timeline")
    p.add_argument("--plot", metavar="OUT.png", help="draw the timeline (needs matplotlib)")
    p.add_argument("--save", metavar="OUT.npz", help="save every array after the run")
    p.add_argument("--print", dest="show", action="append", default=[], metavar="NAME",
                   help="print an array after the run")
    p.add_argument("--quiet", action="store_true", help="print findings and errors only")
    from ascdsl.tools.extensions import add_option

    add_option(p)
    return p


# --- options -----------------------------------------------------------------------------

def _check_options(opts) -> None:
    """The checks argparse's types do not make; UsageError naming the option."""
    from ascdsl.runtime import MAX_CORE_NUM

    if not 1 <= opts.cores <= MAX_CORE_NUM:
        raise UsageError(f"--cores must be between 1 and {MAX_CORE_NUM}, got {opts.cores}")
    if opts.seed < 0:
        raise UsageError(f"--seed must be a non-negative integer, got {opts.seed}")
    if opts.rtol is not None and not (opts.rtol >= 0 and math.isfinite(opts.rtol)):
        raise UsageError(f"--rtol must be a finite number >= 0, got {opts.rtol}")
    opts.max_memory = _size(opts.max_memory)
    # Inputs are never written: not the IR file, nor a file=PATH.npy an argument was read from.
    inputs = [opts.input] + [s.split(":file=", 1)[1] for s in opts.arg if ":file=" in s]
    for flag, path in (("--trace", opts.trace), ("--plot", opts.plot), ("--save", opts.save)):
        for src in inputs if path and os.path.exists(path) else ():
            if src != "-" and os.path.exists(src) and os.path.samefile(path, src):
                raise UsageError(f"{flag} {path}: refusing to overwrite the input file '{src}'")


_SIZE = re.compile(r"^\s*(\d+(?:\.\d+)?)\s*([kmgt]?)i?b?\s*$", re.I)


def _size(text: str) -> int:
    m = _SIZE.match(text)
    if m is None:
        raise UsageError(f"--max-memory: '{text}' is not a size (e.g. 512M, 4G)")
    scale = 1024 ** " kmgt".index(m.group(2).lower() or " ")
    return int(float(m.group(1)) * scale)


def _bytes(n: int) -> str:
    for unit in ("bytes", "KiB", "MiB", "GiB", "TiB", "PiB"):
        if n < 1024 or unit == "PiB":
            return f"{n:,.0f} {unit}" if unit == "bytes" else f"{n:,.1f} {unit}"
        n /= 1024
    return str(n)


# --- argument specs ----------------------------------------------------------------------

_NP = {
    "f16": np.float16, "f32": np.float32, "f64": np.float64, "bf16": np.uint16,
    "i1": np.bool_, "i8": np.int8, "i16": np.int16, "i32": np.int32, "i64": np.int64,
    "ui8": np.uint8, "ui16": np.uint16, "ui32": np.uint32, "ui64": np.uint64,
    "si8": np.int8, "si16": np.int16, "si32": np.int32, "si64": np.int64,
}
_ARRAY = re.compile(r"^(?P<type>[a-z0-9]+)\[(?P<shape>[^\]]*)\](?::(?P<fill>.*))?$")
_SHAPE = re.compile(r"^\s*\d+(?:\s*[x,]\s*\d+)*\s*$")


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
            arr = np.load(path, allow_pickle=False)
        except (OSError, ValueError) as e:
            raise UsageError(f"cannot load '{path}': {e}") from None
        if arr.size != n:
            raise UsageError(f"'{path}' holds {arr.size} elements, the spec asks for {n}")
        return np.ascontiguousarray(_converted(arr, npdt, dtype, path).reshape(shape))
    try:
        value = float(fill) if is_float else int(fill, 0)
    except ValueError:
        raise UsageError(
            f"unknown fill '{fill}' (zeros, ones, rand, randn, arange, a number, file=PATH.npy)"
        ) from None
    if is_float:
        largest = float(np.finfo(npdt).max)
        if math.isfinite(value) and abs(value) > largest:
            raise UsageError(f"fill {fill} does not fit {dtype} (largest {largest:g})")
    else:
        info = np.iinfo(npdt)
        if not info.min <= value <= info.max:
            raise UsageError(f"fill {fill} does not fit {dtype} ({info.min}..{info.max})")
    return np.full(shape, value, npdt)


def _converted(arr: np.ndarray, npdt, dtype: str, path: str) -> np.ndarray:
    """`arr` as `npdt`. Floats narrow with rounding (as a cast on the device would), integers
    narrow only when every value fits; a file of another kind (integers for a float argument,
    floats for an integer one) is refused rather than cast silently."""
    if arr.dtype == npdt:
        return arr
    want = np.dtype(npdt)
    kind = {"b": "i", "u": "i", "i": "i", "f": "f"}
    if kind.get(arr.dtype.kind) != kind.get(want.kind) or (arr.dtype.kind == "b") != (
            want.kind == "b"):
        raise UsageError(
            f"'{path}' holds {arr.dtype} values, the argument is {dtype}: convert the file "
            f"(np.save(path, a.astype(np.{want.name})))"
        )
    if want.kind == "f":
        with np.errstate(all="ignore"):
            return arr.astype(npdt)
    info = np.iinfo(npdt)
    outside = (arr < info.min) | (arr > info.max)
    if np.any(outside):
        i = int(np.flatnonzero(outside.reshape(-1))[0])
        raise UsageError(f"'{path}' element {i} = {arr.reshape(-1)[i].item()} does not fit "
                         f"{dtype} ({info.min}..{info.max})")
    return arr.astype(npdt)


def _shape(text: str) -> tuple[int, ...]:
    if not text.strip():
        raise UsageError("an array spec needs a shape, e.g. f32[1024]")
    if _SHAPE.match(text) is None:
        raise UsageError(f"shape [{text}] is not a list of sizes: write e.g. [1024] or [8x128]")
    return tuple(int(p) for p in re.split(r"\s*[x,]\s*", text.strip()))


def parse_args_specs(specs: list[str], params, rng: np.random.Generator,
                     max_bytes: int = 4 << 30) -> dict[str, object]:
    """Kernel argument values by parameter name, from the --arg specs. Arrays larger than
    `max_bytes` in total are refused before anything is allocated."""
    by_name = {p.name: p for p in params}
    values: dict[str, object] = {}
    budget = [max_bytes]
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
        values[p.name] = _value(p, body.strip(), spec, rng, budget)
    missing = [p.name for p in params if p.name not in values]
    if missing:
        hint = ", ".join(
            f"{p.name}=" + (f"{p.dtype.name}[N]" if p.kind == "gm" else p.dtype.name)
            for p in params if p.name in missing
        )
        raise UsageError(f"missing --arg for {', '.join(missing)} (e.g. {hint})")
    return values


def _value(p, body: str, spec: str, rng, budget: list[int]):
    m = _ARRAY.match(body)
    if p.kind == "gm":
        if m is None:
            raise UsageError(f"--arg {spec}: '{p.name}' is a GM pointer to {p.dtype.name}; give "
                             f"an array like {p.name}={p.dtype.name}[1024]:rand")
        t = m.group("type")
        if t != p.dtype.name and not (t.startswith("si") and t[1:] == p.dtype.name):
            raise UsageError(f"--arg {spec}: '{p.name}' points to {p.dtype.name}, not {t}")
        try:
            shape = _shape(m.group("shape"))
        except UsageError as e:
            raise UsageError(f"--arg {spec}: {e}") from None
        nbytes = math.prod(shape) * np.dtype(_NP[p.dtype.name]).itemsize
        if nbytes > budget[0]:
            raise UsageError(
                f"--arg {spec}: {_bytes(nbytes)} would pass the --max-memory guard "
                f"({_bytes(budget[0])} left of the arguments' budget); raise it with "
                "--max-memory if you mean it"
            )
        budget[0] -= nbytes
        try:
            return _fill(m.group("fill") or "zeros", p.dtype.name, shape, rng)
        except UsageError as e:
            raise UsageError(f"--arg {spec}: {e}") from None
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
        # NaN where NaN is expected matches (numpy's equal_nan), as it would in a test.
        ok = want.shape == got.shape and np.allclose(got, want, rtol=tol, atol=tol,
                                                     equal_nan=True)
        if not ok:
            if want.shape == got.shape:
                bad = np.flatnonzero(~np.isclose(got, want, rtol=tol, atol=tol, equal_nan=True))
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
    from ascdsl.loading import decode, parse
    from ascdsl.transforms import PipelineSpecError

    if path == "-":
        name = "<stdin>"
        stdin_bytes = getattr(sys.stdin, "buffer", None)
        data = stdin_bytes.read() if stdin_bytes is not None else sys.stdin.read()
    else:
        try:
            with open(path, "rb") as f:
                data = f.read()
        except OSError as e:
            raise UsageError(f"cannot read '{path}': {e}") from None
        name = path
    # bytes that are not UTF-8 are an IRParseError at their line and column, as in ascdsl-opt
    text = data if isinstance(data, str) else decode(data, name)
    try:
        return parse(text, name, passes=passes)
    except PipelineSpecError as e:
        raise UsageError(str(e)) from None


def _apply_auto_sync(module, on: bool) -> None:
    """Give the module bisheng's auto-sync layer (on), or take it away (off)."""
    from ascdsl.transforms.cce_auto_sync import CceAutoSyncPass, strip_auto_sync

    if on:
        from ascdsl.context import make_context

        CceAutoSyncPass().apply(make_context(), module)
    else:
        strip_auto_sync(module)


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
    from ascdsl.tools.extensions import load as load_extensions

    extensions_ok = load_extensions(argv)  # a failed one is reported; the run goes on
    try:
        opts = _build_parser().parse_args(argv)
        _check_options(opts)
    except UsageError as e:
        print(f"ascdsl-sim: error: {e}", file=sys.stderr)
        return 2
    from ascdsl.runtime import prepare

    try:
        module = _read_module(opts.input, opts.passes)
        _apply_auto_sync(module, opts.auto_sync == "on")
        kernel = opts.kernel or _only_kernel(module)
        try:
            exe = prepare(module, kernel, soc=opts.soc, kernel_type=opts.kernel_type)
        except KeyError as e:
            raise UsageError(str(e.args[0])) from None
        except ValueError as e:
            raise UsageError(str(e)) from None
        rng = np.random.default_rng(opts.seed)
        # The FFTS flag address is the simulator's to supply (sim/kernel.py): a value given
        # for it, as pyasc's dumps make people write, is not an error.
        supplied = {p.name for p in exe.kernel.params if p.kind == "ffts"}
        specs = [s for s in opts.arg if s.partition("=")[0] not in supplied]
        values = parse_args_specs(specs, exe.params, rng, opts.max_memory)
        arrays = {k: v for k, v in values.items() if isinstance(v, np.ndarray)}
        bf16 = frozenset(p.name for p in exe.params if p.kind == "gm" and p.dtype.is_bf16)
        before = {k: (_bf16_values(v) if k in bf16 else v.copy()) for k, v in arrays.items()}
        from ascdsl.runtime.args import marshal

        try:
            args = marshal(exe.params, [values[p.name] for p in exe.params], kernel)
        except (TypeError, ValueError) as e:
            raise UsageError(str(e)) from None
        report = exe.kernel.run(opts.cores, args, opts.sanitize,
                                trace=bool(opts.trace or opts.plot))
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
    flag = path = ""
    try:
        if opts.trace:
            flag, path = "--trace", opts.trace
            report.save_trace(opts.trace)
        if opts.plot:
            flag, path = "--plot", opts.plot
            report.plot(opts.plot)
        if opts.save:
            from ascdsl.sim.report import write_atomically

            flag, path = "--save", opts.save
            buf = io.BytesIO()
            np.savez(buf, **arrays)
            write_atomically(opts.save, buf.getvalue())
    except ImportError as e:
        print(f"ascdsl-sim: error: {e}", file=sys.stderr)
        return 1
    except OSError as e:  # named by the path given, not the temporary file beside it
        print(f"ascdsl-sim: error: {flag}: cannot write '{path}': {e.strerror or e}",
              file=sys.stderr)
        return 1
    return status if extensions_ok else max(status, 1)


def _bf16_values(bits: np.ndarray) -> np.ndarray:
    from ascdsl.sim.dtypes import bf16_to_f32

    return bf16_to_f32(bits.reshape(-1)).reshape(bits.shape)


def entry() -> None:
    run_entry("ascdsl-sim", main)


if __name__ == "__main__":
    entry()
