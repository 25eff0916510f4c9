"""The on-disk kernel cache: one file per specialization, written atomically.

An entry holds the kernel's module after passes in `serialize`'s form (ops with their
locations, so diagnostics still point at the Python source; about 8x faster to load than
parsing the MLIR text) and what the launcher needs to know. It is keyed by everything that can
change the result: the kernel's source and those of the jit functions it calls, the global
constants they read, the specialization, the options and the toolchain (Python, xDSL and
ascdsl versions and ascdsl's source files). An unreadable, foreign or mismatching entry is a
miss and is rewritten.

Each file is a header (`MAGIC`, then the SHA-256 of the payload) and the payload, a pickle.
The digest is checked before anything is unpickled: a file altered in any byte (a disk error,
a partial copy, an edit) is a miss and is rewritten, never a module that rebuilds into
something else. Pickles run code when loaded, so only files owned by the current user are
read; the digest guards integrity, not authorship.

Directory: `$ASCDSL_CACHE_DIR`, else `$XDG_CACHE_HOME/ascdsl`, else `~/.cache/ascdsl`.
"""

from __future__ import annotations

import hashlib
import os
import pickle
import sys
from pathlib import Path
from typing import Any

from ascdsl.context import make_context
from ascdsl.fileio import cache_dir

from .pipeline import write_atomic
from .serialize import dumps, loads

FORMAT = 3
MAGIC = b"ascdsl-cache\n"
_DIGEST = 64  # hex characters of a SHA-256

_toolchain: str | None = None


# The parts of ascdsl that decide what a kernel compiles to (the simulator, the runtime and the
# printers read the cached IR but do not shape it).
_SHAPES_IR = ("frontend", "dialects", "transforms", "diagnostics.py", "context.py", "_version.py")


def toolchain_fingerprint() -> str:
    """ascdsl's version plus the size and mtime of each source file that shapes the IR."""
    global _toolchain
    if _toolchain is None:
        import ascdsl

        import xdsl

        root = Path(ascdsl.__file__).parent
        # xDSL's own __version__ resolves through importlib.metadata (~80 ms on first use);
        # its package files' stat is as good a witness of an upgrade and costs nothing.
        xdsl_init = Path(xdsl.__file__).stat()
        versions = (f"{sys.version_info[:2]} xdsl {xdsl_init.st_size}:{xdsl_init.st_mtime_ns} "
                    f"{Path(xdsl.__file__).parent} ascdsl ")
        h = hashlib.sha256((versions + ascdsl.__version__).encode())
        files: list[Path] = []
        for part in _SHAPES_IR:
            p = root / part
            files.extend(sorted(p.rglob("*.py")) if p.is_dir() else [p])
        for path in files:
            try:
                st = path.stat()
            except OSError:
                continue
            h.update(f"{path.relative_to(root)}:{st.st_size}:{st.st_mtime_ns}\n".encode())
        _toolchain = h.hexdigest()
    return _toolchain


def entry_path(kernel: str, key: str) -> Path:
    """The file of one entry: the kernel's name (for people) and its key."""
    return cache_dir() / f"{kernel}-{key[:40]}.pkl"


def seal(payload: bytes) -> bytes:
    """The bytes of an entry file: the header with the payload's digest, then the payload."""
    return MAGIC + hashlib.sha256(payload).hexdigest().encode() + b"\n" + payload


def unseal(data: bytes) -> bytes | None:
    """The payload of an entry file, or None when its header or digest does not match."""
    head = len(MAGIC)
    if not data.startswith(MAGIC) or data[head + _DIGEST : head + _DIGEST + 1] != b"\n":
        return None
    payload = data[head + _DIGEST + 1 :]
    if hashlib.sha256(payload).hexdigest().encode() != data[head : head + _DIGEST]:
        return None
    return payload


def read_entry(path: Path) -> dict[str, Any] | None:
    """The raw entry (module still serialized) of a file, or None if it does not verify or
    this user does not own it."""
    try:
        with open(path, "rb") as f:
            if hasattr(os, "getuid") and os.fstat(f.fileno()).st_uid != os.getuid():
                return None
            data = f.read()
    except OSError:
        return None
    payload = unseal(data)
    if payload is None:
        return None
    try:
        entry = pickle.loads(payload)
    except Exception:  # noqa: BLE001 - a payload from another ascdsl version: a miss
        return None
    return entry if isinstance(entry, dict) else None


def load(kernel: str, key: str) -> dict[str, Any] | None:
    """The entry for `key` with its module rebuilt, or None (missing, unreadable, altered,
    another format or key, or a file this user does not own)."""
    entry = read_entry(entry_path(kernel, key))
    if (
        entry is None
        or entry.get("format") != FORMAT
        or entry.get("key") != key
        or not isinstance(entry.get("module"), bytes)
    ):
        return None
    try:
        entry["module"] = loads(entry["module"], make_context())
    except Exception:  # noqa: BLE001 - whatever does not rebuild is a miss
        return None
    return entry


def store(kernel: str, key: str, entry: dict[str, Any]) -> bool:
    """Write an entry atomically (`module` is a ModuleOp); False when it cannot be written."""
    data = dict(entry, format=FORMAT, key=key, module=dumps(entry["module"]))
    payload = pickle.dumps(data, protocol=pickle.HIGHEST_PROTOCOL)
    try:
        write_atomic(entry_path(kernel, key), seal(payload))
    except OSError:
        return False
    return True


def replay_warnings(entry: dict[str, Any]) -> list:
    """The pipeline's warnings (verify_sync) stored with an entry, printed again: they are part
    of the compile's result, so a hit reports them as the compile that stored the entry did."""
    from ascdsl.diagnostics import print_to_stderr

    warnings = list(entry.get("warnings", ()))
    for w in warnings:
        print_to_stderr(w)
    return warnings
