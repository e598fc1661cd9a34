#ifndef ROCM_TIDY_CORE_CUDARUNTIMEMAP_H
#define ROCM_TIDY_CORE_CUDARUNTIMEMAP_H

#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace rocmtidy {

/// One row of lib/data/cuda_runtime_names.json: a CUDA runtime name and its HIP name.
struct CudaRuntimeName {
  std::string Cuda;
  std::string Hip;
};

std::optional<std::vector<CudaRuntimeName>> parseCudaRuntimeNamesJson(std::string_view Json, std::string &Error);
const std::vector<CudaRuntimeName> &cudaRuntimeNames();

/// The include path under which front ends serve cudaToHipMappingHeader().
inline constexpr const char *CudaToHipMappingHeaderName = "rocm-tidy/cuda_to_hip.h";

/// The text of the built-in CUDA-to-HIP mapping header: <hip/hip_runtime.h>, then one macro per
/// table row that spells the CUDA name as its HIP name, so CUDA code parses as the HIP hipify makes
/// of it. A name the code defines itself (a project's own compatibility macro) is left alone.
std::string cudaToHipMappingHeader();

} // namespace rocmtidy

#endif
