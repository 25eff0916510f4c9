"""The real-header check for tests: an AscendCChecker over Huawei's Ascend C headers.

The headers are `$ASCDSL_ASCENDC_HEADERS` if set, else the asc-devkit checkout beside the
project (`../shared/asc-devkit`); without them, or without g++, the tests that need the check
skip and say why. The checker's generated files live in ascdsl's cache directory (built once,
about 40 s), so later runs start at once.
"""

from __future__ import annotations

import os
from functools import lru_cache
from pathlib import Path

import pytest

from ascdsl.fileio import cache_dir
from ascdsl.targets.ascendc.check import AscendCChecker, CheckUnavailable, CxxError, find_headers

ROOT = Path(__file__).resolve().parents[3]
DEVKIT = ROOT.parent / "shared" / "asc-devkit"
# Taken at import, before any test points ASCDSL_CACHE_DIR at a temporary directory: the
# generated headers and the precompiled header are worth keeping between runs.
CACHE = cache_dir()


@lru_cache(maxsize=1)
def _checker() -> AscendCChecker | str:
    headers = os.environ.get("ASCDSL_ASCENDC_HEADERS") or (str(DEVKIT) if DEVKIT.is_dir() else None)
    if headers is None:
        return (f"the real Ascend C headers are not here ({DEVKIT} is absent and "
                "ASCDSL_ASCENDC_HEADERS is not set): the real-header check cannot run")
    try:
        return AscendCChecker(find_headers(headers), cache_dir=CACHE)
    except CheckUnavailable as e:
        return f"the real-header check cannot run: {e}"


def checker() -> AscendCChecker:
    """The checker, or skip the calling test saying why it cannot run."""
    got = _checker()
    if isinstance(got, str):
        pytest.skip(got)
    return got


def report(name: str, source: str, errors: list[CxxError]) -> str:
    """g++'s errors about `name`, with the source numbered."""
    numbered = "\n".join(f"{i + 1:4}: {line}" for i, line in enumerate(source.splitlines()))
    found = "\n".join(e.text for e in errors)
    return f"the real Ascend C headers reject {name}:\n{found}\n--- {name} ---\n{numbered}"


def assert_accepted(source: str, name: str = "kernel.cpp") -> None:
    """Fail with g++'s errors unless the real headers accept `source`."""
    errors = checker().check_source(source, name)
    assert not errors, report(name, source, errors)
