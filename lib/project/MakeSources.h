//===- MakeSources.h - Which sources a Makefile builds only for CUDA ------*- C++ -*-===//
//
// Makefile-built GPU libraries often pick their backends with conditionals on a toolkit variable
// (`ifneq ($(CUDA_DIR),)` adds the objects of backends/cuda-*, `ifneq ($(HIP_DIR),)` those of
// backends/hip-*). A source that only a CUDA conditional adds to a build list is not compiled by
// the HIP build. This reads the Makefile as text (never runs make or its $(shell ...)), follows
// its variables through the few functions that select files (wildcard, sort, filter-out, ...)
// and keeps, for every path or pattern, the conditionals it was added under. Unsure means "not
// CUDA-only": any mention outside a CUDA conditional keeps a file in scope.
//
//===----------------------------------------------------------------------===//

#ifndef ROCM_TIDY_PROJECT_MAKESOURCES_H
#define ROCM_TIDY_PROJECT_MAKESOURCES_H

#include <map>
#include <string>
#include <vector>

namespace rocmtidy::project {

/// What a conditional selects: the CUDA backend, the HIP backend, or anything else.
enum class MakeBranch { Other, Cuda, Hip };

/// One logical line of a Makefile: physical lines joined where a backslash ends one (with a blank
/// in its place), numbered by its first physical line. Every reader of Makefiles reads these.
struct MakeLine {
  std::string Text;
  unsigned Line = 0;
};
std::vector<MakeLine> makeLines(const std::string &Text);

/// \p Line without its comment: from the first '#' that no backslash escapes.
std::string withoutMakeComment(std::string Line);

/// What the arm a conditional opens builds: `ifneq ($(HIP_DIR),)` and `ifeq ($(BACKEND),hip)` the
/// HIP backend, `ifdef CUDA_PATH` the CUDA one; a test for a toolkit's absence selects none, and
/// mixed names none. \p Keyword is ifeq, ifneq, ifdef or ifndef, \p Args what follows it.
/// \p Else (optional) gets the backend a plain else after it selects: HIP after a test that hipcc
/// is absent, Other otherwise. \p NamesHip (optional) is set when the test names the HIP toolkit.
MakeBranch classifyMakeConditional(const std::string &Keyword, const std::string &Args, MakeBranch *Else = nullptr,
                                   bool *NamesHip = nullptr);

/// The Makefiles of \p Dir named for one backend, the HIP one or with \p Cuda the CUDA one
/// (Makefile.hip, makefile.rocm, GNUmakefile.cuda; the backend values of build_switches.json), that
/// exist there, in the order they are looked for.
std::vector<std::string> backendMakefilesIn(const std::string &Dir, bool Cuda);

class MakeSources {
public:
  /// Reads the Makefile \p Path (absolute) with contents \p Text. Bounded: past a fixed amount of
  /// expansion work the reader gives up and decides nothing.
  static MakeSources read(const std::string &Path, const std::string &Text);

  /// Whether some conditional of the Makefile selects the HIP backend.
  bool buildsHip() const { return BuildsHip; }
  /// Where a conditional on the CUDA (HIP) toolkit adds sources to a build list or gives its
  /// targets compiler flags ("line 616 under 'ifneq ($(HIP_LIB_DIR),)' (line 596)"): that
  /// conditional is a build of that backend. Empty when there is none, or the reader gave up.
  const std::string &branch(MakeBranch B) const { return B == MakeBranch::Hip ? HipBranch : CudaBranch; }
  /// Whether \p Absolute is added to a build list only under CUDA conditionals, or compiled only
  /// by nvcc recipes in a Makefile whose recipes also compile sources with hipcc. On true, \p Why
  /// names the line ("Makefile:20: added only under 'ifneq ($(CUDA_DIR),)' (line 18)").
  bool cudaOnly(const std::string &Absolute, std::string &Why) const;

  /// A recipe line and the sources it may read. Tool says which compiler it runs: Cuda when every
  /// compiler it names is nvcc (literally or through variables only ever set to nvcc), Hip when
  /// one is hipcc or a hipify tool, Other for any other compiler or command that may read
  /// sources. Reach over-approximates for every tool but Cuda and under-approximates for Cuda,
  /// so an unsure reading never drops a source.
  struct Recipe {
    MakeBranch Tool = MakeBranch::Other;
    std::vector<std::string> Paths;                         // Entry::Pattern's form
    std::vector<std::pair<std::string, std::string>> Stems; // '%' patterns: prefix, suffix, any depth
    bool All = false;                                       // may read any source
    unsigned Line = 0;
  };
  const std::vector<Recipe> &recipes() const { return Recipes; }

  /// One path or pattern reached from a build list, with the branch it was added under.
  struct Entry {
    std::string Pattern;             // absolute; may hold '*', '?' and '[...]' in any segment
    std::vector<std::string> Except; // patterns a $(filter-out) removed from it
    MakeBranch In = MakeBranch::Other;
    unsigned Line = 0;     // the assignment under the CUDA conditional, else the innermost naming it
    std::string Condition; // that conditional, as written
    unsigned ConditionLine = 0;
  };
  const std::vector<Entry> &entries() const { return Entries; }
  /// The entry that adds \p Absolute to a build list (outside a CUDA conditional when
  /// \p SkipCuda), or null; also null when the reader gave up (nothing is known then).
  const Entry *listing(const std::string &Absolute, bool SkipCuda) const;
  bool gaveUp() const { return GaveUp; }
  /// Where a CUDA build of its own compiles \p Absolute: the line of an nvcc recipe that reads it,
  /// when every recipe that may read it runs nvcc and none of the Makefile's recipes runs hipcc
  /// (0 otherwise, and when the recipes are unclear).
  unsigned nvccOnlyRecipeLine(const std::string &Absolute) const;
  /// Whether a hipcc recipe names \p Absolute itself (a path or a glob, not a '%' pattern rule,
  /// which reads only what some target asks for).
  bool hipRecipeNames(const std::string &Absolute) const;
  /// Whether some recipe, of any tool, may read \p Absolute (also when the recipes are unclear or
  /// the reader gave up: unsure means yes).
  bool recipesMayRead(const std::string &Absolute) const;
  /// The line of the first hipcc recipe that reads sources (0: none): the Makefile is a HIP build.
  unsigned hipRecipeLine() const;
  /// The line of the first nvcc recipe that reads sources (0: none): the Makefile is a CUDA build.
  unsigned nvccRecipeLine() const;
  const std::string &path() const { return Path; }

  /// A -D or -I flag of CPPFLAGS, CXXFLAGS, CFLAGS, HIPFLAGS or HIPCCFLAGS, or of an include
  /// variable (INC, INCLUDES, INC_DIRS ...), with its line; Why
  /// says why a flag was left out (a conditional other than the HIP build's, a variable).
  /// A target-specific assignment (`$(hip.c:%.c=%.o): CPPFLAGS += -DX`) gives its flags only to
  /// the sources of the objects it names: Targets holds them (absolute patterns, as Entry's).
  struct Flag {
    std::string Arg;
    unsigned Line = 0;
    std::string Why;
    std::vector<std::string> Targets; // empty: every source of the Makefile's folder
  };
  /// Whether \p Absolute matches \p Pattern (Entry::Pattern's form: globs within a segment).
  static bool matchesPattern(const std::string &Pattern, const std::string &Absolute);
  /// The flags the HIP build gives the sources of this Makefile's folder.
  const std::vector<Flag> &flags() const { return Flags; }
  const std::vector<Flag> &leftOutFlags() const { return LeftOutFlags; }

private:
  bool compiledOnlyByNvcc(const std::string &Absolute, std::string &Why) const;
  /// The line of the first recipe that reads the .cu file \p Absolute when every recipe that may
  /// read it runs nvcc (0 otherwise, and when the recipes are unclear).
  unsigned onlyNvccReads(const std::string &Absolute) const;

  std::string Path;
  bool BuildsHip = false;
  bool GaveUp = false;
  bool RecipesUnclear = false; // includes, vpath, $(eval) or canned recipes: recipes decide nothing
  std::vector<Recipe> Recipes;
  std::string HipBranch, CudaBranch;
  std::vector<Entry> Entries;
  std::vector<Flag> Flags, LeftOutFlags;
};

} // namespace rocmtidy::project

#endif
