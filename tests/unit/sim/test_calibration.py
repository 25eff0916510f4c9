"""The calibration against published NPU measurements holds (benchmarks/calibration.py).

The fast rows run here (about ten seconds); `python benchmarks/calibration.py` runs them all
and prints the table. A change to a constant of the SoC table or to a mechanism of the model
that moves one of these rows out of the goal fails this test.
"""

import importlib.util
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[3]
SCRIPT = ROOT / "benchmarks" / "calibration.py"


@pytest.fixture(scope="module")
def calibration():
    spec = importlib.util.spec_from_file_location("ascdsl_calibration_script", SCRIPT)
    mod = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(mod)
    mod.config.sanitize = "off"
    yield mod
    mod.config.sanitize = "raise"


def row(mod, rid):
    (r,) = [r for r in mod.ROWS if r.id == rid]
    return r


@pytest.mark.parametrize("rid", ["dc-ub-3", "dc-ub-4", "dc-ub-6", "add-0"])
def test_row_is_within_the_goal(calibration, rid):
    r = row(calibration, rid)
    runner = calibration.RUNNERS[r.kernel[0]]
    sim, _ = runner(r.kernel[1])
    for name in r.listed:
        err = calibration.err(sim[name], r.measured[name])
        assert abs(err) <= 0.25, f"{rid} {name}: {err:+.1%}"
    assert abs(calibration.err(sim["Task Duration(us)"], r.measured["Task Duration(us)"])) <= 0.10


def test_bank_conflict_scenarios_keep_their_ratios(calibration):
    for b in calibration.bank_check():
        assert b["simulated"] == pytest.approx(b["measured"], rel=0.10), b


def test_every_reference_row_is_reproduced_or_says_why(calibration):
    for r in calibration.ROWS:
        assert (r.kernel is None) == bool(r.missing), r.id
        assert r.role in ("fit", "held-out", "unlisted", "unlisted-fit")
        assert set(r.listed) <= set(r.measured)


def test_matmul_row_pipes_are_within_the_goal(calibration):
    # mm-1 chose the cube's constants (the Matmul API at depth 1: MTE2 and MTE1 serialised by
    # the library's WaitFlags); every listed figure and the Task Duration within 5%.
    r = row(calibration, "mm-1")
    sim, _ = calibration.RUNNERS[r.kernel[0]](r.kernel[1])
    for name in r.listed:
        err = calibration.err(sim[name], r.measured[name])
        assert abs(err) <= 0.05, f"mm-1 {name}: {err:+.1%}"
