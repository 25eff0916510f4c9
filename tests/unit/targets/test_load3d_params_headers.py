"""The img2col load structs as pyasc's frontend constructs them (padList as four bytes) print
Ascend C that Huawei's real headers accept (through ascdsl's header check; skips, saying why,
where the headers are not there). pyasc's own translator prints them as brace lists no
constructor takes."""

from __future__ import annotations

import sys

from real_headers import ROOT, assert_accepted


def test_load3d_params_pass_the_real_headers():
    sys.path.insert(0, str(ROOT / "tests" / "unit" / "frontend"))
    import test_load3d_params as t

    assert_accepted(t._compiled().source, "load3d_params.cpp")
