"""Helpers of the frontend tests: compile a kernel, look at its ops, check a located error."""

from __future__ import annotations

import inspect

import pytest


def codegen(kernel, *args, **options):
    """The CompiledKernel of `kernel` straight from code generation (no passes)."""
    options.setdefault("run_passes", False)
    options.setdefault("always_compile", True)
    return kernel.compile(*args, **options)


def op_names(ck) -> list[str]:
    """Names of every op of the compiled module, in walk order."""
    return [op.name for op in ck.module.walk()]


def line_of(kernel, marker: str) -> tuple[int, str]:
    """The file line number and text of the first line of `kernel` containing `marker`."""
    fn = getattr(kernel, "fn", kernel)
    lines, start = inspect.getsourcelines(fn)
    for i, text in enumerate(lines):
        if marker in text:
            return start + i, text.rstrip("\n")
    raise AssertionError(f"marker {marker!r} not in {fn.__name__}")


def expect_error(kernel, args, message: str, marker: str, token: str | None = None, **options):
    """Compile and check the CompilationError: message, line of `marker`, column of `token`."""
    import ascdsl as asc

    with pytest.raises(asc.CompilationError) as info:
        codegen(kernel, *args, **options)
    err = info.value
    line, text = line_of(kernel, marker)
    assert message in err.message, err.render()
    loc = err.location
    assert loc is not None, err.render()
    assert loc.file == inspect.getsourcefile(kernel.fn)
    assert loc.line == line, err.render()
    col = text.index(token if token is not None else marker.strip()) + 1
    assert loc.col == col, err.render()
    rendered = str(err)
    assert f"{loc.file}:{line}:{col}: error: " in rendered
    assert text in rendered and " " * (col - 1) + "^" in rendered
    return err
