"""Located diagnostics: `file:line:col: error: message`, the source line and a caret.

Everything that reports a problem in IR goes through here: the parser (syntax errors), the
verifier (each op's rules), passes (errors and warnings) and the frontend. An op's location is
its `location` attribute (`FileLineColLoc`): the parser records where each op starts, the
frontend records the kernel's Python line, and clones keep it.

Passes report through the current `DiagnosticEngine`:

    from ascdsl.diagnostics import emit_warning, PassError
    emit_warning(op, "enque never dequeued", notes=[(queue_value, "queue declared here")])
    raise PassError(op, "failed to be hoisted to the deque's scope")
"""

from __future__ import annotations

import bisect
import re
import contextvars
import linecache
import sys
from collections.abc import Callable, Iterator, Sequence
from contextlib import contextmanager
from dataclasses import dataclass, field
from enum import Enum
from typing import Union

from xdsl.context import Context
from xdsl.dialects.builtin import FileLineColLoc, ModuleOp
from xdsl.ir import Attribute, BlockArgument, Operation, OpResult, SSAValue
from xdsl.parser import Parser
from xdsl.utils.exceptions import DiagnosticException, ParseError, VerifyException
from xdsl.utils.mlir_lexer import MLIRTokenKind


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


def location_of(anchor: Anchor) -> Loc | None:
    """The source location of an op, a value (its defining op or block argument) or a Loc."""
    if anchor is None or isinstance(anchor, Loc):
        return anchor
    if isinstance(anchor, OpResult):
        anchor = anchor.op
    elif isinstance(anchor, BlockArgument):
        loc = _loc_attr(anchor.location)
        if loc is not None:
            return loc
        parent = anchor.block.parent_op()
        return location_of(parent) if parent is not None else None
    if isinstance(anchor, Operation):
        return _loc_attr(anchor.location)
    return None


def _loc_attr(attr: Attribute) -> Loc | None:
    if isinstance(attr, FileLineColLoc):
        return Loc(attr.filename.data, attr.line.data, attr.column.data)
    return None


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

    def render(self, sources: SourceManager | None = None) -> str:
        sources = sources or SOURCES
        out = [self._render_one(sources)]
        out.extend(n._render_one(sources) for n in self.notes)
        return "\n".join(out)

    def _render_one(self, sources: SourceManager) -> str:
        head = f"{self.severity.value}: {self.message}"
        if self.loc is None:
            return head
        text = f"{self.loc}: {head}"
        line = sources.line(self.loc.file, self.loc.line)
        if line is not None:
            caret = " " * (max(self.loc.col, 1) - 1) + "^"
            text += f"\n{line.rstrip()}\n{caret}"
        return text


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
        [Diagnostic(Severity.NOTE, m, location_of(a)) for a, m in notes],
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


class LocatingParser(Parser):
    """A Parser that gives every op the `file:line:col` where its text starts."""

    def __init__(self, ctx: Context, text: str, filename: str, line_offset: int = 0):
        super().__init__(ctx, text, filename)
        self._index = _LineIndex(text, line_offset)
        self._filename = filename
        self._file_attr = None
        self._type_cache: dict[str, Attribute] = {}

    def parse_optional_type(self):
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

    def parse_operation(self) -> Operation:
        start = self._current_token.span.start
        try:
            op = super().parse_operation()
        except VerifyException as e:
            # A constraint checked while the custom syntax was read: report it at the op.
            name = _OP_NAME.match(self.lexer.input.content, start)
            label = f"'{name.group(1)}' op " if name else ""
            self.raise_error(label + _message(e), start, start)
        loc = op.location
        if not isinstance(loc, FileLineColLoc):
            line, col = self._index.line_col(start)
            op.location = FileLineColLoc(self._file(), _int(line), _int(col))
        return op

    def _file(self):
        if self._file_attr is None:
            from xdsl.dialects.builtin import StringAttr

            self._file_attr = StringAttr(self._filename)
        return self._file_attr

    def located(self, offset: int) -> Loc:
        line, col = self._index.line_col(offset)
        return Loc(self._filename, line, col)


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

    Raises IRParseError with a located diagnostic on malformed input.
    """
    SOURCES.register(filename, text if line_offset == 0 else "\n" * line_offset + text)
    parser = LocatingParser(ctx, text, filename, line_offset)
    try:
        return parser.parse_module()
    except ParseError as e:
        loc = parser.located(e.span.start)
        raise IRParseError(Diagnostic(Severity.ERROR, e.msg, loc)) from None
    except (VerifyException, ValueError) as e:
        # Checks xDSL makes while building IR (attribute verifiers, name rules) raise these;
        # the current token is where the parser stood.
        loc = parser.located(parser._current_token.span.start)
        raise IRParseError(Diagnostic(Severity.ERROR, _message(e), loc)) from None


# --- verification --------------------------------------------------------------------------


def verify_diagnostics(root: Operation) -> list[Diagnostic]:
    """Run every op's verifier; one located diagnostic per op that fails (no module dump)."""
    found: list[Diagnostic] = []
    for op in root.walk():
        try:
            op.verify(verify_nested_ops=False)
        except VerifyException as e:
            found.append(make_diagnostic(Severity.ERROR, op, _message(e)))
        except DiagnosticException as e:
            found.append(make_diagnostic(Severity.ERROR, op, _message(e)))
    return found


def verify_module(root: Operation) -> None:
    """Verify and raise IRVerifyError listing every failing op."""
    found = verify_diagnostics(root)
    if found:
        raise IRVerifyError(found)


def _message(e: Exception) -> str:
    msg = str(e.args[0]) if e.args else str(e)
    # IRDL nests the constraint's words under "operand 'x' at position 0 does not verify:".
    return " ".join(part.strip() for part in msg.strip().splitlines() if part.strip())
