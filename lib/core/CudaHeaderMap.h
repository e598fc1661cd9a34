#ifndef ROCM_TIDY_CORE_CUDAHEADERMAP_H
#define ROCM_TIDY_CORE_CUDAHEADERMAP_H

#include <optional>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

namespace rocmtidy {

/// One row of lib/data/cuda_headers.json.
struct CudaHeaderMapping {
  std::string Cuda;  // include path as written, e.g. "cublas_v2.h"
  std::string Hip;   // replacement include path; empty when ROCm has none
  std::string Note;  // extra advice shown as a note; may be empty
  /// CUDA type names the header declares -> the HIP names the replacement declares for them
  /// (hipify's renaming), so CUDA code analysed against the replacement keeps its types.
  std::vector<std::pair<std::string, std::string>> Types;
};

struct QuietPrefix {
  std::string Prefix;
  std::string Reason;
};

struct CudaHeaderTable {
  std::vector<CudaHeaderMapping> Headers;
  std::vector<QuietPrefix> Quiet;
  /// The rest of a header tree ("cub/" for CUB's internal headers): Cuda holds the prefix.
  std::vector<CudaHeaderMapping> PrefixRules;

  /// The mapping for an include spelled \p Spelled (without delimiters), or nullptr: its own row,
  /// else the longest prefix rule it falls under, unless a longer quiet prefix covers it.
  /// Rows match the whole path, so "my_cuda_runtime.h" or "foo/cuda.h" do not match.
  const CudaHeaderMapping *lookup(std::string_view Spelled) const;
  /// The prefix that keeps \p Spelled quiet, or nullptr.
  const QuietPrefix *quietPrefix(std::string_view Spelled) const;
};

std::optional<CudaHeaderTable> parseCudaHeaderJson(std::string_view Json, std::string &Error);
const CudaHeaderTable &cudaHeaderTable();

} // namespace rocmtidy

#endif
