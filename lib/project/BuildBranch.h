//===- BuildBranch.h - Which backend a build-script branch builds ---------*- C++ -*-===//
//
// The CMake and setup.py readers of lib/project (HipBuildFlags, CudaOnlySources) follow the same
// if/elseif/else chains and ask the same question of each arm: does it build the CUDA backend,
// the HIP backend, or something else. One classification and one chain record serve both, so a
// script cannot be read one way for the HIP build's flags and another way for CUDA-only sources.
//
//===----------------------------------------------------------------------===//

#ifndef ROCM_TIDY_PROJECT_BUILDBRANCH_H
#define ROCM_TIDY_PROJECT_BUILDBRANCH_H

#include <cstddef>
#include <string>
#include <vector>

namespace rocmtidy::cmake {
struct Command;
} // namespace rocmtidy::cmake

namespace rocmtidy::project {

/// What a build-script branch builds: the CUDA backend, the HIP backend, or something else
/// (unknown conditions, CPU builds, the top level).
enum class Branch { Other, Cuda, Hip };

/// Classifies a condition from its lower-case words (operators and parentheses included) with the
/// build-switch table (lib/data/build_switches.json): `BUILD_CUDA`, `NOT USE_ROCM`,
/// `COMPUTE_BACKEND STREQUAL "cuda"`, `x is None`. An `or` is CUDA (HIP) only when every side is,
/// and Other otherwise (either side may hold).
/// \p NamesHip (optional) is set when the condition names a HIP switch or value at all.
Branch classifyCondition(const std::vector<std::string> &Words, bool *NamesHip = nullptr);

/// What the rest of a script builds after a top-level `if(COND)` whose only arm ends the script
/// with `return()`: what is built where COND is false, classified. Only sides joined by `or`,
/// each `X` or `NOT X`, are negated (`NOT A OR NOT B` leaves `A AND B`); any other condition
/// (parentheses, comparisons, `and`) leaves Other.
Branch branchAfterReturn(const std::vector<std::string> &Words);

class VendorOptions;

/// Follows a top-level `if(COND) return() endif()` of a CMake script, whose rest is built only
/// where COND is false (branchAfterReturn); also with an else() after the return()
/// (`if(NOT CMAKE_CUDA_COMPILER) return() else() ... endif()`), whose arm runs where COND is false
/// too. Every CMake reader drives one, so a script's guard is read the same way for the HIP build's
/// flags, its CUDA-only sources and its CUDA arms.
class ReturnGuard {
public:
  /// What the rest of the script builds after a closed guard, and the guard as written.
  struct Rest {
    Branch Builds = Branch::Other;
    std::string Condition; // "if(NOT USE_CUDA) return()"
    unsigned Line = 0;
    std::vector<std::string> Words; // the guard's condition words
  };
  enum class Step {
    Other,  // not part of a guard: the reader reads it
    Return, // the guard's return(): nothing for the reader
    Closed, // the endif() of a guard whose only arm returns: the reader closes the guard's if()
  };
  /// Feeds \p C, read at \p Depth if()s open in the script (frames a reader keeps for earlier
  /// guards not counted), \p Words its condition words (the reader's, with its vendor options).
  /// function() and macro() bodies are followed: a return() there leaves the call, not the script.
  /// A reader that replays a function's body at its calls does not feed those commands.
  Step feed(const cmake::Command &C, const std::vector<std::string> &Words, size_t Depth);
  /// The same, with an if()'s words read through the reader's \p Options.
  Step feed(const cmake::Command &C, const VendorOptions &Options, size_t Depth);
  /// After Step::Closed: what follows.
  const Rest &rest() const { return Last; }

private:
  unsigned Definitions = 0;
  bool Open = false, Returns = false, InElse = false;
  std::vector<std::string> Words;
  std::string Condition;
  unsigned Line = 0;
  Rest Last;
};

/// The vendor options a CMake script declares: 'option(TRIDIAG_CUDA "Build the CUDA solver" OFF)'
/// names a backend without a switch word, which classifyCondition alone does not take for a switch.
/// The readers note each option() and read their conditions through words().
class VendorOptions {
public:
  /// Notes \p C when it is an option() whose name has one vendor word and no switch word.
  void note(const cmake::Command &C);
  /// conditionWords(C) with each such option read as the switch of its vendor ('use_cuda').
  std::vector<std::string> words(const cmake::Command &C) const;

private:
  std::vector<std::pair<std::string, std::string>> Options; // lower-case name, switch read instead
};

/// The lower-case argument values of a CMake command, as classifyCondition reads them.
std::vector<std::string> conditionWords(const cmake::Command &C);
/// A CMake command as written ("if(BUILD_CUDA)"), for messages.
std::string conditionText(const cmake::Command &C);

/// One if/elif/else chain being read.
struct BranchFrame {
  Branch First = Branch::Other;   // the first arm's
  Branch Current = Branch::Other; // the arm being read
  unsigned Branches = 0;          // arms so far
  std::string Condition;          // the current arm's condition, as written
  unsigned Line = 0;              // and its line
  size_t Indent = 0;              // setup.py: the indentation of the chain

  /// The chain's first arm.
  static BranchFrame open(Branch B, std::string Condition, unsigned Line, size_t Indent = 0);
  /// The next arm: an elif/elseif classified as \p B, or (\p IsElse) an else, which is the CUDA
  /// build only as the opposite of a single HIP test; \p ElseSpelling ("else()", "else:") is
  /// appended to the previous condition to name it.
  void next(bool IsElse, Branch B, const std::string &Condition, unsigned Line, const char *ElseSpelling);
};

} // namespace rocmtidy::project

#endif
