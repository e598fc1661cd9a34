#ifndef ROCM_TIDY_CMAKE_CMAKERULE_H
#define ROCM_TIDY_CMAKE_CMAKERULE_H

// The interface between the CMake linter and its rules. The linter reads a file command by command,
// tracks variables, include()s, if() guards and suppressions, and hands each command to the rules
// that registered its name. A rule reports through the RuleContext, which applies suppressions,
// variable provenance and the per-file limits.

#include "cmake/CMakeParser.h"
#include "core/Finding.h"

#include <functional>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace rocmtidy::cmake {

/// set(VAR ...), list(APPEND|PREPEND VAR ...), list(INSERT VAR I ...), string(APPEND|PREPEND VAR ...).
struct VariableWrite {
  const Argument *Var = nullptr;
  size_t First = 0;   // the first value argument
  bool Cache = false; // set(... CACHE ...)
};
std::optional<VariableWrite> variableWrite(const Command &C);

/// One flag of a flags argument: "-L dir", "-l name" and "-I dir" given as two tokens are joined
/// ("-isystem dir" becomes "-Idir"); nothing for "LINKER:" values.
struct Flag {
  std::string Text;
  unsigned Offset = 0;      // source offset of the flag
  unsigned ValueOffset = 0; // source offset the flag's value is reported at
};
std::vector<Flag> flagsOf(const Argument &A);

class RuleContext {
public:
  virtual ~RuleContext() = default;
  /// The linted file.
  virtual std::string_view path() const = 0;
  /// Records a finding of \p Rule at \p Offset; null when the rule is disabled or the value came
  /// through a variable whose setting was already reported. The pointer is valid until the next emit.
  virtual Finding *emit(std::string_view Rule, unsigned Offset, std::string Message) = 0;
  virtual void note(Finding *F, unsigned Offset, std::string Message) = 0;
  /// \p F (the last finding emitted) suggests \p Target from find_package(\p Package): when the file
  /// never finds the package, the end of the file adds the find_package call to the fix or a note.
  virtual void needsPackage(Finding *F, const std::string &Package, const std::string &Target) = 0;
  /// \p F (the last finding emitted) is reported only in projects that build HIP.
  virtual void needsHip(Finding *F) = 0;
  /// Runs \p Lint on \p A, or, when \p A refers to tracked variables, on \p A with their values in
  /// place: findings are then reported at the argument, with a note naming the variable, and carry
  /// no fix (the text to edit is elsewhere and may serve other uses).
  virtual void withValues(const Argument &A, const std::function<void(const Argument &)> &Lint) = 0;
  /// While withValues lints a value: the first variable it came through; empty otherwise.
  virtual std::string_view viaVariable() const = 0;
  /// While withValues lints a value: whether a user can override a variable it came through (the
  /// environment, a cache entry, a fallback branch), which makes a literal in it only a default.
  virtual bool viaOverridable() const = 0;
  /// Whether the command sits in an if() chain that tests the environment or DEFINED, or is a
  /// find_path(X ...) (find_library, find_file, find_program) in the arm of `if(NOT X)`, which
  /// makes a literal path inside it a fallback rather than a hard-coded choice.
  virtual bool inFallback() const = 0;
  /// Runs \p Lint on each value argument of \p W; withValues called from \p Lint leaves the written
  /// variable's own references as written: set(X "${X} ...") keeps what X had, linted where it was set.
  virtual void forEachValue(const Command &C, const VariableWrite &W,
                            const std::function<void(const Argument &)> &Lint) = 0;
};

/// One rocm-cmake-* rule.
class CMakeRule {
public:
  virtual ~CMakeRule() = default;
  virtual std::string_view id() const = 0;
  /// The lower-case names of the commands the rule reads.
  virtual std::vector<std::string_view> commands() const = 0;
  virtual void check(const Command &C, RuleContext &Ctx) const = 0;
};

const CMakeRule &hardcodedToolkitPathRule();
const CMakeRule &legacyCudaRule();
const CMakeRule &rawLinkFlagRule();

/// Every rule, in the order the linter hands a command to them.
const std::vector<const CMakeRule *> &allCMakeRules();

} // namespace rocmtidy::cmake

#endif
