//===- CompileDatabase.h - Compile databases as argument vectors ----------*- C++ -*-===//
//
// What rocm-lint decides from a compile database before analysing (does this build compile HIP,
// which files are in it) is read from each entry's argument vector: "arguments" as given,
// "command" split the way a POSIX shell would (llvm::cl::TokenizeGNUCommandLine). No pattern
// matching over the command text: it comes from the repository.
//
//===----------------------------------------------------------------------===//

#ifndef ROCM_TIDY_PROJECT_COMPILEDATABASE_H
#define ROCM_TIDY_PROJECT_COMPILEDATABASE_H

#include <optional>
#include <string>
#include <vector>

namespace rocmtidy::project {

struct DatabaseEntry {
  std::string File; // absolute, lexically normal
  std::string Directory;
  std::vector<std::string> Arguments;
};

/// The entries of \p Path (a compile_commands.json: a regular file, size-capped); std::nullopt
/// when it cannot be read or is not a JSON array (the analysis reports that itself).
std::optional<std::vector<DatabaseEntry>> readCompileDatabase(const std::string &Path);

/// Whether \p Arguments compile their input as HIP: hipcc, "-x hip"/"-xhip", --offload-arch=,
/// --amdgpu-target=; or the input is a .hip file.
bool compilesAsHip(const std::vector<std::string> &Arguments, const std::string &File);

/// Whether some entry of the database at \p Path compiles as HIP.
bool databaseCompilesHip(const std::string &Path);

} // namespace rocmtidy::project

#endif
