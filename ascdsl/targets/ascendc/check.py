"""Type-check printed Ascend C against the real Ascend C headers with g++.

    from ascdsl.targets.ascendc.check import check_module
    diagnostics = check_module(module)      # [] when g++ accepts the kernel
    ascdsl-opt kernel.mlir --ascdsl-default -t ascendc --check

Huawei's Ascend C headers have a CPU-debug path (`ASCENDC_CPU_DEBUG=1`) that the host compiler
can parse: with it, `g++ -fsyntax-only` checks what bisheng would check of a kernel's use of the
API — names, argument lists, template and element types the overloads accept, enum values and
the headers' own `static_assert`s (the element types each API supports) — without CANN's
compiler or an NPU. Errors are mapped back to the IR op that printed the offending C++ line,
so they are located at the op (or at the Python kernel line it came from).

Where the headers come from (first found): the `headers` argument (`--ascendc-headers DIR`),
`$ASCDSL_ASCENDC_HEADERS`, `$ASCEND_HOME_PATH` (a CANN installation; searched for
`kernel_operator.h`). A directory may be a CANN installation or an asc-devkit checkout
(`include/` and `impl/`). The headers expect a few things only CANN's CPU-debug library and
bisheng provide: ascdsl supplies its own stand-ins (`cpu_check/stub_def.h`: qualifiers, the
narrow float types, hardware enums) and declares the CCE intrinsics the headers call as
variadic templates, found by compiling the headers (so their own argument types are not
checked). That generated state and a precompiled header are kept under the cache directory
(`$ASCDSL_CACHE_DIR/ascendc-check/`, about 200 MB), built on first use (10–60 s); a check then
takes about a second.

The target is Ascend 910B (dav-c220, `__NPU_ARCH__=2201`), vector core by default
(`cube=True` for a cube kernel).
"""

from __future__ import annotations

import contextlib
import hashlib
import os
import re
import shutil
import subprocess
import tempfile
from collections.abc import Iterable, Iterator, Mapping, Sequence
from dataclasses import dataclass, field
from pathlib import Path

from ascdsl.diagnostics import Diagnostic, Severity, location_of
from ascdsl.fileio import write_atomically

STUBS = Path(__file__).with_name("cpu_check")
_EXPECTED_INCLUDES = ("stub_fun.h", "kernel_fp16.h", "kernel_bf16.h", "simt_stub.h")
# Include directories of the header tree, relative to its root (those that exist are used).
_INCLUDE_DIRS = (
    "", "include", "impl", "interface",
    *(f"{top}/{sub}" for top in ("include", "impl", "interface")
      for sub in ("basic_api", "basic_api/reg_compute", "simt_api", "simt_api/cpp", "c_api")),
)
# Where kernel_operator.h sits in a CANN installation (relative to $ASCEND_HOME_PATH).
_CANN_CANDIDATES = (
    "include", "compiler/tikcpp/tikcfw", "tools/tikcpp/tikcfw", "compiler/ascendc/include",
    "aarch64-linux/tikcpp/tikcfw", "x86_64-linux/tikcpp/tikcfw", "aarch64-linux/ascendc/include",
    "x86_64-linux/ascendc/include", "aarch64-linux/asc/include", "x86_64-linux/asc/include",
)
_DEFINES = ("-D__DAV_C220__", "-D__NPU_ARCH__=2201", "-DASCENDC_CPU_DEBUG=1")
_UNDECLARED = re.compile(
    r"error: (?:there are no arguments to )?‘([A-Za-z_]\w*)’ (?:was not declared in this scope"
    r"|that depend)"
)
_GXX_LINE = re.compile(r"^(?P<file>[^:\n]+):(?P<line>\d+):(?P<col>\d+):\s+(?P<rest>.*)$")
_TIMEOUT = 600
_VOID_INTRINSIC = re.compile(r"copy_")
_FORMAT = 3  # of the generated files: part of their directory's key


class CheckUnavailable(RuntimeError):
    """The check cannot run here (no g++, no headers); the message says what to provide."""


@dataclass(frozen=True)
class HeaderTree:
    """An Ascend C header tree: its root and the include directories it needs."""

    root: Path
    include_dirs: tuple[Path, ...]
    origin: str  # where it was found, for messages

    @property
    def adv_api(self) -> Path | None:
        for base in (self.root / "include" / "adv_api", self.root / "adv_api"):
            if base.is_dir():
                return base
        return None


def find_headers(path: str | os.PathLike | None = None) -> HeaderTree:
    """The header tree at `path`, `$ASCDSL_ASCENDC_HEADERS` or `$ASCEND_HOME_PATH`."""
    sources = []
    if path is not None:
        sources.append((Path(path), "the given directory"))
    else:
        for var in ("ASCDSL_ASCENDC_HEADERS", "ASCEND_HOME_PATH"):
            if os.environ.get(var):
                sources.append((Path(os.environ[var]), f"${var}"))
    if not sources:
        raise CheckUnavailable(
            "no Ascend C headers: set ASCEND_HOME_PATH to a CANN installation, or "
            "ASCDSL_ASCENDC_HEADERS (ascdsl-opt --ascendc-headers DIR) to an asc-devkit "
            "checkout (https://gitcode.com/cann/asc-devkit)"
        )
    for base, origin in sources:
        root = _tree_root(base.resolve())
        if root is None:
            raise CheckUnavailable(
                f"{origin} ({base}) holds no Ascend C headers: kernel_operator.h was not found "
                "there (expected a CANN installation or an asc-devkit checkout)"
            )
        dirs = tuple(root / d if d else root for d in _INCLUDE_DIRS if (root / d).is_dir())
        return HeaderTree(root, dirs, f"{origin} ({root})")
    raise AssertionError("unreachable")


def _tree_root(base: Path) -> Path | None:
    """The root of the header tree under `base` (the directory above `include/` for a
    checkout, the directory holding kernel_operator.h and impl/ otherwise)."""
    if not base.is_dir():
        return None
    for rel in ("", *_CANN_CANDIDATES):
        d = base / rel if rel else base
        if (d / "include" / "kernel_operator.h").is_file() and (d / "impl").is_dir():
            return d
        if (d / "kernel_operator.h").is_file():
            return d.parent if d.name == "include" and (d.parent / "impl").is_dir() else d
    # A layout not listed above: look a few levels down.
    for dirpath, dirnames, filenames in _walk(base, depth=5):
        if "kernel_operator.h" in filenames:
            d = Path(dirpath)
            return d.parent if d.name == "include" and (d.parent / "impl").is_dir() else d
    return None


def _walk(base: Path, depth: int) -> Iterator[tuple[str, list[str], list[str]]]:
    start = len(base.parts)
    for dirpath, dirnames, filenames in os.walk(base):
        if len(Path(dirpath).parts) - start >= depth:
            dirnames[:] = []
        dirnames[:] = [d for d in dirnames if not d.startswith(".")]
        yield dirpath, dirnames, filenames


def find_cxx(cxx: str | None = None) -> str:
    """The C++ compiler to use: `cxx`, `$ASCDSL_CXX`, else g++ on PATH."""
    asked = cxx or os.environ.get("ASCDSL_CXX")
    found = shutil.which(asked) if asked else shutil.which("g++")
    if not found:
        what = f"'{asked}' (ASCDSL_CXX) is not an executable" if asked else "g++ is not on PATH"
        raise CheckUnavailable(f"the Ascend C check needs g++ (or ASCDSL_CXX): {what}")
    return found


@dataclass
class CxxError:
    """One g++ error about a checked source: where in the source (if g++ said), and g++'s
    text (the error with its context and notes)."""

    line: int | None
    col: int | None
    message: str
    text: str


@dataclass
class _Generated:
    directory: Path
    intrinsics: dict[str, str] = field(default_factory=dict)  # name -> return type


class AscendCChecker:
    """g++ against one header tree; prepares its generated files once (see the module doc)."""

    def __init__(self, headers: HeaderTree | str | os.PathLike | None = None,
                 cxx: str | None = None, cache_dir: str | os.PathLike | None = None):
        self.headers = headers if isinstance(headers, HeaderTree) else find_headers(headers)
        self.cxx = find_cxx(cxx)
        base = Path(cache_dir) if cache_dir is not None else _default_cache()
        self.directory = base / "ascendc-check" / self._key()

    def _key(self) -> str:
        h = hashlib.sha256(f"ascdsl-check {_FORMAT}\n".encode())
        h.update(str(self.headers.root).encode())
        probe = self.headers.root / "include" / "kernel_operator.h"
        if not probe.exists():
            probe = self.headers.root / "kernel_operator.h"
        with contextlib.suppress(OSError):
            h.update(str(probe.stat().st_mtime_ns).encode())
        h.update(self.cxx.encode())
        h.update((STUBS / "stub_def.h").read_bytes())
        h.update(self._prelude_text().encode())
        return h.hexdigest()[:24]

    # --- flags and generated files ---------------------------------------------------------

    def flags(self, cube: bool = False) -> list[str]:
        core = "-D__DAV_C220_CUBE__" if cube else "-D__DAV_C220_VEC__"
        return ["-std=c++17", "-w", f"-I{self.directory}",
                *(f"-I{d}" for d in self.headers.include_dirs), *_DEFINES, core]

    def prepare(self, cube: bool = False) -> None:
        """Build the generated files and the precompiled header, once (safe across processes)."""
        if (self.directory / self._pch_ready(cube)).exists():
            return
        self.directory.mkdir(parents=True, exist_ok=True)
        with _locked(self.directory / ".lock"):
            if (self.directory / self._pch_ready(cube)).exists():
                return
            gen = self._load_generated()
            if not (self.directory / "ascdsl_intrinsics.h").exists():
                self._write_support_files()
                self._discover_intrinsics(gen, cube)
            self._build_pch(cube)

    def _prelude_text(self) -> str:
        """kernel_operator.h and the interface headers kernels add beside it (an op's
        `Cpp.header`, e.g. the list tensors'), so that a kernel checked inside its own
        namespace finds them declared at global scope (its own #include is then a no-op)."""
        lines = ['#include "kernel_operator.h"']
        for name in _PRELUDE_EXTRAS:
            if any((inc / name).exists() for inc in self.headers.include_dirs):
                lines.append(f'#include "{name}"')
        return "\n".join(lines) + "\n"

    @staticmethod
    def _pch_ready(cube: bool) -> str:
        return ".ready-cube" if cube else ".ready-vec"

    def _write_support_files(self) -> None:
        d = self.directory
        write_atomically(d / "stub_def.h", (STUBS / "stub_def.h").read_bytes())
        for name in _EXPECTED_INCLUDES:
            if not any((inc / name).exists() for inc in self.headers.include_dirs):
                write_atomically(d / name, "#pragma once\n// ascdsl: empty stand-in\n")
        adv = self.headers.adv_api
        if (adv is not None and (adv / "matmul" / "matmul_intf.h").is_file()
                and not any((inc / "lib" / "matmul_intf.h").exists()
                            for inc in self.headers.include_dirs)):
            # A CANN installation has the Matmul API at lib/matmul_intf.h (what kernels
            # include); an asc-devkit checkout keeps it under adv_api/matmul/.
            (d / "lib").mkdir(exist_ok=True)
            write_atomically(d / "lib" / "matmul_intf.h",
                             f'#pragma once\n#include "{adv / "matmul" / "matmul_intf.h"}"\n')
        if not any((inc / "kernel_tiling" / "kernel_tiling.h").exists()
                   for inc in self.headers.include_dirs):
            (d / "kernel_tiling").mkdir(exist_ok=True)
            self._generate_tiling(d / "kernel_tiling" / "kernel_tiling.h")

    def _generate_tiling(self, out: Path) -> None:
        """kernel_tiling.h, by the header tree's own generator when it has one."""
        script = next(self.headers.root.rglob("gen_kernel_tiling_data_def.py"), None)
        adv = self.headers.adv_api
        if script is not None and adv is not None:
            import sys

            proc = subprocess.run([sys.executable, str(script), str(adv), str(out)],
                                  capture_output=True, text=True, timeout=_TIMEOUT)
            if proc.returncode == 0 and out.exists():
                return
        write_atomically(out, "#pragma once\n")

    def _load_generated(self) -> _Generated:
        gen = _Generated(self.directory)
        path = self.directory / "ascdsl_intrinsics.h"
        if path.exists():
            for m in re.finditer(r"inline (\w+) (\w+)\(Ts&&", path.read_text()):
                gen.intrinsics[m.group(2)] = m.group(1)
        return gen

    def _write_intrinsics(self, gen: _Generated) -> None:
        lines = ["#pragma once",
                 "// Generated by ascdsl.targets.ascendc.check: the CCE intrinsics the Ascend C",
                 "// headers call, as variadic templates (their arguments are not checked)."]
        for name, ret in sorted(gen.intrinsics.items()):
            if _VOID_INTRINSIC.match(name):
                # The DMA intrinsics return nothing, and the headers `return` their call from
                # void functions (Fixpipe: `return copy_matrix_cc_to_gm(...)`).
                lines.append(f"template <class... Ts> inline void {name}(Ts&&...) {{}}")
                continue
            lines.append(f"template <class... Ts> inline {ret} {name}(Ts&&...) {{ return {{}}; }}")
        write_atomically(self.directory / "ascdsl_intrinsics.h", "\n".join(lines) + "\n")

    def _discover_intrinsics(self, gen: _Generated, cube: bool) -> None:
        """Compile the headers, declare what they call undeclared, until nothing is missing."""
        self._write_intrinsics(gen)
        probe = self.directory / "ascdsl_probe.cpp"
        write_atomically(probe, '#include "kernel_operator.h"\n')
        for _ in range(12):
            proc = self._run([*self.flags(cube), "-fmax-errors=100000", str(probe)])
            new = set(_UNDECLARED.findall(proc.stderr)) - set(gen.intrinsics)
            if not new:
                return
            for name in new:
                gen.intrinsics[name] = "int64_t"
            self._write_intrinsics(gen)

    def _build_pch(self, cube: bool) -> None:
        """The precompiled header of kernel_operator.h (under the lock; replaced atomically,
        so that a concurrent check sees the old one or the new one)."""
        pch_dir = self.directory / ("pch-cube" if cube else "pch-vec")
        pch_dir.mkdir(exist_ok=True)
        prelude = pch_dir / "ascdsl_check_prelude.h"
        write_atomically(prelude, self._prelude_text())
        fd, tmp = tempfile.mkstemp(prefix=".gch-", dir=pch_dir)
        os.close(fd)
        try:
            proc = self._run(["-x", "c++-header", *self.flags(cube), str(prelude), "-o", tmp],
                             syntax_only=False)
            if proc.returncode != 0:
                raise CheckUnavailable(
                    f"the Ascend C headers at {self.headers.root} do not compile with "
                    f"{self.cxx} here:\n{_tail(proc.stderr)}"
                )
            os.replace(tmp, str(prelude) + ".gch")
        finally:
            if os.path.exists(tmp):
                os.unlink(tmp)
        (self.directory / self._pch_ready(cube)).touch()

    def _heal(self, missing: set[str], cube: bool) -> None:
        """Declare intrinsics a template instantiation found missing; rebuild the PCH."""
        with _locked(self.directory / ".lock"):
            gen = self._load_generated()
            new = missing - set(gen.intrinsics)
            if not new:
                return
            for name in new:
                gen.intrinsics[name] = "int64_t"
            self._write_intrinsics(gen)
            for mode in (False, True):
                (self.directory / self._pch_ready(mode)).unlink(missing_ok=True)
            self._build_pch(cube)

    def _run(self, args: list[str], syntax_only: bool = True) -> subprocess.CompletedProcess:
        head = [self.cxx, "-fsyntax-only"] if syntax_only else [self.cxx]
        try:
            return subprocess.run([*head, *args], capture_output=True, text=True,
                                  timeout=_TIMEOUT)
        except subprocess.TimeoutExpired:
            raise CheckUnavailable(f"{self.cxx} took more than {_TIMEOUT} s") from None

    # --- checking --------------------------------------------------------------------------

    def check_source(self, source: str, name: str = "kernel.cpp", cube: bool = False,
                     include_dirs: Sequence[str | os.PathLike] = ()) -> list[CxxError]:
        """g++'s errors about one kernel source ([] when it is accepted)."""
        return self.check_sources({name: source}, cube, include_dirs)[name]

    def check_sources(self, sources: Mapping[str, str], cube: bool = False,
                      include_dirs: Sequence[str | os.PathLike] = ()) -> dict[str, list[CxxError]]:
        """g++'s errors about each of several kernels, checked in one compiler run.

        Each kernel goes into its own namespace of one translation unit (its `extern "C"`
        dropped, so that kernels of the same name do not clash), which costs one parse of the
        headers for all of them; errors are told apart by file."""
        self.prepare(cube)
        result: dict[str, list[CxxError]] = {}
        pending = dict(sources)
        for _ in range(len(sources) + 3):
            if not pending:
                break
            found, fatal, missing = self._compile_batch(pending, cube, include_dirs)
            if missing:
                self._heal(missing, cube)
                continue
            if fatal is None:
                result.update(found)
                break
            # A fatal error stops g++: keep that kernel's errors, check the rest again.
            result[fatal] = found[fatal]
            del pending[fatal]
        return {name: result.get(name, []) for name in sources}

    def _compile_batch(self, sources: Mapping[str, str], cube: bool,
                       include_dirs: Sequence[str | os.PathLike]):
        with tempfile.TemporaryDirectory(prefix="ascdsl-check-") as tmp:
            files: dict[str, str] = {}
            parts = []
            for i, (name, text) in enumerate(sources.items()):
                path = Path(tmp) / f"k{i}_{_safe(name)}"
                if path.suffix not in (".cpp", ".cc", ".cxx"):
                    path = path.with_name(path.name + ".cpp")
                body = text if len(sources) == 1 else _EXTERN_C.sub("", text)
                path.write_text(body)
                files[str(path)] = name
                if len(sources) == 1:
                    parts.append(f'#include "{path}"')
                else:
                    parts.append(f'namespace ascdsl_kernel_{i} {{\n#include "{path}"\n}}')
            unit = Path(tmp) / "ascdsl_check_unit.cpp"
            unit.write_text("\n".join(parts) + "\n")
            pch = self.directory / ("pch-cube" if cube else "pch-vec") / "ascdsl_check_prelude.h"
            args = ["-x", "c++", *self.flags(cube), *(f"-I{d}" for d in include_dirs),
                    "-include", str(pch), str(unit)]
            proc = self._run(args)
            errors, fatal, missing = _parse(proc.stderr, files, self.headers.root)
            if proc.returncode != 0 and not any(errors.values()) and not missing:
                # g++ failed without an error we could attribute: give all of it to every
                # kernel rather than report success.
                text = _tail(proc.stderr)
                errors = {n: [CxxError(None, None, "g++ failed", text)] for n in sources}
            return errors, fatal, missing


_EXTERN_C = re.compile(r'^extern "C" ', re.M)
# Interface headers outside kernel_operator.h that ops of the dialect name (Cpp.header).
_PRELUDE_EXTRAS = ("kernel_operator_list_tensor_intf.h",)


def _safe(name: str) -> str:
    return re.sub(r"[^A-Za-z0-9_.-]", "_", Path(name).name)[:60] or "kernel"


def _parse(stderr: str, files: dict[str, str], tree: Path):
    """Errors of g++'s output by kernel name, the kernel of a fatal error, and intrinsics the
    headers miss (names reported undeclared inside the header tree).

    g++ prints groups: context lines ("In file included from k.cpp:3", "In instantiation of
    ...", "k.cpp:17:39: required from here"), an `error:` line, then source echoes and notes.
    An error belongs to the kernel whose file it is in, or else to the last kernel line its
    context names (where the header was included, or the template instantiated)."""
    errors: dict[str, list[CxxError]] = {name: [] for name in files.values()}
    fatal = None
    missing: set[str] = set()
    tree_prefix = str(tree) + os.sep
    context: list[str] = []
    current: CxxError | None = None
    for raw in stderr.splitlines():
        m = _GXX_LINE.match(raw)
        kind = m.group("rest").split(":", 1)[0] if m else ""
        if m is None and raw[:1].isspace() or kind == "note":
            if current is not None:  # a source echo or a note of the current error
                current.text += "\n" + raw
            elif raw.lstrip().startswith("from ") or m is not None:
                context.append(raw)
            continue
        if kind in ("error", "fatal error"):
            path = m.group("file")
            undeclared = _UNDECLARED.search(raw)
            if undeclared and path.startswith(tree_prefix):
                missing.add(undeclared.group(1))
                current, context = None, []
                continue
            owner = _owner([raw, *reversed(context)], files)
            text = "\n".join([*context, raw])
            context = []
            if owner is None:
                current = None
                continue
            name, line, col = owner
            current = CxxError(line, col, m.group("rest").split(":", 1)[1].strip(), text)
            errors[name].append(current)
            if kind == "fatal error":
                fatal = name
            continue
        # A context line starts the next group.
        current = None
        context.append(raw)
    return errors, fatal, missing


def _owner(lines: Iterable[str], files: dict[str, str]) -> tuple[str, int, int] | None:
    """(kernel, line, col) of the first line in `lines` that points into a kernel file."""
    for raw in lines:
        for path, name in files.items():
            hit = re.search(re.escape(path) + r":(\d+)(?::(\d+))?", raw)
            if hit:
                return name, int(hit.group(1)), int(hit.group(2) or 0)
    return None


def _tail(text: str, lines: int = 40) -> str:
    return "\n".join(text.splitlines()[-lines:])


@contextlib.contextmanager
def _locked(path: Path) -> Iterator[None]:
    import fcntl

    with open(path, "a") as f:
        fcntl.flock(f, fcntl.LOCK_EX)
        try:
            yield
        finally:
            fcntl.flock(f, fcntl.LOCK_UN)


def _default_cache() -> Path:
    from ascdsl.fileio import cache_dir

    return cache_dir()


# --- modules: errors at the ops that printed the lines -------------------------------------------


def check_module(module, checker: AscendCChecker | None = None, cube: bool = False,
                 include_dirs: Sequence[str | os.PathLike] = (),
                 name: str = "kernel.cpp") -> list[Diagnostic]:
    """Print `module` as Ascend C and check it; one diagnostic per g++ error, located at the
    op that printed the C++ line (g++'s own text follows as a note)."""
    from . import emit_with_lines

    checker = checker or AscendCChecker()
    source, line_ops = emit_with_lines(module)
    return diagnostics_for(checker.check_source(source, name, cube, include_dirs), source,
                           line_ops, name)


def diagnostics_for(errors: Iterable[CxxError], source: str, line_ops: Mapping[int, object],
                    name: str = "kernel.cpp") -> list[Diagnostic]:
    """Located diagnostics for g++'s errors about `source` (see check_module)."""
    lines = source.splitlines()
    out = []
    for err in errors:
        op = line_ops.get(err.line) if err.line is not None else None
        cxx_line = lines[err.line - 1].strip() if err.line and err.line <= len(lines) else ""
        where = f" in `{cxx_line}`" if cxx_line else ""
        message = f"the Ascend C headers reject the printed C++{where}: {err.message}"
        label = f"'{op.name}' op " if op is not None else ""
        notes = [Diagnostic(Severity.NOTE, f"g++ ({name}:{err.line}):\n{_indent(err.text)}")]
        out.append(Diagnostic(Severity.ERROR, label + message,
                              location_of(op) if op is not None else None, notes))
    return out


def _indent(text: str) -> str:
    return "\n".join("    " + line for line in _tail(text, 25).splitlines())
