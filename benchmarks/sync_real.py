"""The real kernels of benchmarks/sync.py: the examples and pyasc's insert_sync test kernels.

Each kernel is run once as its script or test runs it, to record its launches (the JIT
function, the core count and the arguments). Each recorded launch is then compiled again with
the JIT's pipeline changed in one way at a time, and simulated with the sanitizer warning:
- as is (ascdsl's placement): it must be race-free;
- with one of insert-que-sync's syncs removed after the pipeline (is that sync necessary?);
- with pyasc's placement (`insert-que-sync{mode=pyasc}`, cce-auto-sync after it as bisheng
  adds on hardware), for the cycle comparison.
Only launches compiled with insert_sync on count: without it the kernel's own syncs stay.
"""

from __future__ import annotations

import contextlib
import io
import runpy
import sys
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Callable

ROOT = Path(__file__).resolve().parents[1]
SHARED = ROOT.parent / "shared"

EXAMPLES = sorted((ROOT / "examples").glob("0*/*.py"))
PYASC_INSERT_SYNC = SHARED / "pyasc" / "python" / "test" / "kernels" / "insert_sync"


@dataclass
class Launch:
    source: str
    jitfn: Any
    core_num: int
    args: tuple
    kwargs: dict = field(default_factory=dict)
    insert_sync: bool = False
    groups: int = 0
    cycles: float = 0.0
    notes: list[str] = field(default_factory=list)


@contextlib.contextmanager
def _recording(out: list[Launch], source: str):
    from ascdsl.frontend.kernel import _Launcher

    original = _Launcher.__call__

    def spy(self, *args, **kwargs):
        result = original(self, *args, **kwargs)
        # Only launches that ran: a kernel ascdsl cannot compile yet is reported, not timed.
        out.append(Launch(source, self.jitfn, self.core_num, args, dict(kwargs)))
        return result

    _Launcher.__call__ = spy  # type: ignore[method-assign]
    try:
        yield
    finally:
        _Launcher.__call__ = original  # type: ignore[method-assign]


def _run_script(path: Path) -> None:
    argv = sys.argv
    sys.argv = [str(path)]
    try:
        runpy.run_path(str(path), run_name="__main__")
    except SystemExit as e:
        if e.code not in (0, None):
            raise RuntimeError(f"{path} exited with {e.code}") from None
    finally:
        sys.argv = argv


def _run_pyasc_test(path: Path) -> None:
    sys.path.insert(0, str(ROOT))
    from tests.pyasc_suite import alias

    alias.install()
    import asc.runtime.config as config  # noqa: PLC0415 - served by ascdsl through the alias

    namespace = runpy.run_path(str(path), run_name=f"pyasc_{path.stem}")
    for name, fn in namespace.items():
        if name.startswith("test_") and callable(fn):
            fn(config.Backend.Model)


def record() -> tuple[list[Launch], list[str]]:
    """Every kernel launch of the corpus (first launch per JIT function and source), and the
    sources that could not be run (with why)."""
    launches: list[Launch] = []
    skipped: list[str] = []
    sources: list[tuple[str, Callable[[], None]]] = [
        (str(p.relative_to(ROOT)), lambda p=p: _run_script(p)) for p in EXAMPLES
    ]
    if PYASC_INSERT_SYNC.is_dir():
        sources += [(f"pyasc:{p.name}", lambda p=p: _run_pyasc_test(p))
                    for p in sorted(PYASC_INSERT_SYNC.glob("test_*.py"))]
    else:
        skipped.append(f"pyasc's insert_sync kernels: {PYASC_INSERT_SYNC} is absent")
    for name, run in sources:
        found: list[Launch] = []
        try:
            with _recording(found, name), contextlib.redirect_stdout(io.StringIO()):
                run()
        except Exception as e:  # noqa: BLE001 - a kernel ascdsl cannot run yet is reported
            skipped.append(f"{name}: {type(e).__name__}: {str(e).splitlines()[0][:120]}")
        seen = set()
        for launch in found:
            if id(launch.jitfn) not in seen:
                seen.add(id(launch.jitfn))
                launches.append(launch)
    return launches, skipped


@contextlib.contextmanager
def _pipeline(change: Callable[[list, bool], list], flags: dict):
    """The JIT's pass list passed through `change(passes, insert_sync)` while compiling."""
    import ascdsl.transforms.pipeline as pipeline_module

    original = pipeline_module.jit_pipeline

    def patched(insert_sync=True, *args, **kwargs):
        flags["insert_sync"] = insert_sync
        return change(original(insert_sync, *args, **kwargs), insert_sync)

    pipeline_module.jit_pipeline = patched
    try:
        yield
    finally:
        pipeline_module.jit_pipeline = original


def run(launch: Launch, change: Callable[[list, bool], list]):
    """Compile `launch` with the changed pipeline and simulate it (sanitizer warns)."""
    flags: dict = {}
    with _pipeline(change, flags):
        ck, runtime = launch.jitfn._prepare_call(launch.args,
                                                    {**launch.kwargs, "always_compile": True})
    launch.insert_sync = flags.get("insert_sync", False)
    report = ck.executable().launch(launch.core_num, runtime, sanitize="warn")
    return ck.module, report


class DropGroup:
    """A pass that removes the i-th of insert-que-sync's sync groups (see sync.groups)."""

    name = "drop-sync-group"

    def __init__(self, index: int, groups: Callable):
        self.index = index
        self.groups = groups

    def apply(self, ctx, module) -> None:
        drop_group(module, self.groups(module)[self.index])


def drop_group(module, group: list) -> None:
    """Remove one of insert-que-sync's sync groups; when bisheng's layer (cce-auto-sync) is
    in the module, compute it again: bisheng compiles the source without that sync, and places
    its own where nothing orders a pair any more."""
    from ascdsl.context import make_context
    from ascdsl.transforms.analysis import function_bodies
    from ascdsl.transforms.cce_auto_sync import CceAutoSyncPass, auto_sync_applied, strip_auto_sync

    for op in group:
        op.detach()
    for op in group:
        op.erase(safe_erase=False)
    if any(auto_sync_applied(f) for f in function_bodies(module)):
        strip_auto_sync(module)
        CceAutoSyncPass().apply(make_context(), module)


def pyasc_placement(passes: list, insert_sync: bool) -> list:
    from ascdsl.transforms.insert_que_sync import InsertQueSyncPass

    return [InsertQueSyncPass(mode="pyasc") if isinstance(p, InsertQueSyncPass) else p
            for p in passes]
