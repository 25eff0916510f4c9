"""Fixtures for the extension API's tests: the ascx example loaded for one test, then taken
out again (registrations rolled back, its modules forgotten), so that no other test of the
session sees an extension it did not ask for."""

from __future__ import annotations

import sys

import pytest
from ext_helpers import EXAMPLE


def _forget_modules() -> None:
    for name in [m for m in sys.modules if m.split(".")[0] == "ascx_example"]:
        del sys.modules[name]


@pytest.fixture
def ascx():
    """The example extension, loaded by `load_extension("ascx_example")`."""
    from ascdsl.extension import LOADED, load_extension, registry

    already = "ascx_example" in sys.modules  # (the example's own tests imported it)
    start = registry.mark()
    added = str(EXAMPLE) not in sys.path
    if added:
        sys.path.insert(0, str(EXAMPLE))
    try:
        load_extension("ascx_example")
        yield sys.modules["ascx_example"]
    finally:
        if not already:
            registry.rollback(start)
            LOADED.pop("ascx_example", None)
            registry.EXTENSION_OF_MODULE.pop("ascx_example", None)
            _forget_modules()
        if added:
            sys.path.remove(str(EXAMPLE))


@pytest.fixture
def isolated_registry():
    """Whatever a test registers is taken out after it."""
    from ascdsl.extension import LOADED, registry

    start = registry.mark()
    loaded = dict(LOADED)
    modules = dict(registry.EXTENSION_OF_MODULE)
    yield registry
    registry.rollback(start)
    LOADED.clear()
    LOADED.update(loaded)
    registry.EXTENSION_OF_MODULE.clear()
    registry.EXTENSION_OF_MODULE.update(modules)
