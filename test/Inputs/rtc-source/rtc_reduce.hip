// A kernel source compiled at run time by hiprtc: the run-time compiler declares threadIdx,
// warpSize and the shuffles, so the file includes no runtime header.
extern "C" __global__ void reduce(float *out, const float *in) {
  float v = in[threadIdx.x];
  for (int offset = 16; offset > 0; offset /= 2)
    v += __shfl_down(v, offset);
  if (threadIdx.x % 32 == 0)
    out[threadIdx.x / warpSize] = v;
}
