"""`erase-sync,insert-que-sync` on any output of `insert-que-sync` reproduces it byte for byte.

The outputs are those of the synchronization half of the pipeline (`erase-sync,
insert-que-sync`) on each input, so inputs with hand-placed enques, which insert-que-sync
keeps where the user put them, count with the placement the pass makes itself. The corpus: every IR input of the lit suite (each `// -----` piece on its own), the IR
examples, and pyasc's own lit inputs when ../shared holds them. Inputs that do not parse,
verify (error tests) are left out when collecting; enough remain that the test means something.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from ascdsl.context import make_context
from ascdsl.diagnostics import AscdslError, parse_module, verify_diagnostics
from ascdsl.transforms.erase_sync import EraseSyncPass
from ascdsl.transforms.insert_que_sync import InsertQueSyncPass

ROOT = Path(__file__).resolve().parents[3]
SOURCES = [
    *sorted((ROOT / "tests" / "filecheck").rglob("*.mlir")),
    *sorted((ROOT / "examples" / "ir").glob("*.mlir")),
    *sorted((ROOT.parent / "shared" / "pyasc" / "test").rglob("*.mlir")),
]


def _pieces() -> list[tuple[str, str]]:
    out = []
    for path in SOURCES:
        if "Output" in path.parts:
            continue
        for i, text in enumerate(path.read_text().split("// -----")):
            if "ascendc." in text:
                out.append((f"{path.relative_to(ROOT.parent)}#{i}", text))
    return out


def _valid(name: str, text: str) -> bool:
    """True if the piece parses and verifies (error tests are about bad IR: left out)."""
    try:
        module = parse_module(make_context(), text, name)
    except AscdslError:
        return False
    return not verify_diagnostics(module)


def _synchronized(name: str, text: str) -> str | None:
    """erase-sync,insert-que-sync on one valid input; None where insert-que-sync rejects it
    with a located error (pyasc's "failed to be hoisted" cases). Anything else it raises is
    a bug and fails the test."""
    ctx = make_context()
    module = parse_module(ctx, text, name)
    try:
        EraseSyncPass().apply(ctx, module)
        InsertQueSyncPass().apply(ctx, module)
    except AscdslError:
        return None
    return str(module)


ALL_PIECES = _pieces()
PIECES = [(n, t) for n, t in ALL_PIECES if _valid(n, t)]


def test_the_corpus_is_large():
    assert len(PIECES) > 120, f"{len(PIECES)} valid of {len(ALL_PIECES)} pieces"


@pytest.mark.parametrize(("name", "text"), PIECES, ids=[n for n, _ in PIECES])
def test_erase_then_insert_reproduces_insert(name, text):
    once = _synchronized(name, text)
    if once is None:
        pytest.skip("insert-que-sync rejects it with a located error (an error test)")
    ctx = make_context()
    module = parse_module(ctx, once, name)
    EraseSyncPass().apply(ctx, module)
    InsertQueSyncPass().apply(ctx, module)
    assert str(module) == once
