"""Kernels using the framework extras (TBufPool, queue queries) type-check against the real
Ascend C headers, as ascdsl prints them."""

from __future__ import annotations

import sys

import numpy as np

from real_headers import ROOT, checker, report


def test_buffer_pool_kernel_passes_the_real_headers():
    sys.path.insert(0, str(ROOT / "tests" / "unit" / "sim"))
    import test_bufpool as k

    n = k.N
    source = k._two_stages.compile(
        np.zeros(n, np.float32), np.zeros(n, np.float32), np.zeros(n, np.float32),
        np.zeros(8, np.int64), always_compile=True,
    ).source
    assert "InitBufPool(" in source and "GetTensorCountInQue()" in source
    errors = checker().check_source(source, "bufpool.cpp")
    assert not errors, report("bufpool.cpp", source, errors)


def test_list_tensor_kernel_passes_the_real_headers():
    import ascdsl as asc

    @asc.jit
    def list_kernel(x: asc.GlobalAddress, out: asc.GlobalAddress):
        descs = asc.ListTensorDesc(data=x, length=0xFFFFFFFF, shape_size=0xFFFFFFFF)
        d = asc.TensorDesc(asc.float32)
        descs.get_desc(d, 0)
        g = d.get_data_obj()
        o = asc.GlobalTensor()
        o.set_global_buffer(out)
        o.set_value(0, g.get_value(0) + d.get_shape(0) + descs.get_size())

    ck = list_kernel.compile(np.zeros(64, np.uint8), np.zeros(4, np.float32),
                             always_compile=True)
    source = ck.source
    assert '#include "kernel_operator_list_tensor_intf.h"' in source
    assert "AscendC::TensorDesc v" in source and "= AscendC::TensorDesc<float>();" in source
    errors = checker().check_source(source, "list_tensor.cpp")
    assert not errors, report("list_tensor.cpp", source, errors)


def test_trans_5hd_kernels_pass_the_real_headers():
    sys.path.insert(0, str(ROOT / "tests" / "unit" / "sim"))
    import test_trans5hd as k

    x = np.zeros(k.C0 * k.HW, np.float16)
    sources = {f"trans5hd_{form}.cpp": k._to_5hd.compile(x, x, form, always_compile=True).source
               for form in (False, True)}
    assert "AscendC::TransDataTo5HD<half>(" in sources["trans5hd_True.cpp"]
    found = checker().check_sources(sources)
    for name, errors in found.items():
        assert not errors, report(name, sources[name], errors)


def test_copy_kernels_pass_the_real_headers():
    sys.path.insert(0, str(ROOT / "tests" / "unit" / "sim"))
    import test_copy_vec as k

    x = np.zeros(k.N, np.float32)
    sources = {f"copy_{form}.cpp": k._copy.compile(x, x, form, always_compile=True).source
               for form in (0, 1, 2)}
    assert "AscendC::Copy<float, " in sources["copy_2.cpp"]
    found = checker().check_sources(sources)
    for name, errors in found.items():
        assert not errors, report(name, sources[name], errors)


def test_sort_kernels_pass_the_real_headers():
    sys.path.insert(0, str(ROOT / "tests" / "unit" / "sim"))
    import test_sort as k

    x = np.zeros(k.N, np.float32)
    sources = {f"sort_{form}.cpp": k._sort.compile(x, np.zeros(2 * k.N, np.float32),
                                                    np.zeros(2, np.uint32), form,
                                                    always_compile=True).source
               for form in (0, 1, 2)}
    assert "AscendC::Sort<float, 1>(" in sources["sort_2.cpp"]
    found = checker().check_sources(sources)
    for name, errors in found.items():
        assert not errors, report(name, sources[name], errors)
