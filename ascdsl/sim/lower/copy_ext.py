"""The remaining DataCopy forms in the simulator (ops_data_copy_ext.py): exact where the
semantics are a copy, refused with a located NotSimulatedError where they are not.

- DataCopyPad with DataCopyExtParams (and DataCopyPadExtParams<T>): the DataCopyPad model of
  copy.py; the lengths are the same (bytes on the GM side, 32-byte blocks on the local side),
  only wider, and the padding value has the tensor's type.
- DataCopy with DataCopyEnhancedParams: in its default modes (BLOCK_MODE_NORMAL, DEQ_NONE, no
  ReLU, PAD_NONE) exactly the DataCopyParams copy; any other mode is a NotSimulatedError
  finding when the copy runs (those modes convert L0C data on the cube path).
- ShapeInfo is the tuple of its dimensions; SetShapeInfo attaches it to the tensor (the
  advanced APIs read it), GetShapeSize multiplies it out.
- DataCopyCO12DstParams, the sliced DataCopy, the Nd2Nz DataCopyPad, LoadImageToLocal (AIPP)
  and CheckLocalMemoryIA are refused at lowering with the reason.
"""

from __future__ import annotations

import ascdsl.dialects.ascendc as A

from ..compiler import Lowering, lowers
from ..errors import InvalidArgumentError, NotSimulatedError
from .copy import _pad_copy, lower_copy_l0
from .vector import CONSTRUCT_LOWERINGS


@lowers(A.DataCopyPadExtL0Op)
def lower_copy_pad_ext_l0(op, cx: Lowering):
    return _pad_copy(op, cx, True)


@lowers(A.DataCopyPadExtL2Op)
def lower_copy_pad_ext_l2(op, cx: Lowering):
    return _pad_copy(op, cx, False)


_ENHANCED_DEFAULTS = (0, 0, None, None, 0, 0, None)  # blockMode, deqScale, .., isRelu, padMode


@lowers(A.DataCopyEnhancedOp)
def lower_copy_enhanced(op, cx: Lowering):
    site = cx.site(op)
    copy = lower_copy_l0(op, cx)
    se = cx.slot(op.enhanced_params)

    def f(R):
        p = R[se]
        modes = [(name, v) for name, v, want in zip(
            A.DataCopyEnhancedParamsType.field_names(), p, _ENHANCED_DEFAULTS)
            if want is not None and v != want]
        if modes:
            raise NotSimulatedError(
                "runs DataCopy with DataCopyEnhancedParams " +
                ", ".join(f"{n}={v}" for n, v in modes) +
                ": only the plain copy (BLOCK_MODE_NORMAL, DEQ_NONE, no ReLU, PAD_NONE) is "
                "simulated", site)
        copy(R)

    return f


@lowers(A.DataCopyCO12DstOp, A.DataCopySliceOp, A.DataCopyPadNd2NzOp, A.DataCopyPadExtNd2NzOp,
        A.LoadImageToLocalOp, A.CheckLocalMemoryIAOp)
def lower_not_simulated(op, cx: Lowering):
    reasons = {
        A.DataCopyCO12DstOp: "its quantization and NZ -> ND modes are not modelled (use "
                             "Fixpipe, which the simulator runs)",
        A.DataCopySliceOp: "sliced copies are not modelled yet",
        A.DataCopyPadNd2NzOp: "the UB -> L1 Nd2Nz DataCopyPad is not modelled",
        A.DataCopyPadExtNd2NzOp: "the UB -> L1 Nd2Nz DataCopyPad is not modelled",
        A.LoadImageToLocalOp: "the AIPP image path (SetAippFunctions' conversions) is not "
                              "modelled",
        A.CheckLocalMemoryIAOp: "the hardware's UB access watch is not modelled (the "
                                "sanitizer checks UB accesses instead)",
    }
    raise cx.error(op, reasons[type(op)])


@lowers(A.SetPadValueOp)
def lower_set_pad_value(op, cx: Lowering):
    # A scalar register write: it costs its issue; the padding DataCopyPad writes comes from
    # its own parameters in the simulator (see docs/simulator.md).
    pre = cx.take_pre()

    def f(R):
        R[0].t += pre

    return f


def _shape_info_construct(op, cx: Lowering):
    """ShapeInfo(dims, shape[], [dims, originalShape[]], format): the tuple of its shape."""
    pre = cx.take_pre()
    site = cx.site(op)
    args = cx.slots(op.args)

    def f(R):
        R[0].t += pre
        if not args:
            R[o] = ()
            return
        dims = int(R[args[0]])
        shape = R[args[1]]
        if not 0 <= dims <= len(shape) or dims > 8:
            raise InvalidArgumentError(
                f"builds a ShapeInfo of {dims} dimensions from an array of {len(shape)} "
                "(at most 8, K_MAX_SHAPE_DIM)", site, core=R[0].block_idx)
        R[o] = tuple(int(d) for d in shape[:dims])

    o = cx.slot(op.result)
    return f


CONSTRUCT_LOWERINGS[A.ShapeInfoType] = _shape_info_construct


@lowers(A.GetShapeSizeOp)
def lower_get_shape_size(op, cx: Lowering):
    pre = cx.take_pre()
    site = cx.site(op)
    si, o = cx.slot(op.shapeInfo), cx.slot(op.result)

    def f(R):
        R[0].t += pre
        shape = R[si]
        if not shape:
            raise InvalidArgumentError(
                "GetShapeSize of a ShapeInfo with no dimensions (the default ShapeInfo() "
                "leaves shapeDim unset)", site, core=R[0].block_idx)
        n = 1
        for d in shape:
            n *= d
        R[o] = n

    return f


@lowers(A.SetAippFunctionsOp)
def lower_set_aipp(op, cx: Lowering):
    raise cx.error(op, "the AIPP image conversions it programs are not modelled (nor is "
                       "LoadImageToLocal, which applies them)")
