"""What ascdsl's command-line tools share: one-line usage errors and a traceback-free entry."""

from __future__ import annotations

import argparse
import os
import sys
from collections.abc import Callable


class UsageError(Exception):
    """A command-line mistake: reported as one line, exit status 2."""


class OneLineArgParser(argparse.ArgumentParser):
    """argparse, but errors raise UsageError instead of printing the usage block."""

    def error(self, message: str):  # type: ignore[override]
        raise UsageError(message)


def run_entry(prog: str, main: Callable[[], int]) -> None:
    """Run a tool's `main` and exit with its status.

    A bug inside ascdsl is one line on stderr (exit 70) rather than a traceback; set
    ASCDSL_DEBUG=1 to see the traceback.
    """
    try:
        code = main()
    except KeyboardInterrupt:
        code = 130
    except Exception as e:  # noqa: BLE001 - a bug in ascdsl: one line, not a traceback
        if os.environ.get("ASCDSL_DEBUG"):
            raise
        print(
            f"{prog}: internal error: {type(e).__name__}: {e} "
            "(rerun with ASCDSL_DEBUG=1 for a traceback, and please report it)",
            file=sys.stderr,
        )
        code = 70
    sys.exit(code)
