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
    ASCDSL_DEBUG=1 to see the traceback. A reader of stdout that goes away ends the run
    quietly with status 141.
    """
    try:
        code = main()
        sys.stdout.flush()  # here, so that a closed pipe is caught below
    except KeyboardInterrupt:
        code = 130
    except Exception as e:  # noqa: BLE001 - a bug in ascdsl: one line, not a traceback
        if isinstance(e, BrokenPipeError) and _stdout_closed():
            sys.exit(141)  # the reader went away (`... | head`): stop as SIGPIPE stops C tools
        if os.environ.get("ASCDSL_DEBUG"):
            raise
        print(
            f"{prog}: internal error: {type(e).__name__}: {e} "
            "(rerun with ASCDSL_DEBUG=1 for a traceback, and please report it)",
            file=sys.stderr,
        )
        code = 70
    sys.exit(code)


def _stdout_closed() -> bool:
    """Whether stdout is a pipe whose reader has gone (poll reports POLLERR on it); if so,
    stdout becomes /dev/null, so that nothing fails when Python flushes it at exit."""
    import select

    try:
        poller = select.poll()
        poller.register(sys.stdout.fileno(), select.POLLOUT)
        gone = any(ev & select.POLLERR for _, ev in poller.poll(0))
    except (AttributeError, OSError, ValueError):  # no poll (Windows), no real stdout
        return False
    if gone:
        devnull = os.open(os.devnull, os.O_WRONLY)
        os.dup2(devnull, sys.stdout.fileno())
        os.close(devnull)
    return gone
