"""MLIR source locations: what a location says, and how MLIR prints them.

pyasc's dumps (codegen.mlir, ascir.mlir) carry a location on every op and function argument,
`loc("kernel.py":12:5)`, `loc("x"(#loc1))`, `loc(fused[...])`, `loc(callsite(... at ...))`,
mostly through aliases `#loc3 = loc(...)` that MLIR defines at the end of the file (those of
ops) or at its start (those function arguments need). The parser (`ascdsl.diagnostics`) reads
every form and keeps it on the op; this module says which source position a location points
at, and prints locations the way MLIR does with `--mlir-print-debuginfo`:

- every location gets an alias `#loc`, `#loc1`, ... numbered as MLIR numbers them (aliases
  that nest no other alias first, in the order the printer meets them; an op's location is
  met before its body);
- ops print `loc(#locN)`; block and function arguments print their location inline, with the
  locations nested in it as aliases (`loc("x"(#loc1))`);
- the aliases function arguments need are defined before the module, the others after it.
"""

from __future__ import annotations

import io
import re
from collections.abc import Iterable
from dataclasses import dataclass, field
from typing import IO

from xdsl.dialects.builtin import (
    CallSiteLoc,
    FileLineColLoc,
    FusedLoc,
    IntAttr,
    ModuleOp,
    NameLoc,
    NoneAttr,
    StringAttr,
    UnknownLoc,
    UnregisteredOp,
)
from xdsl.ir import Attribute, BlockArgument, Operation, SSAValue
from xdsl.utils.lexer import Span, Token
from xdsl.utils.mlir_lexer import MLIRTokenKind

import ascdsl.dialects  # noqa: F401  (installs MLIR's spellings of memref spaces, func decls)
from ascdsl.mlir_names import MlirNames
from ascdsl.mlir_printer import MLIR_FORMS, MlirFormsPrinter

LOCATION_TYPES = (UnknownLoc, FileLineColLoc, NameLoc, CallSiteLoc, FusedLoc)
# How deeply locations may nest when written out (`"a"("b"(...))`); an alias chain may be as
# long as it likes. Python's recursion bounds the parser, as for attributes
# (ascdsl.diagnostics.MAX_ATTRIBUTE_DEPTH).
MAX_LOCATION_DEPTH = 64

# `#name = loc(` at the start of a line: a location alias definition (MLIR writes them before
# and after the module; the parser reads them ahead, so an op may use one defined below it).
_LOC_ALIAS_DEF = re.compile(r"^[ \t]*(#[A-Za-z_$][\w$.-]*)[ \t]*=[ \t]*loc[ \t]*\(", re.M)


# The common location forms, read with one match instead of token by token: the inside of
# `loc(...)` is `#alias`, `"name"(#alias)`, `"file":line:col`, `"name"` or `unknown`.
_ALIAS = r"#[A-Za-z_$][\w$.-]*"
_STR = r'"[^"\\\n]*"'
_LOC_BODY = (
    rf'(?P<alias>{_ALIAS})|(?P<label>{_STR})\((?P<inner>{_ALIAS})\)'
    rf'|(?P<file>{_STR}):(?P<line>[0-9]+):(?P<col>[0-9]+)|(?P<name>{_STR})|(?P<unknown>unknown)')
# `loc(...)`: the token LocationLexing makes of it
_LOC_TOKEN = re.compile(rf"loc\((?:{_LOC_BODY})\)")
# `#name = loc(...)`, an alias definition
_ALIAS_DEF = re.compile(rf"(?P<def>{_ALIAS}) = loc\((?:{_LOC_BODY})\)")
_NEXT_ALIAS = re.compile(rf"\s*({_ALIAS})")
_FILE_LINE_COL = re.compile(rf"({_STR}):([0-9]+):([0-9]+)")


def location_alias_definitions(text: str) -> dict[str, int]:
    """Alias name (`#loc3`) -> offset of its definition in `text`, for location aliases."""
    return {m.group(1): m.start(1) for m in _LOC_ALIAS_DEF.finditer(text)}


def file_location(loc: Attribute) -> FileLineColLoc | None:
    """The `file:line:col` a location points at: itself, the location a name, a call site's
    callee or the first fused location wraps (MLIR's `findInstanceOf<FileLineColLoc>`)."""
    while True:
        if isinstance(loc, FileLineColLoc):
            return loc
        if isinstance(loc, NameLoc):
            loc = loc.location
        elif isinstance(loc, CallSiteLoc):
            found = file_location(loc.callee)
            return found if found is not None else file_location(loc.caller)
        elif isinstance(loc, FusedLoc):
            for inner in loc.locations.data:
                found = file_location(inner)
                if found is not None:
                    return found
            return None
        else:
            return None


# MLIR names block arguments `%arg0, %arg1, ...` itself: not a name from the source.
_GENERATED_NAME = re.compile(r"arg[0-9]+\Z")


def source_name(value: SSAValue) -> str | None:
    """The name the source gave a value: its SSA name, unless MLIR made it up (`%arg0`),
    else the name its location carries (pyasc writes `%arg0: ... loc("x"(#loc1))`)."""
    hint = value.name_hint
    if hint and not _GENERATED_NAME.match(hint):
        return hint
    loc = getattr(value, "location", None)
    if isinstance(loc, NameLoc):
        return loc.desc.data
    return None


def _children(loc: Attribute) -> Iterable[Attribute]:
    """The locations nested in `loc`, in the order MLIR prints (and visits) them."""
    if isinstance(loc, NameLoc):
        # MLIR prints (and so meets) a name's location unless it is unknown.
        if not isinstance(loc.location, NoneAttr | UnknownLoc):
            yield loc.location
    elif isinstance(loc, CallSiteLoc):
        yield loc.callee
        yield loc.caller
    elif isinstance(loc, FusedLoc):
        yield from loc.locations.data


# --- reading ----------------------------------------------------------------------------------


class LocationLexing:
    """Lexes a whole `loc(...)` as one token (mixed in before xDSL's MLIRLexer): a BARE_IDENT
    whose text is the location, which `LocationReader.parse_optional_location` takes. A dump
    has one on every op and argument; lexing their tokens one by one (with the other fast
    paths below, reading them through xDSL's general attribute parser) made pyasc's dumps
    1.7x as dear to read per op as ascdsl's own IR (benchmarks/pyasc_parse.py)."""

    def _lex_bare_identifier(self, start_pos):
        content = self.input.content  # type: ignore[attr-defined]
        if content.startswith("loc(", start_pos):
            m = _LOC_TOKEN.match(content, start_pos)  # the usual forms: one match
            self.loc_match = m  # its groups, for the parser (LocationReader._location_token)
            end = m.end() if m is not None else _closing_paren(content, start_pos + 3)
            if end is not None:
                self.pos = end
                return Token(MLIRTokenKind.BARE_IDENT, Span(start_pos, end, self.input))  # type: ignore[attr-defined]
        return super()._lex_bare_identifier(start_pos)  # type: ignore[misc]


def _closing_paren(text: str, open_at: int) -> int | None:
    """The offset after the `)` that closes the `(` at `open_at` (strings skipped), or None
    when it is not closed on the same line."""
    depth, i, n = 0, open_at, len(text)
    while i < n:
        c = text[i]
        if c == "(":
            depth += 1
        elif c == ")":
            depth -= 1
            if depth == 0:
                return i + 1
        elif c == '"':
            i += 1
            while i < n and text[i] != '"':
                if text[i] == "\\":
                    i += 1
                elif text[i] == "\n":
                    return None
                i += 1
        elif c == "\n":
            return None
        i += 1
    return None


class LocationReader:
    """What a Parser subclass needs to read every location MLIR writes (mixed in before
    xDSL's Parser; `init_location_reading(text)` in its constructor):

    - location aliases used before their definition (MLIR defines the aliases of op
      locations after the module): the definition is read ahead, where it stands;
    - `fused<metadata>[...]` (xDSL reads `fused[...]` only);
    - whether an op was given a location in the text (`explicit_location_ends_at`).
    """

    def init_location_reading(self, text: str) -> None:
        # name -> offset of the definition; name -> where the definition ends once read;
        # the ones being read (a definition through itself is an error, not a recursion).
        self._loc_defs = location_alias_definitions(text)
        self._loc_read: dict[str, int] = {}
        self._loc_reading: set[str] = set()
        self._explicit_loc_end = -1

    def explicit_location_ends_at(self, offset: int) -> bool:
        """Whether the last `loc(...)` read ends just before `offset` (the op's own)."""
        return self._explicit_loc_end == offset

    def parse_optional_location(self):
        tok = self._current_token
        if tok.kind is MLIRTokenKind.BARE_IDENT and tok.span.end - tok.span.start > 3 \
                and tok.text.startswith("loc("):
            loc = self._location_token(tok)  # a whole `loc(...)`, see LocationLexing
        else:
            loc = super().parse_optional_location()
        if loc is not None:
            self._explicit_loc_end = self._current_token.span.start
        return loc

    def parse_optional_attribute(self):
        # A `loc(...)` where an optional attribute may stand is the op's trailing location:
        # xDSL would read it as a location attribute and give it to the op's format (pyasc's
        # `ascendc.construct !T() loc(#l)`, whose optional `$types` comes last). Locations are
        # never an op's attribute operand, so the op's own location is left to be read.
        tok = self._current_token
        if tok.kind is MLIRTokenKind.BARE_IDENT and tok.text.startswith("loc("):
            return None
        return super().parse_optional_attribute()

    def _location_token(self, tok):
        """The location of a `loc(...)` token: the usual forms by one match, else parsed."""
        start = tok.span.start + 4
        m = getattr(self.lexer, "loc_match", None)
        if m is not None and m.start() != tok.span.start:
            m = _LOC_TOKEN.match(self.lexer.input.content, tok.span.start)
        if m is not None:
            loc = self._matched_location(m)
            self._consume_token()
            return loc
        self._resume_from(start)
        loc = self._parse_location()
        self.parse_punctuation(")", " to close the location")
        return loc

    def _matched_location(self, m: re.Match[str]):
        """The location of a match of _LOC_BODY (inside _LOC_TOKEN or _ALIAS_DEF)."""
        if m["alias"] is not None:
            return self._alias_location(m["alias"], m.start("alias"), m.end("alias"))
        if m["label"] is not None:
            inner = self._alias_location(m["inner"], m.start("inner"), m.end("inner"))
            return NameLoc(self._string(m["label"]), inner)
        if m["file"] is not None:
            return self._file_line_col(m["file"][1:-1], int(m["line"]), int(m["col"]))
        if m["name"] is not None:
            return NameLoc(self._string(m["name"]), NoneAttr())  # as xDSL reads `"name"`
        return UnknownLoc()

    def _string(self, quoted: str) -> StringAttr:
        strings = self.__dict__.setdefault("_loc_strings", {})
        found = strings.get(quoted)
        if found is None:
            found = strings[quoted] = StringAttr(quoted[1:-1])
        return found

    def _alias_location(self, name: str, start: int, end: int):
        loc = self.attribute_aliases.get(name)
        if loc is None:
            self._define_location_alias(name, start, end)
            loc = self.attribute_aliases[name]
        if not isinstance(loc, LOCATION_TYPES):
            self.raise_error(f"'{name}' is not a location", start, end)
        return loc

    def _parse_location(self):
        depth = self.__dict__.get("_loc_depth", 0)
        if depth >= MAX_LOCATION_DEPTH:
            self.raise_error(f"locations nest more than {MAX_LOCATION_DEPTH} levels deep here "
                             f"(ascdsl's limit is {MAX_LOCATION_DEPTH})")
        self._loc_depth = depth + 1
        try:
            return self._parse_location_at_depth()
        finally:
            self._loc_depth = depth

    def _parse_location_at_depth(self):
        tok = self._current_token
        kind = tok.kind
        if kind is MLIRTokenKind.STRING_LIT:
            m = _FILE_LINE_COL.match(self.lexer.input.content, tok.span.start)
            if m is not None:  # "file":line:col, the leaf of every location pyasc writes
                self._resume_from(m.end())
                return self._file_line_col(m.group(1)[1:-1], int(m.group(2)), int(m.group(3)))
        elif kind is MLIRTokenKind.HASH_IDENT:
            loc = self.attribute_aliases.get(tok.text)
            if loc is None:
                self._define_location_alias(tok.text, tok.span.start, tok.span.end)
                loc = self.attribute_aliases.get(tok.text)
            if isinstance(loc, LOCATION_TYPES):
                self._consume_token(MLIRTokenKind.HASH_IDENT)
                return loc
        elif kind is MLIRTokenKind.BARE_IDENT and tok.text == "fused":
            return self._parse_fused_location()
        return super()._parse_location()

    def _file_line_col(self, file: str, line: int, col: int) -> FileLineColLoc:
        # Built without re-verifying: a string and two non-negative integers by construction.
        return FileLineColLoc.new((self._string(f'"{file}"'), IntAttr(line), IntAttr(col)))

    def _parse_fused_location(self):
        """`fused[...]` and MLIR's `fused<metadata>[...]` (xDSL reads the first only)."""
        self._consume_token(MLIRTokenKind.BARE_IDENT)
        metadata = NoneAttr()
        if self.parse_optional_punctuation("<") is not None:
            metadata = self.parse_attribute()
            self.parse_punctuation(">", " after the metadata of a fused location")
        locs = self.parse_comma_separated_list(self.Delimiter.SQUARE, self._parse_location)
        return FusedLoc(tuple(locs), metadata)

    def _define_location_alias(self, name: str, use_start: int, use_end: int) -> None:
        """Read the definition of location alias `name` where it stands (further down, as
        MLIR writes them), and come back to where the parser was."""
        start = self._loc_defs.get(name)
        if start is None:
            self.raise_error(f"undefined location alias '{name}' (no `{name} = loc(...)` in "
                             "this input)", use_start, use_end)
        if name in self._loc_reading:
            self.raise_error(f"location alias '{name}' is defined through itself", use_start,
                             use_end)
        state = self._parser_state
        back_pos, back_tok = state.lexer.pos, state.current_token
        self._loc_reading.add(name)
        self._loc_read[name] = self._parse_location_alias_def(start, lex_next=False)
        self._loc_reading.discard(name)
        state.lexer.pos, state.current_token = back_pos, back_tok

    def _parse_location_alias_def(self, start: int, lex_next: bool = True) -> int:
        """`#name = loc(...)` at `start`, read as a location (not through the general
        attribute parser), the usual forms in one match; returns where it ends. Without
        `lex_next` (reading ahead) the parser's position is left for the caller to restore."""
        content = self.lexer.input.content
        m = _ALIAS_DEF.match(content, start)
        if m is not None:
            name = m["def"]
            if name in self.attribute_aliases:
                self.raise_error(f"re-declaration of alias '{name}'", start, m.end("def"))
            self._define(name, self._matched_location(m), start)
            if lex_next:
                self._resume_from(m.end())
            return m.end()
        self._resume_from(start)
        tok = self._consume_token(MLIRTokenKind.HASH_IDENT)
        if tok.text in self.attribute_aliases:
            self.raise_error(f"re-declaration of alias '{tok.text}'", tok.span)
        self.parse_punctuation("=", " after attribute alias name")
        loc = self.parse_optional_location()
        if loc is None:
            self.raise_error("expected a location `loc(...)`")
        self._define(tok.text, loc, start)
        return self._current_token.span.start

    def _define(self, name: str, loc: Attribute, start: int) -> None:
        """Define alias `name`, unless through aliases it nests past MAX_LOCATION_DEPTH
        (hashing or printing it would then outrun Python's stack)."""
        depths: dict[int, int] = self.__dict__.setdefault("_loc_nesting", {})

        def nesting(x: Attribute) -> int:  # aliases' are known; written-out ones are shallow
            known = depths.get(id(x))
            if known is None:
                known = 1 + max((nesting(c) for c in _children(x)), default=0)
            return known

        depth = nesting(loc)
        if depth > MAX_LOCATION_DEPTH:
            self.raise_error(f"location alias '{name}' nests locations more than "
                             f"{MAX_LOCATION_DEPTH} levels deep (ascdsl's limit is "
                             f"{MAX_LOCATION_DEPTH})", start, start + len(name))
        depths[id(loc)] = depth
        self.attribute_aliases[name] = loc

    def _parse_alias_def(self):
        tok = self._current_token
        if self._loc_defs.get(tok.text) != tok.span.start:
            super()._parse_alias_def()
            return
        end = self._loc_read.get(tok.text)
        if end is None:
            self._loc_read[tok.text] = self._parse_location_alias_def(tok.span.start)
            return
        # Read ahead already, when an op used it; so are usually the ones after it (MLIR
        # writes them all after the module): skip the run, lexing once.
        content = self.lexer.input.content
        while True:
            m = _NEXT_ALIAS.match(content, end)
            if m is None or self._loc_defs.get(m.group(1)) != m.start(1):
                break
            after = self._loc_read.get(m.group(1))
            if after is None:
                break
            end = after
        self._resume_from(end)


# --- aliases, as MLIR's AsmPrinter assigns them ---------------------------------------------


@dataclass
class _Alias:
    order: int  # when the printer first met it
    depth: int = 1  # 1 + the deepest alias nested in it
    deferrable: bool = True  # may be defined after the module (op locations only)
    children: list[Attribute] = field(default_factory=list)
    name: str = ""


class LocationAliases:
    """MLIR's alias table for the locations of one printed module."""

    def __init__(self) -> None:
        self._aliases: dict[Attribute, _Alias] = {}

    def visit(self, loc: Attribute, deferrable: bool) -> int:
        """Record `loc` (and what it nests) as met by the printer; its alias depth.

        Depth first, as MLIR's printer meets them: a location is numbered when first met,
        and its depth known once its children are (an explicit stack: aliases may nest as
        deep as the input likes)."""
        alias = self._aliases.get(loc)
        if alias is not None:
            if not deferrable:
                self._pin(alias)
            return alias.depth
        self._aliases[loc] = _Alias(len(self._aliases), deferrable=deferrable)
        stack = [(loc, iter(list(_children(loc))))]
        while stack:
            node, pending = stack[-1]
            child = next(pending, None)
            if child is None:
                stack.pop()
                done = self._aliases[node]
                deepest = max((self._aliases[c].depth for c in done.children), default=0)
                if deepest:
                    done.depth = deepest + 1
                continue
            self._aliases[node].children.append(child)
            known = self._aliases.get(child)
            if known is not None:
                if not deferrable:
                    self._pin(known)
                continue
            self._aliases[child] = _Alias(len(self._aliases), deferrable=deferrable)
            stack.append((child, iter(list(_children(child)))))
        return self._aliases[loc].depth

    def _pin(self, alias: _Alias) -> None:
        """An alias an argument uses must be defined before the module, with its children."""
        stack = [alias]
        while stack:
            a = stack.pop()
            if a.deferrable:
                a.deferrable = False
                stack.extend(self._aliases[c] for c in a.children)

    def assign(self) -> None:
        """Name the aliases: by depth, then in the order they were met."""
        for i, (_, alias) in enumerate(
            sorted(self._aliases.items(), key=lambda kv: (kv[1].depth, kv[1].order))
        ):
            alias.name = "#loc" if i == 0 else f"#loc{i}"

    def name(self, loc: Attribute) -> str | None:
        alias = self._aliases.get(loc)
        return alias.name if alias is not None and alias.name else None

    def definitions(self, deferred: bool) -> list[tuple[str, Attribute]]:
        """(alias, location) to define before (deferred=False) or after the module."""
        items = sorted(self._aliases.items(), key=lambda kv: (kv[1].depth, kv[1].order))
        return [(a.name, loc) for loc, a in items if a.deferrable == deferred]


# --- printing ---------------------------------------------------------------------------------


class IRPrinter(MlirFormsPrinter):
    """MLIR's text: op names and forms as MLIR prints them (ascdsl.mlir_printer), values
    named as MLIR names them (`use_mlir_names`), and MLIR's location printing under
    `print_debuginfo`: `print_module` prints a whole module with the location aliases
    defined around it as MLIR does.
    """

    _aliases: LocationAliases | None = None
    _collecting: bool = False
    _argument_depth: int = 0
    _pending_argument: BlockArgument | None = None

    def __init__(self, *args, **kwargs) -> None:
        super().__init__(*args, **kwargs)
        self._custom: list[Operation | None] = []  # ops being printed: custom syntax or None

    _mlir_names: MlirNames | None = None

    def use_mlir_names(self, top: Operation) -> None:
        """Name values as MLIR's printer does (ascdsl.mlir_names) instead of by their hints;
        in the generic form MLIR numbers every result, so ops suggest no names there."""
        self._mlir_names = MlirNames(top, generic=self.print_generic_format)

    def print_ssa_value(self, value: SSAValue) -> str:
        names = self._mlir_names
        if names is None or value not in names.values:
            return super().print_ssa_value(value)
        name = names.values[value]
        self.print_string(f"%{name}")
        return name

    def _print_results(self, op: Operation) -> None:
        names = self._mlir_names
        group = names.groups.get(op) if names is not None else None
        if group is None:
            super()._print_results(op)
        else:
            self.print_string(f"%{group} = ")

    def print_module(self, module: Operation) -> None:
        if not self.print_debuginfo:
            self.print_op(module)
            self.print_string("\n")
            return
        aliases = LocationAliases()
        collector = type(self)(
            stream=io.StringIO(),
            print_generic_format=self.print_generic_format,
            print_debuginfo=True,
        )
        collector._aliases = aliases
        collector._collecting = True
        collector.print_op(module)
        aliases.assign()
        self._aliases = aliases
        for name, loc in aliases.definitions(deferred=False):
            self._print_alias_definition(name, loc)
        self.print_op(module)
        self.print_string("\n")
        for name, loc in aliases.definitions(deferred=True):
            self._print_alias_definition(name, loc)

    def _print_alias_definition(self, name: str, loc: Attribute) -> None:
        self.print_string(f"{name} = ")
        self._print_location_inline(loc)
        self.print_string("\n")

    def _print_location_inline(self, loc: Attribute) -> None:
        """`loc(...)` with the location written out and what it nests as aliases."""
        assert not self.printing_location
        loc.print_builtin(self)  # type: ignore[attr-defined]

    def print_op(self, op: Operation) -> None:
        if self._collecting:
            # MLIR meets an op's location before its body.
            self._aliases.visit(op.location, deferrable=True)  # type: ignore[union-attr]
        custom = not (self.print_generic_format or isinstance(op, UnregisteredOp)
                      or (type(op).print is Operation.print and op.name not in MLIR_FORMS))
        self._custom.append(op if custom else None)
        try:
            super().print_op(op)
        finally:
            self._custom.pop()

    def print_operation_type(self, op: Operation) -> None:
        if self._custom and self._custom[-1] is op:
            # A custom syntax printing its type (scf.while): the location comes after the
            # op, once (xDSL's printer would write it here as well).
            self.print_function_type(op.operand_types, op.result_types)
            return
        super().print_operation_type(op)

    def print_block_argument(self, arg: BlockArgument, print_type: bool = True) -> None:
        if not print_type:
            # A function argument: its type, attributes and location follow
            # (xdsl.dialects.utils.format.print_func_argument).
            super().print_block_argument(arg, print_type)
            self._pending_argument = arg
            return
        self._argument_depth += 1
        try:
            super().print_block_argument(arg, print_type)
        finally:
            self._argument_depth -= 1

    def print_attribute(self, attribute: Attribute) -> None:
        aliases = self._aliases
        if aliases is None or not isinstance(attribute, LOCATION_TYPES):
            super().print_attribute(attribute)
            return
        nested = self.printing_location
        argument = False
        if not nested:
            pending = self._pending_argument
            argument = bool(self._argument_depth) or (
                pending is not None and attribute is pending.location)
            if pending is not None and attribute is pending.location:
                self._pending_argument = None
        if self._collecting:
            if nested:
                return  # met already: visit() walked what the location nests
            if argument:
                aliases.visit(attribute, deferrable=False)
            super().print_attribute(attribute)
        elif nested:
            self.print_string(aliases.name(attribute) or "")
        elif argument:
            self._print_location_inline(attribute)
        else:
            self.print_string(f"loc({aliases.name(attribute)})")


def print_module(module: ModuleOp, stream: IO[str], *, generic: bool = False,
                 debuginfo: bool = False, mlir_names: bool = True) -> None:
    """Print `module` to `stream` as ascdsl-opt does: values named as MLIR's printer names
    them (`%0`, `%arg0`, `%c5_i32`; ascdsl.mlir_names), or with `mlir_names=False` by the
    names they carry (a parsed file's own names, a kernel's Python names); MLIR's location
    aliases with `debuginfo`."""
    printer = IRPrinter(stream=stream, print_generic_format=generic, print_debuginfo=debuginfo)
    if mlir_names:
        printer.use_mlir_names(module)
    printer.print_module(module)
