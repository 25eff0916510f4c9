"""IR text and files to verified modules: `ascdsl.parse` and `ascdsl.load`.

    import ascdsl
    module = ascdsl.load("examples/ir/vadd_auto.mlir", passes="ascdsl-default")
    module = ascdsl.parse(text, "kernel.mlir")

What ascdsl-opt and ascdsl-sim do before their work, for Python: the module is parsed with
every op located (`file:line:col`), verified, and optionally run through a pass pipeline
(verified after each pass). Bad IR raises `ascdsl.diagnostics.IRParseError` /
`IRVerifyError` (both `AscdslError`), whose `str()` is the located diagnostics; an unknown
pass or bad pass options raise `ascdsl.transforms.PipelineSpecError` (a ValueError).
"""

from __future__ import annotations

import os
from collections.abc import Sequence

from xdsl.dialects.builtin import ModuleOp

__all__ = ["parse", "load", "decode"]


def parse(text: str, filename: str = "<string>", *, passes: str | Sequence[str] = (),
          allow_unregistered: bool = False) -> ModuleOp:
    """The verified module of IR `text` (named `filename` in diagnostics), after `passes`
    (pipeline texts as for `ascdsl-opt -p`, e.g. `"ascdsl-default"`)."""
    from ascdsl.context import make_context
    from ascdsl.diagnostics import IRVerifyError, parse_module, verify_diagnostics
    from ascdsl.transforms import build_pipeline

    pipeline = build_pipeline(passes) if passes else []
    ctx = make_context(allow_unregistered)
    module = parse_module(ctx, text, filename)
    found = verify_diagnostics(module)
    if found:
        raise IRVerifyError(found)
    for p in pipeline:
        p.apply(ctx, module)
        found = verify_diagnostics(module)
        if found:
            for d in found:
                d.message += f" (after pass '{p.name}')"
            raise IRVerifyError(found)
    return module


def load(path: str | os.PathLike, *, passes: str | Sequence[str] = (),
         allow_unregistered: bool = False) -> ModuleOp:
    """`parse` of the UTF-8 file at `path` (OSError if it cannot be read; IRParseError at the
    first byte that is not UTF-8)."""
    with open(path, "rb") as f:
        text = decode(f.read(), os.fspath(path))
    return parse(text, os.fspath(path), passes=passes, allow_unregistered=allow_unregistered)


def decode(data: bytes, filename: str) -> str:
    """IR bytes as text, newlines as text mode reads them; bytes that are not UTF-8 (a binary
    file given by mistake) are an IRParseError at file:line:col of the first such byte."""
    try:
        return data.decode("utf-8").replace("\r\n", "\n").replace("\r", "\n")
    except UnicodeDecodeError as e:
        from ascdsl.diagnostics import SOURCES, Diagnostic, IRParseError, Loc, Severity

        line = data.count(b"\n", 0, e.start) + 1
        col = e.start - (data.rfind(b"\n", 0, e.start) + 1) + 1
        SOURCES.register(filename, data.decode("utf-8", "replace"))
        raise IRParseError(Diagnostic(Severity.ERROR, f"invalid UTF-8 byte "
                                      f"0x{data[e.start]:02x}: IR is read as UTF-8 text",
                                      Loc(filename, line, col))) from None
