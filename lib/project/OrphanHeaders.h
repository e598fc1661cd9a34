//===- OrphanHeaders.h - Headers that are part of no build ----------*- C++ -*-===//
//
// A header that no file of the project names and no build script lists is in no translation unit
// of any build: a leftover of a refactoring (Umpire's event/recorder_chain.hpp, CHAI's
// managed_array.hpp). When such a header does not compile alone, its failure says nothing about
// the code the build compiles.
//
//===----------------------------------------------------------------------===//
#ifndef ROCM_TIDY_PROJECT_ORPHANHEADERS_H
#define ROCM_TIDY_PROJECT_ORPHANHEADERS_H

#include <functional>
#include <optional>
#include <string>
#include <vector>

namespace rocmtidy::project {

class ProjectModel;

/// The headers of \p Headers (absolute paths of walked files) whose file name no other walked file
/// of \p Model mentions anywhere in its text (an include line, a build script's list, a string),
/// read with \p Read, except other headers of the result (a leftover helper and the header only it
/// includes). Empty when the walk found no build script (nothing is known of the build), or when a
/// walked file could not be read (it could be the one that includes them).
std::vector<std::string> orphanHeaders(const ProjectModel &Model, const std::vector<std::string> &Headers,
                                       const std::function<std::optional<std::string>(const std::string &)> &Read);

} // namespace rocmtidy::project

#endif
