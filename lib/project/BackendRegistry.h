//===- BackendRegistry.h - Backends a variable picks through user functions -*- C++ -*-===//
//
// Some projects build one backend per configuration, chosen by a variable (`cmake -DMODEL=hip`),
// and attach sources to backend values through their own function or macro: a registration call
// pairs a value with sources (`add_backend(cuda dev_cuda.cu)`), whose body appends them to a list
// named after the value (`list(APPEND SRCS_${UPPER} ...)`), and a loader called with the variable
// includes a file or enters a folder whose path is built from it (`include(src/${B}/setup.cmake)`).
// The HIP build is the one with the variable at a HIP value (lib/data/build_switches.json): a
// source attached only to CUDA values, or below a folder the loader enters only for a CUDA value,
// is not compiled by it; neither is a source attached only to other backends' values (std, omp,
// sycl: a build with the variable at that value, not the HIP one). Nothing is guessed: a
// per-backend list also read by its literal name, or values that go through anything but the
// parameters and case changes, leave the file undecided.
//
//===----------------------------------------------------------------------===//

#ifndef ROCM_TIDY_PROJECT_BACKENDREGISTRY_H
#define ROCM_TIDY_PROJECT_BACKENDREGISTRY_H

#include <functional>
#include <optional>
#include <string>
#include <vector>

namespace rocmtidy::project {

class BackendRegistry {
public:
  using Reader = std::function<std::optional<std::string>(const std::string &Path)>;

  /// Reads \p TopScript (a project's top CMakeLists.txt) and the scripts it include()s by a path
  /// without variables other than the source-folder ones (nested up to a few levels).
  static BackendRegistry read(const std::string &TopScript, const Reader &Read);

  struct Verdict {
    enum KindT {
      Unrelated, // no registration or loader names the file
      Attached,  // attached to a HIP or another non-CUDA value: the scheme does not exclude it
      CudaOnly,  // only the CUDA backend's: the HIP build does not compile it
      OtherOnly, // only other backends' (std, omp, perhaps cuda too): the HIP build does not compile it
      Undecided, // the scheme names the file but cannot be read for the HIP build
    } Kind = Unrelated;
    std::string Why; // "CMakeLists.txt:12: attached only to 'cuda' by add_backend() ..."
  };
  /// What the scheme says of \p Source (absolute, lexically normal).
  Verdict of(const std::string &Source) const;

  /// One source attached to a backend value by a registration call.
  struct Attachment {
    std::string Path;  // absolute
    std::string Value; // lower case, as the call passes it
    std::string List;  // the per-backend list it goes to, with the value filled in
    std::string Function, Script;
    unsigned Line = 0;
  };
  /// A folder a loader enters (or includes a file from) for one backend value.
  struct LoadedFolder {
    std::string Folder; // absolute, with the value filled in
    std::string Value;
    std::string Variable; // the variable the loader is called with
    std::string Function, Script;
    unsigned Line = 0;
  };
  /// A flag of the HIP build the scheme sets: a define a registration passes for the HIP value
  /// into a list that reaches a compile-definitions command (`add_backend(hip USE_HIP ...)`), or
  /// an include folder or define a loader's body builds from the variable, at the HIP value.
  struct HipFlag {
    std::string Arg; // "-DUSE_HIP", "-I/abs/backends/hip"
    std::string Script;
    unsigned Line = 0;
  };
  /// Whether some registration or loaded folder names a HIP value: the scheme has a HIP build,
  /// and the scripts read are that build's.
  bool hasHipBackend() const { return HasHipValue; }
  const std::vector<HipFlag> &hipFlags() const { return Flags; }
  const std::vector<Attachment> &attachments() const { return Attachments; }
  const std::vector<LoadedFolder> &folders() const { return Folders; }

private:
  /// Why \p A's per-backend list may be read for another build than its value's ("" when only the
  /// backend variable picks it).
  std::string unpickedList(const Attachment &A) const;

  std::vector<Attachment> Attachments;
  std::vector<LoadedFolder> Folders;
  std::vector<HipFlag> Flags;
  /// Per-backend lists read by their literal name somewhere (attachments to them are undecided),
  /// and those no computed reference reads (the lists are never picked by the variable).
  std::vector<std::string> ReadLiterally, NeverPicked;
  bool HasHipValue = false; // some call or folder names a HIP value: the scheme has a HIP build
  std::string HipValueSeen; // that value, for messages
};

} // namespace rocmtidy::project

#endif
