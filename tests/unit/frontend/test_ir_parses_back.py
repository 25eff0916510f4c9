"""Property: every IR the JIT writes (what code generation produced, before the passes, and
the IR after them) parses back in ascdsl and prints to the same text.

The kernels: every example's (launched with the run stubbed out: the IR is the subject, not the
numbers, which test_examples.py and the examples themselves check) and pyasc's ShapeInfo
kernel, whose `uint32_t*` cast once printed as the unparseable `memref<-1xui32>`.
`ASCDSL_TEST_PARSE_BACK=1 pytest tests/unit/frontend` applies the same check to every kernel
the frontend tests compile (conftest.py).
"""

from __future__ import annotations

import importlib.util
import sys
from pathlib import Path

import pytest

import ascdsl as asc
from ascdsl.context import make_context
from ascdsl.diagnostics import AscdslError, parse_module
from ascdsl.frontend.kernel import JITFunction, _Launcher
from ascdsl.frontend.pipeline import print_ir
from ascdsl.frontend.tile.jit import TileJITFunction

ROOT = Path(__file__).resolve().parents[3]
EXAMPLES = sorted(p for p in (ROOT / "examples").glob("[0-9]*/*.py"))


def record_ir(monkeypatch) -> list[tuple[str, str]]:
    """(kernel, IR text) of every compile from now on: before the passes, and after them."""
    written: list[tuple[str, str]] = []
    for cls in (JITFunction, TileJITFunction):
        real = cls.__dict__["_run_pipeline"]

        def before_passes(self, module, *args, _real=real, **kwargs):
            written.append((f"{self.__name__} (before the passes)", print_ir(module)))
            return _real(self, module, *args, **kwargs)

        monkeypatch.setattr(cls, "_run_pipeline", before_passes)
    real_compile = JITFunction._compile

    def compile_(self, *args, **kwargs):
        ck = real_compile(self, *args, **kwargs)
        written.append((f"{self.__name__} ({'after' if ck.passes_ran else 'without'} the passes)",
                        ck.ir))
        return ck

    monkeypatch.setattr(JITFunction, "_compile", compile_)
    return written


def parse_back_failures(written: list[tuple[str, str]]) -> list[str]:
    """Each text that does not read back to itself, with why."""
    failures = []
    for what, text in written:
        try:
            again = print_ir(parse_module(make_context(), text, "jit.mlir"))
        except AscdslError as e:
            failures.append(f"{what}: {e.render()}")
            continue
        if again != text:
            old, new = text.splitlines(), again.splitlines()
            i = next((i for i, (a, b) in enumerate(zip(old, new)) if a != b), min(len(old), len(new)))
            failures.append(f"{what}: line {i + 1} prints back as\n  "
                            f"{new[i] if i < len(new) else '<end>'}\nwas\n  "
                            f"{old[i] if i < len(old) else '<end>'}")
    return failures


def _compile_only(self, *args, **kwargs):
    self.jitfn.compile(*args, core_num=self.core_num, **kwargs)


@pytest.mark.parametrize("example", EXAMPLES, ids=lambda p: p.parent.name + "/" + p.name)
def test_every_ir_the_jit_writes_for_an_example_parses_back(example, monkeypatch):
    written = record_ir(monkeypatch)
    monkeypatch.setattr(_Launcher, "__call__", _compile_only)
    monkeypatch.setattr(sys, "argv", [str(example)])
    monkeypatch.syspath_prepend(str(example.parent))
    spec = importlib.util.spec_from_file_location(f"example_{example.stem}", example)
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    # The stubbed launch leaves the outputs as allocated; the examples report a mismatch through
    # main's return value, never by raising, so an exception here is a compile error to see.
    module.main(*([[]] if example.name == "matmul_mix.py" else []))
    stages = {what.split(" (")[1] for what, _ in written}
    assert {"before the passes)", "after the passes)"} <= stages, f"no IR recorded: {stages}"
    failures = parse_back_failures(written)
    assert not failures, "\n".join(failures)


def test_shape_info_from_arrays_parses_back(monkeypatch):
    written = record_ir(monkeypatch)

    @asc.jit
    def kernel_shape_info() -> None:
        s1 = asc.ShapeInfo(asc.array(asc.int32, [8, 8]))
        s2 = asc.ShapeInfo(asc.array(asc.int32, [8, 8]), asc.array(asc.int32, [8, 8]),
                           data_format=asc.DataFormat.ND)
        x = asc.LocalTensor(asc.int32)
        x.set_shape_info(s1)
        x.set_shape_info(s2)

    ck = kernel_shape_info.compile()
    # pyasc's cast type (test_types.py::test_shape_info's codegen.mlir), and its C++
    assert "[ui8, memref<*xui32>, !ascendc.data_format]" in ck.ir
    assert "[ui8, memref<*xui32>, ui8, memref<*xui32>, !ascendc.data_format]" in ck.ir
    assert "static_cast<uint32_t*>(" in ck.source
    assert len(written) == 2
    failures = parse_back_failures(written)
    assert not failures, "\n".join(failures)
