"""Runs inside pyasc's own virtual environment (never imported by ascdsl's side).

    <pyasc-venv>/bin/python driver.py OUT_DIR script  kernel_script.py
    <pyasc-venv>/bin/python driver.py OUT_DIR pytest  test_file.py

Drives pyasc's front half without CANN and keeps, for every kernel it compiles, pyasc's
codegen.mlir (frontend IR), ascir.mlir (after its passes) and ascendc.cpp in a numbered
directory OUT_DIR/NNNN/ with meta.json (which script or test function compiled which kernel,
with which specialization). OUT_DIR/index.json lists the compiles and the outcome of every
script / test function. How it gets past the missing CANN:

- `bisheng` and `ld.lld` are do-nothing executables first on PATH (pyasc's Compiler looks them
  up when it is created);
- `set_platform` always selects Backend.Model without the runtime check, whatever the script
  asks for (check=True or Backend.NPU would fail without CANN);
- `asc.lib.runtime.current_stream` returns None (it would load CANN's runtime library);
- without CANN, pyasc's host library (asc.lib.host: matmul tiling, built from CANN's headers)
  is replaced by do-nothing stand-ins, so the matmul kernels still compile; their tiling
  structs keep default values, which are runtime data and do not change the IR
  (index.json records `host_stub_used`);
- pyasc's FileCheck-based codegen tests get the host's FileCheck ($PYASC_ORACLE_FILECHECK); as
  they mock pyasc's compiler, their kernels have codegen.mlir only (status "codegen_only");
- every launch compiles, bypassing pyasc's kernel caches, so each launch has its dump;
- the step after Ascend C (bisheng, link) is replaced by an empty binary, and
  `Launcher.run` by a no-op: the script goes on to its next kernel instead of stopping at the
  first launch, so a file with many kernels yields all of them. Its numeric checks then fail
  (nothing ran): only the compiles count.

Pytest mode loads this file as a plugin: pyasc's own conftest fixtures (mock_launcher_run,
backend, ...) stay in force; a `backend` parameter is forced to Backend.Model, as pyasc's
tests select an NPU device from it.
"""

from __future__ import annotations

import dataclasses
import json
import os
import stat
import sys
import tempfile
import threading
import time
import traceback
from pathlib import Path

_state = {
    "out": None,        # Path
    "origin": None,     # script path or pytest node id being run
    "count": 0,
    "compiles": [],     # meta dicts, in order
    "origins": [],      # {"origin", "outcome", "error"}
    "host_stub_used": False,
}
_spec = threading.local()


def _first_line(exc: BaseException) -> str:
    text = str(exc).strip()
    line = text.splitlines()[0] if text else ""
    return f"{type(exc).__name__}: {line}"[:400]


def _fake_toolchain() -> Path:
    """A directory with do-nothing bisheng and ld.lld, put first on PATH."""
    bindir = Path(tempfile.mkdtemp(prefix="pyasc-oracle-bin-"))
    for name in ("bisheng", "ld.lld"):
        exe = bindir / name
        exe.write_text("#!/bin/sh\nexit 0\n")
        exe.chmod(exe.stat().st_mode | stat.S_IXUSR | stat.S_IXGRP | stat.S_IXOTH)
    # pyasc's codegen tests pipe their IR into FileCheck; the host passes its own
    filecheck = os.environ.get("PYASC_ORACLE_FILECHECK")
    if filecheck:
        (bindir / "FileCheck").symlink_to(filecheck)
    os.environ["PATH"] = f"{bindir}{os.pathsep}{os.environ.get('PATH', '')}"
    return bindir


class _HostToken:
    """An enum member or class method of the stubbed host library: callable, comparable."""

    def __init__(self, name: str):
        self.name = name

    def __call__(self, *args, **kwargs):
        return _HostObject()

    def __repr__(self) -> str:
        return f"<host stub {self.name}>"


class _HostMeta(type):
    def __getattr__(cls, name):
        if name.startswith("__"):
            raise AttributeError(name)
        _state["host_stub_used"] = True
        return _HostToken(f"{cls.__name__}.{name}")


class _HostObject(metaclass=_HostMeta):
    """A host-library object: takes any arguments; every method returns 0 (pyasc's success)."""

    def __init__(self, *args, **kwargs):
        _state["host_stub_used"] = True

    def __getattr__(self, name):
        if name.startswith("__"):
            raise AttributeError(name)
        return lambda *args, **kwargs: 0


class _HostModule:
    def __getattr__(self, name):
        if name.startswith("__"):
            raise AttributeError(name)
        return _HostMeta(name, (_HostObject,), {})


def _stub_host_library() -> None:
    if os.environ.get("ASCEND_HOME_PATH"):
        return  # CANN is there: the real tiling library loads
    from asc.lib.host.loader import Loader

    Loader.module = _HostModule()


def _write_index() -> None:
    out = _state["out"]
    data = {"compiles": _state["compiles"], "origins": _state["origins"],
            "host_stub_used": _state["host_stub_used"]}
    tmp = out / "index.json.tmp"
    tmp.write_text(json.dumps(data, indent=1))
    tmp.replace(out / "index.json")


def _describe(value) -> str:
    try:
        text = repr(value)
    except Exception:  # noqa: BLE001 - an object whose repr fails still gets a name
        text = f"<{type(value).__name__}>"
    return text if len(text) <= 200 else text[:197] + "..."


def _arg_type(t) -> str:
    """`float32*` for a GM pointer, `int32` for a scalar, else the arg type's class name."""
    dtype = getattr(t, "dtype", None)
    if dtype is None:
        return type(t).__name__
    return f"{dtype}*" if type(t).__name__ == "PointerArgType" else str(dtype)


def install(out: Path) -> None:
    """Patch pyasc (imported here) so that compiles dump per kernel and nothing needs CANN."""
    _state["out"] = out
    out.mkdir(parents=True, exist_ok=True)
    # pyasc's on-disk kernel cache would skip the compile (and the dump) on a second run.
    os.environ["PYASC_HOME"] = tempfile.mkdtemp(prefix="pyasc-oracle-home-")
    os.environ["PYASC_CACHE_DIR"] = os.path.join(os.environ["PYASC_HOME"], "cache")
    _fake_toolchain()

    import asc.lib.runtime as rt
    import asc.runtime.config as config
    from asc.runtime import compiler as compiler_mod
    from asc.runtime import jit as jit_mod
    from asc.runtime import launcher as launcher_mod

    real_set_platform = config.set_platform

    def set_platform(backend=None, soc_version=None, device_id=None, check=True):
        return real_set_platform(config.Backend.Model, soc_version, None, check=False)

    config.set_platform = set_platform
    set_platform()
    rt.current_stream = lambda *a, **k: None
    _stub_host_library()

    real_cache_kernel = jit_mod.JITFunction._cache_kernel

    def cache_kernel(self, runtime_args, constexprs, codegen_options, compile_options):
        # every launch compiles (and dumps): a kernel pyasc took from its caches would leave
        # that test function without a dump
        compile_options = dataclasses.replace(compile_options, always_compile=True)
        return real_cache_kernel(self, runtime_args, constexprs, codegen_options,
                                 compile_options)

    real_codegen = jit_mod.JITFunction._run_codegen
    real_compile = jit_mod.JITFunction._run_compiler

    def run_codegen(self, spec, options):
        _spec.value = {
            "args": {name: _arg_type(t) for name, t in spec.args.items()},
            "constexprs": {k: _describe(v) for k, v in getattr(spec, "constexprs", {}).items()},
        }
        _spec.pending = None
        try:
            mod = real_codegen(self, spec, options)
        except BaseException as e:
            _record(self.fn.__name__, None, "codegen_error", _first_line(e))
            raise
        # pyasc's codegen tests mock _run_compiler: keep the frontend IR now, so those
        # kernels have a dump too ("codegen_only" until the compiler runs)
        index = _new_dump_dir()
        (out / f"{index:04d}" / "codegen.mlir").write_text(str(mod))
        _spec.pending = _record(self.fn.__name__, index, "codegen_only", None)
        return mod

    def run_compiler(self, mod, options):
        meta = getattr(_spec, "pending", None)
        _spec.pending = None
        index = meta["index"] if meta is not None else _new_dump_dir()
        os.environ["PYASC_DUMP_PATH"] = str(out / f"{index:04d}")
        try:
            kernel = real_compile(self, mod, options)
        except BaseException as e:
            _record(self.fn.__name__, index, "compile_error", _first_line(e), meta)
            raise
        finally:
            os.environ.pop("PYASC_DUMP_PATH", None)
        _record(self.fn.__name__, index, "ok", None, meta)
        return kernel

    def run_compilation(self, source, kernel_args=None):
        return compiler_mod.CompiledKernel(b"", compiler_mod.CoreType.VectorCore,
                                           self.enable_debug, kernel_args)

    jit_mod.JITFunction._cache_kernel = cache_kernel
    jit_mod.JITFunction._run_codegen = run_codegen
    jit_mod.JITFunction._run_compiler = run_compiler
    compiler_mod.Compiler.run_compilation = run_compilation
    launcher_mod.Launcher.run = lambda self, *a, **k: None


def _new_dump_dir() -> int:
    _state["count"] += 1
    index = _state["count"]
    (_state["out"] / f"{index:04d}").mkdir(parents=True, exist_ok=True)
    return index


def _record(kernel: str, index, status: str, error, meta=None) -> dict:
    """Add a compile to the index (or update `meta`, the entry made at codegen time)."""
    spec = getattr(_spec, "value", None) or {}
    fresh = meta is None
    if fresh:
        meta = {
            "index": index,
            "dir": f"{index:04d}" if index is not None else None,
            "origin": _state["origin"],
            "kernel": kernel,
            "args": spec.get("args", {}),
            "constexprs": spec.get("constexprs", {}),
        }
    meta.update(status=status, error=error, files=[])
    if index is not None:
        dump = _state["out"] / meta["dir"]
        meta["files"] = sorted(p.name for p in dump.iterdir() if p.name != "meta.json")
        (dump / "meta.json").write_text(json.dumps(meta, indent=1))
    if fresh:
        _state["compiles"].append(meta)
    _write_index()
    return meta


def _origin_done(origin: str, outcome: str, error) -> None:
    _state["origins"].append({"origin": origin, "outcome": outcome, "error": error})
    _write_index()


# -- script mode ---------------------------------------------------------------------------------

def run_script(path: Path) -> None:
    import runpy

    origin = path.name  # like a pytest node id, relative to the file's folder
    _state["origin"] = origin
    sys.argv = [str(path)]
    sys.path.insert(0, str(path.parent))
    try:
        runpy.run_path(str(path), run_name="__main__")
    except SystemExit as e:
        outcome = "passed" if e.code in (None, 0) else "failed"
        _origin_done(origin, outcome, None if outcome == "passed" else f"SystemExit: {e.code}")
    except BaseException as e:  # noqa: BLE001 - the script's failure is a result, not ours
        _origin_done(origin, "failed", _first_line(e))
    else:
        _origin_done(origin, "passed", None)


# -- pytest mode (this module is the plugin) -----------------------------------------------------

def pytest_collection_modifyitems(session, config, items):
    from asc.runtime import config as asc_config

    for item in items:
        callspec = getattr(item, "callspec", None)
        if callspec is not None and "backend" in callspec.params:
            callspec.params["backend"] = asc_config.Backend.Model


def pytest_runtest_setup(item):
    _state["origin"] = item.nodeid


def pytest_runtest_logreport(report):
    # one outcome per test: its call, or its setup when that did not pass (skip, error)
    if report.when == "call" or (report.when == "setup" and report.outcome != "passed"):
        error = None
        if report.outcome != "passed":
            text = getattr(report, "longreprtext", "") or ""
            # pytest marks the exception's lines with "E "; skips have none
            lines = [ln[1:].strip() for ln in text.splitlines() if ln.startswith("E ")]
            tail = text.strip().splitlines()[-1:] or [""]
            error = (lines[0] if lines else tail[0])[:400]
        _origin_done(report.nodeid, report.outcome, error)


def run_pytest(path: Path) -> int:
    import pytest

    args = [
        str(path), "-q", "-p", "no:cacheprovider", "--import-mode=importlib",
        "-p", "pyasc_oracle_driver", "--rootdir", str(path.parent), "--confcutdir", "/",
        "-o", "addopts=", "-W", "ignore::pytest.PytestAssertRewriteWarning",
        "-W", "ignore::DeprecationWarning",
    ]
    return pytest.main(args)


def main(argv: list[str]) -> int:
    if len(argv) != 3 or argv[1] not in ("script", "pytest"):
        print(__doc__.split("\n\n")[1], file=sys.stderr)
        return 2
    out, mode, target = Path(argv[0]).resolve(), argv[1], Path(argv[2]).resolve()
    sys.modules["pyasc_oracle_driver"] = sys.modules[__name__]
    install(out)
    _write_index()
    started = time.monotonic()
    if mode == "script":
        run_script(target)
    else:
        run_pytest(target)
    print(f"pyasc-oracle: {len(_state['compiles'])} compiles in "
          f"{time.monotonic() - started:.1f}s", file=sys.stderr)
    return 0


if __name__ == "__main__":
    try:
        sys.exit(main(sys.argv[1:]))
    except Exception:  # noqa: BLE001 - the host side reads stderr
        traceback.print_exc()
        sys.exit(3)
