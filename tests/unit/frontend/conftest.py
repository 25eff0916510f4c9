"""Fixtures of the frontend tests (helpers are in frontend_helpers.py)."""

from __future__ import annotations

import os

import pytest


@pytest.fixture(autouse=True)
def isolated_cache(tmp_path, monkeypatch):
    """Each test gets its own disk cache and no IR dumps; with $ASCDSL_TEST_PARSE_BACK set, every
    IR the test's compiles write must parse back (test_ir_parses_back.py)."""
    cache = tmp_path / "kernel-cache"
    monkeypatch.setenv("ASCDSL_CACHE_DIR", str(cache))
    monkeypatch.delenv("ASCDSL_DUMP_PATH", raising=False)
    if not os.environ.get("ASCDSL_TEST_PARSE_BACK"):
        yield cache
        return
    from test_ir_parses_back import parse_back_failures, record_ir

    written = record_ir(monkeypatch)
    yield cache
    failures = parse_back_failures(written)
    assert not failures, "IR the JIT wrote does not parse back:\n" + "\n".join(failures)
