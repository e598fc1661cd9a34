// Checked-in output of PyTorch's hipify: the ROCm names of the stream and the device guard.
#include <ATen/hip/HIPContext.h>
#include <c10/hip/HIPGuard.h>
#include <hip/hip_runtime.h>
#include <torch/extension.h>

__global__ void scaleRows(float *x, float s, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n)
    x[i] *= s;
}

void scaleHip(torch::Tensor x, float s) {
  const c10::hip::OptionalHIPGuardMasqueradingAsCUDA guard(at::device_of(x));
  hipStream_t stream = at::hip::getCurrentHIPStreamMasqueradingAsCUDA();
  const int n = static_cast<int>(x.numel());
  hipLaunchKernelGGL(scaleRows, dim3((n + 31) / 32), dim3(32), 0, stream, x.data_ptr<float>(), s, n);
}
