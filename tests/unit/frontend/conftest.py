"""Fixtures of the frontend tests (helpers are in frontend_helpers.py)."""

from __future__ import annotations

import pytest


@pytest.fixture(autouse=True)
def isolated_cache(tmp_path, monkeypatch):
    """Each test gets its own disk cache and no IR dumps."""
    cache = tmp_path / "kernel-cache"
    monkeypatch.setenv("ASCDSL_CACHE_DIR", str(cache))
    monkeypatch.delenv("ASCDSL_DUMP_PATH", raising=False)
    return cache
