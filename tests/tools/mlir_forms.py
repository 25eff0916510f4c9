"""Rewrite FileCheck lines written against xDSL's op names to the names MLIR prints.

    python -m tests.tools.mlir_forms [--check] [PATH ...]    # default: tests/filecheck

ascdsl-opt prints op names as MLIR does (ascdsl/mlir_printer.py): `module {` for
`builtin.module {`, `return` for `func.return`, and `call @f` for a `func.call` standing
directly in a function's body (MLIR keeps `func.call` inside an `scf.for`). Lit tests written
before that CHECK the old names; this script rewrites their check lines (never the input
IR, which ascdsl-opt reads in both spellings, nor the generic form `"func.return"()`, nor a
diagnostic's `'builtin.module' op`, which names the op in full as MLIR's do). Run it
again after merging a branch that adds lit tests; it changes nothing it already changed.

`func.call` depends on where the call stands, which a check line alone does not say: the
script follows the `{` / `}` of the check lines before it (and `-LABEL: func.func @f(`)
and keeps `func.call` where the innermost region is another op's (an `scf.for`'s body);
elsewhere it writes `call`, which FileCheck also finds inside `func.call` (patterns match
substrings), so a call it cannot place still matches what is printed, and a `-NOT` line
still rejects both spellings. `--check` rewrites nothing and exits 1 when something would
change.
"""

from __future__ import annotations

import argparse
import re
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
DEFAULT_PATHS = [ROOT / "tests" / "filecheck"]
SUFFIXES = (".mlir", ".py")

# A FileCheck directive in a comment: `// CHECK-NEXT: ...`, `# SYNC: ...` (any prefix).
_DIRECTIVE = re.compile(r"^(?P<lead>\s*(?://|#)\s*)(?P<prefix>[A-Z][A-Z0-9_]*(?:-[A-Z]+)?)"
                        r"(?P<colon>\s*:)(?P<pattern>.*)$")
_NOT_CHECKS = {"RUN", "REQUIRES", "UNSUPPORTED", "XFAIL", "NOTE", "TODO", "FIXME"}
_SPLIT = "// -----"
# The names MLIR prints without their dialect wherever they stand; not in the generic form
# (`"func.return"`) and not as part of a longer name.
_ALWAYS = [
    (re.compile(r'''(?<!["'\w.])builtin\.module\b(?![.\w"'])'''), "module"),
    (re.compile(r'''(?<!["'\w.])func\.return\b(?![.\w"'])'''), "return"),
]
_CALL = re.compile(r'''(?<!["'\w.])func\.(call_indirect|call)\b(?![.\w"'])''')


def _regions(prefix: str, pattern: str, stack: list[str]) -> None:
    """Follow the regions a check line opens and closes (`func.func @f(...) {`, `}`,
    `} else {`). A `-LABEL` line starts afresh; `CHECK-LABEL: func.func @f(`, the usual
    way to check a function, opens its body (a declaration ends in `)`, not `(`)."""
    text = pattern.strip()
    if prefix.endswith("-LABEL"):
        stack.clear()
    if text.startswith("}") and stack:
        stack.pop()
    func = re.search(r"(?<![\w.])func\.func\b", text)
    if func and (text.endswith("(") or text.endswith("{") and not text.endswith("{{")):
        stack.append("func")
    elif text.endswith("{") and not text.endswith("{{"):
        if re.search(r"(?<![\w.\"])(builtin\.)?module\b", text):
            stack.append("module")
        else:
            stack.append("other")


def rewrite_text(text: str) -> str:
    """The text with its check lines rewritten (the module docstring)."""
    out: list[str] = []
    stack: list[str] = []
    for line in text.split("\n"):
        if line.strip() == _SPLIT:
            stack = []
        m = _DIRECTIVE.match(line)
        if m is None or m["prefix"] in _NOT_CHECKS:
            out.append(line)
            continue
        pattern = m["pattern"]
        for rx, short in _ALWAYS:
            pattern = rx.sub(short, pattern)
        nested = bool(stack) and stack[-1] != "func" and not m["prefix"].endswith("-NOT")
        if not nested:
            pattern = _CALL.sub(r"\1", pattern)
        if not m["prefix"].endswith("-NOT"):
            _regions(m["prefix"], pattern, stack)
        out.append(m["lead"] + m["prefix"] + m["colon"] + pattern)
    return "\n".join(out)


def files(paths: list[Path]) -> list[Path]:
    found: list[Path] = []
    for p in paths:
        if p.is_dir():
            found += sorted(f for f in p.rglob("*") if f.suffix in SUFFIXES and f.is_file())
        else:
            found.append(p)
    return found


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m tests.tools.mlir_forms",
                                     description=__doc__.split("\n\n")[0])
    parser.add_argument("paths", nargs="*", type=Path)
    parser.add_argument("--check", action="store_true",
                        help="change nothing; exit 1 when a file would change")
    args = parser.parse_args(argv)
    changed = 0
    for f in files(args.paths or DEFAULT_PATHS):
        text = f.read_text(encoding="utf-8")
        new = rewrite_text(text)
        if new != text:
            changed += 1
            if args.check:
                print(f"would rewrite {f}")
            else:
                f.write_text(new, encoding="utf-8")
    print(f"{changed} file(s) {'to rewrite' if args.check else 'rewritten'}", file=sys.stderr)
    return 1 if args.check and changed else 0


if __name__ == "__main__":
    sys.exit(main())
