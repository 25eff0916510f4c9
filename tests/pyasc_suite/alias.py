"""`import asc...` resolved to ascdsl, for running pyasc's own tests on ascdsl (test-only).

    from tests.pyasc_suite import alias
    alias.install()
    import asc                              # ascdsl
    import asc.runtime.config as config     # ascdsl.runtime.config
    from asc.language.core import ...       # ascdsl.frontend.language.core

The mapping itself is ascdsl's (`ascdsl.pyasc_alias`, what `ascdsl.alias_asc()` installs for
users). For the few host-side names that pyasc's tests call around every kernel and that
ascdsl may not have yet, the harness adds stand-ins (FALLBACKS below), so the measurement
reaches the kernels; each use is recorded (`fallbacks_used`), and ascdsl's own definition wins
as soon as it exists.
"""

from __future__ import annotations

from ascdsl import pyasc_alias
from ascdsl.pyasc_alias import FALLBACKS, Overlay, fallbacks_used

__all__ = ["FALLBACKS", "Overlay", "fallbacks_used", "install"]


# Nothing needs a stand-in today (ascdsl has current_stream, set_platform, Backend, ...);
# FALLBACKS stays the place for the next host-side name a pyasc test calls around its kernels.


def install() -> None:
    """Route `import asc...` to ascdsl in this process (idempotent)."""
    pyasc_alias.install()
