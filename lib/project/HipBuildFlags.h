//===- HipBuildFlags.h - The HIP build's defines and include folders ------*- C++ -*-===//
//
// Without a compile database, rocm-lint infers each source's command. A project's HIP build often
// differs from its CUDA build only by a define its CMake sets (ggml: add_compile_definitions(
// GGML_USE_HIP) in src/ggml-hip/CMakeLists.txt, which compiles ../ggml-cuda/*.cu as HIP); without
// it the CUDA branch of every #if is parsed. This reads the CMake scripts that build HIP through
// lib/cmake's parser and collects, with the script line of each, the -D and -I flags of the HIP
// build and the sources they apply to. Nothing is guessed: a flag under a condition other than
// the HIP build's own, or one whose variables cannot be resolved, is left out and said.
//
//===----------------------------------------------------------------------===//

#ifndef ROCM_TIDY_PROJECT_HIPBUILDFLAGS_H
#define ROCM_TIDY_PROJECT_HIPBUILDFLAGS_H

#include <functional>
#include <map>
#include <optional>
#include <string>
#include <utility>
#include <vector>

namespace rocmtidy::project {

class BackendRegistry;
class ProjectModel;

/// One flag of the HIP build and where it was written.
struct ScriptFlag {
  std::string Arg;    // "-DGGML_USE_HIP", "-I/abs/include"
  std::string Script; // absolute path of the build script
  unsigned Line = 0;
  std::vector<std::string> Only; // a Makefile's target-specific flag: the sources it names (patterns)
};

/// A flag the reader did not apply, and why ("conditional on 'if(GGML_CUDA_FORCE_MMQ)' (line 103)",
/// "unresolved variable '${ROCM_PATH}'").
struct LeftOutFlag {
  std::string Text;
  std::string Script;
  unsigned Line = 0;
  std::string Why;
  std::vector<std::string> Only; // as ScriptFlag::Only
};

class HipBuildFlags {
public:
  using Reader = std::function<std::optional<std::string>(const std::string &Path)>;
  /// Reads the CMake scripts among \p Scripts (absolute paths; other names are ignored).
  /// \p ProjectTop is what ${CMAKE_SOURCE_DIR} and ${PROJECT_SOURCE_DIR} mean; \p TopRegistry is
  /// the backend scheme of its CMakeLists.txt (ProjectModel::backendRegistry), whose HIP value's
  /// flags are the HIP build's.
  static HipBuildFlags read(const std::vector<std::string> &Scripts, const std::string &ProjectTop, const Reader &Read,
                            const BackendRegistry &TopRegistry);
  /// Reads the build scripts \p Model's walk found (CMake files, setup.py, Makefiles), with the
  /// first project folder (else the root) as the project top.
  static HipBuildFlags fromModel(const ProjectModel &Model);

  /// The flags of the HIP build that apply to \p Source (absolute): those of every HIP script
  /// whose folder holds it or which names it (a path or a file(GLOB) pattern outside a CUDA-only
  /// branch), then the defines by which any build script opts in to declarations of HIP's
  /// headers (-DHIP_ENABLE_WARP_SYNC_BUILTINS), which apply to every source.
  std::vector<ScriptFlag> flagsFor(const std::string &Source) const;
  /// Whether a HIP script names \p Source as one of its sources (path or glob).
  bool compiledByHipScript(const std::string &Source) const;
  /// Whether a script gives \p Source the HIP language outside a CUDA-only branch
  /// (set_source_files_properties(ping_kernel.hip.c PROPERTIES LANGUAGE HIP)): the HIP build
  /// compiles it as HIP whatever its extension.
  bool compiledAsHip(const std::string &Source) const;
  /// Every flag applied somewhere and every flag left out, for --verbose.
  std::vector<ScriptFlag> allFlags() const;
  const std::vector<LeftOutFlag> &leftOut() const { return LeftOut; }
  /// The flags left out by the scripts that reach \p Source (as flagsFor would).
  std::vector<LeftOutFlag> leftOutFor(const std::string &Source) const;
  bool empty() const { return Scripts.empty() && OptIns.empty(); }
  /// The headers the scripts generate with configure_file() for the HIP build: (path inside
  /// rocm-lint's own folder, contents). flagsFor names their folders for the sources concerned.
  const std::vector<std::pair<std::string, std::string>> &configured() const { return Configured; }

  /// One HIP script, as read.
  struct Script {
    std::string Path, Dir;
    std::vector<ScriptFlag> Flags;
    std::vector<LeftOutFlag> LeftOut;
    struct Pattern {
      std::vector<std::string> Segments; // absolute, split at '/'; globs per segment
      bool Recurse = false;              // GLOB_RECURSE: any folders between the last two
    };
    std::vector<Pattern> Sources;
    /// Sources it gives the HIP language (absolute, normalised).
    std::vector<std::string> HipLanguage;
    /// Include folders and definitions its targets give their users (INTERFACE, PUBLIC), by
    /// target name, and the names its targets link: a linked target's are this script's too.
    std::map<std::string, std::vector<ScriptFlag>> Exports;
    std::vector<std::string> Links;
    /// What each of its targets links PUBLIC or INTERFACE (or without a keyword): handed on to the
    /// target's users.
    std::map<std::string, std::vector<std::string>> TargetLinks;
    /// `add_library(KokkosFFT::fft ALIAS fft)`: a name users link (KokkosFFT::fft) -> the target.
    std::map<std::string, std::string> Aliases;
  };

private:
  bool reaches(const Script &S, const std::string &Source, const std::vector<std::string> &Segments) const;
  std::vector<Script> Scripts;
  std::vector<ScriptFlag> OptIns;
  std::vector<LeftOutFlag> LeftOut;
  std::vector<std::pair<std::string, std::string>> Configured;
};

} // namespace rocmtidy::project

#endif
