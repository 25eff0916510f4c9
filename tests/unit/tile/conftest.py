"""Fixtures of the tile-language tests."""

from __future__ import annotations

import pytest


@pytest.fixture(autouse=True)
def isolated_cache(tmp_path, monkeypatch):
    """Each test gets its own disk cache and no IR dumps."""
    monkeypatch.setenv("ASCDSL_CACHE_DIR", str(tmp_path / "kernel-cache"))
    monkeypatch.delenv("ASCDSL_DUMP_PATH", raising=False)
