"""ascdsl-opt as a program: outputs, inputs, exit codes, pass ordering."""

import hashlib
import os
from dataclasses import dataclass

import pytest
from xdsl.passes import ModulePass

from ascdsl.tools import ascdsl_opt
from ascdsl.tools.ascdsl_opt import main, parse_args, split_chunks

SRC = """func.func @f() {
  ascendc.pipe_barrier pipe_v
  ascendc.pipe_barrier pipe_v
  func.return
}
"""


def _digest(path):
    return hashlib.sha256(path.read_bytes()).hexdigest()


def test_output_file_written_and_input_untouched(tmp_path, capsys):
    src = tmp_path / "in.mlir"
    src.write_text(SRC)
    before = _digest(src)
    out = tmp_path / "out.mlir"
    assert main([str(src), "--canonicalize-barriers", "-o", str(out)]) == 0
    assert _digest(src) == before
    text = out.read_text()
    assert text.count("ascendc.pipe_barrier pipe_v") == 1
    assert capsys.readouterr().out == ""  # nothing on stdout with -o
    # no temporary files are left behind
    assert sorted(p.name for p in tmp_path.iterdir()) == ["in.mlir", "out.mlir"]


def test_failed_run_leaves_previous_output_alone(tmp_path, capsys):
    src = tmp_path / "bad.mlir"
    src.write_text('func.func @f() {\n  "ascendc.pipe_barrier"() <{pipe = 11 : i32}> : () -> ()\n'
                   '  func.return\n}\n')
    out = tmp_path / "out.mlir"
    out.write_text("previous")
    assert main([str(src), "-o", str(out)]) == 1
    assert out.read_text() == "previous"
    err = capsys.readouterr().err
    assert "bad.mlir:2:3: error: 'ascendc.pipe_barrier' op 'pipe' = 11 is not a Pipe" in err


def test_refuses_to_overwrite_input(tmp_path, capsys):
    src = tmp_path / "in.mlir"
    src.write_text(SRC)
    before = _digest(src)
    assert main([str(src), "-o", str(src)]) == 1
    assert _digest(src) == before
    assert "refusing to overwrite the input file" in capsys.readouterr().err


def test_pass_order_follows_command_line():
    opts = parse_args(["x.mlir", "--canonicalize-barriers", "-p", "cse,dce", "-canonicalize"])
    assert opts.pipeline == ["canonicalize-barriers", "cse,dce", "canonicalize"]


def test_mlir_style_pass_options():
    opts = parse_args(["x.mlir", "--licm=foo=1,bar=2"])
    assert opts.pipeline == ["licm{foo=1 bar=2}"]


def test_version_and_list(capsys):
    assert main(["--version"]) == 0
    assert capsys.readouterr().out.startswith("ascdsl-opt ")
    assert main(["--list-passes"]) == 0
    assert "canonicalize-barriers" in capsys.readouterr().out


def test_split_keeps_file_line_numbers():
    chunks = split_chunks("a\nb\n// -----\nc\n// -----\nd", True)
    assert chunks == [("a\nb", 0), ("c", 3), ("d", 5)]


@dataclass(frozen=True)
class _CrashingPass(ModulePass):
    name = "crash-for-test"

    def apply(self, ctx, op):
        raise RuntimeError("boom")


def test_internal_pass_error_is_one_line(tmp_path, capsys, monkeypatch):
    monkeypatch.delenv("ASCDSL_DEBUG", raising=False)
    table = ascdsl_opt._pass_table()
    table["crash-for-test"] = lambda: _CrashingPass
    monkeypatch.setattr(ascdsl_opt, "_pass_table", lambda: table)
    src = tmp_path / "in.mlir"
    src.write_text(SRC)
    assert main([str(src), "--crash-for-test"]) == 1
    err = capsys.readouterr().err
    assert err.strip() == "error: pass 'crash-for-test' failed: RuntimeError: boom"
    assert "Traceback" not in err


@pytest.mark.parametrize("argv,needle", [
    (["--frobnicate"], "unknown option or pass '--frobnicate'"),
    (["-p", "nope"], "unknown pass 'nope'"),
    (["-t", "nope"], "unknown target 'nope'"),
    # xDSL's pipeline parse error derives from BaseException: it escaped as an internal error.
    (["-p", "2"], "malformed pass pipeline '2': Expected pass name here"),
    (["-p", "canonicalize{"], "malformed pass pipeline 'canonicalize{': Expected argument name"),
    # An empty output path wrote to stdout; an empty input was "cannot read ''" (exit 1).
    (["x.mlir", "-o", ""], "-o needs a file name (or '-' for stdout), got an empty one"),
    (["x.mlir", "--output="], "-o needs a file name"),
    ([""], "the input file name is empty: give an IR file, or '-' for stdin"),
])
def test_usage_errors_exit_2(argv, needle, capsys):
    assert main(argv) == 2
    err = capsys.readouterr().err
    assert needle in err and len(err.strip().splitlines()) == 1


def test_output_file_gets_umask_permissions(tmp_path):
    src = tmp_path / "in.mlir"
    src.write_text(SRC)
    out = tmp_path / "out.mlir"
    old = os.umask(0o022)
    try:
        assert main([str(src), "-o", str(out)]) == 0
    finally:
        os.umask(old)
    assert out.stat().st_mode & 0o777 == 0o644


class _Terminal:
    def isatty(self):
        return True

    def read(self):  # what waiting on a terminal looked like
        raise AssertionError("ascdsl-opt read a terminal")


def test_no_input_on_a_terminal_is_a_usage_error(monkeypatch, capsys):
    # Before, `ascdsl-opt` alone waited silently on stdin.
    monkeypatch.setattr("sys.stdin", _Terminal())
    assert main([]) == 2
    err = capsys.readouterr().err
    assert err.startswith("ascdsl-opt: error: no input file: give an IR file, or '-'")


def test_no_input_reads_piped_stdin(monkeypatch, capsys):
    import io

    monkeypatch.setattr("sys.stdin", io.StringIO(SRC))
    assert main(["--canonicalize-barriers"]) == 0
    assert capsys.readouterr().out.count("ascendc.pipe_barrier pipe_v") == 1


def test_dash_output_is_stdout(tmp_path, capsys, monkeypatch):
    # `-o -` wrote a file named '-' in the working directory; mlir-opt prints to stdout.
    src = tmp_path / "in.mlir"
    src.write_text(SRC)
    monkeypatch.chdir(tmp_path)
    assert main([str(src), "--canonicalize-barriers", "-o", "-"]) == 0
    assert capsys.readouterr().out.count("ascendc.pipe_barrier pipe_v") == 1
    assert sorted(p.name for p in tmp_path.iterdir()) == ["in.mlir"]


def test_bytes_that_are_not_utf8_are_a_located_error(tmp_path, capsys, monkeypatch):
    # Was "cannot read 'x.mlir': 'utf-8' codec can't decode byte 0xe9 in position 21", with
    # no line; and on stdin a different message. Now file:line:col of the byte, both ways.
    import io

    src = tmp_path / "latin1.mlir"
    src.write_bytes(b"func.func @f() {\n  // caf\xe9\n  func.return\n}\n")
    assert main([str(src)]) == 1
    err = capsys.readouterr().err
    assert err.startswith(f"{src}:2:9: error: invalid UTF-8 byte 0xe9")
    assert "Traceback" not in err

    class _Stdin(io.StringIO):
        buffer = io.BytesIO(src.read_bytes())

    monkeypatch.setattr("sys.stdin", _Stdin())
    assert main(["-"]) == 1
    assert capsys.readouterr().err.startswith("<stdin>:2:9: error: invalid UTF-8 byte 0xe9")


def test_unwritable_output_names_the_output_not_the_temporary(tmp_path, capsys):
    # Was "cannot write 'DIR': [Errno 21] Is a directory: '/.../.ascdsl-k2x' -> 'DIR'".
    src = tmp_path / "in.mlir"
    src.write_text(SRC)
    assert main([str(src), "-o", str(tmp_path)]) == 1
    err = capsys.readouterr().err
    assert err == f"ascdsl-opt: error: cannot write '{tmp_path}': Is a directory\n"
    assert main([str(src), "-o", str(tmp_path / "missing" / "out.mlir")]) == 1
    assert ".ascdsl-" not in capsys.readouterr().err
    assert sorted(p.name for p in tmp_path.iterdir()) == ["in.mlir"]


@pytest.mark.parametrize("argv", [["--list-passes"], ["examples/ir/vadd.mlir"]])
def test_a_reader_that_goes_away_is_not_an_internal_error(argv):
    # `ascdsl-opt --list-passes | head -1`: stdout's pipe closes under the tool; it stops
    # quietly with the shell's SIGPIPE status instead of asking for a bug report.
    import subprocess
    import sys

    from pathlib import Path

    code = "import sys; from ascdsl.tools.ascdsl_opt import entry; sys.argv[1:] = %r; entry()"
    proc = subprocess.Popen([sys.executable, "-c", code % argv], stdout=subprocess.PIPE,
                            stderr=subprocess.PIPE, cwd=Path(__file__).resolve().parents[3])
    proc.stdout.close()  # the reader is gone before the tool writes anything
    err = proc.stderr.read().decode()
    assert proc.wait() == 141 and err == "", err
