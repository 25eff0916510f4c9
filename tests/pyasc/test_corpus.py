"""Every IR file pyasc 1.1.1 writes for its own tests and tutorials, read by ascdsl.

Needs ../shared (pyasc's kernels) and pyasc's environment (the oracle; dumps are cached).
- every dump round-trips, or fails only for an op ascdsl lacks, a listed known difference,
  or because pyasc's own IR does not verify (tests/pyasc_oracle/corpus.py says which is which);
- the dumps listed in corpus_roundtrips.txt keep round-tripping (a ratchet; new ones warn);
- pyasc's own IR of its vadd tutorials runs on ascdsl's simulator with the right numbers, as
  written (ascir.mlir, after pyasc's passes) and through ascdsl's passes (codegen.mlir).
"""

from __future__ import annotations

import warnings
from pathlib import Path

import numpy as np
import pytest

from tests.pyasc_oracle import corpus as corpus_mod
from tests.pyasc_oracle import layout, venv
from tests.pyasc_suite.ratchet import read_list

pytestmark = pytest.mark.skipif(layout.missing_reason() is not None,
                                reason=layout.missing_reason() or "")

HERE = Path(__file__).parent
ROUNDTRIP_LIST = HERE / "corpus_roundtrips.txt"


@pytest.fixture(scope="module")
def corpus():
    venv.ensure_venv(create=True)
    return corpus_mod.read_corpus()


def test_every_dump_reads_or_needs_an_op_ascdsl_lacks(corpus):
    fails = corpus.by_status("fails")
    assert not fails, "ascdsl cannot read these pyasc dumps:\n" + "\n".join(
        f"{i}\n{corpus.results[i].error}" for i in fails[:10])
    # The suite is large; the counts say it was all read.
    assert len(corpus.results) > 700
    assert len(corpus.by_status("roundtrips")) >= len(read_list(ROUNDTRIP_LIST))


def test_round_trips_ratchet(corpus):
    listed = read_list(ROUNDTRIP_LIST)
    now = set(corpus.by_status("roundtrips"))
    lost = [i for i in listed if i not in now]
    new = sorted(now - set(listed))
    if new:
        warnings.warn(f"{len(new)} pyasc dump(s) newly round-trip; add them to "
                      f"{ROUNDTRIP_LIST.relative_to(layout.PROJECT_ROOT)}:\n" + "\n".join(new),
                      stacklevel=1)
    assert not lost, "pyasc dumps that no longer round-trip:\n" + "\n".join(
        f"  {i}: {corpus.results[i].status} {corpus.results[i].error or ''}"
        if i in corpus.results else f"  {i}: not dumped (renamed or removed?)" for i in lost)


TUTORIALS = ["01_add/add.py", "02_add_framework/add_framework.py"]


@pytest.mark.parametrize("tutorial", TUTORIALS)
# pyasc compiles both without its sync insertion (their sync is the user's): so does ascdsl.
@pytest.mark.parametrize("dump, passes", [
    ("ascir.mlir", ()), ("codegen.mlir", "ascdsl-default{insert-sync=false}")])
def test_pyasc_ir_of_the_vadd_tutorials_runs_on_the_simulator(tutorial, dump, passes, tmp_path):
    import ascdsl
    from ascdsl.runtime import prepare
    from tests.pyasc_oracle import oracle

    venv.ensure_venv(create=True)
    (kernel,) = oracle.dump_file(layout.pyasc_python_dir() / "tutorials" / tutorial).kernels
    path = tmp_path / dump
    path.write_text(getattr(kernel, dump.replace(".", "_")))
    module = ascdsl.load(path, passes=passes)
    n, cores = 8 * 2048, 8
    rng = np.random.default_rng(0)
    x, y = rng.random(n, np.float32), rng.random(n, np.float32)
    z = np.zeros(n, np.float32)
    args = [x, y, z, n // cores]
    if dump == "ascir.mlir":
        args.append(np.zeros(1, np.uint64))  # the ffts_addr argument pyasc's passes add
    report = prepare(module, "vadd_kernel").launch(cores, args)
    assert np.array_equal(z, x + y)
    assert not report.findings
