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


def current_stream(device_id=None):
    """pyasc's asc.lib.runtime.current_stream: ascdsl launches ignore the stream."""
    return None


FALLBACKS.update({
    "asc.lib.runtime": {"current_stream": current_stream},
})


def install() -> None:
    """Route `import asc...` to ascdsl in this process (idempotent)."""
    pyasc_alias.install()
