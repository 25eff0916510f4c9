"""Bad IR text is a located error in bounded time, whatever the text.

Each case here failed before: xDSL's lexer took exponential time on a string that is never
closed, a lexer error on the very first token escaped as an internal error (exit 70), deep
nesting ended in RecursionError, and some of xDSL's messages did not say what was missing.
"""

from __future__ import annotations

import re
import subprocess
import sys

import pytest

from ascdsl.context import make_context
from ascdsl.diagnostics import (
    MAX_ATTRIBUTE_DEPTH,
    MAX_REGION_DEPTH,
    IRParseError,
    parse_module,
)
from ascdsl.tools.ascdsl_opt import main

LOCATED = re.compile(r"^(?P<file>[^:\n]+):(?P<line>\d+):(?P<col>\d+): error: (?P<msg>.*)$", re.M)


def parse_error(text: str, name: str = "in.mlir") -> tuple[int, int, str]:
    """(line, col, message) of the single located error parsing `text` gives."""
    with pytest.raises(IRParseError) as info:
        parse_module(make_context(allow_unregistered=True), text, name)
    (diag,) = info.value.diagnostics
    assert diag.loc is not None and diag.loc.file == name, str(info.value)
    return diag.loc.line, diag.loc.col, diag.message


def _opt(*argv: str, timeout: float = 60) -> subprocess.CompletedProcess:
    """ascdsl-opt in a child process, so that a hang fails the test instead of stalling it."""
    return subprocess.run([sys.executable, "-m", "ascdsl.tools.ascdsl_opt", *argv],
                          capture_output=True, text=True, timeout=timeout)


def test_unterminated_string_fails_in_linear_time(tmp_path):
    # 26 characters after the quote took seconds with xDSL's regex; 40 would take hours.
    src = tmp_path / "in.mlir"
    src.write_text('func.func @f() {\n  "test.op"() {a = "' + "abc def " * 2000 + "\n}\n")
    proc = _opt(str(src), "--allow-unregistered-dialect")
    assert proc.returncode == 1
    assert proc.stderr.startswith(
        f"{src}:2:20: error: string literal is not closed on its line (missing '\"')"
    ), proc.stderr


def test_python_file_given_to_ascdsl_opt_ends_quickly(tmp_path):
    src = tmp_path / "kernel.py"
    src.write_text('"""A kernel."""\nimport ascdsl as asc\n'
                   + 'x = "a string that the MLIR lexer sees unclosed\n' * 50)
    proc = _opt(str(src))
    assert proc.returncode == 1
    assert LOCATED.search(proc.stderr), proc.stderr
    assert "ascdsl-opt reads MLIR" in proc.stderr


@pytest.mark.parametrize(
    "text, col, message",
    [
        ("\ufeffmodule {}", 1, "unexpected character U+FEFF (a byte order mark"),
        ("\x00", 1, "unexpected character U+0000 (NUL)"),
        ("#", 1, "expected an identifier after '#' (an attribute alias such as #map)"),
        ("@ x", 1, "expected a symbol name after '@'"),
        ("%", 1, "expected an identifier after '%' (a value name such as %0 or %x)"),
        ("..", 1, "Expected three consecutive '.' for an ellipsis"),
        ("`", 1, "unexpected character '`' (U+0060)"),
    ],
)
def test_lexer_error_on_the_first_token_is_located(text, col, message):
    line, c, msg = parse_error(text)
    assert (line, c) == (1, col)
    assert msg.startswith(message), msg


def test_first_token_error_is_not_an_internal_error(tmp_path, capsys):
    src = tmp_path / "bom.mlir"
    src.write_bytes(b"\xef\xbb\xbfmodule {}\n")
    assert main([str(src)]) == 1
    err = capsys.readouterr().err
    assert err.startswith(f"{src}:1:1: error: unexpected character U+FEFF"), err
    assert "internal error" not in err


def test_empty_input_is_an_empty_module(tmp_path, capsys):
    src = tmp_path / "empty.mlir"
    src.write_text("// nothing but a comment\n")
    assert main([str(src)]) == 0
    assert capsys.readouterr().out.strip() == "module {\n}"


def _nested_regions(depth: int) -> str:
    return ("func.func @f() {\n" + "scf.execute_region {\n" * depth
            + "scf.yield\n}\n" * depth + "func.return\n}\n")


def test_regions_up_to_the_limit_parse_and_print():
    module = parse_module(make_context(), _nested_regions(MAX_REGION_DEPTH - 1), "ok.mlir")
    assert str(module).count("scf.execute_region") == MAX_REGION_DEPTH - 1


def test_regions_past_the_limit_are_a_located_error():
    # 150 levels ended in RecursionError (exit 70) before.
    line, col, msg = parse_error(_nested_regions(150))
    # func.func's body is the first region: the 64th scf.execute_region (line 65) is one too many
    assert (line, col) == (MAX_REGION_DEPTH + 1, 20)
    assert msg == (f"regions nest more than {MAX_REGION_DEPTH} levels deep here (ascdsl's limit "
                   f"is {MAX_REGION_DEPTH})")


@pytest.mark.parametrize(
    "open_, close, around",
    [("[", "]", "{}"), ("{a = ", "}", "{}"), ("[", "]", "dense<{}> : tensor<1xi32>")],
)
def test_deep_attributes_are_a_located_error(open_, close, around):
    nested = around.format(open_ * 1000 + "1" + close * 1000)
    text = '"test.op"() {x = ' + nested + "} : () -> ()\n"
    line, col, msg = parse_error(text)
    assert line == 1 and col > 1
    assert "nest" in msg and "deep" in msg


def test_deep_types_are_a_located_error():
    text = '"test.op"() : () -> ' + "tuple<" * 500 + "i32" + ">" * 500 + "\n"
    line, col, msg = parse_error(text)
    assert f"nest more than {MAX_ATTRIBUTE_DEPTH} levels" in msg


@pytest.mark.parametrize(
    "text, message",
    [
        # xDSL: " in block definition"
        ("func.func @f() {\n  func.return\n  42\n}\n",
         "expected an operation, a block label such as '^bb1:', or '}' closing the region; "
         "found '42'"),
        # xDSL: "Could not parse entire input!"
        ("func.func @f() {\n  func.return\n}\n}\n", "unbalanced '}': no region is open here"),
        ("func.func @f() {\n  func.return\n}\n42\n", "expected an operation, found '42'"),
        # xDSL: "Expected suffix identifier after {first_char}"
        ('"test.op"() : () -> !\n', "expected an identifier after '!' (a type such as "
                                    "!ascendc.pipe)"),
    ],
)
def test_messages_say_what_is_missing(text, message):
    _, _, msg = parse_error(text)
    assert msg == message


def test_undefined_value_is_located_at_its_first_use():
    text = "func.func @f() {\n  %1 = arith.addi %x, %x : i32\n  func.return\n}\n"
    line, col, msg = parse_error(text)
    assert (line, col, msg) == (2, 3, "use of undefined value '%x'")


def test_long_lines_are_clipped_around_the_caret():
    text = '"test.op"() {x = ' + "[" * 300 + "1" + "]" * 300 + "} : () -> ()\n"
    with pytest.raises(IRParseError) as info:
        parse_module(make_context(allow_unregistered=True), text, "wide.mlir")
    source_line, caret_line = str(info.value).splitlines()[1:3]
    assert len(source_line) <= 120
    assert source_line[caret_line.index("^")] == "["
