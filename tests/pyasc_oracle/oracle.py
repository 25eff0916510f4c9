"""pyasc as a test-only oracle: the IR and Ascend C that the real pyasc writes for a kernel file.

    from tests.pyasc_oracle.oracle import dump_file
    result = dump_file(Path(".../tutorials/02_add_framework/add_framework.py"))
    for k in result.kernels:            # one per compile, in order
        k.origin, k.kernel, k.codegen_mlir, k.ascir_mlir, k.ascendc_cpp

Each file runs in a subprocess of pyasc's own environment (venv.py) through driver.py. Results
are cached on disk (`.cache/pyasc-oracle`, or `$ASCDSL_PYASC_ORACLE_CACHE`) keyed by the
content of the kernel file, the conftest.py files pyasc's pytest loads for it, the driver and
pyasc's version, so a repeated test run costs a directory read.
"""

from __future__ import annotations

import hashlib
import json
import os
import shutil
import subprocess
import tempfile
from dataclasses import dataclass, field
from pathlib import Path

from . import layout, venv

DRIVER = Path(__file__).with_name("driver.py")
FILE_TIMEOUT = 900  # seconds for one kernel file (the largest, generalization, take ~10 s)


@dataclass(frozen=True)
class KernelDump:
    """One compile by pyasc: which script / test function compiled which kernel, and its files."""

    origin: str            # script path or pytest node id (file::function[params])
    kernel: str            # the @jit function's name
    # "ok" | "compile_error" (pyasc's passes or translation failed) | "codegen_only" (the test
    # mocked pyasc's compiler: codegen.mlir only)
    status: str
    error: str | None
    directory: Path | None
    args: dict = field(default_factory=dict)
    constexprs: dict = field(default_factory=dict)

    def _read(self, name: str) -> str | None:
        if self.directory is None:
            return None
        p = self.directory / name
        return p.read_text() if p.exists() else None

    @property
    def codegen_mlir(self) -> str | None:
        """pyasc's frontend IR (before its passes)."""
        return self._read("codegen.mlir")

    @property
    def ascir_mlir(self) -> str | None:
        """pyasc's IR after its pass pipeline."""
        return self._read("ascir.mlir")

    @property
    def ascendc_cpp(self) -> str | None:
        """pyasc's Ascend C."""
        return self._read("ascendc.cpp")


@dataclass(frozen=True)
class Outcome:
    """How a script or test function ended under pyasc (its numeric checks cannot pass: no
    kernel runs)."""

    origin: str
    outcome: str           # "passed" | "failed" | "skipped"
    error: str | None


@dataclass(frozen=True)
class FileResult:
    path: Path
    directory: Path
    kernels: list[KernelDump]
    outcomes: list[Outcome]
    cached: bool
    # codegen errors: the frontend rejected the kernel before any file was written
    codegen_errors: list[dict] = field(default_factory=list)


class OracleError(RuntimeError):
    """The driver itself failed on a file (not a kernel's compile error)."""


def cache_root() -> Path:
    env = os.environ.get("ASCDSL_PYASC_ORACLE_CACHE")
    return Path(env) if env else layout.PROJECT_ROOT / ".cache" / "pyasc-oracle"


def _conftests(path: Path) -> list[Path]:
    out = []
    for parent in path.resolve().parents:
        c = parent / "conftest.py"
        if c.is_file():
            out.append(c)
    return out


_version_cache: dict[Path, str] = {}


def pyasc_version(venv_path: Path) -> str:
    if venv_path not in _version_cache:
        version = venv.installed_version(venv_path)
        if version is None:
            raise venv.VenvUnavailable(f"no working pyasc at {venv_path}")
        _version_cache[venv_path] = version
    return _version_cache[venv_path]


def cache_key(path: Path, version: str) -> str:
    h = hashlib.sha256()
    h.update(f"pyasc {version}\n".encode())
    for p in [path, *_conftests(path), DRIVER]:
        h.update(p.name.encode() + b"\0" + p.read_bytes() + b"\0")
    return h.hexdigest()[:24]


def _load(path: Path, directory: Path, cached: bool) -> FileResult:
    index = json.loads((directory / "index.json").read_text())
    kernels, codegen_errors = [], []
    for c in index["compiles"]:
        if c["dir"] is None:
            codegen_errors.append(c)
            continue
        kernels.append(KernelDump(c["origin"], c["kernel"], c["status"], c["error"],
                                  directory / c["dir"], c.get("args", {}),
                                  c.get("constexprs", {})))
    outcomes = [Outcome(o["origin"], o["outcome"], o["error"]) for o in index["origins"]]
    return FileResult(path, directory, kernels, outcomes, cached, codegen_errors)


def dump_file(path: Path, use_cache: bool = True, create_venv: bool = True,
              timeout: float = FILE_TIMEOUT) -> FileResult:
    """Run pyasc on one kernel file (a tutorial script or a pytest file) and return its dumps."""
    path = Path(path).resolve()
    if not path.is_file():
        raise FileNotFoundError(f"no such kernel file: {path}")
    venv_path = venv.ensure_venv(create=create_venv)
    key = cache_key(path, pyasc_version(venv_path))
    final = cache_root() / f"{path.stem}-{key}"
    if use_cache and (final / "index.json").is_file() and (final / "DONE").is_file():
        return _load(path, final, cached=True)
    cache_root().mkdir(parents=True, exist_ok=True)
    work = Path(tempfile.mkdtemp(prefix=f".{path.stem}-", dir=cache_root()))
    env = dict(os.environ)
    env.pop("PYTHONPATH", None)  # ascdsl's side must not leak into pyasc's interpreter
    env["PYTHONDONTWRITEBYTECODE"] = "1"  # ../shared stays untouched
    filecheck = shutil.which("filecheck") or shutil.which("FileCheck")
    if filecheck:
        env["PYASC_ORACLE_FILECHECK"] = filecheck
    try:
        proc = subprocess.run(
            [str(venv.venv_python(venv_path)), str(DRIVER), str(work / "out"),
             layout.mode(path), str(path)],
            cwd=str(path.parent), env=env, capture_output=True, text=True, timeout=timeout)
    except subprocess.TimeoutExpired:
        shutil.rmtree(work, ignore_errors=True)
        raise OracleError(f"pyasc did not finish {path} within {timeout:.0f}s") from None
    if proc.returncode != 0 or not (work / "out" / "index.json").is_file():
        shutil.rmtree(work, ignore_errors=True)
        tail = "\n".join((proc.stderr or proc.stdout).strip().splitlines()[-20:])
        raise OracleError(f"the pyasc driver failed on {path} (exit {proc.returncode}):\n{tail}")
    (work / "out" / "DONE").write_text(proc.stderr[-4000:])
    if final.exists():
        shutil.rmtree(final, ignore_errors=True)
    try:
        (work / "out").rename(final)
    except OSError:
        # another process finished the same key first: use its copy
        pass
    shutil.rmtree(work, ignore_errors=True)
    return _load(path, final, cached=False)
