"""TBufPool: a slice of one on-chip memory that a TPipe (or an enclosing pool) hands to a
pool, which then gives its queues and TBufs their buffers, in pyasc's syntax (its
Fwk/TBufPool.td and TPipe.td's `pipe.init_buf_pool`).

Ascend C (kernel_tbufpool_impl.h): `InitBufPool(pool, len)` takes `len` bytes (rounded up to
32) from the owner's cursor; `InitBufPool(pool, len, shareBuf)` makes `pool` start where
`shareBuf` starts and as long as it (the two reuse one memory, so stages that do not live at
the same time share it); `pool.InitBuffer(que, num, len)` / `pool.InitBuffer(buf, len)` carve
from the pool's own cursor; `pool.Reset()` waits for the pending FreeTensor events of the
pool's queues and rewinds its cursor. The objects themselves are `ascendc.tBufPool` (ops_fwk).
"""

from __future__ import annotations

from xdsl.dialects.builtin import i1
from xdsl.ir import SSAValue
from xdsl.irdl import operand_def, opt_operand_def, result_def
from xdsl.utils.exceptions import VerifyException

from .base import AscendCOp, Cpp, CppStyle, StrippedType, asc_op, const_int
from .constraints import INT, PIPE, QUEUE, TBUF, Is
from .types import PipeType, TBufPoolType

BUF_POOL = Is((TBufPoolType,), "a buffer pool (!ascendc.tbuf_pool)")

_INIT_POOL_FORMAT = (
    "`(` $owner `,` $buf_pool `,` $len `)` attr-dict (` ` `,` ` ` $share_buf^)? "
    "`:` type($owner) `,` type($buf_pool) `,` type($len) (` ` `,` ` ` type($share_buf)^)? "
    "`->` type($value)"
)


class _InitBufPoolBase(AscendCOp):
    """`bool ok = owner.InitBufPool(pool, len[, shareBuf]);` (Ascend C returns true)."""

    # Each op narrows `owner`; declared here so that it stays the first operand.
    owner = operand_def(Is((PipeType, TBufPoolType), "a pipe or a buffer pool"))
    buf_pool = operand_def(BUF_POOL)
    len = operand_def(INT)
    share_buf = opt_operand_def(BUF_POOL)
    value = result_def(INT)
    assembly_format = _INIT_POOL_FORMAT

    def __init__(self, owner: SSAValue, buf_pool: SSAValue, length: SSAValue,
                 share_buf: SSAValue | None = None):
        super().__init__(
            operands=[owner, buf_pool, length, [share_buf] if share_buf is not None else []],
            result_types=[i1],
        )

    def verify_facts(self) -> None:
        n = const_int(self.len)
        if n is not None and n <= 0:
            raise VerifyException(f"a buffer pool's length must be positive, got {n} bytes")
        pool = self.buf_pool.type
        assert isinstance(pool, TBufPoolType)
        others = [self.share_buf] if self.share_buf is not None else []
        owner_t = self.owner.type
        if isinstance(owner_t, TBufPoolType):
            others.append(self.owner)
        for other in others:
            t = other.type
            assert isinstance(t, TBufPoolType)
            if t.position.hardware != pool.position.hardware:
                raise VerifyException(
                    f"a pool at {pool.position.keyword} cannot be carved from or share a pool at "
                    f"{t.position.keyword}: they are different memories "
                    f"({pool.position.hardware.name} and {t.position.hardware.name})"
                )


@asc_op(cpp=Cpp("InitBufPool", CppStyle.MEMBER))
class PipeInitBufPoolOp(_InitBufPoolBase):
    """`pipe.InitBufPool(pool, len[, shareBuf])`: give a pool `len` bytes of the pipe's
    memory at the pool's position, or the memory of `shareBuf`."""

    name = "ascendc.pipe.init_buf_pool"
    owner = operand_def(PIPE)


@asc_op(cpp=Cpp("InitBufPool", CppStyle.MEMBER), stripped=TBufPoolType)
class TBufPoolInitBufPoolOp(_InitBufPoolBase):
    """`pool.InitBufPool(sub, len[, shareBuf])`: a nested pool carved from this one."""

    name = "ascendc.tbuf_pool.init_buf_pool"
    owner = operand_def(BUF_POOL)
    # pyasc declares the owner as a TBufPoolType, which MLIR prints unqualified (`<vecin, 4>`).
    custom_directives = (StrippedType,)
    assembly_format = _INIT_POOL_FORMAT.replace("type($owner)", "custom<StrippedType>(type($owner))")


@asc_op(cpp=Cpp("InitBuffer", CppStyle.MEMBER))
class TBufPoolInitBufferOp(AscendCOp):
    """`pool.InitBuffer(buf, len)`: one TBuf buffer of `len` bytes from the pool."""

    name = "ascendc.tbuf_pool.init_buffer"
    buf_pool = operand_def(BUF_POOL)
    buffer = operand_def(TBUF)
    length = operand_def(INT)
    assembly_format = (
        "$buf_pool `,` $buffer `,` $length attr-dict `:` type($buf_pool) `,` type($buffer) "
        "`,` type($length)"
    )

    def __init__(self, buf_pool: SSAValue, buffer: SSAValue, length: SSAValue):
        super().__init__(operands=[buf_pool, buffer, length])

    def verify_facts(self) -> None:
        n = const_int(self.length)
        if n is not None and n <= 0:
            raise VerifyException(f"buffer length must be positive, got {n} bytes")


@asc_op(cpp=Cpp("InitBuffer", CppStyle.MEMBER))
class TBufPoolInitQueueOp(AscendCOp):
    """`pool.InitBuffer(que, num, len)`: `num` queue buffers of `len` bytes from the pool."""

    name = "ascendc.tbuf_pool.init_queue"
    buf_pool = operand_def(BUF_POOL)
    queue = operand_def(QUEUE)
    num = operand_def(INT)
    length = operand_def(INT)
    assembly_format = (
        "$buf_pool `,` $queue `,` $num `,` $length attr-dict `:` type($buf_pool) `,` "
        "type($queue) `,` type($num) `,` type($length)"
    )

    def __init__(self, buf_pool: SSAValue, queue: SSAValue, num: SSAValue, length: SSAValue):
        super().__init__(operands=[buf_pool, queue, num, length])

    def verify_facts(self) -> None:
        num, n = const_int(self.num), const_int(self.length)
        pool = self.buf_pool.type
        assert isinstance(pool, TBufPoolType)
        if num is not None and not 1 <= num <= pool.buf_id_size:
            raise VerifyException(
                f"a TBufPool<{pool.position.keyword}, {pool.buf_id_size}> hands out 1 to "
                f"{pool.buf_id_size} buffers (its buffer id count), got {num}"
            )
        if n is not None and n <= 0:
            raise VerifyException(f"buffer length must be positive, got {n} bytes")


@asc_op(cpp=Cpp("Reset", CppStyle.MEMBER))
class TBufPoolResetOp(AscendCOp):
    """`pool.Reset()`: wait for the pool's queues' pending frees, then rewind its cursor so
    the next stage carves the same memory again."""

    name = "ascendc.tbuf_pool.reset"
    buf_pool = operand_def(BUF_POOL)
    assembly_format = "$buf_pool attr-dict `:` type($buf_pool)"

    def __init__(self, buf_pool: SSAValue):
        super().__init__(operands=[buf_pool])


BUFPOOL_OPS: list[type[AscendCOp]] = [
    PipeInitBufPoolOp, TBufPoolInitBufPoolOp, TBufPoolInitBufferOp, TBufPoolInitQueueOp,
    TBufPoolResetOp,
]
