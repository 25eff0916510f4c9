"""ascdsl-opt's text against MLIR's: every pyasc dump printed back by ascdsl with no passes.

    python -m tests.pyasc_oracle corpus --text [--show 10] [--list]

pyasc's dumps are MLIR's printer's output (`ascir-opt`, `--mlir-print-debuginfo`). A researcher
diffs ascdsl-opt's output against them, so for each dump ascdsl reads, two texts must be equal
byte for byte:

- *plain*: ascdsl-opt's default printing against the dump with its locations stripped (what
  MLIR prints without `--mlir-print-debuginfo`);
- *debuginfo*: ascdsl-opt `--mlir-print-debuginfo` against the dump as it is.

A dump that differs is classed by its first difference: the token of pyasc's text and the
token ascdsl printed in its place (`module` / `builtin.module`), so the most common causes
come first.
"""

from __future__ import annotations

import io
import re
from collections import Counter
from dataclasses import dataclass, field
from pathlib import Path

MODES = ("plain", "debuginfo")

# Where MLIR writes a location: ` loc(` after an op, an argument or in an alias definition.
_LOC_START = re.compile(r' loc\(|"')
_ALIAS_DEF_LINE = re.compile(r"#[A-Za-z_$][\w$.-]* = loc\(")
# Tokens for naming a difference: a word (names, numbers, SSA values, attributes), a run of
# blanks, or one other character.
_TOKEN = re.compile(r'"(?:[^"\\\n]|\\.)*"|[%#!^@]?[\w$.-]+|[ \t]+|.')


def strip_locations(text: str) -> str:
    """`text` as MLIR prints it without `--mlir-print-debuginfo`: no location alias
    definitions and no ` loc(...)` (strings are skipped: a verbatim op may quote `loc(`)."""
    out: list[str] = []
    for line in text.splitlines(keepends=True):
        if _ALIAS_DEF_LINE.match(line):
            continue
        out.append(_strip_line(line))
    return "".join(out)


def _strip_line(line: str) -> str:
    pieces: list[str] = []
    pos = 0
    while True:
        m = _LOC_START.search(line, pos)
        if m is None:
            pieces.append(line[pos:])
            return "".join(pieces)
        if m.group() == '"':
            end = _string_end(line, m.start())
            pieces.append(line[pos:end])
            pos = end
            continue
        pieces.append(line[pos:m.start()])
        pos = _paren_end(line, m.end() - 1)


def _string_end(line: str, start: int) -> int:
    i = start + 1
    while i < len(line) and line[i] != '"':
        i += 2 if line[i] == "\\" else 1
    return min(i + 1, len(line))


def _paren_end(line: str, open_at: int) -> int:
    depth, i = 0, open_at
    while i < len(line):
        c = line[i]
        if c == '"':
            i = _string_end(line, i)
            continue
        if c == "(":
            depth += 1
        elif c == ")":
            depth -= 1
            if depth == 0:
                return i + 1
        i += 1
    return len(line)


def first_difference(expected: str, got: str) -> tuple[int, str, str, str] | None:
    """(line number, pyasc's line, ascdsl's line, class) of the first difference, or None.
    The class is `pyasc's token => ascdsl's token` at the first differing character."""
    if expected == got:
        return None
    exp_lines, got_lines = expected.split("\n"), got.split("\n")
    for n, (e, g) in enumerate(zip(exp_lines, got_lines), 1):
        if e != g:
            return n, e, g, _token_class(e, g)
    n = min(len(exp_lines), len(got_lines)) + 1
    if len(exp_lines) > len(got_lines):
        return n, exp_lines[n - 1], "", "line missing: " + _head(exp_lines[n - 1])
    return n, "", got_lines[n - 1], "extra line: " + _head(got_lines[n - 1])


def _head(line: str) -> str:
    tokens = [t for t in _TOKEN.findall(line) if not t.isspace()]
    return " ".join(tokens[:2]) if tokens else "(empty)"


def _token_class(e: str, g: str) -> str:
    et, gt = _TOKEN.findall(e), _TOKEN.findall(g)
    for a, b in zip(et, gt):
        if a != b:
            return f"{_show(a)} => {_show(b)}"
    if len(et) > len(gt):
        return f"{_show(et[len(gt)])} => (end of line)"
    return f"(end of line) => {_show(gt[len(et)])}"


def _show(token: str) -> str:
    if token.isspace():
        return f"<{len(token)} blank{'s' if len(token) > 1 else ''}>"
    return token if len(token) <= 40 else token[:37] + "..."


@dataclass
class TextResult:
    """One dump: per mode, "equal", "differs" or "unread" (ascdsl cannot read it)."""

    status: dict[str, str] = field(default_factory=dict)
    # mode -> (line, pyasc's line, ascdsl's line, class)
    difference: dict[str, tuple[int, str, str, str]] = field(default_factory=dict)
    error: str | None = None


def compare(text: str, name: str = "dump.mlir") -> TextResult:
    """Read `text` as ascdsl-opt does and print it back in both modes (the module docstring)."""
    from ascdsl.context import make_context
    from ascdsl.diagnostics import AscdslError, parse_module, verify_diagnostics
    from ascdsl.locations import print_module

    result = TextResult()
    try:
        module = parse_module(make_context(), text, name)
        found = verify_diagnostics(module)
        if found:
            raise AscdslError(found)
    except AscdslError as e:
        result.error = e.diagnostics[0].message
        result.status = {m: "unread" for m in MODES}
        return result
    expected = {"plain": strip_locations(text), "debuginfo": text}
    for mode in MODES:
        out = io.StringIO()
        print_module(module, out, debuginfo=mode == "debuginfo")
        diff = first_difference(expected[mode], out.getvalue())
        result.status[mode] = "equal" if diff is None else "differs"
        if diff is not None:
            result.difference[mode] = diff
    return result


def run(files: list[Path] | None = None) -> dict[str, TextResult]:
    """Every dump of `files` (default: pyasc's whole suite) compared; identical texts once."""
    from .corpus import dumps

    seen: dict[str, TextResult] = {}
    results: dict[str, TextResult] = {}
    for ident, text in dumps(files):
        r = seen.get(text)
        if r is None:
            r = seen[text] = compare(text, ident.rsplit(" ", 1)[-1])
        results[ident] = r
    return results


def equal_ids(results: dict[str, TextResult]) -> list[str]:
    """The dumps ascdsl-opt prints back byte-equal in both modes."""
    return sorted(i for i, r in results.items()
                  if all(r.status.get(m) == "equal" for m in MODES))


def summary(results: dict[str, TextResult], show: int = 10) -> str:
    lines = [f"{'mode':<12}{'dumps':>8}{'equal':>8}{'differs':>9}{'unread':>8}"]
    for mode in MODES:
        c = Counter(r.status[mode] for r in results.values())
        lines.append(f"{mode:<12}{len(results):>8}{c['equal']:>8}{c['differs']:>9}"
                     f"{c['unread']:>8}")
    lines.append(f"{'both':<12}{len(results):>8}{len(equal_ids(results)):>8}")
    for mode in MODES:
        classes = Counter(r.difference[mode][3] for r in results.values()
                          if mode in r.difference)
        if not classes:
            continue
        lines.append(f"\nfirst differences ({mode}), pyasc's token => ascdsl's, by dumps:")
        for cls, n in classes.most_common(show):
            example = next(r.difference[mode] for r in results.values()
                           if r.difference.get(mode, (0, "", "", ""))[3] == cls)
            lines.append(f"{n:5d}  {cls}")
            lines.append(f"         pyasc  {example[0]}: {example[1].strip()[:100]}")
            lines.append(f"         ascdsl {example[0]}: {example[2].strip()[:100]}")
    unread = Counter(r.error for r in results.values() if r.error)
    if unread:
        lines.append("\nunread (tests/pyasc_oracle/corpus.py classifies them):")
        lines += [f"{n:5d}  {msg.splitlines()[0][:110]}" for msg, n in unread.most_common(5)]
    return "\n".join(lines)
