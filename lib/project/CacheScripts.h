//===- CacheScripts.h - A host's initial-cache files, not the project's build ---*- C++ -*-===//
//
// HPC projects keep one CMake file per machine (LLNL's host-configs/*.cmake) that a user passes
// with `cmake -C file`: it only presets cache entries (compilers, ROCm folders, link flags) before
// the project's scripts run. Machine paths are what such a file is for, and the remedy the
// build-script rules give (find_package(hip), imported targets) cannot be written in it.
//
//===----------------------------------------------------------------------===//
#ifndef ROCM_TIDY_PROJECT_CACHESCRIPTS_H
#define ROCM_TIDY_PROJECT_CACHESCRIPTS_H

#include <functional>
#include <map>
#include <optional>
#include <set>
#include <string>

namespace rocmtidy::project {

class ProjectModel;

/// The line of the first `set(... CACHE ...)` of \p Text when every command of it is one an
/// initial-cache file uses (set, unset, if/elseif/else/endif, message, include, string, list,
/// get_filename_component, cmake_path, option), 0 otherwise (or when it does not parse).
unsigned cacheShapedLine(const std::string &Text);

/// The file names (`foo.cmake`) the CMake script \p Text loads: include() of a path or a module
/// name, and find_package(X) (FindX.cmake, XConfig.cmake, x-config.cmake). An include whose file
/// name is built from a variable names no file (a per-machine pick such as
/// `include(hosts/${HOST}.cmake)` loads a machine's file, which stays one).
std::set<std::string> loadedFileNames(const std::string &Text);

/// The initial-cache files of a project: cache-shaped .cmake files (never CMakeLists.txt) whose
/// file name no script of the project that is not itself cache-shaped loads.
class CacheScripts {
public:
  static CacheScripts of(const ProjectModel &Model,
                         const std::function<std::optional<std::string>(const std::string &)> &Read);
  /// Why \p Absolute is a host's initial-cache file ("a host's initial cache (set(... CACHE) at
  /// line 3, loaded by no project script)"), or "" when it is not one.
  std::string why(const std::string &Absolute) const;

private:
  std::map<std::string, unsigned> Files; // absolute path -> line of its first cache entry
};

} // namespace rocmtidy::project

#endif
