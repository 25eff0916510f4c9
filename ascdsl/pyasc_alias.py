"""`import asc...` served by ascdsl: run a kernel file written for pyasc unchanged.

`import ascdsl as asc` is enough for a file that only reads `asc.X`. A file that also imports
pyasc's submodules (`import asc.runtime.config as config`, `import asc.lib.runtime as rt`,
`from asc.language.core import ...`) needs one line before those imports:

    import ascdsl; ascdsl.alias_asc()

After it, `asc.X` is served by the first of these that exists: `ascdsl.X`, then ascdsl's module
at the same place in its own layout (pyasc keeps its kernel language in `asc.language`, ascdsl
in `ascdsl.frontend.language`). Where neither exists the import fails with a
ModuleNotFoundError that names both, so a missing piece is never silently stood in for.

Each `asc...` module is an overlay of the ascdsl module: attribute reads go to ascdsl, and so
do writes (`config.sanitize = "warn"` sets ascdsl's setting).
"""

from __future__ import annotations

import importlib
import importlib.abc
import importlib.machinery
import sys
import types

# pyasc path prefix -> ascdsl module (longest prefix first).
PATH_RULES: tuple[tuple[str, str], ...] = (
    ("asc.runtime.jit", "ascdsl.frontend.kernel"),
    # pyasc's framework classes live in one module, tpipe.py; ascdsl's in fwk.py
    ("asc.language.fwk.tpipe", "ascdsl.frontend.language.fwk"),
    # pyasc's language/core is a package; ascdsl's dtypes and structs sit elsewhere
    ("asc.language.core.dtype", "ascdsl.frontend.dtypes"),
    ("asc.language.core.struct", "ascdsl.frontend.language.struct"),
    ("asc.language", "ascdsl.frontend.language"),
    ("asc.codegen", "ascdsl.frontend"),
    ("asc", "ascdsl"),
)

# Stand-ins for names ascdsl lacks, per pyasc module: empty here. pyasc's test harness
# (tests/pyasc_suite) supplies a few so that its measurement reaches the kernels, and records
# each use in `fallbacks_used`; ascdsl's own definition always wins.
FALLBACKS: dict[str, dict[str, object]] = {}
fallbacks_used: set[str] = set()


def _candidates(fullname: str) -> list[str]:
    out = []
    for prefix, target in PATH_RULES:
        if fullname == prefix or fullname.startswith(prefix + "."):
            cand = target + fullname[len(prefix):]
            if cand not in out:
                out.append(cand)
    direct = "ascdsl" + fullname[len("asc"):]
    if direct in out:
        out.remove(direct)
    return [direct, *out]


def _import_target(fullname: str) -> types.ModuleType | None:
    """The ascdsl module serving `fullname`, or None when ascdsl has none."""
    for cand in _candidates(fullname):
        try:
            return importlib.import_module(cand)
        except ModuleNotFoundError as e:
            # only "this candidate (or a parent) does not exist" means: try the next one
            if e.name is None or not (cand == e.name or cand.startswith(e.name + ".")):
                raise
    return None


def _has_fallbacks_below(fullname: str) -> bool:
    return any(k == fullname or k.startswith(fullname + ".") for k in FALLBACKS)


class Overlay(types.ModuleType):
    """`asc.X`: reads go to the ascdsl module (if any), then to FALLBACKS; writes go to ascdsl."""

    def __init__(self, name: str, base: types.ModuleType | None):
        super().__init__(name)
        object.__setattr__(self, "_base", base)
        object.__setattr__(self, "__path__", [])  # a package: submodules import through us
        if base is not None:
            object.__setattr__(self, "__doc__", base.__doc__)
            if hasattr(base, "__file__"):
                object.__setattr__(self, "__file__", base.__file__)

    def __getattr__(self, name: str):
        if name.startswith("__") and name.endswith("__"):
            raise AttributeError(name)
        base = object.__getattribute__(self, "_base")
        child = f"{self.__name__}.{name}"
        if base is not None:
            try:
                value = getattr(base, name)
            except AttributeError:
                pass
            else:
                if isinstance(value, types.ModuleType):
                    return importlib.import_module(child)
                return value
        fallback = FALLBACKS.get(self.__name__, {})
        if name in fallback:
            fallbacks_used.add(f"{self.__name__}.{name}")
            return fallback[name]
        if child in sys.modules or _import_target(child) is not None or \
                _has_fallbacks_below(child):
            return importlib.import_module(child)
        where = f"'{base.__name__}'" if base is not None else "ascdsl (no module)"
        raise AttributeError(f"pyasc's '{child}' is missing on ascdsl: {where} has no "
                             f"attribute '{name}'")

    def __setattr__(self, name: str, value) -> None:
        base = object.__getattribute__(self, "_base")
        # importlib binds each imported submodule on its parent: keep that binding on the
        # overlay, never on the ascdsl module
        if base is not None and not name.startswith("__") and not isinstance(value, Overlay):
            setattr(base, name, value)
        else:
            object.__setattr__(self, name, value)

    def __dir__(self):
        base = object.__getattribute__(self, "_base")
        names = set(dir(base)) if base is not None else set()
        return sorted(names | set(FALLBACKS.get(self.__name__, {})))


class AscAliasFinder(importlib.abc.MetaPathFinder, importlib.abc.Loader):
    def find_spec(self, fullname, path=None, target=None):
        if fullname != "asc" and not fullname.startswith("asc."):
            return None
        base = _import_target(fullname)
        if base is None and not _has_fallbacks_below(fullname):
            tried = " or ".join(_candidates(fullname))
            raise ModuleNotFoundError(
                f"pyasc's module '{fullname}' is missing on ascdsl (no {tried})", name=fullname)
        spec = importlib.machinery.ModuleSpec(fullname, self, is_package=True)
        spec.loader_state = base
        return spec

    def create_module(self, spec):
        return Overlay(spec.name, spec.loader_state)

    def exec_module(self, module) -> None:
        return None


_FINDER = AscAliasFinder()


def install() -> None:
    """Route `import asc...` to ascdsl in this process (idempotent). Raises RuntimeError if
    the real pyasc is already imported: the two cannot share the name."""
    if "asc" in sys.modules and not isinstance(sys.modules["asc"], Overlay):
        raise RuntimeError("a real 'asc' (pyasc) is already imported in this process")
    if _FINDER not in sys.meta_path:
        sys.meta_path.insert(0, _FINDER)
