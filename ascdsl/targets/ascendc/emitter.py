"""The Ascend C printer's core: value names, lines and indentation, rule dispatch, functions.

Rules are functions `rule(em, op)` that append C++ lines for one op. They are found by op
class in `RULES` (filled by `register`): first the op's own class, then its bases (a family
base such as `CastOp` covers every level), then, for `ascendc` ops, a rule compiled once from
the op's declared `CPP` facts (`ascendc_rules.compile_cpp_rule`). The resolved rule is cached
per class, so printing costs one dict lookup and one call per op.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterable, Sequence

from xdsl.dialects.builtin import (
    ArrayAttr,
    CallSiteLoc,
    DictionaryAttr,
    FusedLoc,
    ModuleOp,
    NameLoc,
    StringAttr,
)
from xdsl.dialects.func import CallOp, FuncOp
from xdsl.ir import Attribute, Block, Operation, OpResult, SSAValue
from xdsl.traits import IsTerminator

from ascdsl.dialects.ascendc import SetFftsBaseAddrOp
from ascdsl.dialects.emitasc import KernelArgAttr, KernelArgument
from ascdsl.transforms.cce_auto_sync import AUTO_SYNC_ATTR
from ascdsl.diagnostics import AscdslError, Severity, make_diagnostic
from ascdsl.locations import source_name
from ascdsl.transforms.generate_boilerplate import INCLUDES_ATTR
from ascdsl.transforms.legalize_kernel_args import GLOBAL_ATTR, KERNEL_ARG_ATTR

from .ctypes import ctype, is_object
from .dump import DUMP_PARAM, needs_dump
from .dump import prelude as dump_prelude

Rule = Callable[["Emitter", Operation], None]

RULES: dict[type[Operation], Rule] = {}
# Ops that may stand at module level beside the functions (includes, verbatim C++, struct
# declarations): printed in place, in module order.
MODULE_LEVEL: set[type[Operation]] = set()


# Two spaces after `extern "C"`: pyasc's translator prints an empty attribute slot there, and
# the source is compared with pyasc's line for line (tests/pyasc_oracle/printer_diff.py).
_KERNEL_PREFIX = 'extern "C"  __global__ __aicore__'
_INLINE_PREFIX = "__inline__ __attribute__((always_inline)) __aicore__"
_IDENT = re.compile(r"[A-Za-z_][A-Za-z0-9_]*\Z")
_NOT_IDENT = re.compile(r"[^A-Za-z0-9_]")
_CPP_KEYWORDS = frozenset(
    "alignas alignof and and_eq asm auto bitand bitor bool break case catch char char16_t "
    "char32_t class compl const constexpr const_cast continue decltype default delete do "
    "double dynamic_cast else enum explicit export extern false float for friend goto if "
    "inline int long mutable namespace new noexcept not not_eq nullptr operator or or_eq "
    "private protected public register reinterpret_cast return short signed sizeof static "
    "static_assert static_cast struct switch template this thread_local throw true try "
    "typedef typeid typename union unsigned using virtual void volatile wchar_t while xor "
    "xor_eq".split()
)


def register(*classes: type[Operation], module_level: bool = False) -> Callable[[Rule], Rule]:
    """Register `rule` for each op class (a base class covers its subclasses); with
    `module_level`, the ops may also stand at module level."""

    def wrap(rule: Rule) -> Rule:
        for cls in classes:
            RULES[cls] = rule
            if module_level:
                MODULE_LEVEL.add(cls)
        return rule

    return wrap


_resolved: dict[type[Operation], Rule | None] = {}


def _attach_extension_rules() -> None:
    """The rules of extensions' ops (ascdsl.extension), registered before or after this."""
    from ascdsl.extension.registry import attach

    attach("rule", RULES, lambda cls: _resolved.pop(cls, None))


_attach_extension_rules()


def rule_for(cls: type[Operation]) -> Rule | None:
    """The printing rule of an op class, or None when the target cannot print it."""
    try:
        return _resolved[cls]
    except KeyError:
        pass
    rule: Rule | None = None
    for klass in cls.__mro__:
        rule = RULES.get(klass)
        if rule is not None:
            break
    if rule is None:
        from .ascendc_rules import compile_cpp_rule

        rule = compile_cpp_rule(cls)
    _resolved[cls] = rule
    return rule


def emit_error(anchor: Operation | SSAValue | None, message: str) -> AscdslError:
    """A located error for the op (or value) the printer stopped at."""
    return AscdslError(make_diagnostic(Severity.ERROR, anchor, message))


class Emitter:
    """Prints one module: holds the output lines and the names of the current function.

    Names follow pyasc's translator by default (`vN`, plus `_<name>` when the value's
    location is a name, `loc("x")`), so the output diffs cleanly against pyasc's;
    `readable_names` takes the name from the IR's SSA names instead (`%dst` -> `v1_dst`).
    """

    def __init__(self, print_auto_sync: bool = False, readable_names: bool = False,
                 pyasc_spelling: bool = False,
                 counters: dict[object, int] | None = None) -> None:
        # Syncs cce-auto-sync put in the IR are bisheng's to insert (--cce-auto-sync is on by
        # default); printing them is for a toolchain that runs with --cce-auto-sync=off.
        self.print_auto_sync = print_auto_sync
        self.readable_names = readable_names
        # pyasc's translator redeclares a mask array when two L1 ops of different kinds share
        # a destination in one block, and leaves some template arguments to deduction where
        # C++ cannot deduce them (its output then does not compile, or picks another
        # overload); the interchange target reproduces that, the paths that compile do not.
        self.pyasc_spelling = pyasc_spelling
        self.lines: list[str] = []
        # Which op printed each line (0-based line index -> op), for mapping C++ compiler
        # errors back to the IR (ascdsl.targets.ascendc.check).
        self.line_ops: dict[int, Operation] = {}
        self._op: Operation | None = None
        self._depth = 0
        self._indent = ""
        self._indents = [""]
        self.names: dict[SSAValue, str] = {}
        self._count = 0
        # Helper names (constants, mask arrays) declared in each open C++ block, innermost
        # last: only a redeclaration in the same block is an error, shadowing is not.
        self._scopes: list[set[str]] = [set()]
        # pyasc numbers mask arrays with one counter per op kind (a static in its printer
        # template): per kind, not per function, and running on across every module one
        # process prints. A caller printing several modules as one pyasc process passes the
        # same `counters` to each.
        self._masks: dict[object, int] = {} if counters is None else counters

    # --- output -------------------------------------------------------------------------

    def line(self, text: str) -> None:
        """Append one line at the current indentation."""
        if self._op is not None:
            self.line_ops[len(self.lines)] = self._op
        self.lines.append(self._indent + text)

    def push(self) -> None:
        """Indent the following lines one more level (two spaces)."""
        self._depth += 1
        if self._depth == len(self._indents):
            self._indents.append("  " * self._depth)
        self._indent = self._indents[self._depth]
        self._scopes.append(set())

    def pop(self) -> None:
        """Undo one `push`."""
        self._depth -= 1
        self._indent = self._indents[self._depth]
        self._scopes.pop()

    # --- names --------------------------------------------------------------------------

    def _reset_names(self) -> None:
        self.names = {}
        self._count = 0
        self._scopes = [set()]

    def name(self, value: SSAValue) -> str:
        """The C++ name of a value already defined in the current function."""
        try:
            return self.names[value]
        except KeyError:
            raise emit_error(
                value.owner if isinstance(value.owner, Operation) else None,
                "uses a value that has no C++ name yet (defined in another function or "
                "after its use)",
            ) from None

    def define(self, value: SSAValue) -> str:
        """Name a new value `vN`, or `vN_hint` (see `hint`)."""
        self._count += 1
        hint = self.hint(value)
        name = f"v{self._count}_{hint}" if hint else f"v{self._count}"
        self.names[value] = name
        return name

    def hint(self, value: SSAValue) -> str | None:
        """The suffix a value's name gets: pyasc's, the name its location carries (MLIR's
        `findInstanceOf<NameLoc>`); with `readable_names`, its SSA name first."""
        hint = source_name(value) if self.readable_names else location_name(value)
        return _NOT_IDENT.sub("_", hint) if hint else None

    def fresh(self) -> str:
        """A new temporary name `vN`."""
        self._count += 1
        return f"v{self._count}"

    def alias(self, value: SSAValue, name: str) -> None:
        """Let `value` be spelled by an existing variable (loop results, iter-args)."""
        self.names[value] = name

    def unique(self, base: str) -> str:
        """`base`, or `base_N` when the current C++ block already declares `base` (with
        `pyasc_spelling`, `base` again: pyasc's translator redeclares it)."""
        taken = self._scopes[-1]
        name, n = base, 0
        while name in taken and not self.pyasc_spelling:
            n += 1
            name = f"{base}_{n}"
        taken.add(name)
        return name

    def mask_list_name(self, dst: str, kind: object, numbered: bool = True) -> str:
        """`<dst>_mask_list<N>`, N counted per op `kind` over the module as pyasc counts it
        (or no N, as pyasc's compare printers write it); a name the current block already
        declares takes the next number, where pyasc's output would not compile, unless
        `pyasc_spelling`."""
        if not numbered:
            return self.unique(f"{dst}_mask_list")
        taken = self._scopes[-1]
        n = self._masks.get(kind, 0)
        while f"{dst}_mask_list{n}" in taken and not self.pyasc_spelling:
            n += 1
        self._masks[kind] = n + 1
        name = f"{dst}_mask_list{n}"
        taken.add(name)
        return name

    def counted_name(self, base: str, kind: object) -> str:
        """`<base>_<N>`, N counted per `kind` over the module as pyasc's printers count
        (MrgSort's arrays); a name the block already declares takes the next number."""
        taken = self._scopes[-1]
        n = self._masks.get(kind, 0)
        while f"{base}_{n}" in taken:
            n += 1
        self._masks[kind] = n + 1
        name = f"{base}_{n}"
        taken.add(name)
        return name

    # --- types --------------------------------------------------------------------------

    def ctype(self, t: Attribute, anchor: Operation | SSAValue | None) -> str:
        """The C++ spelling of `t`; a located error at `anchor` when it has none."""
        spelled = ctype(t)
        if spelled is None:
            raise emit_error(anchor, f"type {t} has no Ascend C spelling")
        return spelled

    def value_ctype(self, value: SSAValue, anchor: Operation | None = None) -> str:
        """The C++ type of `value`."""
        return self.ctype(value.type, anchor if anchor is not None else value)

    def declare(self, value: SSAValue, expr: str, anchor: Operation) -> None:
        """`T vN = expr;` for the op's result `value`."""
        t = self.ctype(value.type, anchor)
        self.line(f"{t} {self.define(value)} = {expr};")

    # --- ops ----------------------------------------------------------------------------

    def emit_op(self, op: Operation) -> None:
        """Print `op` with its rule; a located error when it has none."""
        if not self.print_auto_sync and AUTO_SYNC_ATTR in op.attributes:
            return
        rule = _resolved.get(type(op))
        if rule is None:
            from .ascendc_rules import DeclarationError

            try:
                rule = rule_for(type(op))
            except DeclarationError as e:
                raise emit_error(op, f"has a C++ declaration the target cannot use: {e}") from None
            if rule is None:
                raise emit_error(op, no_rule_message(op))
        # pyasc's translator prints IR the headers refuse; the source that gets compiled stops
        # at the op instead of at bisheng.
        refusal = getattr(op, "header_refusal", None)
        if not self.pyasc_spelling and refusal is not None and (why := refusal()) is not None:
            raise emit_error(op, why)
        outer, self._op = self._op, op
        try:
            rule(self, op)
        finally:
            self._op = outer

    def emit_ops(self, block: Block, skip_terminator: bool = True) -> Operation | None:
        """Print the ops of `block`; returns the terminator when it is left to the caller."""
        last = block.last_op
        for op in block.ops:
            if skip_terminator and op is last and last.has_trait(IsTerminator):
                return last
            self.emit_op(op)
        return None

    def assign_parallel(
        self, targets: Sequence[str], values: Sequence[SSAValue], anchor: Operation
    ) -> None:
        """`t_i = v_i` for all i, as if simultaneous (a yield may swap loop variables)."""
        names = [self.name(v) for v in values]
        pending = [(t, n, v) for t, n, v in zip(targets, names, values) if t != n]
        target_set = {t for t, _, _ in pending}
        if any(n in target_set for _, n, _ in pending):
            staged = []
            for t, n, v in pending:
                tmp = self.fresh()
                self.line(f"{self.value_ctype(v, anchor)} {tmp} = {n};")
                staged.append((t, tmp, v))
            pending = staged
        for t, n, _ in pending:
            self.line(f"{t} = {n};")

    # --- module and functions -------------------------------------------------------------

    def emit_module(self, module: ModuleOp) -> None:
        """Includes, prototypes of functions called before their definition, functions."""
        includes = module.attributes.get(INCLUDES_ATTR)
        self._leading_defines = []
        if includes is not None:
            # Macros that configure the headers (ASCENDC_CUBE_ONLY) must come before them,
            # as pyasc prints them; they are the verbatim `#define`s the module starts with.
            from ascdsl.dialects.emitc import VerbatimOp

            for op in module.body.ops:
                if not (isinstance(op, VerbatimOp) and op.value.data.startswith("#define")):
                    break
                self._leading_defines.append(op)
                self.emit_op(op)
            self._op = module  # errors about an include belong to the module
            for header in _include_list(module, includes):
                self.line(f"#include {header}")
            self._op = None
        self.emit_module_body(module)

    def emit_module_body(self, module: ModuleOp) -> None:
        """The module's ops in order: functions (prototypes first where a call needs one)
        and the module-level ops (includes, verbatim C++, struct declarations, and nested
        modules, whose ops print in their place)."""
        top = list(module.body.ops)
        funcs = [op for op in top if isinstance(op, FuncOp)]
        for op in top:
            if not isinstance(op, FuncOp) and type(op) not in MODULE_LEVEL:
                raise emit_error(
                    op,
                    "cannot be printed at module level; the Ascend C target prints "
                    "func.func ops there, and includes, verbatim C++ and struct declarations",
                )
        prototypes = _forward_declarations(funcs)
        printed = getattr(self, "_leading_defines", ())
        for op in top:
            if op in printed:
                continue
            if not isinstance(op, FuncOp):
                self.emit_op(op)
                continue
            for proto in prototypes:
                if self.lines:
                    self.lines.append("")
                self.emit_function(proto, prototype_only=True)
            prototypes = []
            if self.lines:
                self.lines.append("")
            self.emit_function(op)

    def emit_function(self, func: FuncOp, prototype_only: bool = False) -> None:
        """A kernel (`ascendc.global`), an inline helper, or a prototype."""
        outer, self._op = self._op, func
        try:
            self._emit_function(func, prototype_only)
        finally:
            self._op = outer

    def _emit_function(self, func: FuncOp, prototype_only: bool) -> None:
        name = func.sym_name.data
        if not _IDENT.match(name) or name in _CPP_KEYWORDS:
            raise emit_error(func, f"function name '{name}' is not a C++ identifier")
        outputs = func.function_type.outputs.data
        kernel = GLOBAL_ATTR in func.attributes
        if len(outputs) > 1:
            raise emit_error(func, f"returns {len(outputs)} values; a C++ function returns one")
        if kernel and outputs:
            raise emit_error(func, "is a kernel (ascendc.global) and must not return a value")
        for t in outputs:
            if is_object(t):
                raise emit_error(func, f"returns {t}, an Ascend C object that cannot be copied")
        ret = self.ctype(outputs[0], func) if outputs else "void"
        prefix = f"{_KERNEL_PREFIX} void" if kernel else f"{_INLINE_PREFIX} {ret}"
        self._reset_names()
        if func.is_declaration or prototype_only:
            params = ", ".join(
                _param_type(self, t, func) for t in func.function_type.inputs.data
            )
            proto = prefix if (kernel or not func.is_declaration) else f"__aicore__ {ret}"
            self.line(f"{proto} {name}({params});")
            return
        if len(func.body.blocks) != 1:
            raise emit_error(func, "has more than one block; the target prints structured code")
        block = func.body.block
        params = []
        for arg in block.args:
            t = _param_type(self, arg.type, func)
            params.append(f"{t} {self.define(arg)}")
        dump = kernel and needs_dump(func)  # printf/DumpTensor write into a dump buffer
        if dump:
            params.append(DUMP_PARAM)
        self.line(f"{prefix} {name}({', '.join(params)}) {{")
        self.push()
        if dump:
            for text in dump_prelude():
                self.line(text)
        # pyasc's legalize-kernel-args writes the op itself; ascdsl's marks the argument only.
        has_op = any(isinstance(op, SetFftsBaseAddrOp) for op in block.ops)
        for arg, attrs in zip(block.args, _arg_attrs(func)):
            if has_op:
                break
            kind = attrs.data.get(KERNEL_ARG_ATTR) if attrs is not None else None
            if isinstance(kind, KernelArgAttr) and kind.data == KernelArgument.FFTS_ADDR:
                # The FFTS base address cross-core flags go through (see legalize-kernel-args).
                self.line(f"set_ffts_base_addr(*{self.names[arg]});")
        self.emit_ops(block, skip_terminator=False)
        self.pop()
        self.line("}")


@register(ModuleOp, module_level=True)
def _nested_module(em: Emitter, op: Operation) -> None:
    assert isinstance(op, ModuleOp)
    em.emit_module_body(op)


def location_name(value: SSAValue) -> str | None:
    """The first name in the location of `value` (its op's, for a result), searched as
    MLIR's `Location::findInstanceOf` searches: the location itself, then what it wraps."""
    loc = value.op.location if isinstance(value, OpResult) else getattr(value, "location", None)
    stack = [loc]
    while stack:
        loc = stack.pop()
        if isinstance(loc, NameLoc):
            return loc.desc.data
        if isinstance(loc, CallSiteLoc):
            stack += (loc.caller, loc.callee)
        elif isinstance(loc, FusedLoc):
            stack.extend(reversed(loc.locations.data))
    return None


def no_rule_message(op: Operation) -> str:
    """What an op without a printing rule is told (after `'<name>' op`)."""
    return (
        "has no Ascend C printing rule (the target prints ascendc and emitasc ops, func, "
        "scf.for/if/while/index_switch, arith, scalar math, memref.alloca/load/store and "
        "builtin.unrealized_conversion_cast)"
    )


def _param_type(em: Emitter, t: Attribute, func: FuncOp) -> str:
    spelled = em.ctype(t, func)
    # Ascend C objects hold hardware state; helpers must work on the caller's object. pyasc's
    # translator passes them by value (its spelling, -t ascendc, does the same).
    return spelled + "&" if is_object(t) and not em.pyasc_spelling else spelled


def _arg_attrs(func: FuncOp) -> Iterable[DictionaryAttr | None]:
    attrs = func.arg_attrs
    n = len(func.body.block.args)
    if attrs is None:
        return [None] * n
    out: list[DictionaryAttr | None] = [
        a if isinstance(a, DictionaryAttr) else None for a in attrs.data
    ]
    return (out + [None] * n)[:n]


def _include_list(module: ModuleOp, attr: Attribute) -> list[str]:
    if not isinstance(attr, ArrayAttr) or not all(isinstance(a, StringAttr) for a in attr.data):
        raise emit_error(
            module, f"{INCLUDES_ATTR} must be an array of strings, got {attr}"
        )
    out = []
    for a in attr.data:
        header = a.data  # type: ignore[attr-defined]
        if header.startswith("<") and header.endswith(">"):
            out.append(header)
        else:
            out.append(f'"{header}"')
    return out


def _forward_declarations(funcs: list[FuncOp]) -> list[FuncOp]:
    """Functions called above their definition: C++ needs a prototype first."""
    position = {f.sym_name.data: i for i, f in enumerate(funcs) if isinstance(f, FuncOp)}
    needed: dict[str, FuncOp] = {}
    for i, func in enumerate(funcs):
        assert isinstance(func, FuncOp)
        if func.is_declaration:
            continue
        for op in func.walk():
            if isinstance(op, CallOp):
                callee = op.callee.root_reference.data
                j = position.get(callee)
                if j is not None and j >= i and callee not in needed:
                    target = funcs[j]
                    assert isinstance(target, FuncOp)
                    if not target.is_declaration:
                        needed[callee] = target
    return list(needed.values())
