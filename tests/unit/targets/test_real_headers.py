"""Every Ascend C kernel the test suite emits passes g++ against Huawei's real headers.

Kernels, by where they come from:
- lit: each RUN line of tests/filecheck/targets that prints `-t ascendc` (same flags, plus
  --ascendc-compilable), and the
  frontend lit tests that print `--source`;
- transforms: each input chunk of tests/filecheck/transforms after `--ascdsl-default`
  (chunks that expect diagnostics or use the `test` dialect are not kernels);
- ir-examples: examples/ir/*.mlir (through the default pipeline and boilerplate);
- ops: one sample of every op of the dialect (ascendc_op_samples.py);
- tests: the real kernels unit tests print (test_ascendc_target's KERNEL, the JIT pipeline's);
- examples: every kernel.cpp the Python examples dump when run (ASCDSL_DUMP_PATH).

All are checked in one g++ run (ascdsl.targets.ascendc.check batches them), once per session.
Printer tests that declare their own test-only ops (AscendC::TestCrossCoreSync) print no real
API and are not kernels here.
"""

from __future__ import annotations

import contextlib
import io
import os
import shlex
import subprocess
import sys
import tempfile
from pathlib import Path

import pytest

from real_headers import ROOT, checker, report

TARGET_TESTS = ROOT / "tests" / "filecheck" / "targets"
FRONTEND_TESTS = ROOT / "tests" / "filecheck" / "frontend"
TRANSFORM_TESTS = ROOT / "tests" / "filecheck" / "transforms"
EXAMPLES = ROOT / "examples"
SPLIT = "// -----"


def _opt(argv: list[str]) -> tuple[int, str, str]:
    """ascdsl-opt in-process: (status, output text, stderr)."""
    from ascdsl.tools.ascdsl_opt import main

    with tempfile.TemporaryDirectory(prefix="ascdsl-opt-") as tmp:
        out = Path(tmp) / "out.cpp"
        err = io.StringIO()
        with contextlib.redirect_stderr(err):
            status = main([*argv, "-o", str(out)])
        text = out.read_text() if out.exists() else ""
    return status, text, err.getvalue()


def _run_lines(path: Path, tool: str) -> list[list[str]]:
    runs = []
    for line in path.read_text().splitlines():
        if line.startswith(("// RUN:", "# RUN:")):
            argv = shlex.split(line.split("RUN:", 1)[1].split("|")[0])
            if argv and argv[0] == tool:
                runs.append([str(path) if a == "%s" else a for a in argv[1:]])
    return runs


def lit_kernels() -> dict[str, str]:
    kernels = {}
    for path in sorted(TARGET_TESTS.glob("*.mlir")):
        if any("--ascendc-compilable" in argv for argv in _run_lines(path, "not")):
            # the test shows the compilable source refused (header-refusals.mlir): nothing
            # of it reaches the compiler
            continue
        for j, argv in enumerate(_run_lines(path, "ascdsl-opt")):
            if "--verify-diagnostics" in argv or "-t" not in argv:
                continue
            if argv[argv.index("-t") + 1] != "ascendc":
                continue
            # As the compile paths print it: pyasc's mask-array redeclarations (what
            # `-t ascendc` prints by default) do not compile.
            status, text, err = _opt([*argv, "--ascendc-compilable"])
            assert status == 0, f"ascdsl-opt {' '.join(argv)} failed:\n{err}"
            for i, chunk in enumerate(text.split(f"\n{SPLIT}\n")):
                kernels[f"{path.name} RUN {j} #{i}"] = chunk
    from ascdsl.frontend.dump import main as dump

    for path in sorted(FRONTEND_TESTS.glob("*.py")):
        for j, argv in enumerate(_run_lines(path, "%python")):
            if argv[:2] != ["-m", "ascdsl.frontend.dump"] or "--source" not in argv:
                continue
            out = io.StringIO()
            with contextlib.redirect_stdout(out):
                assert dump(argv[2:]) == 0, argv
            kernels[f"{path.name} RUN {j}"] = out.getvalue()
    return kernels


def _chunks(path: Path) -> list[tuple[int, str]]:
    chunks, start, current = [], 0, []
    for i, line in enumerate(path.read_text().split("\n")):
        if line.strip() == SPLIT:
            chunks.append((start, "\n".join(current)))
            start, current = i + 1, []
        else:
            current.append(line)
    chunks.append((start, "\n".join(current)))
    return [(o, t) for o, t in chunks
            if "func.func" in t and "expected-" not in t and '"test.' not in t
            and not _takes_tiles(t)]


def _takes_tiles(text: str) -> bool:
    """A function taking asc tiles or tensors is a fragment for a pass, not a kernel."""
    return any(line.lstrip().startswith("func.func") and "!asc." in line
               for line in text.split("\n"))


def transform_kernels() -> dict[str, str]:
    from ascdsl.context import make_context
    from ascdsl.diagnostics import parse_module, verify_module
    from ascdsl.targets.ascendc import emit
    from ascdsl.transforms.ascdsl_default import AscdslDefaultPass
    from ascdsl.transforms.lower_asc import LowerAscPass

    kernels = {}
    for path in sorted(p for p in TRANSFORM_TESTS.rglob("*.mlir") if "Output" not in p.parts):
        for offset, text in _chunks(path):
            ctx = make_context()
            module = parse_module(ctx, text, str(path), offset)
            verify_module(module)
            if "asc.tensor" in text:  # a tile kernel: lowered to ascendc first
                LowerAscPass().apply(ctx, module)
            AscdslDefaultPass().apply(ctx, module)
            verify_module(module)
            kernels[f"{path.name}:{offset + 1}"] = emit(module)
    return kernels


def ir_example_kernels() -> dict[str, str]:
    kernels = {}
    for path in sorted((EXAMPLES / "ir").glob("*.mlir")):
        text = path.read_text()
        passes = ["--ascdsl-default"] if "local_tensor_auto" in text else []
        if "asc.tensor" in text:  # a tile kernel: lowered to ascendc, then the default pipeline
            passes = ["--lower-asc", "--ascdsl-default"]
        status, text, err = _opt([str(path), *passes, "--generate-boilerplate", "-t", "ascendc",
                                  "--ascendc-compilable"])
        assert status == 0, err
        assert text.startswith('#include "kernel_operator.h"\n')
        kernels[path.name] = text
    return kernels


def op_kernels() -> dict[str, str]:
    from xdsl.dialects.builtin import ModuleOp

    from ascdsl.diagnostics import verify_module
    from ascdsl.dialects.ascendc import ALL_OPS, LocalTensorAutoOp
    from ascdsl.targets.ascendc import emit
    from ascendc_op_samples import sample_function

    kernels = {}
    for i, cls in enumerate(c for c in ALL_OPS if c is not LocalTensorAutoOp):
        module = ModuleOp([sample_function(cls, i)])
        verify_module(module)
        text = emit(module)
        if getattr(getattr(cls, "CPP", None), "header", None) == "lib/matmul_intf.h":
            text = _MATMUL_H + "\n" + text  # what generate-boilerplate adds for them
        kernels[cls.name] = text
    return kernels


def unit_test_kernels() -> dict[str, str]:
    from ascdsl.context import make_context
    from ascdsl.diagnostics import parse_module
    from ascdsl.targets.ascendc import emit
    from ascdsl.transforms.pipeline import jit_pipeline

    import test_ascendc_target

    sys.path.insert(0, str(ROOT / "tests" / "unit" / "transforms"))
    import test_pipeline

    kernels = {"test_ascendc_target.KERNEL": emit(test_ascendc_target.parse(
        test_ascendc_target.KERNEL))}
    ctx = make_context()
    module = parse_module(ctx, test_pipeline.KERNEL, "<k>")
    for p in jit_pipeline(True):
        p.apply(ctx, module)
    kernels["test_pipeline.KERNEL"] = emit(module)
    return kernels


def example_kernels(tmp: Path) -> tuple[dict[str, str], list[str]]:
    """Kernels the Python examples dump when run, and problems running them."""
    kernels, problems = {}, []
    scripts = sorted(EXAMPLES.glob("*/*.py"))
    assert scripts, "no examples/*/*.py"
    for script in scripts:
        dump = tmp / script.parent.name / script.stem
        dump.mkdir(parents=True)
        # A fresh cache: a kernel found in the cache is not compiled, hence not dumped.
        env = dict(os.environ, ASCDSL_DUMP_PATH=str(dump), ASCDSL_CACHE_DIR=str(dump / "cache"))
        proc = subprocess.run([sys.executable, str(script)], cwd=script.parent, env=env,
                              capture_output=True, text=True, timeout=600)
        found = sorted(dump.rglob("kernel.cpp"))
        if not found:
            problems.append(f"{script.relative_to(ROOT)} dumped no kernel.cpp (exit "
                            f"{proc.returncode}):\n{proc.stdout}\n{proc.stderr}")
        for cpp in found:
            kernels[f"{script.name}:{cpp.parent.relative_to(dump)}"] = cpp.read_text()
    return kernels, problems


from ascdsl.dialects.ascendc import MATMUL_OPS  # noqa: E402

_MATMUL_H = '#include "lib/matmul_intf.h"'

CATEGORIES = ("lit", "transforms", "ir-examples", "ops", "tests", "examples")


@pytest.fixture(scope="module")
def checked(tmp_path_factory):
    """{category: {kernel name: (source, errors)}}, all checked in one g++ run."""
    c = checker()
    by_category = {
        "lit": lit_kernels(),
        "transforms": transform_kernels(),
        "ir-examples": ir_example_kernels(),
        "ops": op_kernels(),
        "tests": unit_test_kernels(),
    }
    by_category["examples"], problems = example_kernels(tmp_path_factory.mktemp("dumps"))
    sources = {f"{cat}/{name}": src for cat, ks in by_category.items() for name, src in ks.items()}
    include = [str(TARGET_TESTS / "Inputs"),  # the user header includes.mlir names
               # the C++ of the ascx extension's ops (examples/extension/kernel.py uses them)
               str(EXAMPLES / "extension" / "ascx_example" / "include")]
    # Matmul API code includes lib/matmul_intf.h, which is not in the checker's precompiled
    # prelude: in the batch it would land inside each kernel's namespace, so those kernels are
    # checked on their own as cube code (the op samples of the API together, in one file).
    solo = {n: sources.pop(n) for n in [n for n, t in sources.items() if _MATMUL_H in t]}
    mm_known = {f"ops/{name}" for cat, name in KNOWN_REJECTED
                if cat == "ops" and name.startswith(("ascendc.get_matmul", "ascendc.kfc"))}
    mm_ops = sorted(n for n in solo if n.startswith("ops/") and n not in mm_known)
    errors = c.check_sources(sources, include_dirs=include)
    if mm_ops:
        joined = _MATMUL_H + "\n" + "\n".join(solo[n].replace(_MATMUL_H, "") for n in mm_ops)
        errs = c.check_source(joined, "matmul_ops.cpp", cube=True)
        errors.update({n: errs for n in mm_ops})
    for n in solo:
        if n not in mm_ops:
            errors[n] = c.check_source(solo[n], n.replace("/", "_"), cube=True)
    sources.update(solo)
    out = {cat: {name: (src, errors[f"{cat}/{name}"]) for name, src in ks.items()}
           for cat, ks in by_category.items()}
    out["_problems"] = problems
    return out


MINIMUM = {"lit": 24, "transforms": 10, "ir-examples": 2, "ops": 130, "tests": 2, "examples": 2}
# Kernels the real headers reject because ascdsl prints them as pyasc does, and pyasc's C++ is
# wrong; (category, name) -> what g++ says. test_known_rejections holds each to its reason.
KNOWN_REJECTED = {
    # pyasc's cumsum passes CumSumConfig's flags where Ascend C takes CumSumInfo{outter, inner}
    ("ops", "ascendc.cumsum"): "no matching function for call to ‘AscendC::CumSumInfo::",
    ("lit", "adv-cumsum.mlir RUN 0 #0"): "no matching function for call to ‘AscendC::CumSumInfo::",
    # pyasc spells the templated parameter structs without their element type (mm.mlir's
    # `AscendC::LoadData3DParamsV2 v7` parameters); only a braced declaration deduces it
    ("ops", "ascendc.load_data_3d_l0_v1"): "class template placeholder ‘AscendC::LoadData3DParamsV1’",
    ("ops", "ascendc.load_data_3d_l0_v2"): "class template placeholder ‘AscendC::LoadData3DParamsV2’",
    ("ops", "ascendc.init_const_value"): "class template placeholder ‘AscendC::InitConstValueParams’",
    # MatmulConfig is declared by the Matmul API's header (lib/matmul_intf.h), which kernels
    # using the API include; generate-boilerplate adds an op's header, not yet a type's. With
    # the header the same text passes (tests/unit/dialects/test_matmul_config.py).
    ("lit", "matmul-config.mlir RUN 0 #0"): "‘MatmulConfig’ was not declared in this scope",
    # pyasc's !ascendc.tensor_desc has no element type: a TensorDesc<T> function parameter is
    # spelled `AscendC::TensorDesc v` (a local variable deduces T; test_api10_headers.py)
    **{("ops", f"ascendc.{n}"): "class template placeholder ‘AscendC::TensorDesc’"
       for n in ("list_tensor_desc_get_desc", "tensor_desc_set_shape_addr",
                 "tensor_desc_get_dim", "tensor_desc_get_index", "tensor_desc_get_shape",
                 "tensor_desc_get_data_ptr", "tensor_desc_get_data_obj")},
    ("lit", "matmul-api.mlir RUN 1 #0"): "‘MatmulConfig’ does not name a type",
    # pyasc prints GetMatmulApiTiling unqualified (the lit test's CHECK line); the headers
    # declare it in AscendC::
    ("ops", "ascendc.get_matmul_api_tiling"): "‘GetMatmulApiTiling’ was not declared in this scope",
    # pyasc spells the KfcServer parameter `AscendC::KfcServer v1`; the headers' KfcServer is a
    # class template
    **{("ops", f"ascendc.kfc_server.{m}"): "class template placeholder ‘AscendC::KfcServer’"
       for m in ("init", "init_obj", "is_run", "run", "quit")},
    # pyasc spells a Matmul object parameter with its configuration in front
    # (`constexpr static MatmulConfig CFG{...};matmul::Matmul<..., CFG> v1`, its matmul.mlir),
    # which a parameter list does not allow; kernels construct the object, and that passes
    # (test_matmul_headers.py: examples/03_matmul and the Matmul lit test)
    **{("ops", c.name): "storage class specified for parameter ‘CFG’"
       for c in MATMUL_OPS if c.name.startswith(("ascendc.matmul.", "ascendc.regist_"))},
}


@pytest.mark.parametrize("category", CATEGORIES)
def test_emitted_kernels_pass_the_real_headers(checked, category):
    kernels = checked[category]
    assert len(kernels) >= MINIMUM[category], f"only {len(kernels)} {category} kernels found"
    failures = [report(name, src, errs) for name, (src, errs) in kernels.items()
                if errs and (category, name) not in KNOWN_REJECTED]
    assert not failures, "\n\n".join(failures)
    if category == "examples":
        assert not checked["_problems"], "\n\n".join(checked["_problems"])


def test_the_check_can_fail(checked):
    """The same checker rejects what the real API rejects (an element type the L0 form of And
    does not take), so a passing suite is not an unchecked one."""
    bad = checked["ops"]["ascendc.and_l0"][0].replace("int16_t", "float")
    errors = checker().check_source(bad, "and_f32.cpp")
    assert any("Failed to check dtype in And" in e.message for e in errors), errors


@pytest.mark.parametrize("key", list(KNOWN_REJECTED), ids=lambda k: "/".join(k))
def test_known_rejections(checked, key):
    category, name = key
    src, errors = checked[category][name]
    assert any(KNOWN_REJECTED[key] in e.text for e in errors), report(name, src, errors)
