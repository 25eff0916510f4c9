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

__all__ = ["parse", "load"]


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
    """`parse` of the UTF-8 file at `path` (OSError if it cannot be read)."""
    with open(path, encoding="utf-8") as f:
        text = f.read()
    return parse(text, os.fspath(path), passes=passes, allow_unregistered=allow_unregistered)
