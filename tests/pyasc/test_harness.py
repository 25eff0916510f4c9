"""The pieces of the pyasc harnesses that need neither ../shared nor pyasc: the `asc` alias,
the classification of a test's outcome, failure-reason grouping and the ratchet comparison."""

from __future__ import annotations

import subprocess
import sys
import textwrap

from tests.pyasc_oracle import layout
from tests.pyasc_suite.__main__ import normalize_reason, summarize
from tests.pyasc_suite.ratchet import compare
from tests.pyasc_suite.worker import classify


def _run(code: str) -> subprocess.CompletedProcess:
    # the alias edits sys.meta_path: keep it out of the test process
    return subprocess.run([sys.executable, "-c", textwrap.dedent(code)],
                          cwd=layout.PROJECT_ROOT, capture_output=True, text=True, timeout=300)


def test_alias_resolves_pyasc_paths_to_ascdsl():
    proc = _run("""
        from tests.pyasc_suite import alias
        alias.install()
        import asc, ascdsl, ascdsl.runtime.config
        import asc.runtime.config as config
        from asc.runtime import config as config2
        from asc.runtime.jit import MockTensor
        from ascdsl.frontend.argkinds import MockTensor as Real
        assert config is config2
        assert MockTensor is Real
        assert asc.jit is ascdsl.jit
        config.sanitize = "warn"              # writes reach ascdsl's module
        assert ascdsl.runtime.config.sanitize == "warn"
        assert not isinstance(ascdsl.runtime.config, alias.Overlay)
        print("ok")
    """)
    assert proc.returncode == 0, proc.stderr
    assert proc.stdout.strip() == "ok"


def test_alias_names_what_is_missing():
    proc = _run("""
        from tests.pyasc_suite import alias
        alias.install()
        import asc
        try:
            import asc.no_such_module
        except ModuleNotFoundError as e:
            print(e)
        try:
            asc.no_such_name
        except AttributeError as e:
            print(e)
    """)
    assert proc.returncode == 0, proc.stderr
    lines = proc.stdout.splitlines()
    assert lines[0] == ("pyasc's module 'asc.no_such_module' is missing on ascdsl "
                        "(no ascdsl.no_such_module)")
    assert lines[1] == ("pyasc's 'asc.no_such_name' is missing on ascdsl: 'ascdsl' has no "
                        "attribute 'no_such_name'")


def test_alias_fallbacks_are_recorded_and_yield_to_ascdsl():
    proc = _run("""
        from tests.pyasc_suite import alias
        alias.FALLBACKS["asc.lib.runtime"] = {"stand_in": lambda: "fallback",
                                              "current_stream": lambda: "fallback"}
        alias.install()
        import asc.lib.runtime as rt
        # a name ascdsl lacks comes from the fallback and is recorded; one it defines is its own
        print(rt.stand_in(), rt.current_stream(), sorted(alias.fallbacks_used))
    """)
    assert proc.returncode == 0, proc.stderr
    assert proc.stdout.strip() == "fallback None ['asc.lib.runtime.stand_in']"


def _ev(stage, ok, error=None):
    return {"stage": stage, "kernel": "k", "ok": ok, "error": error}


def test_classify_stages():
    assert classify("failed", "AttributeError: x", [])["stage"] == "setup"
    c = classify("failed", "E", [_ev("compile", False, "CompilationError: no op")])
    assert (c["stage"], c["compiles"], c["reason"]) == ("compile", False,
                                                        "CompilationError: no op")
    c = classify("failed", "E", [_ev("compile", True), _ev("run", False, "RaceError: r")])
    assert (c["stage"], c["compiles"], c["runs"], c["passes"]) == ("run", True, False, False)
    c = classify("failed", "AssertionError: mismatch", [_ev("compile", True), _ev("run", True)])
    assert (c["stage"], c["runs"], c["passes"], c["reason"]) == (
        "check", True, False, "AssertionError: mismatch")
    c = classify("passed", None, [_ev("compile", True), _ev("run", True)])
    assert (c["stage"], c["passes"], c["reason"]) == ("ok", True, None)
    # a unit test mocks the launch: it compiles, nothing runs, no numbers to compare
    c = classify("passed", None, [_ev("compile", True)])
    assert (c["stage"], c["compiles"], c["runs"], c["passes"]) == ("ok", True, None, None)
    c = classify("failed", "E", [_ev("compile", True), _ev("filecheck", False, "FileCheck: x")])
    assert (c["stage"], c["filecheck"]) == ("filecheck", False)


def test_reasons_group_without_locations_and_numbers():
    a = normalize_reason("OutOfBoundsError: /x/test_vadd.py:49:5: error: OutOfBoundsError: "
                         "reads GM bytes [0, 4000)")
    b = normalize_reason("OutOfBoundsError: reads GM bytes [0, 39996)")
    assert a == b == "OutOfBoundsError: reads GM bytes [N, N)"
    assert normalize_reason(
        "ImportError: cannot import name 'X' from 'asc.codegen.errors' (/w/errors.py)"
    ) == "ImportError: cannot import name 'X' from 'asc.codegen.errors'"


def test_summary_counts_by_area():
    def rec(test_id, area, compiles, runs, passes, outcome, stage, reason):
        return {"id": test_id, "area": area, "compiles": compiles, "runs": runs,
                "passes": passes, "filecheck": None, "outcome": outcome, "stage": stage,
                "reason": reason}

    tests = [
        rec("python/t.py::a", "basic", True, None, None, "passed", "ok", None),
        rec("python/t.py::b", "basic", False, None, None, "failed", "compile",
            "CompilationError: no op"),
        rec("python/k.py::<collection>", "kernels", True, True, False, "failed", "check",
            "AssertionError"),
    ]
    s = summarize(tests)
    assert s["areas"]["basic"] == {"tests": 2, "compile": 1, "run": 0, "pass": 0,
                                   "filecheck": 0, "timeout": 0, "skipped": 0,
                                   "unimported": 0}
    assert s["areas"]["kernels"]["run"] == 1 and s["areas"]["kernels"]["pass"] == 0
    assert s["areas"]["kernels"]["unimported"] == 1
    assert s["reasons"] == [("CompilationError: no op", 1), ("AssertionError", 1)]


def test_ratchet_reports_losses_and_news():
    tests = [{"id": "a", "compiles": True, "passes": None, "filecheck": None, "stage": "ok",
              "reason": None},
             {"id": "b", "compiles": False, "passes": None, "filecheck": None,
              "stage": "compile", "reason": "CompilationError: gone"}]
    now = {"compiles": {"a"}, "passes": set(), "filecheck": set()}
    lost, new = compare({"compiles": ["b", "c"], "passes": [], "filecheck": []}, now, tests)
    assert lost == ["  [compiles] b\n      compile: CompilationError: gone",
                    "  [compiles] c\n      not run (renamed or removed?)"]
    assert new == ["  [compiles] a"]
