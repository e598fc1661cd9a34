#ifndef ROCM_TIDY_TOOLS_ROCM_LINT_HIPBUILDFILES_H
#define ROCM_TIDY_TOOLS_ROCM_LINT_HIPBUILDFILES_H

#include "Lint.h"
#include "core/ProjectIndex.h"
#include "project/IncludeScan.h"

#include <map>
#include <set>
#include <string>
#include <vector>

namespace rocmtidy::project {
class BuildTargets;
class HipBuildFlags;
} // namespace rocmtidy::project

namespace rocmlint {

/// For --verbose: each HIP build flag that reaches a source among \p Files, with its script line,
/// and each flag left out and why; each line once, in script order, paths relative to \p Cwd.
std::vector<std::string> hipBuildFlagNotes(const rocmtidy::project::HipBuildFlags &Flags,
                                           const std::vector<InputFile> &Files, const std::string &Cwd);

/// The GPU targets the project's build scripts name for \p Source (absolute; project/BuildTargets.h),
/// as a target list of the target table ("gfx1100"; a target the table lacks read as one of its
/// generation), or "" when its scripts name none unconditionally, leave the choice open, or name
/// one the table has no stand-in for. \p Note (optional) gets what was chosen, when it is not the
/// default, or why nothing was; paths relative to \p Cwd.
std::string buildTargetsFor(const rocmtidy::project::BuildTargets &Build, const std::string &Source,
                            const std::string &Cwd, std::string *Note = nullptr);
/// What a run says of the build's targets for \p Files: "note: ..." once per distinct decision
/// (with the number of files it applies to when there are several), after each mention when
/// \p Verbose.
std::vector<std::string> buildTargetNotes(const rocmtidy::project::BuildTargets &Build,
                                          const std::vector<InputFile> &Files, const std::string &Cwd, bool Verbose);

/// Removes the sources a HIP build does not compile: a .cu file absent from a compile
/// database that compiles other files as HIP (-p, or the nearest compile_commands.json) is
/// CUDA-only code (built only when the project's CMake selects CUDA), not a HIP source with
/// hazards. Headers stay (they have no entries of their own), and so do .hip and .cpp files (a
/// new file not yet in the database is linted with an inferred command). \p Skipped gets one line per file
/// removed, with the reason. A file named on the command line is kept (and so is every file with
/// --include-cuda-only); for a named one \p Notes says it is not in the HIP build. \p DroppedFolders
/// (optional) gets the folders whose sources the build scripts leave out of the HIP build, every
/// one of them (another backend's folder: src/cuda, src/omp).
void dropFilesOutsideHipBuild(const Options &Opts, const ProjectConfig &Config, std::vector<InputFile> &Files,
                              std::vector<std::string> &Skipped, std::vector<std::string> &Notes,
                              std::set<std::string> *DroppedFolders = nullptr);

/// Why header \p H is not analysed on its own ("" when it is): every quoted #include of it that the
/// run's parses met (\p Sites: those in branches they skipped) sits in a branch the HIP build does
/// not take, the vendor headers of the CUDA build ("#if defined(GGML_USE_HIP) ... #else #include
/// "vendors/cuda.h""). Call it only for a header no parse reached; one named on the command line,
/// or that no skipped branch includes, is analysed. A bare name ("STDStream.h", found through
/// another build's include folder) names a header of \p DroppedFolders too: one next to sources
/// the HIP build does not compile. \p IncludedSource: \p H is a source another input #includes
/// (textuallyIncludedSources), asked like a header.
std::string onlyIncludedOffHip(const InputFile &H, const std::vector<rocmtidy::SkippedInclude> &Sites,
                               const std::set<std::string> &DroppedFolders = {}, bool IncludedSource = false);

/// A header that a source of another language includes: the language and the includer.
struct OtherLanguageInclude {
  rocmtidy::project::OtherLanguage Language;
  std::string Includer;
};
/// The headers among \p Headers (indices into \p Files) that no parse reached (\p ReachedBy, by
/// real path) and that a Fortran source, another accelerator's source or a SWIG interface of the
/// project includes, by absolute path: Fortran include files, that accelerator's headers and the
/// interface's, which are not analysed (asked in that order); then the headers a C or C++ source
/// names in program text it compiles at run time (a string literal with the header's path), and
/// what they include. One named on the command line is kept.
std::map<std::string, OtherLanguageInclude>
otherLanguageIncludeFiles(const std::vector<InputFile> &Files, const std::vector<size_t> &Headers,
                          const std::map<std::string, std::string> &ReachedBy, const ProjectConfig &Config);

/// What such a header is called ("Fortran include file", "headers of SWIG interfaces"), for \p Count.
std::string otherLanguageHeaderName(rocmtidy::project::OtherLanguage Language, size_t Count);

/// The inputs that another input #includes as a translation unit ("look_ahead_update.c" inside a
/// function): analysed through that includer, like a header, and alone only when no parse reaches
/// them. Absolute paths as in \p Files.
std::set<std::string> textuallyIncludedSources(const std::vector<InputFile> &Files, const ProjectConfig &Config);

/// For each header or fragment among \p Alone (indices into \p Files: inputs no analysed source
/// reached) that was named on the command line: the project source that includes it, directly or
/// through other headers (project/IncludeScan.h, sourcesReaching), which is not itself an input.
/// The header is then analysed through it (InputFile::Through), as the build compiles it; one
/// line per choice goes to \p Notes.
void chooseIncluders(std::vector<InputFile> &Files, const std::vector<size_t> &Alone, const ProjectConfig &Config,
                     const std::string &Cwd, std::vector<std::string> &Notes);

/// The headers among \p Alone (indices into \p Files: no parse reached them) that only headers the
/// HIP build does not take include (\p OffHip, by index; those found here join it): the cuFFT
/// backend's KokkosFFT_Cuda_asserts.hpp, included by KokkosFFT_Cuda_types.hpp, which only an
/// `#if defined(KOKKOSFFT_ENABLE_TPL_CUFFT)` arm includes. An include names a header beside its
/// includer or, with a folder part, by the trailing path. Returns (header index, includer shown
/// relative to the current folder), in the order found; \p Alone keeps the others. A header named
/// on the command line, or included by any file the HIP build may take, stays.
std::vector<std::pair<size_t, std::string>>
onlyIncludedByOffHipHeaders(const std::vector<InputFile> &Files, std::vector<size_t> &Alone, std::vector<bool> &OffHip,
                            const ProjectConfig &Config, const std::string &Cwd);

/// For each header among \p Alone (inputs no analysed source reached) whose parse alone failed with
/// compiler errors: when a source of \p Sources (indices into \p Files, already analysed) could not
/// find an include whose spelling names it ("pelec_defaults.H", included inside a function of
/// PeleC.cpp through an include folder only the build's own make system sets) and no other walked
/// file ends in that spelling, it is a fragment of that source, not a file meant to compile alone:
/// its failure becomes a partly-analysed status that names the includer.
void excuseMissedFragments(const std::vector<InputFile> &Files, const std::vector<size_t> &Sources,
                           const std::vector<size_t> &Alone, const ProjectConfig &Config,
                           std::vector<FileResult> &Results);

/// For each header among \p Alone (inputs no analysed source reached) that was found by a directory
/// walk and whose parse alone failed with compiler errors: when no other file of the project walk
/// mentions its name and the walk found a build script (project/OrphanHeaders.h), it is part of no
/// build (a leftover no source includes and no script lists): its failure becomes a partly-analysed
/// status that says so, not an error.
void excuseOrphanHeaders(const std::vector<InputFile> &Files, const std::vector<size_t> &Alone,
                         const ProjectConfig &Config, std::vector<FileResult> &Results);

/// For each file found by a directory walk whose parse failed with compiler errors and that no HIP
/// build script compiles: when a Python code generator of the project opens it as text
/// (project/GeneratorTemplates.h), it is a template, not code: its failure becomes a
/// partly-analysed status that says so, not an error.
void excuseGeneratorTemplates(const std::vector<InputFile> &Files, const ProjectConfig &Config,
                              std::vector<FileResult> &Results);

} // namespace rocmlint

#endif
