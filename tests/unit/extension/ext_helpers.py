"""Paths and environments shared by the extension API's tests."""

from __future__ import annotations

import os
from pathlib import Path

ROOT = Path(__file__).resolve().parents[3]
EXAMPLE = ROOT / "examples" / "extension"


def subprocess_env(*paths: Path | str, **extra: str) -> dict[str, str]:
    """The environment for a tool run with `paths` first on PYTHONPATH."""
    env = dict(os.environ)
    env.pop("ASCDSL_NO_EXTENSIONS", None)
    env["PYTHONPATH"] = os.pathsep.join([*(str(p) for p in paths), str(ROOT)])
    env.update(extra)
    return env
