"""pytest's setup for the whole suite (tests/ and examples/extension/tests).

The README's setup pip-installs examples/extension, so ascdsl would load it through its entry
point in every test process. In-process tests check ascdsl's own registries and load an
extension only where they ask for it; tests of the installed behaviour start tools in
subprocesses with this variable removed (tests/unit/extension/ext_helpers.py).
"""

import os

os.environ.setdefault("ASCDSL_NO_EXTENSIONS", "1")

# One BLAS thread per test process: the simulator's small numpy products (the cube's Mmad)
# are slower, not faster, when BLAS spawns threads on a loaded machine with few cores.
for _blas in ("OPENBLAS_NUM_THREADS", "OMP_NUM_THREADS", "MKL_NUM_THREADS"):
    os.environ.setdefault(_blas, "1")

# Property tests draw the same examples on every run, so a CI result depends on the commit
# and not on luck; ASCDSL_HYPOTHESIS=explore draws new ones (for hunting bugs locally).
from hypothesis import settings  # noqa: E402

settings.register_profile("ci", derandomize=True, print_blob=True)
settings.register_profile("explore", derandomize=False, print_blob=True)
settings.load_profile(os.environ.get("ASCDSL_HYPOTHESIS", "ci"))
