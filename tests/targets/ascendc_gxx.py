"""g++ syntax check of emitted Ascend C against the test-only header in tests/targets/include.

    from ascendc_gxx import compile_or_skip, syntax_errors
    errors = syntax_errors(cpp_source, "kernel.cpp")   # "" when g++ accepts it

The header declares the Ascend C surface the dialect prints (see kernel_operator.h there).
Sources are compiled with `-include kernel_operator.h`, so output printed without running
generate-boilerplate checks too. When g++ is missing, `require_gxx()` skips the test with a
message instead of passing it.
"""

from __future__ import annotations

import os
import shutil
import subprocess
import tempfile
from pathlib import Path

import pytest

INCLUDE_DIR = Path(__file__).resolve().parent / "include"
FLAGS = ("-std=c++17", "-fsyntax-only", "-Werror=narrowing", "-Werror=return-type")


def gxx() -> str | None:
    return os.environ.get("ASCDSL_CXX") or shutil.which("g++")


def require_gxx() -> str:
    """The g++ to use, or skip the calling test with a message saying why."""
    found = gxx()
    if found is None:
        pytest.skip("g++ not found: the Ascend C syntax check needs g++ (or ASCDSL_CXX)")
    return found


def syntax_errors(source: str, name: str = "kernel.cpp") -> str:
    """g++'s diagnostics for `source` ('' when it compiles), with the source numbered."""
    compiler = require_gxx()
    with tempfile.TemporaryDirectory(prefix="ascdsl-gxx-") as tmp:
        path = Path(tmp) / Path(name).name
        if path.suffix != ".cpp":
            path = path.with_suffix(".cpp")
        path.write_text(source)
        proc = subprocess.run(
            [compiler, *FLAGS, f"-I{INCLUDE_DIR}", "-include", "kernel_operator.h", str(path)],
            capture_output=True,
            text=True,
        )
    if proc.returncode == 0:
        return ""
    numbered = "\n".join(f"{i + 1:4}: {line}" for i, line in enumerate(source.splitlines()))
    return f"g++ rejected {name}:\n{proc.stderr}\n--- source ---\n{numbered}"
