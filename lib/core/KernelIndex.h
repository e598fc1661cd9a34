#ifndef ROCM_TIDY_CORE_KERNELINDEX_H
#define ROCM_TIDY_CORE_KERNELINDEX_H

// The project index: what each kernel's definition says (its __launch_bounds__, its static LDS
// through the device functions it calls, where it is), gathered by a cheap lexical pass over every
// input so that a check looking at a launch of a kernel defined in another file knows those facts.
// The pass reads tokens, not an AST: whatever it cannot be sure of (a bound that depends on a
// template parameter it is not given, a __shared__ type of unknown size, a name defined twice with
// different facts) is left unknown, and a check falls back to what its own translation unit shows.

#include <cstdint>
#include <map>
#include <memory>
#include <optional>
#include <string>
#include <utility>
#include <vector>

namespace rocmtidy {

/// One token of the lexical pass.
struct IndexToken {
  std::string Text;
  unsigned Line = 0;
};

/// A __shared__ variable with static size, as written: its type and the expressions of its extents.
struct IndexedSharedVar {
  std::string Type;                              // e.g. "float", "unsigned int"
  std::vector<std::vector<std::string>> Extents; // token lists of each [..]
  bool Known = true;                             // false: a declaration the pass could not read
};

/// A kernel or device function definition of one file, before project-wide names are resolved.
struct IndexedFunction {
  std::string Name;      // qualified by the enclosing namespaces, e.g. "ops::scale"
  unsigned Params = 0;
  unsigned Line = 0;
  bool Kernel = false;   // __global__ (else __device__)
  bool Internal = false; // static or in an anonymous namespace: not visible to other files
  std::vector<std::string> TemplateParams; // names, in order ("" for unnamed ones)
  bool HasBounds = false;
  bool FlatWorkGroupSize = false;         // amdgpu_flat_work_group_size rather than __launch_bounds__
  std::vector<std::string> BoundsExpr;    // tokens of the maximum threads expression
  std::string BoundsSpelling;             // e.g. "__launch_bounds__(TH, 1)"
  std::vector<IndexedSharedVar> Shared;
  std::vector<std::string> Callees;       // names called in the body (unqualified)
};

/// A quoted #include and whether it sits in a branch the HIP build does not take (the #else of
/// "#ifdef __HIP_PLATFORM_AMD__", the body of "#ifndef USE_ROCM", ...).
struct IndexedInclude {
  std::string Spelled; // as written between the quotes
  unsigned Line = 0;
  bool OffHip = false;
};

/// What one file contributes to the index.
struct FileFacts {
  std::vector<IndexedFunction> Functions;
  std::vector<IndexedInclude> Includes;
  /// Object-like macros and namespace-scope constants with an initializer: name -> tokens.
  std::map<std::string, std::vector<std::string>> Constants;
};

/// Reads one file's text lexically. Never fails: text it cannot follow yields fewer facts.
FileFacts scanFileFacts(const std::string &Text);

/// A kernel definition as other files see it.
struct KernelDefinition {
  std::string Name;
  unsigned Params = 0;
  std::string File; // real path of the defining file
  std::string Display; // the path as the user named it (for notes)
  unsigned Line = 0;
  bool HasBounds = false;
  bool FlatWorkGroupSize = false;
  std::optional<uint64_t> MaxThreads; // evaluated when it does not depend on template parameters
  std::vector<std::string> BoundsExpr; // kept to evaluate with a launch's template arguments
  std::map<std::string, uint64_t> Bindings; // values of the project's names the expression uses
  std::vector<std::string> TemplateParams;
  std::optional<uint64_t> StaticLdsBytes; // known when every __shared__ in its call tree was sized

  /// The maximum threads per block for a launch with these integral template arguments (by
  /// position; std::nullopt for arguments that are types or unknown).
  std::optional<uint64_t> maxThreadsFor(const std::vector<std::optional<int64_t>> &TemplateArgs) const;
};

class ProjectIndex {
public:
  /// The merge of the kernel definitions each translation unit recorded from its own parse
  /// (ast/KernelFacts.h): one entry per definition, a definition seen by several translation units
  /// (a kernel in a header) once.
  static ProjectIndex fromDefinitions(std::vector<KernelDefinition> Definitions);

  /// Resolves names across \p Files (real path, display path, facts).
  static ProjectIndex build(const std::vector<std::tuple<std::string, std::string, const FileFacts *>> &Files);

  /// The one definition of a kernel visible to other files with this qualified name and parameter
  /// count; null when there is none, or several that disagree.
  const KernelDefinition *find(const std::string &QualifiedName, unsigned Params) const;

  const std::vector<KernelDefinition> &kernels() const { return Kernels; }

  std::string toJson() const;
  /// std::nullopt and \p Error set when \p Text is not an index this version wrote.
  static std::optional<ProjectIndex> fromJson(const std::string &Text, std::string &Error);

private:
  std::vector<KernelDefinition> Kernels;
  std::multimap<std::string, size_t> ByName;
  void rebuildLookup();
};

/// Changes whenever the lexical pass learns something new, so cached facts of an older pass are
/// read again.
constexpr int FileFactsVersion = 2;

/// Per-file facts as JSON, for the index cache.
std::string fileFactsToJson(const FileFacts &F);
std::optional<FileFacts> fileFactsFromJson(const std::string &Text);

/// Evaluates an integer expression of tokens (literals, names looked up in \p Lookup, + - * / % << >>
/// & | ^ ~ and parentheses); std::nullopt when any part is unknown.
std::optional<int64_t> evaluateIndexExpr(const std::vector<std::string> &Tokens,
                                         const std::map<std::string, int64_t> &Names);

/// The index rocm-lint built for this run, for checks linked into the same process; checks loaded
/// into another tool read an index file named by an option instead.
void setProcessProjectIndex(std::shared_ptr<const ProjectIndex> Index);
std::shared_ptr<const ProjectIndex> processProjectIndex();

/// While one is alive, ProjectIndex::find calls made on its thread are recorded (name, parameter
/// count): rocm-lint's result cache keeps a file's results only while the definitions its checks
/// looked up stay the same. Recorders nest; the innermost one records.
class IndexLookupRecorder {
public:
  IndexLookupRecorder();
  ~IndexLookupRecorder();
  IndexLookupRecorder(const IndexLookupRecorder &) = delete;
  IndexLookupRecorder &operator=(const IndexLookupRecorder &) = delete;
  const std::vector<std::pair<std::string, unsigned>> &lookups() const { return Lookups; }

private:
  friend class ProjectIndex;
  std::vector<std::pair<std::string, unsigned>> Lookups;
  IndexLookupRecorder *Outer = nullptr;
};

} // namespace rocmtidy

#endif
