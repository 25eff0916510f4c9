// ascx's C++: the Ascend C of the ops of the `ascx` extension dialect.
#pragma once
#include "kernel_operator.h"

namespace ascx {

// dst = max(src, 0) * scalar over count elements: Relu, then Muls in place. The scalar's type
// is its own template parameter, so a float literal works for a half tensor too.
template <typename T, typename U>
__aicore__ inline void ScaledRelu(const AscendC::LocalTensor<T>& dst,
                                  const AscendC::LocalTensor<T>& src, const U scalar,
                                  const int32_t count)
{
    AscendC::Relu(dst, src, count);
    AscendC::PipeBarrier<PIPE_V>();
    AscendC::Muls(dst, dst, static_cast<T>(scalar), count);
}

}  // namespace ascx
