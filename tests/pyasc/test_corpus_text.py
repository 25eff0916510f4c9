"""ascdsl-opt prints pyasc's dumps back as MLIR prints them, byte for byte.

For every codegen.mlir / ascir.mlir pyasc 1.1.1 writes for its tests and tutorials,
ascdsl-opt with no passes must print the dump's own text: without locations against the dump
with its locations stripped, and with `--mlir-print-debuginfo` against the dump as it is
(tests/pyasc_oracle/text_diff.py). corpus_text_equal.txt lists the dumps that do; one that
stops doing so fails here (a ratchet; new ones warn). Needs ../shared (pyasc's kernels) and
pyasc's environment (the oracle; its dumps are cached): skipped, saying why, without them.
"""

from __future__ import annotations

import warnings
from pathlib import Path

import pytest

from tests.pyasc_oracle import layout, text_diff, venv
from tests.pyasc_suite.ratchet import read_list

pytestmark = pytest.mark.skipif(layout.missing_reason() is not None,
                                reason=layout.missing_reason() or "")

HERE = Path(__file__).parent
EQUAL_LIST = HERE / "corpus_text_equal.txt"


@pytest.fixture(scope="module")
def results():
    try:
        venv.ensure_venv(create=False)
    except venv.VenvUnavailable as e:
        pytest.skip(f"pyasc's environment is absent: {e}")
    return text_diff.run()


def test_text_equal_ratchet(results):
    listed = read_list(EQUAL_LIST)
    now = set(text_diff.equal_ids(results))
    new = sorted(now - set(listed))
    if new:
        warnings.warn(f"{len(new)} pyasc dump(s) newly print back byte-equal; add them to "
                      f"{EQUAL_LIST.relative_to(layout.PROJECT_ROOT)}:\n" + "\n".join(new),
                      stacklevel=1)
    lost = []
    for i in listed:
        r = results.get(i)
        if r is None:
            lost.append(f"  {i}: not dumped (renamed or removed?)")
        elif i not in now:
            mode = next(m for m in text_diff.MODES if r.status[m] != "equal")
            if r.status[mode] == "unread":
                lost.append(f"  {i}: unread: {r.error}")
            else:
                line, expected, got, cls = r.difference[mode]
                lost.append(f"  {i} ({mode}), line {line}: {cls}\n"
                            f"      pyasc:  {expected.strip()}\n      ascdsl: {got.strip()}")
    assert not lost, "pyasc dumps ascdsl-opt no longer prints back as written:\n" + \
        "\n".join(lost)
    # The whole suite was read: the list is most of it, not a leftover of a partial run.
    assert len(results) > 700 and len(now) >= len(listed)
