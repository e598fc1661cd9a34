//===- CompilerFlags.h - Path arguments with the compiler's meaning -------*- C++ -*-===//
//
// A relative path in an argument given on rocm-lint's command line or in .rocm-lint means what
// the compiler would make of it when started where the user wrote it. Each analysis runs in its
// own command's directory, so such paths are anchored before the command moves: a directory
// option (-I, -isystem, -iquote, -idirafter, --include-directory, -F, the toolkit paths) becomes
// absolute; an included file (-include, -imacros) is looked up by clang like #include "...": the
// working directory first, then the include search path, so it is anchored only when it exists
// in that directory and otherwise left for the search path (hip/hip_runtime.h).
//
//===----------------------------------------------------------------------===//

#ifndef ROCM_TIDY_PROJECT_COMPILERFLAGS_H
#define ROCM_TIDY_PROJECT_COMPILERFLAGS_H

#include <functional>
#include <string>
#include <vector>

namespace rocmtidy::project {

enum class PathMeaning {
  Directory,   // resolved against the working directory
  IncludedFile // resolved like #include "...": the working directory, then the search path
};

struct PathOptionSpelling {
  const char *Name;
  bool Joined;   // "-Ifoo", "--include-directory=foo"
  bool Separate; // "-I" "foo"
  PathMeaning Meaning;
};

/// Every path option rocm-lint anchors, longest names first where one is a prefix of another.
const std::vector<PathOptionSpelling> &pathOptionSpellings();

/// Anchors the relative paths of \p Args at \p BaseDir as described above. \p Exists answers
/// whether a file exists (defaults to the file system); values starting with '=' (sysroot
/// relative) and absolute ones are kept.
void anchorPathArguments(std::vector<std::string> &Args, const std::string &BaseDir,
                         const std::function<bool(const std::string &)> &Exists = nullptr);

/// The language standard a build script asks for, as the flag rocm-lint passes: "-std=c++20" for
/// "-std=c++20", "--std=gnu++2a", "20" (CMAKE_HIP_STANDARD) or "cxx_std_20"/"hip_std_20"
/// (target_compile_features). Empty for older standards: rocm-lint parses with C++17 unless a build
/// asks for more, and code written for C++11/14 parses as C++17 too.
std::string newerLanguageStandard(const std::string &Spelling);

} // namespace rocmtidy::project

#endif
