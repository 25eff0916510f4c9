"""pyasc's own virtual environment: found, or created on first use.

pyasc 1.1.1 pins numpy<2 and pybind11, so it never shares ascdsl's environment; the oracle
talks to it through a subprocess. Where it lives:

- `$ASCDSL_PYASC_VENV` when set (an existing environment; it is created there if missing);
- else `.cache/pyasc-venv` in the project (gitignored).

Creating it is `python -m venv` plus `pip install pyasc==1.1.1 torch==2.13.0 pytest` (torch
because pyasc's generalization tests and tutorials build their inputs with it).
"""

from __future__ import annotations

import fcntl
import os
import shutil
import subprocess
import sys
from pathlib import Path

PYASC_VERSION = "1.1.1"
REQUIREMENTS = (f"pyasc=={PYASC_VERSION}", "torch==2.13.0", "pytest")
# pyasc 1.1.1 publishes wheels for these CPython versions only.
SUPPORTED_PYTHONS = ((3, 11), (3, 12))
PROJECT_ROOT = Path(__file__).resolve().parents[2]


class VenvUnavailable(RuntimeError):
    """pyasc's environment is missing and could not be created (the message says why)."""


def venv_dir() -> Path:
    env = os.environ.get("ASCDSL_PYASC_VENV")
    return Path(env) if env else PROJECT_ROOT / ".cache" / "pyasc-venv"


def venv_python(venv: Path | None = None) -> Path:
    return (venv or venv_dir()) / "bin" / "python"


_CHECK = (
    "import importlib.metadata as m, asc, pytest, torch; "
    "print(m.version('pyasc'))"
)


def installed_version(venv: Path | None = None) -> str | None:
    """pyasc's version in the environment, or None when it is not a working pyasc venv."""
    python = venv_python(venv)
    if not python.exists():
        return None
    proc = subprocess.run([str(python), "-c", _CHECK], capture_output=True, text=True,
                          timeout=300)
    return proc.stdout.strip() if proc.returncode == 0 else None


def _base_python() -> str:
    """An interpreter pyasc has wheels for: this one if it fits, else python3.12/3.11."""
    if sys.version_info[:2] in SUPPORTED_PYTHONS:
        return sys.executable
    for major, minor in reversed(SUPPORTED_PYTHONS):
        found = shutil.which(f"python{major}.{minor}")
        if found:
            return found
    raise VenvUnavailable(
        f"pyasc {PYASC_VERSION} needs CPython 3.11 or 3.12 for its wheels; this is "
        f"{sys.version.split()[0]} and neither python3.11 nor python3.12 is on PATH")


# Environments this process found working: checking one imports torch (seconds), and a run
# over the suite asks once per kernel file.
_working: set[Path] = set()


def ensure_venv(create: bool = True, log=None) -> Path:
    """The pyasc environment's directory, created (under a lock) when missing and `create`."""
    venv = venv_dir()
    if venv in _working:
        return venv
    if installed_version(venv) is not None:
        _working.add(venv)
        return venv
    if not create:
        raise VenvUnavailable(f"no working pyasc environment at {venv} "
                              "(set ASCDSL_PYASC_VENV or let the oracle create it)")
    venv.parent.mkdir(parents=True, exist_ok=True)
    lock_path = venv.parent / f".{venv.name}.lock"
    with open(lock_path, "w") as lock:
        fcntl.flock(lock, fcntl.LOCK_EX)  # another process may be creating it right now
        if installed_version(venv) is not None:
            return venv
        if log:
            log(f"creating pyasc's environment at {venv} (pip install {' '.join(REQUIREMENTS)})")
        steps = [
            [_base_python(), "-m", "venv", "--clear", str(venv)],
            [str(venv_python(venv)), "-m", "pip", "install", "--quiet", *REQUIREMENTS],
        ]
        for cmd in steps:
            proc = subprocess.run(cmd, capture_output=True, text=True, timeout=3600)
            if proc.returncode != 0:
                tail = (proc.stdout + proc.stderr).strip().splitlines()[-15:]
                raise VenvUnavailable(
                    f"creating pyasc's environment failed: {' '.join(cmd)}\n" + "\n".join(tail))
        if installed_version(venv) is None:
            raise VenvUnavailable(f"pyasc's environment at {venv} was created but "
                                  "`import asc, torch, pytest` fails in it")
    return venv
