"""A compact, fast on-disk form of a module for the kernel cache.

Parsing MLIR text back is the slow part of a disk-cache hit (about as slow as compiling the
kernel again), so the cache stores modules in this form instead: every op as a tuple (name,
operand ids, result types, properties, attributes, location, regions), types and attributes
once each in a table, pickled. Loading rebuilds the ops with `Operation.create`, without lexing
or verification. The encoding recurses only into nested regions (never along a block's op list
or a use-def chain), so large kernels do not hit Python's recursion limit.

The result round-trips exactly: printing the loaded module gives the printed original,
locations and value names included.
"""

from __future__ import annotations

import pickle
from typing import Any

from xdsl.context import Context
from xdsl.dialects.builtin import ModuleOp
from xdsl.ir import Attribute, Block, Operation, Region, SSAValue

FORMAT = 2


class _Encoder:
    def __init__(self) -> None:
        self.attrs: list[Attribute] = []
        self._attr_ids: dict[Attribute, int] = {}
        self._value_ids: dict[SSAValue, int] = {}

    def _attr(self, a: Attribute) -> int:
        i = self._attr_ids.get(a)
        if i is None:
            i = self._attr_ids[a] = len(self.attrs)
            self.attrs.append(a)
        return i

    def _value(self, v: SSAValue) -> int:
        self._value_ids[v] = len(self._value_ids)
        return self._value_ids[v]

    def _op(self, op: Operation) -> tuple:
        regions = [self._region(r) for r in op.regions]
        # Result ids come after the regions' values, in the order the decoder creates them.
        results = []
        for r in op.results:
            self._value(r)
            results.append((self._attr(r.type), r.name_hint))
        return (
            op.name,
            [self._value_ids[o] for o in op.operands],
            results,
            [(k, self._attr(v)) for k, v in op.properties.items()],
            [(k, self._attr(v)) for k, v in op.attributes.items()],
            self._attr(op.location),
            regions,
        )

    def _region(self, region: Region) -> list:
        blocks = []
        for block in region.blocks:
            args = []
            for a in block.args:
                self._value(a)
                args.append((self._attr(a.type), a.name_hint, self._attr(a.location)))
            blocks.append((args, [self._op(op) for op in block.ops]))
        return blocks


def dumps(module: ModuleOp) -> bytes:
    """The module as bytes for `loads`."""
    enc = _Encoder()
    top = enc._op(module)
    return pickle.dumps((FORMAT, enc.attrs, top), protocol=pickle.HIGHEST_PROTOCOL)


class _Decoder:
    def __init__(self, ctx: Context, attrs: list[Attribute]):
        self.ctx = ctx
        self.attrs = attrs
        self.values: list[SSAValue] = []
        self._classes: dict[str, type[Operation]] = {}

    def _op(self, t: tuple) -> Operation:
        name, operands, results, props, attrs, loc, regions = t
        cls = self._classes.get(name)
        if cls is None:
            cls = self._classes[name] = self.ctx.get_op(name)
        built_regions = [self._region(r) for r in regions]
        a = self.attrs
        op = cls.create(
            operands=[self.values[i] for i in operands],
            result_types=[a[i] for i, _ in results],
            properties={k: a[i] for k, i in props},
            attributes={k: a[i] for k, i in attrs},
            regions=built_regions,
        )
        op.location = a[loc]
        for res, (_, hint) in zip(op.results, results):
            res.name_hint = hint
            self.values.append(res)
        return op

    def _region(self, blocks: list) -> Region:
        out = []
        for args, ops in blocks:
            block = Block(arg_types=[self.attrs[i] for i, _, _ in args])
            for arg, (_, hint, loc) in zip(block.args, args):
                arg.name_hint = hint
                # Kernel arguments are named by location (the Ascend C's `v1_x`).
                arg.location = self.attrs[loc]
                self.values.append(arg)
            for t in ops:
                block.add_op(self._op(t))
            out.append(block)
        return Region(out)


def loads(data: bytes, ctx: Context) -> ModuleOp:
    """Rebuild a module written by `dumps`; ValueError if the data is not such a module."""
    try:
        fmt, attrs, top = pickle.loads(data)
    except Exception as e:  # noqa: BLE001 - any unpickling failure means a bad entry
        raise ValueError(f"not a serialized module: {e}") from None
    if fmt != FORMAT or not isinstance(attrs, list) or not isinstance(top, tuple):
        raise ValueError("not a serialized module of this format")
    try:
        module: Any = _Decoder(ctx, attrs)._op(top)
    except Exception as e:  # noqa: BLE001 - malformed payload
        raise ValueError(f"corrupted serialized module: {type(e).__name__}: {e}") from None
    if not isinstance(module, ModuleOp):
        raise ValueError("the serialized op is not a module")
    return module
