"""`ascdsl-opt`: read IR, run passes, print IR or another target.

    ascdsl-opt kernel.mlir --insert-que-sync
    ascdsl-opt kernel.mlir -p erase-sync,insert-que-sync -t ascendc -o kernel.cpp
    ascdsl-opt tests.mlir --split-input-file --verify-diagnostics
    ascdsl-opt kernel.mlir --ascdsl-default -t ascendc --check    # g++ against the real API

Passes run in command-line order: MLIR-style flags (`--name`, `-name`, `--name=k=v,k2=v2`) and
`-p a,b{k=v}` pipelines may be mixed. Every problem is reported as `file:line:col: error:`
with the source line; the tool never prints a Python traceback (set ASCDSL_DEBUG=1 to see one
for an internal error). The input is never written; `-o` is replaced atomically.
"""

from __future__ import annotations

import argparse
import io
import os
import sys
from collections.abc import Sequence
from dataclasses import dataclass, field

from ascdsl.fileio import write_atomically
from ascdsl.tools.common import OneLineArgParser, UsageError, run_entry
from ascdsl.diagnostics import (
    AscdslError,
    Diagnostic,
    DiagnosticEngine,
    Severity,
    parse_module,
    using_engine,
    verify_diagnostics,
)

SPLIT_MARKER = "// -----"
_PYTHON_HINT = (
    "note: ascdsl-opt reads MLIR text; for the IR of a Python kernel run "
    "`python -m ascdsl.frontend.dump FILE.py KERNEL ARG_TYPES...`"
)




@dataclass
class Options:
    input: str
    output: str | None
    pipeline: list[str]
    target: str
    split_input_file: bool
    verify_diagnostics: bool
    print_generic: bool
    print_debuginfo: bool
    allow_unregistered: bool
    check: bool = False
    headers: str | None = None
    include_dirs: list[str] = field(default_factory=list)
    print_auto_sync: bool = False
    readable_names: bool = False
    compilable: bool = False
    keep_names: bool = False


@dataclass
class ChunkResult:
    output: str | None
    diagnostics: list[Diagnostic] = field(default_factory=list)
    failed: bool = False


def _pass_table():
    from ascdsl.transforms import get_all_passes

    return get_all_passes()


def _build_parser(pass_names: Sequence[str]) -> OneLineArgParser:
    p = OneLineArgParser(
        prog="ascdsl-opt",
        description="ascdsl modular optimizer: parse IR, run passes, print IR or a target.",
        allow_abbrev=False,
        epilog="Passes: " + ", ".join(sorted(pass_names)),
    )
    p.add_argument("input", nargs="?", default=None,
                   help="input file ('-' for stdin; without it, stdin when it is not a terminal)")
    p.add_argument("-o", "--output", help="output file (written atomically; default stdout)")
    p.add_argument(
        "-p", "--passes", action="append", default=[], help="comma-separated pass pipeline"
    )
    p.add_argument("-t", "--target", default="mlir", help="output target (mlir, ascendc, ...)")
    p.add_argument("--split-input-file", action="store_true", help="process each `// -----` chunk")
    p.add_argument(
        "--verify-diagnostics",
        action="store_true",
        help="check diagnostics against `// expected-error {{...}}` comments",
    )
    p.add_argument("--mlir-print-op-generic", "--print-op-generic", dest="print_op_generic",
                   action="store_true", help="print the generic op form")
    p.add_argument(
        "--mlir-print-debuginfo",
        "--print-debuginfo",
        action="store_true",
        help="print op locations",
    )
    p.add_argument(
        "--keep-names",
        action="store_true",
        help="keep the value names of the input (%%x stays %%x) instead of naming values as "
             "MLIR's printer does (%%0, %%arg0, %%c5_i32), which is the default",
    )
    # MLIR's names were an option before they became the default; scripts still pass it.
    p.add_argument("--mlir-names", action="store_true", help=argparse.SUPPRESS)
    p.add_argument("--allow-unregistered-dialect", action="store_true")
    p.add_argument(
        "--check",
        action="store_true",
        help="with -t ascendc: type-check the output with g++ against the real Ascend C headers "
        "($ASCEND_HOME_PATH or --ascendc-headers); errors are located at the IR ops",
    )
    p.add_argument(
        "--ascendc-headers",
        metavar="DIR",
        help="Ascend C headers for --check: a CANN installation or an asc-devkit checkout",
    )
    p.add_argument(
        "-I", dest="include_dirs", action="append", default=[], metavar="DIR",
        help="an include directory for --check (headers the kernel includes itself)",
    )
    p.add_argument(
        "--print-auto-sync",
        action="store_true",
        help="with -t ascendc: print the syncs cce-auto-sync added (for a bisheng run with "
        "--cce-auto-sync=off; by default they are left to bisheng)",
    )
    p.add_argument(
        "--ascendc-readable-names",
        action="store_true",
        help="with -t ascendc: name values after the IR's SSA names (%%dst -> v1_dst) "
        "instead of numbering them as pyasc's translator does",
    )
    p.add_argument(
        "--ascendc-compilable",
        action="store_true",
        help="with -t ascendc: give a mask array the next free number where pyasc's name "
        "would redeclare one in the same block (pyasc's output then does not compile; "
        "--check always does this)",
    )
    from ascdsl.tools.extensions import add_option

    add_option(p)
    p.add_argument("--list-passes", action="store_true", help="list the passes and exit")
    p.add_argument("--show-dialects", action="store_true",
                   help="list the dialects ascdsl-opt reads and exit")
    p.add_argument("--version", action="store_true", help="print the version and exit")
    return p


def parse_args(argv: Sequence[str]) -> Options | str:
    """Options, or the text to print for --version / --list-passes / --help."""
    table = _pass_table()
    parser = _build_parser(table.keys())
    # MLIR's tools take their long options with one dash too (`-split-input-file`).
    long_options = {o for a in parser._actions for o in a.option_strings if o.startswith("--")}
    pipeline: list[str] = []
    rest: list[str] = []
    it = iter(argv)
    for tok in it:
        if tok in ("-p", "--passes"):
            spec = next(it, None)
            if spec is None:
                raise UsageError(f"{tok} needs a pipeline")
            pipeline.append(spec)
            continue
        if tok.startswith("--passes="):
            pipeline.append(tok.split("=", 1)[1])
            continue
        if tok.startswith("-") and tok not in ("-", "-o", "-t"):
            name, _, opts = tok.lstrip("-").partition("=")
            if name in table:
                pipeline.append(name + ("{" + opts.replace(",", " ") + "}" if opts else ""))
                continue
            if not tok.startswith("--") and "-" + tok.partition("=")[0] in long_options:
                tok = "-" + tok
        rest.append(tok)
    if any(t in ("-h", "--help") for t in rest):
        return parser.format_help()
    try:
        ns = parser.parse_args(rest)
    except UsageError as e:
        msg = str(e)
        if msg.startswith("unrecognized arguments:"):
            bad = msg.split(":", 1)[1].split()
            raise UsageError(
                f"unknown option or pass '{bad[0]}' (ascdsl-opt --list-passes shows the passes)"
            ) from None
        raise
    if ns.version:
        from ascdsl import __version__
        import xdsl

        return f"ascdsl-opt {__version__} (xdsl {xdsl.__version__})"
    if ns.show_dialects:
        from ascdsl.context import DIALECTS
        from ascdsl.tools.extensions import origin_note

        return "Available Dialects: " + ", ".join(
            n + origin_note("dialect", n) for n in sorted(DIALECTS))
    if ns.list_passes:
        from ascdsl.tools.extensions import origin_note
        from ascdsl.transforms import ALIASES, PASSES

        lines = [f"  {n}{origin_note('pass', n)}" for n in sorted(PASSES)]
        lines += [f"  {a} (alias of {t})" for a, t in sorted(ALIASES.items())]
        return "ascdsl passes:\n" + "\n".join(lines) + "\n(and xDSL's: canonicalize, cse, dce, ...)"
    if ns.keep_names and ns.mlir_names:
        raise UsageError("--keep-names and --mlir-names ask for different value names: "
                         "give one (MLIR's names are the default)")
    if ns.keep_names and ns.target not in ("mlir", "mlir-generic"):
        raise UsageError("--keep-names is an option of the IR output (-t mlir); "
                         "-t ascendc names values with --ascendc-readable-names")
    if ns.output == "":
        raise UsageError("-o needs a file name (or '-' for stdout), got an empty one")
    if ns.input == "":
        raise UsageError("the input file name is empty: give an IR file, or '-' for stdin")
    if ns.input is None:
        if _stdin_is_terminal():
            # Reading a terminal would wait silently for text nobody is going to type.
            raise UsageError("no input file: give an IR file, or '-' to type IR on stdin "
                             "(ascdsl-opt --help shows the options)")
        ns.input = "-"
    return Options(
        input=ns.input,
        output=ns.output,
        pipeline=pipeline,
        target=ns.target,
        split_input_file=ns.split_input_file,
        verify_diagnostics=ns.verify_diagnostics,
        print_generic=ns.print_op_generic,
        print_debuginfo=ns.mlir_print_debuginfo,
        allow_unregistered=ns.allow_unregistered_dialect,
        check=ns.check,
        headers=ns.ascendc_headers,
        include_dirs=ns.include_dirs,
        print_auto_sync=ns.print_auto_sync,
        readable_names=ns.ascendc_readable_names,
        compilable=ns.ascendc_compilable,
        keep_names=ns.keep_names,
    )


def _stdin_is_terminal() -> bool:
    try:
        return sys.stdin is not None and sys.stdin.isatty()
    except (AttributeError, ValueError):  # a closed or replaced stdin
        return False


def build_pipeline(specs: Sequence[str]):
    """The passes of the `-p` / flag pipeline texts (UsageError naming what is wrong)."""
    from ascdsl.transforms import PipelineSpecError
    from ascdsl.transforms import build_pipeline as build

    try:
        return build(specs, _pass_table())
    except PipelineSpecError as e:
        raise UsageError(str(e)) from None


def split_chunks(text: str, split: bool) -> list[tuple[str, int]]:
    """(chunk text, number of lines before it) — line numbers stay those of the file."""
    if not split:
        return [(text, 0)]
    chunks: list[tuple[str, int]] = []
    current: list[str] = []
    start = 0
    for i, line in enumerate(text.split("\n")):
        if line.strip() == SPLIT_MARKER:
            chunks.append(("\n".join(current), start))
            current, start = [], i + 1
        else:
            current.append(line)
    chunks.append(("\n".join(current), start))
    return chunks


def run_chunk(text: str, filename: str, line_offset: int, passes, opts: Options, ctx,
              checker=None) -> ChunkResult:
    from ascdsl.targets import TARGETS

    engine = DiagnosticEngine()
    result = ChunkResult(output=None, diagnostics=engine.diagnostics)
    try:
        module = parse_module(ctx, text, filename, line_offset)
    except AscdslError as e:
        engine.diagnostics.extend(e.diagnostics)
        result.failed = True
        return result
    found = verify_diagnostics(module)
    if found:
        engine.diagnostics.extend(found)
        result.failed = True
        return result
    with using_engine(engine):
        for p in passes:
            try:
                p.apply(ctx, module)
            except AscdslError as e:
                engine.diagnostics.extend(e.diagnostics)
                result.failed = True
                return result
            except Exception as e:  # noqa: BLE001 - reported, not raised
                if os.environ.get("ASCDSL_DEBUG"):
                    raise
                engine.emit(
                    Diagnostic(
                        Severity.ERROR,
                        f"pass '{p.name}' failed: {type(e).__name__}: {e}".strip(),
                    )
                )
                result.failed = True
                return result
            found = verify_diagnostics(module)
            if found:
                for d in found:
                    d.message += f" (after pass '{p.name}')"
                engine.diagnostics.extend(found)
                result.failed = True
                return result
    if any(d.severity is Severity.ERROR for d in engine.diagnostics):
        result.failed = True
        return result
    stream = io.StringIO()
    try:
        if checker is not None:
            found = _checked(module, checker, opts, filename, stream)
            if found:
                engine.diagnostics.extend(found)
                result.failed = True
                return result
        elif opts.target in ("mlir", "mlir-generic"):
            from ascdsl.locations import print_module

            print_module(module, stream,
                         generic=opts.print_generic or opts.target == "mlir-generic",
                         debuginfo=opts.print_debuginfo, mlir_names=not opts.keep_names)
        elif opts.print_auto_sync or opts.readable_names or opts.compilable:
            from ascdsl.targets.ascendc import write

            write(module, stream, opts.print_auto_sync, opts.readable_names,
                  # Readable names depart from pyasc's text anyway: keep them compilable.
                  pyasc_spelling=not (opts.compilable or opts.readable_names))
        else:
            TARGETS[opts.target]()(module, stream)
    except AscdslError as e:
        engine.diagnostics.extend(e.diagnostics)
        result.failed = True
        return result
    result.output = stream.getvalue()
    return result


def _checked(module, checker, opts: Options, filename: str, stream) -> list[Diagnostic]:
    """Print the Ascend C of `module` to `stream` and check it (--check): the diagnostics of
    g++'s errors, located at the ops that printed the rejected lines."""
    from ascdsl.targets.ascendc import emit_with_lines
    from ascdsl.targets.ascendc.check import diagnostics_for

    source, line_ops = emit_with_lines(module, opts.print_auto_sync, opts.readable_names)
    name = os.path.splitext(os.path.basename(filename))[0] + ".cpp"
    errors = checker.check_source(source, name, include_dirs=opts.include_dirs)
    stream.write(source)
    return diagnostics_for(errors, source, line_ops, name)


def _make_checker(opts: Options):
    """The real-header checker for --check (UsageError saying what is missing)."""
    if opts.print_auto_sync and opts.target != "ascendc":
        raise UsageError("--print-auto-sync is an option of the Ascend C target: use -t ascendc")
    if opts.compilable and opts.target != "ascendc":
        raise UsageError(
            "--ascendc-compilable is an option of the Ascend C target: use -t ascendc")
    if opts.readable_names and opts.target != "ascendc":
        raise UsageError(
            "--ascendc-readable-names is an option of the Ascend C target: use -t ascendc")
    if not opts.check:
        if opts.headers or opts.include_dirs:
            raise UsageError("--ascendc-headers and -I are options of --check")
        return None
    if opts.target != "ascendc":
        raise UsageError("--check type-checks Ascend C: use it with -t ascendc")
    from ascdsl.targets.ascendc.check import AscendCChecker, CheckUnavailable

    try:
        checker = AscendCChecker(opts.headers)
        checker.prepare()
    except CheckUnavailable as e:
        raise UsageError(f"--check: {e}") from None
    return checker


def main(argv: Sequence[str] | None = None) -> int:
    argv = sys.argv[1:] if argv is None else list(argv)
    from ascdsl.tools.extensions import load as load_extensions

    # Before the options: an extension's passes are flags too. A failed one is reported and
    # the run goes on with ascdsl's own dialects and passes.
    extensions_ok = load_extensions(argv)
    try:
        opts = parse_args(argv)
        if isinstance(opts, str):
            print(opts)
            return 0 if extensions_ok else 1
        passes = build_pipeline(opts.pipeline)
        from ascdsl.targets import TARGETS

        if opts.target not in TARGETS:
            raise UsageError(f"unknown target '{opts.target}' (known: {', '.join(TARGETS)})")
        checker = _make_checker(opts)
    except UsageError as e:
        print(f"ascdsl-opt: error: {e}", file=sys.stderr)
        return 2

    if opts.output == "-":
        opts.output = None  # `-o -` is stdout, as for mlir-opt (not a file named '-')
    if opts.input == "-":
        filename = "<stdin>"
        stdin_bytes = getattr(sys.stdin, "buffer", None)
        data = stdin_bytes.read() if stdin_bytes is not None else sys.stdin.read()
    else:
        try:
            with open(opts.input, "rb") as f:
                data = f.read()
        except OSError as e:
            print(f"ascdsl-opt: error: cannot read '{opts.input}': {e}", file=sys.stderr)
            return 1
        filename = opts.input
    text = _decoded(data, filename)
    if text is None:
        return 1
    if opts.output and opts.input != "-" and os.path.exists(opts.output):
        if os.path.samefile(opts.output, opts.input):
            print("ascdsl-opt: error: refusing to overwrite the input file", file=sys.stderr)
            return 1

    from ascdsl.context import make_context
    from ascdsl.tools.verify_diagnostics import check, parse_expectations

    outputs: list[str] = []
    status = 0
    for chunk, offset in split_chunks(text, opts.split_input_file):
        ctx = make_context(opts.allow_unregistered)
        res = run_chunk(chunk, filename, offset, passes, opts, ctx, checker)
        if opts.verify_diagnostics:
            problems = check(res.diagnostics, parse_expectations(chunk, filename, offset), filename)
            for d in problems:
                print(d.render(), file=sys.stderr)
            if problems:
                status = 1
        else:
            for d in res.diagnostics:
                print(d.render(), file=sys.stderr)
            if res.failed:
                status = 1
                if filename.endswith(".py") and res.output is None:
                    print(_PYTHON_HINT, file=sys.stderr)
        if res.output is not None:
            outputs.append(res.output)

    if not extensions_ok:
        status = 1
    joined = ("\n" + SPLIT_MARKER + "\n").join(outputs)
    if opts.output:
        if status == 0:
            try:
                write_atomically(opts.output, joined)
            except OSError as e:
                # strerror only: the exception names the temporary file beside the output.
                print(f"ascdsl-opt: error: cannot write '{opts.output}': {e.strerror or e}",
                      file=sys.stderr)
                return 1
    else:
        sys.stdout.write(joined)
    return status


def _decoded(data: bytes | str, filename: str) -> str | None:
    """The input as text; None after a located error for bytes that are not UTF-8 (a binary
    file given by mistake): file:line:col of the first such byte, as for any parse error."""
    if isinstance(data, str):
        return data
    from ascdsl.diagnostics import IRParseError
    from ascdsl.loading import decode

    try:
        return decode(data, filename)
    except IRParseError as e:
        print(e.render(), file=sys.stderr)
        return None
def entry() -> None:
    run_entry("ascdsl-opt", main)


if __name__ == "__main__":
    entry()
