"""MLIR's `-verify-diagnostics`: check emitted diagnostics against comments in the input.

    // expected-error {{message}}         on this line
    // expected-warning@+1 {{message}}    on the next line (@-N, @+N relative)
    // expected-note@above {{message}}    the nearest line above that is not a directive
    // expected-remark@below {{message}}  the nearest line below that is not a directive
    // expected-note@below 2 {{message}}  two such diagnostics on that line
    // expected-error@unknown {{message}} a diagnostic without a location
    // expected-error-re {{value {{[0-9]+}} is}}   the parts in {{...}} are regexes

A diagnostic matches an expectation of the same severity on the same line whose text it
contains. Every diagnostic (notes too) must be expected and every expectation produced, as
many times as its count says.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from ascdsl.diagnostics import Diagnostic, Loc, Severity

_DIRECTIVE = re.compile(
    r"expected-(error|warning|note|remark)(-re)?(?:@(above|below|unknown|[+-]\d+))?"
    r"(?:\s+(\d+))?\s*\{\{(.*?)\}\}"
)
_NESTED = re.compile(r"\{\{(.*?)\}\}")


@dataclass
class Expectation:
    severity: Severity
    line: int | None  # 1-based line in the whole file; None: a diagnostic without location
    message: str
    at: Loc  # where the directive is written
    pattern: re.Pattern[str] | None = None  # for expected-*-re
    matched: bool = False

    def accepts(self, d: Diagnostic, filename: str) -> bool:
        if self.matched or self.severity is not d.severity:
            return False
        if self.line is None:
            if d.loc is not None:
                return False
        elif d.loc is None or d.loc.file != filename or d.loc.line != self.line:
            return False
        if self.pattern is not None:
            return self.pattern.search(d.message) is not None
        return self.message in d.message


def _regex(text: str) -> re.Pattern[str]:
    """`literal {{regex}} literal` as one pattern."""
    parts, last = [], 0
    for m in _NESTED.finditer(text):
        parts.append(re.escape(text[last : m.start()]))
        parts.append(f"(?:{m.group(1)})")
        last = m.end()
    parts.append(re.escape(text[last:]))
    return re.compile("".join(parts))


def _balanced(line: str, start: int) -> str:
    """The text inside the `{{...}}` opening at `start`, nested pairs included."""
    depth, i = 0, start
    while i < len(line) - 1:
        pair = line[i : i + 2]
        if pair == "{{":
            depth += 1
            i += 2
            continue
        if pair == "}}":
            depth -= 1
            if depth == 0:
                return line[start + 2 : i]
            i += 2
            continue
        i += 1
    return line[start + 2 :]


def parse_expectations(text: str, filename: str, line_offset: int = 0) -> list[Expectation]:
    lines = text.splitlines()
    only_directive = [
        bool(_DIRECTIVE.search(ln)) and ln.strip().startswith("//") for ln in lines
    ]
    out: list[Expectation] = []
    for i, ln in enumerate(lines):
        for m in _DIRECTIVE.finditer(ln):
            sev, is_re, where, count, msg = m.groups()
            target: int | None
            if where is None:
                target = i
            elif where == "unknown":
                target = None
            elif where == "above":
                target = i - 1
                while target >= 0 and only_directive[target]:
                    target -= 1
            elif where == "below":
                target = i + 1
                while target < len(lines) and only_directive[target]:
                    target += 1
            else:
                target = i + int(where)
            pattern = None
            if is_re:
                # The regex parts nest `{{...}}` in the message: it ends where they balance.
                msg = _balanced(ln, m.start(5) - 2)
                pattern = _regex(msg)
            for _ in range(int(count) if count else 1):
                out.append(
                    Expectation(
                        Severity(sev),
                        None if target is None else target + 1 + line_offset,
                        msg,
                        Loc(filename, i + 1 + line_offset, m.start() + 1),
                        pattern,
                    )
                )
    return out


def check(
    diagnostics: list[Diagnostic], expectations: list[Expectation], filename: str
) -> list[Diagnostic]:
    """Problems found: unexpected diagnostics and expectations nobody produced."""
    problems: list[Diagnostic] = []
    flat: list[Diagnostic] = []
    for d in diagnostics:
        flat.append(d)
        flat.extend(d.notes)
    for d in flat:
        hit = next((e for e in expectations if e.accepts(d, filename)), None)
        if hit is not None:
            hit.matched = True
        else:
            problems.append(
                Diagnostic(Severity.ERROR, f"unexpected {d.severity.value}: {d.message}", d.loc)
            )
    for e in expectations:
        if not e.matched:
            problems.append(
                Diagnostic(
                    Severity.ERROR,
                    f'expected {e.severity.value} "{e.message}" was not produced',
                    e.at,
                )
            )
    return problems
