"""Loading extensions: --load-extension, entry points, located failures, the registries."""

from __future__ import annotations

import os
import subprocess
import sys
import textwrap
from pathlib import Path

import pytest
from ext_helpers import EXAMPLE, ROOT, subprocess_env

from ascdsl.extension import ExtensionError, ExtensionLoadError, load_extension, registry

IR = 'func.func @f() {\n  %c = arith.constant 1 : i32\n  %d = arith.addi %c, %c : i32\n' \
     '  "test.op"(%d) : (i32) -> ()\n  func.return\n}\n'


def _opt(*args: str, env=None) -> subprocess.CompletedProcess:
    return subprocess.run([sys.executable, "-m", "ascdsl.tools.ascdsl_opt", *args],
                          capture_output=True, text=True, env=env or subprocess_env(EXAMPLE),
                          cwd=ROOT)


def test_a_broken_file_is_one_located_line_and_the_builtin_passes_still_run(tmp_path, capsys):
    from ascdsl.tools.ascdsl_opt import main

    bad = tmp_path / "bad_ext.py"
    bad.write_text("from ascdsl.extension import register_pass\n\ndef broken(:\n    pass\n")
    ir = tmp_path / "k.mlir"
    ir.write_text(IR)
    status = main(["--load-extension", str(bad), str(ir), "--canonicalize"])
    captured = capsys.readouterr()
    assert status == 1
    lines = captured.err.strip().splitlines()
    assert lines == [f"{bad}:3:12: error: extension 'bad_ext' (file {bad}) failed to load: "
                     "SyntaxError: invalid syntax"]
    assert "arith.constant 2 : i32" in captured.out  # canonicalize folded 1 + 1


def test_a_failure_inside_the_extension_points_at_its_line_and_is_rolled_back(
        tmp_path, capsys, isolated_registry):
    from ascdsl.context import DIALECTS

    bad = tmp_path / "clash_ext.py"
    bad.write_text(textwrap.dedent("""\
        from dataclasses import dataclass
        from ascdsl.extension import Dialect, ModulePass, register_dialect, register_pass

        register_dialect(Dialect("clashx", []))


        @register_pass
        @dataclass(frozen=True)
        class Canonicalize(ModulePass):
            name = "canonicalize"

            def apply(self, ctx, op):
                pass
        """))
    with pytest.raises(ExtensionLoadError) as info:
        load_extension(str(bad))
    assert str(info.value).startswith(f"{bad}:7:2: error: extension 'clash_ext' (file {bad}) "
                                      "failed to load: ExtensionError: pass 'canonicalize' of "
                                      "extension clash_ext clashes with a pass of ascdsl or xDSL")
    assert "clashx" not in DIALECTS  # what it registered before failing is gone


def test_a_missing_file_and_an_unknown_module(tmp_path):
    with pytest.raises(ExtensionLoadError, match="no such file"):
        load_extension(str(tmp_path / "nowhere.py"))
    with pytest.raises(ExtensionLoadError) as info:
        load_extension("no_such_extension_module")
    assert "ModuleNotFoundError: No module named 'no_such_extension_module'" in str(info.value)


def test_a_file_that_is_not_python(tmp_path):
    # Was "error: extension 'notes' (file notes.txt) failed to load: AssertionError: (no
    # message)": Python's import machinery has no loader for a .txt file.
    notes = tmp_path / "notes.txt"
    notes.write_text("x = 1\n")
    with pytest.raises(ExtensionLoadError) as info:
        load_extension(str(notes))
    assert str(info.value) == (f"error: extension '{notes}': not a Python file (an extension "
                               "is a .py file or an importable module)")


def test_list_passes_and_show_dialects_say_where_things_come_from():
    # Installed extensions off, so the listing names the one loaded here and only it.
    env = subprocess_env(EXAMPLE, ASCDSL_NO_EXTENSIONS="1")
    out = _opt("--load-extension", "ascx_example", "--list-passes", env=env).stdout
    assert "  fuse-relu-muls (from extension ascx_example)" in out
    assert "  lower-ascx (from extension ascx_example)" in out
    assert "  insert-que-sync\n" in out
    out = _opt("--load-extension", "ascx_example", "-show-dialects", env=env).stdout
    assert "ascx (from extension ascx_example)" in out and "ascendc, " in out


def _fake_install(site: Path, value: str, dist: str = "ascdsl_ext_fake") -> None:
    """What `pip install` leaves for importlib.metadata: a dist-info with the entry point."""
    info = site / f"{dist}-0.1.dist-info"
    info.mkdir(parents=True)
    (info / "METADATA").write_text(f"Metadata-Version: 2.1\nName: {dist}\nVersion: 0.1\n")
    (info / "entry_points.txt").write_text(f"[ascdsl.extensions]\nascx = {value}\n")


def test_entry_points_load_by_themselves(tmp_path):
    _fake_install(tmp_path, "ascx_example")
    env = subprocess_env(tmp_path, EXAMPLE)
    out = _opt("--list-passes", env=env).stdout
    assert "  fuse-relu-muls (from extension ascx)" in out
    text = (EXAMPLE / "tests" / "lit" / "Inputs" / "relu_muls.mlir").read_text()
    run = subprocess.run([sys.executable, "-m", "ascdsl.tools.ascdsl_opt", "-", "--fuse-relu-muls"],
                         input=text, capture_output=True, text=True, env=env, cwd=ROOT)
    assert run.returncode == 0, run.stderr
    assert "ascx.scaled_relu_l2" in run.stdout
    off = _opt("--list-passes", env=subprocess_env(tmp_path, EXAMPLE, ASCDSL_NO_EXTENSIONS="1"))
    assert "fuse-relu-muls" not in off.stdout


def test_a_broken_entry_point_is_a_warning(tmp_path):
    _fake_install(tmp_path, "no_such_module_x", dist="ascdsl_ext_broken")
    run = _opt("--list-passes", env=subprocess_env(tmp_path))
    assert run.returncode == 0
    assert run.stderr.strip().splitlines() == [
        "warning: extension 'ascx' (entry point of ascdsl_ext_broken 0.1) failed to load: "
        "ModuleNotFoundError: No module named 'no_such_module_x'"]
    assert "insert-que-sync" in run.stdout


def test_the_jit_finds_an_installed_extension(tmp_path):
    _fake_install(tmp_path, "ascx_example")
    script = tmp_path / "k.py"
    # No import of the extension: the JIT loads the entry point, `asc.ext` finds the function.
    script.write_text(textwrap.dedent("""\
        import numpy as np
        import ascdsl as asc

        @asc.jit(insert_sync=True)
        def k(x: asc.GlobalAddress, y: asc.GlobalAddress):
            gx = asc.GlobalTensor()
            gy = asc.GlobalTensor()
            gx.set_global_buffer(x)
            gy.set_global_buffer(y)
            pipe = asc.TPipe()
            qi = asc.TQue(asc.TPosition.VECIN, 1)
            qo = asc.TQue(asc.TPosition.VECOUT, 1)
            pipe.init_buffer(qi, 1, 512)
            pipe.init_buffer(qo, 1, 512)
            a = qi.alloc_tensor(x.dtype)
            b = qo.alloc_tensor(x.dtype)
            asc.data_copy(a, gx, 128)
            asc.ext.clamp(b, a, -1.0, 1.0, 128)
            asc.data_copy(gy, b, 128)
            qi.free_tensor(a)
            qo.free_tensor(b)

        x = np.linspace(-3, 3, 128, dtype=np.float32)
        y = np.zeros_like(x)
        k[1](x, y)
        assert np.array_equal(y, np.clip(x, -1, 1)), y
        print("ok", "ascendc.mins_l2" in k.compile(x, y).ir)
        """))
    run = subprocess.run([sys.executable, str(script)], capture_output=True, text=True,
                         env=subprocess_env(tmp_path, EXAMPLE, ASCDSL_CACHE_DIR=str(tmp_path)))
    assert run.returncode == 0, run.stderr
    assert run.stdout.strip() == "ok True"


def test_ascdsl_sim_loads_extensions():
    ir = EXAMPLE / "tests" / "lit" / "Inputs" / "relu_muls.mlir"
    run = subprocess.run(
        [sys.executable, "-m", "ascdsl.tools.ascdsl_sim", "--load-extension", "ascx_example",
         str(ir), "-p", "fuse-relu-muls,ascdsl-default", "--arg", "x=f32[512]:randn",
         "--arg", "y=f32[512]", "--arg", "n=512", "--arg", "s=3", "--expect",
         "y = maximum(x, 0) * 3", "--quiet"],
        capture_output=True, text=True, env=subprocess_env(EXAMPLE), cwd=ROOT)
    assert run.returncode == 0, run.stderr
    broken = subprocess.run(
        [sys.executable, "-m", "ascdsl.tools.ascdsl_sim", "--load-extension", "no_such_mod_y",
         str(ROOT / "examples" / "ir" / "vadd_auto.mlir"), "-p", "ascdsl-default", "--arg",
         "x=f32[512]:rand", "--arg", "y=f32[512]:rand", "--arg", "z=f32[512]", "--arg",
         "n=512", "--expect", "z = x + y", "--quiet"],
        capture_output=True, text=True, env=subprocess_env(), cwd=ROOT)
    # The built-in run still happens (its check passes); the failed extension sets status 1.
    assert broken.returncode == 1
    assert broken.stderr.startswith("error: extension 'no_such_mod_y' (module no_such_mod_y) "
                                    "failed to load: ModuleNotFoundError")
    assert "check failed" not in broken.stderr


# --- the registries ---------------------------------------------------------------------------


def test_registering_the_same_thing_twice_is_once(isolated_registry):
    from ascdsl.extension import Dialect, register_dialect

    d = Dialect("twicex", [])
    assert register_dialect(d) is d and register_dialect(d) is d
    assert [r.name for r in registry.RECORDS].count("twicex") == 1
    with pytest.raises(ExtensionError, match="dialect 'twicex' of module .* is already "
                                             "registered by module"):
        register_dialect(Dialect("twicex", []))
    with pytest.raises(ExtensionError, match="clashes with ascdsl's dialect 'ascendc'"):
        register_dialect(Dialect("ascendc", []))


def test_facts_are_checked_where_the_op_is_declared(isolated_registry):
    from ascdsl.dialects.ascendc import ReluL2Op
    from ascdsl.extension import (
        Cpp,
        UnaryL2Base,
        asc_op,
        register_ascendc_rule,
        register_lowering,
    )

    with pytest.raises(ExtensionError, match=r"writes=\['out'\] names no operand"):
        @asc_op(writes=("out",))
        class BadOp(UnaryL2Base):
            name = "badx.op"
    with pytest.raises(ExtensionError, match="not in ascdsl's 'ascendc'"):
        @asc_op(cpp=Cpp("Foo"))
        class SquatterOp(UnaryL2Base):
            name = "ascendc.foo_l2"
    with pytest.raises(ExtensionError, match="cost of 'Relu'.*already give 'Relu' a cost"):
        @asc_op(cpp=Cpp("Relu"), formula="a", cost=3.0)
        class ReluAgainOp(UnaryL2Base):
            name = "costx.relu_l2"
    with pytest.raises(ExtensionError, match="do not replace ascdsl's"):
        register_lowering(ReluL2Op)(lambda op, cx: None)
    with pytest.raises(ExtensionError, match="do not replace ascdsl's"):
        register_ascendc_rule(ReluL2Op)(lambda em, op: None)


def test_the_fixtures_leave_nothing_behind():
    from ascdsl.context import DIALECTS
    from ascdsl.transforms import PASSES

    assert "ascx" not in DIALECTS and "fuse-relu-muls" not in PASSES
    assert not registry.JIT_PASSES


def test_a_target_from_a_file(tmp_path):
    ext = tmp_path / "count_target.py"
    ext.write_text(textwrap.dedent("""\
        from collections import Counter
        from ascdsl.extension import register_target


        def emit(module, stream):
            counts = Counter(op.name for op in module.walk())
            stream.write("".join(f"{n} {c}\\n" for n, c in sorted(counts.items())))


        register_target("op-count", emit)
        """))
    src = tmp_path / "k.mlir"
    src.write_text(IR)
    run = _opt("--load-extension", str(ext), str(src), "-t", "op-count")
    assert run.returncode == 0, run.stderr
    assert run.stdout.splitlines() == ["arith.addi 1", "arith.constant 1", "builtin.module 1",
                                       "func.func 1", "func.return 1", "test.op 1"]
    run = _opt(str(src), "-t", "op-count")
    assert run.returncode == 2 and "unknown target 'op-count'" in run.stderr


def _installed_example() -> bool:
    import importlib.metadata as md
    try:
        md.distribution("ascdsl-ext-example")
    except md.PackageNotFoundError:
        return False
    return True


@pytest.mark.skipif(not _installed_example(),
                    reason="examples/extension is not pip-installed in this environment (the "
                           "README's test command installs it)")
def test_the_pip_installed_example_is_found_by_its_entry_point(tmp_path):
    # No PYTHONPATH to the example: only what pip installed can make the tools find it.
    env = dict(os.environ)
    env.pop("ASCDSL_NO_EXTENSIONS", None)
    env["PYTHONPATH"] = str(ROOT)
    out = _opt("--list-passes", env=env)
    assert out.returncode == 0, out.stderr
    assert "  fuse-relu-muls (from extension ascx)" in out.stdout
    assert "  lower-ascx (from extension ascx)" in out.stdout
    src = EXAMPLE / "tests" / "lit" / "Inputs" / "relu_muls.mlir"
    fused = _opt(str(src), "--fuse-relu-muls", env=env)
    assert fused.returncode == 0, fused.stderr
    assert "ascx.scaled_relu_l2" in fused.stdout
