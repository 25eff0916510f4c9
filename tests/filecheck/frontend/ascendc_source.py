# RUN: %python -m ascdsl.frontend.dump %s kernel 'f32*' 'f32*' i32 --source | filecheck %s
# The compiled kernel's Ascend C text (through the target after the pass pipeline).
# Kernel arguments carry their Python names as locations, as in pyasc: `v1_x`.
import ascdsl as asc


@asc.jit
def kernel(x: asc.GlobalAddress, z: asc.GlobalAddress, n: int):
    xg = asc.GlobalTensor()
    zg = asc.GlobalTensor()
    xg.set_global_buffer(x)
    zg.set_global_buffer(z)
    pipe = asc.TPipe()
    q = asc.TQue(asc.TPosition.VECIN, 1)
    pipe.init_buffer(q, 1, 1024)
    t = q.alloc_tensor(asc.float32)
    asc.data_copy(t, xg, 256)
    q.enque(t)
    d = q.deque(asc.float32)
    asc.data_copy(zg, d, 256)
    q.free_tensor(d)


# CHECK: extern "C" __global__ __aicore__ void kernel(__gm__ float* v1_x, __gm__ float* v2_z, int32_t v3_n) {
# CHECK:   AscendC::TQue<AscendC::TPosition::VECIN, 1> [[Q:v[0-9]+]];
# CHECK:   AscendC::LocalTensor<float> [[T:v[0-9]+]] = [[Q]].AllocTensor<float>();
# CHECK:   AscendC::DataCopy([[T]], {{.*}});
# CHECK:   [[Q]].EnQue([[T]]);
# CHECK:   [[Q]].DeQue<float>();
# CHECK:   [[Q]].FreeTensor(
