// A PyTorch on the include path: read instead of the stand-in, which would stop at the #error below.
#pragma once
#define ROCM_TIDY_TEST_REAL_TORCH 1
namespace torch {
class Tensor {
public:
  long numel() const;
};
} // namespace torch
