#!/usr/bin/env python3
"""Writes a large HIP source for benchmarking rocm-hardcoded-block-size and rocm-lds-limit
(tools/bench/launch-bench.sh).

Each unit holds what launch-heavy GPU code has: __device__ helpers with __shared__ arrays that
kernels call, a 2-D tiled kernel, a template kernel sized by a template argument, a kernel with
__launch_bounds__ and dynamic shared memory, and a host function that launches them in every
spelling the checks recognise (<<<>>>, hipLaunchKernelGGL, hipLaunchKernel,
hipLaunchCooperativeKernel, hipExtLaunchKernelGGL, hipModuleLaunchKernel, hipFuncSetAttribute),
with block sizes from literals, constexpr values, unmodified locals, dim3 variables and run-time
device properties, plus a template host function. One unit in eight carries a finding of each
check, so their reporting paths run too (--bad-every).
"""
import argparse
import os
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import benchgen  # noqa: E402

UNIT = """
__device__ float stage_{i}(const float *in, int n) {{
  __shared__ float buf[256];
  const int t = threadIdx.x;
  buf[t] = t < n ? in[t] : 0.0f;
  __syncthreads();
  float s = 0.0f;
  for (int k = 0; k < 8; ++k)
    s += buf[(t + k) % 256];
  return s;
}}

__device__ float leaf_{i}(float x) {{ return x * x + {scale}f; }}

__device__ float mix_{i}(const float *in, int n) {{ return leaf_{i}(stage_{i}(in, n)); }}

__global__ void __launch_bounds__(256) axpy_{i}(const float *in, float *out, int n) {{
  extern __shared__ float dyn_{i}[];
  const int g = blockIdx.x * blockDim.x + threadIdx.x;
  dyn_{i}[threadIdx.x] = mix_{i}(in, n);
  __syncthreads();
  if (g < n)
    out[g] = dyn_{i}[(threadIdx.x + 1) % blockDim.x] + {scale}f * in[g];
}}

__global__ void transpose_{i}(float *out, const float *in, int w) {{
  __shared__ float tile[16][17];
  {big}
  const int x = blockIdx.x * 16 + threadIdx.x, y = blockIdx.y * 16 + threadIdx.y;
  if (x < w && y < w)
    tile[threadIdx.y][threadIdx.x] = in[y * w + x];
  __syncthreads();
  const int tx = blockIdx.y * 16 + threadIdx.x, ty = blockIdx.x * 16 + threadIdx.y;
  if (tx < w && ty < w)
    out[ty * w + tx] = tile[threadIdx.x][threadIdx.y];
}}

template <typename T, int BS> __global__ void tiled_{i}(const T *in, T *out, int n) {{
  __shared__ T part[BS];
  const int g = blockIdx.x * BS + threadIdx.x;
  part[threadIdx.x] = g < n ? in[g] : T(0);
  __syncthreads();
  for (int s = BS / 2; s > 0; s /= 2) {{
    if (threadIdx.x < s)
      part[threadIdx.x] += part[threadIdx.x + s];
    __syncthreads();
  }}
  if (threadIdx.x == 0)
    out[blockIdx.x] = part[0];
}}

template <typename T> void reduce_{i}(const T *din, T *dout, int n, hipStream_t s) {{
  constexpr int Block = 128;
  tiled_{i}<T, Block><<<(n + Block - 1) / Block, Block, 0, s>>>(din, dout, n);
  hipLaunchKernelGGL((tiled_{i}<T, 256>), dim3((n + 255) / 256), dim3(256), 0, s, din, dout, n);
}}

static float run_{i}(const std::vector<float> &host, int w, hipStream_t s, hipFunction_t fn,
                     const hipDeviceProp_t &props) {{
  const int n = int(host.size());
  float *din = nullptr, *dout = nullptr;
  HIP_CHECK(hipMalloc(&din, n * sizeof(float)));
  HIP_CHECK(hipMalloc(&dout, n * sizeof(float)));
  HIP_CHECK(hipMemcpy(din, host.data(), n * sizeof(float), hipMemcpyHostToDevice));
  const int threads = {threads};
  dim3 block(16, 16);
  dim3 grid((n + threads - 1) / threads);
  axpy_{i}<<<grid, threads, threads * sizeof(float), s>>>(din, dout, n);
  axpy_{i}<<<grid, 256, {smem}>>>(din, dout, n);
  transpose_{i}<<<dim3((w + 15) / 16, (w + 15) / 16), block, 0, s>>>(dout, din, w);
  hipLaunchKernelGGL(axpy_{i}, grid, dim3(threads), 1024, s, din, dout, n);
  void *args[] = {{&din, &dout, const_cast<int *>(&n)}};
  HIP_CHECK(hipLaunchKernel(reinterpret_cast<const void *>(axpy_{i}), grid, dim3(threads), args, 512, s));
  HIP_CHECK(hipLaunchCooperativeKernel(reinterpret_cast<const void *>(&axpy_{i}), grid, dim3(256), args, 0, s));
  hipExtLaunchKernelGGL(axpy_{i}, grid, dim3(256), 2048, s, nullptr, nullptr, 0, din, dout, n);
  HIP_CHECK(hipModuleLaunchKernel(fn, grid.x, 1, 1, 256, 1, 1, 0, s, args, nullptr));
  HIP_CHECK(hipFuncSetAttribute(reinterpret_cast<const void *>(axpy_{i}),
                                hipFuncAttributeMaxDynamicSharedMemorySize, 8192));
  const int dynamicThreads = props.maxThreadsPerBlock / 4;
  axpy_{i}<<<(n + dynamicThreads - 1) / dynamicThreads, dynamicThreads, 0, s>>>(din, dout, n);
  reduce_{i}<float>(din, dout, n, s);
  HIP_CHECK(hipGetLastError());
  std::vector<float> result(n);
  HIP_CHECK(hipMemcpy(result.data(), dout, n * sizeof(float), hipMemcpyDeviceToHost));
  std::map<int, double> histogram;
  for (int j = 0; j < n; ++j)
    histogram[int(result[j] * 10)] += std::sqrt(std::abs(double(result[j])));
  double total = 0.0;
  for (const auto &[bucket, weight] : histogram)
    total += bucket * weight;
  HIP_CHECK(hipFree(din));
  HIP_CHECK(hipFree(dout));
  return float(total);
}}
"""



def main():
    p = argparse.ArgumentParser(description=__doc__)
    p.add_argument("--units", type=int, default=300)
    p.add_argument("--bad-every", type=int, default=8, help="one unit in N carries findings; 0: none")
    p.add_argument("output")
    a = p.parse_args()
    with open(a.output, "w") as f:
        f.write(benchgen.prelude("gen-launch-bench.py", "%d units" % a.units, ("hip/hip_runtime.h", "hip/hip_ext.h")))
        for i in range(a.units):
            bad = a.bad_every > 0 and i % a.bad_every == 0
            f.write(UNIT.format(i=i, scale=1.0 + i % 7,
                                # A 1024-thread block over the 256 of __launch_bounds__.
                                threads=1024 if bad else 256,
                                # 64 KiB of dynamic LDS on top of stage's 1 KiB static buffer.
                                smem="65536" if bad else "1024",
                                big="__shared__ float spill[17000]; spill[threadIdx.x] = 0.0f;" if bad else ""))
        f.write("\nint main() {\n  std::vector<float> h(1 << 16, 1.0f);\n  hipStream_t s = nullptr;\n"
                "  hipFunction_t fn = nullptr;\n  hipDeviceProp_t props{};\n  HIP_CHECK(hipGetDeviceProperties(&props, 0));\n"
                "  float acc = 0.0f;\n")
        for i in range(a.units):
            f.write(f"  acc += run_{i}(h, 256, s, fn, props);\n")
        f.write("  return acc > 0.0f ? 0 : 1;\n}\n")


if __name__ == "__main__":
    main()
