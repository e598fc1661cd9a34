//===- HipMembership.h - Whether the HIP build compiles a source ----------*- C++ -*-===//
//
// A source the HIP build does not compile (CUDA-only code, built only when the project's build
// selects CUDA) is not a HIP source with hazards. The answer comes from the compile database that
// applies to the file when it compiles anything as HIP (-p, or the nearest compile_commands.json
// up to the root), else from the build scripts (CudaOnlySources.h). What to do with the answer
// (skip, analyse with a note) is the caller's policy.
//
//===----------------------------------------------------------------------===//

#ifndef ROCM_TIDY_PROJECT_HIPMEMBERSHIP_H
#define ROCM_TIDY_PROJECT_HIPMEMBERSHIP_H

#include "project/BuildTextInputs.h"

#include <map>
#include <memory>
#include <optional>
#include <set>
#include <string>
#include <vector>

namespace rocmtidy::project {

class HipBuildFlags;
class ProjectModel;

/// Why \p Absolute is not code a HIP build compiles as it stands: SYCL, when it includes
/// <sycl/sycl.hpp>, <CL/sycl.hpp> or SYCLomatic's <dpct/dpct.hpp> outside every conditional ("SYCL
/// code: includes <sycl/sycl.hpp> at line 7"), or a Jinja2 template a generator renders (a line
/// that starts with a '{% ... %}' statement or a '{# ... #}' comment); "" otherwise. A source
/// shared by SYCL and HIP builds puts such an include under a condition. Read through \p Model.
std::string otherProgrammingModel(const ProjectModel &Model, const std::string &Absolute);

class HipMembership {
public:
  /// \p BuildDir: -p ("" = the nearest database of each file's folder).
  HipMembership(const ProjectModel &Model, std::string BuildDir);

  struct Answer {
    enum KindT {
      InBuild,            // compiled by the HIP build, or not known not to be
      AbsentFromDatabase, // a .cu file missing from a database that compiles other files as HIP
      CudaOnlyInScripts,  // the build scripts list it only for the CUDA backend
      ReadAsText,         // a build script reads it as text (kernels compiled at run time)
    } Kind = InBuild;
    std::string Why;       // "absent from build/compile_commands.json", "CMakeLists.txt:12: listed only ..."
    std::string Undecided; // a backend folder whose choice could not be evaluated (InBuild only)
  };
  /// The answer for the source \p Absolute (a real path; headers are not asked about: they have no
  /// database entry of their own).
  Answer of(const std::string &Absolute);

  /// Of \p Headers (absolute, in order), those that only \p DroppedSources include, directly or
  /// through other such headers: header -> the dropped file that includes it. A dropped file
  /// includes a header when the spelling resolves next to it or is the tail of the header's path;
  /// any other file's include of the same file name keeps the header (an include path could reach
  /// it), but a header's include of its own name does not, nor does one in a conditional arm the
  /// HIP build does not take, as the defines of \p Flags (optional) settle it. A file in a folder only
  /// the CUDA build enters (cudaOnlyFolderOf) counts as dropped, walked by this run or not, and a
  /// header in such a folder that nothing else includes maps to itself. Empty when the walk did not
  /// cover the projects of the dropped sources.
  std::map<std::string, std::string> headersOnlyIncludedBy(const std::vector<std::string> &Headers,
                                                           const std::vector<std::string> &DroppedSources,
                                                           const HipBuildFlags *Flags = nullptr) const;

private:
  struct Database {
    bool Hip = false;            // some entry compiles as HIP
    std::set<std::string> Files; // real paths of the entries
  };
  struct Found {
    std::shared_ptr<Database> Db;
    std::string Path;
  };
  const Found &databaseFor(const std::string &Dir);

  const ProjectModel &Model;
  std::string BuildDir;
  std::optional<std::vector<TextGlob>> TextGlobs; // read on the first question
  std::map<std::string, std::shared_ptr<Database>> ByPath;
  std::map<std::string, Found> ByDir;
};

} // namespace rocmtidy::project

#endif
