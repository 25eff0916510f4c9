"""`@ascdsl.jit`: compile a Python kernel for each argument specialization and launch it.

    @asc.jit
    def vadd(x: asc.GlobalAddress, y: asc.GlobalAddress, z: asc.GlobalAddress, n: int): ...

    vadd[8](x, y, z, n)                 # compile (or take from the cache) and run on 8 cores
    ck = vadd.compile(x, y, z, n)       # CompiledKernel: .ir, .source, .key

A specialization is the kind and dtype of each runtime argument (array / tensor -> GM pointer,
Python int -> int32, float -> float32, bool -> int8, numpy scalar -> its dtype) plus the values of
the ConstExpr parameters. Compiled kernels are cached in memory per function and on disk
(`ascdsl.frontend.cache`).
"""

from __future__ import annotations

import hashlib
import inspect
import threading
import typing
from collections.abc import Callable, Sequence
from typing import Any

from ascdsl.diagnostics import Diagnostic

from . import cache as disk
# MockTensor/MockValue are also reachable here, where pyasc keeps them (asc.runtime.jit).
from .argkinds import MockTensor, MockValue, classify  # noqa: F401
from .codegen import ArgKind, compile_kernel, const_key
from .errors import CompilationError
from .function import (FunctionSource, SourceUnavailable, closure_vars, is_code, read_source,
                       references, unchanged, watched)
# CompileOptions lives in .options; it is reachable here too, where it always was.
from .options import LAUNCH_NAMES, OPTION_NAMES, CompileOptions  # noqa: F401
from .values import INTEGRAL, ConstExpr


def _check_core_num(core_num: Any) -> int:
    if isinstance(core_num, bool) or not isinstance(core_num, INTEGRAL):
        raise TypeError(f"core_num must be an integer, got {type(core_num).__name__}")
    if core_num <= 0:
        raise ValueError(f"Core number should be larger than 0, got {core_num}")
    return int(core_num)


class CompiledKernel:
    """One specialization of a kernel: its IR after passes, and its launcher."""

    def __init__(
        self,
        kernel_name: str,
        key: str,
        arg_names: Sequence[str],
        kinds: Sequence[ArgKind],
        constexprs: dict[str, Any],
        insert_sync: bool,
        module: Any = None,
        codegen_ir: str | None = None,
        warnings: Sequence[Diagnostic] = (),
        passes_ran: bool = True,
        from_disk: bool = False,
        options: CompileOptions | None = None,
    ):
        self.kernel_name = kernel_name
        self.key = key
        self.arg_names = tuple(arg_names)
        self.kinds = tuple(kinds)
        self.constexprs = dict(constexprs)
        self.insert_sync = insert_sync
        self.codegen_ir = codegen_ir
        self.warnings = list(warnings)
        self.passes_ran = passes_ran
        self.from_disk = from_disk
        self.options = options or CompileOptions()
        self._module = module
        self._ir_debug: str | None = None
        self._ir: str | None = None
        self._ir_mlir: str | None = None
        self._source: str | None = None
        self._exe: Any = None
        self._checked = False
        self._lock = threading.Lock()

    def __repr__(self) -> str:
        args = ", ".join(f"{n}: {k}" for n, k in zip(self.arg_names, self.kinds))
        return f"<CompiledKernel {self.kernel_name}({args}) key={self.key[:12]}>"

    @property
    def specialization(self) -> dict[str, Any]:
        """Argument kinds (`float32*` pointer, `int32` scalar) and ConstExpr values."""
        out: dict[str, Any] = {n: str(k) for n, k in zip(self.arg_names, self.kinds)}
        out.update(self.constexprs)
        return out

    @property
    def kernel_type(self):
        """The `config.KernelType` the kernel is built for (the option, else detected)."""
        from .kernel_type import resolve

        return resolve(self.module, self.options.kernel_type, self.options.matmul_cube_only)

    @property
    def module(self):
        """The ModuleOp after passes (shared: passes and printers must not modify it)."""
        return self._module

    def _printed(self, slot: str, **how: bool) -> str:
        """The module printed by `print_ir(**how)`, once (kept in `slot`)."""
        if getattr(self, slot) is None:
            from .pipeline import print_ir

            setattr(self, slot, print_ir(self.module, **how))
        return getattr(self, slot)

    @property
    def ir(self) -> str:
        """The MLIR text after passes (before them with run_passes=False)."""
        return self._printed("_ir")

    @property
    def mlir(self) -> str:
        """`ir` named as MLIR's printer names values (`%arg0`, `%c1_i32`): pyasc's names."""
        return self._printed("_ir_mlir", mlir_names=True)

    @property
    def ir_with_locations(self) -> str:
        """`ir` with `loc("file.py":line:col)` on each op."""
        return self._printed("_ir_debug", debuginfo=True)

    @property
    def source(self) -> str:
        """The Ascend C source of the kernel (through ascdsl.targets.ascendc)."""
        if self._source is None:
            from .pipeline import ascendc_source

            self._source = ascendc_source(self.module)
        return self._source

    def ascendc(self, print_auto_sync: bool = False, readable_names: bool = False) -> str:
        """The Ascend C source; with `print_auto_sync`, including the syncs cce-auto-sync
        added (for bisheng run with `--cce-auto-sync=off`), which `.source` leaves out; with
        `readable_names`, values named after the kernel's Python names where it has them
        (`.source` numbers them as pyasc does)."""
        if not print_auto_sync and not readable_names:
            return self.source
        from ascdsl.targets.ascendc import emit

        return emit(self.module, print_auto_sync=print_auto_sync, readable_names=readable_names)

    def check(self, headers: str | None = None) -> None:
        """Type-check `.source` with g++ against the real Ascend C headers (a CANN
        installation at `$ASCEND_HOME_PATH`, or `headers`: an asc-devkit checkout). Raises
        CompilationError located at the kernel lines whose C++ the headers reject, or
        CheckUnavailable (a RuntimeError) saying what is missing. See
        ascdsl.targets.ascendc.check."""
        if self._checked:
            return
        from ascdsl.targets.ascendc.check import AscendCChecker, check_module

        found = check_module(self.module, AscendCChecker(headers),
                             name=f"{self.kernel_name}.cpp")
        if found:
            raise CompilationError(found)
        self._checked = True

    def executable(self) -> Any:
        """The runtime's prepared kernel (compiled once, kept for later launches)."""
        if self._exe is None:
            with self._lock:
                if self._exe is None:
                    from ascdsl.runtime import prepare

                    from ascdsl.runtime.config import KernelType

                    # The option as given (AIC_ONLY for matmul_cube_only); None lets the
                    # simulator detect a mixed kernel (sim/mix.py).
                    kt = self.options.kernel_type
                    if kt is None and self.options.matmul_cube_only:
                        kt = KernelType.AIC_ONLY
                    extra = {"kernel_type": kt} if kt is not None else {}
                    self._exe = prepare(self.module, self.kernel_name, **extra)
        return self._exe

    def launch(self, core_num: int, args: Sequence[Any], stream: Any = None) -> Any:
        """Run on `core_num` cores with the runtime arguments in order; returns the RunReport."""
        _check_core_num(core_num)
        if len(args) != len(self.arg_names):
            raise TypeError(
                f"{self.kernel_name}: expected {len(self.arg_names)} runtime arguments "
                f"({', '.join(self.arg_names)}), got {len(args)}"
            )
        for name, kind, value in zip(self.arg_names, self.kinds, args):
            got = classify(self.kernel_name, name, value)
            if got != kind:
                raise TypeError(
                    f"{self.kernel_name}: argument '{name}' is {got}, but this kernel was "
                    f"compiled for {kind}"
                )
        return self.executable().launch(core_num, list(args), stream=stream)

    def __getitem__(self, launch: Any) -> Callable[..., Any]:
        core_num, stream = _launch_options(launch)

        def run(*args: Any) -> Any:
            """Launch with the runtime arguments in order."""
            return self.launch(core_num, args, stream)

        return run


def _launch_options(launch: Any) -> tuple[int, Any]:
    if isinstance(launch, tuple):
        if not 1 <= len(launch) <= 2:
            raise TypeError("launch with kernel[core_num] or kernel[core_num, stream]")
        core_num = launch[0]
        stream = launch[1] if len(launch) == 2 else None
    else:
        core_num, stream = launch, None
    return _check_core_num(core_num), stream


class _Launcher:
    """`kernel[core_num, stream]`: calling it compiles (or finds) and runs the kernel."""

    __slots__ = ("jitfn", "core_num", "stream")

    def __init__(self, jitfn: JITFunction, core_num: int, stream: Any):
        self.jitfn = jitfn
        self.core_num = core_num
        self.stream = stream

    def __call__(self, *args: Any, **kwargs: Any) -> Any:
        jf = self.jitfn
        if not kwargs and len(args) == jf._nparams and jf._deps_current():
            hit = jf._fast_lookup(args)
            if hit is not None:
                ck, runtime = hit
                with _user_errors():
                    if jf._options.check and not ck._checked:
                        ck.check()
                    return jf._run_launcher(jf._run_compiler(ck), self.core_num, runtime,
                                            self.stream)
        with _user_errors():
            ck, runtime = jf._prepare_call(args, kwargs)
            return jf._run_launcher(jf._run_compiler(ck), self.core_num, runtime, self.stream)


class JITFunction:
    """A Python kernel (or a jit sub-function) compiled on demand; see the module docstring."""

    def __init__(self, fn: Callable[..., Any], **options: Any):
        if not callable(fn) or not hasattr(fn, "__code__"):
            raise TypeError(f"@jit applies to functions, got {type(fn).__name__}")
        parts = fn.__qualname__.split(".")
        if len(parts) > 1 and parts[-2] != "<locals>":
            raise TypeError(f"JIT kernels cannot be class methods: '{fn.__qualname__}'")
        self.fn = fn
        self.signature = inspect.signature(fn)
        self.param_names = tuple(self.signature.parameters)
        clashed = [n for n in self.param_names if n in OPTION_NAMES or n in LAUNCH_NAMES]
        if clashed:
            raise RuntimeError(
                "The following argument names conflict with JIT configuration options: "
                + ", ".join(clashed)
            )
        unknown = [k for k in options if k not in OPTION_NAMES]
        if unknown:
            raise RuntimeError("The following option names are unknown: " + ", ".join(unknown))
        self.default_options = dict(options)
        self._options = CompileOptions(**options)
        self.constexpr_params, self._constexpr_types = _constexpr_annotations(fn)
        self._nparams = len(self.param_names)
        self._is_const = tuple(n in self.constexpr_params for n in self.param_names)
        self._source: FunctionSource | None = None
        self._signature_ok = False
        self._cache: dict[tuple, CompiledKernel] = {}
        self._lock = threading.RLock()
        self._deps: list[tuple[dict | None, str, Any]] | None = None
        self._dep_hash: str | None = None
        self._opaque = False  # reads an object with no value key: never the disk cache
        self.__name__ = fn.__name__
        self.__qualname__ = fn.__qualname__
        self.__doc__ = fn.__doc__
        self.__module__ = fn.__module__
        self.__wrapped__ = fn

    def __repr__(self) -> str:
        return f"<JITFunction {self.__module__}.{self.__qualname__}>"

    # -- source and dependencies ---------------------------------------------------------------

    @property
    def source(self) -> FunctionSource:
        """The function's parsed source (CompilationError when it cannot be read)."""
        if self._source is None:
            try:
                self._source = read_source(self.fn)
            except SourceUnavailable as e:
                raise CompilationError.at(None, str(e)) from None
        return self._source

    def _collect_deps(self, seen: set[int], opaque: list[str]
                      ) -> tuple[list[tuple[dict | None, str, Any]], list[str]]:
        """References (for change detection) and hash parts of this function and its callees;
        `opaque` gains the names of objects read that have no value to key on."""
        seen.add(id(self))
        src = self.source
        # The def's line in its file (the text's first line is 1): the cached IR carries
        # file:line locations, so a kernel that moved in its file must not load old lines.
        line = src.first_line + src.node.lineno - 1
        parts = [f"fn {self.__module__}.{self.__qualname__} @ {src.filename}:{line}\n",
                 src.text]
        refs: list[tuple[dict | None, str, Any]] = []
        for ref in references(src, self.fn.__globals__, closure_vars(self.fn)):
            value = ref.value
            if isinstance(value, JITFunction):
                refs.append((ref.namespace, ref.name, value))
                if id(value) not in seen:
                    sub_refs, sub_parts = value._collect_deps(seen, opaque)
                    refs.extend(sub_refs)
                    parts.extend(sub_parts)
                continue
            kept = watched(value)
            if kept is not None:
                refs.append((ref.namespace, ref.name, kept[0]))
                parts.append(f"\nconst {ref.name}={kept[1]}")
            elif not is_code(value):
                # An object the kernel may read attributes of at compile time, with no value
                # to key on: the compiled entries stay in this function's memory, unshared.
                refs.append((ref.namespace, ref.name, value))
                opaque.append(ref.name)
        return refs, parts

    def _ensure_deps(self) -> str:
        if self._dep_hash is None:
            opaque: list[str] = []
            refs, parts = self._collect_deps(set(), opaque)
            self._deps = refs
            self._opaque = bool(opaque)
            self._dep_hash = hashlib.sha256("".join(parts).encode()).hexdigest()
        return self._dep_hash

    def _deps_current(self) -> bool:
        """False (and the caches dropped) when a referenced global changed since compiling."""
        deps = self._deps
        if deps is None:
            return True
        for ns, name, value in deps:
            if ns is not None and not unchanged(value, ns.get(name, _GONE)):
                self._invalidate()
                return False
        return True

    def _invalidate(self) -> None:
        with self._lock:
            self._cache.clear()
            self._deps = None
            self._dep_hash = None

    # -- specialization ------------------------------------------------------------------------

    def check_constexpr(self, name: str, value: Any) -> None:
        """pyasc's check of a ConstExpr[T] argument's Python type."""
        want = self._constexpr_types.get(name)
        if want is not None and not isinstance(value, want):
            tname = getattr(want, "__name__", str(want))
            raise TypeError(
                f"ConstExpr[{tname}] is required for '{name}' argument, got "
                f"{type(value).__name__} {value!r}"
            )

    def _fast_lookup(self, args: tuple) -> tuple[CompiledKernel, list] | None:
        key: list = []
        runtime: list = []
        name = self.__name__
        for pname, is_const, value in zip(self.param_names, self._is_const, args):
            if is_const or isinstance(value, ConstExpr):
                try:
                    key.append(("c", pname, const_key(ConstExpr.unwrap(value))))
                except Exception:  # noqa: BLE001 - slow path reports it
                    return None
            else:
                try:
                    key.append(classify(name, pname, value))
                except (TypeError, ValueError):
                    return None
                runtime.append(value)
        key.append(self._options.memory_key())
        ck = self._cache.get(tuple(key))
        return (ck, runtime) if ck is not None else None

    def _check_signature(self) -> None:
        """pyasc's parameter rules, located at the `def` (once per function)."""
        if not self._signature_ok:
            from .codegen import check_signature

            check_signature(self.source)
            self._signature_ok = True

    def _split(self, args: tuple, kwargs: dict) -> tuple[CompileOptions, list[str], list[ArgKind], list, dict]:
        self._check_signature()
        opts = {k: kwargs.pop(k) for k in list(kwargs) if k in OPTION_NAMES}
        unknown = [k for k in kwargs if k not in self.signature.parameters]
        if unknown:
            # As for the decorator: a keyword that is neither an option nor a parameter.
            raise RuntimeError(
                "The following option names are unknown: " + ", ".join(unknown)
                + f" (options: {', '.join(OPTION_NAMES)}; parameters of {self.__name__}: "
                + f"{', '.join(self.param_names) or 'none'})"
            )
        options = CompileOptions(**{**self.default_options, **opts}) if opts else self._options
        try:
            bound = self.signature.bind(*args, **kwargs)
        except TypeError as e:
            raise TypeError(f"{self.__name__}(): {e}") from None
        names: list[str] = []
        kinds: list[ArgKind] = []
        runtime: list = []
        consts: dict[str, Any] = {}
        for pname, value in bound.arguments.items():
            if pname in self.constexpr_params or isinstance(value, ConstExpr):
                value = ConstExpr.unwrap(value)
                self.check_constexpr(pname, value)
                consts[pname] = value
            else:
                kinds.append(classify(self.__name__, pname, value))
                names.append(pname)
                runtime.append(value)
        return options, names, kinds, runtime, consts

    def _prepare_call(self, args: tuple, kwargs: dict) -> tuple[CompiledKernel, list]:
        options, names, kinds, runtime, consts = self._split(args, dict(kwargs))
        ck = self._get(options, names, kinds, consts)
        if options.check:
            ck.check()
        return ck, runtime

    def _memory_key(self, kinds: Sequence[ArgKind], consts: dict, options: CompileOptions) -> tuple:
        """The in-memory cache key; `_fast_lookup` builds the same tuple without binding."""
        key: list = []
        it = iter(kinds)
        for pname in self.param_names:
            if pname in consts:
                key.append(("c", pname, const_key(consts[pname])))
            else:
                key.append(next(it))
        key.append(options.memory_key())
        return tuple(key)

    def _disk_key(self, kinds: Sequence[ArgKind], consts: dict, options: CompileOptions) -> str:
        from ascdsl.extension.registry import fingerprint

        parts = [
            disk.toolchain_fingerprint(),
            fingerprint(),  # an extension's ops, lowerings and JIT passes shape the output
            self._ensure_deps(),
            f"{self.__module__}.{self.__qualname__}",
            ",".join(str(k) for k in kinds),
            ";".join(f"{k}={type(v).__name__}:{v!r}" for k, v in sorted(consts.items())),
            repr(options.key()),
        ]
        return hashlib.sha256("\n".join(parts).encode()).hexdigest()

    def _get(self, options: CompileOptions, names: list[str], kinds: list[ArgKind],
             consts: dict) -> CompiledKernel:
        from .pipeline import dump_dir, load_extensions

        load_extensions()
        self._deps_current()
        mkey = self._memory_key(kinds, consts, options)
        if not options.always_compile:
            ck = self._cache.get(mkey)
            if ck is not None:
                return ck
        with self._lock:
            if not options.always_compile:
                ck = self._cache.get(mkey)
                if ck is not None:
                    return ck
            key = self._disk_key(kinds, consts, options)
            # With ASCDSL_DUMP_PATH set every specialization is compiled (not read from the
            # disk cache), so that all of its stages are dumped; the entry is still stored.
            reuse = not options.always_compile and dump_dir() is None and not self._opaque
            ck = self._load(key, names, kinds, consts, options) if reuse else None
            if ck is None:
                ck = self._compile(key, names, kinds, consts, options)
            if not options.always_compile:
                self._cache[mkey] = ck
            return ck

    def _load(self, key: str, names: list[str], kinds: list[ArgKind], consts: dict,
              options: CompileOptions) -> CompiledKernel | None:
        entry = disk.load(self.__name__, key)
        if entry is None:
            return None
        return CompiledKernel(
            self.__name__, key, names, kinds, consts, insert_sync=bool(entry.get("insert_sync")),
            module=entry["module"], warnings=disk.replay_warnings(entry),
            passes_ran=bool(entry.get("passes_ran", True)), from_disk=True, options=options)

    def _compile(self, key: str, names: list[str], kinds: list[ArgKind], consts: dict,
                 options: CompileOptions) -> CompiledKernel:
        from .pipeline import dump_dir, print_ir, write_dump

        module, uses_auto = self._generate(kinds, consts)
        insert_sync = uses_auto if options.insert_sync is None else bool(options.insert_sync)
        dump = dump_dir()
        if dump is not None:  # one directory per specialization
            dump = dump / f"{self.__name__}-{key[:12]}"
        codegen_ir = print_ir(module) if dump is not None else None
        warnings: list[Diagnostic] = []
        if options.run_passes:
            warnings = self._run_pipeline(module, insert_sync, options)
            from .codegen import verify

            verify(module)
        from .kernel_type import resolve

        resolve(module, options.kernel_type, options.matmul_cube_only)
        ck = CompiledKernel(
            self.__name__, key, names, kinds, consts, insert_sync,
            module=module, codegen_ir=codegen_ir, warnings=warnings,
            passes_ran=options.run_passes, options=options,
        )
        if dump is not None:
            write_dump(dump, codegen_ir or "", ck)
        if not options.always_compile and not self._opaque:
            disk.store(self.__name__, key, {
                "kernel": self.__name__,
                "insert_sync": insert_sync,
                "passes_ran": options.run_passes,
                "args": [[n, str(k)] for n, k in zip(names, kinds)],
                "module": module,
                "warnings": warnings,
            })
        return ck

    def _generate(self, kinds: list[ArgKind], consts: dict) -> tuple[Any, bool]:
        """Code generation: the module, and whether it uses LocalTensorAuto."""
        return compile_kernel(self, kinds, consts)

    def _run_pipeline(self, module: Any, insert_sync: bool,
                      options: CompileOptions) -> list[Diagnostic]:
        """The pass pipeline on the generated module; returns its warnings."""
        from .pipeline import run_passes

        return run_passes(module, insert_sync, options.verify_sync, self.source.def_loc,
                          auto_sync=options.auto_sync,
                          matmul_cube_only=options.matmul_cube_only,
                          print_before=options.print_ir_before_all)

    # -- public API ----------------------------------------------------------------------------

    # pyasc's names for the two steps after the IR (its tests patch them to stop a launch):
    # the backend's executable (the simulator's closures or a CANN binary), then its launch.
    _run_compiler = staticmethod(lambda ck: ck.executable())
    _run_launcher = staticmethod(lambda exe, n, rt, stream: exe.launch(n, rt, stream=stream))

    def __getitem__(self, launch: Any) -> _Launcher:
        core_num, stream = _launch_options(launch)
        return _Launcher(self, core_num, stream)

    def __call__(self, *args: Any, **kwargs: Any) -> Any:
        raise TypeError(
            f"a JIT kernel is launched as {self.__name__}[core_num](...) or "
            f"{self.__name__}[core_num, stream](...); calling it directly is only possible "
            "from another JIT function"
        )

    def compile(self, *args: Any, core_num: int | None = None, stream: Any = None,
                **kwargs: Any) -> CompiledKernel:
        """Compile (or fetch from the caches) for these arguments without running.

        Arguments may be real arrays / scalars or `MockTensor(dtype)` / `MockValue(dtype)`;
        keyword arguments named like options override the decorator's options.
        """
        if core_num is not None:
            _check_core_num(core_num)
        with _user_errors():
            ck, _ = self._prepare_call(args, kwargs)
        return ck


class _user_errors:
    """Re-raise the errors that are about the user's kernel (compilation and simulation
    findings, both located at kernel lines) without ascdsl's internal frames."""

    def __enter__(self) -> None:
        return None

    def __exit__(self, et, e, tb) -> bool:
        from ascdsl.diagnostics import AscdslError  # CompilationError, SimulationError, ...

        if isinstance(e, AscdslError):
            raise e.with_traceback(None) from None
        return False


_GONE = object()


def _constexpr_annotations(fn: Callable[..., Any]) -> tuple[set[str], dict[str, type]]:
    """Parameters annotated `ConstExpr[T]` and their T (string annotations are evaluated)."""
    try:
        ann = inspect.get_annotations(fn, eval_str=True)
    except Exception:  # noqa: BLE001 - an annotation naming something not importable
        ann = inspect.get_annotations(fn)
    params: set[str] = set()
    types: dict[str, type] = {}
    for name, a in ann.items():
        if name == "return":
            continue
        if isinstance(a, str):
            if "ConstExpr" in a:
                params.add(name)
            continue
        origin = typing.get_origin(a)
        if a is ConstExpr or origin is ConstExpr:
            params.add(name)
            targs = typing.get_args(a)
            if targs and isinstance(targs[0], type):
                types[name] = targs[0]
    return params, types


def jit(fn: Callable[..., Any] | None = None, **options: Any) -> Any:
    """`@jit` or `@jit(option=value, ...)` with the options of `CompileOptions` (pyasc's,
    plus `check`)."""
    if fn is None:
        return lambda f: JITFunction(f, **options)
    return JITFunction(fn, **options)
