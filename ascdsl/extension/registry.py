"""The registries an extension adds to, and who added what.

Each `register_*` function puts one thing into the registry ascdsl's own code reads (the
context's `DIALECTS`, `transforms.PASSES`, `targets.TARGETS`, the simulator's `LOWERINGS`,
the Ascend C printer's `RULES`, the SoC cost tables, the kernel-language builtins) and
keeps a `Record` of it. The record knows where the thing came from (the extension being
loaded, else the Python module that registered it) and how to take it back out, so that an
extension that fails half-way through loading leaves nothing behind.

Registering the same object twice is a no-op (a module imported both by its entry point and
by a kernel script); registering a different object under a taken name is an
`ExtensionError` naming both owners.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from xdsl.ir import Dialect, Operation
    from xdsl.passes import ModulePass


class ExtensionError(Exception):
    """An extension asks for something the registries cannot give (a taken name, a bad fact)."""


@dataclass
class Record:
    kind: str  # "dialect", "pass", "target", "lowering", "rule", "cost", "builtin"
    name: str
    obj: Any
    origin: str  # "extension ascx (entry point of ascdsl-ext-example 0.1)", "module foo"
    undo: Callable[[], None]


RECORDS: list[Record] = []
_BY_KEY: dict[tuple[str, str], Record] = {}
# Extension names by the top-level package (or synthetic module) they were loaded from: an
# object registered by that package is theirs even when it was imported before the loader ran.
EXTENSION_OF_MODULE: dict[str, str] = {}
# The extension being loaded right now (loader.py sets it), for objects of other modules.
_loading: list[str] = []
# Kernel-language functions by name (`asc.ext.<name>` in a @jit kernel).
BUILTINS: dict[str, Callable[..., Any]] = {}
# Passes the JIT runs on every kernel, "first" or "last" (an extension's lowering of its ops).
JIT_PASSES: list[tuple[type[ModulePass], str]] = []


def origin_of(obj: Any) -> str:
    """Who registered `obj`: its extension, else its Python module."""
    if isinstance(obj, _LazyBuiltin):
        module = obj.module
    else:
        module = getattr(obj, "__module__", None) or type(obj).__module__
    top = module.split(".")[0]
    for key in (module, top):
        if key in EXTENSION_OF_MODULE:
            return f"extension {EXTENSION_OF_MODULE[key]}"
    if _loading:
        return f"extension {_loading[-1]}"
    return f"module {module}"


def _record(kind: str, name: str, obj: Any, undo: Callable[[], None]) -> None:
    rec = Record(kind, name, obj, origin_of(obj), undo)
    RECORDS.append(rec)
    _BY_KEY[(kind, name)] = rec


def _already(kind: str, name: str, obj: Any) -> bool:
    """True when `obj` is registered as `name` already; ExtensionError when another is."""
    rec = _BY_KEY.get((kind, name))
    if rec is None:
        return False
    if rec.obj is obj or _same_definition(rec.obj, obj):
        return True
    raise ExtensionError(f"{kind} '{name}' of {origin_of(obj)} is already registered by "
                         f"{rec.origin}")


def _same_definition(a: Any, b: Any) -> bool:
    """One definition seen twice: a lazy builtin and what it resolved to, or equal names."""
    if isinstance(b, _LazyBuiltin):
        return a == b or (getattr(a, "__module__", None) == b.module
                          and getattr(a, "__qualname__", None) == b.attr)
    return (getattr(a, "__qualname__", None) is not None
            and getattr(a, "__qualname__", None) == getattr(b, "__qualname__", None)
            and getattr(a, "__module__", None) == getattr(b, "__module__", None))


def origin(kind: str, name: str) -> str | None:
    """Where the registered `kind` `name` came from (None: ascdsl itself)."""
    rec = _BY_KEY.get((kind, name))
    return rec.origin if rec is not None else None


def mark() -> int:
    return len(RECORDS)


def rollback(to: int) -> None:
    """Take out everything registered since `mark()` returned `to`, newest first."""
    while len(RECORDS) > to:
        rec = RECORDS.pop()
        _BY_KEY.pop((rec.kind, rec.name), None)
        rec.undo()


# --- dialects, passes, targets -----------------------------------------------------------------


def register_dialect(dialect: Dialect) -> Dialect:
    """Make `dialect` part of every context ascdsl makes (ascdsl-opt, ascdsl-sim, the JIT)."""
    from ascdsl.context import DIALECTS

    name = dialect.name
    if _already("dialect", name, dialect):
        return dialect
    if name in DIALECTS:
        raise ExtensionError(f"dialect '{name}' of {origin_of(dialect)} clashes with ascdsl's "
                             f"dialect '{name}'")
    DIALECTS[name] = lambda: dialect
    _record("dialect", name, dialect, lambda: DIALECTS.pop(name, None))
    return dialect


def register_pass(cls: type[ModulePass] | None = None, *, jit: str | None = None):
    """Make pass `cls` runnable by its `name` (`ascdsl-opt --<name>`, `-p <name>`,
    `ascdsl.load(..., passes=...)`). Usable as a class decorator, with or without arguments.

    `jit` makes the JIT run it on every kernel (for a pass that lowers the extension's own
    ops, a no-op on other kernels): `"first"` before the JIT's pipeline (and before the tile
    lowering), for ops that ascdsl's passes cannot handle; `"last"` after it, for ops that
    the sync passes handle by their facts and that lower into ascendc ops with their own
    synchronization inside (which erase-sync would otherwise remove)."""
    if cls is None:
        return lambda c: register_pass(c, jit=jit)
    from ascdsl.transforms import ALIASES, PASSES, get_all_passes

    name = getattr(cls, "name", None)
    if not isinstance(name, str) or not name:
        raise ExtensionError(f"pass {cls.__qualname__} of {origin_of(cls)} has no `name`")
    if jit not in (None, "first", "last"):
        raise ExtensionError(f"pass '{name}' of {origin_of(cls)}: jit={jit!r}, expected "
                             "'first', 'last' or None")
    if _already("pass", name, cls):
        return cls
    if name in PASSES or name in ALIASES or name in get_all_passes():
        raise ExtensionError(f"pass '{name}' of {origin_of(cls)} clashes with a pass of "
                             "ascdsl or xDSL of that name")
    PASSES[name] = lambda: cls
    entry = (cls, jit)
    if jit is not None:
        JIT_PASSES.append(entry)

    def undo() -> None:
        PASSES.pop(name, None)
        if entry in JIT_PASSES:
            JIT_PASSES.remove(entry)

    _record("pass", name, cls, undo)
    return cls


def register_target(name: str, emit: Callable[..., None]) -> Callable[..., None]:
    """Make `emit(module, stream)` the output target `name` (`ascdsl-opt -t <name>`)."""
    from ascdsl.targets import TARGETS

    if _already("target", name, emit):
        return emit
    if name in TARGETS:
        raise ExtensionError(f"target '{name}' of {origin_of(emit)} clashes with ascdsl's "
                             f"target '{name}'")
    TARGETS[name] = lambda: emit
    _record("target", name, emit, lambda: TARGETS.pop(name, None))
    return emit


# --- the simulator and the Ascend C printer ----------------------------------------------------


# Lowerings and printing rules wait here until the simulator / the printer is imported (it
# then `attach`es its table): loading an extension must not import them (ascdsl-opt on IR).
_PENDING: dict[str, dict[type, Callable]] = {"lowering": {}, "rule": {}}
_TABLES: dict[str, tuple[dict, Callable[[type], None]]] = {}


def attach(kind: str, table: dict, invalidate: Callable[[type], None] = lambda cls: None) -> None:
    """Called by the simulator ("lowering") and the Ascend C printer ("rule") when they load:
    the extensions' entries go into `table` now and later; `invalidate(cls)` drops a cache."""
    _TABLES[kind] = (table, invalidate)
    for cls, fn in _PENDING[kind].items():
        table[cls] = fn
        invalidate(cls)


def _put(kind: str, cls: type, fn: Callable) -> None:
    _PENDING[kind][cls] = fn
    attached = _TABLES.get(kind)
    if attached is not None:
        attached[0][cls] = fn
        attached[1](cls)

    def undo() -> None:
        _PENDING[kind].pop(cls, None)
        if attached is not None:
            attached[0].pop(cls, None)
            attached[1](cls)

    _record(kind, cls.name, fn, undo)


def register_lowering(*classes: type[Operation]) -> Callable:
    """Decorator: `fn(op, cx) -> closure` simulates ops of `classes` (see sim/compiler.py). An
    op of a family (a subclass of `UnaryL2Base`, ...) needs none: it has its family's."""

    def wrap(fn: Callable) -> Callable:
        for cls in classes:
            _own_op(cls, "a simulator lowering")
            if not _already("lowering", cls.name, fn):
                _put("lowering", cls, fn)
        return fn

    return wrap


def register_ascendc_rule(*classes: type[Operation]) -> Callable:
    """Decorator: `rule(emitter, op)` prints ops of `classes` as Ascend C, for an op whose C++
    is not one call its `Cpp` fact describes."""

    def wrap(rule: Callable) -> Callable:
        for cls in classes:
            _own_op(cls, "an Ascend C rule")
            if not _already("rule", cls.name, rule):
                _put("rule", cls, rule)
        return rule

    return wrap


def _own_op(cls: type, what: str) -> None:
    """Only an extension's own ops take lowerings and rules: ascdsl's stay as they are."""
    module = getattr(cls, "__module__", "")
    if module.split(".")[0] == "ascdsl":
        raise ExtensionError(f"{what} for ascdsl's own op '{getattr(cls, 'name', cls)}' "
                             f"(from {origin_of(cls)}): extensions add ops, they do not "
                             "replace ascdsl's")


def register_vector_cost(api: str, cycles_per_repeat: float, owner: Any) -> None:
    """The vector unit's cycles per 256-byte repeat of Ascend C API `api`, on every SoC."""
    from ascdsl.dialects.ascendc.soc import SOCS

    if not cycles_per_repeat > 0:
        raise ExtensionError(f"cost of '{api}' ({origin_of(owner)}) must be a positive number "
                             f"of cycles per repeat, not {cycles_per_repeat!r}")
    prior = _BY_KEY.get(("cost", api))
    if prior is not None and prior.obj == cycles_per_repeat:
        return
    from ascdsl.dialects.ascendc import ALL_OPS

    tables = {id(s.vector_cycles): s.vector_cycles for s in SOCS.values()}
    # The cost model looks costs up by API name: one of ascdsl's would change its ops' time.
    builtin_apis = {op.CPP.api for op in ALL_OPS if op.CPP is not None}
    if prior is not None or api in builtin_apis or any(api in t for t in tables.values()):
        raise ExtensionError(f"cost of '{api}' ({origin_of(owner)}): the SoC tables already "
                             f"give '{api}' a cost (an extension's API needs a name of its own)")
    for t in tables.values():
        t[api] = float(cycles_per_repeat)

    def undo() -> None:
        for t in tables.values():
            t.pop(api, None)

    rec = Record("cost", api, cycles_per_repeat, origin_of(owner), undo)
    RECORDS.append(rec)
    _BY_KEY[("cost", api)] = rec


# --- the kernel language -----------------------------------------------------------------------


def register_builtin(fn: Callable[..., Any] | str | None = None, *, name: str | None = None):
    """`fn` is callable in @jit kernels as `asc.ext.<name>` (default: its own name). It runs
    while the kernel compiles and builds ops (`current().insert(...)`, or `levels` and
    `dispatch`). `fn` may be a `"module:function"` string, imported when a kernel first
    uses it: the kernel language is heavy to import, and ascdsl-opt never needs it.
    Usable as a decorator, with or without `name=`."""

    def wrap(f: Callable[..., Any] | str) -> Callable[..., Any] | str:
        if isinstance(f, str):
            module, sep, attr = f.partition(":")
            if not sep or not attr:
                raise ExtensionError(f"builtin '{f}' ({origin_of(f)}): a lazy builtin is "
                                     "spelled 'module:function'")
            key = name or attr.rsplit(".", 1)[-1]
            obj: Any = _LazyBuiltin(module, attr)
        else:
            key = name or f.__name__
            obj = f
        if _already("builtin", key, obj):
            return f
        BUILTINS[key] = obj
        _record("builtin", key, obj, lambda: BUILTINS.pop(key, None))
        return f

    return wrap(fn) if fn is not None else wrap


@dataclass(frozen=True)
class _LazyBuiltin:
    module: str
    attr: str

    def resolve(self) -> Callable[..., Any]:
        import importlib

        obj: Any = importlib.import_module(self.module)
        for part in self.attr.split("."):
            obj = getattr(obj, part)
        return obj


def builtin(name: str) -> Callable[..., Any] | None:
    """The kernel-language function registered as `name`, imported if it was lazy."""
    obj = BUILTINS.get(name)
    if isinstance(obj, _LazyBuiltin):
        obj = BUILTINS[name] = obj.resolve()
        rec = _BY_KEY.get(("builtin", name))
        if rec is not None:
            rec.obj = obj
    return obj


def fingerprint() -> str:
    """What the loaded extensions contribute, for the JIT's disk cache key: each registration
    and the modification time of the file that defines it (an edited extension recompiles)."""
    import os
    import sys

    parts = []
    for rec in RECORDS:
        module = rec.obj.module if isinstance(rec.obj, _LazyBuiltin) else getattr(
            rec.obj, "__module__", None)
        path = getattr(sys.modules.get(module or ""), "__file__", None)
        try:
            stamp = os.stat(path).st_mtime_ns if path else 0
        except OSError:
            stamp = 0
        parts.append(f"{rec.kind}:{rec.name}:{module}:{stamp}")
    return ";".join(sorted(parts))
