"""Every command and snippet in README.md, docs/ and the examples' READMEs runs.

Blocks are Markdown code fences. What happens to each, by its language:

- `sh`: each command (backslash continuations joined) runs with bash in a scratch directory
  that links `examples/`, `tests/` and, when the Ascend C headers are here, `asc-devkit/`;
  it must exit 0. README's first-five-minutes lines start by making a virtual environment
  (`python3 -m venv .venv && . .venv/bin/activate && pip install -e SPEC && ...`): that
  prefix is checked (SPEC's extras exist in pyproject.toml) and the rest runs in this
  environment. `pytest -q` is the command that runs this test, so it is not run again.
- `python`: the blocks of one document run in order in one namespace (a later block may use
  what an earlier one defined), in the scratch directory.
- `mlir`: must parse and verify, unless a directive says otherwise.
- no language: output and layouts shown for reading; not run.

A `<!-- doc-test: ... -->` comment on the line before a fence changes that:
- `pipe ARGS`: run `ascdsl-opt FILE ARGS` on the block; the next `mlir` block is the expected
  output, matched line by line in order (`...` matches anything, `//` lines are comments);
- `verify-diagnostics`: run `ascdsl-opt --split-input-file --verify-diagnostics` on it;
- `excerpt PATH`: the block is quoted from PATH: its lines (without `...`) appear there in order;
- `skip REASON`: not run, for the stated reason.
"""

from __future__ import annotations

import os
import re
import shlex
import subprocess
import sys
from dataclasses import dataclass
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[3]
DOCUMENTS = [ROOT / "README.md", *sorted((ROOT / "docs").glob("*.md")),
             *sorted((ROOT / "examples").glob("*/README.md"))]
SHARED = ROOT.parent / "shared"
DEVKIT = Path(os.environ.get("ASCDSL_ASCENDC_HEADERS", ROOT.parent / "shared" / "asc-devkit"))
FENCE = re.compile(r"^```(\w*)\n(.*?)^```", re.M | re.S)
DIRECTIVE = re.compile(r"<!-- doc-test: (\S+)\s*(.*?)\s*-->\s*$")
SETUP = re.compile(r"^python3 -m venv \.venv && \. \.venv/bin/activate && "
                   r"pip install (?P<specs>(?:-e \S+ )+)&& (?P<rest>.*)$")


@dataclass
class Block:
    doc: Path
    line: int
    lang: str
    text: str
    directive: str = ""
    argument: str = ""

    @property
    def where(self) -> str:
        return f"{self.doc.relative_to(ROOT)}:{self.line}"


def blocks(doc: Path) -> list[Block]:
    text = doc.read_text()
    out = []
    for m in FENCE.finditer(text):
        line = text.count("\n", 0, m.start()) + 1
        before = text[:m.start()].rstrip("\n").rsplit("\n", 1)[-1]
        d = DIRECTIVE.search(before)
        out.append(Block(doc, line, m.group(1), m.group(2), d.group(1) if d else "",
                         d.group(2) if d else ""))
    return out


ALL = [b for doc in DOCUMENTS for b in blocks(doc)]


def test_the_documents_have_blocks():
    assert len(DOCUMENTS) >= 8
    assert sum(b.lang == "sh" for b in ALL) >= 8 and sum(b.lang == "python" for b in ALL) >= 6


def test_every_directive_is_known_and_every_skip_says_why():
    for b in ALL:
        assert b.directive in ("", "pipe", "verify-diagnostics", "excerpt", "skip"), b.where
        if b.directive == "skip":
            assert len(b.argument) > 10, f"{b.where}: a skip must give its reason"


# --- the scratch directory ------------------------------------------------------------------


@pytest.fixture(scope="module")
def scratch(tmp_path_factory):
    # A project directory beside `shared`, as the project sits beside ../shared here, so that
    # commands naming ../shared (pyasc's tests, the headers) run as written.
    d = tmp_path_factory.mktemp("docs") / "project"
    d.mkdir()
    for name in ("examples", "tests"):
        (d / name).symlink_to(ROOT / name)
    if SHARED.is_dir():
        (d.parent / "shared").symlink_to(SHARED)
    if (DEVKIT / "include" / "kernel_operator.h").exists():
        (d / "asc-devkit").symlink_to(DEVKIT)
    return d


def _env() -> dict[str, str]:
    env = dict(os.environ)
    env["PATH"] = os.pathsep.join([str(Path(sys.executable).parent), env.get("PATH", "")])
    env.pop("ASCDSL_DUMP_PATH", None)
    return env


# --- sh ---------------------------------------------------------------------------------------


def commands(block: Block) -> list[str]:
    joined = block.text.replace("\\\n", " ")
    return [line.strip() for line in joined.splitlines()
            if line.strip() and not line.strip().startswith("#")]


SH = [b for b in ALL if b.lang == "sh"]


@pytest.mark.parametrize("block", SH, ids=[b.where for b in SH])
def test_shell_commands_run(block, scratch):
    if block.directive == "skip":
        pytest.skip(block.argument)
    # tomllib is 3.11's; the package supports 3.10, where this check cannot read pyproject
    tomllib = pytest.importorskip("tomllib", reason="reading pyproject.toml needs Python 3.11")
    extras = tomllib.loads((ROOT / "pyproject.toml").read_text())["project"][
        "optional-dependencies"]
    for command in commands(block):
        setup = SETUP.match(command)
        if setup:
            specs = [x.strip().strip("'\"")
                     for x in setup.group("specs").split("-e ") if x.strip()]
            wanted = re.fullmatch(r"\.(?:\[([\w,]+)\])?", specs[0])
            assert wanted, f"{block.where}: installs {specs[0]}, not the project"
            for extra in (wanted.group(1) or "").split(","):
                assert not extra or extra in extras, f"{block.where}: no extra '{extra}'"
            for other in specs[1:]:  # packages of the repository, e.g. examples/extension
                assert (ROOT / other / "pyproject.toml").is_file(), \
                    f"{block.where}: installs {other}, which is no package of this repository"
            command = setup.group("rest")
        if command == "pytest -q":
            continue  # the command that is running this test
        if "../shared" in command and not SHARED.is_dir():
            pytest.skip(f"{block.where}: needs ../shared (pyasc's tests; absent here)")
        if "asc-devkit" in command and not (scratch / "asc-devkit").exists():
            pytest.skip(f"{block.where}: needs the Ascend C headers ({DEVKIT} is absent)")
        proc = subprocess.run(["bash", "-c", command], cwd=scratch, env=_env(),
                              capture_output=True, text=True, timeout=600)
        assert proc.returncode == 0, (
            f"{block.where}: `{command}` exited {proc.returncode}\n{proc.stdout[-3000:]}\n"
            f"{proc.stderr[-3000:]}")


# --- python -----------------------------------------------------------------------------------


PYTHON_DOCS = [d for d in DOCUMENTS if any(b.lang == "python" for b in blocks(d))]


@pytest.mark.parametrize("doc", PYTHON_DOCS, ids=[str(d.relative_to(ROOT)) for d in PYTHON_DOCS])
def test_python_snippets_run(doc, scratch, monkeypatch):
    monkeypatch.chdir(scratch)
    namespace: dict = {"__name__": "__doc_test__"}
    ran = excerpts = 0
    for block in blocks(doc):
        if block.lang != "python":
            continue
        if block.directive in ("skip", "excerpt"):
            excerpts += 1  # test_excerpts_match_their_source checks those
            continue
        if "../shared" in block.text and not SHARED.is_dir():
            pytest.skip(f"{block.where}: needs ../shared (pyasc's tests; absent here)")
        # A real file, so that @jit can read the kernels' source (as from a user's script).
        path = scratch / f"{block.doc.stem}_line{block.line}.py"
        path.write_text(block.text)
        code = compile(block.text, str(path), "exec")
        try:
            exec(code, namespace)  # noqa: S102 - our own documentation
        except Exception as e:
            raise AssertionError(f"{block.where}: {type(e).__name__}: {e}") from e
        ran += 1
    assert ran or excerpts, f"{doc} has python blocks but none ran"


# --- mlir, excerpts ---------------------------------------------------------------------------


def _opt(text: str, args: list[str], tmp: Path) -> subprocess.CompletedProcess:
    src = tmp / "snippet.mlir"
    src.write_text(text)
    return subprocess.run([sys.executable, "-m", "ascdsl.tools.ascdsl_opt", str(src), *args],
                          capture_output=True, text=True, timeout=300, env=_env())


def _expected_lines(text: str) -> list[re.Pattern]:
    pats = []
    for line in text.splitlines():
        s = line.split("//", 1)[0].strip() if not line.strip().startswith("//") else ""
        if s:
            parts = [re.escape(p) for p in s.split("...")]
            pats.append(re.compile(r"\s*" + ".*".join(parts) + r"\s*"))
    return pats


MLIR = [b for b in ALL if b.lang == "mlir"]


@pytest.mark.parametrize("block", MLIR, ids=[b.where for b in MLIR])
def test_mlir_snippets(block, tmp_path):
    if block.directive == "skip":
        pytest.skip(block.argument)
    doc_blocks = blocks(block.doc)
    i = next(k for k, b in enumerate(doc_blocks) if b.line == block.line)
    previous = doc_blocks[i - 1] if i else None
    if previous is not None and previous.directive == "pipe" and previous.lang == "mlir":
        return  # the expected output of the block before (checked with it)
    if block.directive == "excerpt":
        return  # test_excerpts
    if block.directive == "verify-diagnostics":
        proc = _opt(block.text, ["--split-input-file", "--verify-diagnostics"], tmp_path)
        assert proc.returncode == 0, f"{block.where}:\n{proc.stderr}"
        return
    args = shlex.split(block.argument) if block.directive == "pipe" else []
    proc = _opt(block.text, args, tmp_path)
    assert proc.returncode == 0, f"{block.where}: ascdsl-opt {' '.join(args)}:\n{proc.stderr}"
    if block.directive != "pipe":
        return
    expected = doc_blocks[i + 1]
    assert expected.lang == "mlir", f"{block.where}: a pipe needs the expected output next"
    out = proc.stdout.splitlines()
    pos = 0
    for pat in _expected_lines(expected.text):
        while pos < len(out) and not pat.fullmatch(out[pos]):
            pos += 1
        assert pos < len(out), (f"{expected.where}: `{pat.pattern}` not found in order in the "
                                f"output of ascdsl-opt {block.argument}:\n{proc.stdout}")
        pos += 1


EXCERPTS = [b for b in ALL if b.directive == "excerpt"]


@pytest.mark.parametrize("block", EXCERPTS, ids=[b.where for b in EXCERPTS])
def test_excerpts_match_their_source(block):
    source = [l.strip() for l in (ROOT / block.argument).read_text().splitlines()]
    pos = 0
    for line in block.text.splitlines():
        want = line.split("#", 1)[0].strip() if block.lang == "python" else line.strip()
        if not want or want == "...":
            continue
        while pos < len(source) and not source[pos].startswith(want):
            pos += 1
        assert pos < len(source), f"{block.where}: `{want}` is not in {block.argument} (in order)"
        pos += 1


# --- the tools' own examples ------------------------------------------------------------------


def _help_examples(tool: str) -> list[str]:
    proc = subprocess.run([tool, "--help"], capture_output=True, text=True, env=_env(),
                          timeout=120)
    assert proc.returncode == 0, proc.stderr
    text = proc.stdout.split("\nexample", 1)[1].replace("\\\n", " ")
    return [line.strip() for line in text.splitlines() if line.strip().startswith(tool + " ")]


def test_ascdsl_sim_help_example_runs(scratch):
    # The example of `ascdsl-sim --help` named an argument the kernel did not have and raced
    # on 8 cores; it is run here as printed.
    examples = _help_examples("ascdsl-sim")
    assert examples
    for command in examples:
        proc = subprocess.run(["bash", "-c", command], cwd=scratch, env=_env(),
                              capture_output=True, text=True, timeout=600)
        assert proc.returncode == 0, f"`{command}`:\n{proc.stdout}\n{proc.stderr}"
        assert "checks: 1 passed" in proc.stdout
