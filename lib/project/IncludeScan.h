//===- IncludeScan.h - The #include lines of a file, without a preprocessor ----*- C++ -*-===//
//
// Two questions are asked of a file's text before any parse: which headers it names (to know
// what only CUDA-only sources include) and whether it includes a GPU runtime header at all (a
// kernel source for hiprtc/NVRTC). One line scanner answers both: optional blanks, '#', optional
// blanks, "include", optional blanks, then what follows. Conditionals are evaluated only in
// reachedIncludeNames, and only as far as a known define settles them.
//
//===----------------------------------------------------------------------===//

#ifndef ROCM_TIDY_PROJECT_INCLUDESCAN_H
#define ROCM_TIDY_PROJECT_INCLUDESCAN_H

#include <functional>
#include <map>
#include <optional>
#include <set>
#include <string>
#include <string_view>
#include <vector>

namespace rocmtidy::project {

/// One line that starts an include directive.
struct IncludeLine {
  /// '"' or '<'; 0 when something else follows "include" (a macro, "_next", nothing).
  char Open = 0;
  /// The text after the opening delimiter, up to its closing one ('"' or '>') or the end of the
  /// line; empty when Open is 0. Points into the scanned text.
  std::string_view Name;
  bool Closed = false; // the closing delimiter was found
  unsigned Line = 0;   // 1-based
};

/// Every include line of \p Text, in order.
std::vector<IncludeLine> scanIncludeLines(std::string_view Text);

/// The header names of \p Text's well-formed "..." and <...> includes (non-empty, closed, with no
/// other delimiter inside), in order.
std::vector<std::string> includedNames(std::string_view Text);

/// The translation units among \p Sources (absolute, normalised paths) that another of them pulls
/// in with a quoted #include resolved against the includer's folder: superlu_dist's
/// `#include "dlook_ahead_update.c"` in the middle of a function. Such a file is only compiled as
/// part of its includer, so parsing it alone reports errors the build never sees. \p Read gives a
/// file's text (std::nullopt when it cannot be read).
std::set<std::string> sourcesIncludedBy(const std::vector<std::string> &Sources,
                                        const std::function<std::optional<std::string>(const std::string &)> &Read);

/// The translation units among \p Files (absolute, normal paths: the project's walked sources,
/// headers and fragments) that reach \p Target through #include lines: the sources that include
/// it, then those that include a header that does, at most \p MaxDepth levels up; nearest level
/// first, then .hip before .cu before other sources, then the one sharing the longest folder
/// with \p Target, then by path. An include names a file when it resolves beside its includer;
/// or, with a folder part ('detail/k.inl', 'lib/util.h'), when it is the trailing path of exactly
/// one file; or, as a bare name found through the include path, when exactly one file has that
/// name. \p Read gives a file's text (std::nullopt when it cannot be read); each file is read
/// once.
std::vector<std::string> sourcesReaching(const std::vector<std::string> &Files, const std::string &Target,
                                         const std::function<std::optional<std::string>(const std::string &)> &Read,
                                         unsigned MaxDepth = 12);

/// The languages whose sources a HIP build never compiles but whose includes can name a project's
/// headers.
enum class OtherLanguage {
  Fortran,     // Fortran's own include lines too
  Accelerator, // another accelerator's C dialect (isOtherAcceleratorSourceName)
  Swig,        // SWIG interfaces (isSwigInterfaceName): their %include and %import lines too
  RunTime,     // program text a host source hands to hipRTC/NVRTC (headersNamedInStrings)
};

/// The headers among \p Headers that a source among \p Sources includes, each with the first such
/// includer: a quoted #include, for Fortran also Fortran's own include line (the keyword in any
/// case, then a quoted name; fixed-form comment lines, which start with 'c', 'C', '*' or '!', are
/// skipped), for SWIG a quoted %include or %import, and the same lines of the headers so found (a Fortran include
/// file's includes are Fortran, an MLU helper's are MLU). A name resolves beside its includer, or as the trailing path
/// of exactly one header (the other build's -I folder). \p Read gives a file's text.
std::map<std::string, std::string>
headersIncludedByOtherLanguage(OtherLanguage Language, const std::vector<std::string> &Sources,
                               const std::vector<std::string> &Headers,
                               const std::function<std::optional<std::string>(const std::string &)> &Read);

/// The headers among \p Headers whose path, with at least one folder, a source among \p Sources
/// spells inside a string literal ("#include <ceed/jit-source/hip/hip-ref-restriction.h>\n" in the
/// program text libCEED hands to hipRTC), each with the first such source. Such a header is compiled
/// at run time, with the defines the host code writes before it, never as a unit of the build.
std::map<std::string, std::string>
headersNamedInStrings(const std::vector<std::string> &Sources, const std::vector<std::string> &Headers,
                      const std::function<std::optional<std::string>(const std::string &)> &Read);

/// includedNames without the includes in a conditional arm that a build defining \p Defined (and
/// nothing else known) does not take: the #else of `#ifdef M`, `#if defined(M)` or `#if M` for a
/// defined M, the arms of `#ifndef M` and `#if !defined(M)`, and `#if 0`. Any other condition may
/// go either way, and its arms count.
std::vector<std::string> reachedIncludeNames(std::string_view Text, const std::set<std::string> &Defined);

/// The first include line of \p Text outside every conditional (an include guard's
/// `#ifndef G` / `#define G` aside) whose name \p Wanted accepts; std::nullopt when there is
/// none. Such an include is compiled whatever the build defines.
std::optional<IncludeLine> unconditionalInclude(std::string_view Text,
                                                const std::function<bool(std::string_view)> &Wanted);

/// What following a source's quoted includes through the repository finds.
struct QuotedIncludeWalk {
  /// Folders above the source's own, nearest first, from which an include naming a folder
  /// ('rt/bvh/Util.h') resolves where it does not beside its includer: the source root a build
  /// puts on the include path (hiprtc sources, whose include path the host program sets).
  std::vector<std::string> Roots;
  /// The include names that resolved under a root ('rt/bvh/Util.h'), once each. A root is
  /// searched last (-idirafter), which makes clang take what it finds there for a system header;
  /// these names are the project's own headers all the same.
  std::vector<std::string> RootNames;
  /// Every quoted include resolved: beside its includer, or under a root.
  bool AllResolved = true;
  /// The angle-bracket names included by the source and by the headers found.
  std::vector<std::string> AngleNames;
  /// The source or a header found spells __global__ or __device__ (perhaps in a macro the source
  /// uses: '#define GLOBAL __global__').
  bool DeviceCode = false;
};

/// Follows the quoted includes of \p File (absolute, normal) and of the headers they reach, at
/// most \p MaxFiles files, and the angle includes that resolve under a folder above \p File (an
/// include root of the project's own, never \p File's own folder, which angle brackets skip). \p Folders: the folders
/// from \p File's own up to the repository root, nearest first (ProjectModel::foldersUpToRoot); nothing outside the
/// last is opened. Only a name with a folder part and no '..' finds a root: a bare 'config.h' found above would be a
/// guess.
/// \p Read gives a file's text (std::nullopt when it is not a readable regular file).
/// \p RootFor, when given, names the folder that resolves an include found under no folder above
/// (ProjectModel::includeRootFor: the project's one file of that path), which becomes a root too.
QuotedIncludeWalk followQuotedIncludes(const std::string &File, const std::vector<std::string> &Folders,
                                       const std::function<std::optional<std::string>(const std::string &)> &Read,
                                       unsigned MaxFiles = 64,
                                       const std::function<std::string(const std::string &)> &RootFor = nullptr);

/// A project's files by file name: which one file an include spelling names ('lib/common.h' by its
/// trailing path, 'common.h' by its name). Nothing when no file or more than one matches, or the name
/// has a '..': a guess between two copies would pick the wrong header.
class FileNameIndex {
public:
  explicit FileNameIndex(const std::vector<std::string> &Files);
  std::optional<std::string> unique(std::string_view Name) const;

private:
  std::map<std::string, std::vector<std::string>> ByName;
};

} // namespace rocmtidy::project

#endif
