#!/usr/bin/env python3
"""Writes a large HIP source for benchmarking rocm-warp-size-assumption (tools/bench/warp-size-bench.sh).

The file mixes what real GPU code has: kernels with lane and warp arithmetic (portable and
32-lane), shuffle reductions, ballots, grid-stride loops, __device__ helpers, templates, lambdas,
and a larger share of host code (setup, launches, CPU references), so that the check's cost is
measured against a realistic amount of parsing.
"""
import argparse
import os
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import benchgen  # noqa: E402

KERNEL = """
template <typename T> __device__ T reduce_{i}(T v) {{
  for (int off = {start}; off > 0; off /= 2)
    v += __shfl_down(v, off);
  return v;
}}

__device__ int helper_{i}(int a, int b) {{
  int s = 0;
  for (int k = 0; k < 8; ++k)
    s += (a * k + b) ^ (k << 2);
  return s;
}}

__global__ void kernel_{i}(const float *in, float *out, int *counts, int n) {{
  const int tid = threadIdx.x;
  const int gid = blockIdx.x * blockDim.x + tid;
  const int lane = tid {lane_op};
  const int warp = tid {warp_op};
  float v = 0.0f;
  for (int j = gid; j < n; j += blockDim.x * gridDim.x)
    v += in[j] * {scale}f + helper_{i}(j, lane);
  v = reduce_{i}(v);
  unsigned long long votes = __ballot(v > 0.0f);
  int kept = __popcll(votes);
  auto scaled = [&](float x) {{ return x * (float)(warp + 1); }};
  if (lane == 0) {{
    out[blockIdx.x * 64 + warp] = scaled(v);
    atomicAdd(&counts[blockIdx.x], kept);
  }}
}}

static void run_{i}(const std::vector<float> &host, std::vector<float> &result, int n) {{
  float *din = nullptr, *dout = nullptr;
  int *dcounts = nullptr;
  HIP_CHECK(hipMalloc(&din, n * sizeof(float)));
  HIP_CHECK(hipMalloc(&dout, n * sizeof(float)));
  HIP_CHECK(hipMalloc(&dcounts, 1024 * sizeof(int)));
  HIP_CHECK(hipMemcpy(din, host.data(), n * sizeof(float), hipMemcpyHostToDevice));
  kernel_{i}<<<(n + 255) / 256, 256>>>(din, dout, dcounts, n);
  HIP_CHECK(hipGetLastError());
  result.resize(n);
  HIP_CHECK(hipMemcpy(result.data(), dout, n * sizeof(float), hipMemcpyDeviceToHost));
  std::map<int, double> histogram;
  for (int j = 0; j < n; ++j)
    histogram[int(result[j] * 10)] += std::sqrt(std::abs(double(result[j])));
  std::string summary;
  for (const auto &[bucket, weight] : histogram)
    summary += std::to_string(bucket) + ":" + std::to_string(weight) + ";";
  if (summary.size() > 1000000)
    std::printf("%s\\n", summary.c_str());
  HIP_CHECK(hipFree(din));
  HIP_CHECK(hipFree(dout));
  HIP_CHECK(hipFree(dcounts));
}}
"""



def main():
    p = argparse.ArgumentParser(description=__doc__)
    p.add_argument("--kernels", type=int, default=400)
    p.add_argument("output")
    a = p.parse_args()
    with open(a.output, "w") as f:
        f.write(benchgen.prelude("gen-warp-bench.py", "%d kernels" % a.kernels, ("hip/hip_runtime.h",)))
        for i in range(a.kernels):
            # One kernel in four carries the 32-lane assumptions, so the check has work to do.
            bad = i % 4 == 0
            f.write(KERNEL.format(i=i, start=16 if bad else "warpSize / 2",
                                  lane_op="& 31" if bad else "% warpSize",
                                  warp_op=">> 5" if bad else "/ warpSize", scale=1.0 + i % 7))
        f.write("\nint main() {\n  std::vector<float> h(1 << 16, 1.0f), r;\n")
        for i in range(a.kernels):
            f.write(f"  run_{i}(h, r, 1 << 16);\n")
        f.write("  return 0;\n}\n")


if __name__ == "__main__":
    main()
