"""MLIR's `-verify-diagnostics`: check emitted diagnostics against comments in the input.

    // expected-error {{message}}         on this line
    // expected-warning@+1 {{message}}    on the next line (@-N, @+N relative)
    // expected-note@above {{message}}    the nearest line above that is not a directive
    // expected-remark@below {{message}}  the nearest line below that is not a directive

A diagnostic matches an expectation of the same severity on the same line whose text it
contains. Every diagnostic (notes too) must be expected and every expectation produced.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from ascdsl.diagnostics import Diagnostic, Loc, Severity

_DIRECTIVE = re.compile(
    r"expected-(error|warning|note|remark)(?:@(above|below|[+-]\d+))?\s*\{\{(.*?)\}\}"
)


@dataclass
class Expectation:
    severity: Severity
    line: int  # 1-based line in the whole file
    message: str
    at: Loc  # where the directive is written
    matched: bool = False


def parse_expectations(text: str, filename: str, line_offset: int = 0) -> list[Expectation]:
    lines = text.splitlines()
    only_directive = [
        bool(_DIRECTIVE.search(ln)) and ln.strip().startswith("//") for ln in lines
    ]
    out: list[Expectation] = []
    for i, ln in enumerate(lines):
        for m in _DIRECTIVE.finditer(ln):
            sev, where, msg = m.group(1), m.group(2), m.group(3)
            if where is None:
                target = i
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
            out.append(
                Expectation(
                    Severity(sev),
                    target + 1 + line_offset,
                    msg,
                    Loc(filename, i + 1 + line_offset, m.start() + 1),
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
        hit = None
        if d.loc is not None and d.loc.file == filename:
            for e in expectations:
                if (
                    not e.matched
                    and e.severity is d.severity
                    and e.line == d.loc.line
                    and e.message in d.message
                ):
                    hit = e
                    break
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
