"""Writing files so that nothing is ever half-written: a temporary file beside the target,
then an atomic rename. Used for every output ascdsl writes (ascdsl-opt -o, dumps, cache
entries, traces, plots). Also where ascdsl keeps its caches (`cache_dir`)."""

from __future__ import annotations

import os
import tempfile
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path


def _umask() -> int:
    mask = os.umask(0)
    os.umask(mask)
    return mask


def temp_beside(path: str | os.PathLike, suffix: str = "") -> tuple[int, str]:
    """A temporary file next to `path`, with the permissions a new file would get."""
    directory = os.path.dirname(os.path.abspath(path))
    fd, tmp = tempfile.mkstemp(prefix=".ascdsl-", suffix=suffix, dir=directory)
    os.chmod(tmp, 0o666 & ~_umask())  # mkstemp makes 0600 files
    return fd, tmp


@contextmanager
def replacing(path: str | os.PathLike, suffix: str = "") -> Iterator[str]:
    """Yield a temporary path to write; on success it replaces `path`, on error it vanishes."""
    fd, tmp = temp_beside(path, suffix)
    os.close(fd)
    try:
        yield tmp
        os.replace(tmp, path)
    except BaseException:
        if os.path.exists(tmp):
            os.unlink(tmp)
        raise


def write_atomically(path: str | os.PathLike, data: str | bytes) -> None:
    """Write `data` (text as UTF-8) to `path` through a temporary file and a rename."""
    payload = data.encode("utf-8") if isinstance(data, str) else data
    with replacing(path) as tmp:
        with open(tmp, "wb") as f:
            f.write(payload)


def cache_dir() -> Path:
    """Where ascdsl keeps its caches (compiled kernels, the header check's precompiled header):
    $ASCDSL_CACHE_DIR, else $XDG_CACHE_HOME/ascdsl, else ~/.cache/ascdsl."""
    env = os.environ.get("ASCDSL_CACHE_DIR")
    if env:
        return Path(env)
    xdg = os.environ.get("XDG_CACHE_HOME")
    base = Path(xdg) if xdg else Path.home() / ".cache"
    return base / "ascdsl"
