"""The example as a package: its pyproject's entry point is what ascdsl finds.

`pip install` of a setuptools project writes the project's metadata (entry points included)
next to the code; `setup() egg_info` writes the same metadata from pyproject.toml without
building a wheel (which would need `wheel`, or the network for build isolation). With that
metadata and the example's directory on the path, the tools find the extension exactly as
they find an installed one. (`pip install -e examples/extension` does the real thing.)
"""

from __future__ import annotations

import importlib.util
import subprocess
import sys

import pytest
from ext_helpers import EXAMPLE, ROOT, subprocess_env


@pytest.fixture
def installed(tmp_path):
    if importlib.util.find_spec("setuptools") is None:
        pytest.skip("setuptools is not installed: cannot write the example's metadata")
    run = subprocess.run([sys.executable, "-c", "from setuptools import setup; setup()", "-q",
                          "egg_info", "--egg-base", str(tmp_path)],
                         cwd=EXAMPLE, capture_output=True, text=True)
    assert run.returncode == 0, run.stderr
    return tmp_path


def test_the_pyproject_declares_the_entry_point(installed):
    (info,) = installed.glob("*.egg-info")
    assert (info / "entry_points.txt").read_text().split() == [
        "[ascdsl.extensions]", "ascx", "=", "ascx_example"]


def test_installed_it_is_found_by_the_tools(installed):
    env = subprocess_env(installed, EXAMPLE)
    run = subprocess.run([sys.executable, "-m", "ascdsl.tools.ascdsl_opt", "--list-passes"],
                         capture_output=True, text=True, env=env, cwd=ROOT)
    assert run.returncode == 0, run.stderr
    assert "  fuse-relu-muls (from extension ascx)" in run.stdout
    assert "  lower-ascx (from extension ascx)" in run.stdout
    run = subprocess.run([sys.executable, "-m", "ascdsl.tools.ascdsl_opt", "-show-dialects"],
                         capture_output=True, text=True, env=env, cwd=ROOT)
    assert "ascx (from extension ascx)" in run.stdout
