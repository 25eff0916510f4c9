"""`generate-boilerplate` (pyasc: `ascendc-generate-boilerplate`): record the headers to include.

The Ascend C source starts with `#include "kernel_operator.h"`, plus the header of every API
that lives outside it (an op declares it as `Cpp(..., header="lib/matmul_intf.h")`). The pass
writes the list as a module attribute, which prints, parses and round-trips like any other:

    builtin.module attributes {emitasc.includes = ["kernel_operator.h"]} { ... }

and the Ascend C target prints one `#include` per entry (`"<cstdint>"` prints as
`#include <cstdint>`). pyasc inserts `emitc.include` ops instead; an attribute needs no op in
the module body, where ascdsl keeps only functions. Running the pass twice changes nothing.
"""

from __future__ import annotations

from dataclasses import dataclass

from xdsl.context import Context
from xdsl.dialects.builtin import ArrayAttr, ModuleOp, StringAttr
from xdsl.passes import ModulePass

from ascdsl.diagnostics import PassError

INCLUDES_ATTR = "emitasc.includes"
KERNEL_OPERATOR_HEADER = "kernel_operator.h"


def required_headers(module: ModuleOp) -> list[str]:
    """kernel_operator.h, then the extra header of each op class used, in first-use order."""
    headers = [KERNEL_OPERATOR_HEADER]
    seen_classes: set[type] = set()
    for op in module.walk():
        cls = type(op)
        if cls in seen_classes:
            continue
        seen_classes.add(cls)
        cpp = getattr(cls, "CPP", None)
        header = getattr(cpp, "header", None)
        if header and header not in headers:
            headers.append(header)
    return headers


@dataclass(frozen=True)
class GenerateBoilerplatePass(ModulePass):
    """Record `#include "kernel_operator.h"` (and the headers of the APIs used) on the module."""

    name = "generate-boilerplate"

    def apply(self, ctx: Context, op: ModuleOp) -> None:
        existing: list[str] = []
        attr = op.attributes.get(INCLUDES_ATTR)
        if attr is not None:
            if not isinstance(attr, ArrayAttr) or not all(
                isinstance(a, StringAttr) for a in attr.data
            ):
                raise PassError(op, f"{INCLUDES_ATTR} must be an array of strings, got {attr}")
            existing = [a.data for a in attr.data]  # type: ignore[attr-defined]
        merged = list(existing)
        for header in required_headers(op):
            if header not in merged:
                merged.append(header)
        if KERNEL_OPERATOR_HEADER in merged and merged[0] != KERNEL_OPERATOR_HEADER:
            merged.remove(KERNEL_OPERATOR_HEADER)
            merged.insert(0, KERNEL_OPERATOR_HEADER)
        if merged != existing:
            op.attributes[INCLUDES_ATTR] = ArrayAttr([StringAttr(h) for h in merged])
