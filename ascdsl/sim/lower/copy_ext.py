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
- DataCopy with SliceInfo: exactly the headers' composition (kernel_operator_data_copy_intf_impl
  .h): one DataCopyParams copy of dimension 0 per combination of the higher dimensions' slices,
  its gaps `stride * sizeof(T)` bytes on the GM side and that rounded down to 32-byte blocks
  on the UB side; the shapes come from the SliceInfos' shapeValue or the tensors' ShapeInfo.
- DataCopyCO12DstParams, the Nd2Nz DataCopyPad and CheckLocalMemoryIA are refused at
  lowering with the reason. LoadImageToLocal and SetAippFunctions (AIPP) run in aipp.py.
"""

from __future__ import annotations

import ascdsl.dialects.ascendc as A

from ..compiler import Lowering, lowers
from ..errors import InvalidArgumentError, NotSimulatedError
from .common import gm_span, local_span
from .copy import _pad_copy, _record_blocks, _strided_copy, copy_pipe_index, lower_copy_l0
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


@lowers(A.DataCopyCO12DstOp, A.DataCopyPadNd2NzOp, A.DataCopyPadExtNd2NzOp,
        A.CheckLocalMemoryIAOp)
def lower_not_simulated(op, cx: Lowering):
    reasons = {
        A.DataCopyCO12DstOp: "its quantization and NZ -> ND modes are not modelled (use "
                             "Fixpipe, which the simulator runs)",
        A.DataCopyPadNd2NzOp: "the UB -> L1 Nd2Nz DataCopyPad is not modelled",
        A.DataCopyPadExtNd2NzOp: "the UB -> L1 Nd2Nz DataCopyPad is not modelled",
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


def _slice_offsets(infos, shape, dims: int) -> list[int]:
    """DataCopyGetOffsetList: the element offset of each dimension-0 run."""
    offsets = [0]
    size = 1
    for i in range(1, dims):
        size *= shape[i - 1]
        start, end, stride = infos[i][0], infos[i][1], infos[i][2]
        count = (end - start + 1 + stride) // (1 + stride)
        offsets = [o + j * (1 + stride) * size for j in range(count) for o in offsets]
    return offsets


def _slice_start(infos, shape, dims: int) -> int:
    """DataCopyGetPhyStartIndex."""
    start, size = infos[0][0], 1
    for i in range(1, dims):
        size *= shape[i - 1]
        start += size * infos[i][0]
    return start


@lowers(A.DataCopySliceOp)
def lower_copy_slice(op, cx: Lowering):
    pre = cx.take_pre()
    site = cx.site(op)
    to_local = isinstance(op.src.type, A.GlobalTensorType)
    sd, ss = cx.slot(op.dst), cx.slot(op.src)
    dst_infos, src_infos = cx.slots(op.dstSliceInfo), cx.slots(op.srcSliceInfo)
    sdim = cx.slot(op.dimValue) if op.dimValue is not None else None

    def f(R):
        c = R[0]
        c.t += pre
        d, s = R[sd], R[ss]
        dims = R[sdim] if sdim is not None else 1
        di, si = [R[x] for x in dst_infos], [R[x] for x in src_infos]
        if not 1 <= dims <= min(len(di), len(si), 8):
            raise InvalidArgumentError(
                f"copies {dims} dimensions with {len(di)} / {len(si)} SliceInfos", site,
                core=c.block_idx)
        if si[0][4]:
            dshape, sshape = [x[4] for x in di], [x[4] for x in si]
        else:
            dshape, sshape = list(d.shape_info), list(s.shape_info)
            if len(dshape) < dims or len(sshape) < dims:
                raise InvalidArgumentError(
                    "copies by SliceInfo without shapeValue, so the tensors' ShapeInfo gives "
                    f"the shapes, but they have {len(dshape)} and {len(sshape)} dimensions for "
                    f"{dims}", site, core=c.block_idx)
        size = s.dt.size
        c0 = 32 // size
        burst = si[0][3]
        length = burst * 32
        blocks = (si[0][1] - si[0][0] + 1 + si[0][2]) // (burst * c0 + si[0][2])
        # The GM side's gap is exact in bytes; the UB side's counts whole 32-byte blocks.
        gm_gap = lambda info: info[2] * size  # noqa: E731
        ub_gap = lambda info: info[2] * size // 32 * 32  # noqa: E731
        sstep = length + (ub_gap(si[0]) if to_local is False else gm_gap(si[0]))
        dstep = length + (ub_gap(di[0]) if to_local else gm_gap(di[0]))
        s0, d0 = _slice_start(si, sshape, dims), _slice_start(di, dshape, dims)
        soffs, doffs = _slice_offsets(si, sshape, dims), _slice_offsets(di, dshape, dims)
        if len(doffs) < len(soffs):
            raise InvalidArgumentError(
                f"copies {len(soffs)} source runs into {len(doffs)} destination runs", site,
                core=c.block_idx)
        p = copy_pipe_index(s.mem.hw, d.mem.hw)
        san = c.san
        k = san.begin(p) if san is not None else None
        span_s = gm_span if to_local else local_span
        span_d = local_span if to_local else gm_span
        for so, do in zip(soffs, doffs):
            if blocks <= 0:
                break
            s_ext = (blocks - 1) * sstep + length
            d_ext = (blocks - 1) * dstep + length
            slo, _ = span_s(c, s, s0 + so, -(-s_ext // size), site, "reads")
            dlo, _ = span_d(c, d, d0 + do, -(-d_ext // size), site, "writes")
            _strided_copy(d.mem, dlo, dstep, s.mem, slo, sstep, length, blocks)
            if san is not None:
                _record_blocks(san, s.mem, slo, sstep, length, blocks, False, p, k, site)
                _record_blocks(san, d.mem, dlo, dstep, length, blocks, True, p, k, site)
            if to_local:
                c.gm_copy(p, s.buf, slo, length, sstep, blocks, False, s.cache[0], site)
            else:
                c.gm_copy(p, d.buf, dlo, length, dstep, blocks, True, d.cache[1], site)

    return f
