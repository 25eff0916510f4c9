"""Finding and loading extensions: installed entry points, modules and one-off files.

    ascdsl-opt --load-extension my_ext.py kernel.mlir -p my-pass
    [project.entry-points."ascdsl.extensions"]      # in the extension's pyproject.toml
    ascx = "ascx_example"

An extension is a Python module (or package) whose import registers its dialects, passes,
targets, lowerings and builtins through `ascdsl.extension`; an entry point may also name a
function in it (`"pkg:register"`), called after the import. `ascdsl-opt`, `ascdsl-sim` and
the JIT load every installed entry point of the group `ascdsl.extensions` once per process
(`ASCDSL_NO_EXTENSIONS=1` turns that off).

A failing extension never takes ascdsl down: whatever it registered before failing is taken
out again, and the failure is one located line (`file:line:col: error: extension 'x' failed
to load: ...`) pointing at the extension's own code. The tools print it and carry on with the
built-in dialects and passes.
"""

from __future__ import annotations

import hashlib
import importlib
import importlib.util
import os
import sys
import traceback
from dataclasses import dataclass, field
from pathlib import Path

from . import registry

GROUP = "ascdsl.extensions"


@dataclass
class Extension:
    """One extension, loaded or not: its name, where it comes from, and its failure if any."""

    name: str
    source: str  # "entry point of ascdsl-ext-example 0.1", "file ./my_ext.py", "module foo"
    error: str | None = None  # the one located line, when it failed
    registered: list[registry.Record] = field(default_factory=list)

    @property
    def ok(self) -> bool:
        return self.error is None


class ExtensionLoadError(Exception):
    """An extension that failed to load; `str()` is its one located line."""

    def __init__(self, ext: Extension):
        super().__init__(ext.error)
        self.extension = ext


LOADED: dict[str, Extension] = {}
_installed_done = False
_ASCDSL = Path(__file__).resolve().parents[1]


def load_installed(force: bool = False) -> list[Extension]:
    """Load every installed entry point of `ascdsl.extensions` (once per process; `force`
    retries). Returns the extensions that failed (their `error` says why); never raises."""
    global _installed_done
    if (_installed_done and not force) or os.environ.get("ASCDSL_NO_EXTENSIONS"):
        return []
    _installed_done = True
    if not _declared_on_path():
        return []
    from importlib.metadata import entry_points

    failed = []
    try:
        found = list(entry_points(group=GROUP))
    except Exception as e:  # noqa: BLE001 - a broken installation must not stop the tools
        return [Extension("<entry points>", "installed packages",
                          error=f"error: cannot list the '{GROUP}' entry points: {e}")]
    for ep in sorted(found, key=lambda e: e.name):
        if ep.name in LOADED and LOADED[ep.name].ok:
            continue
        dist = getattr(ep, "dist", None)
        where = (f"entry point of {dist.name} {dist.version}" if dist is not None
                 else f"entry point {ep.value}")
        ext = Extension(ep.name, where)
        module = ep.value.split(":", 1)[0].strip()
        _run(ext, module, lambda ep=ep: _call_target(ep.load()))
        if not ext.ok:
            failed.append(ext)
    return failed


def _declared_on_path() -> bool:
    """Whether any distribution on sys.path declares the group: a scan of the entry_points.txt
    files only. Asking importlib.metadata reads every distribution's metadata (hundreds of
    milliseconds beside torch), on every run of a tool that usually has no extension."""
    needle = f"[{GROUP}]"
    for entry in sys.path:
        try:
            listing = os.scandir(entry or ".")
        except OSError:
            continue
        with listing:
            for d in listing:
                if not d.name.endswith((".dist-info", ".egg-info")):
                    continue
                try:
                    with open(os.path.join(d.path, "entry_points.txt"), encoding="utf-8") as f:
                        if needle in f.read():
                            return True
                except OSError:
                    continue
    return False


def load_extension(spec: str) -> Extension:
    """Load `spec`, a `.py` file or an importable module name; ExtensionLoadError if it fails
    (nothing it registered stays). Loading the same spec twice loads it once."""
    path = Path(spec)
    if spec.endswith(".py") or path.is_file():
        return _load_file(path, spec)
    name = spec.split(":", 1)[0]
    known = LOADED.get(spec)
    if known is not None and known.ok:
        return known
    ext = Extension(spec, f"module {name}")
    _run(ext, name, lambda: _call_target(_import_target(spec)))
    if not ext.ok:
        raise ExtensionLoadError(ext)
    return ext


def _load_file(path: Path, spec: str) -> Extension:
    name = path.stem
    if not path.is_file():
        ext = Extension(name, f"file {spec}",
                        error=f"error: extension '{spec}': no such file")
        LOADED[name] = ext
        raise ExtensionLoadError(ext)
    resolved = path.resolve()
    digest = hashlib.sha1(str(resolved).encode()).hexdigest()[:8]
    module_name = f"_ascdsl_ext_{_identifier(name)}_{digest}"
    known = LOADED.get(name)
    if known is not None and known.ok and module_name in sys.modules:
        return known
    loc = importlib.util.spec_from_file_location(module_name, resolved)
    if loc is None or loc.loader is None:  # Python has no loader for its suffix
        ext = Extension(name, f"file {spec}", error=f"error: extension '{spec}': not a Python "
                        "file (an extension is a .py file or an importable module)")
        LOADED[name] = ext
        raise ExtensionLoadError(ext)
    ext = Extension(name, f"file {spec}")

    def run() -> None:
        module = importlib.util.module_from_spec(loc)
        sys.modules[module_name] = module
        try:
            loc.loader.exec_module(module)
        except BaseException:
            sys.modules.pop(module_name, None)
            raise
        register = getattr(module, "register", None)
        if callable(register):
            register()

    _run(ext, module_name, run)
    if not ext.ok:
        raise ExtensionLoadError(ext)
    return ext


def _identifier(text: str) -> str:
    return "".join(c if c.isalnum() else "_" for c in text)


def _import_target(spec: str):
    module, _, attr = spec.partition(":")
    obj = importlib.import_module(module)
    for part in filter(None, attr.split(".")):
        obj = getattr(obj, part)
    return obj


def _call_target(obj) -> None:
    """An entry point names a module (its import registered everything) or a function."""
    if callable(obj) and not isinstance(obj, type):
        obj()


def _run(ext: Extension, module: str, body) -> None:
    """Run `body` (the import) as extension `ext`: its registrations are attributed to it, and
    taken back out if it fails."""
    LOADED[ext.name] = ext
    top = module.split(".")[0]
    previous = registry.EXTENSION_OF_MODULE.get(top)
    registry.EXTENSION_OF_MODULE[top] = ext.name
    registry._loading.append(ext.name)
    start = registry.mark()
    before = set(sys.modules)
    try:
        body()
    except BaseException as e:  # noqa: BLE001 - SystemExit or a syntax error in a plug-in too
        if isinstance(e, KeyboardInterrupt):
            raise
        registry.rollback(start)
        # Its modules that did import registered things that are gone now: a retry imports
        # them afresh instead of finding them half-registered in sys.modules.
        for name in set(sys.modules) - before:
            if name.split(".")[0] == top:
                del sys.modules[name]
        if previous is None:
            registry.EXTENSION_OF_MODULE.pop(top, None)
        else:
            registry.EXTENSION_OF_MODULE[top] = previous
        ext.error = _located(ext, e)
        return
    finally:
        registry._loading.pop()
    ext.registered = registry.RECORDS[start:]


def _located(ext: Extension, e: BaseException) -> str:
    """`file:line:col: error: extension 'x' (source) failed to load: Type: message`, at the
    innermost line of the extension's own code."""
    what = f"{type(e).__name__}: {_first_line(e)}"
    head = f"error: extension '{ext.name}' ({ext.source}) failed to load: {what}"
    if isinstance(e, SyntaxError) and e.filename and e.lineno:
        return f"{e.filename}:{e.lineno}:{e.offset or 1}: {head}"
    frame = None
    for f in traceback.extract_tb(e.__traceback__):
        if _is_theirs(f.filename):
            frame = f
    if frame is None:
        return head
    col = (getattr(frame, "colno", None) or 0) + 1
    return f"{frame.filename}:{frame.lineno}:{col}: {head}"


def _first_line(e: BaseException) -> str:
    if isinstance(e, SyntaxError):
        return e.msg or "invalid syntax"
    text = str(e).strip()
    return text.splitlines()[0] if text else "(no message)"


def _is_theirs(filename: str) -> bool:
    """A frame of the extension's code, not of ascdsl, xDSL or Python's import machinery."""
    if filename.startswith("<"):
        return False
    p = Path(filename).resolve()
    if p.is_relative_to(_ASCDSL):
        return False
    parts = p.parts
    return not any(part in ("xdsl", "importlib") for part in parts)
