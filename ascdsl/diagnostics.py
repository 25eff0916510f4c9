"""Located diagnostics: `file:line:col: error: message`, the source line and a caret.

Everything that reports a problem in IR goes through here: the parser (syntax errors), the
verifier (each op's rules), passes (errors and warnings) and the frontend. An op's location is
its `location` attribute (`FileLineColLoc`): the parser records where each op starts, the
frontend records the kernel's Python line, and clones keep it. An op whose text gives it a
location (pyasc's dumps do, `loc("kernel.py":12:5)`) keeps that one; diagnostics still point
at the op in the IR text (IR_POSITIONS) and add a note at the kernel line it names.

Passes report through the current `DiagnosticEngine`:

    from ascdsl.diagnostics import emit_warning, PassError
    emit_warning(op, "enque never dequeued", notes=[(queue_value, "queue declared here")])
    raise PassError(op, "failed to be hoisted to the deque's scope")
"""

from __future__ import annotations

import bisect
import contextvars
import linecache
import math
import re
import sys
import weakref
from collections.abc import Callable, Iterator, Sequence
from contextlib import contextmanager
from dataclasses import dataclass, field
from enum import Enum
from typing import Union

from xdsl.context import Context
from xdsl.dialects.builtin import FileLineColLoc, FloatAttr, ModuleOp
from xdsl.ir import Attribute, BlockArgument, Operation, OpResult, SSAValue
from xdsl.parser import Parser
from xdsl.parser.core import ForwardDeclaredValue
from xdsl.parser.generic_parser import ParserState
from xdsl.utils.exceptions import DiagnosticException, ParseError, VerifyException
from xdsl.utils.lexer import Input, Span
from xdsl.utils.mlir_lexer import MLIRLexer, MLIRTokenKind

from ascdsl.gc_pause import gc_paused
from ascdsl.locations import LocationLexing, LocationReader, file_location


class Severity(Enum):
    ERROR = "error"
    WARNING = "warning"
    NOTE = "note"
    REMARK = "remark"


@dataclass(frozen=True)
class Loc:
    file: str
    line: int
    col: int

    def __str__(self) -> str:
        return f"{self.file}:{self.line}:{self.col}"


Anchor = Union[Operation, SSAValue, Loc, None]


# Where each op that was parsed with a location of its own (`loc(...)` in the text, as pyasc
# writes on every op) stands in the IR text. Its `location` keeps what the text said (printed
# back with --mlir-print-debuginfo); diagnostics point at the IR text, where the reader is.
IR_POSITIONS: weakref.WeakKeyDictionary[Operation, Loc] = weakref.WeakKeyDictionary()


def location_of(anchor: Anchor) -> Loc | None:
    """The source location of an op, a value (its defining op or block argument) or a Loc:
    where a parsed op stands in the IR text, else the file position its location names."""
    if anchor is None or isinstance(anchor, Loc):
        return anchor
    if isinstance(anchor, OpResult):
        anchor = anchor.op
    elif isinstance(anchor, BlockArgument):
        parent = anchor.block.parent_op()
        if parent is not None and parent in IR_POSITIONS:
            return IR_POSITIONS[parent]
        loc = _loc_attr(anchor.location)
        if loc is not None:
            return loc
        return location_of(parent) if parent is not None else None
    if isinstance(anchor, Operation):
        pos = IR_POSITIONS.get(anchor)
        return pos if pos is not None else _loc_attr(anchor.location)
    return None


def origin_of(anchor: Anchor) -> Loc | None:
    """Where a parsed op came from, when its location names another file than the IR text
    it was read from (pyasc's `loc("kernel.py":12:5)`): the kernel's line."""
    if isinstance(anchor, OpResult):
        anchor = anchor.op
    if not isinstance(anchor, Operation):
        return None
    pos = IR_POSITIONS.get(anchor)
    if pos is None:
        return None
    origin = _loc_attr(anchor.location)
    if origin is None or origin.file == pos.file:
        return None
    return origin


def _loc_attr(attr: Attribute) -> Loc | None:
    loc = file_location(attr)
    if loc is None:
        return None
    return Loc(loc.filename.data, loc.line.data, loc.column.data)


def op_label(anchor: Anchor) -> str:
    if isinstance(anchor, Operation):
        return f"'{anchor.name}' op "
    return ""


@dataclass
class Diagnostic:
    severity: Severity
    message: str
    loc: Loc | None = None
    notes: list[Diagnostic] = field(default_factory=list)
    # The kernel line the op came from, when the IR names one (pyasc's locations): shown
    # under the diagnostic, but not one of its notes (`--verify-diagnostics` checks the
    # notes, and the kernel file is not the IR file it verifies).
    origin: Loc | None = None

    def render(self, sources: SourceManager | None = None) -> str:
        sources = sources or SOURCES
        out = [self._render_one(sources)]
        if self.origin is not None:
            out.append(_render_at(self.origin, "note: the op comes from this kernel line",
                                  sources))
        out.extend(n.render(sources) for n in self.notes)
        return "\n".join(out)

    def _render_one(self, sources: SourceManager) -> str:
        head = f"{self.severity.value}: {self.message}"
        if self.loc is None:
            return head
        return _render_at(self.loc, head, sources)


def _render_at(loc: Loc, head: str, sources: SourceManager) -> str:
    text = f"{loc}: {head}"
    line = sources.line(loc.file, loc.line)
    if line is not None:
        line, col = _clip(line.rstrip(), max(loc.col, 1))
        text += f"\n{line}\n{' ' * (col - 1)}^"
    return text


_CLIP = 120


def _clip(line: str, col: int) -> tuple[str, int]:
    """A long source line cut to a window around the caret's column (and the new column)."""
    if len(line) <= _CLIP:
        return line, col
    start = max(0, min(col - _CLIP // 2, len(line) - _CLIP))
    text = line[start : start + _CLIP]
    if start > 0:
        text, col = "..." + text[3:], col - start
    if start + _CLIP < len(line):
        text = text[:-3] + "..."
    return text, col


class AscdslError(Exception):
    """An error with located diagnostics; `str()` renders them (never a traceback)."""

    def __init__(self, diagnostics: Sequence[Diagnostic] | Diagnostic):
        if isinstance(diagnostics, Diagnostic):
            diagnostics = [diagnostics]
        self.diagnostics = list(diagnostics)
        super().__init__(self.render())

    def render(self) -> str:
        return "\n".join(d.render() for d in self.diagnostics)


class IRParseError(AscdslError):
    """The input text is not valid IR."""


class IRVerifyError(AscdslError):
    """An op breaks one of its rules."""


class PassError(AscdslError, DiagnosticException):
    """A pass cannot do its job on this IR; located at the op that stops it."""

    def __init__(self, anchor: Anchor, message: str, notes: Sequence[tuple[Anchor, str]] = ()):
        diag = make_diagnostic(Severity.ERROR, anchor, message, notes)
        AscdslError.__init__(self, [diag])


def make_diagnostic(
    severity: Severity, anchor: Anchor, message: str, notes: Sequence[tuple[Anchor, str]] = ()
) -> Diagnostic:
    return Diagnostic(
        severity,
        op_label(anchor) + message,
        location_of(anchor),
        [Diagnostic(Severity.NOTE, m, location_of(a), origin=origin_of(a)) for a, m in notes],
        origin=origin_of(anchor),
    )


# --- source text ---------------------------------------------------------------------------


class SourceManager:
    """Text of the files diagnostics point into (registered inputs, else read from disk)."""

    def __init__(self) -> None:
        self._texts: dict[str, list[str]] = {}

    def register(self, name: str, text: str) -> None:
        self._texts[name] = text.splitlines()

    def line(self, name: str, lineno: int) -> str | None:
        lines = self._texts.get(name)
        if lines is not None:
            return lines[lineno - 1] if 0 < lineno <= len(lines) else None
        text = linecache.getline(name, lineno)
        return text if text else None


SOURCES = SourceManager()


# --- the engine ----------------------------------------------------------------------------


class DiagnosticEngine:
    """Collects diagnostics; `handler` sees each one as it is emitted."""

    def __init__(self, handler: Callable[[Diagnostic], None] | None = None):
        self.diagnostics: list[Diagnostic] = []
        self.handler = handler

    def emit(self, diag: Diagnostic) -> None:
        self.diagnostics.append(diag)
        if self.handler is not None:
            self.handler(diag)

    @property
    def warnings(self) -> list[Diagnostic]:
        return [d for d in self.diagnostics if d.severity is Severity.WARNING]


def print_to_stderr(diag: Diagnostic) -> None:
    print(diag.render(), file=sys.stderr)


_ENGINE: contextvars.ContextVar[DiagnosticEngine] = contextvars.ContextVar(
    "ascdsl_diagnostics", default=DiagnosticEngine(print_to_stderr)
)


def current_engine() -> DiagnosticEngine:
    return _ENGINE.get()


@contextmanager
def using_engine(engine: DiagnosticEngine) -> Iterator[DiagnosticEngine]:
    token = _ENGINE.set(engine)
    try:
        yield engine
    finally:
        _ENGINE.reset(token)


def emit_warning(anchor: Anchor, message: str, notes: Sequence[tuple[Anchor, str]] = ()) -> None:
    current_engine().emit(make_diagnostic(Severity.WARNING, anchor, message, notes))


def emit_remark(anchor: Anchor, message: str, notes: Sequence[tuple[Anchor, str]] = ()) -> None:
    current_engine().emit(make_diagnostic(Severity.REMARK, anchor, message, notes))


# --- parsing with locations ----------------------------------------------------------------

# How deeply regions, and attributes or types, may nest in parsed IR. xDSL's recursive-descent
# parser, the verifier, the passes and the printers all recurse once per level; these limits
# keep every stage well inside Python's recursion limit (about 110 nested regions or a few
# hundred nested brackets would otherwise end in RecursionError somewhere downstream).
MAX_REGION_DEPTH = 64
MAX_ATTRIBUTE_DEPTH = 64


class _Lexer(LocationLexing, MLIRLexer):
    """xDSL's MLIR lexer with a string rule that cannot backtrack, and clearer messages.

    xDSL matches a string literal with `"(?:[^"\\...]+|\\...)*"`: on a quote that is never
    closed on its line the regex engine tries every way of splitting the run of characters
    between the `+` and the `*`, 2^n of them (`ascdsl-opt` on a Python file hung). One
    character per repetition accepts the same strings and fails in linear time.
    """

    _unescaped_characters_regex = re.compile(r'"(?:[^"\\\n\v\f]|\\(?:["nt\\]|[0-9A-Fa-f]{2}))*"')

    _SIGILS = {"#": "an attribute alias such as #map", "!": "a type such as !ascendc.pipe",
               "^": "a block label such as ^bb0", "%": "a value name such as %0 or %x"}

    def _lex_prefixed_ident(self, start_pos):
        try:
            return super()._lex_prefixed_ident(start_pos)
        except ParseError as e:
            sigil = self.input.at(start_pos)
            raise ParseError(
                e.span, f"expected an identifier after '{sigil}' ({self._SIGILS.get(sigil)})"
            ) from None

    def _lex_at_ident(self, start_pos):
        try:
            return super()._lex_at_ident(start_pos)
        except ParseError as e:
            raise ParseError(
                e.span, "expected a symbol name after '@' (a letter or '_', or a quoted string)"
            ) from None

    def lex(self):
        try:
            return super().lex()
        except ParseError as e:
            if e.msg.startswith("Unexpected character"):
                raise ParseError(
                    e.span, f"unexpected character {_describe_char(self.input.at(e.span.start))}"
                ) from None
            raise


def _describe_char(ch: str | None) -> str:
    if ch is None:
        return "(end of file)"
    names = {"\ufeff": "U+FEFF (a byte order mark; save the file as UTF-8 without BOM)",
             "\x00": "U+0000 (NUL)"}
    if ch in names:
        return names[ch]
    if ch.isprintable() and not ch.isspace():
        return f"'{ch}' (U+{ord(ch):04X})"
    return f"U+{ord(ch):04X}"


class _LineIndex:
    def __init__(self, text: str, line_offset: int):
        self.starts = [0]
        pos = text.find("\n")
        while pos != -1:
            self.starts.append(pos + 1)
            pos = text.find("\n", pos + 1)
        self.line_offset = line_offset

    def line_col(self, offset: int) -> tuple[int, int]:
        i = bisect.bisect_right(self.starts, offset) - 1
        return i + 1 + self.line_offset, offset - self.starts[i] + 1


class _TooDeep(Exception):
    """Raised (and turned into a located error) when IR nests past the limits above."""

    def __init__(self, offset: int, what: str, limit: int):
        self.offset = offset
        self.message = f"{what} nest more than {limit} levels deep here (ascdsl's limit is {limit})"


class LocatingParser(LocationReader, Parser):
    """A Parser that gives every op the `file:line:col` where its text starts.

    It also bounds what xDSL's parser leaves unbounded: strings that are never closed (see
    `_Lexer`) and nesting depth (MAX_REGION_DEPTH, MAX_ATTRIBUTE_DEPTH). Construction lexes
    the first token, so it may raise ParseError; `parse_module` (the function) locates it.
    """

    def __init__(self, ctx: Context, text: str, filename: str, line_offset: int = 0):
        super().__init__(ctx, "", filename)
        self._index = _LineIndex(text, line_offset)
        self._filename = filename
        self._file_attr = None
        self._type_cache: dict[str, Attribute] = {}
        self._region_depth = 0
        self._attr_depth = 0
        self.init_location_reading(text)
        self._parser_state = ParserState(_Lexer(Input(text, filename)))

    def parse_optional_region(self, arguments=None):
        if self._current_token.kind is not MLIRTokenKind.L_BRACE:
            return None
        if self._region_depth >= MAX_REGION_DEPTH:
            raise _TooDeep(self._current_token.span.start, "regions", MAX_REGION_DEPTH)
        self._region_depth += 1
        try:
            return super().parse_optional_region(arguments)
        finally:
            self._region_depth -= 1

    def _parse_attribute_type(self) -> Attribute:
        self._literal_type = super()._parse_attribute_type()
        return self._literal_type

    def parse_optional_builtin_int_or_float_attr(self):
        start = self._current_token.span.start
        try:
            return super().parse_optional_builtin_int_or_float_attr()
        except OverflowError as e:
            # A decimal literal beyond its float type (`1.0e39 : f32`): MLIR's parser reads it
            # as a double and rounds that to the type (FloatAttr::get), which overflows to
            # infinity without a diagnostic (1.0e999 was already infinity here).
            end = self._current_token.span.start
            literal = self.lexer.input.content[start:end].partition(":")[0].replace(" ", "")
            try:
                value = float(literal)
            except (ValueError, OverflowError):
                self.raise_error(f"a number does not fit its type here ({e})", start, end)
            return FloatAttr(math.copysign(math.inf, value), self._literal_type)

    def parse_optional_attribute(self):
        if self._attr_depth >= MAX_ATTRIBUTE_DEPTH:
            raise _TooDeep(self._current_token.span.start, "attributes", MAX_ATTRIBUTE_DEPTH)
        self._attr_depth += 1
        try:
            return super().parse_optional_attribute()
        finally:
            self._attr_depth -= 1

    def parse_optional_type(self):
        if self._attr_depth >= MAX_ATTRIBUTE_DEPTH:
            raise _TooDeep(self._current_token.span.start, "types", MAX_ATTRIBUTE_DEPTH)
        self._attr_depth += 1
        try:
            return self._parse_optional_type_cached()
        finally:
            self._attr_depth -= 1

    def _parse_optional_type_cached(self):
        """Types with a bracketed body are cached by their text.

        Kernels repeat the same few types (`!ascendc.local_tensor<256xf32>`,
        `memref<?xf32, 22>`) on nearly every op; lexing and rebuilding them dominated parse
        time. Attributes are immutable, so a type parsed once is reused for the same text.
        """
        tok = self._current_token
        content = self.lexer.input.content
        end = tok.span.end
        if tok.kind is MLIRTokenKind.BARE_IDENT and (end >= len(content) or content[end] != "<"):
            # A one-token builtin type (`i32`, `f16`, `index`): cache it by its text too.
            hit = self._type_cache.get(tok.text)
            if hit is not None:
                self._resume_from(end)
                return hit
            parsed = super().parse_optional_type()
            if parsed is not None and self._current_token.span.start >= end:
                self._type_cache[tok.text] = parsed
            return parsed
        if tok.kind is not MLIRTokenKind.EXCLAMATION_IDENT and tok.text not in _CACHED_BUILTINS:
            return super().parse_optional_type()
        if end >= len(content) or content[end] != "<":
            return super().parse_optional_type()
        close = content.find(">", end)
        if close == -1 or "<" in content[end + 1 : close] or "-" in content[end + 1 : close]:
            return super().parse_optional_type()  # nested or unusual body: no shortcut
        key = content[tok.span.start : close + 1]
        hit = self._type_cache.get(key)
        if hit is not None:
            self._resume_from(close + 1)
            return hit
        parsed = super().parse_optional_type()
        if parsed is not None and self._current_token.span.start > close:
            self._type_cache[key] = parsed
        return parsed

    def _parse_block(self):
        # xDSL forgets where a forward-referenced block was defined, so a second `^bb1:`
        # ended in KeyError; remembering the label makes it "re-declaration of block".
        tok = self._current_token
        block = super()._parse_block()
        if tok.kind is MLIRTokenKind.CARET_IDENT:
            entry = self.blocks.get(tok.text[1:])
            if entry is not None and entry[1] is None:
                self.blocks[tok.text[1:]] = (entry[0], tok.span)
        return block

    def parse_operation(self) -> Operation:
        start = self._current_token.span.start
        try:
            op = super().parse_operation()
        except VerifyException as e:
            # A constraint checked while the custom syntax was read: report it at the op.
            name = _OP_NAME.match(self.lexer.input.content, start)
            label = f"'{name.group(1)}' op " if name else ""
            self.raise_error(label + _message(e), start, start)
        except ParseError as e:
            if not e.msg.endswith("is not registered") or getattr(e, "at_name", False):
                raise
            # xDSL points after the name (of the innermost op); the name is what is unknown.
            name = _OP_NAME.match(self.lexer.input.content, start)
            at = name.start(1) if name else start
            if name and self.lexer.input.content[at - 1] == '"':
                at -= 1
            err = ParseError(Span(at, at, self.lexer.input), e.msg)
            err.at_name = True  # type: ignore[attr-defined]
            raise err from None
        for i, operand in enumerate(op.operands):
            if isinstance(operand, ForwardDeclaredValue) and not self._pending(operand):
                # `iter_args(%q = %q)`: xDSL resolves the name to the op's own block argument
                # before the op exists, leaving a placeholder that breaks the verifier.
                self.raise_error(
                    f"'{op.name}' op operand #{i} names a value defined inside the op itself",
                    start, start,
                )
        line, col = self._index.line_col(start)
        if self.explicit_location_ends_at(self._current_token.span.start):
            # The text gave the op a location (pyasc's dumps do on every op): keep it, and
            # remember where the op stands in the text for diagnostics.
            IR_POSITIONS[op] = Loc(self._filename, line, col)
        else:
            op.location = FileLineColLoc(self._file(), _int(line), _int(col))
        return op

    def parse_module(self, allow_implicit_module: bool = True) -> ModuleOp:
        if self._current_token.kind is MLIRTokenKind.EOF:
            return ModuleOp([])  # an empty input is an empty module, as for mlir-opt
        try:
            return super().parse_module(allow_implicit_module)
        except ParseError as e:
            if e.msg.startswith("values used but not defined"):
                raise IRParseError(self._undefined_values()) from None
            if e.msg == "Could not parse entire input!":
                raise ParseError(e.span, self._expected_op_message()) from None
            raise

    def _pending(self, value: SSAValue) -> bool:
        """Whether `value` is a forward reference still waiting for its definition."""
        return any(value is v for refs in self.forward_ssa_references.values()
                   for v in refs.values())

    def _expected_op_message(self) -> str:
        tok = self._current_token
        if tok.kind is MLIRTokenKind.R_BRACE:
            return "unbalanced '}': no region is open here"
        return f"expected an operation, found {_token_text(tok)}"

    def _undefined_values(self) -> list[Diagnostic]:
        """One diagnostic per undefined name, at its first use (xDSL reports them at EOF)."""
        found = []
        for name, refs in self.forward_ssa_references.items():
            users = [use.operation for v in refs.values() for use in v.uses]
            loc = min((location_of(u) for u in users if location_of(u) is not None),
                      key=lambda l: (l.line, l.col), default=None)
            found.append(Diagnostic(Severity.ERROR, f"use of undefined value '%{name}'", loc))
        return found

    def _file(self):
        if self._file_attr is None:
            from xdsl.dialects.builtin import StringAttr

            self._file_attr = StringAttr(self._filename)
        return self._file_attr

    def located(self, offset: int) -> Loc:
        line, col = self._index.line_col(offset)
        return Loc(self._filename, line, col)


def _token_text(tok) -> str:
    if tok.kind is MLIRTokenKind.EOF:
        return "the end of the input"
    text = tok.text if len(tok.text) <= 40 else tok.text[:37] + "..."
    return f"'{text}'"


# xDSL's messages that do not say what is missing, and what ascdsl says instead.
def _clear_parse_message(msg: str, tok) -> str:
    if msg == " in block definition":
        return (f"expected an operation, a block label such as '^bb1:', or '}}' closing the "
                f"region; found {_token_text(tok)}")
    if msg == "Could not parse entire input!":
        return f"expected an operation, found {_token_text(tok)}"
    if msg.startswith("End of file reached before closing string literal"):
        return "string literal is not closed on its line (missing '\"')"
    m = _UNREGISTERED.match(msg)
    if m is not None:
        from ascdsl.context import DIALECTS

        if m.group(1).split(".", 1)[0] not in DIALECTS:
            return (f"{msg}: its dialect is not one ascdsl knows (`--allow-unregistered-dialect` "
                    "reads such ops in the generic form, `\"dialect.op\"(...)`)")
    return msg


_UNREGISTERED = re.compile(r"Operation (\S+) is not registered$")


_CACHED_BUILTINS = frozenset({"memref", "vector", "tensor"})

_OP_NAME = re.compile(r'(?:%[^=]*=\s*)?"?([A-Za-z_][\w$.]*)')

_INT_CACHE: dict[int, Attribute] = {}


def _int(n: int):
    from xdsl.dialects.builtin import IntAttr

    a = _INT_CACHE.get(n)
    if a is None:
        a = _INT_CACHE[n] = IntAttr(n)
    return a


def parse_module(
    ctx: Context, text: str, filename: str = "<input>", line_offset: int = 0
) -> ModuleOp:
    """Parse IR text into a module whose ops know their source location.

    Raises IRParseError with a located diagnostic on malformed input (never another
    exception, whatever the text).
    """
    SOURCES.register(filename, text if line_offset == 0 else "\n" * line_offset + text)

    def error(offset: int, message: str) -> IRParseError:
        index = parser._index if parser is not None else _LineIndex(text, line_offset)
        line, col = index.line_col(offset)
        return IRParseError(Diagnostic(Severity.ERROR, message, Loc(filename, line, col)))

    parser = None
    with gc_paused():  # a parse allocates millions of acyclic objects
        try:
            parser = LocatingParser(ctx, text, filename, line_offset)
            return parser.parse_module()
        except ParseError as e:
            tok = parser._current_token if parser is not None else None
            raise error(e.span.start, _clear_parse_message(e.msg, tok)) from None
        except _TooDeep as e:
            raise error(e.offset, e.message) from None
        except RecursionError:
            # Something nests deeper than Python's stack allows before a limit caught it.
            at = parser._current_token.span.start if parser is not None else 0
            raise error(at, "the input nests too deeply to parse here") from None
        except (VerifyException, ValueError) as e:
            # Checks xDSL makes while building IR (attribute verifiers, name rules) raise these;
            # the current token is where the parser stood.
            at = parser._current_token.span.start if parser is not None else 0
            raise error(at, _message(e)) from None
        except OverflowError as e:  # a number too large for Python's float (1e400 : i1?)
            at = parser._current_token.span.start if parser is not None else 0
            raise error(at, f"a number does not fit its type here ({e})") from None


# --- verification --------------------------------------------------------------------------


def verify_diagnostics(root: Operation) -> list[Diagnostic]:
    """Run every op's verifier, then MLIR's dominance and scope rules for every operand; one
    located diagnostic per problem (no module dump)."""
    found: list[Diagnostic] = []
    for op in root.walk():
        try:
            op.verify(verify_nested_ops=False)
        except (VerifyException, DiagnosticException) as e:
            message = _message(e)
            if message.startswith(_ISOLATED_PREFIX):
                continue  # the use is reported, located, by the scope check below
            found.append(make_diagnostic(Severity.ERROR, op, message))
    from ascdsl.dominance import scope_diagnostics

    found.extend(scope_diagnostics(root))
    return found


_ISOLATED_PREFIX = "Operation using value defined out of its IsolatedFromAbove parent"


def verify_module(root: Operation) -> None:
    """Verify and raise IRVerifyError listing every failing op."""
    found = verify_diagnostics(root)
    if found:
        raise IRVerifyError(found)


def _message(e: Exception) -> str:
    msg = str(e.args[0]) if e.args else str(e)
    # IRDL nests the constraint's words under "operand 'x' at position 0 does not verify:".
    return " ".join(part.strip() for part in msg.strip().splitlines() if part.strip())
