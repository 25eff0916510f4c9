"""Where pyasc's test material is and how its files group into areas.

../shared (beside the project, or `$ASCDSL_SHARED_DIR`) holds pyasc's lit suite (pyasc/test)
and its Python tests and tutorials (pyasc/python). That material is licensed for Huawei AI
processors only: it is read in place, never copied into the repository.
"""

from __future__ import annotations

import os
from pathlib import Path

PROJECT_ROOT = Path(__file__).resolve().parents[2]

# area name -> folder under pyasc/python. "codegen" holds pyasc's FileCheck tests of its
# frontend IR; the four unit/language areas only check that a kernel compiles.
AREAS: dict[str, str] = {
    "basic": "test/unit/language/basic",
    "adv": "test/unit/language/adv",
    "core": "test/unit/language/core",
    "fwk": "test/unit/language/fwk",
    "codegen": "test/unit/codegen",
    "kernels": "test/kernels",
    "generalization": "test/generalization",
    "tutorials": "tutorials",
}


def shared_dir() -> Path:
    env = os.environ.get("ASCDSL_SHARED_DIR")
    return Path(env) if env else PROJECT_ROOT.parent / "shared"


def pyasc_python_dir() -> Path:
    return shared_dir() / "pyasc" / "python"


def pyasc_lit_dir() -> Path:
    return shared_dir() / "pyasc" / "test"


def missing_reason() -> str | None:
    """Why pyasc's Python material cannot be used here, or None when it is present."""
    if not pyasc_python_dir().is_dir():
        return (f"pyasc's tests are not here ({pyasc_python_dir()} is missing; they live in "
                "../shared beside the project, or set ASCDSL_SHARED_DIR)")
    return None


def mode(path: Path) -> str:
    """"pytest" for pyasc's test files (test_*.py), "script" for tutorials (run as __main__)."""
    return "pytest" if path.name.startswith("test_") else "script"


def area_of(path: Path) -> str | None:
    rel = path.resolve().relative_to(pyasc_python_dir().resolve()).as_posix()
    for area, folder in AREAS.items():
        if rel.startswith(folder + "/"):
            return area
    return None


def suite_files(areas: list[str] | None = None) -> list[tuple[str, Path]]:
    """(area, file) for every kernel file of the chosen areas (all by default), sorted."""
    base = pyasc_python_dir()
    out = []
    for area, folder in AREAS.items():
        if areas and area not in areas:
            continue
        root = base / folder
        if area == "tutorials":
            files = sorted(p for p in root.glob("*/*.py"))
        else:
            files = sorted(p for p in root.rglob("test_*.py"))
        out.extend((area, p) for p in files)
    return out


def relname(path: Path) -> str:
    """The path as pyasc's repository names it (python/test/..., python/tutorials/...)."""
    try:
        return "python/" + path.resolve().relative_to(pyasc_python_dir().resolve()).as_posix()
    except ValueError:
        return str(path)
