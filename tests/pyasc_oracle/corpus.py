"""pyasc's dumps as ascdsl reads them: every codegen.mlir and ascir.mlir that pyasc 1.1.1 writes
for its own tests and tutorials, parsed, verified and printed back by ascdsl.

    python -m tests.pyasc_oracle corpus            # the table; the ops ascdsl lacks, by count

A dump *round-trips* when ascdsl reads and verifies it, prints it with its locations
(`--mlir-print-debuginfo`) and reads that back to the same text, and the location aliases it
prints (`#locN = loc(...)`, before and after the module) and the `loc(...)` of every op are
pyasc's, name for name. A dump that fails because it uses an op, type or attribute ascdsl
does not have yet is *missing* those names (the API-breadth and cube issues add them); a dump
MLIR itself printed in the generic form because it does not verify is *invalid* (pyasc's
codegen tests dump such IR); any other failure is a reading bug of ascdsl, unless it is one
of KNOWN_DIFFERENCES (a rule ascdsl checks that pyasc does not, or a form of an existing op
that another issue owns).
"""

from __future__ import annotations

import io
import re
from collections import Counter
from collections.abc import Iterator
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass, field
from pathlib import Path

from . import layout, oracle

FILES = ("codegen.mlir", "ascir.mlir")

# Failures that are not reading bugs: (pattern of the error, why).
KNOWN_DIFFERENCES: list[tuple[re.Pattern[str], str]] = [
    (re.compile(r"Expected 3 operands, but got 5\n\s*ascendc\.(ceil|floor|sin|cos|tan|tanh|"
                r"sinh|cosh|erf) "),
     "the math library's form with a temporary buffer and isReuseSource (the advanced-API "
     "part of the API-breadth issue)"),
]

_GENERIC_MODULE = '"builtin.module"() ({'
_OP_NAME = re.compile(r'^\s*(?:%[^=]+=\s*)?"?([a-z_][\w]*\.[\w.]+)"?[\s(]', re.M)
_TYPE_NAME = re.compile(r"[!#]([a-z_]\w*)\.([a-z_][\w]*)")
_OPAQUE_ATTR = re.compile(r"#([a-z_]\w*)<([a-z_]\w*)[ >]")
_LOC = re.compile(r"loc\((?:[^()]|\([^()]*\))*\)")


@dataclass
class DumpResult:
    """What ascdsl made of one pyasc dump."""

    status: str  # "roundtrips" | "missing" | "fails" | "known" | "invalid" (pyasc's IR)
    missing: list[str] = field(default_factory=list)  # names ascdsl lacks
    error: str | None = None
    ops: int = 0


def missing_names(text: str, ctx) -> list[str]:
    """The op, type and attribute names `text` uses that `ctx` does not know."""
    names: set[str] = set()
    for m in _OP_NAME.finditer(text):
        name = m.group(1)
        if ctx.get_optional_op(name) is None:
            names.add(name)
    for m in (*_TYPE_NAME.finditer(text), *_OPAQUE_ATTR.finditer(text)):
        dialect, mnemonic = m.groups()
        if dialect in ("loc",) or dialect.startswith("loc"):
            continue
        name = f"{dialect}.{mnemonic}"
        if dialect in ctx.registered_dialect_names and ctx.get_optional_attr(name) is None \
                and ctx.get_optional_type(name) is None:
            names.add(name)
    return sorted(names)


def _locations(text: str) -> tuple[list[str], list[str]]:
    """The alias definitions, and every `loc(...)` outside them, in order."""
    lines = text.splitlines()
    aliases = [ln for ln in lines if ln.startswith("#")]
    refs = [x for ln in lines if not ln.startswith("#") for x in _LOC.findall(ln)]
    return aliases, refs


def read_dump(text: str, name: str = "dump.mlir") -> DumpResult:
    """Read, verify and print back one dump (see the module docstring)."""
    from ascdsl.context import make_context
    from ascdsl.diagnostics import AscdslError, parse_module, verify_diagnostics
    from ascdsl.locations import print_module

    ctx = make_context()
    try:
        module = parse_module(ctx, text, name)
        found = verify_diagnostics(module)
        if found:
            raise AscdslError(found)
        out = io.StringIO()
        print_module(module, out, debuginfo=True)
        printed = out.getvalue()
        again = io.StringIO()
        print_module(parse_module(make_context(), printed, name), again, debuginfo=True)
    except AscdslError as e:
        message = e.diagnostics[0].message
        if text.startswith(_GENERIC_MODULE) or f"\n{_GENERIC_MODULE}" in text:
            # MLIR prints a module in the generic form when it does not verify: pyasc's own
            # frontend wrote invalid IR (its codegen tests mock the compiler and dump it).
            return DumpResult("invalid", [], message)
        missing = missing_names(text, ctx)
        if missing:
            return DumpResult("missing", missing, message)
        rendered = e.render()
        for pattern, _ in KNOWN_DIFFERENCES:
            if pattern.search(rendered):
                return DumpResult("known", [], message)
        return DumpResult("fails", [], rendered)
    if again.getvalue() != printed:
        return DumpResult("fails", [], "printing with locations and reading back changes it")
    if _locations(printed) != _locations(text):
        return DumpResult("fails", [], "the locations printed back are not pyasc's")
    return DumpResult("roundtrips", ops=sum(1 for _ in module.walk()))


@dataclass
class Corpus:
    """Every dump of the corpus: id -> result; ids name the pyasc file, the compile and the
    file (`python/tutorials/01_add/add.py #1 vadd_kernel ascir.mlir`)."""

    results: dict[str, DumpResult]

    def by_status(self, status: str) -> list[str]:
        return sorted(i for i, r in self.results.items() if r.status == status)

    def missing_counts(self) -> Counter[str]:
        """Each missing name, by how many dumps need it."""
        c: Counter[str] = Counter()
        for r in self.results.values():
            c.update(r.missing)
        return c

    def ops_only_missing(self) -> Counter[str]:
        """Names that alone stand between a dump and a round trip, by dumps."""
        c: Counter[str] = Counter()
        for r in self.results.values():
            if len(r.missing) == 1:
                c[r.missing[0]] += 1
        return c


def dumps(files: list[Path] | None = None, jobs: int = 2) -> Iterator[tuple[str, str]]:
    """(id, text) of every dump pyasc writes for `files` (default: the whole suite); the files
    pyasc has not dumped yet are compiled `jobs` at a time (minutes for the whole suite)."""
    if files is None:
        files = [p for _, p in layout.suite_files()]
    with ThreadPoolExecutor(max_workers=jobs) as pool:
        results = list(pool.map(oracle.dump_file, files))
    for path, result in zip(files, results):
        rel = layout.relname(path)
        for i, k in enumerate(result.kernels, 1):
            for name in FILES:
                text = getattr(k, name.replace(".", "_"))
                if text is not None:
                    yield f"{rel} #{i} {k.kernel} {name}", text


def read_corpus(files: list[Path] | None = None) -> Corpus:
    """Read every dump (identical texts once)."""
    seen: dict[str, DumpResult] = {}
    results = {}
    for ident, text in dumps(files):
        r = seen.get(text)
        if r is None:
            r = seen[text] = read_dump(text, ident.rsplit(" ", 1)[-1])
        results[ident] = r
    return Corpus(results)
