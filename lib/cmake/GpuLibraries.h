#ifndef ROCM_TIDY_CMAKE_GPULIBRARIES_H
#define ROCM_TIDY_CMAKE_GPULIBRARIES_H

#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace rocmtidy::cmake {

/// One row of lib/data/gpu_libraries.json.
struct GpuLibrary {
  std::string Name;        // as given to the linker: -l<Name>, lib<Name>.so
  std::string Package;     // find_package(<Package>)
  std::string Target;      // the imported target to link instead
  bool Fix = false;        // replacing the name by Target keeps the meaning
  std::string Note;        // shown as a note; may be empty
  std::string RocmPackage; // for CUDA libraries: what a HIP port uses instead; may be empty
  std::string RocmTarget;
};

struct GpuLibraryTable {
  std::vector<GpuLibrary> Libraries;
  /// The row for linker name \p Name (case-sensitive, as the linker is), or nullptr.
  const GpuLibrary *lookup(std::string_view Name) const;
};

std::optional<GpuLibraryTable> parseGpuLibraryJson(std::string_view Json, std::string &Error);
const GpuLibraryTable &gpuLibraryTable();

} // namespace rocmtidy::cmake

#endif
