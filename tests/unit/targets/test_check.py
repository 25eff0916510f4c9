"""ascdsl.targets.ascendc.check: finding the headers, reading g++, and the user-facing
`ascdsl-opt --check` and `@jit(check=True)` (the kernels of the suite are checked in
test_real_headers.py)."""

from __future__ import annotations

import textwrap

import numpy as np
import pytest

import ascdsl as asc
from ascdsl.targets.ascendc.check import (
    CheckUnavailable,
    _parse,
    find_cxx,
    find_headers,
)
from ascdsl.tools.ascdsl_opt import main as opt
from real_headers import checker

AND_F32_L0 = """\
func.func @k(%x: memref<?xf32, 22>) attributes {ascendc.global} {
  %c64 = arith.constant 64 : i32
  %c1 = arith.constant 1 : i32
  %b = ascendc.tbuf : <veccalc>
  %t = ascendc.tbuf.get_tensor %b : !ascendc.tbuf<veccalc>, !ascendc.local_tensor<*xf32>
  %p = ascendc.construct !ascendc.binary_repeat_params() :
  ascendc.and_l0 %t, %t, %t, %c64, %c1, %p : !ascendc.local_tensor<*xf32>, !ascendc.local_tensor<*xf32>, !ascendc.local_tensor<*xf32>, i32, i32, !ascendc.binary_repeat_params
  return
}
"""


# --- finding headers and g++ -------------------------------------------------------------------


def _fake_tree(root, *files):
    for f in files:
        path = root / f
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text("#pragma once\n")
    return root


def test_finds_an_asc_devkit_checkout(tmp_path):
    root = _fake_tree(tmp_path / "devkit", "include/kernel_operator.h",
                      "include/basic_api/kernel_tpipe.h", "impl/basic_api/x.h")
    tree = find_headers(root)
    assert tree.root == root.resolve()
    assert root.resolve() / "include" / "basic_api" in tree.include_dirs
    assert root.resolve() / "impl" / "basic_api" in tree.include_dirs


def test_finds_the_headers_inside_a_cann_installation(tmp_path, monkeypatch):
    home = tmp_path / "latest"
    tikcfw = "compiler/tikcpp/tikcfw"
    _fake_tree(home, f"{tikcfw}/kernel_operator.h", f"{tikcfw}/impl/x.h",
               f"{tikcfw}/interface/y.h", "include/acl/acl.h")
    monkeypatch.delenv("ASCDSL_ASCENDC_HEADERS", raising=False)
    monkeypatch.setenv("ASCEND_HOME_PATH", str(home))
    tree = find_headers()
    assert tree.root == (home / tikcfw).resolve()
    assert tree.origin.startswith("$ASCEND_HOME_PATH")
    assert (home / tikcfw / "interface").resolve() in tree.include_dirs


def test_no_headers_says_what_to_set(tmp_path, monkeypatch):
    monkeypatch.delenv("ASCDSL_ASCENDC_HEADERS", raising=False)
    monkeypatch.delenv("ASCEND_HOME_PATH", raising=False)
    with pytest.raises(CheckUnavailable, match="set ASCEND_HOME_PATH to a CANN installation"):
        find_headers()
    with pytest.raises(CheckUnavailable, match="kernel_operator.h was not found"):
        find_headers(tmp_path)


def test_a_missing_compiler_is_named(monkeypatch):
    monkeypatch.setenv("ASCDSL_CXX", "/no/such/g++")
    with pytest.raises(CheckUnavailable, match="'/no/such/g[+][+]' .ASCDSL_CXX. is not an executable"):
        find_cxx()


# --- reading g++ -------------------------------------------------------------------------------


def test_errors_are_attributed_to_the_kernel_line_that_caused_them(tmp_path):
    tree = tmp_path / "hdr"
    k0, k1 = "/tmp/b/k0_a.cpp", "/tmp/b/k1_b.cpp"
    stderr = textwrap.dedent(f"""\
        In file included from /tmp/b/unit.cpp:4:
        {k0}: In function ‘void f()’:
        {k0}:3:5: error: ‘Foo’ is not a member of ‘AscendC’
            3 |   AscendC::Foo();
              |     ^~~
        {tree}/impl/x.h: In instantiation of ‘void AscendC::And(T) [with T = float]’:
        {tree}/impl/y.h:9:3:   required from ‘void AscendC::Api(T)’
        {k1}:7:25:   required from here
        {tree}/impl/x.h:391:42: error: static assertion failed: Failed to check dtype in And
        {tree}/impl/x.h:391:42: note: ‘AscendC::SupportType<float, short int>()’ evaluates to false
        {tree}/impl/z.h:12:7: error: ‘copy_foo’ was not declared in this scope
        """)
    errors, fatal, missing = _parse(stderr, {k0: "a.cpp", k1: "b.cpp"}, tree)
    (a,) = errors["a.cpp"]
    assert (a.line, a.col, a.message) == (3, 5, "‘Foo’ is not a member of ‘AscendC’")
    (b,) = errors["b.cpp"]
    assert (b.line, b.col) == (7, 25)
    assert b.message == "static assertion failed: Failed to check dtype in And"
    assert "evaluates to false" in b.text
    assert fatal is None
    assert missing == {"copy_foo"}  # an intrinsic the stubs lack, not the kernel's error


# --- ascdsl-opt --check -------------------------------------------------------------------------


def test_opt_check_locates_a_rejected_op_at_its_ir_line(tmp_path, capsys):
    c = checker()
    src = tmp_path / "and.mlir"
    src.write_text(AND_F32_L0)
    out = tmp_path / "and.cpp"
    status = opt([str(src), "-t", "ascendc", "--check", "--ascendc-headers",
                  str(c.headers.root), "-o", str(out)])
    err = capsys.readouterr().err
    assert status == 1
    assert err.startswith(f"{src}:7:3: error: 'ascendc.and_l0' op the Ascend C headers reject "
                          "the printed C++ in `AscendC::And<float, 0>("), err
    assert "Failed to check dtype in And, current api support dtype combination is src and " \
           "dst both: int16_t / uint16_t" in err
    assert "note: g++ (and.cpp:7)" in err
    assert not out.exists()  # a rejected kernel is not written


def test_opt_check_passes_a_good_kernel(tmp_path, capsys):
    c = checker()
    src = tmp_path / "and16.mlir"
    src.write_text(AND_F32_L0.replace("xf32>", "xi16>").replace("xf32, 22", "xi16, 22"))
    status = opt([str(src), "-t", "ascendc", "--check", "--ascendc-headers", str(c.headers.root)])
    captured = capsys.readouterr()
    assert status == 0, captured.err
    assert "AscendC::And<int16_t, 0>(" in captured.out


def test_opt_check_usage_errors(tmp_path, monkeypatch, capsys):
    src = tmp_path / "k.mlir"
    src.write_text(AND_F32_L0)
    assert opt([str(src), "--check"]) == 2
    assert "--check type-checks Ascend C: use it with -t ascendc" in capsys.readouterr().err
    monkeypatch.delenv("ASCDSL_ASCENDC_HEADERS", raising=False)
    monkeypatch.delenv("ASCEND_HOME_PATH", raising=False)
    assert opt([str(src), "-t", "ascendc", "--check"]) == 2
    assert "ascdsl-opt: error: --check: no Ascend C headers: set ASCEND_HOME_PATH" in \
        capsys.readouterr().err
    assert opt([str(src), "-t", "ascendc", "-I", "x"]) == 2
    assert "--ascendc-headers and -I are options of --check" in capsys.readouterr().err


# --- @jit(check=True) ---------------------------------------------------------------------------


@asc.jit(check=True)
def bitwise_f32(x: asc.GlobalAddress, n: int):
    pipe = asc.TPipe()
    buf = asc.TBuf(asc.TPosition.VECCALC)
    pipe.init_buffer(buf, 1024)
    t = buf.get(asc.float32)
    asc.bitwise_and(t, t, t, 64, 1, asc.BinaryRepeatParams())  # REJECTED


def test_jit_check_is_a_compilation_error_at_the_kernel_line(monkeypatch):
    c = checker()
    monkeypatch.setenv("ASCDSL_ASCENDC_HEADERS", str(c.headers.root))
    with pytest.raises(asc.CompilationError) as info:
        bitwise_f32.compile(asc.MockTensor(asc.float32), asc.MockValue(asc.int32),
                            always_compile=True)
    err = info.value
    assert err.location.file == __file__
    assert "# REJECTED" in open(__file__).read().splitlines()[err.location.line - 1]
    assert "Failed to check dtype in And" in err.message


def test_jit_check_passes_a_good_kernel(monkeypatch):
    c = checker()
    monkeypatch.setenv("ASCDSL_ASCENDC_HEADERS", str(c.headers.root))

    @asc.jit(check=True)
    def copy(x: asc.GlobalAddress, n: int):
        g = asc.GlobalTensor()
        g.set_global_buffer(x)
        g.set_value(0, g.get_value(1))

    x = np.arange(8, dtype=np.int32)
    copy[1](x, 8)
    assert x[0] == 1
