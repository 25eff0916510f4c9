"""Every Ascend C kernel the test suite emits must pass `g++ -std=c++17 -fsyntax-only`.

Sources of kernels:
- tests/filecheck/targets: each RUN line that prints `-t ascendc` (same flags as lit runs);
- tests/filecheck/transforms: each input chunk after `--ascdsl-default` (other areas' tests;
  chunks that expect diagnostics or use the `test` dialect are not kernels);
- examples/ir/*.mlir (tile kernels through `--lower-asc` first);
- examples/*/*.py run with ASCDSL_DUMP_PATH set: every kernel.cpp they dump.
"""

from __future__ import annotations

import os
import shlex
import subprocess
import sys
import tempfile
from pathlib import Path

import pytest

from ascendc_gxx import require_gxx, syntax_errors

ROOT = Path(__file__).resolve().parents[2]
TARGET_TESTS = ROOT / "tests" / "filecheck" / "targets"
TRANSFORM_TESTS = ROOT / "tests" / "filecheck" / "transforms"
EXAMPLES = ROOT / "examples"
SPLIT = "// -----"


def _opt(argv: list[str]) -> tuple[int, str, str]:
    """Run ascdsl-opt in-process; (status, output text, stderr)."""
    import contextlib
    import io

    from ascdsl.tools.ascdsl_opt import main

    with tempfile.TemporaryDirectory(prefix="ascdsl-opt-") as tmp:
        out = Path(tmp) / "out.cpp"
        err = io.StringIO()
        with contextlib.redirect_stderr(err):
            status = main([*argv, "-o", str(out)])
        text = out.read_text() if out.exists() else ""
    return status, text, err.getvalue()


def _ascendc_run_lines(path: Path) -> list[list[str]]:
    """The ascdsl-opt argument lists of the file's RUN lines that print Ascend C."""
    runs = []
    for line in path.read_text().splitlines():
        if not line.startswith("// RUN:"):
            continue
        command = line[len("// RUN:") :].split("|")[0]
        argv = shlex.split(command)
        if not argv or argv[0] != "ascdsl-opt" or "--verify-diagnostics" in argv:
            continue
        if "-t" not in argv or argv[argv.index("-t") + 1] != "ascendc":
            continue
        runs.append([str(path) if a == "%s" else a for a in argv[1:]])
    return runs


# Files whose RUN lines print Ascend C (errors.mlir, say, checks diagnostics only).
TARGET_FILES = [f for f in sorted(TARGET_TESTS.glob("*.mlir")) if _ascendc_run_lines(f)]


def test_target_tests_exist():
    assert len(TARGET_FILES) >= 15, f"expected the per-family Ascend C tests, found {TARGET_FILES}"


@pytest.mark.parametrize("path", TARGET_FILES, ids=lambda p: p.name)
def test_filecheck_target_inputs_compile(path: Path):
    runs = _ascendc_run_lines(path)
    require_gxx()
    for argv in runs:
        status, text, err = _opt(argv)
        assert status == 0, f"ascdsl-opt {' '.join(argv)} failed:\n{err}"
        for i, chunk in enumerate(text.split(f"\n{SPLIT}\n")):
            errors = syntax_errors(chunk, f"{path.stem}-{i}.cpp")
            assert not errors, errors


def _kernel_chunks(path: Path) -> list[tuple[int, str]]:
    """(line offset, text) of each chunk of a transform test that is a kernel to compile."""
    chunks, start, current = [], 0, []
    for i, line in enumerate(path.read_text().split("\n")):
        if line.strip() == SPLIT:
            chunks.append((start, "\n".join(current)))
            start, current = i + 1, []
        else:
            current.append(line)
    chunks.append((start, "\n".join(current)))
    return [
        (offset, text)
        for offset, text in chunks
        if "func.func" in text and "expected-" not in text and '"test.' not in text
        and not _takes_tiles(text)
    ]


def _takes_tiles(text: str) -> bool:
    """A function taking asc tiles or tensors is a fragment for a pass, not a kernel."""
    return any(line.lstrip().startswith("func.func") and "!asc." in line
               for line in text.split("\n"))


def test_transform_kernels_compile_after_default_pipeline():
    # lit's Output/ directories hold temporary copies, not tests.
    files = sorted(p for p in TRANSFORM_TESTS.rglob("*.mlir") if "Output" not in p.parts)
    assert files, f"no transform tests found under {TRANSFORM_TESTS}"
    require_gxx()
    from ascdsl.context import make_context
    from ascdsl.diagnostics import AscdslError, parse_module, verify_module
    from ascdsl.targets.ascendc import emit
    from ascdsl.transforms.ascdsl_default import AscdslDefaultPass
    from ascdsl.transforms.lower_asc import LowerAscPass

    compiled = 0
    failures = []
    for path in files:
        for offset, text in _kernel_chunks(path):
            where = f"{path.relative_to(ROOT)}:{offset + 1}"
            ctx = make_context()
            try:
                module = parse_module(ctx, text, str(path), offset)
                verify_module(module)
                if "asc.tensor" in text:  # a tile kernel: lowered to ascendc first
                    LowerAscPass().apply(ctx, module)
                AscdslDefaultPass().apply(ctx, module)
                verify_module(module)
                source = emit(module)
            except AscdslError as e:
                failures.append(f"{where}: {e}")
                continue
            errors = syntax_errors(source, f"{path.stem}-{offset}.cpp")
            if errors:
                failures.append(f"{where}: {errors}")
            compiled += 1
    assert not failures, "\n\n".join(failures)
    assert compiled, "the transform tests hold no kernel chunk to compile"


IR_EXAMPLES = sorted((EXAMPLES / "ir").glob("*.mlir"))


def test_ir_examples_exist():
    assert IR_EXAMPLES, "examples/ir holds no .mlir kernel"


@pytest.mark.parametrize("path", IR_EXAMPLES, ids=lambda p: p.name)
def test_ir_examples_compile(path: Path):
    require_gxx()
    # Kernels with compiler-managed tensors need the default pipeline before printing.
    text = path.read_text()
    passes = ["--ascdsl-default"] if "local_tensor_auto" in text else []
    if "asc.tensor" in text:  # a tile kernel: lowered to ascendc, then the default pipeline
        passes = ["--lower-asc", "--ascdsl-default"]
    status, text, err = _opt([str(path), *passes, "--generate-boilerplate", "-t", "ascendc"])
    assert status == 0, err
    assert text.startswith('#include "kernel_operator.h"\n')
    errors = syntax_errors(text, path.stem + ".cpp")
    assert not errors, errors


PY_EXAMPLES = sorted(EXAMPLES.glob("*/*.py"))


def test_python_examples_dump_kernels_that_compile(tmp_path: Path):
    assert PY_EXAMPLES, "no examples/*/*.py to compile"
    require_gxx()
    failures = []
    for script in PY_EXAMPLES:
        dump = tmp_path / script.parent.name / script.stem
        dump.mkdir(parents=True)
        # A fresh kernel cache: a cached kernel is not compiled again, hence not dumped.
        env = dict(
            os.environ, ASCDSL_DUMP_PATH=str(dump), ASCDSL_CACHE_DIR=str(dump / "cache")
        )
        proc = subprocess.run(
            [sys.executable, str(script)],
            cwd=script.parent,
            env=env,
            capture_output=True,
            text=True,
            timeout=600,
        )
        # Whether the example's own result check passes is the examples' test; this one
        # needs the kernels it compiled.
        kernels = sorted(dump.rglob("kernel.cpp"))
        if not kernels:
            failures.append(
                f"{script.relative_to(ROOT)} dumped no kernel.cpp under {dump} "
                f"(exit {proc.returncode}):\n{proc.stdout}\n{proc.stderr}"
            )
        for cpp in kernels:
            if not cpp.read_text().startswith('#include "kernel_operator.h"\n'):
                failures.append(f"{cpp} does not start with the kernel_operator.h include")
            errors = syntax_errors(cpp.read_text(), f"{script.stem}-{cpp.parent.name}.cpp")
            if errors:
                failures.append(errors)
    assert not failures, "\n\n".join(failures)
