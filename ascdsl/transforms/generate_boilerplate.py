"""`generate-boilerplate` (pyasc: `ascendc-generate-boilerplate`): the headers to include.

The Ascend C source starts with `#include "kernel_operator.h"`, plus the header of every API
that lives outside it (an op declares it as `Cpp(..., header="lib/matmul_intf.h")`). As
pyasc's pass, it inserts one `emitc.include` op per header at the start of the module, with
the module's location:

    module {
      emitc.include "kernel_operator.h"
      emitc.include "lib/matmul_intf.h"
      func.func @kernel(...) ...

The Ascend C target prints each one as `#include "..."` (`<cstdint>` with `emitc.include
<"cstdint">`). Running the pass twice changes nothing: a header the module already includes
is not added again. IR written by older ascdsl recorded the list as a module attribute
(`emitasc.includes = [...]`); the pass turns such an attribute into the ops, and the target
still prints it when the pass did not run.

Option `mode`: `ascdsl` (default; the rule above) or `pyasc` (the default under pyasc's name,
`ascendc-generate-boilerplate`): pyasc's fixed list, `kernel_operator.h`, then
`kernel_operator_list_tensor_intf.h` when a `list_tensor_desc` or `list_tensor_desc_v2` is
used, `lib/matmul_intf.h` when a Matmul object is registered, and
`kernel_operator_list_tensor_intf.h` again when a `tensor_desc` is used (pyasc's pass tests
the three conditions one after the other, so a kernel with both descriptors includes the
header twice). A header ascdsl's ops need that this list misses comes after it.
"""

from __future__ import annotations

from dataclasses import dataclass

from xdsl.context import Context
from xdsl.dialects.builtin import ArrayAttr, ModuleOp, StringAttr
from xdsl.ir import Operation

from ascdsl.diagnostics import PassError
from ascdsl.dialects.emitc import IncludeOp, VerbatimOp

from .options import CheckedPass

INCLUDES_ATTR = "emitasc.includes"  # the older form, still read
KERNEL_OPERATOR_HEADER = "kernel_operator.h"
LIST_TENSOR_HEADER = "kernel_operator_list_tensor_intf.h"
MATMUL_HEADER = "lib/matmul_intf.h"
MODES = ("ascdsl", "pyasc")


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


def pyasc_headers(module: ModuleOp) -> list[str]:
    """pyasc's GenerateBoilerplate list, duplicates kept (see the module's docstring)."""
    from ascdsl.dialects.ascendc import (
        ListTensorDescOp,
        ListTensorDescV2Op,
        RegistMatmulObjOp,
        TensorDescOp,
    )

    used = {type(op) for op in module.walk()}
    headers = [KERNEL_OPERATOR_HEADER]
    if ListTensorDescOp in used or ListTensorDescV2Op in used:
        headers.append(LIST_TENSOR_HEADER)
    if RegistMatmulObjOp in used:
        headers.append(MATMUL_HEADER)
    if TensorDescOp in used:
        headers.append(LIST_TENSOR_HEADER)
    headers += [h for h in required_headers(module) if h not in headers]
    return headers


def include_spelling(op: IncludeOp) -> str:
    """The header as the attribute form spells it: `<cstdint>` for a standard include."""
    return f"<{op.include.data}>" if op.standard else op.include.data


def module_includes(module: ModuleOp) -> list[IncludeOp]:
    """The `emitc.include` ops directly in `module`, in order."""
    return [op for op in module.body.ops if isinstance(op, IncludeOp)]


def _legacy_headers(module: ModuleOp) -> list[str]:
    attr = module.attributes.get(INCLUDES_ATTR)
    if attr is None:
        return []
    if not isinstance(attr, ArrayAttr) or not all(isinstance(a, StringAttr) for a in attr.data):
        raise PassError(module, f"{INCLUDES_ATTR} must be an array of strings, got {attr}")
    return [a.data for a in attr.data]  # type: ignore[attr-defined]


def _make_include(header: str, module: ModuleOp) -> IncludeOp:
    standard = header.startswith("<") and header.endswith(">")
    op = IncludeOp(header[1:-1] if standard else header, standard)
    op.location = module.location
    return op


@dataclass(frozen=True)
class GenerateBoilerplatePass(CheckedPass):
    """Insert `emitc.include "kernel_operator.h"` (and the headers of the APIs used)."""

    name = "generate-boilerplate"
    CHOICES = {"mode": MODES}

    mode: str = "ascdsl"

    def apply(self, ctx: Context, op: ModuleOp) -> None:
        legacy = _legacy_headers(op)
        present = {include_spelling(i) for i in module_includes(op)}
        wanted: list[str] = []
        if self.mode == "pyasc":
            # pyasc's duplicate is its own list's; a header the module had stays single, so
            # a second run adds nothing.
            wanted = [h for h in pyasc_headers(op) if h not in present]
        for header in [*required_headers(op), *legacy]:
            if header not in present and header not in wanted:
                wanted.append(header)
        op.attributes.pop(INCLUDES_ATTR, None)
        if not wanted:
            return
        block = op.body.block
        # After the `#define`s that configure the headers (define-cube-only's), before
        # anything else: pyasc's pass inserts at the top and define-cube-only runs after it.
        anchor: Operation | None = block.first_op
        while isinstance(anchor, VerbatimOp) and anchor.value.data.startswith("#define"):
            anchor = anchor.next_op
        # Past the includes already there, so a header added later comes after them.
        while isinstance(anchor, IncludeOp):
            anchor = anchor.next_op
        new = [_make_include(h, op) for h in wanted]
        if anchor is None:
            block.add_ops(new)
        else:
            block.insert_ops_before(new, anchor)
