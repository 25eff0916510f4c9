"""pytest's setup for the whole suite (tests/ and examples/extension/tests).

The README's setup pip-installs examples/extension, so ascdsl would load it through its entry
point in every test process. In-process tests check ascdsl's own registries and load an
extension only where they ask for it; tests of the installed behaviour start tools in
subprocesses with this variable removed (tests/unit/extension/ext_helpers.py).
"""

import os

os.environ.setdefault("ASCDSL_NO_EXTENSIONS", "1")
