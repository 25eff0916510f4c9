"""Extensions for the command-line tools: `--load-extension` and the installed entry points.

Both tools load extensions before they read their other options, so an extension's passes
are flags like ascdsl's own (`ascdsl-opt --load-extension e.py --my-pass`). A failing
extension is one line on stderr and the tool carries on without it: a broken entry point is
a warning (it is not the user's command), a broken `--load-extension` an error that makes
the exit status 1 once the rest of the run is done.
"""

from __future__ import annotations

import sys
from collections.abc import Sequence

OPTION = "--load-extension"


def requested(argv: Sequence[str]) -> list[str]:
    """The `--load-extension X` / `--load-extension=X` values (MLIR's one-dash spelling too)."""
    out: list[str] = []
    it = iter(argv)
    for tok in it:
        if tok in (OPTION, OPTION[1:]):
            value = next(it, None)
            if value is not None:
                out.append(value)
        elif tok.startswith((OPTION + "=", OPTION[1:] + "=")):
            out.append(tok.split("=", 1)[1])
    return out


def load(argv: Sequence[str], stderr=None) -> bool:
    """Load the installed extensions and those `argv` asks for; print what failed. False when
    an extension the command line named failed."""
    from ascdsl.extension import ExtensionLoadError, load_extension, load_installed

    stderr = stderr or sys.stderr
    for ext in load_installed():
        print(ext.error.replace("error:", "warning:", 1), file=stderr)
    ok = True
    for spec in requested(argv):
        try:
            load_extension(spec)
        except ExtensionLoadError as e:
            print(str(e), file=stderr)
            ok = False
    return ok


def add_option(parser) -> None:
    parser.add_argument(OPTION, action="append", default=[], metavar="FILE_OR_MODULE",
                        help="load an extension (a .py file or a module) before running; "
                        "installed ones (entry points 'ascdsl.extensions') load by themselves")


def origin_note(kind: str, name: str) -> str:
    """` (from extension x)` for what an extension registered, else ''."""
    from ascdsl.extension import origin

    where = origin(kind, name)
    return f" (from {where})" if where else ""
