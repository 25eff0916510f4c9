"""@jit: options, argument kinds, the memory and disk caches, dumps and the launch path."""

from __future__ import annotations

import json
import multiprocessing
import pickle
import subprocess
import sys
import textwrap
import types
from pathlib import Path

import numpy as np
import pytest
import torch
from xdsl.dialects.func import FuncOp
from frontend_helpers import codegen, line_of
from frontend_workers import concurrent_compile

import ascdsl as asc
from ascdsl.frontend import cache as disk
from ascdsl.frontend.argkinds import classify


@asc.jit
def scale_kernel(x: asc.GlobalAddress, n: int, factor: asc.ConstExpr[int]):
    g = asc.GlobalTensor()
    g.set_global_buffer(x)
    for i in range(n):
        g.set_value(i, g.get_value(i) * factor)


@pytest.fixture(autouse=True)
def fresh_scale_kernel():
    """`scale_kernel` is module-level: start each test with its caches empty."""
    scale_kernel._invalidate()
    yield
    scale_kernel._invalidate()


# --- options ---------------------------------------------------------------------------------


def test_unknown_options_and_clashing_parameters():
    with pytest.raises(RuntimeError, match="The following option names are unknown: fast"):
        asc.jit(fast=True)(lambda: None)

    def k(run_passes: int, core_num: int):
        pass

    with pytest.raises(RuntimeError, match="conflict with JIT configuration options: "
                                           "run_passes, core_num"):
        asc.jit(k)


def test_unknown_keyword_at_launch_or_compile_is_the_unknown_option_error():
    # The docs promise RuntimeError, as for the decorator; it was signature.bind's TypeError.
    x = np.zeros(4, np.float32)
    with pytest.raises(RuntimeError, match=r"The following option names are unknown: fast "
                                           r"\(options: insert_sync, .*; parameters of "
                                           r"scale_kernel: x, n, factor\)"):
        scale_kernel.compile(x, 4, 2, fast=True)
    with pytest.raises(RuntimeError, match="option names are unknown: turbo"):
        scale_kernel[1](x, 4, 2, turbo=1)


def test_options_from_decorator_and_call():
    @asc.jit(run_passes=False)
    def k(n: int):
        asc.printf("%d", n)

    ck = k.compile(1)
    assert not ck.passes_ran
    assert k.compile(1, run_passes=True).passes_ran
    assert k.compile(1) is ck  # the decorator's options again: memory cache hit


def test_verify_sync_warnings_point_at_the_kernel(capsys):
    @asc.jit(verify_sync=True)
    def k(x: asc.GlobalAddress):
        g = asc.GlobalTensor()
        g.set_global_buffer(x)
        pipe = asc.TPipe()
        q = asc.TQue(asc.TPosition.VECIN, 1)
        pipe.init_buffer(q, 1, 1024)
        t = q.alloc_tensor(asc.float32)
        asc.data_copy(t, g, 256)
        q.enque(t)  # NEVER-DEQUED

    ck = k.compile(asc.MockTensor(asc.float32))
    line, _ = line_of(k, "# NEVER-DEQUED")
    (enque,) = [w for w in ck.warnings if "EnQue" in w.message]
    assert "there is no corresponding call to DeQue" in enque.message
    assert (enque.loc.file, enque.loc.line) == (__file__, line)
    assert f"{__file__}:{line}:" in capsys.readouterr().err  # also printed
    assert not k.compile(asc.MockTensor(asc.float32), verify_sync=False).warnings
    # A disk-cache hit reports them again: the warnings are part of the compile's result.
    k._cache.clear()
    again = k.compile(asc.MockTensor(asc.float32))
    assert again.from_disk
    assert [w.message for w in again.warnings] == [w.message for w in ck.warnings]
    assert [w.loc for w in again.warnings] == [w.loc for w in ck.warnings]
    assert f"{__file__}:{line}:" in capsys.readouterr().err


def test_pass_errors_are_compilation_errors_at_the_kernel_line():
    @asc.jit(insert_sync=True)
    def k(x: asc.GlobalAddress):
        pipe = asc.TPipe()
        q = asc.TQue(asc.TPosition.VECIN, 1)
        pipe.init_buffer(q, 1, 1024)
        t = q.deque(asc.float32)  # NO-ALLOC

    with pytest.raises(asc.CompilationError) as info:
        k.compile(asc.MockTensor(asc.float32))
    line, _ = line_of(k, "# NO-ALLOC")
    assert "doesn't have corresponding alloc_tensor op" in info.value.message
    assert info.value.location.line == line


def test_class_methods_are_rejected():
    with pytest.raises(TypeError, match="JIT kernels cannot be class methods"):
        class Holder:  # noqa: F841
            @asc.jit
            def kernel(self, n: int):
                pass


def test_direct_call_is_rejected():
    with pytest.raises(TypeError, match=r"launched as scale_kernel\[core_num\]"):
        scale_kernel(np.zeros(4, np.float32), 4, 2)


# --- argument kinds --------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("value", "expected"),
    [
        (np.zeros(3, np.float32), "float32*"),
        (np.zeros(3, np.float16), "float16*"),
        (np.zeros(3, np.int8), "int8*"),
        (np.zeros(3, np.uint64), "uint64*"),
        (torch.zeros(3, dtype=torch.bfloat16), "bfloat16*"),
        (torch.zeros(3, dtype=torch.int16), "int16*"),
        (7, "int32"),
        (2.5, "float32"),
        (True, "int8"),
        (np.float16(1), "float16"),
        (np.int64(1), "int64"),
        (np.uint8(1), "uint8"),
    ],
)
def test_argument_kinds(value, expected):
    assert str(classify("k", "a", value)) == expected


@pytest.mark.parametrize(
    ("value", "error", "message"),
    [
        ("text", TypeError, "argument 'a' has unsupported type str"),
        ([1, 2], TypeError, "argument 'a' has unsupported type list"),
        (np.zeros(3, np.complex64), TypeError, "numpy array of complex64, which has no kernel type"),
        (np.zeros(3, bool), TypeError, "numpy array of bool"),
        (torch.zeros(2, dtype=torch.complex64), TypeError, "torch tensor of torch.complex64"),
        (1 << 40, ValueError, "does not fit int32"),
    ],
)
def test_bad_arguments_name_the_argument(value, error, message):
    with pytest.raises(error, match=message):
        classify("k", "a", value)


def test_bad_argument_at_launch_is_a_type_error_naming_it():
    with pytest.raises(TypeError, match="scale_kernel\\(\\): argument 'n' has unsupported type str"):
        scale_kernel[1](np.zeros(4, np.float32), "4", 2)


@pytest.mark.parametrize("core_num", [0, -3])
def test_core_num_must_be_positive(core_num):
    with pytest.raises(ValueError, match="Core number should be larger than 0"):
        scale_kernel[core_num]
    with pytest.raises(ValueError, match="Core number should be larger than 0"):
        scale_kernel[core_num, None]


def test_core_num_must_be_an_integer():
    with pytest.raises(TypeError, match="core_num must be an integer"):
        scale_kernel[2.0]


@pytest.mark.parametrize(("mock", "dtype", "shown"), [
    (asc.MockTensor, "f32", "str 'f32'"),
    (asc.MockTensor, np.float32, "class numpy.float32"),
    (asc.MockValue, 5, "int 5"),
])
def test_mocks_take_a_data_type(mock, dtype, shown):
    # Was AttributeError: 'str' object has no attribute 'name', from the compile's cache key.
    with pytest.raises(TypeError) as info:
        mock(dtype)
    assert str(info.value) == (f"{mock.__name__}(): 'dtype' must be a data type such as "
                               f"asc.float32, got {shown}")


def test_specialization_by_dtype_and_constexpr():
    a = codegen(scale_kernel, np.zeros(4, np.float32), 4, 2)
    b = codegen(scale_kernel, np.zeros(4, np.float16), 4, 2)
    c = codegen(scale_kernel, np.zeros(4, np.float32), 9, 3)
    assert len({a.key, b.key, c.key}) == 3
    assert "memref<?xf16, 22>" in b.ir and "arith.constant 3.000000e+00 : f32" in c.ir
    assert a.specialization == {"x": "float32*", "n": "int32", "factor": 2}


def test_kernels_and_called_functions_key_compile_time_values_alike():
    from ascdsl.frontend import kernel
    from ascdsl.frontend.codegen import const_key

    assert kernel.const_key is const_key  # one key function for both caches
    assert len({const_key(1), const_key(True), const_key(1.0)}) == 3  # equal, not alike

    def make_mode():
        class Mode:  # two classes that share a name are not the same value
            def __eq__(self, other):
                return True

            def __hash__(self):
                return 0

        return Mode()

    assert const_key(make_mode()) != const_key(make_mode())
    assert const_key([1, 2]) == const_key([1, 2])  # unhashable: keyed by repr

    @asc.jit
    def helper(t: asc.GlobalTensor, flag: asc.ConstExpr[int]):
        asc.printf("%d", flag)

    @asc.jit(run_passes=False)
    def k(x: asc.GlobalAddress):
        g = asc.GlobalTensor()
        g.set_global_buffer(x)
        helper(g, 1)
        helper(g, True)  # == 1 in Python, but another specialization

    ir = codegen(k, np.zeros(4, np.float32)).ir
    assert ir.count("func.func @helper") == 2


# --- memory cache ----------------------------------------------------------------------------


def test_memory_cache_hits_and_misses():
    @asc.jit(run_passes=False)
    def k(x: asc.GlobalAddress, n: int, c: asc.ConstExpr[int]):
        asc.printf("%d", n + c)

    x = np.zeros(4, np.float32)
    first = k.compile(x, 1, 5)
    assert k.compile(np.ones(8, np.float32), 99, 5) is first  # runtime values are not in the key
    assert k.compile(x, 1, 6) is not first  # another ConstExpr value
    assert k.compile(x.astype(np.float16), 1, 5) is not first  # another dtype
    assert k.compile(x, 1, 5, always_compile=True) is not first  # bypasses the caches
    assert k.compile(x, 1, 5) is first


def test_kernels_need_readable_source():
    module = types.ModuleType("exec_mod")
    src = textwrap.dedent(
        """
        import ascdsl as asc

        @asc.jit(run_passes=False)
        def k(n: int):
            asc.printf("%d", n)
        """
    )
    exec(compile(src, "<no file>", "exec"), module.__dict__)  # noqa: S102 - test fixture
    with pytest.raises(asc.CompilationError, match="cannot read the source of 'k'"):
        module.k.compile(1)


def _import_file(path: Path, name: str):
    import importlib.util

    spec = importlib.util.spec_from_file_location(name, path)
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def test_redefining_a_called_helper_in_process_invalidates(tmp_path):
    first = tmp_path / "kmod_first.py"
    _write_module(first, "first")
    mod = _import_file(first, "kmod_first")
    ck = mod.kernel.compile(1, run_passes=False)
    assert mod.kernel.compile(1, run_passes=False) is ck
    second = tmp_path / "kmod_second.py"
    _write_module(second, "second")
    mod.helper = _import_file(second, "kmod_second").helper  # rebind the called jit function
    again = mod.kernel.compile(1, run_passes=False)
    assert again is not ck and '"second %d"' in again.ir and '"first %d"' in ck.ir


def _write_module(path: Path, helper_text: str) -> None:
    path.write_text(textwrap.dedent(
        f"""
        import ascdsl as asc

        @asc.jit
        def helper(n: int):
            asc.printf("{helper_text} %d", n)

        @asc.jit
        def kernel(n: int):
            helper(n)
        """
    ))


def _compile_in_subprocess(tmp_path: Path, cache: Path) -> dict:
    script = textwrap.dedent(
        f"""
        import json, sys
        sys.path.insert(0, {str(tmp_path)!r})
        import kmod
        from ascdsl.frontend.cache import toolchain_fingerprint
        ck = kmod.kernel.compile(1)
        print(json.dumps({{"from_disk": ck.from_disk, "key": ck.key, "ir": ck.ir,
                           "toolchain": toolchain_fingerprint()}}))
        """
    )
    env = {"ASCDSL_CACHE_DIR": str(cache), "PATH": "", "PYTHONDONTWRITEBYTECODE": "1"}
    out = subprocess.run([sys.executable, "-c", script], capture_output=True, text=True, env=env,
                         timeout=300)
    assert out.returncode == 0, out.stderr
    return json.loads(out.stdout.strip().splitlines()[-1])


def _twice(tmp_path: Path, cache: Path) -> tuple[dict, dict]:
    """Compile in two fresh processes; retried if ascdsl's own sources changed in between (the
    toolchain fingerprint is part of the key, and this working tree is shared)."""
    for _ in range(3):
        one = _compile_in_subprocess(tmp_path, cache)
        two = _compile_in_subprocess(tmp_path, cache)
        if one["toolchain"] == two["toolchain"]:
            return one, two
    raise AssertionError("ascdsl's sources kept changing during the test")


def test_disk_cache_across_processes_and_helper_changes(tmp_path, isolated_cache):
    mod = tmp_path / "kmod.py"
    _write_module(mod, "first")
    one, two = _twice(tmp_path, isolated_cache)
    assert two["from_disk"]  # hit in a new process
    assert one["key"] == two["key"] and one["ir"] == two["ir"]
    _write_module(mod, "second")  # change only the called sub-function
    three = _compile_in_subprocess(tmp_path, isolated_cache)
    assert not three["from_disk"] and three["key"] != one["key"]
    assert '"second %d"' in three["ir"]


def test_a_kernel_moved_in_its_file_is_not_loaded_with_its_old_lines(tmp_path, isolated_cache):
    # The disk entry holds the IR with file:line locations: a line added above the kernel
    # must give a new key, or every diagnostic would point one line too high.
    mod = tmp_path / "kmod.py"
    _write_module(mod, "first")
    one, two = _twice(tmp_path, isolated_cache)
    assert two["from_disk"]
    mod.write_text("# one more line above\n" + mod.read_text())
    three = _compile_in_subprocess(tmp_path, isolated_cache)
    assert not three["from_disk"] and three["key"] != one["key"]


def _entry(cache: Path, kernel: str) -> dict:
    (path,) = cache.glob(f"{kernel}-*.pkl")
    entry = disk.read_entry(path)
    assert entry is not None, f"{path} does not verify"
    return entry


def test_disk_entry_restores_the_module_with_locations(isolated_cache):
    ck = scale_kernel.compile(np.zeros(4, np.float32), 4, 2)
    entry = _entry(isolated_cache, "scale_kernel")
    assert entry["key"] == ck.key and entry["format"] == disk.FORMAT
    assert entry["args"] == [["x", "float32*"], ["n", "int32"]]
    scale_kernel._cache.clear()
    again = scale_kernel.compile(np.zeros(4, np.float32), 4, 2)
    assert again.from_disk and again.ir == ck.ir
    assert again.ir_with_locations == ck.ir_with_locations
    op = next(o for o in again.module.walk() if o.name == "ascendc.global_tensor.set_value")
    assert op.location.filename.data == __file__


def test_serialized_modules_round_trip_large_kernels():
    from xdsl.dialects.builtin import NameLoc

    from ascdsl.context import make_context
    from ascdsl.frontend import serialize

    @asc.jit(run_passes=False)
    def big(x: asc.GlobalAddress, n: int):
        g = asc.GlobalTensor()
        g.set_global_buffer(x)
        acc = n
        for i in asc.static_range(1200):  # one block of ~3600 ops, a long use-def chain
            acc = acc * 3 + i
        g.set_value(0, acc)

    ck = big.compile(asc.MockTensor(asc.int32), asc.MockValue(asc.int32))
    again = serialize.loads(serialize.dumps(ck.module), make_context())
    assert sum(1 for _ in again.walk()) > 3000  # far past the recursion limit
    assert asc.frontend.pipeline.print_ir(again, True) == ck.ir_with_locations
    # Arguments keep their name locations, which name them in the Ascend C (`v1_x`).
    arg = next(iter(again.body.ops)).body.block.args[0]
    assert isinstance(arg.location, NameLoc) and arg.location.desc.data == "x"
    with pytest.raises(ValueError, match="not a serialized module"):
        serialize.loads(b"garbage", make_context())


def _truncate_module(entry: dict) -> dict:
    entry["module"] = entry["module"][: len(entry["module"]) // 2]
    return entry


def _wrong_key(entry: dict) -> dict:
    entry["key"] = "0" * 64
    return entry


def _unknown_op(entry: dict) -> dict:
    from ascdsl.frontend.serialize import FORMAT

    entry["module"] = pickle.dumps((FORMAT, [], ("no.such_op", [], [], [], [], 0, [])))
    return entry


@pytest.mark.parametrize("corrupt", [b"", b"\x80\x05garbage", _truncate_module, _wrong_key,
                                     _unknown_op])
def test_corrupted_entry_is_recompiled(isolated_cache, corrupt):
    ck = scale_kernel.compile(np.zeros(4, np.float32), 4, 2)
    (path,) = isolated_cache.glob("scale_kernel-*.pkl")
    if isinstance(corrupt, bytes):
        path.write_bytes(corrupt)
    else:  # a well-formed, correctly sealed entry whose content is wrong
        path.write_bytes(disk.seal(pickle.dumps(corrupt(disk.read_entry(path)))))
    scale_kernel._cache.clear()
    again = scale_kernel.compile(np.zeros(4, np.float32), 4, 2)
    assert not again.from_disk and again.ir == ck.ir
    assert _entry(isolated_cache, "scale_kernel")["key"] == ck.key  # rewritten


@asc.jit
def sum_kernel(x: asc.GlobalAddress, z: asc.GlobalAddress, n: int):
    xg = asc.GlobalTensor()
    zg = asc.GlobalTensor()
    xg.set_global_buffer(x)
    zg.set_global_buffer(z)
    acc = 0.0
    for i in range(n):
        acc = acc + xg.get_value(i) * 3.0
    zg.set_value(0, acc)


def test_altered_entry_bytes_are_a_miss_and_rewritten(isolated_cache):
    """Every single-byte change of an entry is caught by its digest: the kernel is compiled
    again (the right sum, no error blamed on the kernel) and the entry rewritten. Before,
    such entries rebuilt into modules that raised AttributeError or UBOverflowError at the
    kernel's lines, or computed another sum."""
    x = np.arange(16, dtype=np.float32)
    z = np.zeros(1, np.float32)
    sum_kernel[1](x, z, 16)
    (path,) = isolated_cache.glob("sum_kernel-*.pkl")
    good = path.read_bytes()
    rng = np.random.default_rng(0)
    positions = sorted({0, len(disk.MAGIC) + 3, len(good) - 1,
                        *rng.integers(len(disk.MAGIC) + 65, len(good), 40).tolist()})
    for pos in positions:
        bad = bytearray(good)
        bad[pos] ^= 0x20
        path.write_bytes(bytes(bad))
        assert disk.load("sum_kernel", pickle.loads(disk.unseal(good))["key"]) is None
        sum_kernel._cache.clear()
        z[:] = 0
        sum_kernel[1](x, z, 16)
        assert z[0] == 3 * x.sum(), f"byte {pos} altered: got {z[0]}"
        assert path.read_bytes() == good, f"byte {pos} altered: entry not rewritten"


def test_unwritable_cache_dir_is_not_an_error(tmp_path, monkeypatch):
    blocker = tmp_path / "file"
    blocker.write_text("x")
    monkeypatch.setenv("ASCDSL_CACHE_DIR", str(blocker / "sub"))
    assert scale_kernel.compile(np.zeros(4, np.float32), 4, 7, run_passes=False).ir


def test_concurrent_processes_do_not_corrupt_the_cache(tmp_path, isolated_cache):
    _write_module(tmp_path / "kmod.py", "shared")
    ctx = multiprocessing.get_context("spawn")
    n = 4
    barrier, results = ctx.Barrier(n), ctx.Queue()
    procs = [ctx.Process(target=concurrent_compile,
                         args=(str(isolated_cache), str(tmp_path), barrier, results))
             for _ in range(n)]
    for p in procs:
        p.start()
    got = [results.get(timeout=300) for _ in range(n)]
    for p in procs:
        p.join(timeout=60)
        assert p.exitcode == 0
    assert len({(key, ir) for key, ir, _ in got}) == 1  # the same key and IR everywhere
    assert _entry(isolated_cache, "kernel")["key"] == got[0][0]
    assert not list(isolated_cache.glob(".*.tmp"))  # no temporary files left behind
    after, again = _twice(tmp_path, isolated_cache)
    assert again["from_disk"] and again["ir"] == got[0][1]


def test_module_constant_change_invalidates(tmp_path, isolated_cache):
    mod = tmp_path / "kmod.py"
    mod.write_text("import ascdsl as asc\nTILE = 8\n\n@asc.jit\ndef kernel(n: int):\n"
                   "    asc.printf('%d', n * TILE)\n")
    one, same = _twice(tmp_path, isolated_cache)
    assert same["from_disk"]
    mod.write_text(mod.read_text().replace("TILE = 8", "TILE = 16"))
    two = _compile_in_subprocess(tmp_path, isolated_cache)
    assert not two["from_disk"] and one["key"] != two["key"]
    assert "arith.constant 16 : i32" in two["ir"]


# --- compiled kernel outputs ------------------------------------------------------------------


def _dumps(root: Path) -> dict[str, Path]:
    return {d.name: d for d in sorted(root.iterdir())} if root.exists() else {}


def test_dump_path_writes_the_stages(tmp_path, monkeypatch):
    monkeypatch.setenv("ASCDSL_DUMP_PATH", str(tmp_path / "dump"))
    ck = scale_kernel.compile(np.zeros(4, np.float32), 4, 2, always_compile=True)
    (d,) = _dumps(tmp_path / "dump").values()
    assert d.name == f"scale_kernel-{ck.key[:12]}"
    codegen_ir = (d / "codegen.mlir").read_text()
    passes_ir = (d / "passes.mlir").read_text()
    assert "func.func @scale_kernel" in codegen_ir and passes_ir == ck.ir
    assert ck.codegen_ir == codegen_ir
    assert (d / "kernel.cpp").read_text() == ck.source and "scale_kernel" in ck.source


def test_dump_path_keeps_each_specialization_and_dumps_cache_hits(tmp_path, monkeypatch,
                                                                  isolated_cache):
    # Before: each specialization overwrote the last one's files, and a kernel taken from
    # the disk cache wrote nothing.
    x = np.zeros(4, np.float32)
    first = scale_kernel.compile(x, 4, 2)  # into the disk cache, no dump
    scale_kernel._cache.clear()
    monkeypatch.setenv("ASCDSL_DUMP_PATH", str(tmp_path / "dump"))
    again = scale_kernel.compile(x, 4, 2)  # on disk, yet dumped
    other = scale_kernel.compile(x, 4, 3)  # another ConstExpr value: another directory
    dumps = _dumps(tmp_path / "dump")
    assert sorted(dumps) == sorted(f"scale_kernel-{k.key[:12]}" for k in (first, other))
    assert again.key == first.key and not again.from_disk
    for ck in (again, other):
        d = dumps[f"scale_kernel-{ck.key[:12]}"]
        assert sorted(p.name for p in d.iterdir()) == ["codegen.mlir", "kernel.cpp",
                                                       "passes.mlir"]
        assert (d / "passes.mlir").read_text() == ck.ir
    texts = {(d / "codegen.mlir").read_text() for d in dumps.values()}
    assert len(texts) == 2  # factor 2 and factor 3 are two kernels


def test_source_is_the_ascend_c_target_output():
    ck = scale_kernel.compile(np.zeros(4, np.float32), 4, 2)
    try:
        from ascdsl.targets.ascendc import emit  # noqa: F401
    except ImportError:
        with pytest.raises(RuntimeError, match="Ascend C target"):
            ck.source
    else:
        assert "scale_kernel" in ck.source and "__global__" in ck.source


# --- launching ---------------------------------------------------------------------------------


class FakeExecutable:
    def __init__(self, module, name):
        self.module, self.name, self.launches = module, name, []

    def launch(self, core_num, args, stream=None, sanitize=None):
        self.launches.append((core_num, list(args), stream))
        return f"report({core_num})"


@pytest.fixture
def fake_runtime(monkeypatch):
    prepared = []

    def prepare(module, kernel_name, backend="sim", soc=None):
        exe = FakeExecutable(module, kernel_name)
        prepared.append(exe)
        return exe

    fake = types.ModuleType("ascdsl.runtime")
    fake.prepare = prepare
    monkeypatch.setitem(sys.modules, "ascdsl.runtime", fake)
    return prepared


def test_launch_goes_through_the_runtime_contract(fake_runtime):
    @asc.jit
    def k(x: asc.GlobalAddress, n: int, c: asc.ConstExpr[int]):
        asc.printf("%d", n + c)

    x = np.zeros(4, np.float32)
    assert k[8](x, 3, 1) == "report(8)"
    assert k[2, "stream-1"](x, 5, c=1) == "report(2)"
    (exe,) = fake_runtime  # prepared once for the specialization, reused
    funcs = [op for op in exe.module.body.block.ops if isinstance(op, FuncOp)]
    assert exe.name == "k" and [f.sym_name.data for f in funcs] == ["k"]
    assert exe.launches[0] == (8, [x, 3], None)
    assert exe.launches[1][0] == 2 and exe.launches[1][2] == "stream-1"
    assert exe.launches[1][1][1] == 5
    k[1](x, 3, 2)  # another ConstExpr value: another prepared kernel
    assert len(fake_runtime) == 2


def test_compiled_kernel_launch_checks_its_arguments(fake_runtime):
    ck = scale_kernel.compile(np.zeros(4, np.float32), 4, 2)
    assert ck[4](np.zeros(4, np.float32), 9) == "report(4)"
    with pytest.raises(TypeError, match="argument 'x' is float16\\*, but this kernel was compiled "
                                        "for float32\\*"):
        ck.launch(1, [np.zeros(4, np.float16), 1])
    with pytest.raises(TypeError, match="expected 2 runtime arguments"):
        ck.launch(1, [np.zeros(4, np.float32)])


def test_compilation_errors_at_launch_are_compilation_errors():
    @asc.jit
    def k(n: int):
        for i in range(n):
            break

    with pytest.raises(asc.CompilationError, match="'break' is not supported"):
        k[1](3)


def test_dump_tool_does_not_run_the_scripts_top_level_code(tmp_path):
    script = tmp_path / "script.py"
    script.write_text(textwrap.dedent('''\
        """A script with top-level code."""
        import numpy as np
        import ascdsl as asc

        N = 8
        print("TOP-LEVEL RAN")

        @asc.jit
        def k(x: asc.GlobalAddress, n: int):
            g = asc.GlobalTensor()
            g.set_global_buffer(x)
            g.set_value(0, g.get_value(1) * N)

        report = k[1](np.zeros(N, np.float32), N)
        for i in range(3):
            print("LOOP RAN")
        if __name__ == "__main__":
            print("MAIN RAN")
        '''))
    proc = subprocess.run([sys.executable, "-m", "ascdsl.frontend.dump", str(script), "k",
                           "f32*", "i32"], capture_output=True, text=True, timeout=300)
    assert proc.returncode == 0, proc.stderr
    assert "func.func @k(" in proc.stdout
    assert "arith.constant 8" in proc.stdout  # module constants are defined
    assert "RAN" not in proc.stdout + proc.stderr
