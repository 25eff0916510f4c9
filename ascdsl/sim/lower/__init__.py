"""Lowerings: one module per group of ops, each registering op class -> closure factory."""

from . import asc, cmpsel, framework, math, scalar, sync, tensor, vector  # noqa: F401
