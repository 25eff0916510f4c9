"""docs/ops.md: every `ascendc` op with its class, file, C++ API, pipe and simulator lowering.

    python -m ascdsl.tools.opsdoc -o docs/ops.md     # regenerate
    python -m ascdsl.tools.opsdoc --check docs/ops.md  # exit 1 if it is out of date

The page is generated from the registries (the dialect's op list, each op's declared facts,
the simulator's lowerings), the way ODS generates an op's documentation from its record, so it
cannot drift: `tests/unit/tools/test_opsdoc.py` fails when it is not regenerated.
"""

from __future__ import annotations

import inspect
import sys
from pathlib import Path

from ascdsl.tools.common import OneLineArgParser, UsageError, run_entry

_ROOT = Path(__file__).resolve().parents[2]

_HEADER = """\
# `ascendc` ops

Generated from the registries by `python -m ascdsl.tools.opsdoc -o docs/ops.md`; do not edit
(`tests/unit/tools/test_opsdoc.py` fails when this page is out of date). One section per
module of `ascdsl/dialects/ascendc/`, ops in the order the module lists them.

- **C++ API**: how the Ascend C target spells the op (`Cpp` in its declaration).
- **pipe**: the `PIPE` fact; *computed* when the op works it out (`hw_pipe()`), e.g. a copy
  from the memories of its source and destination; blank for scalar-unit bookkeeping.
- **simulator**: the lowering that runs it (`ascdsl/sim/lower/`), or why it is not simulated.
"""


def _source_file(cls: type) -> str:
    path = Path(inspect.getfile(cls)).resolve()
    try:
        return path.relative_to(_ROOT).as_posix()
    except ValueError:
        return path.name


def _cpp(cls: type) -> str:
    from ascdsl.dialects.ascendc import CppStyle

    cpp = cls.CPP
    if cpp is None:
        return "(none: compiler-managed)"
    api, ns = cpp.api, cpp.namespace
    spell = {
        CppStyle.FREE: lambda: f"`{ns}{api}(...)`",
        CppStyle.MEMBER: lambda: f"`obj.{api}(...)`",
        CppStyle.CTOR: lambda: f"`{ns}{api} v` (constructor)" if api else "`T v{...}` (struct)",
        CppStyle.OPERATOR: lambda: f"`dst = a {api} b`",
        CppStyle.SUBSCRIPT: lambda: "`t[i]`",
        CppStyle.SPECIAL: lambda: f"`{ns}{api}` (own printing rule)",
    }
    return spell[cpp.style]()


def _pipe(cls: type) -> str:
    from ascdsl.dialects.ascendc import AscendCOp

    if cls.hw_pipe is not AscendCOp.hw_pipe:
        return "computed"
    return cls.PIPE.name if cls.PIPE is not None else ""


def _lowering(cls: type) -> str:
    from ascdsl.sim.compiler import lowering_for

    found = lowering_for(cls)
    if found is None:
        return "**none**"
    if isinstance(found, str):
        return f"not simulated: {found}"
    module = found.__module__.rsplit(".", 1)[-1]
    return f"`{module}.{found.__name__}`"


def generate() -> str:
    """The text of docs/ops.md."""
    from ascdsl.dialects.ascendc import ALL_OPS

    by_module: dict[str, list[type]] = {}
    for cls in ALL_OPS:
        by_module.setdefault(_source_file(cls), []).append(cls)
    lines = [_HEADER]
    lines.append(f"{len(ALL_OPS)} ops in {len(by_module)} modules.\n")
    for path, ops in by_module.items():
        doc = inspect.getdoc(sys.modules[ops[0].__module__]) or ""
        lines.append(f"## `{path}`\n")
        if doc:
            lines.append(doc.split("\n\n", 1)[0].replace("\n", " ") + "\n")
        lines.append("| IR name | class | C++ API | pipe | simulator |")
        lines.append("|---|---|---|---|---|")
        for cls in ops:
            lines.append(
                f"| `{cls.name}` | `{cls.__name__}` | {_cpp(cls)} | {_pipe(cls)} | "
                f"{_lowering(cls)} |"
            )
        lines.append("")
    return "\n".join(lines)


def main(argv: list[str] | None = None) -> int:
    p = OneLineArgParser(prog="opsdoc", description="Generate docs/ops.md from the registries.")
    p.add_argument("-o", "--output", help="write the page here (atomically); default stdout")
    p.add_argument("--check", metavar="FILE", help="exit 1 if FILE differs from the page")
    try:
        args = p.parse_args(argv)
    except UsageError as e:
        print(f"opsdoc: {e}", file=sys.stderr)
        return 2
    text = generate()
    if args.check:
        try:
            current = Path(args.check).read_text(encoding="utf-8")
        except OSError as e:
            print(f"opsdoc: cannot read {args.check}: {e.strerror}", file=sys.stderr)
            return 2
        if current != text:
            print(
                f"opsdoc: {args.check} is out of date; run "
                f"`python -m ascdsl.tools.opsdoc -o {args.check}`",
                file=sys.stderr,
            )
            return 1
        return 0
    if args.output:
        from ascdsl.fileio import write_atomically

        write_atomically(args.output, text)
    else:
        sys.stdout.write(text)
    return 0


if __name__ == "__main__":
    run_entry("opsdoc", main)
