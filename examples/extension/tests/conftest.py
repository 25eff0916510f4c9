"""The ascx example's tests run installed (`pip install -e examples/extension`) or straight
from a checkout: then the example's directory goes on sys.path, and the subprocesses the
tests start (ascdsl-opt, ascdsl-sim, lit) get it on PYTHONPATH."""

import importlib.util
import os
import sys
from pathlib import Path

EXAMPLE = Path(__file__).resolve().parents[1]

if importlib.util.find_spec("ascx_example") is None:
    sys.path.insert(0, str(EXAMPLE))
    os.environ["PYTHONPATH"] = os.pathsep.join(
        p for p in (str(EXAMPLE), os.environ.get("PYTHONPATH")) if p)
